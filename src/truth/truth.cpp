// MPFR layer of bitexact::truth: the mpfr_* references, rounding of an MPFR
// value to binary32/binary64 with gradual underflow, and exact ULP errors.
//
// Thread safety and speed: every thread keeps its own MPFR variables
// (thread_local, initialised once). Results are computed in MPFR's default
// (wide) exponent range, then put into the target format's range with
// mpfr_check_range + mpfr_subnormalize. The exponent range is thread-local
// when MPFR is built with TLS (mpfr_buildopt_tls_p, true on Debian); without
// TLS every MPFR section holds one global lock.
#include <mpfr.h>

#include <cmath>
#include <limits>
#include <mutex>

#include "bitexact/bits.hpp"
#include "bitexact/truth/mpfr.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth {
namespace {

template <class T>
struct fmt_of;
// MPFR exponents: v = 0.1b... * 2^exp, so the smallest subnormal 2^-149 has
// exp -148 and the largest finite value (< 2^128) has exp 128.
template <>
struct fmt_of<float> {
  static constexpr int prec = 24, emin = -148, emax = 128;
  static constexpr int min_normal_exp = -126, max_exp = 127;
};
template <>
struct fmt_of<double> {
  static constexpr int prec = 53, emin = -1073, emax = 1024;
  static constexpr int min_normal_exp = -1022, max_exp = 1023;
};

// Held while this thread's MPFR exponent range may be changed (and, when MPFR
// has no thread-local state, around every MPFR computation).
std::mutex& global_mpfr_lock() {
  static std::mutex m;
  return m;
}
const bool mpfr_has_tls = mpfr_buildopt_tls_p() != 0;

struct Section {
  Section() {
    if (!mpfr_has_tls) global_mpfr_lock().lock();
  }
  ~Section() {
    if (!mpfr_has_tls) global_mpfr_lock().unlock();
  }
  Section(const Section&) = delete;
};

// Per-thread MPFR variables, initialised once per thread.
struct State {
  mpfr_t a24, b24, y24;  // binary32 operands and result
  mpfr_t a53, b53, y53;  // binary64 operands and result
  mpfr_t wide;           // 128-bit approximation of a transcendental exact value
  mpfr_t diff;           // |result - exact|
  State() {
    mpfr_inits2(24, a24, b24, y24, (mpfr_ptr)0);
    mpfr_inits2(53, a53, b53, y53, (mpfr_ptr)0);
    mpfr_init2(wide, 128);
    mpfr_init2(diff, 256);
  }
  ~State() { mpfr_clears(a24, b24, y24, a53, b53, y53, wide, diff, (mpfr_ptr)0); }
};
State& state() {
  thread_local State s;
  return s;
}

void set_input(mpfr_ptr v, float x) { mpfr_set_flt(v, x, MPFR_RNDN); }
void set_input(mpfr_ptr v, double x) { mpfr_set_d(v, x, MPFR_RNDN); }

// y (precision p of T) is the correctly rounded value of some real in mode
// rnd, in the wide exponent range, with ternary t. Returns it as a T with the
// format's overflow and gradual underflow, NaN -> default quiet NaN.
template <class T>
T finish(mpfr_ptr y, int t, mpfr_rnd_t rnd) {
  using F = fmt_of<T>;
  if (mpfr_nan_p(y)) return fp_bits<T>::quiet_nan().value();
  mpfr_exp_t old_min = mpfr_get_emin(), old_max = mpfr_get_emax();
  mpfr_set_emin(F::emin);
  mpfr_set_emax(F::emax);
  t = mpfr_check_range(y, t, rnd);
  mpfr_subnormalize(y, t, rnd);
  T out;
  if constexpr (sizeof(T) == 4)
    out = mpfr_get_flt(y, rnd);
  else
    out = mpfr_get_d(y, rnd);
  mpfr_set_emin(old_min);
  mpfr_set_emax(old_max);
  return out;
}

}  // namespace

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

