// bitexact/nv/exp10f.hpp — libdevice __nv_exp10f (what `exp10f` calls in
// device code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::exp10f(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::exp10f_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::exp10f_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::exp10f<B>(x)       the same, by build
//
// Same IR in CUDA 13.0's libdevice.10.bc and in Triton 3.6's
// (__internal_accurate_exp10f). Followed from the IR and the PTX of nvcc 13.0
// (sm_90, -ftz=false/true) and of Triton (triton-ptx/exp10.ptx):
//   s = sat(fma(x, log2(10)/252, 0.5))          (reflect fma, cvt.sat)
//   k = fma.rm(s, 252, 0x1.800002p23)            the integer n + 127 in the
//                                                low bits, n = floor(252 s) - 126
//   r = fma(x, log2(10)_lo, fma(x, log2(10)_hi, -(k - 0x1.8000fep23)))
//   result = ex2.approx.ftz(r) * bits(k << 23)   (plain fmul: 2^n exactly)
// ex2.approx is .ftz in the IR itself, in every build. The builds differ in
// the reflect (fma, fma.rm, cvt.sat: .ftz only matters for a subnormal x,
// whose results are 1 anyway) and in the plain ops (add, neg, final mul):
// the final multiplication makes every subnormal result (x below about
// -37.93) IEEE in nv and triton (Triton's PTX: `mul.f32`) and +0 in nv-ftz.
// So triton equals nv-ftz except where nv-ftz's result is a flushed subnormal.
// Checked on an H200 (2026-11-28, CUDA 13.0): this reproduction compiled for
// the device equalled nvcc's own exp10f (-ftz=false, -ftz=true) and Triton's
// PTX on all 2^32 inputs, in each build; the host form equalled the GPU on
// 2^19 sampled inputs a build. Triton against nv-ftz there: 1,893,916 inputs (the subnormal results).
// Tests: tests/nv_exp_family_test.cpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace exp10f_detail {
using ptx::u32;
// log2(10) = 0x1.a934fp1 + 0x1.2f346ep-24 (IR i32 1079286392 and 865573431).
inline constexpr u32 log2_10_hi = 0x40549a78u;
inline constexpr u32 log2_10_lo = 0x33979a37u;
// log2(10) / 252 = 0x1.aff4c4p-7: the IR's `fdiv float %hi, 2.520000e+02`,
// folded by both compilers (the PTX's 0f3C57FA62).
inline constexpr u32 log2_10_div_252 = 0x3c57fa62u;
inline constexpr u32 half = 0x3f000000u;  // 0.5
inline constexpr u32 c252 = 0x437c0000u;  // 252.0
// 0x1.8p23 - 126 + 127 = 0x1.800002p23 (12582913): IR `fadd (fadd -126, %3), 127`
// with %3 = i32 1262485504 = 0x1.8p23, folded.
inline constexpr u32 shifter_m126 = 0x4b400001u;
// -(0x1.8p23 + 127) = -0x1.8000fep23: IR `fsub %k, (fadd %3, 127)`, folded.
inline constexpr u32 minus_shifter_127 = 0xcb40007fu;
}  // namespace exp10f_detail

template <build B, class F = float>
BITEXACT_INLINE F exp10f(F x) {
  using namespace ptx;
  using namespace exp10f_detail;
  constexpr mode R = B.reflect, P = B.ops;
  const F s = cvt_sat_f32_f32<R>(fma_rn_f32<R>(x, f32_from(log2_10_div_252), f32_from(half)));
  const F k = fma_rm_f32<R>(s, f32_from(c252), f32_from(shifter_m126));
  const F nk = neg_f32<P>(add_rn_f32<P>(k, f32_from(minus_shifter_127)));
  F r = fma_rn_f32<R>(x, f32_from(log2_10_hi), nk);
  r = fma_rn_f32<R>(x, f32_from(log2_10_lo), r);
  const F scale = f32_from(bits_of(k) << 23);
  return mul_rn_f32<P>(ex2_approx_f32<mode::ftz>(r), scale);
}

BITEXACT_NV_BUILD_FORMS_1(exp10f)

}  // namespace bitexact::nv
