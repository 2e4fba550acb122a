// Implementations "nv" and "nv-ftz" of fmodf, fmod, ceilf, ceil: the header-only
// reproductions of CUDA 13.0 libdevice (include/bitexact/nv/{fmodf,fmod,ceilf,ceil}.hpp).
// libdevice's __nv_fmod and __nv_ceil do not depend on __CUDA_FTZ, so "nv-ftz"
// registers the same code as "nv" for the two binary64 functions.
#include "bitexact/impl.hpp"
#include "bitexact/nv/ceil.hpp"
#include "bitexact/nv/ceilf.hpp"
#include "bitexact/nv/fmod.hpp"
#include "bitexact/nv/fmodf.hpp"

namespace bitexact {
namespace {

const bool registered = [] {
  const char* ieee = "CUDA 13.0 libdevice, nvcc -ftz=false (bit-exact reproduction)";
  const char* ftz = "CUDA 13.0 libdevice, nvcc -ftz=true (bit-exact reproduction)";
  const char* ftz64 = "CUDA 13.0 libdevice, nvcc -ftz=true (same code as nv: no FTZ for f64)";
  register_impl({"nv", Fn::fmodf, batch<&nv::fmodf>, ieee});
  register_impl({"nv", Fn::fmod, batch<&nv::fmod>, ieee});
  register_impl({"nv", Fn::ceilf, batch<&nv::ceilf>, ieee});
  register_impl({"nv", Fn::ceil, batch<&nv::ceil>, ieee});
  register_impl({"nv-ftz", Fn::fmodf, batch<&nv::fmodf_ftz>, ftz});
  register_impl({"nv-ftz", Fn::fmod, batch<&nv::fmod>, ftz64});
  register_impl({"nv-ftz", Fn::ceilf, batch<&nv::ceilf_ftz>, ftz});
  register_impl({"nv-ftz", Fn::ceil, batch<&nv::ceil>, ftz64});
  return true;
}();

}  // namespace
}  // namespace bitexact
