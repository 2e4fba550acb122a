// bitexact/nv/fast_span.hpp — span forms of NVIDIA's fast math (nv/fast.hpp):
// the implementations "nv-fast" and "nv-intrinsics" on SIMD lanes.
//
//   bitexact::nv::fast::span_row<F>::fast        row<F>::fast on a span
//   bitexact::nv::fast::span_row<F>::intrinsic   row<F>::intrinsic on a span
//
// Each is a span form (f(in, out) or f(x, y, out), the contract of
// bitexact/span_api.hpp) of exactly the function row<F> names (nullptr
// where it has none: its scalar code in a loop is then the span form,
// src/impls/nv_fast_impls.cpp):
//  * libdevice's FTZ code (the functions -use_fast_math leaves as they are):
//    nv::NAME_ftz's span form (nv/nv_span.hpp), the same function;
//  * __sinf, __cosf: the SFU span forms of sin.approx and cos.approx (the
//    same model, either build);
//  * __tanhf: the SFU span form of tanh.approx.f32 (one instruction, either
//    build);
//  * __tanf, __expf, __exp10f, __logf, __log2f, __log10f, __powf,
//    __fdividef, and -use_fast_math's sqrtf and hypotf (-prec-sqrt=false):
//    their lane forms (nv/fast.hpp, nv/sqrtf.hpp, nv/hypotf.hpp) through the
//    span kernels of nv_span.hpp, the lanes they cannot vouch for by the
//    scalar function.
// Host only, like nv_span.hpp.
#pragma once

#include <span>

#include "bitexact/nv/fast.hpp"
#include "bitexact/nv/nv_span.hpp"

namespace bitexact::nv::fast {

namespace detail {
// Row F's function in build mode M on lanes: `lanes` (a lane form of F's
// arity), `scalar` the same function on floats. FtzOpsInIeee: the function
// also calls .ftz ops (rcp.approx.ftz in __tanf, div.approx's reciprocal),
// so its IEEE build mixes the modes (nv_span.hpp's lanes_span, Mixed).
template <mode M, bool FtzOpsInIeee = false, class Lanes, class Scalar, class... In>
inline void lanes(const char* fn, std::span<float> out, Lanes l, Scalar s, std::span<In>... in) {
  nv::detail::lanes_span<M == mode::ieee && FtzOpsInIeee>(fn, out, l, s, in...);
}
}  // namespace detail

// The intrinsics in build mode M on lanes.
#define BX_FAST_LANES_1(name, ftz_ops)                                                                       \
  template <mode M>                                                                                          \
  inline void name##_span(std::span<const float> in, std::span<float> out) {                                 \
    detail::lanes<M, ftz_ops>(                                                                               \
        "nv::fast::" #name, out, [](auto x) { return name<M>(x); }, [](float x) { return name<M>(x); }, in); \
  }
#define BX_FAST_LANES_2(name, ftz_ops)                                                                \
  template <mode M>                                                                                   \
  inline void name##_span(std::span<const float> x, std::span<const float> y, std::span<float> out) { \
    detail::lanes<M, ftz_ops>(                                                                        \
        "nv::fast::" #name, out, [](auto u, auto v) { return name<M>(u, v); },                        \
        [](float u, float v) { return name<M>(u, v); }, x, y);                                        \
  }
BX_FAST_LANES_1(tanf, true)
BX_FAST_LANES_1(expf, false)
BX_FAST_LANES_1(exp10f, false)
BX_FAST_LANES_1(logf, false)
BX_FAST_LANES_1(log2f, false)
BX_FAST_LANES_1(log10f, false)
BX_FAST_LANES_2(powf, false)
BX_FAST_LANES_2(fdividef, true)
#undef BX_FAST_LANES_1
#undef BX_FAST_LANES_2
// -use_fast_math's sqrtf and hypotf: libdevice's in build nvcc_use_fast_math.
inline void use_fast_math_sqrtf_span(std::span<const float> in, std::span<float> out) {
  detail::lanes<mode::ftz>(
      "nv::fast::use_fast_math_sqrtf", out, [](auto x) { return nv::sqrtf<nvcc_use_fast_math>(x); },
      [](float x) { return use_fast_math_sqrtf(x); }, in);
}
inline void use_fast_math_hypotf_span(std::span<const float> x, std::span<const float> y, std::span<float> out) {
  detail::lanes<mode::ftz>(
      "nv::fast::use_fast_math_hypotf", out, [](auto u, auto v) { return nv::hypotf<nvcc_use_fast_math>(u, v); },
      [](float u, float v) { return use_fast_math_hypotf(u, v); }, x, y);
}

