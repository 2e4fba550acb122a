// bitexact/truth/target_fast.hpp — the fast layer of the truth for functions
// whose binary64 value a math library gives to well within 2^-49 relative
// (exp, exp2, log, log2, sqrt, ...): host and device code (BITEXACT_HD,
// header-only).
//
// The same method as the targets of the BITEXACT_NV_FUNCTION rows
// (src/truth/targets.cpp, docs/truth.md): y, the binary64 value from the
// host's libm (glibc) or the device's (CUDA's double-precision functions,
// whose documented maximum errors are 1 or 2 binary64 ulps for every
// function used here), is within 2^-49 |exact|; when y(1 - 2^-48) and
// y(1 + 2^-48) round to the same float, that float is the correctly rounded
// result, whatever libm computed y; otherwise the caller asks MPFR. The
// results therefore do not depend on which libm ran, only how often MPFR is
// asked. Exactly-rounded operations (sqrt, 1/sqrt in two roundings) need no
// libm at all.
#pragma once

#include <cmath>
#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/config.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth::detail {

// y for finite x, or NaN where the fast layer does not try.
BITEXACT_INLINE double target_approx(target t, double x) {
  switch (t) {
    case target::exp: return ::exp(x);
    case target::exp2: return ::exp2(x);
    case target::log: return ::log(x);
    case target::log2: return ::log2(x);
    case target::sqrt: return ::sqrt(x);
    case target::rsqrt: return 1.0 / ::sqrt(x);
    default: return __builtin_nan("");
  }
}

BITEXACT_INLINE bool target_usable(double v) {
  const double a = v < 0 ? -v : v;
  return a >= 0x1p-1000 && a <= 0x1p1000;  // finite, nonzero, far from binary64's ends
}

// ---- the functions of issue 34 -------------------------------------------------
// expm1 log1p sinh cosh exp10 log10 tanh erf erfc erfinv cbrt atan asin acos
// normcdf sinpi cospi tan (one operand), pow atan2 hypot (two). Each takes, in
// this order (docs/truth.md, "Functions of issue 34"):
//  1. exact results and ranges where the result follows from an inequality
//     (ml_rule): tiny arguments (expm1 x ~ x, cosh x ~ 1, ...), saturation
//     (tanh x ~ +-1, erfc x ~ 0 or 2, ...), integers and half-integers of
//     sinpi/cospi, pow(x, 0), hypot(x, 0), ...;
//  2. a binary64 value y with |y - exact| <= 2^-49 |exact| (ml_approx), decided
//     like every target: the float both ends of y (1 -+ 2^-47) round to. Where
//     y comes from a math library (the host's glibc, the device's CUDA/HIP
//     double functions), the bound is the library's documented maximum error
//     (glibc's: at most 5 binary64 ulps = 2^-49.7 relative for every function
//     used; the device's are taken as at most 8 ulps, docs/truth.md);
//     hypot and the host's sinpi, cospi, normcdf are binary64 formulas whose
//     error is bounded below; the host's erfinv (glibc has none) is checked
//     through erf instead (erfinv_host_decide);
//  3. otherwise false: MPFR decides.
// A NaN y for finite operands is a domain error (log1p x < -1, asin |x| > 1,
// pow of a negative base to a non-integer, ...): NaN, as the libraries return
// NaN exactly there.

BITEXACT_INLINE bool ml_target(target t) {
  return t >= target::expm1 || t == target::tan || t == target::exp10 || t == target::log10 || t == target::tanh;
}

// The exact value lies strictly between f and its neighbour above (below),
// less than half their distance from f: f in round-to-nearest.
BITEXACT_INLINE float ml_just_above(float f, rounding r) {
  const bool neg = (bit_cast<std::uint32_t>(f) >> 31) != 0;
  return (r == rounding::upward || (r == rounding::toward_zero && neg)) ? sincos_nextup(f) : f;
}
BITEXACT_INLINE float ml_just_below(float f, rounding r) {
  const bool neg = (bit_cast<std::uint32_t>(f) >> 31) != 0;
  return (r == rounding::downward || (r == rounding::toward_zero && !neg)) ? sincos_nextdown(f) : f;
}
// ... strictly between f and its neighbour away from zero / toward zero.
BITEXACT_INLINE float ml_just_away(float f, rounding r) { return f < 0 ? ml_just_below(f, r) : ml_just_above(f, r); }
BITEXACT_INLINE float ml_just_inside(float f, rounding r) { return f < 0 ? ml_just_above(f, r) : ml_just_below(f, r); }

