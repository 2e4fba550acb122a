// bitexact/truth/sincosf_fast.hpp — the fast layer of the correctly rounded
// sinf/cosf of bitexact::truth, as host AND device code (BITEXACT_HD,
// header-only).
//
// truth::sinf/cosf (through bitexact/truth/fast_layer.hpp,
// src/truth/fast_layer.cpp) call these functions on the host and fall back to MPFR when they cannot decide;
// the GPU sweep backends' statistics kernel (src/gpu/cuda_stats.cu) calls the
// very same functions on the GPU and sends the undecided inputs to the host.
// One source for both, written only with operations whose rounding is pinned
// (bitexact::mul/add/sub: never contracted into an fma by any compiler, on any
// flag), integer arithmetic and exact conversions, so the GPU computes the
// same doubles as the CPU, bit for bit.
// Method and error bound: docs/truth.md.
//
//  1. |x| < 2^-12: sin x lies strictly between x and its neighbour toward 0,
//     cos x strictly between 1 - 2^-25 and 1: decided without evaluation.
//  2. |x| <= 0x1.921fb4p-1 (< pi/4): Taylor polynomials in x, in double.
//  3. otherwise: exact-enough reduction x * 2/pi = k + f (mod 4), |f| <= 1/2,
//     by one 128x64-bit integer product with 128 bits of 2/pi starting at the
//     first bit that matters for x's exponent; then Taylor polynomials of
//     sin(pi/2 f), cos(pi/2 f) in double.
// The approximation y has |y - exact| <= 2^-48 |exact| (docs/truth.md); the
// result is decided when y(1 - 2^-47) and y(1 + 2^-47) round to the same
// float. Constants: bitexact/truth/sincosf_tables.inc, generated with MPFR by
// tools/gen/gen_truth_tables.cpp.
#pragma once

#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/config.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth::detail {

namespace tables {
#include "bitexact/truth/sincosf_tables.inc"
}  // namespace tables

// Proven bound on the relative error of the double approximations below
// (argument reduction, coefficient rounding, truncation and evaluation; see
// docs/truth.md): |approx - exact| <= sincos_rel_error_bound * |exact|.
inline constexpr double sincos_rel_error_bound = 0x1p-48;
// Half-width, relative to |approx|, of the interval that must round to a
// single float for the fast path to decide (covers the bound above and the
// rounding of the interval's end points).
inline constexpr double sincos_check_width = 0x1p-47;

inline constexpr std::uint32_t sincos_tiny_bits = 0x39800000u;   // 2^-12
inline constexpr std::uint32_t sincos_small_bits = 0x3f490fdau;  // largest float < pi/4

// The nine coefficients of one polynomial, by value. Device code cannot index
// a namespace-scope host array at run time, but it may copy one in a constant
// expression: `constexpr poly9 p = poly9_of(tables::...)` inside a function
// is a compile-time constant on the host and on the GPU alike.
struct poly9 {
  double c[9];
};
BITEXACT_INLINE constexpr poly9 poly9_of(const double (&t)[9]) {
  return {{t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8]}};
}

// 2^n as a double, -1022 <= n <= 1023.
BITEXACT_INLINE double sincos_pow2(int n) { return bit_cast<double>(std::uint64_t(1023 + n) << 52); }
BITEXACT_INLINE double sincos_fabs(double d) {
  return bit_cast<double>(bit_cast<std::uint64_t>(d) & 0x7fffffffffffffffull);
}
BITEXACT_INLINE int sincos_clz64(std::uint64_t v) {  // v != 0
#if BITEXACT_DEVICE_PASS
  return __clzll(static_cast<long long>(v));
#else
  return __builtin_clzll(v);
#endif
}

