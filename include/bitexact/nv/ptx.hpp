// bitexact/nv/ptx.hpp — models of the PTX instructions that libdevice's
// functions compile to, one small inline function per instruction.
//
// The model (PTX ISA, "Floating-point instructions", as observed on sm_90):
//
//  * `.rn`   rounds the exact result to nearest, ties to even (IEEE 754
//            roundTiesToEven). Explicit `.rn` instructions are never
//            contracted with neighbours; plain `fmul`/`fadd` in NVVM IR may be
//            (nvcc --fmad=true), so every op here is written with an explicit
//            rounding so that neither the host compiler nor nvcc fuses it.
//  * `.ftz`  (f32 only) flushes every subnormal source operand AND a
//            subnormal result to a zero of the same sign. A result counts as
//            subnormal when its magnitude, after rounding to the f32 format,
//            is below 2^-126 (the flush is applied to the rounded value).
//            Without `.ftz` subnormals are fully supported (sm_20 and later).
//  * NaN     every f32 arithmetic instruction (add, sub, mul, fma, ...)
//            whose result is NaN returns the canonical NaN 0x7fffffff,
//            whatever the NaN operands were: payloads are not propagated.
//            Bit-only instructions (abs, neg, mov) are not arithmetic.
//  * cvt     float -> integer with `.rni` (what llvm.nvvm.f2i.rn lowers to)
//            rounds to nearest even, saturates to [INT_MIN, INT_MAX] and
//            maps NaN to 0. integer -> float with `.rn` rounds to nearest even.
//            f64 -> f32 with `.rn` rounds to nearest even.
//
// f64 arithmetic: rounding is modelled; the NaN bits an f64 op returns are
// NOT modelled here (callers that can see a NaN must canonicalise it
// themselves, and say so).
//
// Each function is `BITEXACT_INLINE` (host and device). On the device they
// map to the CUDA intrinsics that emit exactly that instruction, so code built
// from these helpers runs unchanged under nvcc whatever --fmad says.
//
// Owner: nv-trig. Other nv/ reproductions may add models here; keep them
// generic (one instruction each, float and double where that makes sense).
#pragma once

#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/config.hpp"

