// Minimal MPFR truth (round-to-nearest); extended by the truth module.
#include <mpfr.h>

#include "bitexact/truth.hpp"
#include "bitexact/bits.hpp"

namespace bitexact::truth {
namespace {
mpfr_rnd_t to_mpfr(rounding r) {
  switch (r) {
    case rounding::toward_zero: return MPFR_RNDZ;
    case rounding::upward: return MPFR_RNDU;
    case rounding::downward: return MPFR_RNDD;
    default: return MPFR_RNDN;
  }
}
template <class T> struct fmt_of;
template <> struct fmt_of<float> { static constexpr int prec = 24, emin = -148, emax = 128; };
template <> struct fmt_of<double> { static constexpr int prec = 53, emin = -1073, emax = 1024; };

// Evaluate op into a T with correct rounding including subnormals.
template <class T, class Op> T round_to(Op op, rounding r) {
  using F = fmt_of<T>;
  mpfr_exp_t old_min = mpfr_get_emin(), old_max = mpfr_get_emax();
  mpfr_set_emin(F::emin);
  mpfr_set_emax(F::emax);
  mpfr_t y;
  mpfr_init2(y, F::prec);
  mpfr_rnd_t rnd = to_mpfr(r);
  int t = op(y, rnd);
  t = mpfr_check_range(y, t, rnd);
  mpfr_subnormalize(y, t, rnd);
  T out;
  if constexpr (sizeof(T) == 4) out = mpfr_get_flt(y, rnd);
  else out = mpfr_get_d(y, rnd);
  if (mpfr_nan_p(y)) out = sizeof(T) == 4 ? T(bit_cast<float>(0x7fc00000u)) : T(bit_cast<double>(0x7ff8000000000000ull));
  mpfr_clear(y);
  mpfr_set_emin(old_min);
  mpfr_set_emax(old_max);
  return out;
}
}  // namespace

float sinf(float x, rounding r) {
  return round_to<float>([&](mpfr_t y, mpfr_rnd_t rnd) {
    mpfr_t a; mpfr_init2(a, 24); mpfr_set_flt(a, x, MPFR_RNDN);
    int t = mpfr_sin(y, a, rnd); mpfr_clear(a); return t; }, r);
}
float cosf(float x, rounding r) {
  return round_to<float>([&](mpfr_t y, mpfr_rnd_t rnd) {
    mpfr_t a; mpfr_init2(a, 24); mpfr_set_flt(a, x, MPFR_RNDN);
    int t = mpfr_cos(y, a, rnd); mpfr_clear(a); return t; }, r);
}
float fmodf(float x, float y_, rounding r) {
  return round_to<float>([&](mpfr_t y, mpfr_rnd_t rnd) {
    mpfr_t a, b; mpfr_init2(a, 24); mpfr_init2(b, 24);
    mpfr_set_flt(a, x, MPFR_RNDN); mpfr_set_flt(b, y_, MPFR_RNDN);
    int t = mpfr_fmod(y, a, b, rnd); mpfr_clear(a); mpfr_clear(b); return t; }, r);
}
double fmod(double x, double y_, rounding r) {
  return round_to<double>([&](mpfr_t y, mpfr_rnd_t rnd) {
    mpfr_t a, b; mpfr_init2(a, 53); mpfr_init2(b, 53);
    mpfr_set_d(a, x, MPFR_RNDN); mpfr_set_d(b, y_, MPFR_RNDN);
    int t = mpfr_fmod(y, a, b, rnd); mpfr_clear(a); mpfr_clear(b); return t; }, r);
}
float ceilf(float x, rounding r) {
  return round_to<float>([&](mpfr_t y, mpfr_rnd_t rnd) {
    mpfr_t a; mpfr_init2(a, 24); mpfr_set_flt(a, x, MPFR_RNDN);
    int t = mpfr_ceil(y, a); (void)rnd; mpfr_clear(a); return t; }, r);
}
double ceil(double x, rounding r) {
  return round_to<double>([&](mpfr_t y, mpfr_rnd_t rnd) {
    mpfr_t a; mpfr_init2(a, 53); mpfr_set_d(a, x, MPFR_RNDN);
    int t = mpfr_ceil(y, a); (void)rnd; mpfr_clear(a); return t; }, r);
}

}  // namespace bitexact::truth
