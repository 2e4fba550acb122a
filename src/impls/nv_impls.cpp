// Implementations "nv" and "nv-ftz": the header-only reproductions of NVIDIA
// libdevice (include/bitexact/nv/NAME.hpp: nv::NAME is what nvcc -ftz=false
// links, nv::NAME_ftz what nvcc -ftz=true links), every function of
// bitexact/functions.def, for the release nv::releases_reproduced[0]. The
// evaluations go through the span forms (bitexact/nv/nv_span.hpp: SIMD where it has it).
#include <fmt/format.h>

#include "bitexact/registry/registry.hpp"
#include "bitexact/nv/nv_span.hpp"
#include "bitexact/nv/nv.hpp"

namespace bitexact {
namespace {

// One line for `bitexact list` and the reports, in the row's wording
// (nv::description_wording); f64 functions under -ftz=true are described as
// the IEEE code (PTX has no f64 FTZ).
template <Fn F>
std::string describe(bool ftz) {
  const nv::release& r = nv::releases_reproduced[0];
  const std::string cuda = fmt::format("CUDA {}.{} libdevice", r.cuda_major, r.cuda_minor);
  if constexpr (nv::description_wording<F> == nv::wording::flush_mode)
    return cuda + (ftz ? ", FTZ (nvcc -ftz=true: subnormals flushed)" : ", IEEE (nvcc -ftz=false, the default)");
  if (ftz && sizeof(typename fn_traits<F>::type) == 8)
    return cuda + ", nvcc -ftz=true (same code as nv: no FTZ for f64)";
  return cuda + (ftz ? ", nvcc -ftz=true (bit-exact reproduction)" : ", nvcc -ftz=false (bit-exact reproduction)");
}

const bool registered = [] {
  const nv::release& r = nv::releases_reproduced[0];
  register_summary("nv", fmt::format("CUDA {}.{} libdevice, nvcc -ftz=false (the default): bit-exact reproduction",
                                     r.cuda_major, r.cuda_minor));
  register_summary("nv-ftz", fmt::format("CUDA {}.{} libdevice, nvcc -ftz=true (f32 subnormals flushed; f64 as nv): "
                                         "bit-exact reproduction",
                                         r.cuda_major, r.cuda_minor));
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                                    \
  register_impl({"nv", Fn::name, span_values_of<Fn::name, &nv::name>, describe<Fn::name>(false)}); \
  register_impl({"nv-ftz", Fn::name, span_values_of<Fn::name, &nv::name##_ftz>, describe<Fn::name>(true)});
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
  return true;
}();

}  // namespace
}  // namespace bitexact
