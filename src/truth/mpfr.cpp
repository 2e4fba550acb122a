// bitexact::truth's MPFR layer (bitexact/truth/mpfr.hpp): rounding of an MPFR
// value to binary32/binary64 with gradual underflow, and exact ULP errors
// against an MPFR value. The per-thread state is src/truth/mpfr_state.hpp.
#include "bitexact/truth/mpfr.hpp"

#include <mpfr.h>

#include <cmath>
#include <limits>

#include "mpfr_state.hpp"

namespace bitexact::truth {
using namespace mpfr_detail;

mpfr_guard::mpfr_guard() {
  if (!mpfr_has_tls) global_mpfr_lock().lock();
}
mpfr_guard::~mpfr_guard() {
  if (!mpfr_has_tls) global_mpfr_lock().unlock();
}

mpfr_rnd_t to_mpfr(rounding r) {
  switch (r) {
    case rounding::toward_zero:
      return MPFR_RNDZ;
    case rounding::upward:
      return MPFR_RNDU;
    case rounding::downward:
      return MPFR_RNDD;
    default:
      return MPFR_RNDN;
  }
}

template <class T>
T round_to(mpfr_srcptr exact, rounding r) {
  Section lock;
  State& s = state();
  mpfr_ptr y = sizeof(T) == 4 ? s.y24 : s.y53;
  mpfr_rnd_t rnd = to_mpfr(r);
  int t = mpfr_set(y, exact, rnd);
  return finish<T>(y, t, rnd);
}
template float round_to<float>(mpfr_srcptr, rounding);
template double round_to<double>(mpfr_srcptr, rounding);

// ---- ULP errors -------------------------------------------------------------------

template <class T>
double ulp_error(mpfr_srcptr exact, T result) {
  using F = fmt_of<T>;
  constexpr double inf = std::numeric_limits<double>::infinity();
  fp_bits<T> rb(result);
  if (mpfr_nan_p(exact)) return rb.is_nan() ? 0.0 : std::numeric_limits<double>::quiet_NaN();
  if (rb.is_nan()) return std::numeric_limits<double>::quiet_NaN();
  if (mpfr_inf_p(exact)) return (rb.is_inf() && rb.sign() == (mpfr_signbit(exact) != 0)) ? 0.0 : inf;
  if (rb.is_inf()) return inf;

  // ulp of the exact value's binade, clamped to the format's exponent range.
  long e;  // 2^e <= |exact| < 2^(e+1)
  if (mpfr_zero_p(exact))
    e = F::min_normal_exp;
  else
    e = long(mpfr_get_exp(exact)) - 1;
  if (e < F::min_normal_exp) e = F::min_normal_exp;
  if (e > F::max_exp) e = F::max_exp;
  long ulp_exp = e - (F::prec - 1);

  Section lock;
  State& s = state();
  // |result - exact| rounded to 256 bits (exact for every exact value of
  // precision <= 192 within 64 binades of the result; otherwise within a
  // relative 2^-256, far below what the double return value can show).
  mpfr_ptr d = s.diff;
  mpfr_t rv;
  mpfr_init2(rv, F::prec);
  set_input(rv, result);
  mpfr_sub(d, rv, exact, MPFR_RNDN);
  mpfr_clear(rv);
  mpfr_abs(d, d, MPFR_RNDN);
  mpfr_mul_2si(d, d, -ulp_exp, MPFR_RNDN);  // exact: power of two
  return mpfr_get_d(d, MPFR_RNDN);          // +inf if beyond DBL_MAX
}
template double ulp_error<float>(mpfr_srcptr, float);
template double ulp_error<double>(mpfr_srcptr, double);

}  // namespace bitexact::truth
