// bitexact/ocml/amdgcn.hpp — the AMDGPU operations ocml's bitcode is made of,
// written out with the semantics the GCN/CDNA ISA manuals give them.
//
// Every f32 arithmetic operation takes a `Ftz` template flag: the hardware's
// f32 denormal mode. With Ftz (DAZ builds, "denormal-fp-math-f32"=
// "preserve-sign") a VALU operation reads a subnormal input as a zero of the
// same sign and writes a subnormal result as a zero of the same sign (the
// result is rounded first, then flushed). f64 is never flushed.
//
// NaNs follow the AMDGPU convention: an operation with a NaN operand returns
// that NaN quieted (the first NaN operand in operand order); an invalid
// operation on non-NaN operands (inf - inf, 0 * inf) returns the default NaN
// 0x7fc00000 / 0x7ff8000000000000 (positive, unlike x86's 0xffc00000). This
// only shows in ocml's finite-only builds, where non-finite inputs run through
// the finite algorithm.
//
// Nothing here calls the host libm; rounding steps use only IEEE +, -, *, fma
// in round-to-nearest (the default environment) or integer arithmetic.
#pragma once

#include <cstdint>
#include <type_traits>

#include "bitexact/bits.hpp"

namespace bitexact::ocml::amdgcn {

// ---- NaN and denormal conventions -----------------------------------------

template <class T>
BITEXACT_INLINE constexpr T quiet(T x) {
  return fp_bits<T>::from_bits(fp_bits<T>(x).bits | fp_bits<T>::quiet_bit).value();
}
template <class T>
BITEXACT_INLINE constexpr T default_nan() {
  return fp_bits<T>::quiet_nan().value();
}
template <class T>
BITEXACT_INLINE constexpr bool isnan(T x) {
  return fp_bits<T>(x).is_nan();
}

// The NaN an operation with operands a, b (, c) returns, given that the IEEE
// result r is a NaN.
template <class T>
BITEXACT_INLINE constexpr T nan_result(T a, T b, T c) {
  if (isnan(a)) return quiet(a);
  if (isnan(b)) return quiet(b);
  if (isnan(c)) return quiet(c);
  return default_nan<T>();
}

// Denormal mode applied to an operand or result: f32 under Ftz only.
template <bool Ftz, class T>
BITEXACT_INLINE constexpr T flush(T x) {
  if constexpr (Ftz && sizeof(T) == 4)
    return flush_subnormal(x);
  else
    return x;
}

// ---- arithmetic (v_add, v_sub, v_mul, v_fma; f32 and f64) ------------------
// Through bitexact::add/sub/mul, never a plain `a * b`: compiled for an NVIDIA
// GPU (the ocml personality of docs/replacement.md) a plain product feeding a
// sum is fused into an fma by nvcc's default -fmad=true and by clang's NVPTX
// backend even when the product has other uses.

template <bool Ftz, class T>
BITEXACT_INLINE_OP T add(T a, T b) {
  a = flush<Ftz>(a);
  b = flush<Ftz>(b);
  T r = bitexact::add(a, b);
  if (isnan(r)) return nan_result(a, b, b);
  return flush<Ftz>(r);
}
template <bool Ftz, class T>
BITEXACT_INLINE_OP T sub(T a, T b) {
  a = flush<Ftz>(a);
  b = flush<Ftz>(b);
  T r = bitexact::sub(a, b);
  if (isnan(r)) return nan_result(a, b, b);
  return flush<Ftz>(r);
}
template <bool Ftz, class T>
BITEXACT_INLINE_OP T mul(T a, T b) {
  a = flush<Ftz>(a);
  b = flush<Ftz>(b);
  T r = bitexact::mul(a, b);
  if (isnan(r)) return nan_result(a, b, b);
  return flush<Ftz>(r);
}
// llvm.fma / v_fma_f32 / v_fma_f64: one rounding.
template <bool Ftz, class T>
BITEXACT_INLINE_OP T fma(T a, T b, T c) {
  a = flush<Ftz>(a);
  b = flush<Ftz>(b);
  c = flush<Ftz>(c);
  T r = bitexact::fma(a, b, c);
  if (isnan(r)) return nan_result(a, b, c);
  return flush<Ftz>(r);
}
// llvm.fmuladd.f32 after instruction selection: v_fma_f32 when Fused, else a
// multiply and an add each rounded (v_mul+v_add, or v_mad_f32 in flush mode,
// which rounds the same way).
template <bool Ftz, bool Fused>
BITEXACT_INLINE_OP float fmuladd(float a, float b, float c) {
  if constexpr (Fused)
    return fma<Ftz>(a, b, c);
  else
    return add<Ftz>(mul<Ftz>(a, b), c);
}

// fneg: a sign-bit flip (folded into a source modifier or a v_xor_b32).
template <class T>
BITEXACT_INLINE constexpr T neg(T x) {
  return fp_bits<T>::from_bits(fp_bits<T>(x).bits ^ fp_bits<T>::sign_mask).value();
}

// v_rcp_f32 modelled as the correctly rounded reciprocal. The hardware
// result is specified to 1 ulp only; ocml uses it (fmod_f32) solely to
// estimate an integer quotient that is corrected afterwards, so any value
// within a few ulps gives the same final bits (see docs/ocml.md). The
// instruction does not handle denormals in either mode (LLVM's backend scales
// around it when they matter): subnormal inputs and results are always flushed.
BITEXACT_INLINE float rcp(float x) {
  x = flush_subnormal(x);
  float r = 1.0f / x;
  if (isnan(r)) return quiet(x);
  return flush_subnormal(r);
}

// ---- rounding to integral (v_rndne, v_ceil) ---------------------------------

// Round to an integral value, ties to even (up == false) or toward +inf
// (up == true). NaNs are quieted; zeros and infinities pass through.
template <bool Ftz, class T>
BITEXACT_INLINE constexpr T round_integral(T x, bool up) {
  using B = fp_bits<T>;
  using U = typename B::storage;
  x = flush<Ftz>(x);
  B b(x);
  if (b.is_nan()) return quiet(x);
  const int e = b.biased_exponent() - B::exponent_bias;  // unbiased
  if (e >= B::mantissa_bits) return x;                   // already integral, or inf
  if (b.is_zero()) return x;
  if (e < 0) {
    // 0 < |x| < 1
    if (up) return b.sign() ? B::from_bits(B::sign_mask).value() : T(1);
    // nearest: |x| > 0.5 goes to 1, |x| <= 0.5 to 0 (0.5 ties to even 0).
    const bool to_one = e == -1 && b.fraction() != 0;
    return B::from_bits((b.bits & B::sign_mask) | (to_one ? B(T(1)).bits : U(0))).value();
  }
  const int drop = B::mantissa_bits - e;  // fraction bits below the units place, 1..mantissa_bits
  const U unit = U(1) << drop;
  const U below = b.bits & (unit - 1);
  if (below == 0) return x;
  U bits = b.bits & ~(unit - 1);  // truncated toward zero
  bool bump;
  if (up) {
    bump = !b.sign();
  } else {
    const U half = unit >> 1;
    bump = below > half || (below == half && (bits & unit) != 0);
  }
  // Adding one unit to the magnitude carries correctly into the exponent.
  if (bump) bits += unit;
  return B::from_bits(bits).value();
}
// Ties-to-even rounding. For |x| < 2^mantissa_bits, adding and subtracting
// 2^mantissa_bits rounds away the fraction exactly once in the default
// round-to-nearest mode (the common, fast case); the rest goes bit by bit.
template <bool Ftz, class T>
BITEXACT_INLINE T rint(T x) {
  constexpr T big = T(typename fp_bits<T>::storage(1) << fp_bits<T>::mantissa_bits);
  x = flush<Ftz>(x);
  const T a = fabs(x);
  if (a < big && a != T(0)) {
    const T t = a + big;  // rounds to an integer (no reassociation: no fast-math)
    return copysign(T(t - big), x);
  }
  return round_integral<Ftz>(x, false);
}
template <bool Ftz, class T>
BITEXACT_INLINE constexpr T ceil(T x) {
#if defined(__CUDA_ARCH__)
  // On an NVIDIA GPU (ocml's bits there, docs/replacement.md): the rounding is
  // cvt.rpi's, and NaNs are quieted keeping the payload, as v_ceil does.
  if (!std::is_constant_evaluated()) {
    x = flush<Ftz>(x);
    if (isnan(x)) return quiet(x);
    if constexpr (sizeof(T) == 4)
      return ptx_cvt_rpi<false>(x);
    else
      return ptx_cvt_rpi(x);
  }
#endif
  return round_integral<Ftz>(x, true);
}

// v_fract_f32 (llvm.amdgcn.fract.f32): x - floor(x), at most the largest
// float below 1 (0x1.fffffep-1), as LLVM 15's constant folder computes it "to
// match the instruction" (ConstantFolding.cpp: minimum(x - floor(x),
// nextDown(1.0)); checked with `opt-15 -passes=instcombine`): +-Inf gives the
// default NaN, a NaN is returned quieted, -0 gives +0, a tiny negative x gives
// 0x1.fffffep-1. For x >= 0 (ocml's only use: sinpi, cospi) the difference is
// exact, so the result is the exact fraction.
template <bool Ftz>
BITEXACT_INLINE float fract(float x) {
  x = flush<Ftz>(x);
  if (isnan(x)) return quiet(x);
  if (!fp_bits<float>(x).is_finite()) return default_nan<float>();
  // floor(x) = -ceil(-x), exact.
  const float fl = neg(round_integral<false>(neg(x), true));
  const float f = sub<Ftz>(x, fl);
  constexpr float below_one = 0x1.fffffep-1f;
  return f < below_one ? f : below_one;
}

// ---- exponent manipulation (v_frexp_mant, v_frexp_exp, v_ldexp) ------------

// v_frexp_exp_i32: the e with |x| = m * 2^e, m in [0.5, 1); 0 for zeros,
// infinities and NaNs. Subnormals are normalised (unless flushed).
template <bool Ftz, class T>
BITEXACT_INLINE constexpr int frexp_exp(T x) {
  using B = fp_bits<T>;
  B b(flush<Ftz>(x));
  if (!b.is_finite() || b.is_zero()) return 0;
  if (b.is_subnormal()) {
    int e = 1 - B::exponent_bias + 1;  // exponent of 2^(emin) * 0.5-normalisation
    auto f = b.fraction();
    while ((f & (typename B::storage(1) << B::mantissa_bits)) == 0) {
      f <<= 1;
      --e;
    }
    return e;
  }
  return b.biased_exponent() - B::exponent_bias + 1;
}

// v_frexp_mant: m in [0.5, 1) with the sign of x; zeros, infinities and NaNs
// are returned as they are (NaNs quieted).
template <bool Ftz, class T>
BITEXACT_INLINE constexpr T frexp_mant(T x) {
  using B = fp_bits<T>;
  using U = typename B::storage;
  x = flush<Ftz>(x);
  B b(x);
  if (b.is_nan()) return quiet(x);
  if (b.is_inf() || b.is_zero()) return x;
  U f = b.fraction();
  if (b.is_subnormal()) {
    while ((f & (U(1) << B::mantissa_bits)) == 0) f <<= 1;
    f &= B::fraction_mask;
  }
  const U half_exp = U(B::exponent_bias - 1) << B::mantissa_bits;
  return B::from_bits((b.bits & B::sign_mask) | half_exp | f).value();
}

// v_ldexp: x * 2^n, rounded to nearest even once (overflow to infinity,
// gradual underflow unless flushed). NaNs are quieted.
template <bool Ftz, class T>
BITEXACT_INLINE constexpr T ldexp(T x, int n) {
  using B = fp_bits<T>;
  using U = typename B::storage;
  x = flush<Ftz>(x);
  B b(x);
  if (b.is_nan()) return quiet(x);
  if (b.is_inf() || b.is_zero()) return x;
  const U sign = b.bits & B::sign_mask;
  // x = sig * 2^(e - mantissa_bits), with sig normalised to mantissa_bits+1 bits.
  U sig = b.fraction();
  int e;
  if (b.is_subnormal()) {
    e = 1 - B::exponent_bias;
    while ((sig & (U(1) << B::mantissa_bits)) == 0) {
      sig <<= 1;
      --e;
    }
  } else {
    sig |= U(1) << B::mantissa_bits;
    e = b.biased_exponent() - B::exponent_bias;
  }
  // Clamp n so that e + n cannot overflow int; far beyond the range anyway.
  if (n > 4 * B::exponent_bias) n = 4 * B::exponent_bias;
  if (n < -4 * B::exponent_bias) n = -4 * B::exponent_bias;
  e += n;
  if (e > B::exponent_bias) return B::from_bits(sign | B::exponent_mask).value();
  if (e >= 1 - B::exponent_bias) {
    const U biased = U(e + B::exponent_bias) << B::mantissa_bits;
    return flush<Ftz>(B::from_bits(sign | biased | (sig & B::fraction_mask)).value());
  }
  // Subnormal result: keep the bits above 2^(1 - bias - mantissa_bits).
  const int shift = (1 - B::exponent_bias) - e;  // >= 1
  U q, rem, half;
  if (shift > B::mantissa_bits + 1) {
    q = 0;
    rem = 1;  // nonzero, below half
    half = 2;
  } else {
    q = sig >> shift;
    rem = sig & ((U(1) << shift) - 1);
    half = U(1) << (shift - 1);
  }
  if (rem > half || (rem == half && (q & 1) != 0)) ++q;  // may carry into the smallest normal
  return flush<Ftz>(B::from_bits(sign | q).value());
}

// ---- llvm.canonicalize, llvm.amdgcn.class, conversions ----------------------

// Quiets NaNs; in flush mode also flushes subnormals.
template <bool Ftz, class T>
BITEXACT_INLINE constexpr T canonicalize(T x) {
  if (isnan(x)) return quiet(x);
  return flush<Ftz>(x);
}

// v_cmp_class mask bits.
enum class_mask : unsigned {
  snan = 1u << 0,
  qnan = 1u << 1,
  neg_inf = 1u << 2,
  neg_normal = 1u << 3,
  neg_subnormal = 1u << 4,
  neg_zero = 1u << 5,
  pos_zero = 1u << 6,
  pos_subnormal = 1u << 7,
  pos_normal = 1u << 8,
  pos_inf = 1u << 9,
};
// Tests the class of the raw bits (never affected by the denormal mode).
template <class T>
BITEXACT_INLINE constexpr bool is_class(T x, unsigned mask) {
  fp_bits<T> b(x);
  unsigned c;
  if (b.is_nan())
    c = b.is_signaling_nan() ? snan : qnan;
  else if (b.is_inf())
    c = b.sign() ? neg_inf : pos_inf;
  else if (b.is_zero())
    c = b.sign() ? neg_zero : pos_zero;
  else if (b.is_subnormal())
    c = b.sign() ? neg_subnormal : pos_subnormal;
  else
    c = b.sign() ? neg_normal : pos_normal;
  return (c & mask) != 0;
}
// llvm.amdgcn.class mask 504: every finite value (normal, subnormal, zero).
inline constexpr unsigned finite_classes =
    neg_normal | neg_subnormal | neg_zero | pos_zero | pos_subnormal | pos_normal;

// v_cvt_i32_f32: truncation toward zero, saturating; NaN gives 0.
BITEXACT_INLINE constexpr std::int32_t cvt_i32(float x) {
  if (isnan(x)) return 0;
  if (x >= 2147483648.0f) return INT32_MAX;
  if (x <= -2147483648.0f) return INT32_MIN;
  return std::int32_t(x);
}

// ---- 32-bit integer helpers (llvm.fshl, llvm.fshr, llvm.ctlz) ---------------

// Funnel shifts: the shift amount is taken modulo 32.
BITEXACT_INLINE constexpr std::uint32_t fshl(std::uint32_t hi, std::uint32_t lo, std::uint32_t s) {
  s &= 31;
  return s == 0 ? hi : (hi << s) | (lo >> (32 - s));
}
BITEXACT_INLINE constexpr std::uint32_t fshr(std::uint32_t hi, std::uint32_t lo, std::uint32_t s) {
  s &= 31;
  return s == 0 ? lo : (lo >> s) | (hi << (32 - s));
}
// Count of leading zero bits; 32 for 0.
BITEXACT_INLINE constexpr std::uint32_t ctlz(std::uint32_t v) {
  std::uint32_t n = 0;
  if (v == 0) return 32;
  while ((v & 0x80000000u) == 0) {
    v <<= 1;
    ++n;
  }
  return n;
}

// The head of ocml's exact-product splits: x with the low 12 significand bits
// cleared (`and i32 %bits, -4096` in ocml.bc 5.2.3), leaving at most 12
// significant bits so that products of two heads are exact in f32.
BITEXACT_INLINE constexpr float split_head(float x) {
  return bit_cast<float>(bit_cast<std::uint32_t>(x) & 0xfffff000u);
}

// ---- exact products without fma (ocml's non-fma code paths) -------------------
// Where the part has no fast fma, ocml forms x*c exactly from 12-bit pieces
// x = xh + xl, c = ch + cl (xh = split_head(x)): every piece product is exact
// in f32, so the rounding error of p = x*c (rounded) is rebuilt as
//   e = ((xh*ch - p) + xh*cl + xl*ch) + xl*cl,
// each step one llvm.fmuladd, in this order (ocml.bc 5.2.3:
// __ocmlpriv_trigredsmall_f32, __ocmlpriv_trigredlarge_f32, __ocml_fmod_f32).
template <bool Ftz, bool Fused>
BITEXACT_INLINE float split_product_error(float p, float xh, float xl, float ch, float cl) {
  float e = fmuladd<Ftz, Fused>(xh, ch, neg(p));
  e = fmuladd<Ftz, Fused>(xh, cl, e);
  e = fmuladd<Ftz, Fused>(xl, ch, e);
  return fmuladd<Ftz, Fused>(xl, cl, e);
}
// a - x*c with p = x*c rounded and e its error (split_product_error), in
// two-sum form: s = a - p, then s + (((a - s) - p) - e).
template <bool Ftz, bool Fused>
BITEXACT_INLINE float sub_split_product(float a, float p, float xh, float xl, float ch, float cl) {
  const float e = split_product_error<Ftz, Fused>(p, xh, xl, ch, cl);
  const float s = sub<Ftz>(a, p);
  return add<Ftz>(s, sub<Ftz>(sub<Ftz>(sub<Ftz>(a, s), p), e));
}

// Raw-bits helpers used by the reproductions.
BITEXACT_INLINE constexpr std::uint32_t bits_of(float x) { return bit_cast<std::uint32_t>(x); }
BITEXACT_INLINE constexpr float float_of(std::uint32_t u) { return bit_cast<float>(u); }
BITEXACT_INLINE constexpr std::uint64_t bits_of(double x) { return bit_cast<std::uint64_t>(x); }
BITEXACT_INLINE constexpr double double_of(std::uint64_t u) { return bit_cast<double>(u); }

}  // namespace bitexact::ocml::amdgcn
