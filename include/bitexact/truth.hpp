// bitexact/truth.hpp — correctly rounded references, backed by MPFR.
// Part of the compiled library bitexact::truth.
#pragma once

namespace bitexact::truth {

enum class rounding { nearest, toward_zero, upward, downward };

// Correctly rounded results in the given rounding mode (nearest-even by
// default), with IEEE 754 subnormals, infinities and NaNs. NaN results are the
// default quiet NaN of the type (0x7fc00000 / 0x7ff8000000000000).
float sinf(float x, rounding r = rounding::nearest);
float cosf(float x, rounding r = rounding::nearest);
float fmodf(float x, float y, rounding r = rounding::nearest);
double fmod(double x, double y, rounding r = rounding::nearest);
float ceilf(float x, rounding r = rounding::nearest);
double ceil(double x, rounding r = rounding::nearest);

}  // namespace bitexact::truth
