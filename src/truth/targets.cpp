// The exact functions the BITEXACT_NV_FUNCTION rows approximate (truth.hpp,
// "the targets"): correctly rounded binary32 results and ULP errors.
//
// Fast path (Ziv): a binary64 value y of the target, either exactly rounded
// (1/x, x/y, sqrt x: one IEEE operation; 1/sqrt x: two, relative error
// < 2^-52) or from the host libm (sin, cos, tan, exp, exp2, exp10, log, log2,
// log10, tanh), assumed within 2^-49 relative: glibc documents at most 2 binary64
// ulps (2^-51) for each. When y (1 - 2^-48) and y (1 + 2^-48) round to the
// same float, that float is the correctly rounded target (the true value lies
// between them); otherwise MPFR computes it. A NaN y for non-NaN finite
// operands is a domain error (NaN); exp, exp2, exp10 beyond binary64's range
// round like any value that far out; other non-finite, zero or tiny y go to
// MPFR.
#include <cmath>
#include <limits>

#include <mpfr.h>

#include "bitexact/bits.hpp"
#include "bitexact/truth/mpfr.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/target_fast.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth {
namespace {

inline constexpr double rel_bound = 0x1p-48;  // half-width of the checked interval (libm bound 2^-49, doubled)

// The binary64 approximation, or NaN when the fast path should not try.
double approx(target t, float xf, float yf) {
  const double x = xf, y = yf;  // exact
  switch (t) {
    case target::sin: return std::sin(x);
    case target::cos: return std::cos(x);
    case target::tan: return std::tan(x);
    case target::exp: return std::exp(x);
    case target::exp2: return std::exp2(x);
    case target::exp10: return ::exp10(x);
    case target::log: return std::log(x);
    case target::log2: return std::log2(x);
    case target::log10: return std::log10(x);
    case target::rec: return 1.0 / x;
    case target::rsqrt: return 1.0 / std::sqrt(x);
    case target::sqrt: return std::sqrt(x);
    case target::div: return x / y;
    case target::tanh: return std::tanh(x);
    default: break;  // the functions of issue 34: detail::ml_approx (target_fast.hpp)
  }
  return std::numeric_limits<double>::quiet_NaN();
}

bool usable(double v) {
  const double a = std::fabs(v);
  return std::isfinite(v) && a >= 0x1p-1000;  // nonzero, far from binary64 underflow
}

// The exact target at out's precision, rounded in `rnd`; returns the ternary value.
int exact(target t, float xf, float yf, mpfr_ptr out, mpfr_rnd_t rnd) {
  mpfr_t x, y;
  mpfr_init2(x, 24);
  mpfr_init2(y, 24);
  mpfr_set_flt(x, xf, MPFR_RNDN);
  mpfr_set_flt(y, yf, MPFR_RNDN);
  int ternary = 0;
  switch (t) {
    case target::sin: ternary = mpfr_sin(out, x, rnd); break;
    case target::cos: ternary = mpfr_cos(out, x, rnd); break;
    case target::tan: ternary = mpfr_tan(out, x, rnd); break;
    case target::exp: ternary = mpfr_exp(out, x, rnd); break;
    case target::exp2: ternary = mpfr_exp2(out, x, rnd); break;
    case target::exp10: ternary = mpfr_exp10(out, x, rnd); break;
    case target::log: ternary = mpfr_log(out, x, rnd); break;
    case target::log2: ternary = mpfr_log2(out, x, rnd); break;
    case target::log10: ternary = mpfr_log10(out, x, rnd); break;
    case target::rec: ternary = mpfr_ui_div(out, 1, x, rnd); break;
    case target::rsqrt: ternary = mpfr_rec_sqrt(out, x, rnd); break;
    case target::sqrt: ternary = mpfr_sqrt(out, x, rnd); break;
    case target::div: ternary = mpfr_div(out, x, y, rnd); break;
    case target::tanh: ternary = mpfr_tanh(out, x, rnd); break;
    case target::expm1: ternary = mpfr_expm1(out, x, rnd); break;
    case target::log1p: ternary = mpfr_log1p(out, x, rnd); break;
    case target::sinh: ternary = mpfr_sinh(out, x, rnd); break;
    case target::cosh: ternary = mpfr_cosh(out, x, rnd); break;
    case target::erf: ternary = mpfr_erf(out, x, rnd); break;
    case target::erfc: ternary = mpfr_erfc(out, x, rnd); break;
    case target::cbrt: ternary = mpfr_cbrt(out, x, rnd); break;
    case target::atan: ternary = mpfr_atan(out, x, rnd); break;
    case target::asin: ternary = mpfr_asin(out, x, rnd); break;
    case target::acos: ternary = mpfr_acos(out, x, rnd); break;
    // MPFR follows C99 Annex F for the special operands of these three
    // (pow(x, +-0) = 1, atan2's signed zeros, hypot(+-inf, NaN) = +inf).
    case target::pow: ternary = mpfr_pow(out, x, y, rnd); break;
    case target::atan2: ternary = mpfr_atan2(out, x, y, rnd); break;  // atan2(x, y): C's order
    case target::hypot: ternary = mpfr_hypot(out, x, y, rnd); break;
    case target::erfinv:
    case target::normcdf:
    case target::sinpi:
    case target::cospi: break;  // enclose() below
  }
  mpfr_clears(x, y, (mpfr_ptr)0);
  return ternary;
}

bool exp_like(target t) { return t == target::exp || t == target::exp2 || t == target::exp10; }

bool two_operands(target t) { return t == target::pow || t == target::atan2 || t == target::hypot; }

// ---- exact forms of the targets MPFR has no function for ---------------------------
// erfinv, normcdf, sinpi, cospi: an interval [lo, hi] that contains the exact
// value, computed at working precision p with directed roundings (every
// operation rounded outward), or the exact value itself. The correctly
// rounded result is round_to(lo) when round_to(lo) == round_to(hi) (rounding
// is monotone); otherwise p doubles (Ziv). Exact values (sinpi of integers
// and half-integers, normcdf(0) = 1/2, ...) are returned as such, so the
// loop never meets a value on a rounding boundary.
//  * sinpi, cospi: x = 2k + r exactly (binary64), then sin(pi a) / cos(pi a) of
//    a = |r| or 1 - |r| in (0, 1/2), where both are monotone: with pi_down <=
//    pi <= pi_up, sin(a pi_down) <= sin(pi a) <= sin(a pi_up) (each rounded
//    outward). sinPi(+-n) = +-0 (sign of x), cosPi(n + 1/2) = +0 (IEEE 754-2019).
//  * normcdf(x) = erfc(-x/sqrt 2)/2: t = |x|/sqrt 2 enclosed with sqrt 2 rounded
//    both ways, Q = erfc(t)/2 enclosed (erfc decreasing); Phi = Q for x < 0,
//    1 - Q for x > 0 (at a precision that keeps Q's bits). x >= 40 (Q < 2^-1150)
//    and x <= -1000 (Phi < 2^-700000): representatives 1 - 2^-200 and 2^-1000000,
//    which round like the exact value to binary32 and to the 128 bits of the
//    ULP errors, and are within 2^-170 ulp of it.
//  * erfinv(x), |x| < 1: Newton's iteration on erf(y) = |x| (erfc(y) = 1 - |x|
//    when |x| > 1/2, 1 - |x| being exact) from the binary64 guess, at p + 32
//    bits; then [y - d, y + d], d = |y| 2^(4-p), is proven to contain
//    erfinv |x| by erf(y - d) < |x| < erf(y + d) with erf rounded outward at
//    p + 64 bits (erfc's reversed inequalities near 1). Not proven: p doubles.
enum class encl { exact, interval, retry };

void pi_bounds(mpfr_ptr pd, mpfr_ptr pu) {
  mpfr_const_pi(pd, MPFR_RNDD);
  mpfr_const_pi(pu, MPFR_RNDU);
}

encl enclose(target t, float xf, mpfr_prec_t p, mpfr_ptr lo, mpfr_ptr hi) {
  mpfr_set_prec(lo, p);
  mpfr_set_prec(hi, p);
  const double x = xf;
  if (std::isnan(x) || (std::isinf(x) && (t == target::sinpi || t == target::cospi))) {
    mpfr_set_nan(lo);
    return encl::exact;
  }
  mpfr_t a1, a2;
  mpfr_inits2(p, a1, a2, (mpfr_ptr)0);
  encl res = encl::interval;
  switch (t) {
    case target::sinpi:
    case target::cospi: {
      const double rr = x - 2 * std::rint(x * 0.5);  // exact
      double a = std::fabs(rr);
      const bool sin = t == target::sinpi;
      if (sin && (a == 0 || a == 1)) {
        mpfr_set_zero(lo, std::signbit(x) ? -1 : 1);
        res = encl::exact;
        break;
      }
      if (sin && a == 0.5) {
        mpfr_set_si(lo, rr < 0 ? -1 : 1, MPFR_RNDN);
        res = encl::exact;
        break;
      }
      if (!sin && (a == 0 || a == 1)) {
        mpfr_set_si(lo, a == 0 ? 1 : -1, MPFR_RNDN);
        res = encl::exact;
        break;
      }
      if (!sin && a == 0.5) {
        mpfr_set_zero(lo, 1);
        res = encl::exact;
        break;
      }
      bool negate = sin ? rr < 0 : a > 0.5;
      if (a > 0.5) a = 1 - a;  // exact (|x| >= 1/2 there: r is a multiple of 2^-25)
      pi_bounds(a1, a2);
      mpfr_mul_d(a1, a1, a, MPFR_RNDD);  // a pi_down, rounded down: <= pi a
      mpfr_mul_d(a2, a2, a, MPFR_RNDU);  // >= pi a; both in (0, pi/2)
      if (sin) {
        mpfr_sin(lo, a1, MPFR_RNDD);
        mpfr_sin(hi, a2, MPFR_RNDU);
      } else {
        mpfr_cos(lo, a2, MPFR_RNDD);
        mpfr_cos(hi, a1, MPFR_RNDU);
      }
      if (negate) {
        mpfr_swap(lo, hi);
        mpfr_neg(lo, lo, MPFR_RNDN);
        mpfr_neg(hi, hi, MPFR_RNDN);
      }
      break;
    }
    case target::normcdf: {
      if (std::isinf(x) || x == 0 || x >= 40 || x <= -1000) {
        mpfr_set_prec(lo, 256);
        if (std::isinf(x)) {
          mpfr_set_si(lo, x > 0 ? 1 : 0, MPFR_RNDN);
        } else if (x == 0) {
          mpfr_set_d(lo, 0.5, MPFR_RNDN);
        } else if (x >= 40) {
          mpfr_set_ui_2exp(lo, 1, -200, MPFR_RNDN);
          mpfr_ui_sub(lo, 1, lo, MPFR_RNDN);  // 1 - 2^-200, exact at 256 bits
        } else {
          mpfr_set_ui_2exp(lo, 1, -1000000, MPFR_RNDN);
        }
        res = encl::exact;
        break;
      }
      // t = |x|/sqrt 2 in [a1, a2]
      mpfr_t s;
      mpfr_init2(s, p);
      const double ax = std::fabs(x);
      mpfr_sqrt_ui(s, 2, MPFR_RNDU);
      mpfr_d_div(a1, ax, s, MPFR_RNDD);
      mpfr_sqrt_ui(s, 2, MPFR_RNDD);
      mpfr_d_div(a2, ax, s, MPFR_RNDU);
      mpfr_clear(s);
      // Q = erfc(t)/2 in [erfc(a2)/2, erfc(a1)/2]
      mpfr_erfc(a2, a2, MPFR_RNDD);
      mpfr_erfc(a1, a1, MPFR_RNDU);
      mpfr_div_2ui(a2, a2, 1, MPFR_RNDD);
      mpfr_div_2ui(a1, a1, 1, MPFR_RNDU);
      if (x < 0) {
        mpfr_set(lo, a2, MPFR_RNDD);
        mpfr_set(hi, a1, MPFR_RNDU);
      } else {
        // 1 - Q at a precision that keeps Q's p bits: Q < 1/2, so 1 - Q needs
        // p + (-EXP(Q)) bits.
        const mpfr_prec_t q = p + 2 + (mpfr_zero_p(a2) ? 0 : -mpfr_get_exp(a2));
        mpfr_set_prec(lo, q);
        mpfr_set_prec(hi, q);
        mpfr_ui_sub(lo, 1, a1, MPFR_RNDD);
        mpfr_ui_sub(hi, 1, a2, MPFR_RNDU);
      }
      break;
    }
    case target::erfinv: {
      const double ax = std::fabs(x);
      if (ax > 1) {
        mpfr_set_nan(lo);
        res = encl::exact;
        break;
      }
      if (ax == 1 || ax == 0) {
        if (ax == 1) mpfr_set_inf(lo, x < 0 ? -1 : 1);
        else mpfr_set_zero(lo, std::signbit(x) ? -1 : 1);
        res = encl::exact;
        break;
      }
      const mpfr_prec_t w = p + 32, w2 = p + 64;
      mpfr_t y, e, g, c;
      mpfr_inits2(w, y, e, g, c, (mpfr_ptr)0);
      mpfr_set_d(y, detail::ml_erfinv_guess(ax), MPFR_RNDN);
      mpfr_set_d(c, 1 - ax, MPFR_RNDN);  // 1 - |x|, exact
      const bool near_one = ax > 0.5;
      int iters = 4;
      for (mpfr_prec_t q = 32; q < w; q *= 2) ++iters;
      for (int i = 0; i < iters; ++i) {
        if (near_one) {  // erf(y) - |x| = c - erfc(y)
          mpfr_erfc(e, y, MPFR_RNDN);
          mpfr_sub(e, c, e, MPFR_RNDN);
        } else {
          mpfr_erf(e, y, MPFR_RNDN);
          mpfr_sub_d(e, e, ax, MPFR_RNDN);
        }
        mpfr_sqr(g, y, MPFR_RNDN);  // y -= (erf(y) - |x|) sqrt(pi)/2 e^(y^2)
        mpfr_exp(g, g, MPFR_RNDN);
        mpfr_mul(e, e, g, MPFR_RNDN);
        mpfr_const_pi(g, MPFR_RNDN);
        mpfr_sqrt(g, g, MPFR_RNDN);
        mpfr_mul(e, e, g, MPFR_RNDN);
        mpfr_div_2ui(e, e, 1, MPFR_RNDN);
        mpfr_sub(y, y, e, MPFR_RNDN);
      }
      // [y - d, y + d]
      mpfr_set_prec(lo, w);
      mpfr_set_prec(hi, w);
      mpfr_abs(g, y, MPFR_RNDN);
      mpfr_div_2si(g, g, p - 4, MPFR_RNDU);
      mpfr_sub(lo, y, g, MPFR_RNDD);
      mpfr_add(hi, y, g, MPFR_RNDU);
      mpfr_set_prec(e, w2);
      bool ok;
      if (near_one) {  // erf(b) < |x|  <=>  erfc(b) > c
        mpfr_erfc(e, lo, MPFR_RNDD);
        ok = mpfr_cmp(e, c) > 0;
        mpfr_erfc(e, hi, MPFR_RNDU);
        ok = ok && mpfr_cmp(e, c) < 0;
      } else {
        mpfr_erf(e, lo, MPFR_RNDU);
        ok = mpfr_cmp_d(e, ax) < 0;
        mpfr_erf(e, hi, MPFR_RNDD);
        ok = ok && mpfr_cmp_d(e, ax) > 0;
      }
      if (!ok) {
        mpfr_set(lo, y, MPFR_RNDN);  // the best value, for the last resort in custom_*
        res = encl::retry;
      }
      if (x < 0) {
        mpfr_swap(lo, hi);
        mpfr_neg(lo, lo, MPFR_RNDN);
        mpfr_neg(hi, hi, MPFR_RNDN);
        if (!ok) mpfr_set(lo, hi, MPFR_RNDN);
      }
      mpfr_clears(y, e, g, c, (mpfr_ptr)0);
      break;
    }
    default: break;
  }
  mpfr_clears(a1, a2, (mpfr_ptr)0);
  return res;
}

bool custom(target t) {
  return t == target::erfinv || t == target::normcdf || t == target::sinpi || t == target::cospi;
}

// Working precisions of the Ziv loop; beyond the last the best value is used
// (never reached by the tests: binary32 needs at most a few hundred bits).
inline constexpr mpfr_prec_t custom_p0 = 64, custom_pmax = 1 << 15;

float custom_cr(target t, float x, rounding r) {
  mpfr_t lo, hi;
  mpfr_inits2(custom_p0, lo, hi, (mpfr_ptr)0);
  float out = 0;
  for (mpfr_prec_t p = custom_p0;; p *= 2) {
    encl e;
    {
      mpfr_guard g;
      e = enclose(t, x, p, lo, hi);
    }
    if (e == encl::exact) {
      out = round_to<float>(lo, r);
      break;
    }
    if (e == encl::interval) {
      const float a = round_to<float>(lo, r), b = round_to<float>(hi, r);
      if (bit_cast<std::uint32_t>(a) == bit_cast<std::uint32_t>(b)) {
        out = a;
        break;
      }
    }
    if (p >= custom_pmax) {
      out = round_to<float>(lo, r);
      break;
    }
  }
  mpfr_clears(lo, hi, (mpfr_ptr)0);
  return out;
}

double custom_ulp_error(target t, float x, float result) {
  // The exact value rounded toward zero to 128 bits, as target_ulp_error's.
  mpfr_t lo, hi, w1, w2;
  mpfr_inits2(custom_p0, lo, hi, (mpfr_ptr)0);
  mpfr_inits2(128, w1, w2, (mpfr_ptr)0);
  for (mpfr_prec_t p = 2 * custom_p0 + 32;; p *= 2) {
    mpfr_guard g;
    const encl e = enclose(t, x, p, lo, hi);
    mpfr_set(w1, lo, MPFR_RNDZ);
    if (e == encl::exact || p >= custom_pmax) break;
    if (e == encl::interval) {
      mpfr_set(w2, hi, MPFR_RNDZ);
      if (mpfr_equal_p(w1, w2)) break;
    }
  }
  const double out = ulp_error<float>(w1, result);
  mpfr_clears(lo, hi, w1, w2, (mpfr_ptr)0);
  return out;
}

}  // namespace