inline constexpr double ml_pi = 0x1.921fb54442d18p+1;              // pi (1 + 2^-54.3)
inline constexpr double ml_two_over_sqrt_pi = 0x1.20dd750429b6dp+0;  // 2/sqrt(pi), rounded
inline constexpr double ml_rsqrt2_hi = 0x1.6a09e667f3bcdp-1;        // 1/sqrt(2) = hi + lo to 2^-107
inline constexpr double ml_rsqrt2_lo = -0x1.bdd3413b26456p-55;
inline constexpr double ml_ln10 = 0x1.26bb1bbb55516p+1;

// x = 2k + r with k an integer and r in [-1, 1], exactly (x a float: x/2 and
// rint are exact, and x - 2k is a multiple of x's ulp smaller than 2).
BITEXACT_INLINE double ml_reduce_mod2(float xf) {
  const double x = xf;
  const double k = ::rint(mul(x, 0.5));
  return sub(x, mul(k, 2.0));
}

// Step 1 (see above): true and the result, or false. x finite and nonzero.
BITEXACT_INLINE bool ml_rule(target t, float x, rounding r, float& out) {
  const std::uint32_t ab = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  const bool neg = x < 0;
  switch (t) {
    case target::expm1:
      // |x| < 2^-25: 0 < expm1 x - x <= x^2/2 (1 + |x|) < |x| 2^-25, half the
      // smallest gap next to x (or < 2^-150 for subnormals).
      if (ab < 0x33000000u) { out = ml_just_above(x, r); return true; }
      // x <= -18: -1 < expm1 x < -1 + e^-18 < -1 + 2^-25.
      if (x <= -18.0f) { out = ml_just_above(-1.0f, r); return true; }
      return false;
    case target::log1p:
      // |x| < 2^-25: -x^2/2 (1 + 2|x|) < log1p x - x < 0.
      if (ab < 0x33000000u) { out = ml_just_below(x, r); return true; }
      return false;
    case target::sinh:
    case target::asin:
    case target::tan:
      // |x| < 2^-13: |f x - x| = |x|^3/6 or /3 (1 + O(x^2)) < |x| 2^-27, away from zero.
      if (ab < 0x39000000u) { out = ml_just_away(x, r); return true; }
      return false;
    case target::tanh:
      if (ab < 0x39000000u) { out = ml_just_inside(x, r); return true; }  // x - x^3/3
      // |x| >= 10: 1 - |tanh x| = 2/(e^(2|x|) + 1) < 4.2e-9 < 2^-25.
      if (ab >= 0x41200000u) { out = ml_just_inside(neg ? -1.0f : 1.0f, r); return true; }
      return false;
    case target::atan:
      if (ab < 0x39000000u) { out = ml_just_inside(x, r); return true; }  // x - x^3/3
      return false;
    case target::cosh:
      // |x| < 2^-13: 1 < cosh x < 1 + 2^-26.9, below 1 + 2^-24 (half the gap above 1).
      if (ab < 0x39000000u) { out = ml_just_above(1.0f, r); return true; }
      return false;
    case target::exp10:
      // |x| < 2^-28: |10^x - 1| < 2.31 |x| (1 + 2^-26) < 2^-26.7 < 2^-26 (half the gap below 1).
      if (ab < 0x31800000u) { out = neg ? ml_just_below(1.0f, r) : ml_just_above(1.0f, r); return true; }
      return false;
    case target::erf:
      // |x| >= 4: 1 - |erf x| = erfc |x| <= erfc 4 = 1.55e-8 < 2^-25.
      if (ab >= 0x40800000u) { out = ml_just_inside(neg ? -1.0f : 1.0f, r); return true; }
      return false;
    case target::erfc:
      // |x| < 2^-28: |erfc x - 1| < 1.13 |x| < 2^-26.8.
      if (ab < 0x31800000u) { out = neg ? ml_just_above(1.0f, r) : ml_just_below(1.0f, r); return true; }
      // x <= -4: 2 - 1.55e-8 < erfc x < 2 (half the gap below 2: 2^-24).
      if (x <= -4.0f) { out = ml_just_below(2.0f, r); return true; }
      // x >= 10.5: 0 < erfc x <= 7.1e-50 < 2^-150.
      if (x >= 10.5f) { out = ml_just_above(0.0f, r); return true; }
      return false;
    case target::normcdf:
      // |x| < 2^-28: |Phi(x) - 1/2| < 0.4 |x| < 2^-29 (half the gap below 1/2: 2^-26).
      if (ab < 0x31800000u) { out = neg ? ml_just_below(0.5f, r) : ml_just_above(0.5f, r); return true; }
      // x >= 6: 1 - 9.9e-10 < Phi(x) < 1;  x <= -15: 0 < Phi(x) < 3.7e-51 < 2^-150.
      if (x >= 6.0f) { out = ml_just_below(1.0f, r); return true; }
      if (x <= -15.0f) { out = ml_just_above(0.0f, r); return true; }
      return false;
    case target::cospi: {
      // |x| < 2^-14: 1 - 2^-25.6 < 1 - pi^2 x^2/2 < cos(pi x) < 1.
      if (ab < 0x38800000u) { out = ml_just_below(1.0f, r); return true; }
      const double a = sincos_fabs(ml_reduce_mod2(x));  // cos(pi x) = cos(pi a)
      if (a == 0.0) { out = 1.0f; return true; }
      if (a == 1.0) { out = -1.0f; return true; }
      if (a == 0.5) { out = 0.0f; return true; }  // cosPi(n + 1/2) = +0 (IEEE 754-2019 9.2.1)
      return false;
    }
    case target::sinpi: {
      const double rr = ml_reduce_mod2(x);
      if (rr == 0.0 || sincos_fabs(rr) == 1.0) {  // sinPi(+-n) = +-0: the sign of x
        out = neg ? -0.0f : 0.0f;
        return true;
      }
      if (sincos_fabs(rr) == 0.5) { out = rr < 0 ? -1.0f : 1.0f; return true; }
      return false;
    }
    default: return false;
  }
}

