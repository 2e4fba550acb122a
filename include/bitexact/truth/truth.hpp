// bitexact/truth/truth.hpp — correctly rounded references and exact ULP errors.
// Part of the compiled library bitexact::truth (see docs/truth.md).
//
// Two layers:
//  * truth::sinf, cosf, fmodf, fmod, ceilf, ceil: correctly rounded results,
//    fast. sinf/cosf evaluate an approximation with a proven error bound and
//    fall back to MPFR only when that approximation cannot decide the rounding
//    (Ziv's strategy); fmod/ceil are exact integer algorithms. All are
//    thread-safe and bit-identical to the MPFR-only functions below.
//  * truth::mpfr_only::*: the same functions computed by MPFR alone (~1 us);
//    used to check the fast layer and as its fallback.
//
// Every function returns IEEE 754 results with subnormals, infinities and
// signed zeros; NaN results are the default quiet NaN of the type
// (0x7fc00000 / 0x7ff8000000000000), whatever the NaN operands were.
#pragma once

#include <cstddef>
#include <cstdint>

#include "bitexact/functions.hpp"  // BITEXACT_PARAMS_N

namespace bitexact::truth {

enum class rounding { nearest, toward_zero, upward, downward };

// ---- correctly rounded, fast ------------------------------------------------
// truth::NAME(x[, y], r) for every row of functions.def (sinf, cosf, fmodf,
// fmod, ceilf, ceil): the row's fast layer (bitexact/truth/fast_layer.hpp), MPFR
// where it cannot decide (src/truth/fast_layer.cpp makes them from the rows).
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  type name(BITEXACT_PARAMS_##arity(type), rounding r = rounding::nearest);
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

// ---- batches (sinf, cosf; nearest) -----------------------------------------
// out[i] = sinf(x[i]) / cosf(x[i]), and, when `approx` is not null, approx[i]
// the double approximation of the fast layer (relative error <= 2^-48, the
// same bits as a scalar evaluation: docs/truth.md), or NaN where it has none
// (zero, NaN or Inf input). A vector of inputs at a time on CPUs with AVX2,
// AVX-512, NEON or SVE (bitexact/truth/sincosf_batch-inl.hpp), the same bits
// as the scalar functions on every CPU; `out` may alias `x`.
void sinf_batch(const float* x, float* out, double* approx, std::size_t n);
void cosf_batch(const float* x, float* out, double* approx, std::size_t n);
// ulp_error_sinf_approx / _cosf_approx(x, result) (below) from the batch's
// approx[i] of x, without evaluating it again: the same value, bit for bit.
double ulp_error_sinf_from_approx(float x, double approx, float result);
double ulp_error_cosf_from_approx(float x, double approx, float result);
// The same for the inputs and results at positions idx[0..n) of arrays of
// bit patterns (float bits in the low 32 bits of each 64-bit word, as the
// sweep engine holds them): e[q] = ulp_error_*_from_approx(x[idx[q]],
// approx[idx[q]], result[idx[q]]), bit for bit; a vector at a time, as above.
void ulp_errors_sinf_from_approx(const std::uint64_t* x, const double* approx, const std::uint64_t* result,
                                 const std::uint32_t* idx, std::size_t n, double* e);
void ulp_errors_cosf_from_approx(const std::uint64_t* x, const double* approx, const std::uint64_t* result,
                                 const std::uint32_t* idx, std::size_t n, double* e);
// The same on arrays of floats (the sweep engine's binary32 path).
void ulp_errors_sinf_from_approx(const float* x, const double* approx, const float* result, const std::uint32_t* idx,
                                 std::size_t n, double* e);
void ulp_errors_cosf_from_approx(const float* x, const double* approx, const float* result, const std::uint32_t* idx,
                                 std::size_t n, double* e);

// ---- correctly rounded, MPFR only -------------------------------------------
// (A namespace rather than mpfr_-prefixed names: <mpfr.h> defines mpfr_fmod
//  and a macro mpfr_ceil.)
// One per row of bitexact/functions.def (src/truth/truth.cpp defines them):
// T NAME(T x, rounding) or T NAME(T x, T y, rounding).
namespace mpfr_only {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  type name(BITEXACT_PARAMS_##arity(type), rounding r = rounding::nearest);
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
}  // namespace mpfr_only
inline float mpfr_sinf(float x, rounding r = rounding::nearest) { return mpfr_only::sinf(x, r); }
inline float mpfr_cosf(float x, rounding r = rounding::nearest) { return mpfr_only::cosf(x, r); }

// ---- exact ULP errors ---------------------------------------------------------
// The distance |result - exact| divided by the ulp of the binade of the exact
// (infinitely precise) value, computed exactly with MPFR and rounded to the
// returned double (enough for printing with any number of decimals you need).
// Rules (docs/truth.md):
//  * ulp(v) = 2^(e - p + 1) where 2^e <= |v| < 2^(e+1), p = 24 / 53, and e is
//    clamped to the format's smallest normal exponent (-126 / -1022): in the
//    subnormal range and for an exact zero the ulp is 2^-149 / 2^-1074;
//  * exact value at or beyond the overflow boundary: ulp of the largest binade
//    (2^104 / 2^971);
//  * exact finite, result +-inf: +inf;  exact +-inf, result the same inf: 0;
//    exact inf, result anything else: +inf;
//  * exact NaN and result NaN (any payload): 0;  exactly one of them NaN: NaN;
//  * signed zeros compare equal (error 0): the sign of zero is not an ulp.
// One per row of bitexact/functions.def (src/truth/truth.cpp defines them):
// double ulp_error_NAME(T x, T result) or (T x, T y, T result).
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  double ulp_error_##name(BITEXACT_PARAMS_##arity(type), type result);
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
// (The generic MPFR form ulp_error(mpfr_srcptr exact, T result) is in
//  bitexact/truth/mpfr.hpp, which includes <mpfr.h>.)

// Every function of bitexact/functions.def has an _approx form (sweeps use it):
// the row's fast ULP error (bitexact/truth/fast_layer.hpp), the exact form above
// where that has none. sinf/cosf: ~10 ns instead of ~1 us, the same rules as
// above computed from the fast double approximation of sin/cos (relative
// error <= 2^-48), so the returned value is within 2^-23 ulp (6e-8) of the
// exact error; the MPFR form when the binade of the exact value is not
// certain. Use the exact functions for values you print with more than 6
// decimals. fmod and ceil have no faster form: theirs is the exact error.
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  double ulp_error_##name##_approx(BITEXACT_PARAMS_##arity(type), type result);
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

// ---- the targets of the BITEXACT_NV_FUNCTION rows ----------------------------------
// An approximation (sin_approx, expf of nv-fast, ...) is measured against the
// exact function it approximates, its row's TARGET: sin_approx against sin,
// rcp_approx against 1/x, fdividef against x/y. For each such row NAME:
//   truth::NAME(x[, y], r)             the target correctly rounded in mode r
//   truth::ulp_error_NAME(x[, y], res) the exact ULP error of res (MPFR)
//   truth::ulp_error_NAME_approx(...)  the same within 2^-23 ulp, fast
// The correctly rounded values come from a binary64 evaluation (the host
// libm's sin, exp2, tanh, ..., or exactly rounded IEEE operations for 1/x, x/y,
// sqrt) whose relative error is assumed below 2^-49, checked: both ends of
// y (1 -+ 2^-48) must round to the same float, else MPFR decides (Ziv). So
// the bits do not depend on the libm as long as it is within 8 binary64 ulps,
// which glibc documents for every function used (docs/truth.md;
// tests/truth_targets_test.cpp compares with MPFR).
// Issue 34 adds the targets from expm1 on (the correctly rounded truth of
// expm1f ... hypotf, see "functions of issue 34" below): the library's
// binary64 value, checked the same way, for the functions a libm has; exact
// MPFR forms for erfinv, normcdf, sinpi, cospi, which MPFR lacks or which
// need an argument reduction (docs/truth.md). pow, atan2, hypot take two
// operands in C's order: atan2(x, y) is the angle of the point (y, x).
enum class target : std::uint8_t {
  sin, cos, tan, exp, exp2, exp10, log, log2, log10, rec, rsqrt, sqrt, div, tanh,
  expm1, log1p, sinh, cosh, erf, erfc, erfinv, cbrt, atan, asin, acos, normcdf, sinpi, cospi, pow, atan2, hypot
};
float target_cr(target t, float x, float y, rounding r);
float target_mpfr(target t, float x, float y, rounding r);  // MPFR only (target_cr's fallback)
double target_ulp_error(target t, float x, float y, float result);
double target_ulp_error_approx(target t, float x, float y, float result);
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)
#define BITEXACT_NV_FUNCTION(name, arity, type, tgt, edges, seed)                                      \
  inline float name(BITEXACT_PARAMS_##arity(float), rounding r = rounding::nearest) {                  \
    return target_cr(target::tgt, BITEXACT_TARGET_ARGS_##arity, r);                                    \
  }                                                                                                    \
  inline double ulp_error_##name(BITEXACT_PARAMS_##arity(float), float result) {                       \
    return target_ulp_error(target::tgt, BITEXACT_TARGET_ARGS_##arity, result);                        \
  }                                                                                                    \
  inline double ulp_error_##name##_approx(BITEXACT_PARAMS_##arity(float), float result) {              \
    return target_ulp_error_approx(target::tgt, BITEXACT_TARGET_ARGS_##arity, result);                 \
  }
#define BITEXACT_TARGET_ARGS_1 x, 0.0f
#define BITEXACT_TARGET_ARGS_2 x, y
#include "bitexact/functions.def"
#undef BITEXACT_TARGET_ARGS_1
#undef BITEXACT_TARGET_ARGS_2
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION

// ---- fast-path statistics -------------------------------------------------------
// Number of calls of truth::sinf / truth::cosf that had to fall back to MPFR,
// summed over all threads since the start (or the last reset).
struct fast_path_stats {
  std::uint64_t sinf_fallbacks = 0;
  std::uint64_t cosf_fallbacks = 0;
};
fast_path_stats fast_stats();
void reset_fast_stats();

}  // namespace bitexact::truth
