// Implementation "host": this machine's C library (glibc libm on Debian).
// Useful as the CPU baseline in sweeps; its bits depend on the libm version.
#include <cmath>

#include "bitexact/impl.hpp"

namespace bitexact {
namespace {
float host_sinf(float x) { return ::sinf(x); }
float host_cosf(float x) { return ::cosf(x); }
float host_fmodf(float x, float y) { return ::fmodf(x, y); }
double host_fmod(double x, double y) { return ::fmod(x, y); }
float host_ceilf(float x) { return ::ceilf(x); }
double host_ceil(double x) { return ::ceil(x); }

const bool registered = [] {
  const char* d = "this machine's libm";
  register_impl({"host", Fn::sinf, batch<&host_sinf>, d});
  register_impl({"host", Fn::cosf, batch<&host_cosf>, d});
  register_impl({"host", Fn::fmodf, batch<&host_fmodf>, d});
  register_impl({"host", Fn::fmod, batch<&host_fmod>, d});
  register_impl({"host", Fn::ceilf, batch<&host_ceilf>, d});
  register_impl({"host", Fn::ceil, batch<&host_ceil>, d});
  return true;
}();
}  // namespace
}  // namespace bitexact