namespace bitexact::nv {

// The two flavours of every libdevice function: `__nvvm_reflect("__CUDA_FTZ")`
// is 0 (nvcc -ftz=false, the default) or 1 (nvcc -ftz=true / --use_fast_math
// without the fast-math function substitutions).
enum class mode { ieee, ftz };

namespace ptx {

// The NaN every f32 arithmetic instruction returns on NVIDIA GPUs.
inline constexpr std::uint32_t canonical_nan_f32_bits = 0x7fffffffu;
BITEXACT_INLINE constexpr float canonical_nan_f32() {
  return bit_cast<float>(canonical_nan_f32_bits);
}

// ---- .ftz -----------------------------------------------------------------

// Flush a subnormal (or already zero) f32 to a zero of the same sign; normal
// numbers, infinities and NaNs pass unchanged. Branch-free: the value is
// ANDed with a mask that keeps only the sign when the exponent field is 0.
BITEXACT_INLINE constexpr float flush_f32(float x) {
  const std::uint32_t u = bit_cast<std::uint32_t>(x);
  const std::uint32_t keep = 0u - std::uint32_t((u & 0x7f800000u) != 0);  // ~0 or 0
  return bit_cast<float>(u & (keep | 0x80000000u));
}
template <mode M> BITEXACT_INLINE constexpr float ftz(float x) {
  if constexpr (M == mode::ftz) {
    return flush_f32(x);
  } else {
    return x;
  }
}

// Replace any NaN by the canonical NaN (the last step of every f32
// arithmetic instruction).
BITEXACT_INLINE constexpr float canonicalize_f32(float r) {
  return r != r ? canonical_nan_f32() : r;
}

// ---- raw IEEE operations (host: SSE, contraction off; device: intrinsics) --
namespace raw {
BITEXACT_INLINE float mul(float a, float b) {
#if BITEXACT_DEVICE_PASS
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}
BITEXACT_INLINE float add(float a, float b) {
#if BITEXACT_DEVICE_PASS
  return __fadd_rn(a, b);
#else
  return a + b;
#endif
}
BITEXACT_INLINE float sub(float a, float b) {
#if BITEXACT_DEVICE_PASS
  return __fsub_rn(a, b);
#else
  return a - b;
#endif
}
BITEXACT_INLINE double mul(double a, double b) {
#if BITEXACT_DEVICE_PASS
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}
BITEXACT_INLINE double add(double a, double b) {
#if BITEXACT_DEVICE_PASS
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}
BITEXACT_INLINE double sub(double a, double b) {
#if BITEXACT_DEVICE_PASS
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}
}  // namespace raw

// ---- f32 arithmetic: {mul,add,sub,fma}.rn{.ftz}.f32 -------------------------
// Full models: flush of operands and result in FTZ mode, canonical NaN.

template <mode M = mode::ieee> BITEXACT_INLINE float mul_rn(float a, float b) {
  return canonicalize_f32(ftz<M>(raw::mul(ftz<M>(a), ftz<M>(b))));
}
template <mode M = mode::ieee> BITEXACT_INLINE float add_rn(float a, float b) {
  return canonicalize_f32(ftz<M>(raw::add(ftz<M>(a), ftz<M>(b))));
}
template <mode M = mode::ieee> BITEXACT_INLINE float sub_rn(float a, float b) {
  return canonicalize_f32(ftz<M>(raw::sub(ftz<M>(a), ftz<M>(b))));
}
template <mode M = mode::ieee> BITEXACT_INLINE float fma_rn(float a, float b, float c) {
  return canonicalize_f32(ftz<M>(bitexact::fma(ftz<M>(a), ftz<M>(b), ftz<M>(c))));
}

// abs{.ftz}.f32 / neg{.ftz}.f32: sign-bit operations (.ftz flushes first).
template <mode M = mode::ieee> BITEXACT_INLINE constexpr float abs_f32(float a) {
  return fabs(ftz<M>(a));
}
template <mode M = mode::ieee> BITEXACT_INLINE constexpr float neg_f32(float a) {
  return bit_cast<float>(bit_cast<std::uint32_t>(ftz<M>(a)) ^ 0x80000000u);
}

// ---- f64 arithmetic: {mul,add,sub,fma}.rn.f64 (NaN bits not modelled) ------
BITEXACT_INLINE double mul_rn(double a, double b) { return raw::mul(a, b); }
BITEXACT_INLINE double add_rn(double a, double b) { return raw::add(a, b); }
BITEXACT_INLINE double sub_rn(double a, double b) { return raw::sub(a, b); }
BITEXACT_INLINE double fma_rn(double a, double b, double c) { return bitexact::fma(a, b, c); }

// ---- conversions -------------------------------------------------------------

// cvt.rni{.ftz}.s32.f32 (llvm.nvvm.f2i.rn / __float2int_rn): nearest-even,
// saturating, NaN -> 0. The .ftz variant gives the same integer (a subnormal
// rounds to 0 either way), so there is one model for both.
BITEXACT_INLINE std::int32_t f2i_rn(float x) {
#if BITEXACT_DEVICE_PASS
  return __float2int_rn(x);
#else
  if (x != x) return 0;
  if (x >= 0x1p31f) return INT32_MAX;
  if (x <= -0x1p31f) return INT32_MIN;  // -2^31 itself is exact
  // |x| < 2^31. Values of magnitude >= 2^23 are integers already. Below that,
  // |x| + 2^23 lies in [2^23, 2^24) where the spacing is 1, so the addition
  // rounds |x| to an integer, ties to even, and the subtraction is exact.
  const float ax = fabs(x);
  if (ax >= 0x1p23f) return std::int32_t(x);
  const std::int32_t m = std::int32_t(raw::sub(raw::add(ax, 0x1p23f), 0x1p23f));
  return x < 0.0f ? -m : m;
#endif
}

// cvt.rn.f32.s32 (sitofp i32 -> float): nearest-even.
BITEXACT_INLINE float i2f_rn(std::int32_t i) {
#if BITEXACT_DEVICE_PASS
  return __int2float_rn(i);
#else
  return float(i);  // the host converts in the current (nearest) mode
#endif
}

// cvt.rn.f64.s64 (sitofp i64 -> double): nearest-even.
BITEXACT_INLINE double ll2d_rn(std::int64_t i) {
#if BITEXACT_DEVICE_PASS
  return __ll2double_rn(i);
#else
  return double(i);
#endif
}

// cvt.rn{.ftz}.f32.f64 (fptrunc double -> float): nearest-even; with .ftz a
// subnormal result is flushed. A NaN gives the canonical f32 NaN.
template <mode M = mode::ieee> BITEXACT_INLINE float d2f_rn(double x) {
#if BITEXACT_DEVICE_PASS
  float r = __double2float_rn(x);
#else
  float r = float(x);
#endif
  return canonicalize_f32(ftz<M>(r));
}

// ---- integer ---------------------------------------------------------------

// The two-instruction sequence
//     mad.lo.cc.u32 lo, a, b, c;   madc.hi.u32 hi, a, b, 0;
// computes the full 64-bit a*b + c (which cannot overflow 64 bits).
BITEXACT_INLINE constexpr std::uint64_t mad_wide_u32(std::uint32_t a, std::uint32_t b,
                                                     std::uint32_t c) {
  return std::uint64_t(a) * b + c;
}

}  // namespace ptx
}  // namespace bitexact::nv