// A span form's type for row F (one operand or two).
template <Fn F>
using span_fn =
    std::conditional_t<fn_traits<F>::arity == 1,
                       void(std::span<const typename fn_traits<F>::type>, std::span<typename fn_traits<F>::type>),
                       void(std::span<const typename fn_traits<F>::type>, std::span<const typename fn_traits<F>::type>,
                            std::span<typename fn_traits<F>::type>)>;

// libdevice's FTZ code of row F (libdevice<F>::ftz) on a span: nv-ftz's span
// form, the same function (a binary64 row has one build: nv's).
template <Fn F>
struct libdevice_span;
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                                                    \
  template <>                                                                                                      \
  struct libdevice_span<Fn::name> {                                                                                \
    static constexpr span_fn<Fn::name>* ftz = sizeof(type) == 4 ? static_cast<span_fn<Fn::name>*>(&nv::name##_ftz) \
                                                                : static_cast<span_fn<Fn::name>*>(&nv::name);      \
  };
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

// The span forms of row<F>'s two functions (nullptr: none): a row that
// -use_fast_math leaves to libdevice takes libdevice_span; the intrinsics'
// rows are listed below.
template <Fn F>
struct span_row {
  static constexpr span_fn<F>* fast = [] {
    if constexpr (row<F>::fast != nullptr) {
      if constexpr (row<F>::fast == &libdevice<F>::ftz) return libdevice_span<F>::ftz;
    }
    return static_cast<span_fn<F>*>(nullptr);
  }();
  static constexpr span_fn<F>* intrinsic = nullptr;
};
#define BX_FAST_SPAN_ROW(fn_, fast_, intrinsic_)               \
  template <>                                                  \
  struct span_row<Fn::fn_> {                                   \
    static constexpr span_fn<Fn::fn_>* fast = fast_;           \
    static constexpr span_fn<Fn::fn_>* intrinsic = intrinsic_; \
  };
BX_FAST_SPAN_ROW(sinf, &nv::sin_approx_ftz, &nv::sin_approx)
BX_FAST_SPAN_ROW(cosf, &nv::cos_approx_ftz, &nv::cos_approx)
BX_FAST_SPAN_ROW(sqrtf, &use_fast_math_sqrtf_span, nullptr)
BX_FAST_SPAN_ROW(hypotf, &use_fast_math_hypotf_span, nullptr)
BX_FAST_SPAN_ROW(powf, &powf_span<mode::ftz>, &powf_span<mode::ieee>)
BX_FAST_SPAN_ROW(tanhf, &nv::tanh_approx, &nv::tanh_approx)  // tanh.approx.f32 in either build
BX_FAST_SPAN_ROW(expf, &expf_span<mode::ftz>, &expf_span<mode::ieee>)
BX_FAST_SPAN_ROW(exp10f, &exp10f_span<mode::ftz>, &exp10f_span<mode::ieee>)
BX_FAST_SPAN_ROW(logf, &logf_span<mode::ftz>, &logf_span<mode::ieee>)
BX_FAST_SPAN_ROW(log2f, &log2f_span<mode::ftz>, &log2f_span<mode::ieee>)
BX_FAST_SPAN_ROW(log10f, &log10f_span<mode::ftz>, &log10f_span<mode::ieee>)
BX_FAST_SPAN_ROW(tanf, &tanf_span<mode::ftz>, &tanf_span<mode::ieee>)
BX_FAST_SPAN_ROW(fdividef, &fdividef_span<mode::ftz>, &fdividef_span<mode::ieee>)
#undef BX_FAST_SPAN_ROW

}  // namespace bitexact::nv::fast