// ---- MPFR-only references -----------------------------------------------------
namespace mpfr_only {

float sinf(float x, rounding r) {
  Section lock;
  State& s = state();
  mpfr_rnd_t rnd = to_mpfr(r);
  set_input(s.a24, x);
  int t = mpfr_sin(s.y24, s.a24, rnd);
  return finish<float>(s.y24, t, rnd);
}

float cosf(float x, rounding r) {
  Section lock;
  State& s = state();
  mpfr_rnd_t rnd = to_mpfr(r);
  set_input(s.a24, x);
  int t = mpfr_cos(s.y24, s.a24, rnd);
  return finish<float>(s.y24, t, rnd);
}

float fmodf(float x, float y, rounding r) {
  Section lock;
  State& s = state();
  mpfr_rnd_t rnd = to_mpfr(r);
  set_input(s.a24, x);
  set_input(s.b24, y);
  int t = mpfr_fmod(s.y24, s.a24, s.b24, rnd);  // exact: t == 0
  return finish<float>(s.y24, t, rnd);
}

double fmod(double x, double y, rounding r) {
  Section lock;
  State& s = state();
  mpfr_rnd_t rnd = to_mpfr(r);
  set_input(s.a53, x);
  set_input(s.b53, y);
  int t = mpfr_fmod(s.y53, s.a53, s.b53, rnd);
  return finish<double>(s.y53, t, rnd);
}

// mpfr_ceil's return value says whether the integer differs from the operand,
// not whether the result is inexact; ceil of a binary32/64 number is always
// representable in the same format, so the ternary value is 0.
float ceilf(float x, rounding r) {
  Section lock;
  State& s = state();
  set_input(s.a24, x);
  mpfr_ceil(s.y24, s.a24);
  return finish<float>(s.y24, 0, to_mpfr(r));
}

double ceil(double x, rounding r) {
  Section lock;
  State& s = state();
  set_input(s.a53, x);
  mpfr_ceil(s.y53, s.a53);
  return finish<double>(s.y53, 0, to_mpfr(r));
}

}  // namespace mpfr_only

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

namespace {
// Exact value of a unary transcendental at 128 bits, rounded toward zero
// (relative error < 2^-127: the reported ULP error is off by less than 2^-100
// ulp). Toward zero keeps the binade right: a value just below a power of two
// (sin 2^-100, cos 2^-149 = 1 - 2^-299) must not round up into the next one.
template <int (*Op)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t)>
double ulp_error_transcendental(float x, float result) {
  State& s = state();
  {
    Section lock;
    set_input(s.a24, x);
    Op(s.wide, s.a24, MPFR_RNDZ);
  }
  return ulp_error<float>(s.wide, result);
}
}  // namespace

double ulp_error_sinf(float x, float result) { return ulp_error_transcendental<&mpfr_sin>(x, result); }
double ulp_error_cosf(float x, float result) { return ulp_error_transcendental<&mpfr_cos>(x, result); }

// fmod and ceil are exact in the operand format: compute them exactly in MPFR
// (precision of the format) and measure against that.
double ulp_error_fmodf(float x, float y, float result) {
  State& s = state();
  {
    Section lock;
    set_input(s.a24, x);
    set_input(s.b24, y);
    mpfr_fmod(s.y24, s.a24, s.b24, MPFR_RNDN);
  }
  return ulp_error<float>(s.y24, result);
}
double ulp_error_fmod(double x, double y, double result) {
  State& s = state();
  {
    Section lock;
    set_input(s.a53, x);
    set_input(s.b53, y);
    mpfr_fmod(s.y53, s.a53, s.b53, MPFR_RNDN);
  }
  return ulp_error<double>(s.y53, result);
}
double ulp_error_ceilf(float x, float result) {
  State& s = state();
  {
    Section lock;
    set_input(s.a24, x);
    mpfr_ceil(s.y24, s.a24);
  }
  return ulp_error<float>(s.y24, result);
}
double ulp_error_ceil(double x, double result) {
  State& s = state();
  {
    Section lock;
    set_input(s.a53, x);
    mpfr_ceil(s.y53, s.a53);
  }
  return ulp_error<double>(s.y53, result);
}

}  // namespace bitexact::truth
