// bitexact/nv/normcdff.hpp — libdevice __nv_normcdff (what `normcdff` calls
// in device code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::normcdff(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::normcdff_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::normcdff_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::normcdff<B>(x)       the same, by build
//
// Sources: __nv_normcdff in CUDA 13.0's libdevice.10.bc and in Triton 3.6's
// (IR text), nvcc 13.0's PTX (sm_90, -O3, -ftz=false/true) and Triton's PTX
// (triton-ptx/normcdf.ptx, one lane). normcdf(x) = erfc(-x / sqrt 2) / 2:
//   xc = |x| > 14.5 ? copysign(14.5, x) : x         (reflect fabs, plain fcmp)
//   hi = xc * -0x1.6a09e6p-1                       (mul.rn, reflect)
//   lo = fma(xc, -0x1.9fcef4p-27, fma(xc, -0x1.6a09e6p-1, -hi))
//        hi + lo = -xc / sqrt 2 to about 48 bits
//   h  = hi + lo                                   (add.rn, reflect)
//   E  = erfc(h): libdevice's __nv_erfcf inlined on h (below)
//   xc < -1: z = fma((-2 h) E, (hi - h) + lo, E)   erfc(h + dh) ~ erfc(h)
//            (1 - 2 h dh): the part of -xc/sqrt 2 that h lost
//   result 0.5 z
// erfc(h), with a = |h| (reflect fabs):
//   t = (a - 4) / (a + 4): q = (a - 4) rcp(a + 4), corrected with three fmas
//   p = P(t), degree 10 (reflect fmas)
//   f = p / (1 + 2a): m = p rcp(1 + 2a), corrected once
//   s = 2^j ex2.approx.ftz(r log2 e), Cody-Waite on -a^2 (j = trunc(-a^2
//       log2 e) clamped to +-126, 2^j made in the exponent field); then
//       E = fma(s, (-a) a - (-a^2 rounded), s) for the rounding of a^2
//   erfc = f E, 0 for a > 0x1.41c290p+3 (~10.055); 2 - that for h < 0
//   (rcp: libdevice's inline asm rcp.approx.ftz in every build; trunc:
//   llvm.nvvm.trunc.f, cvt.rzi.f32.f32 never .ftz, in both compilers' PTX).
// The two files' IR is the same up to value names, except that Triton's
// makes copysign(14.5, x) and copysign(126, j) with an and/or of the sign
// bit where CUDA 13.0 calls llvm.copysign: the same bits. So the builds
// differ only by the flush mode of the instructions:
//  * nv: IEEE throughout (the rcp and ex2 excepted).
//  * nv-ftz: every op .ftz (cvt.rzi excepted).
//  * triton: reflect ops .ftz (fabs, mul.rn, add.rn, fma), plain ops IEEE
//    (its PTX: add.f32, sub.f32, mul.f32, setp.gt/lt/geu.f32, neg.f32).
//    Where an IEEE plain op meets a subnormal (the rest are 0 or far from
//    2^-126, or feed a .ftz op that flushes anyway):
//    - s = ex2 2^j (plain mul) below 2^-126 for a near 10: kept by triton,
//      flushed by nv-ftz; then the reflect fma flushes its operands;
//    - f E (plain mul) below 2^-126: erfc(h) subnormal; triton keeps the
//      IEEE product, nv-ftz flushes; but for x < -1 it only feeds the .ftz
//      fma z, which flushes it (z = +-0 in triton, sign from the fma);
//    - 0.5 z (plain mul) of a z in [2^-126, 2^-125): triton's IEEE product
//      is nv's subnormal, nv-ftz's +0 (x in about [-13.04, -12.94]);
//    - a subnormal x: the reflect fabs/mul.rn flush it in both; the plain
//      compares see x unflushed in triton but give the same branches.
//    So triton equals nv-ftz except where nv's result is subnormal (x below
//    about -12.94): there triton gives nv's subnormal or a zero (-0 at
//    some x, e.g. 0xc152a906, where nv-ftz gives +0). Model-derived;
//    tests/nv_erfinv_cbrt_test.cpp.
// Contraction: nvcc's PTX keeps the plain ops as mul.f32 / add.f32 /
// sub.f32 (no .rn); no mul.f32 result feeds an add/sub.f32 directly (f E
// reaches `2 - .` only through the a > 10.055 selp; (-2 h) E feeds an fma
// operand), so ptxas has no pair to fuse; Triton's LLVM kept the IR's
// operations (its PTX has the same sequence).
// Checked without a GPU only (MPFR error bounds, IR-derived specials); the
// bit-exactness awaits the GPU comparison. Tests: tests/nv_erfinv_cbrt_test.cpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace normcdff_detail {
using ptx::u32;
inline constexpr u32 clamp_at = 0x41680000u;      // 14.5 (fcmp ogt |x|, 14.5; copysign(14.5, x))
inline constexpr u32 m_rsqrt2_hi = 0xbf3504f3u;   // IR 0xBFE6A09E60000000: -0x1.6a09e6p-1
inline constexpr u32 m_rsqrt2_lo = 0xb24fe77au;   // IR 0xBE49FCEF40000000: -0x1.9fcef4p-27
inline constexpr u32 minus_one = 0xbf800000u;     // fcmp olt xc, -1.0
inline constexpr u32 half = 0x3f000000u;          // 0.5
// erfc: t = (a - 4) / (a + 4), P(t) = c10 t^10 + ... + c0.
inline constexpr u32 four = 0x40800000u;
inline constexpr u32 minus_four = 0xc0800000u;
inline constexpr u32 c10 = 0x3a69a091u;  // IR 0x3F4D341220000000:  0x1.d34122p-11
inline constexpr u32 c9 = 0x3be6e05bu;   // IR 0x3F7CDC0B60000000:  0x1.cdc0b6p-8
inline constexpr u32 c8 = 0xbc81fb4bu;   // IR 0xBF903F6960000000: -0x1.03f696p-6
inline constexpr u32 c7 = 0x3d15373bu;   // IR 0x3FA2A6E760000000:  0x1.2a6e76p-5
inline constexpr u32 c6 = 0xbd887c5au;   // IR 0xBFB10F8B40000000: -0x1.10f8b4p-4
inline constexpr u32 c5 = 0x3dc021d5u;   // IR 0x3FB8043AA0000000:  0x1.8043aap-4
inline constexpr u32 c4 = 0xbdced424u;   // IR 0xBFB9DA8480000000: -0x1.9da848p-4
inline constexpr u32 c3 = 0x3d8b74deu;   // IR 0x3FB16E9BC0000000:  0x1.16e9bcp-4
inline constexpr u32 c2 = 0x3c7bf170u;   // IR 0x3F8F7E2E00000000:  0x1.f7e2e0p-7
inline constexpr u32 c1 = 0xbe0ef8d4u;   // IR 0xBFC1DF1A80000000: -0x1.1df1a8p-3
inline constexpr u32 c0 = 0x3f9dd2c9u;   // IR 0x3FF3BA5920000000:  0x1.3ba592p+0
// exp(-a^2): the IR's i32 bitcasts.
inline constexpr u32 log2e = 0x3fb8aa3bu;       // i32 1069066811: 0x1.715476p+0
inline constexpr u32 ln2_hi_neg = 0xbf317218u;  // -(i32 1060205080: 0x1.62e430p-1)
inline constexpr u32 ln2_lo_neg = 0x3102e308u;  // -(i32 -1325210872: -0x1.05c610p-29)
inline constexpr u32 j_max = 0x42fc0000u;       // 126.0
// i32 1262485504 (0x1.8p+23) + 127.0 + 0.0, folded by both compilers into
// one add: j + this holds j + 127 in its low bits, shifted left 23 -> 2^j.
inline constexpr u32 exp_bias = 0x4b40007fu;
inline constexpr u32 zero_above = 0x4120e148u;  // IR 0x40241C2900000000: 0x1.41c290p+3
inline constexpr u32 one = 0x3f800000u;
inline constexpr u32 two = 0x40000000u;
inline constexpr u32 minus_two = 0xc0000000u;