#if !BITEXACT_DEVICE_PASS
// Host: sin(pi a) and cos(pi a) for 0 < a < 1/2 (a a multiple of 2^-25 or
// a <= 1/4), from glibc's sin/cos on [0, pi/4]: z = fl(pi_d b) is pi b (1 + e),
// |e| <= 2^-53 + 2^-54.3; the relative condition of sin and cos there is at
// most 1 (z cot z, z tan z <= pi/4), glibc's sin/cos error at most 1 ulp
// (2^-52): in all below 2^-50.9 relative.
inline double ml_sinpi_host_reduced(double a) {
  return a <= 0.25 ? ::sin(mul(ml_pi, a)) : ::cos(mul(ml_pi, sub(0.5, a)));
}
inline double ml_cospi_host_reduced(double a) {
  return a <= 0.25 ? ::cos(mul(ml_pi, a)) : ::sin(mul(ml_pi, sub(0.5, a)));
}
// sinpi / cospi of a float x that ml_rule left (r not 0, +-1/2, +-1): a = |r|
// or 1 - |r| (exact: |x| >= 1/4 there, so r is a multiple of 2^-25).
inline double ml_sinpi_host(float x) {
  const double rr = ml_reduce_mod2(x);
  double a = sincos_fabs(rr);
  if (a > 0.5) a = sub(1.0, a);  // sin(pi (1 - a)) = sin(pi a)
  const double v = ml_sinpi_host_reduced(a);
  return rr < 0 ? -v : v;
}
inline double ml_cospi_host(float x) {
  double a = sincos_fabs(ml_reduce_mod2(x));
  if (a > 0.5) return -ml_cospi_host_reduced(sub(1.0, a));  // cos(pi (1 - a)) = -cos(pi a)
  return ml_cospi_host_reduced(a);
}
// Phi(x) = erfc(t)/2, t = -x/sqrt(2) = th + tl to 2^-104 |t| (fma: exact
// product error). erfc(th + tl) = erfc(th) - (2/sqrt(pi)) e^(-th^2) tl +
// O(t tl^2 e^(-t^2)); the correction is at most 2^-45 of the result for the
// x in (-15, 6) that reach it, computed to 2^-44, and the second-order term is
// below 2^-95: the error is glibc's erfc (5 ulps, 2^-49.7) plus one
// subtraction (2^-53), below 2^-49.
inline double ml_normcdf_host(float xf) {
  const double x = -double(xf);
  const double th = mul(x, ml_rsqrt2_hi);
  const double tl = add(::fma(x, ml_rsqrt2_hi, -th), mul(x, ml_rsqrt2_lo));
  const double c = mul(mul(ml_two_over_sqrt_pi, ::exp(-mul(th, th))), tl);
  return mul(0.5, sub(::erfc(th), c));
}

