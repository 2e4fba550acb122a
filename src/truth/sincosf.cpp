// Fast correctly rounded sinf/cosf (all four rounding modes), with MPFR as the
// fallback when the fast approximation cannot decide the rounding (Ziv).
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
// float. Constants: src/truth/sincosf_tables.inc, generated with MPFR by
// tools/gen_truth_tables.cpp.
#include <atomic>
#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth {
namespace {

#include "sincosf_tables.inc"

using u128 = unsigned __int128;
using i128 = __int128;

std::atomic<std::uint64_t> g_sin_fallbacks{0}, g_cos_fallbacks{0};

// The bits of 2/pi preceded by one word of zeros: bit j of 2/pi (weight 2^-j,
// j >= -63) is bit 63 - ((j + 63) mod 64) of word (j + 63) / 64.
constexpr std::uint64_t two_over_pi_padded[6] = {
    0, two_over_pi_bits[0], two_over_pi_bits[1], two_over_pi_bits[2], two_over_pi_bits[3], two_over_pi_bits[4]};

// 2^n as a double, -1022 <= n <= 1023.
inline double pow2(int n) { return bit_cast<double>(std::uint64_t(1023 + n) << 52); }

// c[0] + c[1] u + ... + c[8] u^8 by Estrin's scheme (short dependency chains).
// Every term c[k] u^k reaches the result through at most 11 roundings
// (counting those of u^2, u^4 = (u^2)^2, u^8 = (u^4)^2), so the evaluation
// error is at most gamma_11 sum |c[k]| u^k (docs/truth.md).
inline double estrin(const double* c, double u) {
  const double u2 = u * u, u4 = u2 * u2, u8 = u4 * u4;
  const double a0 = c[0] + c[1] * u, a1 = c[2] + c[3] * u;
  const double a2 = c[4] + c[5] * u, a3 = c[6] + c[7] * u;
  const double b0 = a0 + a1 * u2, b1 = a2 + a3 * u2;
  return (b0 + b1 * u4) + c[8] * u8;
}

// Reduction of |x| = m 2^e, 0x1.921fb6p-1 <= |x| < 2^128, 2^23 <= m < 2^24.
// Returns k (mod 4) and f with |x| 2/pi = k + f + delta (mod 4), where
// |f| <= 1/2 and 0 <= delta < 2^-102; f is correctly rounded from the exact
// fixed-point value. Returns false when |f| < 2^-40 (relative error of f not
// guaranteed below 2^-62; never observed for binary32, see the tests).
inline bool reduce(std::uint32_t abits, int& k, double& f) {
  const std::uint64_t m = (abits & 0x7fffffu) | 0x800000u;
  const int e = int(abits >> 23) - 150;  // -24 <= e <= 104
  // Bits j < e - 1 of 2/pi contribute multiples of 4 to m 2^e 2/pi: take the
  // 128 bits j = e-1 .. e+126, C. Then m 2^e 2/pi = m C 2^-126 (mod 4) up to
  // the omitted bits, which add less than m 2^-126 < 2^-102.
  const int s = e - 1 + 63;  // bit position in two_over_pi_padded: 38 .. 166
  const int w = s >> 6, sh = s & 63;
  std::uint64_t hi = two_over_pi_padded[w], lo = two_over_pi_padded[w + 1];
  if (sh != 0) {
    hi = (hi << sh) | (two_over_pi_padded[w + 1] >> (64 - sh));
    lo = (lo << sh) | (two_over_pi_padded[w + 2] >> (64 - sh));
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
  const int lz = (A >> 64) != 0 ? __builtin_clzll(std::uint64_t(A >> 64)) : 64 + __builtin_clzll(std::uint64_t(A));
  A <<= lz;
  std::uint64_t top = std::uint64_t(A >> 64) | (std::uint64_t(A) != 0 ? 1u : 0u);
  double fa = double(top) * pow2(-62 - lz);  // A 2^-126, exact scaling
  f = bit_cast<double>(bit_cast<std::uint64_t>(fa) ^ (std::uint64_t(sgn) << 63));
  return true;
}

// sin(pi/2 (q + f)) for q = 0..3: +-f S(f^2) or +-C(f^2). Branch-free (the
// quadrant is unpredictable): the table and the factor (f or 1, exact) are
// selected by indexing and masks, the sign by flipping the sign bit.
constexpr const double* quadrant_poly[2] = {sin_f_coeffs, cos_f_coeffs};
inline double eval_quadrant(int q, double f) {
  const double u = f * f;
  const std::uint64_t odd = std::uint64_t(q & 1);
  const std::uint64_t mask = 0 - odd;  // all ones for q odd
  const double m = bit_cast<double>((bit_cast<std::uint64_t>(f) & ~mask) | (bit_cast<std::uint64_t>(1.0) & mask));
  const double p = m * estrin(quadrant_poly[odd], u);
  return bit_cast<double>(bit_cast<std::uint64_t>(p) ^ (std::uint64_t(q & 2) << 62));
}

inline float nextup(float f) {  // f finite, not -0
  std::uint32_t b = bit_cast<std::uint32_t>(f);
  return bit_cast<float>((b >> 31) ? b - 1 : b + 1);
}
inline float nextdown(float f) {  // f finite, not +0
  std::uint32_t b = bit_cast<std::uint32_t>(f);
  return bit_cast<float>((b >> 31) ? b + 1 : b - 1);
}
inline float toward_zero_neighbour(float f) {  // f finite, nonzero
  return bit_cast<float>(bit_cast<std::uint32_t>(f) - 1);
}

// Round a double to binary32 in mode r: the hardware conversion rounds to
// nearest (gradual underflow); directed modes step to the neighbour when needed.
inline float round_to_float(double d, rounding r) {
  const float f = float(d);  // round to nearest even, gradual underflow
  if (r == rounding::nearest) return f;
  const double back = f;
  if (back == d || f != f) return f;
  switch (r) {
    case rounding::upward:
      return back < d ? nextup(f) : f;
    case rounding::downward:
      return back > d ? nextdown(f) : f;
    default:
      return fabs(back) > fabs(d) ? toward_zero_neighbour(f) : f;
  }
}

inline bool decide(double y, rounding r, float& out) {
  const double d = fabs(y) * detail::sincos_check_width;
  const float a = round_to_float(y - d, r);
  const float b = round_to_float(y + d, r);
  if (bit_cast<std::uint32_t>(a) != bit_cast<std::uint32_t>(b)) return false;
  out = a;
  return true;
}

constexpr std::uint32_t tiny_bits = 0x39800000u;   // 2^-12
constexpr std::uint32_t small_bits = 0x3f490fdau;  // largest float < pi/4

}  // namespace

namespace detail {

float round_double_to_float(double d, rounding r) { return round_to_float(d, r); }

bool sinf_approx(float x, double& y) {
  const std::uint32_t bits = bit_cast<std::uint32_t>(x), abits = bits & 0x7fffffffu;
  if (abits >= 0x7f800000u) return false;
  if (abits <= small_bits) {
    const double xd = x;
    y = xd * estrin(sin_x_coeffs, xd * xd);
    return true;
  }
  int k;
  double f;
  if (!reduce(abits, k, f)) return false;
  y = eval_quadrant(k & 3, f);
  y = bit_cast<double>(bit_cast<std::uint64_t>(y) ^ (std::uint64_t(bits >> 31) << 63));  // odd
  return true;
}

bool cosf_approx(float x, double& y) {
  const std::uint32_t abits = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  if (abits >= 0x7f800000u) return false;
  if (abits <= small_bits) {
    const double xd = x;
    y = estrin(cos_x_coeffs, xd * xd);
    return true;
  }
  int k;
  double f;
  if (!reduce(abits, k, f)) return false;
  y = eval_quadrant((k + 1) & 3, f);  // cos t = sin(t + pi/2)
  return true;
}

bool sinf_fast(float x, rounding r, float& out) {
  const std::uint32_t bits = bit_cast<std::uint32_t>(x), abits = bits & 0x7fffffffu;
  if (abits < tiny_bits) {
    // 0 < |x| < 2^-12: |x| - |x|^3/6 < |sin x| < |x|, and |x|^3/6 is less than
    // the gap below |x| (>= |x| 2^-24, or 2^-149 for subnormals), so sin x is
    // strictly between x and its neighbour toward zero. sin(+-0) = +-0.
    if (abits == 0 || r == rounding::nearest)
      out = x;
    else if (r == rounding::toward_zero)
      out = toward_zero_neighbour(x);
    else if (r == rounding::upward)
      out = (bits >> 31) ? toward_zero_neighbour(x) : x;
    else
      out = (bits >> 31) ? x : toward_zero_neighbour(x);
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
  return decide(y, r, out);
}

bool cosf_fast(float x, rounding r, float& out) {
  const std::uint32_t abits = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  if (abits < tiny_bits) {
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
  return decide(y, r, out);
}

}  // namespace detail

float sinf(float x, rounding r) {
  float out;
  if (detail::sinf_fast(x, r, out)) return out;
  g_sin_fallbacks.fetch_add(1, std::memory_order_relaxed);
  return mpfr_only::sinf(x, r);
}

float cosf(float x, rounding r) {
  float out;
  if (detail::cosf_fast(x, r, out)) return out;
  g_cos_fallbacks.fetch_add(1, std::memory_order_relaxed);
  return mpfr_only::cosf(x, r);
}

namespace {
// |result - exact| / ulp(exact) from y ~ exact (|y - exact| <= 2^-48 |exact|),
// with the rules of truth.hpp; -1 when the binade of the exact value is not
// certain. The error of the returned value is at most 2^-48 |exact| / ulp
// (< 2^-24 ulp) plus one rounding (2^-53 relative).
double ulp_error_from_approx(double y, float result) {
  const fp_bits<float> rb(result);
  if (rb.is_nan()) return __builtin_nan("");
  if (rb.is_inf()) return __builtin_inf();
  // Binade of the exact value: that of y unless y(1 -+ 2^-47) straddle a
  // power of two (the caller then decides or falls back).
  // Exponents below -126 count as -126 (subnormal range: ulp 2^-149).
  const double ay = fabs(y);
  int e_lo = int((bit_cast<std::uint64_t>(ay * (1 - 0x1p-47)) >> 52)) - 1023;
  int e_hi = int((bit_cast<std::uint64_t>(ay * (1 + 0x1p-47)) >> 52)) - 1023;
  e_lo = e_lo < -126 ? -126 : e_lo;
  e_hi = e_hi < -126 ? -126 : e_hi;
  if (e_lo != e_hi) return -1.0;  // not certain
  const int e = e_lo;
  // |result - y| is exact when result is within a factor 2 of y (Sterbenz),
  // otherwise rounded once (relative 2^-53); the scaling by 2^(23 - e) is exact.
  return fabs(double(result) - y) * pow2(23 - e);
}
}  // namespace

double ulp_error_sinf_approx(float x, float result) {
  double y;
  const std::uint32_t abits = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  if (abits == 0 || abits >= 0x7f800000u || !detail::sinf_approx(x, y))
    return ulp_error_sinf(x, result);  // exact zero, NaN, inf, or no approximation
  double e = ulp_error_from_approx(y, result);
  if (e < 0 && abits < tiny_bits && (abits & 0x7fffffu) == 0) {
    // |x| = 2^k < 2^-12 (normal) and |sin x| lies just below it (see
    // sinf_fast): the exact value is in the binade 2^(k-1).
    const int k = int(abits >> 23) - 127;
    const int binade = k - 1 < -126 ? -126 : k - 1;
    e = fabs(double(result) - y) * pow2(23 - binade);
  }
  return e < 0 ? ulp_error_sinf(x, result) : e;
}

double ulp_error_cosf_approx(float x, float result) {
  double y;
  const std::uint32_t abits = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  if (abits == 0 || abits >= 0x7f800000u || !detail::cosf_approx(x, y)) return ulp_error_cosf(x, result);
  double e = ulp_error_from_approx(y, result);
  if (e < 0 && abits < tiny_bits) {
    // 1 - 2^-25 < cos x < 1: binade [1/2, 1), ulp 2^-24.
    e = fabs(double(result) - y) * 0x1p24;
  }
  return e < 0 ? ulp_error_cosf(x, result) : e;
}

fast_path_stats fast_stats() {
  return {g_sin_fallbacks.load(std::memory_order_relaxed), g_cos_fallbacks.load(std::memory_order_relaxed)};
}
void reset_fast_stats() {
  g_sin_fallbacks.store(0, std::memory_order_relaxed);
  g_cos_fallbacks.store(0, std::memory_order_relaxed);
}

}  // namespace bitexact::truth
