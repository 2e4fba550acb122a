// bitexact/nv/expm1f.hpp — libdevice __nv_expm1f (what `expm1f` calls in
// device code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::expm1f(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::expm1f_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::expm1f_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::expm1f<B>(x)       the same, by build
//
// Same IR in CUDA 13.0's libdevice.10.bc and in Triton 3.6's. Followed from
// the IR and the PTX of nvcc 13.0 (sm_90, -ftz=false/true) and of Triton
// (triton-ptx/expm1.ptx), with "plain" ops (B.ops) and "reflect" ones (B.reflect):
//   t = |x| < 0x1.a3d70ap-2 ? 0 : rni(x * log2(e))   (plain mul and compare;
//       llvm.nvvm.round.f is cvt.rni, ties to even, in both compilers' PTX)
//   r = fma(-t, ln2_lo, fma(-t, ln2_hi, x))       x - t ln2, Cody-Waite
//   j = t == 128 ? t - 1 : t                      (2^128 overflows; doubled at the end)
//   q = fma(r p(r) r, ..., r) ~ e^r - 1           (p: degree 4, reflect fmas)
//   e = ex2.approx(j) (reflect: .ftz or not; j is an integer, so 2^j exactly)
//   u = fma(q, e, e - 1)                          e^x - 1 = e (e^r - 1) + (e - 1)
//   t == 128: u = u + u;  j > 128: +inf;  j < -25: -1;  x == 0: x + x
// Builds:
//  * nv: IEEE throughout; a subnormal x comes back as x (r = x, q = x).
//  * nv-ftz: every op .ftz; a subnormal x compares equal to 0 and returns
//    x + x flushed: +0 or -0 with x's sign.
//  * triton: reflect = 1 (the .ftz fmas, abs.ftz, ex2.approx.ftz) but the
//    plain ops stay IEEE (triton-ptx/expm1.ptx: mul.f32, setp.lt.f32,
//    setp.eq.f32, add.f32; no fmul+fadd pair for LLVM or ptxas to contract:
//    the one plain fmul feeds a libdevice fma intrinsic). For a normal x the
//    IEEE plain ops see and give only normal numbers or values that the next
//    .ftz fma flushes anyway (the product r * p(r) for |x| near 2^-126), so
//    the bits are nv-ftz's. A subnormal x: x == 0 is false in IEEE, and the
//    .ftz fmas turn the whole computation into +0 for either sign. So triton
//    equals nv-ftz except on negative subnormal inputs: +0 where nv-ftz gives -0.
// Checked on an H200 (2026-11-28, CUDA 13.0): this reproduction compiled for
// the device equalled nvcc's own expm1f (-ftz=false, -ftz=true) and Triton's
// PTX on all 2^32 inputs, in each build; the host form equalled the GPU on
// 2^19 sampled inputs a build. Triton against nv-ftz there: 8,388,607 (every negative subnormal).
// Tests: tests/nv_exp_family_test.cpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace expm1f_detail {
using ptx::u32;
inline constexpr u32 log2_e = 0x3fb8aa3bu;       // 0x1.715476p0: IR 0x3FF7154760000000
inline constexpr u32 small = 0x3ed1eb85u;        // 0x1.a3d70ap-2 (0.41): IR 0x3FDA3D70A0000000
inline constexpr u32 ln2_hi = 0x3f317200u;       // 0x1.62e4p-1:   IR 0x3FE62E4000000000
inline constexpr u32 ln2_lo = 0x35bfbe8eu;       // 0x1.7f7d1cp-20: IR 0x3EB7F7D1C0000000
inline constexpr u32 p4 = 0x3ab5ebe6u;           // 0x1.6bd7ccp-10: IR 0x3F56BD7CC0000000
inline constexpr u32 p3 = 0x3c095663u;           // 0x1.12acc6p-7:  IR 0x3F812ACC60000000
inline constexpr u32 p2 = 0x3d2aabe3u;           // 0x1.5557c6p-5:  IR 0x3FA5557C60000000
inline constexpr u32 p1 = 0x3e2aa9f6u;           // 0x1.5553ecp-3:  IR 0x3FC5553EC0000000
inline constexpr u32 p0 = 0x3efffffeu;           // 0x1.fffffcp-2:  IR 0x3FDFFFFFC0000000
inline constexpr u32 c128 = 0x43000000u;         // 128.0
inline constexpr u32 minus_25 = 0xc1c80000u;     // -25.0
inline constexpr u32 minus_one = 0xbf800000u;    // -1.0 (IR `fsub %v, 1.0`, and the result)
inline constexpr u32 inf = 0x7f800000u;          // IR i32 2139095040
}  // namespace expm1f_detail

template <build B, class F = float>
BITEXACT_INLINE F expm1f(F x) {
  using namespace ptx;
  using namespace expm1f_detail;
  constexpr mode R = B.reflect, P = B.ops;
  // llvm.nvvm.round.f has no .ftz variant: cvt.rni.f32.f32 in every build.
  const F rounded = cvt_rni_f32_f32<mode::ieee>(mul_rn_f32<P>(x, f32_from(log2_e)));
  const F t = select(setp_lt_f32<P>(abs_f32<R>(x), f32_from(small)), 0.0f, rounded);
  const F nt = neg_f32<P>(t);
  F r = fma_rn_f32<R>(nt, f32_from(ln2_hi), x);
  r = fma_rn_f32<R>(nt, f32_from(ln2_lo), r);
  const auto t128 = setp_eq_f32<P>(t, f32_from(c128));
  const F j = select(t128, add_rn_f32<P>(t, f32_from(minus_one)), t);
  F p = fma_rn_f32<R>(f32_from(p4), r, f32_from(p3));
  p = fma_rn_f32<R>(p, r, f32_from(p2));
  p = fma_rn_f32<R>(p, r, f32_from(p1));
  p = fma_rn_f32<R>(p, r, f32_from(p0));
  const F q = fma_rn_f32<R>(mul_rn_f32<P>(p, r), r, r);
  const F e = ex2_approx_f32<R>(j);
  F u = fma_rn_f32<R>(q, e, add_rn_f32<P>(e, f32_from(minus_one)));
  u = select(t128, add_rn_f32<P>(u, u), u);
  u = select(setp_gt_f32<P>(j, f32_from(c128)), f32_from(inf), u);
  u = select(setp_lt_f32<P>(j, f32_from(minus_25)), f32_from(minus_one), u);
  return select(setp_eq_f32<P>(x, 0.0f), add_rn_f32<P>(x, x), u);
}

BITEXACT_NV_BUILD_FORMS_1(expm1f)

}  // namespace bitexact::nv