// erfinv on the host (glibc has none): a candidate from Winitzki's
// approximation and Newton steps on erf (erfc near +-1), then a proof that
// the candidate float is right: erfinv is increasing, so y* = erfinv(x) lies
// in (lo, hi) exactly when erf(lo) < x < erf(hi). erf/erfc come from glibc
// (1 and 5 ulps: within 2^-49); a comparison counts only when it holds with a
// 2^-48 relative margin (ml_erf_compare: twice that bound, so the rounding of
// e -+ m cannot eat it).
inline double ml_erfinv_guess(double x) {
  const double a = 0.147, two_over_pi_a = 2.0 / (3.141592653589793 * a);
  const double l = ::log1p(-x * x);  // ln(1 - x^2)
  const double u = two_over_pi_a + l / 2;
  double y = ::sqrt(::sqrt(u * u - l / a) - u);
  y = x < 0 ? -y : y;
  const double ax = sincos_fabs(x), c = 1.0 - ax;  // c exact for a float x
  for (int i = 0; i < 4; ++i) {
    const double d = ml_two_over_sqrt_pi * ::exp(-y * y);
    if (!(d > 0)) break;
    if (ax <= 0.5)
      y -= (::erf(y) - x) / d;
    else if (x > 0)
      y += (::erfc(y) - c) / d;
    else
      y -= (::erfc(-y) - c) / d;
  }
  return y;
}
// Sign of erf(b) - x when certain (-1 or +1), 0 otherwise. x a float in (-1, 1).
inline int ml_erf_compare(double b, double x) {
  const double ax = sincos_fabs(x);
  if (ax <= 0.5) {
    const double e = ::erf(b), m = mul(sincos_fabs(e), 0x1p-48);
    if (add(e, m) < x) return -1;
    if (sub(e, m) > x) return 1;
    return 0;
  }
  const double c = 1.0 - ax;  // exact
  if (x > 0) {                // erf(b) - x = c - erfc(b)
    if (b <= 0) return -1;
    const double e = ::erfc(b), m = mul(e, 0x1p-48);
    if (sub(e, m) > c) return -1;
    if (add(e, m) < c) return 1;
    return 0;
  }
  if (b >= 0) return 1;  // x < 0: erf(b) - x = erfc(-b) - c
  const double e = ::erfc(-b), m = mul(e, 0x1p-48);
  if (sub(e, m) > c) return 1;
  if (add(e, m) < c) return -1;
  return 0;
}
BITEXACT_INLINE float ml_float_up(float f) { return bit_cast<std::uint32_t>(f) == 0x80000000u ? 0x1p-149f : sincos_nextup(f); }
BITEXACT_INLINE float ml_float_down(float f) { return bit_cast<std::uint32_t>(f) == 0u ? -0x1p-149f : sincos_nextdown(f); }
inline bool ml_erfinv_host_decide(float xf, rounding r, float& out) {
  const double x = xf, y = ml_erfinv_guess(x);
  if (!(y == y)) return false;
  const float f = round_double_to_float(y, r);
  // (lo, hi): the reals that round to f in mode r, ends excluded.
  double lo, hi;
  const double fd = f, up = ml_float_up(f), down = ml_float_down(f);
  switch (r) {
    case rounding::nearest: lo = mul(add(down, fd), 0.5); hi = mul(add(fd, up), 0.5); break;  // exact
    case rounding::upward: lo = down; hi = fd; break;
    case rounding::downward: lo = fd; hi = up; break;
    default:
      if (y > 0) { lo = fd; hi = up; } else { lo = down; hi = fd; }
      break;
  }
  if (ml_erf_compare(lo, x) < 0 && ml_erf_compare(hi, x) > 0) {
    out = f;
    return true;
  }
  return false;
}
// The candidate y when erfinv(x) is proven within y (1 -+ 2^-47), else NaN:
// the accuracy ulp_error_from_approx assumes (its binade test) and that
// keeps the ULP error within 2^-23 ulp. The enclosure must be wider than the
// margin: moving y by a relative e moves erf(y) by about s e relative, s =
// y erf'(y) / erf(y), at least 0.85 where erf is used (|x| <= 1/2) and
// erfc's own s at least as large beyond; with 2^-48 for 2^-47 the proof
// succeeds wherever Newton's y is within about 2^-50 (a 2^-48 enclosure
// against a 2^-47 margin, the first version, almost never succeeded below
// |x| = 1/2, and the sweep took every such error from MPFR: ~6 us an input).
inline double ml_erfinv_host_checked(float xf) {
  const double x = xf, y = ml_erfinv_guess(x);
  if (!(y == y) || y == 0) return __builtin_nan("");
  const double d = mul(sincos_fabs(y), 0x1p-47);
  if (ml_erf_compare(sub(y, d), x) < 0 && ml_erf_compare(add(y, d), x) > 0) return y;
  return __builtin_nan("");
}
#endif