// libdevice's erfc of h as inlined in __nv_normcdff (the IR of __nv_erfcf).
template <build B>
BITEXACT_INLINE float erfc_of(float h) {
  using namespace ptx;
  constexpr mode R = B.reflect;
  constexpr mode O = B.ops;
  const float a = abs_f32<R>(h);
  const float r1 = rcp_approx_f32<mode::ftz>(add_rn_f32<O>(a, f32_from(four)));
  const float q = mul_rn_f32<R>(sub_rn_f32<O>(a, f32_from(four)), r1);
  const float g1 = fma_rn_f32<R>(f32_from(minus_four), add_rn_f32<O>(q, f32_from(one)), a);
  const float g2 = fma_rn_f32<R>(neg_f32<O>(q), a, g1);
  const float t = fma_rn_f32<R>(r1, g2, q);
  float p = fma_rn_f32<R>(f32_from(c10), t, f32_from(c9));
  p = fma_rn_f32<R>(p, t, f32_from(c8));
  p = fma_rn_f32<R>(p, t, f32_from(c7));
  p = fma_rn_f32<R>(p, t, f32_from(c6));
  p = fma_rn_f32<R>(p, t, f32_from(c5));
  p = fma_rn_f32<R>(p, t, f32_from(c4));
  p = fma_rn_f32<R>(p, t, f32_from(c3));
  p = fma_rn_f32<R>(p, t, f32_from(c2));
  p = fma_rn_f32<R>(p, t, f32_from(c1));
  p = fma_rn_f32<R>(p, t, f32_from(c0));
  const float r2 = rcp_approx_f32<mode::ftz>(fma_rn_f32<R>(f32_from(two), a, f32_from(one)));
  const float m = mul_rn_f32<R>(p, r2);
  const float g3 = fma_rn_f32<R>(a, mul_rn_f32<O>(f32_from(minus_two), m), p);
  const float f = fma_rn_f32<R>(sub_rn_f32<O>(g3, m), r2, m);
  // e = (-a) a (nvcc's PTX: -(a a), the same bits)
  const float e = mul_rn_f32<O>(neg_f32<O>(a), a);
  const float j0 = cvt_rzi_f32_f32<mode::ieee>(mul_rn_f32<R>(e, f32_from(log2e)));
  const float j = setp_gt_f32<O>(abs_f32<R>(j0), f32_from(j_max)) ? copysign_f32(j0, f32_from(j_max)) : j0;
  float rr = fma_rn_f32<R>(j, f32_from(ln2_hi_neg), e);
  rr = fma_rn_f32<R>(j, f32_from(ln2_lo_neg), rr);
  const float scale = f32_from(bits_of(add_rn_f32<O>(j, f32_from(exp_bias))) << 23);  // 2^j
  const float s = mul_rn_f32<O>(ex2_approx_f32<mode::ftz>(mul_rn_f32<O>(rr, f32_from(log2e))), scale);
  const float E = fma_rn_f32<R>(s, fma_rn_f32<R>(neg_f32<O>(a), a, neg_f32<O>(e)), s);
  float res = mul_rn_f32<O>(f, E);
  if (setp_gt_f32<O>(a, f32_from(zero_above))) res = f32_from(0);
  if (setp_lt_f32<O>(h, f32_from(0))) res = sub_rn_f32<O>(f32_from(two), res);
  return res;
}
}  // namespace normcdff_detail

