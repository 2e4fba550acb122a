// Implementation "triton": what tl.extra.cuda.libdevice.NAME returns in a
// Triton 3.6 kernel on sm_90, and so what torch.compile's generated kernels
// return: the libdevice.10.bc Triton bundles, built the way Triton builds it
// (nv::triton3_6, bitexact/nv/build.hpp: FTZ reflect on, plain float
// operations IEEE, __CUDA_PREC_SQRT 0). Registered for every row whose
// reproduction takes a build (nv::triton_form<F>); the others
// (sinf, cosf, fmodf, fmod, ceilf, ceil, written per flush mode) have no
// triton form yet and are not registered: `bitexact list triton` lists what
// is.
#include <fmt/format.h>

#include "bitexact/nv/build.hpp"
#include "bitexact/nv/nv.hpp"
#include "bitexact/registry/registry.hpp"

namespace bitexact {
namespace {

template <Fn F>
void register_triton() {
  if constexpr (nv::triton_form<F> != nullptr)
    register_impl({"triton", F, scalar_values_of<F, nv::triton_form<F>>,
                   "Triton 3.6 libdevice (its bundled libdevice.10.bc, FTZ reflect, IEEE float ops, "
                   "__CUDA_PREC_SQRT 0; sm_90): bit-exact reproduction"});
}

const bool registered = [] {
  const auto& file = nv::info(nv::triton3_6.file);
  register_summary("triton",
                   fmt::format("what libdevice.NAME returns in a Triton 3.6 kernel on sm_90 (and so torch.compile): "
                               "Triton's bundled libdevice.10.bc, FTZ reflect, IEEE float ops: bit-exact "
                               "reproduction. Its file, SHA-256 {}, ships with {}",
                               file.sha256, file.shipped_by));
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  register_triton<Fn::name>();
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
  return true;
}();

}  // namespace
}  // namespace bitexact
