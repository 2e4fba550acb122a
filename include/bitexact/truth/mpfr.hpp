// bitexact/truth/mpfr.hpp — the MPFR-level interface of bitexact::truth.
// Include only where MPFR types are wanted; bitexact/truth/truth.hpp has the rest.
#pragma once

#include <mpfr.h>

#include "bitexact/truth/truth.hpp"

namespace bitexact::truth {

// ULP error of `result` against the exact value `exact` (any MPFR precision;
// NaN and infinities allowed), with the rules of bitexact/truth/truth.hpp, for T =
// float (binary32) or double (binary64). Thread-safe; does not change the
// calling thread's MPFR exponent range. The binade is taken from `exact`: an
// approximation of an irrational value should be rounded toward zero, so
// that a value just below a power of two stays in its binade.
template <class T>
double ulp_error(mpfr_srcptr exact, T result);
extern template double ulp_error<float>(mpfr_srcptr, float);
extern template double ulp_error<double>(mpfr_srcptr, double);

// Round `exact` to T in mode r exactly as the truth functions do (overflow to
// inf or the largest finite value, gradual underflow, NaN -> default quiet NaN).
template <class T>
T round_to(mpfr_srcptr exact, rounding r);
extern template float round_to<float>(mpfr_srcptr, rounding);
extern template double round_to<double>(mpfr_srcptr, rounding);

mpfr_rnd_t to_mpfr(rounding r);

// Held around MPFR computations by code outside this library's own
// functions: a no-op when MPFR keeps its state per thread (Debian's does),
// a process-wide lock otherwise. Do not call ulp_error or round_to while
// holding one (they take it themselves).
class mpfr_guard {
 public:
  mpfr_guard();
  ~mpfr_guard();
  mpfr_guard(const mpfr_guard&) = delete;
  mpfr_guard& operator=(const mpfr_guard&) = delete;
};

}  // namespace bitexact::truth