template <build B>
BITEXACT_INLINE float normcdff(float x) {
  using namespace ptx;
  using namespace normcdff_detail;
  constexpr mode R = B.reflect;
  constexpr mode O = B.ops;
  const float xc = setp_gt_f32<O>(abs_f32<R>(x), f32_from(clamp_at)) ? copysign_f32(x, f32_from(clamp_at)) : x;
  const float hi = mul_rn_f32<R>(xc, f32_from(m_rsqrt2_hi));
  float lo = fma_rn_f32<R>(xc, f32_from(m_rsqrt2_hi), neg_f32<O>(hi));
  lo = fma_rn_f32<R>(xc, f32_from(m_rsqrt2_lo), lo);
  const float h = add_rn_f32<R>(hi, lo);
  float z = erfc_of<B>(h);
  if (setp_lt_f32<O>(xc, f32_from(minus_one))) {
    const float dh = add_rn_f32<R>(sub_rn_f32<O>(hi, h), lo);
    z = fma_rn_f32<R>(mul_rn_f32<O>(mul_rn_f32<O>(f32_from(minus_two), h), z), dh, z);
  }
  return mul_rn_f32<O>(f32_from(half), z);
}

// lead: BITEXACT_NV_BUILD_FORMS_1(normcdff)

}  // namespace bitexact::nv