// c[0] + c[1] u + ... + c[8] u^8 by Estrin's scheme (short dependency chains),
// with c = b when use_b, else a (chosen per coefficient: selects, no table
// indexing). Every term c[k] u^k reaches the result through at most 11
// roundings (counting those of u^2, u^4 = (u^2)^2, u^8 = (u^4)^2), so the
// evaluation error is at most gamma_11 sum |c[k]| u^k (docs/truth.md).
BITEXACT_INLINE double sincos_estrin(const poly9& a, const poly9& b, bool use_b, double u) {
  double c[9];
  for (int k = 0; k < 9; ++k) c[k] = use_b ? b.c[k] : a.c[k];
  const double u2 = mul(u, u), u4 = mul(u2, u2), u8 = mul(u4, u4);
  const double a0 = add(c[0], mul(c[1], u)), a1 = add(c[2], mul(c[3], u));
  const double a2 = add(c[4], mul(c[5], u)), a3 = add(c[6], mul(c[7], u));
  const double b0 = add(a0, mul(a1, u2)), b1 = add(a2, mul(a3, u2));
  return add(add(b0, mul(b1, u4)), mul(c[8], u8));
}

// Reduction of |x| = m 2^e, 0x1.921fb6p-1 <= |x| < 2^128, 2^23 <= m < 2^24.
// Returns k (mod 4) and f with |x| 2/pi = k + f + delta (mod 4), where
// |f| <= 1/2 and 0 <= delta < 2^-102; f is correctly rounded from the exact
// fixed-point value. Returns false when |f| < 2^-40 (relative error of f not
// guaranteed below 2^-62; never observed for binary32, see the tests).
BITEXACT_INLINE bool sincos_reduce(std::uint32_t abits, int& k, double& f) {
  using u128 = unsigned __int128;
  using i128 = __int128;
  // The bits of 2/pi preceded by one word of zeros ("padded"): bit j of 2/pi
  // (weight 2^-j, j >= -63) is bit 63 - ((j + 63) mod 64) of padded word
  // (j + 63) / 64. Only words w, w+1, w+2 with w = 0, 1, 2 are ever read, so
  // they are selected from registers: an array indexed by w lives in a GPU
  // thread's local memory (the CUDA sweep's statistics kernel).
  const std::uint64_t t0 = tables::two_over_pi_bits[0], t1 = tables::two_over_pi_bits[1],
                      t2 = tables::two_over_pi_bits[2], t3 = tables::two_over_pi_bits[3];
  const std::uint64_t m = (abits & 0x7fffffu) | 0x800000u;
  const int e = int(abits >> 23) - 150;  // -24 <= e <= 104
  // Bits j < e - 1 of 2/pi contribute multiples of 4 to m 2^e 2/pi: take the
  // 128 bits j = e-1 .. e+126, C. Then m 2^e 2/pi = m C 2^-126 (mod 4) up to
  // the omitted bits, which add less than m 2^-126 < 2^-102.
  const int s = e - 1 + 63;  // bit position in padded: 38 .. 166
  const int w = s >> 6, sh = s & 63;  // w = 0, 1, 2
  const std::uint64_t p0 = w == 0 ? 0 : w == 1 ? t0 : t1;  // padded[w]
  const std::uint64_t p1 = w == 0 ? t0 : w == 1 ? t1 : t2;  // padded[w + 1]
  const std::uint64_t p2 = w == 0 ? t1 : w == 1 ? t2 : t3;  // padded[w + 2]
  std::uint64_t hi = p0, lo = p1;
  if (sh != 0) {
    hi = (hi << sh) | (p1 >> (64 - sh));
    lo = (lo << sh) | (p2 >> (64 - sh));
  }
  const u128 C = (u128(hi) << 64) | lo;
  const u128 R = C * m;  // modulo 2^128: x 2/pi mod 4, in units of 2^-126
  const u128 Rr = R + (u128(1) << 125);
  k = int(Rr >> 126);
  const i128 F = i128(Rr & ((u128(1) << 126) - 1)) - (i128(1) << 125);  // f 2^126
  const u128 sgn = u128(F >> 127);                                      // all ones when f < 0 (branch-free |F|)
  u128 A = (u128(F) ^ sgn) - sgn;
  if (A < (u128(1) << 86)) return false;  // |f| < 2^-40
  // Correct rounding of A to 53 bits: normalise, fold the low word into a
  // sticky bit, convert the top word (exact halfway cases are preserved).
  const int lz = (A >> 64) != 0 ? sincos_clz64(std::uint64_t(A >> 64)) : 64 + sincos_clz64(std::uint64_t(A));
  A <<= lz;
  const std::uint64_t top = std::uint64_t(A >> 64) | (std::uint64_t(A) != 0 ? 1u : 0u);
#if BITEXACT_DEVICE_PASS
  const double top_d = __ull2double_rn(top);
#else
  const double top_d = double(top);
#endif
  const double fa = mul(top_d, sincos_pow2(-62 - lz));  // A 2^-126, exact scaling
  f = bit_cast<double>(bit_cast<std::uint64_t>(fa) ^ (std::uint64_t(sgn) << 63));
  return true;
}