float target_cr(target t, float x, float y, rounding r) {
  if (t >= target::expm1) {  // the functions of issue 34: the fast layer of their rows
    float out;
    if (two_operands(t) ? detail::target_fast2(t, x, y, r, out) : detail::target_fast(t, x, r, out)) return out;
    return target_mpfr(t, x, y, r);
  }
  const double v = approx(t, x, y);
  const bool finite_args = std::isfinite(double(x)) && (t != target::div || std::isfinite(double(y)));
  if (finite_args && std::isnan(v) && !std::isnan(x) && !std::isnan(y))
    return bit_cast<float>(0x7fc00000u);  // a domain error (log, sqrt of x < 0): NaN exactly
  if (finite_args && exp_like(t) && !(std::fabs(v) >= 0x1p-1000 && std::fabs(v) <= 0x1p1000)) {
    // exp of a finite x beyond binary64's range (or near its ends): the exact
    // value is positive and below 2^-990 or above 2^990, where every value
    // rounds to the same binary32 as these representatives.
    return detail::round_double_to_float(v < 1 ? 0x1p-1000 : 0x1p1000, r);
  }
  if (usable(v)) {
    const double d = std::fabs(v) * rel_bound;  // exact scaling of |v|: a power of two
    const float lo = detail::round_double_to_float(v - d, r), hi = detail::round_double_to_float(v + d, r);
    if (bit_cast<std::uint32_t>(lo) == bit_cast<std::uint32_t>(hi)) return lo;
  }
  return target_mpfr(t, x, y, r);
}

