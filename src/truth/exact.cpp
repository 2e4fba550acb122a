// Fast exact fmod and ceil of bitexact::truth: the integer algorithms of
// bitexact/truth/exact.hpp (host and device code; the rounding mode does not
// matter, every result is representable). Checked against MPFR in
// tests/truth_exact_test.cpp.
#include "bitexact/truth/exact.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth {

float fmodf(float x, float y, rounding) { return detail::fmod_exact(x, y); }
double fmod(double x, double y, rounding) { return detail::fmod_exact(x, y); }
float ceilf(float x, rounding) { return detail::ceil_exact(x); }
double ceil(double x, rounding) { return detail::ceil_exact(x); }

}  // namespace bitexact::truth