// sin(pi/2 (q + f)) for q = 0..3: +-f S(f^2) or +-C(f^2). Branch-free (the
// quadrant is unpredictable): the polynomial and the factor (f or 1, exact)
// are selected by masks, the sign by flipping the sign bit.
BITEXACT_INLINE double sincos_eval_quadrant(int q, double f) {
  constexpr poly9 sin_f = poly9_of(tables::sin_f_coeffs), cos_f = poly9_of(tables::cos_f_coeffs);
  const double u = mul(f, f);
  const std::uint64_t odd = std::uint64_t(q & 1);
  const std::uint64_t mask = 0 - odd;  // all ones for q odd
  const double m = bit_cast<double>((bit_cast<std::uint64_t>(f) & ~mask) | (bit_cast<std::uint64_t>(1.0) & mask));
  const double p = mul(m, sincos_estrin(sin_f, cos_f, odd != 0, u));
  return bit_cast<double>(bit_cast<std::uint64_t>(p) ^ (std::uint64_t(q & 2) << 62));
}

// Double approximation of sin(x) / cos(x) within sincos_rel_error_bound, for
// finite x. Returns false (no approximation) for NaN/inf and for the inputs
// whose reduced argument is too close to 0 for the bound to hold (none is
// known; the exhaustive test counts them).
BITEXACT_INLINE bool sinf_approx(float x, double& y) {
  constexpr poly9 sin_x = poly9_of(tables::sin_x_coeffs);
  const std::uint32_t bits = bit_cast<std::uint32_t>(x), abits = bits & 0x7fffffffu;
  if (abits >= 0x7f800000u) return false;
  if (abits <= sincos_small_bits) {
    const double xd = x;  // exact
    y = mul(xd, sincos_estrin(sin_x, sin_x, false, mul(xd, xd)));
    return true;
  }
  int k;
  double f;
  if (!sincos_reduce(abits, k, f)) return false;
  y = sincos_eval_quadrant(k & 3, f);
  y = bit_cast<double>(bit_cast<std::uint64_t>(y) ^ (std::uint64_t(bits >> 31) << 63));  // odd
  return true;
}

BITEXACT_INLINE bool cosf_approx(float x, double& y) {
  constexpr poly9 cos_x = poly9_of(tables::cos_x_coeffs);
  const std::uint32_t abits = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  if (abits >= 0x7f800000u) return false;
  if (abits <= sincos_small_bits) {
    const double xd = x;
    y = sincos_estrin(cos_x, cos_x, false, mul(xd, xd));
    return true;
  }
  int k;
  double f;
  if (!sincos_reduce(abits, k, f)) return false;
  y = sincos_eval_quadrant((k + 1) & 3, f);  // cos t = sin(t + pi/2)
  return true;
}

