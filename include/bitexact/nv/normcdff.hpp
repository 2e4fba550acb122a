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
//   E  = erfc(h): libdevice's __nv_erfcf inlined on h (nv/erfcf.hpp)
//   xc < -1: z = fma((-2 h) E, (hi - h) + lo, E)   erfc(h + dh) ~ erfc(h)
//            (1 - 2 h dh): the part of -xc/sqrt 2 that h lost
//   result 0.5 z
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
#include "bitexact/nv/erfcf.hpp"
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
inline constexpr u32 minus_two = 0xc0000000u;
}  // namespace normcdff_detail

template <build B, class F = float>
BITEXACT_INLINE F normcdff(F x) {
  using namespace ptx;
  using namespace normcdff_detail;
  constexpr mode R = B.reflect;
  constexpr mode O = B.ops;
  const F xc = select(setp_gt_f32<O>(abs_f32<R>(x), f32_from(clamp_at)), copysign_f32(x, f32_from(clamp_at)), x);
  const F hi = mul_rn_f32<R>(xc, f32_from(m_rsqrt2_hi));
  F lo = fma_rn_f32<R>(xc, f32_from(m_rsqrt2_hi), neg_f32<O>(hi));
  lo = fma_rn_f32<R>(xc, f32_from(m_rsqrt2_lo), lo);
  const F h = add_rn_f32<R>(hi, lo);
  // libdevice inlines its __nv_erfcf here: the same code (nv/erfcf.hpp).
  const F z = erfcf<B>(h);
  const auto tail = [&]() -> F {  // xc < -1
    const F dh = add_rn_f32<R>(sub_rn_f32<O>(hi, h), lo);
    return fma_rn_f32<R>(mul_rn_f32<O>(mul_rn_f32<O>(f32_from(minus_two), h), z), dh, z);
  };
  return mul_rn_f32<O>(f32_from(half), when(setp_lt_f32<O>(xc, f32_from(minus_one)), tail, [&]() -> F { return z; }));
}

BITEXACT_NV_BUILD_FORMS_1(normcdff)

}  // namespace bitexact::nv
