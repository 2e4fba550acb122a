// bitexact/nv/hypotf.hpp — bit-exact reproduction of libdevice __nv_hypotf
// (what `hypotf` calls in CUDA device code and what
// tl.extra.cuda.libdevice.hypot calls in a Triton kernel on float32), for
// every build of nv/build.hpp:
//
//   bitexact::nv::hypotf(x, y)          nvcc -ftz=false (implementation "nv")
//   bitexact::nv::hypotf_ftz(x, y)      nvcc -ftz=true ("nv-ftz")
//   bitexact::nv::hypotf_triton(x, y)   Triton 3.6 on sm_90 ("triton")
//   bitexact::nv::hypotf<B>(x, y)       any build B
//
// The algorithm (CUDA 13.0's libdevice.10.bc; Triton 3.6's file has the same
// IR, line for line): with a = |x|, b = |y| (fabs under the FTZ reflect),
// lo = min and hi = max of a and b compared as signed integers (their bit
// patterns, sign bit clear), a power of two s chosen from hi's exponent field
// brings hi into [1/2, 16):
//     r = sqrt(fma(hi s, hi s, (lo s)(lo s))) / s,
// then r = hi where lo == 0 and r = +inf where lo == +inf (so hypot(inf, NaN)
// is inf). s and 1/s are built on bit patterns: e = bits(hi) & 0xfe000000
// keeps the top 6 bits of the exponent field (a multiple of 4 in the
// exponent), t = e - 0x3f800000 + 0x00800000, s = bits 0x3f800000 - t,
// 1/s = bits t + 0x3f800000 = e | 0x00800000. No rounding happens in the
// scaling except where lo s falls below 2^-126.
//
// What each build does (IR -> PTX):
//  * fabs: llvm.nvvm.fabs{.ftz}.f by __CUDA_FTZ (B.reflect);
//  * the four multiplications and the two compares with 0 and +inf: plain IR
//    fmul / fcmp oeq, so B.ops (nvcc -ftz=true: mul.ftz, setp.eq.ftz;
//    Triton: mul.f32, setp.eq.f32 — its PTX, .devrun/triton-ptx/hypot.ptx);
//  * the fma: llvm.nvvm.fma.rn{.ftz}.f by __CUDA_FTZ (B.reflect);
//  * the square root: __nv_sqrtf inlined, which reads __CUDA_PREC_SQRT:
//    nvcc sets 1, sqrt.rn{.ftz}.f32 (correctly rounded); Triton leaves it 0,
//    sqrt.approx.ftz.f32 (the SFU's, nv/sqrt_approx.hpp). That is the whole
//    difference between nv-ftz and Triton: the plain operations being IEEE in
//    Triton changes nothing else (fabs.ftz has already flushed lo and hi; a
//    subnormal lo s squares to +0 in IEEE, and a subnormal (lo s)^2 is
//    flushed by the fma.ftz, as mul.ftz flushes it in nv-ftz; the final
//    product cannot be subnormal: lo is 0 (hi is selected) or >= 2^-126,
//    and then the root is about sqrt(hi^2 + lo^2) >= sqrt(2) lo).
// Triton's LLVM rewrites the scale arithmetic (0x7e800000 xor e for s,
// e | 0x00800000 for 1/s: the same values, e being a subset of bits 25..30)
// and keeps every operation and its order (its PTX, one lane of four).
// nvcc -O3 -arch=sm_90 (-ftz=false and true) emits exactly these
// instructions: abs, min.s32, max.s32, 3 mul, fma.rn, sqrt.rn, mul, 2
// setp.eq + selp; no mul feeds an add, so there is nothing to contract.
//
// Checked here: tests/nv_hypot_test.cpp (special values, subnormals per
// build, error against MPFR, where Triton may differ from nv-ftz).
#pragma once

#include <cstdint>

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/sqrtf.hpp"

namespace bitexact::nv {

namespace hypotf_constants {
using ptx::u32;
// IR `and i32 %19, -33554432`: hi's sign bit (clear) and the top 6 bits of
// its exponent field, so s is 2^(126 - 4k) for hi's exponent field in
// [4k, 4k + 3].
inline constexpr u32 exp_top6_mask = 0xfe000000u;
// IR `1065353216`: 1.0f, the bias in the exponent field.
inline constexpr u32 one_bits = 0x3f800000u;
// IR `8388608`: 2^23, one unit of the exponent field.
inline constexpr u32 exp_unit = 0x00800000u;
// IR `bitcast i32 2139095040`: +inf, compared with lo.
inline constexpr u32 inf_bits = 0x7f800000u;
}  // namespace hypotf_constants

// Written against the lane forms (ptx.hpp): the span forms run this source on
// SIMD lanes.
template <build B, class F = float>
BITEXACT_INLINE F hypotf(F x, F y) {
  using namespace hypotf_constants;
  using namespace ptx;
  constexpr mode R = B.reflect, O = B.ops;
  const F a = abs_f32<R>(x);
  const F b = abs_f32<R>(y);
  // icmp sle / sge on the bit patterns (min.s32 / max.s32 in the PTX): both
  // sign bits are clear (fabs), so the unsigned order is the signed one.
  const auto b_le_a = !(bits_of(a) < bits_of(b));
  const F lo = select(b_le_a, b, a);
  const F hi = select(b_le_a, a, b);
  const auto t = (bits_of(hi) & exp_top6_mask) - one_bits + exp_unit;  // wraps, as the IR's i32
  const F s = f32_from(one_bits - t);
  const F lo_s = mul_rn_f32<O>(lo, s);
  const F hi_s = mul_rn_f32<O>(hi, s);
  const F sum = fma_rn_f32<R>(hi_s, hi_s, mul_rn_f32<O>(lo_s, lo_s));
  F r = mul_rn_f32<O>(sqrtf<B>(sum), f32_from(t + one_bits));
  r = select(setp_eq_f32<O>(lo, f32_from(0u)), hi, r);
  return select(setp_eq_f32<O>(lo, f32_from(inf_bits)), f32_from(inf_bits), r);
}

BITEXACT_NV_BUILD_FORMS_2(hypotf)

}  // namespace bitexact::nv