// Step 2: y for finite nonzero x that ml_rule left, NaN for a domain error
// (or, host erfinv, where no checked value exists).
BITEXACT_INLINE double ml_approx(target t, float xf) {
  const double x = xf;
  switch (t) {
    case target::expm1: return ::expm1(x);
    case target::log1p: return ::log1p(x);
    case target::sinh: return ::sinh(x);
    case target::cosh: return ::cosh(x);
    case target::exp10: return ::exp10(x);
    case target::log10: return ::log10(x);
    case target::tanh: return ::tanh(x);
    case target::tan: return ::tan(x);
    case target::erf: return ::erf(x);
    case target::erfc: return ::erfc(x);
    case target::cbrt: return ::cbrt(x);
    case target::atan: return ::atan(x);
    case target::asin: return ::asin(x);
    case target::acos: return ::acos(x);
#if BITEXACT_DEVICE_PASS
    case target::erfinv: return ::erfinv(x);
    case target::normcdf: return ::normcdf(x);
    case target::sinpi: return ::sinpi(x);
    case target::cospi: return ::cospi(x);
#else
    case target::erfinv: return ml_erfinv_host_checked(xf);
    case target::normcdf: return ml_normcdf_host(xf);
    case target::sinpi: return ml_sinpi_host(xf);
    case target::cospi: return ml_cospi_host(xf);
#endif
    default: return __builtin_nan("");
  }
}

BITEXACT_INLINE bool ml_grows(target t) {  // exp-like: far beyond binary64's range for large x
  return t == target::expm1 || t == target::sinh || t == target::cosh || t == target::exp10 || t == target::pow;
}

// y decided: the representatives of values beyond binary64's range, else the interval check.
BITEXACT_INLINE bool ml_decide(target t, double y, rounding r, float& out) {
  if (y != y) {  // domain error
    out = bit_cast<float>(0x7fc00000u);
    return true;
  }
  const double a = sincos_fabs(y);
  if (ml_grows(t) && !(a <= 0x1p1000)) {  // |exact| > 2^999: rounds like 2^1000
    out = round_double_to_float(y < 0 ? -0x1p1000 : 0x1p1000, r);
    return true;
  }
  if ((t == target::exp10 || t == target::pow) && a < 0x1p-1000) {  // 0 < |exact| < 2^-999
    out = round_double_to_float((bit_cast<std::uint64_t>(y) >> 63) ? -0x1p-1000 : 0x1p-1000, r);
    return true;
  }
  if (!target_usable(y)) return false;
  return sincos_decide(y, r, out);
}

