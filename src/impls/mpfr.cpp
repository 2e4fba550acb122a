// Implementation "mpfr": correctly rounded, round-to-nearest-even (bitexact::truth:
// fast exact paths, falling back to MPFR where needed; see docs/truth.md).
#include "bitexact/impl.hpp"
#include "bitexact/truth.hpp"

namespace bitexact {
namespace {
float t_sinf(float x) { return truth::sinf(x); }
float t_cosf(float x) { return truth::cosf(x); }
float t_fmodf(float x, float y) { return truth::fmodf(x, y); }
double t_fmod(double x, double y) { return truth::fmod(x, y); }
float t_ceilf(float x) { return truth::ceilf(x); }
double t_ceil(double x) { return truth::ceil(x); }

const bool registered = [] {
  const char* d = "correctly rounded, round-to-nearest-even (bitexact::truth fast paths, MPFR fallback)";
  register_impl({"mpfr", Fn::sinf, batch<&t_sinf>, d, true});
  register_impl({"mpfr", Fn::cosf, batch<&t_cosf>, d, true});
  register_impl({"mpfr", Fn::fmodf, batch<&t_fmodf>, d, true});
  register_impl({"mpfr", Fn::fmod, batch<&t_fmod>, d, true});
  register_impl({"mpfr", Fn::ceilf, batch<&t_ceilf>, d, true});
  register_impl({"mpfr", Fn::ceil, batch<&t_ceil>, d, true});
  return true;
}();
}  // namespace
}  // namespace bitexact
