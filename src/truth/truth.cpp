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

// The functions of issue 34 (truth.hpp, "functions of issue 34"): their
// targets, MPFR only (erfinv, normcdf, sinpi, cospi: the exact forms of
// src/truth/targets.cpp).
float expm1f(float x, rounding r) { return target_mpfr(target::expm1, x, 0.0f, r); }
float log1pf(float x, rounding r) { return target_mpfr(target::log1p, x, 0.0f, r); }
float sinhf(float x, rounding r) { return target_mpfr(target::sinh, x, 0.0f, r); }
float coshf(float x, rounding r) { return target_mpfr(target::cosh, x, 0.0f, r); }
float exp10f(float x, rounding r) { return target_mpfr(target::exp10, x, 0.0f, r); }
float log10f(float x, rounding r) { return target_mpfr(target::log10, x, 0.0f, r); }
float tanhf(float x, rounding r) { return target_mpfr(target::tanh, x, 0.0f, r); }
float erff(float x, rounding r) { return target_mpfr(target::erf, x, 0.0f, r); }
float erfcf(float x, rounding r) { return target_mpfr(target::erfc, x, 0.0f, r); }
float erfinvf(float x, rounding r) { return target_mpfr(target::erfinv, x, 0.0f, r); }
float cbrtf(float x, rounding r) { return target_mpfr(target::cbrt, x, 0.0f, r); }
float atanf(float x, rounding r) { return target_mpfr(target::atan, x, 0.0f, r); }
float asinf(float x, rounding r) { return target_mpfr(target::asin, x, 0.0f, r); }
float acosf(float x, rounding r) { return target_mpfr(target::acos, x, 0.0f, r); }
float normcdff(float x, rounding r) { return target_mpfr(target::normcdf, x, 0.0f, r); }
float sinpif(float x, rounding r) { return target_mpfr(target::sinpi, x, 0.0f, r); }
float cospif(float x, rounding r) { return target_mpfr(target::cospi, x, 0.0f, r); }
float tanf(float x, rounding r) { return target_mpfr(target::tan, x, 0.0f, r); }
float powf(float x, float y, rounding r) { return target_mpfr(target::pow, x, y, r); }
float atan2f(float x, float y, rounding r) { return target_mpfr(target::atan2, x, y, r); }
float hypotf(float x, float y, rounding r) { return target_mpfr(target::hypot, x, y, r); }

}  // namespace mpfr_only

double ulp_error_expf(float x, float result) { return target_ulp_error(target::exp, x, 0.0f, result); }
double ulp_error_exp2f(float x, float result) { return target_ulp_error(target::exp2, x, 0.0f, result); }
double ulp_error_logf(float x, float result) { return target_ulp_error(target::log, x, 0.0f, result); }
double ulp_error_log2f(float x, float result) { return target_ulp_error(target::log2, x, 0.0f, result); }
double ulp_error_rsqrtf(float x, float result) { return target_ulp_error(target::rsqrt, x, 0.0f, result); }
double ulp_error_sqrtf(float x, float result) { return target_ulp_error(target::sqrt, x, 0.0f, result); }

double ulp_error_expm1f(float x, float result) { return target_ulp_error(target::expm1, x, 0.0f, result); }
double ulp_error_log1pf(float x, float result) { return target_ulp_error(target::log1p, x, 0.0f, result); }
double ulp_error_sinhf(float x, float result) { return target_ulp_error(target::sinh, x, 0.0f, result); }
double ulp_error_coshf(float x, float result) { return target_ulp_error(target::cosh, x, 0.0f, result); }
double ulp_error_tanhf(float x, float result) { return target_ulp_error(target::tanh, x, 0.0f, result); }
double ulp_error_erff(float x, float result) { return target_ulp_error(target::erf, x, 0.0f, result); }
double ulp_error_erfcf(float x, float result) { return target_ulp_error(target::erfc, x, 0.0f, result); }
double ulp_error_erfinvf(float x, float result) { return target_ulp_error(target::erfinv, x, 0.0f, result); }
double ulp_error_cbrtf(float x, float result) { return target_ulp_error(target::cbrt, x, 0.0f, result); }
double ulp_error_atanf(float x, float result) { return target_ulp_error(target::atan, x, 0.0f, result); }
double ulp_error_asinf(float x, float result) { return target_ulp_error(target::asin, x, 0.0f, result); }
double ulp_error_acosf(float x, float result) { return target_ulp_error(target::acos, x, 0.0f, result); }
double ulp_error_normcdff(float x, float result) { return target_ulp_error(target::normcdf, x, 0.0f, result); }
double ulp_error_sinpif(float x, float result) { return target_ulp_error(target::sinpi, x, 0.0f, result); }
double ulp_error_cospif(float x, float result) { return target_ulp_error(target::cospi, x, 0.0f, result); }
double ulp_error_powf(float x, float y, float result) { return target_ulp_error(target::pow, x, y, result); }
double ulp_error_atan2f(float x, float y, float result) { return target_ulp_error(target::atan2, x, y, result); }
double ulp_error_hypotf(float x, float y, float result) { return target_ulp_error(target::hypot, x, y, result); }

// exp10f, log10f, tanf: while functions.def lists them as BITEXACT_NV_FUNCTION
// rows, truth.hpp defines truth::ulp_error_NAME inline (their target's exact
// error: the same function). Once they are BITEXACT_FUNCTION rows, this
// expansion defines it here: BX_PENDING_NAME makes BX_PROBE 1 for these three
// names only, and a BITEXACT_FUNCTION row of another name expands to nothing.
#define BX_PROBE_SECOND(a, b, ...) b
#define BX_PROBE_(...) BX_PROBE_SECOND(__VA_ARGS__, 0, 0)
#define BX_PROBE(x) BX_PROBE_(x)
#define BX_CAT_(a, b) a##b
#define BX_CAT(a, b) BX_CAT_(a, b)
#define BX_PENDING_exp10f ~, 1
#define BX_PENDING_log10f ~, 1
#define BX_PENDING_tanf ~, 1
#define BX_TARGET_OF_exp10f exp10
#define BX_TARGET_OF_log10f log10
#define BX_TARGET_OF_tanf tan
#define BX_ULP_DEF_0(name, tgt)
#define BX_ULP_DEF_1(name, tgt) \
  double ulp_error_##name(float x, float result) { return target_ulp_error(target::tgt, x, 0.0f, result); }
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  BX_CAT(BX_ULP_DEF_, BX_PROBE(BX_PENDING_##name))(name, BX_TARGET_OF_##name)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

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
