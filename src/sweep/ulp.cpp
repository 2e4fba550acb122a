// ULP error of a result against the exact value of the function (MPFR).
//
// Interim: this file is replaced by calls to bitexact::truth::ulp_error_* (the
// fast form for sinf/cosf) as soon as those are on main; same rules, ~100x faster.
//
// The rules are those of bitexact::truth (include/bitexact/truth.hpp):
// |result - exact| / ulp(exact), ulp(v) = 2^(e-p+1) for 2^e <= |v| < 2^(e+1),
// e clamped to [emin, emax]; an exact zero has the ulp of the smallest
// subnormal; infinities and NaNs give 0 (same kind), +inf or NaN.
#include <cmath>
#include <limits>

#include <mpfr.h>

#include "bitexact/sweep.hpp"

namespace bitexact::sweep {
namespace {

struct mp {
  mpfr_t v;
  explicit mp(mpfr_prec_t p) { mpfr_init2(v, p); }
  ~mp() { mpfr_clear(v); }
  mp(const mp&) = delete;
  mp& operator=(const mp&) = delete;
};

void set_word(mpfr_t x, word w, int bits) {
  if (bits == 32)
    mpfr_set_flt(x, bit_cast<float>(std::uint32_t(w)), MPFR_RNDN);
  else
    mpfr_set_d(x, bit_cast<double>(w), MPFR_RNDN);
}

bool word_is_nan(word w, int bits) {
  return bits == 32 ? fp_bits<float>::from_bits(std::uint32_t(w)).is_nan()
                    : fp_bits<double>::from_bits(w).is_nan();
}
bool word_is_inf(word w, int bits) {
  return bits == 32 ? fp_bits<float>::from_bits(std::uint32_t(w)).is_inf()
                    : fp_bits<double>::from_bits(w).is_inf();
}
bool word_sign(word w, int bits) { return (w >> (bits - 1)) & 1; }

}  // namespace

double ulp_error(Fn fn, word a, word b, word result) {
  const FnInfo& f = fn_info(fn);
  const int p = f.bits == 32 ? 24 : 53;
  const int emin = f.bits == 32 ? -126 : -1022, emax = f.bits == 32 ? 127 : 1023;
  // sin/cos: 256 bits of the exact value (MPFR reduces huge arguments exactly);
  // fmod and ceil are exact at the operand precision.
  const mpfr_prec_t prec = (fn == Fn::sinf || fn == Fn::cosf) ? 256 : 2 * p;
  mp x(p), y(p), v(prec);
  set_word(x.v, a, f.bits);
  set_word(y.v, b, f.bits);
  switch (fn) {
    case Fn::sinf: mpfr_sin(v.v, x.v, MPFR_RNDN); break;
    case Fn::cosf: mpfr_cos(v.v, x.v, MPFR_RNDN); break;
    case Fn::fmodf:
    case Fn::fmod: mpfr_fmod(v.v, x.v, y.v, MPFR_RNDN); break;
    case Fn::ceilf:
    case Fn::ceil: mpfr_ceil(v.v, x.v); break;
  }
  const bool rnan = word_is_nan(result, f.bits);
  if (mpfr_nan_p(v.v)) return rnan ? 0.0 : std::numeric_limits<double>::quiet_NaN();
  if (rnan) return std::numeric_limits<double>::quiet_NaN();
  if (mpfr_inf_p(v.v)) {
    bool same = word_is_inf(result, f.bits) && word_sign(result, f.bits) == (mpfr_sgn(v.v) < 0);
    return same ? 0.0 : std::numeric_limits<double>::infinity();
  }
  if (word_is_inf(result, f.bits)) return std::numeric_limits<double>::infinity();
  int e = mpfr_zero_p(v.v) ? emin : int(mpfr_get_exp(v.v)) - 1;  // 2^e <= |v| < 2^(e+1)
  if (e < emin) e = emin;
  if (e > emax) e = emax;
  mp r(p), d(prec + 2 * (emax - emin + p));
  set_word(r.v, result, f.bits);
  mpfr_sub(d.v, r.v, v.v, MPFR_RNDN);  // exact: enough precision for both exponents
  mpfr_abs(d.v, d.v, MPFR_RNDN);
  mpfr_mul_2si(d.v, d.v, -(e - p + 1), MPFR_RNDN);
  return mpfr_get_d(d.v, MPFR_RNDN);
}

}  // namespace bitexact::sweep