BITEXACT_INLINE bool ml_fast(target t, float x, rounding r, float& out) {
  const std::uint32_t b = bit_cast<std::uint32_t>(x);
  if ((b & 0x7fffffffu) > 0x7f800000u) {  // NaN: NaN for every one of these functions
    out = bit_cast<float>(0x7fc00000u);
    return true;
  }
  if ((b & 0x7f800000u) == 0x7f800000u || (b & 0x7fffffffu) == 0) return false;  // MPFR: exact there
  if (ml_rule(t, x, r, out)) return true;
#if !BITEXACT_DEVICE_PASS
  if (t == target::erfinv) {
    if ((b & 0x7fffffffu) > 0x3f800000u) {  // |x| > 1
      out = bit_cast<float>(0x7fc00000u);
      return true;
    }
    return (b & 0x7fffffffu) != 0x3f800000u && ml_erfinv_host_decide(x, r, out);
  }
#endif
  return ml_decide(t, ml_approx(t, x), r, out);
}

// The ULP error of `result` against c + d (c a nonzero float, 0 < |d| <
// |c| 2^-25, d within 2^-30 relative): the binade is c's, or the one below
// when c is a power of two (above 2^-126) and d points toward zero. Within
// 2^-50 ulp plus one rounding.
BITEXACT_INLINE double ml_ulp_error_offset(float c, double d, float result) {
  const std::uint32_t cb = bit_cast<std::uint32_t>(c) & 0x7fffffffu;
  int e = int(cb >> 23) - 127;
  if (e < -126) e = -126;  // subnormal c: ulp 2^-149
  if ((cb & 0x7fffffu) == 0 && e > -126 && (d < 0) != (c < 0)) e -= 1;
  return mul(sincos_fabs(sub(sub(double(result), double(c)), d)), sincos_pow2(23 - e));
}
BITEXACT_INLINE double ml_tiny_floor(double d) {  // |d| at least 2^-1000 (the true value's is smaller: < 2^-976 ulp)
  return sincos_fabs(d) >= 0x1p-1000 ? d : (d < 0 ? -0x1p-1000 : 0x1p-1000);
}

// Where ml_rule decides from an inequality, the exact value is c + d with a
// small d computed here (relative accuracy 2^-30 is plenty: |d| < ulp/2);
// or a value below 2^-126 (*tiny, absolute error < 2^-1000). False elsewhere.
BITEXACT_INLINE bool ml_offset(target t, float xf, float& c, double& d, bool& tiny) {
  const double x = xf, ax = sincos_fabs(x);
  tiny = false;
  switch (t) {
    case target::expm1:
      if (x <= -18) { c = -1.0f; d = ml_tiny_floor(::exp(x)); return true; }
      return false;
    case target::tanh:
      if (ax >= 10) {
        const double e = ::exp(-2 * ax);
        c = x < 0 ? -1.0f : 1.0f;
        d = ml_tiny_floor(2 * e / (1 + e));
        d = x < 0 ? d : -d;
        return true;
      }
      return false;
    case target::cosh:
      if (ax < 0x1p-13) { const double s = ::sinh(x * 0.5); c = 1.0f; d = 2 * s * s; return true; }
      return false;
    case target::exp10:
      if (ax < 0x1p-28) { c = 1.0f; d = ::expm1(x * ml_ln10); return true; }
      return false;
    case target::erf:
      if (ax >= 4) { c = x < 0 ? -1.0f : 1.0f; d = ml_tiny_floor(::erfc(ax)); d = x < 0 ? d : -d; return true; }
      return false;
    case target::erfc:
      if (ax < 0x1p-28) { c = 1.0f; d = -::erf(x); return true; }
      if (x <= -4) { c = 2.0f; d = -ml_tiny_floor(::erfc(-x)); return true; }
      if (x >= 10.5) { c = 0.0f; d = ::erfc(x); tiny = true; return true; }
      return false;
    case target::normcdf:
      if (ax < 0x1p-28) { c = 0.5f; d = 0.5 * ::erf(x * ml_rsqrt2_hi); return true; }
      if (x >= 6) { c = 1.0f; d = -ml_tiny_floor(0.5 * ::erfc(x * ml_rsqrt2_hi)); return true; }
      if (x <= -15) { c = 0.0f; d = 0.5 * ::erfc(-x * ml_rsqrt2_hi); tiny = true; return true; }
      return false;
    case target::cospi:
      if (ax < 0x1p-14) { const double s = ::sin(ml_pi * x * 0.5); c = 1.0f; d = -2 * s * s; return true; }
      return false;
    default: return false;
  }
}

