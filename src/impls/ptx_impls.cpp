// Implementations "ptx" and "ptx-ftz": the SFU approximation instructions of
// sm_90, sin/cos/ex2/lg2/rcp/rsqrt/sqrt/tanh.approx.f32 (plain) and .ftz.f32
// (include/bitexact/nv/NAME.hpp; the table rows fitted to the H100 and
// checked on all 2^32 inputs, docs/nv-fast.md). The functions are the
// BITEXACT_NV_FUNCTION rows NAME_approx of bitexact/functions.def, evaluated
// through their span forms (bitexact/nv/nv_span.hpp).
#include <string>

#include "bitexact/nv/cos_approx.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/lg2_approx.hpp"
#include "bitexact/nv/nv_span.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/rsqrt_approx.hpp"
#include "bitexact/nv/sin_approx.hpp"
#include "bitexact/nv/sqrt_approx.hpp"
#include "bitexact/nv/tanh_approx.hpp"
#include "bitexact/registry/registry.hpp"

namespace bitexact {
namespace {

// The evaluation of row FN in mode M by its span form (bitexact/nv/nv_span.hpp:
// SIMD lanes for ex2, lg2, rcp and rsqrt, the scalar model in a loop for the others).
template <Fn FN, span_signature_of<FN>* Plain, span_signature_of<FN>* Ftz, nv::mode M>
constexpr Eval<float> span_of = span_values_of<FN, M == nv::mode::ftz ? Ftz : Plain>;

template <nv::mode M>
void register_form(const char* impl) {
  // Every entry is an approximation instruction (Impl::approximate).
  using nv::mode;
  const std::string form = M == mode::ftz ? ".ftz.f32" : ".f32";
  const std::string d = "NVIDIA sm_90 SFU (H100), PTX ";
  // PTX has no tanh.approx.ftz.f32 and MUFU.TANH flushes nothing: ptx-ftz's
  // tanh_approx is the one instruction, tanh.approx.f32 (as ptxas makes the
  // .ftz forms of sin/cos the same SASS as the plain ones).
  register_approximate({impl, Fn::tanh_approx, span_of<Fn::tanh_approx, &nv::tanh_approx, &nv::tanh_approx_ftz, M>,
                        d + "tanh.approx.f32"});
  register_approximate({impl, Fn::sin_approx, span_of<Fn::sin_approx, &nv::sin_approx, &nv::sin_approx_ftz, M>,
                        d + "sin.approx" + form});
  register_approximate({impl, Fn::cos_approx, span_of<Fn::cos_approx, &nv::cos_approx, &nv::cos_approx_ftz, M>,
                        d + "cos.approx" + form});
  register_approximate({impl, Fn::ex2_approx, span_of<Fn::ex2_approx, &nv::ex2_approx, &nv::ex2_approx_ftz, M>,
                        d + "ex2.approx" + form});
  register_approximate({impl, Fn::lg2_approx, span_of<Fn::lg2_approx, &nv::lg2_approx, &nv::lg2_approx_ftz, M>,
                        d + "lg2.approx" + form});
  register_approximate({impl, Fn::rcp_approx, span_of<Fn::rcp_approx, &nv::rcp_approx, &nv::rcp_approx_ftz, M>,
                        d + "rcp.approx" + form});
  register_approximate({impl, Fn::rsqrt_approx, span_of<Fn::rsqrt_approx, &nv::rsqrt_approx, &nv::rsqrt_approx_ftz, M>,
                        d + "rsqrt.approx" + form});
  register_approximate({impl, Fn::sqrt_approx, span_of<Fn::sqrt_approx, &nv::sqrt_approx, &nv::sqrt_approx_ftz, M>,
                        d + "sqrt.approx" + form});
}

const bool registered = [] {
  register_form<nv::mode::ieee>("ptx");
  register_form<nv::mode::ftz>("ptx-ftz");
  register_summary("ptx", "NVIDIA sm_90 SFU (H100): the PTX instructions NAME.f32 (sin.approx.f32, ...)");
  register_summary("ptx-ftz",
                   "NVIDIA sm_90 SFU (H100): the PTX instructions NAME.ftz.f32 (sin.approx.ftz.f32, ...; "
                   "tanh.approx.f32, which has no .ftz form)");
  return true;
}();

}  // namespace
}  // namespace bitexact
