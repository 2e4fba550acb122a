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

#include <cstdint>

namespace bitexact::truth {

enum class rounding { nearest, toward_zero, upward, downward };

// ---- correctly rounded, fast ------------------------------------------------
float sinf(float x, rounding r = rounding::nearest);
float cosf(float x, rounding r = rounding::nearest);
float fmodf(float x, float y, rounding r = rounding::nearest);
double fmod(double x, double y, rounding r = rounding::nearest);
float ceilf(float x, rounding r = rounding::nearest);
double ceil(double x, rounding r = rounding::nearest);

// ---- correctly rounded, MPFR only -------------------------------------------
// (A namespace rather than mpfr_-prefixed names: <mpfr.h> defines mpfr_fmod
//  and a macro mpfr_ceil.)
namespace mpfr_only {
float sinf(float x, rounding r = rounding::nearest);
float cosf(float x, rounding r = rounding::nearest);
float fmodf(float x, float y, rounding r = rounding::nearest);
double fmod(double x, double y, rounding r = rounding::nearest);
float ceilf(float x, rounding r = rounding::nearest);
double ceil(double x, rounding r = rounding::nearest);
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
double ulp_error_sinf(float x, float result);
double ulp_error_cosf(float x, float result);
double ulp_error_fmodf(float x, float y, float result);
double ulp_error_fmod(double x, double y, double result);
double ulp_error_ceilf(float x, float result);
double ulp_error_ceil(double x, double result);
// (The generic MPFR form ulp_error(mpfr_srcptr exact, T result) is in
//  bitexact/truth/mpfr.hpp, which includes <mpfr.h>.)

// Fast ULP errors of sinf/cosf results (~10 ns instead of ~1 us), for sweeps
// that measure every input: the same rules as above, computed from the fast
// double approximation of sin/cos (relative error <= 2^-48), so the returned
// value is within 2^-23 ulp (6e-8) of the exact error. Falls back to the MPFR
// form when the binade of the exact value is not certain. Use the exact
// functions for values you print with more than 6 decimals.
double ulp_error_sinf_approx(float x, float result);
double ulp_error_cosf_approx(float x, float result);
// Every function of bitexact/functions.def has an _approx form (sweeps use it).
// fmod and ceil have no faster form than the exact one: theirs is the exact error.
inline double ulp_error_fmodf_approx(float x, float y, float r) { return ulp_error_fmodf(x, y, r); }
inline double ulp_error_fmod_approx(double x, double y, double r) { return ulp_error_fmod(x, y, r); }
inline double ulp_error_ceilf_approx(float x, float r) { return ulp_error_ceilf(x, r); }
inline double ulp_error_ceil_approx(double x, double r) { return ulp_error_ceil(x, r); }

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