BITEXACT_INLINE double ml_ulp_error_fast(target t, float x, float result) {
  const std::uint32_t b = bit_cast<std::uint32_t>(x), rb = bit_cast<std::uint32_t>(result);
  if ((b & 0x7f800000u) == 0x7f800000u || (b & 0x7fffffffu) == 0) return -1.0;
  if ((rb & 0x7f800000u) == 0x7f800000u) return -1.0;
  float c;
  double d;
  bool tiny;
  if (ml_offset(t, x, c, d, tiny)) {
    if (tiny) return mul(sincos_fabs(sub(double(result), d)), 0x1p149);  // exact below 2^-149: ulp 2^-149
    return ml_ulp_error_offset(c, d, result);
  }
  if (t == target::sinpi || t == target::cospi) {
    float exact;  // 0, +-1: the exact cases
    if (ml_rule(t, x, rounding::nearest, exact)) return -1.0;
  }
  const double y = ml_approx(t, x);
  if (!target_usable(y)) return -1.0;
  return ulp_error_from_approx(y, result);
}

// ---- two operands: pow, atan2 (C's order: atan2(x, y) = arg(y + i x)), hypot
BITEXACT_INLINE bool ml_special(float v) { return (bit_cast<std::uint32_t>(v) & 0x7f800000u) == 0x7f800000u || v == 0; }

// pow(x, y) for x > 0 close to 1 (|y ln x| < 2^-28, measured in binary64 with
// a 2^-50 relative error): e^L - 1 has L's sign and |e^L - 1| < 2^-27.9, less
// than half the gap on either side of 1 (2^-25 below, 2^-24 above). A
// negative base needs |y| >= 1 (an integer) and |ln|x|| >= 2^-24: never here.
BITEXACT_INLINE bool ml_pow_near_one(float x, float y, double& l) {
  if (!(x > 0)) return false;
  l = mul(double(y), ::log(double(x)));
  return sincos_fabs(l) < 0x1p-28;
}
// hypot(x, y) with the smaller magnitude s below 2^-13 times the larger b:
// b < hypot < b (1 + 2^-27), less than half the gap above b.
BITEXACT_INLINE bool ml_hypot_lopsided(float x, float y, float& big, float& small) {
  const float ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
  big = ax < ay ? ay : ax;
  small = ax < ay ? ax : ay;
  return mul(double(small), 0x1p13) < double(big);
}

BITEXACT_INLINE bool target_fast2(target t, float x, float y, rounding r, float& out) {
  switch (t) {
    case target::pow: {
      // Annex F: pow(x, +-0) = 1 and pow(+1, y) = 1 for any x, y (NaN too).
      if (y == 0 || x == 1.0f) { out = 1.0f; return true; }
      if (x != x || y != y) { out = bit_cast<float>(0x7fc00000u); return true; }  // any other NaN operand
      if (ml_special(x) || ml_special(y)) return false;
      if (y == 1.0f) { out = x; return true; }
      double l;
      if (ml_pow_near_one(x, y, l)) { out = l > 0 ? ml_just_above(1.0f, r) : ml_just_below(1.0f, r); return true; }
      return ml_decide(t, ::pow(double(x), double(y)), r, out);
    }
    case target::atan2:
      if (x != x || y != y) { out = bit_cast<float>(0x7fc00000u); return true; }
      if (ml_special(x) || ml_special(y)) return false;
      return ml_decide(t, ::atan2(double(x), double(y)), r, out);
    case target::hypot: {
      const std::uint32_t ax = bit_cast<std::uint32_t>(x) & 0x7fffffffu, ay = bit_cast<std::uint32_t>(y) & 0x7fffffffu;
      if (ax == 0x7f800000u || ay == 0x7f800000u) { out = bit_cast<float>(0x7f800000u); return true; }  // even with NaN
      if (ax > 0x7f800000u || ay > 0x7f800000u) { out = bit_cast<float>(0x7fc00000u); return true; }  // NaN, no inf
      if (ax == 0 || ay == 0) { out = bit_cast<float>(ax | ay); return true; }  // |x|, |y| or +0: exact
      float big, small;
      if (ml_hypot_lopsided(x, y, big, small)) { out = ml_just_above(big, r); return true; }
      // x^2 and y^2 are exact in binary64 (48 bits, exponents within range),
      // the sum and the square root round once each: relative error < 2^-52.4.
      const double xd = x, yd = y;
      return ml_decide(t, ::sqrt(add(mul(xd, xd), mul(yd, yd))), r, out);
    }
    default: return false;
  }
}

