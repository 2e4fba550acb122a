// bitexact/truth/sincosf_fast.hpp — internals of the fast correctly rounded
// sinf/cosf of bitexact::truth, exposed for tests, benchmarks and the search
// for hard-to-round cases. Method and error bound: docs/truth.md.
#pragma once

#include "bitexact/truth/truth.hpp"

namespace bitexact::truth::detail {

// Proven bound on the relative error of the double approximations below
// (argument reduction, coefficient rounding, truncation and evaluation; see
// docs/truth.md): |approx - exact| <= sincos_rel_error_bound * |exact|.
inline constexpr double sincos_rel_error_bound = 0x1p-48;
// Half-width, relative to |approx|, of the interval that must round to a
// single float for the fast path to decide (covers the bound above and the
// rounding of the interval's end points).
inline constexpr double sincos_check_width = 0x1p-47;

// Double approximation of sin(x) / cos(x) within sincos_rel_error_bound, for
// finite x. Returns false (no approximation) for NaN/inf and for the inputs
// whose reduced argument is too close to 0 for the bound to hold (none is
// known; the exhaustive test counts them).
bool sinf_approx(float x, double& y);
bool cosf_approx(float x, double& y);

// The fast path alone: true and the correctly rounded result when the
// approximation decides the rounding in mode r; false when MPFR is needed.
bool sinf_fast(float x, rounding r, float& out);
bool cosf_fast(float x, rounding r, float& out);

// Round a double to binary32 in mode r (gradual underflow; no overflow case
// needed here, but handled as IEEE 754 would).
float round_double_to_float(double d, rounding r);

}  // namespace bitexact::truth::detail
