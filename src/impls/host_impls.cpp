// Implementation "host": this machine's C library (glibc libm on Debian), every
// function of bitexact/functions.def by its C name. Useful as the CPU baseline
// in sweeps; its bits depend on the libm version.
#include <cmath>

#include "bitexact/registry/registry.hpp"

// The C library has no rsqrtf (CUDA and HIP have it): "host" is what a CPU port
// writes for it, 1/sqrtf(x) in two IEEE operations. (A libm that one day
// declares rsqrtf makes this a compile error, to be replaced by its own.)
static float rsqrtf(float x) { return 1.0f / sqrtf(x); }
// CUDA's erfinvf, normcdff, sinpif and cospif are not C (glibc 2.36 has none of
// them; C23's sinpif arrives in glibc 2.41). Declared weak: where this
// machine's libm defines one, "host" has it; elsewhere it is not registered
// and `bitexact list` says so.
extern "C" float erfinvf(float) noexcept __attribute__((weak));
extern "C" float normcdff(float) noexcept __attribute__((weak));
extern "C" float sinpif(float) noexcept __attribute__((weak));
extern "C" float cospif(float) noexcept __attribute__((weak));

namespace bitexact {
namespace {

template <class F>
bool defined_here(F* f) {
  return f != nullptr;  // a weak symbol no library defines
}

const bool registered = [] {
  const char* d = "this machine's libm";
  // The cast picks the C function of the row's signature among <cmath>'s overloads.
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                                                     \
  if (defined_here(static_cast<fn_traits<Fn::name>::signature*>(&::name)))                                        \
    register_impl({"host", Fn::name, scalar_values_of<Fn::name, static_cast<fn_traits<Fn::name>::signature*>(&::name)>, \
                   Fn::name == Fn::rsqrtf ? "1.0f / sqrtf(x) with this machine's libm (C has no rsqrtf)" : d});
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
  return true;
}();

}  // namespace
}  // namespace bitexact