BITEXACT_INLINE double target_ulp_error_fast2(target t, float x, float y, float result) {
  if ((bit_cast<std::uint32_t>(result) & 0x7f800000u) == 0x7f800000u || ml_special(x) || ml_special(y)) return -1.0;
  double v;
  const double xd = x, yd = y;
  if (t == target::pow) {  // c + d forms of the rules of target_fast2
    if (x == 1.0f || y == 1.0f) return -1.0;  // exact
    double l;
    if (ml_pow_near_one(x, y, l)) return ml_ulp_error_offset(1.0f, ::expm1(l), result);
  } else if (t == target::hypot) {
    float big, small;
    if (ml_hypot_lopsided(x, y, big, small)) {  // hypot - b = s^2 / (hypot + b), no cancellation
      const double b = big, sm = small;
      return ml_ulp_error_offset(big, mul(sm, sm) / add(b, ::sqrt(add(mul(b, b), mul(sm, sm)))), result);
    }
  }
  switch (t) {
    case target::pow: v = ::pow(xd, yd); break;
    case target::atan2: v = ::atan2(xd, yd); break;
    case target::hypot: v = ::sqrt(add(mul(xd, xd), mul(yd, yd))); break;
    default: return -1.0;
  }
  if (!target_usable(v)) return -1.0;
  return ulp_error_from_approx(v, result);
}

// One-operand target t at x in mode r: true and the correctly rounded result,
// or false where MPFR must decide. Special operands (NaN, infinities, zeros,
// domain errors) are left to MPFR, which is exact for them and rarely asked.
BITEXACT_INLINE bool target_fast(target t, float x, rounding r, float& out) {
  if (ml_target(t)) return ml_fast(t, x, r, out);
  const std::uint32_t b = bit_cast<std::uint32_t>(x);
  if ((b & 0x7f800000u) == 0x7f800000u || (b & 0x7fffffffu) == 0) return false;
  const double y = target_approx(t, double(x));
  if (!target_usable(y)) {
    // exp of a finite x beyond binary64's range: the exact value is positive
    // and below 2^-990 or above 2^990, where every value rounds like these.
    if ((t == target::exp || t == target::exp2) && y == y) {
      out = round_double_to_float(y < 1 ? 0x1p-1000 : 0x1p1000, r);
      return true;
    }
    return false;
  }
  return sincos_decide(y, r, out);
}

// The ULP error of `result` within 2^-23 ulp, or -1 where MPFR is needed.
BITEXACT_INLINE double target_ulp_error_fast(target t, float x, float result) {
  if (ml_target(t)) return ml_ulp_error_fast(t, x, result);
  const std::uint32_t b = bit_cast<std::uint32_t>(x), rb = bit_cast<std::uint32_t>(result);
  if ((b & 0x7f800000u) == 0x7f800000u || (b & 0x7fffffffu) == 0) return -1.0;
  if ((rb & 0x7f800000u) == 0x7f800000u) return -1.0;
  const double y = target_approx(t, double(x));
  if (!target_usable(y)) return -1.0;
  return ulp_error_from_approx(y, result);
}

}  // namespace bitexact::truth::detail
