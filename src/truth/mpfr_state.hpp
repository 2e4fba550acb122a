// src/truth/mpfr_state.hpp — internal to bitexact::truth (src/truth/mpfr.cpp,
// src/truth/truth.cpp): the per-thread MPFR variables, the lock taken when MPFR
// has no thread-local state, and the rounding of an MPFR value into a format.
//
// Thread safety and speed: every thread keeps its own MPFR variables
// (thread_local, initialised once). Results are computed in MPFR's default
// (wide) exponent range, then put into the target format's range with
// mpfr_check_range + mpfr_subnormalize. The exponent range is thread-local
// when MPFR is built with TLS (mpfr_buildopt_tls_p, true on Debian); without
// TLS every MPFR section holds one global lock.
#pragma once

#include <mpfr.h>

#include <mutex>

#include "bitexact/bits.hpp"

namespace bitexact::truth::mpfr_detail {


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
inline std::mutex& global_mpfr_lock() {
  static std::mutex m;
  return m;
}
inline const bool mpfr_has_tls = mpfr_buildopt_tls_p() != 0;

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
inline State& state() {
  thread_local State s;
  return s;
}

inline void set_input(mpfr_ptr v, float x) { mpfr_set_flt(v, x, MPFR_RNDN); }
inline void set_input(mpfr_ptr v, double x) { mpfr_set_d(v, x, MPFR_RNDN); }

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

}  // namespace bitexact::truth::mpfr_detail
