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
  }
  mpfr_clears(x, y, (mpfr_ptr)0);
  return ternary;
}

bool exp_like(target t) { return t == target::exp || t == target::exp2 || t == target::exp10; }

}  // namespace

float target_cr(target t, float x, float y, rounding r) {
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
  const std::uint32_t rb = bit_cast<std::uint32_t>(result) & 0x7fffffffu;
  const double v = approx(t, x, y);
  if (rb < 0x7f800000u && usable(v)) {
    const double e = detail::ulp_error_from_approx(v, result);  // -1: binade not certain
    if (e >= 0) return e;
  }
  return target_ulp_error(t, x, y, result);
}

}  // namespace bitexact::truth
