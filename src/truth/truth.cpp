// bitexact::truth's MPFR references (bitexact/truth/truth.hpp):
// truth::mpfr_only::NAME and the exact ULP errors truth::ulp_error_NAME, per
// row of bitexact/functions.def. The fast entry points truth::NAME are made in
// src/truth/fast_layer.cpp; the MPFR layer they share is src/truth/mpfr.cpp.
#include "bitexact/truth/truth.hpp"

#include <mpfr.h>

#include <cmath>
#include <limits>

#include "bitexact/truth/mpfr.hpp"
#include "mpfr_state.hpp"

namespace bitexact::truth {
using namespace mpfr_detail;

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

// Functions whose truth is a target's (truth.hpp, "the targets";
// src/truth/targets.cpp): MPFR at 24 bits in binary32's exponent range.
float expf(float x, rounding r) { return target_mpfr(target::exp, x, 0.0f, r); }
float exp2f(float x, rounding r) { return target_mpfr(target::exp2, x, 0.0f, r); }
float logf(float x, rounding r) { return target_mpfr(target::log, x, 0.0f, r); }
float log2f(float x, rounding r) { return target_mpfr(target::log2, x, 0.0f, r); }
float rsqrtf(float x, rounding r) { return target_mpfr(target::rsqrt, x, 0.0f, r); }
float sqrtf(float x, rounding r) { return target_mpfr(target::sqrt, x, 0.0f, r); }

}  // namespace mpfr_only

double ulp_error_expf(float x, float result) { return target_ulp_error(target::exp, x, 0.0f, result); }
double ulp_error_exp2f(float x, float result) { return target_ulp_error(target::exp2, x, 0.0f, result); }
double ulp_error_logf(float x, float result) { return target_ulp_error(target::log, x, 0.0f, result); }
double ulp_error_log2f(float x, float result) { return target_ulp_error(target::log2, x, 0.0f, result); }
double ulp_error_rsqrtf(float x, float result) { return target_ulp_error(target::rsqrt, x, 0.0f, result); }
double ulp_error_sqrtf(float x, float result) { return target_ulp_error(target::sqrt, x, 0.0f, result); }

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