float target_mpfr(target t, float x, float y, rounding r) {
  // MPFR, directly at 24 bits in mode r with binary32's exponent range, then
  // subnormalised: exact in every mode. (A wide value rounded again would
  // not be: exp(2^-149) = 1 + 2^-149 needs 150 bits to round upward right.)
  if (custom(t)) return custom_cr(t, x, r);
  mpfr_guard g;
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-148);
  mpfr_set_emax(128);
  mpfr_t e;
  mpfr_init2(e, 24);
  const mpfr_rnd_t rnd = to_mpfr(r);
  int ternary = exact(t, x, y, e, rnd);
  ternary = mpfr_check_range(e, ternary, rnd);
  mpfr_subnormalize(e, ternary, rnd);
  const float out = mpfr_nan_p(e) ? bit_cast<float>(0x7fc00000u) : mpfr_get_flt(e, rnd);
  mpfr_clear(e);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return out;
}

double target_ulp_error(target t, float x, float y, float result) {
  // Exact value at 128 bits rounded toward zero (the binade stays right; see
  // ulp_error_transcendental in mpfr_basic.cpp).
  if (custom(t)) return custom_ulp_error(t, x, result);
  mpfr_t e;
  mpfr_init2(e, 128);
  {
    mpfr_guard g;
    exact(t, x, y, e, MPFR_RNDZ);
  }
  const double out = ulp_error<float>(e, result);
  mpfr_clear(e);
  return out;
}

double target_ulp_error_approx(target t, float x, float y, float result) {
  if (t >= target::expm1) {
    const double e = two_operands(t) ? detail::target_ulp_error_fast2(t, x, y, result)
                                     : detail::target_ulp_error_fast(t, x, result);
    return e >= 0 ? e : target_ulp_error(t, x, y, result);
  }
  const std::uint32_t rb = bit_cast<std::uint32_t>(result) & 0x7fffffffu;
  const double v = approx(t, x, y);
  if (rb < 0x7f800000u && usable(v)) {
    const double e = detail::ulp_error_from_approx(v, result);  // -1: binade not certain
    if (e >= 0) return e;
  }
  return target_ulp_error(t, x, y, result);
}

}  // namespace bitexact::truth
