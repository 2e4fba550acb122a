// Implementation "triton": what tl.extra.cuda.libdevice.NAME returns in a
// Triton 3.6 kernel on sm_90, and so what torch.compile's generated kernels
// return: the libdevice.10.bc Triton bundles, built the way Triton builds it
// (nv::triton3_6, bitexact/nv/build.hpp: FTZ reflect on, plain float
// operations IEEE, __CUDA_PREC_SQRT 0), every row of functions.def
// (nv::NAME_triton). The evaluations go through the span forms
// (bitexact/nv/nv_span.hpp: SIMD lanes for the rows detail::triton_kernel
// names, the scalar code in a loop for the others).
#include <fmt/format.h>

#include "bitexact/nv/build.hpp"
#include "bitexact/nv/nv.hpp"
#include "bitexact/nv/nv_span.hpp"
#include "bitexact/registry/registry.hpp"

namespace bitexact {
namespace {

constexpr const char* what =
    "Triton 3.6 libdevice (its bundled libdevice.10.bc, FTZ reflect, IEEE float ops, __CUDA_PREC_SQRT 0; sm_90): "
    "bit-exact reproduction";

const bool registered = [] {
  const auto& file = nv::info(nv::triton3_6.file);
  register_summary("triton",
                   fmt::format("what libdevice.NAME returns in a Triton 3.6 kernel on sm_90 (and so torch.compile): "
                               "Triton's bundled libdevice.10.bc, FTZ reflect, IEEE float ops: bit-exact "
                               "reproduction. Its file, SHA-256 {}, ships with {}",
                               file.sha256, file.shipped_by));
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  register_impl({"triton", Fn::name, span_values_of<Fn::name, &nv::name##_triton>, what});
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
  return true;
}();

}  // namespace
}  // namespace bitexact
