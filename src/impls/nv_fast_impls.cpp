// Implementation "nv-fast": what `nvcc -use_fast_math` (CUDA 13.0, sm_90)
// makes of sinf, cosf, fmodf, fmod, ceilf, ceil, and the fast intrinsics it
// substitutes, as functions: expf (__expf), exp10f, logf, log2f, log10f,
// tanf, fdividef (x / y). All FTZ. And "nv-intrinsics": the intrinsics
// themselves in a default -ftz=false build. bitexact/nv/fast.hpp; docs/nv-fast.md.
#include "bitexact/registry/registry.hpp"
#include "bitexact/nv/fast.hpp"

namespace bitexact {
namespace {

namespace f = nv::fast;
using nv::mode;

const bool registered = [] {
  const std::string d = "CUDA 13.0 nvcc -use_fast_math (sm_90): ";
  register_impl({"nv-fast", Fn::sinf, batch_of<Fn::sinf, &f::use_fast_math_sinf>, d + "__sinf (sin.approx.ftz)"});
  register_impl({"nv-fast", Fn::cosf, batch_of<Fn::cosf, &f::use_fast_math_cosf>, d + "__cosf (cos.approx.ftz)"});
  register_impl({"nv-fast", Fn::fmodf, batch_of<Fn::fmodf, &f::use_fast_math_fmodf>, d + "libdevice fmodf, FTZ"});
  register_impl({"nv-fast", Fn::fmod, batch_of<Fn::fmod, &f::use_fast_math_fmod>, d + "libdevice fmod"});
  register_impl({"nv-fast", Fn::ceilf, batch_of<Fn::ceilf, &f::use_fast_math_ceilf>, d + "libdevice ceilf, FTZ"});
  register_impl({"nv-fast", Fn::ceil, batch_of<Fn::ceil, &f::use_fast_math_ceil>, d + "libdevice ceil"});
  register_impl({"nv-fast", Fn::expf, batch_of<Fn::expf, &f::expf<mode::ftz>>, d + "__expf"});
  register_impl({"nv-fast", Fn::exp10f, batch_of<Fn::exp10f, &f::exp10f<mode::ftz>>, d + "__exp10f"});
  register_impl({"nv-fast", Fn::logf, batch_of<Fn::logf, &f::logf<mode::ftz>>, d + "__logf"});
  register_impl({"nv-fast", Fn::log2f, batch_of<Fn::log2f, &f::log2f<mode::ftz>>, d + "__log2f (lg2.approx.ftz)"});
  register_impl({"nv-fast", Fn::log10f, batch_of<Fn::log10f, &f::log10f<mode::ftz>>, d + "__log10f"});
  register_impl({"nv-fast", Fn::tanf, batch_of<Fn::tanf, &f::tanf<mode::ftz>>, d + "__tanf"});
  register_impl({"nv-fast", Fn::fdividef, batch_of<Fn::fdividef, &f::fdividef<mode::ftz>>, d + "__fdividef (div.approx.ftz)"});
  // The same intrinsics called in a default (-ftz=false) build.
  const std::string i = "CUDA 13.0 intrinsic, nvcc -ftz=false (sm_90): ";
  register_impl({"nv-intrinsics", Fn::sinf, batch_of<Fn::sinf, &f::sinf<mode::ieee>>, i + "__sinf"});
  register_impl({"nv-intrinsics", Fn::cosf, batch_of<Fn::cosf, &f::cosf<mode::ieee>>, i + "__cosf"});
  register_impl({"nv-intrinsics", Fn::expf, batch_of<Fn::expf, &f::expf<mode::ieee>>, i + "__expf"});
  register_impl({"nv-intrinsics", Fn::exp10f, batch_of<Fn::exp10f, &f::exp10f<mode::ieee>>, i + "__exp10f"});
  register_impl({"nv-intrinsics", Fn::logf, batch_of<Fn::logf, &f::logf<mode::ieee>>, i + "__logf"});
  register_impl({"nv-intrinsics", Fn::log2f, batch_of<Fn::log2f, &f::log2f<mode::ieee>>, i + "__log2f (lg2.approx)"});
  register_impl({"nv-intrinsics", Fn::log10f, batch_of<Fn::log10f, &f::log10f<mode::ieee>>, i + "__log10f"});
  register_impl({"nv-intrinsics", Fn::tanf, batch_of<Fn::tanf, &f::tanf<mode::ieee>>, i + "__tanf"});
  register_impl({"nv-intrinsics", Fn::fdividef, batch_of<Fn::fdividef, &f::fdividef<mode::ieee>>, i + "__fdividef (div.approx)"});
  return true;
}();

}  // namespace
}  // namespace bitexact
