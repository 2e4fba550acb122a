// tests/scalar_forms.hpp — every implementation whose code is header-only, as
// its scalar function: the one list that tests/cross/block_digests.cpp (the
// aarch64 check) and tests/fuzz/fuzz_eval_paths.cpp (span vs scalar) walk.
//
//   for_each_scalar_form(visit) calls
//     visit.template operator()<F, P>(impl)
//   for every implementation name `impl` and row F it has, P being the scalar
//   function (fn_traits<F>::signature*), never null:
//     nv, nv-ftz, triton     every row (src/impls/nv_impls.cpp, triton_impls.cpp)
//     ocml, ocml-daz, ...    every ocml/configs.def row x every row with an
//                            ocml reproduction (src/impls/ocml_impls.cpp)
//     ptx, ptx-ftz           the eight SFU models (src/impls/ptx_impls.cpp
//                            registers the same eight)
//     nv-fast, nv-intrinsics nv::fast::row of every row (src/impls/nv_fast_impls.cpp)
// Header-only and registry-free, so that it cross-builds with nothing but the
// core headers.
#pragma once

#include "bitexact/functions.hpp"
#include "bitexact/nv/cos_approx.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/fast.hpp"
#include "bitexact/nv/lg2_approx.hpp"
#include "bitexact/nv/nv.hpp"
#include "bitexact/nv/rcp_approx.hpp"
#include "bitexact/nv/rsqrt_approx.hpp"
#include "bitexact/nv/sin_approx.hpp"
#include "bitexact/nv/sqrt_approx.hpp"
#include "bitexact/nv/tanh_approx.hpp"
#include "bitexact/ocml/ocml.hpp"

namespace bitexact::testing {

namespace scalar_forms_detail {
template <Fn F, typename fn_traits<F>::signature* P, class Visit>
void one(Visit& visit, const char* impl) {
  if constexpr (P != nullptr) visit.template operator()<F, P>(impl);
}

template <ocml::config C, class Visit>
void ocml_config(Visit& visit, const char* impl) {
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed) one<Fn::name, &ocml::ocml_name<C>>(visit, impl);
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml_name, edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION
}

template <nv::mode M, class Visit>
void ptx(Visit& visit, const char* impl) {
  one<Fn::sin_approx, &nv::ptx::sin_approx_model<M>>(visit, impl);
  one<Fn::cos_approx, &nv::ptx::cos_approx_model<M>>(visit, impl);
  one<Fn::ex2_approx, &nv::ptx::ex2_approx_model<M>>(visit, impl);
  one<Fn::lg2_approx, &nv::ptx::lg2_approx_model<M>>(visit, impl);
  one<Fn::rcp_approx, &nv::ptx::rcp_approx_model<M>>(visit, impl);
  one<Fn::rsqrt_approx, &nv::ptx::rsqrt_approx_model<M>>(visit, impl);
  one<Fn::sqrt_approx, &nv::ptx::sqrt_approx_model<M>>(visit, impl);
  one<Fn::tanh_approx, &nv::ptx::tanh_approx_model<M>>(visit, impl);
}
}  // namespace scalar_forms_detail

template <class Visit>
void for_each_scalar_form(Visit&& visit) {
  using namespace scalar_forms_detail;
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  one<Fn::name, &nv::name>(visit, "nv");                        \
  one<Fn::name, &nv::name##_ftz>(visit, "nv-ftz");              \
  one<Fn::name, nv::triton_form<Fn::name>>(visit, "triton");
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
#define BITEXACT_OCML_CONFIG(tag, suffix, mcpu, daz, finite, release, what) \
  ocml_config<ocml::tag>(visit, "ocml" suffix);
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG
  ptx<nv::mode::ieee>(visit, "ptx");
  ptx<nv::mode::ftz>(visit, "ptx-ftz");
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)   \
  one<Fn::name, nv::fast::row<Fn::name>::fast>(visit, "nv-fast"); \
  one<Fn::name, nv::fast::row<Fn::name>::intrinsic>(visit, "nv-intrinsics");
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) BITEXACT_FUNCTION(name, arity, type, , , )
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
}

}  // namespace bitexact::testing
