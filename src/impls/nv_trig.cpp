// Implementations "nv" and "nv-ftz" of sinf and cosf: the bit-exact
// reproductions of CUDA 13.0 libdevice __nv_sinf / __nv_cosf
// (include/bitexact/nv/sinf.hpp, cosf.hpp).
#include "bitexact/impl.hpp"
#include "bitexact/nv/cosf.hpp"
#include "bitexact/nv/sinf.hpp"

namespace bitexact {
namespace {
float nv_sinf(float x) { return nv::sinf(x); }
float nv_cosf(float x) { return nv::cosf(x); }
float nv_sinf_ftz(float x) { return nv::sinf_ftz(x); }
float nv_cosf_ftz(float x) { return nv::cosf_ftz(x); }

const bool registered = [] {
  const char* ieee = "CUDA 13.0 libdevice, IEEE (nvcc -ftz=false, the default)";
  const char* ftz = "CUDA 13.0 libdevice, FTZ (nvcc -ftz=true: subnormals flushed)";
  register_impl({"nv", Fn::sinf, batch<&nv_sinf>, ieee});
  register_impl({"nv", Fn::cosf, batch<&nv_cosf>, ieee});
  register_impl({"nv-ftz", Fn::sinf, batch<&nv_sinf_ftz>, ftz});
  register_impl({"nv-ftz", Fn::cosf, batch<&nv_cosf_ftz>, ftz});
  return true;
}();
}  // namespace
}  // namespace bitexact
