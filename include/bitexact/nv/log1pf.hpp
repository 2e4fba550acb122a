// bitexact/nv/log1pf.hpp — libdevice __nv_log1pf (what `log1pf` calls in
// device code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::log1pf(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::log1pf_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::log1pf_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::log1pf<B>(x)       the same, by build
//
// Same IR in CUDA 13.0's libdevice.10.bc and in Triton 3.6's. Followed from
// the IR and the PTX of nvcc 13.0 (sm_90, -ftz=false/true) and of Triton
// (triton-ptx/log1p.ptx), with "plain" ops (B.ops) and "reflect" ones (B.reflect):
//   u = add.rz(x, 1)                     (reflect)
//   e = (bits(u) - bits(0.75)) & 0xff800000    1 + x = 2^e (1 + f), f in [-1/4, 1/2)
//   f = bits(x) - e  +  fma(1/4, bits(4.0) - e, -1)     x 2^-e + (2^-e - 1),
//       the addition plain, the fma reflect
//   q = fma(f p(f) f, ..., f) ~ log(1 + f)   (p: degree 8, reflect fmas; the
//       product f p(f) plain)
//   r = fma(float(e) * 2^-23 (plain), ln2, q)
//   bits(x) >= 0x7f800000 (NaN, +inf, x negative):
//       x < -1, -inf, NaN, +inf: r = fma(x, +inf, +inf)   (NaN, or +inf)
//       x == 0 (fcmp oeq, plain; only -0 in IEEE): r = -0
// Builds:
//  * nv: IEEE; a subnormal x gives x (f = x).
//  * nv-ftz: every op .ftz. A subnormal x: 1 + x is 1, f is the flushed
//    sum 0, r = +0; a negative one also compares equal to 0: -0.
//  * triton: reflect = 1 but the plain ops IEEE (triton-ptx/log1p.ptx: add.f32,
//    mul.f32, setp.eq.f32; no fmul+fadd pair to contract). For a normal x no
//    plain op sees or makes a subnormal that the next .ftz fma would not
//    flush anyway, so the bits are nv-ftz's. A subnormal x: the .ftz fmas
//    give +0 for either sign, and x == 0 is false in IEEE, so a negative
//    subnormal gives +0 where nv-ftz gives -0.
// Checked on an H200 (2026-11-28, CUDA 13.0): this reproduction compiled for
// the device equalled nvcc's own log1pf (-ftz=false, -ftz=true) and Triton's
// PTX on all 2^32 inputs, in each build; the host form equalled the GPU on
// 2^19 sampled inputs a build. Triton against nv-ftz there: 8,388,607 (every negative subnormal).
// Tests: tests/nv_exp_family_test.cpp.
#pragma once

#include <cstdint>

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace log1pf_detail {
using ptx::u32;
inline constexpr u32 one = 0x3f800000u;           // 1.0
inline constexpr u32 three_quarters = 0x3f400000u;  // 0.75: IR i32 1061158912
inline constexpr u32 four = 0x40800000u;          // 4.0:  IR i32 1082130432
inline constexpr u32 quarter = 0x3e800000u;       // 0.25
inline constexpr u32 minus_one = 0xbf800000u;     // -1.0
inline constexpr u32 two_m23 = 0x34000000u;       // 0x1p-23: IR 0x3E80000000000000
// log(1 + f) ~ f - f^2/2 + f^3 (c2 + f (c3 + ...)): highest degree first.
inline constexpr u32 c9 = 0xbd39bf78u;  // -0x1.737efp-5:  IR 0xBFA737EF00000000
inline constexpr u32 c8 = 0x3dd80012u;  //  0x1.b00024p-4: IR 0x3FBB000240000000
inline constexpr u32 c7 = 0xbe0778e0u;  // -0x1.0ef1cp-3:  IR 0xBFC0EF1C00000000
inline constexpr u32 c6 = 0x3e146475u;  //  0x1.28c8eap-3: IR 0x3FC28C8EA0000000
inline constexpr u32 c5 = 0xbe2a68ddu;  // -0x1.54d1bap-3: IR 0xBFC54D1BA0000000
inline constexpr u32 c4 = 0x3e4caf9eu;  //  0x1.995f3cp-3: IR 0x3FC995F3C0000000
inline constexpr u32 c3 = 0xbe800042u;  // -0x1.000084p-2: IR 0xBFD0000840000000
inline constexpr u32 c2 = 0x3eaaaae6u;  //  0x1.5555ccp-2: IR 0x3FD5555CC0000000
inline constexpr u32 c1 = 0xbf000000u;  // -0.5
inline constexpr u32 ln2 = 0x3f317218u;   // 0x1.62e43p-1: IR 0x3FE62E4300000000
inline constexpr u32 inf = 0x7f800000u;   // IR i32 2139095040
inline constexpr u32 minus_one_bits = 0xbf800000u;  // IR `icmp sgt i32 %x, -1082130432`
}  // namespace log1pf_detail

// F: float, or SIMD lanes (ptx.hpp's lane forms).
template <build B, class F = float>
BITEXACT_INLINE F log1pf(F x) {
  using namespace ptx;
  using namespace log1pf_detail;
  constexpr mode R = B.reflect, P = B.ops;
  const auto ub = bits_of(add_rz_f32<R>(x, f32_from(one)));
  const auto e = (ub - three_quarters) & 0xff800000u;
  const auto xb = bits_of(x);
  const F m = f32_from(xb - e);  // x 2^-e
  const F c = fma_rn_f32<R>(f32_from(quarter), f32_from(four - e), f32_from(minus_one));
  const F f = add_rn_f32<P>(m, c);
  const F k = mul_rn_f32<P>(cvt_rn_f32_s32(to_s32(e)), f32_from(two_m23));  // e as a float
  F p = fma_rn_f32<R>(f32_from(c9), f, f32_from(c8));
  p = fma_rn_f32<R>(p, f, f32_from(c7));
  p = fma_rn_f32<R>(p, f, f32_from(c6));
  p = fma_rn_f32<R>(p, f, f32_from(c5));
  p = fma_rn_f32<R>(p, f, f32_from(c4));
  p = fma_rn_f32<R>(p, f, f32_from(c3));
  p = fma_rn_f32<R>(p, f, f32_from(c2));
  p = fma_rn_f32<R>(p, f, f32_from(c1));
  const F q = fma_rn_f32<R>(mul_rn_f32<P>(p, f), f, f);
  const F r = fma_rn_f32<R>(k, f32_from(ln2), q);
  // xb >= inf (unsigned): NaN, +inf, or x negative. Of those, the IR's
  // `icmp sgt xb, bits(-1)` (signed; the sign bit flipped makes it unsigned)
  // picks NaN, +inf and x in (-1, -0]: fma(x, inf, inf); and x = -0 gives -0.
  const auto special = xb >= inf;
  const auto above = (xb ^ 0x80000000u) > (minus_one_bits ^ 0x80000000u);
  const F r1 = select(special & above, fma_rn_f32<R>(x, f32_from(inf), f32_from(inf)), r);
  return select(special & setp_eq_f32<P>(x, 0.0f), f32_from(0x80000000u), r1);
}

BITEXACT_NV_BUILD_FORMS_1(log1pf)

}  // namespace bitexact::nv