BITEXACT_INLINE float sincos_nextup(float f) {  // f finite, not -0
  const std::uint32_t b = bit_cast<std::uint32_t>(f);
  return bit_cast<float>((b >> 31) ? b - 1 : b + 1);
}
BITEXACT_INLINE float sincos_nextdown(float f) {  // f finite, not +0
  const std::uint32_t b = bit_cast<std::uint32_t>(f);
  return bit_cast<float>((b >> 31) ? b + 1 : b - 1);
}
BITEXACT_INLINE float sincos_toward_zero_neighbour(float f) {  // f finite, nonzero
  return bit_cast<float>(bit_cast<std::uint32_t>(f) - 1);
}

// Round a double to binary32 in mode r (gradual underflow; no overflow case
// needed here, but handled as IEEE 754 would): the conversion rounds to
// nearest; directed modes step to the neighbour when needed.
BITEXACT_INLINE float round_double_to_float(double d, rounding r) {
#if BITEXACT_DEVICE_PASS
  const float f = __double2float_rn(d);
#else
  const float f = float(d);  // round to nearest even, gradual underflow
#endif
  if (r == rounding::nearest) return f;
  const double back = f;
  if (back == d || f != f) return f;
  switch (r) {
    case rounding::upward:
      return back < d ? sincos_nextup(f) : f;
    case rounding::downward:
      return back > d ? sincos_nextdown(f) : f;
    default:
      return sincos_fabs(back) > sincos_fabs(d) ? sincos_toward_zero_neighbour(f) : f;
  }
}

BITEXACT_INLINE bool sincos_decide(double y, rounding r, float& out) {
  const double d = mul(sincos_fabs(y), sincos_check_width);
  const float a = round_double_to_float(sub(y, d), r);
  const float b = round_double_to_float(add(y, d), r);
  if (bit_cast<std::uint32_t>(a) != bit_cast<std::uint32_t>(b)) return false;
  out = a;
  return true;
}

// The fast path alone: true and the correctly rounded result when the
// approximation decides the rounding in mode r; false when MPFR is needed.
BITEXACT_INLINE bool sinf_fast(float x, rounding r, float& out) {
  const std::uint32_t bits = bit_cast<std::uint32_t>(x), abits = bits & 0x7fffffffu;
  if (abits < sincos_tiny_bits) {
    // 0 < |x| < 2^-12: |x| - |x|^3/6 < |sin x| < |x|, and |x|^3/6 is less than
    // the gap below |x| (>= |x| 2^-24, or 2^-149 for subnormals), so sin x is
    // strictly between x and its neighbour toward zero. sin(+-0) = +-0.
    if (abits == 0 || r == rounding::nearest)
      out = x;
    else if (r == rounding::toward_zero)
      out = sincos_toward_zero_neighbour(x);
    else if (r == rounding::upward)
      out = (bits >> 31) ? sincos_toward_zero_neighbour(x) : x;
    else
      out = (bits >> 31) ? x : sincos_toward_zero_neighbour(x);
    return true;
  }
  double y;
  if (!sinf_approx(x, y)) {
    if (abits >= 0x7f800000u) {  // NaN or inf -> NaN
      out = fp_bits<float>::quiet_nan().value();
      return true;
    }
    return false;
  }
  return sincos_decide(y, r, out);
}

BITEXACT_INLINE bool cosf_fast(float x, rounding r, float& out) {
  const std::uint32_t abits = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  if (abits < sincos_tiny_bits) {
    // 0 < |x| < 2^-12: 1 - 2^-25 < 1 - x^2/2 < cos x < 1. cos(0) = 1.
    const bool down = abits != 0 && (r == rounding::toward_zero || r == rounding::downward);
    out = down ? bit_cast<float>(0x3f7fffffu) : 1.0f;
    return true;
  }
  double y;
  if (!cosf_approx(x, y)) {
    if (abits >= 0x7f800000u) {
      out = fp_bits<float>::quiet_nan().value();
      return true;
    }
    return false;
  }
  return sincos_decide(y, r, out);
}

// |result - exact| / ulp(exact) from y ~ exact (|y - exact| <= 2^-48 |exact|),
// with the rules of truth.hpp; -1 when the binade of the exact value is not
// certain. The error of the returned value is at most 2^-48 |exact| / ulp
// (< 2^-24 ulp) plus one rounding (2^-53 relative).
BITEXACT_INLINE double ulp_error_from_approx(double y, float result) {
  const fp_bits<float> rb(result);
  if (rb.is_nan()) return fp_bits<double>::quiet_nan().value();
  if (rb.is_inf()) return fp_bits<double>::inf().value();
  // Binade of the exact value: that of y unless y(1 -+ 2^-47) straddle a
  // power of two (the caller then decides or falls back).
  // Exponents below -126 count as -126 (subnormal range: ulp 2^-149).
  const double ay = sincos_fabs(y);
  int e_lo = int((bit_cast<std::uint64_t>(mul(ay, 1 - 0x1p-47)) >> 52)) - 1023;
  int e_hi = int((bit_cast<std::uint64_t>(mul(ay, 1 + 0x1p-47)) >> 52)) - 1023;
  e_lo = e_lo < -126 ? -126 : e_lo;
  e_hi = e_hi < -126 ? -126 : e_hi;
  if (e_lo != e_hi) return -1.0;  // not certain
  const int e = e_lo;
  // |result - y| is exact when result is within a factor 2 of y (Sterbenz),
  // otherwise rounded once (relative 2^-53); the scaling by 2^(23 - e) is exact.
  return mul(sincos_fabs(sub(double(result), y)), sincos_pow2(23 - e));
}

// The fast ULP error of a sinf / cosf result from y = sinf_approx(x) /
// cosf_approx(x) (the caller has it), or -1 where the exact (MPFR) form is
// needed: an uncertain binade. The sweep engine calls these with the y of the
// truth's batch (truth::sinf_batch), so each input is approximated once.
BITEXACT_INLINE double ulp_error_sinf_from(float x, double y, float result) {
  const std::uint32_t abits = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  double e = ulp_error_from_approx(y, result);
  if (e < 0 && abits < sincos_tiny_bits && (abits & 0x7fffffu) == 0) {
    // |x| = 2^k < 2^-12 (normal) and |sin x| lies just below it (see
    // sinf_fast): the exact value is in the binade 2^(k-1).
    const int k = int(abits >> 23) - 127;
    const int binade = k - 1 < -126 ? -126 : k - 1;
    e = mul(sincos_fabs(sub(double(result), y)), sincos_pow2(23 - binade));
  }
  return e;
}

BITEXACT_INLINE double ulp_error_cosf_from(float x, double y, float result) {
  const std::uint32_t abits = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  double e = ulp_error_from_approx(y, result);
  if (e < 0 && abits < sincos_tiny_bits) {
    // 1 - 2^-25 < cos x < 1: binade [1/2, 1), ulp 2^-24.
    e = mul(sincos_fabs(sub(double(result), y)), 0x1p24);
  }
  return e;
}

// The fast ULP errors of truth::ulp_error_sinf_approx / _cosf_approx, or -1
// where they need the exact (MPFR) form: exact zero, NaN or inf input, no
// approximation, or an uncertain binade.
BITEXACT_INLINE double ulp_error_sinf_fast(float x, float result) {
  double y;
  const std::uint32_t abits = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  if (abits == 0 || abits >= 0x7f800000u || !sinf_approx(x, y)) return -1.0;
  return ulp_error_sinf_from(x, y, result);
}

BITEXACT_INLINE double ulp_error_cosf_fast(float x, float result) {
  double y;
  const std::uint32_t abits = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  if (abits == 0 || abits >= 0x7f800000u || !cosf_approx(x, y)) return -1.0;
  return ulp_error_cosf_from(x, y, result);
}

}  // namespace bitexact::truth::detail
