// bitexact/ocml/ocml_span.hpp — span forms of every ocml reproduction, for any
// configuration C (bitexact/ocml/configs.def):
//
//   bitexact::ocml::sin_f32<C>(std::span<const float> in, std::span<float> out)
//   ... cos_f32<C>, ceil_f32<C>; ceil_f64<C> on doubles
//   bitexact::ocml::fmod_f32<C>(std::span<const float> x, std::span<const float> y, std::span<float> out)
//   ... fmod_f64<C> on doubles
//
// out[i] is the scalar function at in[i], bit for bit. Contract (sizes,
// in-place use): bitexact/span_api.hpp. Host functions (not
// __device__), declared in device passes too, as any host function.
//
// Speed: every row but fmod_f64 runs the SIMD layer's kernels
// (bitexact/simd/hwy.hpp: AVX2, AVX-512, NEON, SVE; ocml_span-inl.hpp, and
// fmod_f32 the exact-remainder lanes of bitexact/simd/common-inl.hpp) in
// every configuration; detail::span_kernel and binary_span below name them.
// fmod_f64 is the scalar code in a loop; in a build without -mfma the loop
// is a copy compiled for FMA and chosen at run time on CPUs that have it
// (spans::map_checked), so ocml's fmas are instructions, not libm calls.
#pragma once

#include "bitexact/config.hpp"

#include <span>
#include <type_traits>

#include "bitexact/functions.hpp"
#include "bitexact/ocml/ocml.hpp"
#include "bitexact/span_api.hpp"

#include "bitexact/simd/hwy.hpp"
#if BITEXACT_SIMD
#define BITEXACT_SIMD_INCLUDE "bitexact/ocml/ocml_span-inl.hpp"
#include "bitexact/simd/foreach.hpp"
#endif

namespace bitexact::ocml {

namespace detail {

// span_kernel<F>: the SIMD kernel of row F's span form, where it has one
// (run<C>(fn, in, out)); the primary template says it has none.
template <Fn F>
struct span_kernel {
  static constexpr bool simd = false;
};
template <bool Cos>
struct trig_span_kernel {
  static constexpr bool simd = true;
  template <config C>
  static void run(const char* fn, std::span<const float> in, std::span<float> out) {
    spans::check_size(fn, in.size(), out.size());
    const auto scalar = [](float x) { return Cos ? cos_f32<C>(x) : sin_f32<C>(x); };
    const std::size_t done =
        BITEXACT_SIMD_DISPATCH(std::size_t(0), detail, sincos_span<C, Cos>(in.data(), out.data(), in.size(), scalar));
    spans::map_checked<float>(fn, in.subspan(done), out.subspan(done), scalar);
  }
};
template <>
struct span_kernel<Fn::sinf> : trig_span_kernel<false> {};
template <>
struct span_kernel<Fn::cosf> : trig_span_kernel<true> {};
// ceilf / ceil: the IEEE ceiling on whole vectors, every lane.
template <class T>
struct ceil_span_kernel {
  static constexpr bool simd = true;
  template <config C>
  static void run(const char* fn, std::span<const T> in, std::span<T> out) {
    spans::check_size(fn, in.size(), out.size());
    constexpr bool daz = std::is_same_v<T, float> && C.daz;  // f64 is never flushed
    const std::size_t done =
        BITEXACT_SIMD_DISPATCH(std::size_t(0), detail, ceil_span<daz, T>(in.data(), out.data(), in.size()));
    if constexpr (std::is_same_v<T, float>)
      spans::map_checked<T>(fn, in.subspan(done), out.subspan(done), [](T x) { return ceil_f32<C>(x); });
    else
      spans::map_checked<T>(fn, in.subspan(done), out.subspan(done), [](T x) { return ceil_f64<C>(x); });
  }
};
// expm1f: the scalar code on SIMD lanes (NaN lanes, and finite-only's
// overflowing ones, through the scalar function).
template <>
struct span_kernel<Fn::expm1f> {
  static constexpr bool simd = true;
  template <config C>
  static void run(const char* fn, std::span<const float> in, std::span<float> out) {
    spans::check_size(fn, in.size(), out.size());
    const auto scalar = [](float x) { return expm1_f32<C>(x); };
    const std::size_t done =
        BITEXACT_SIMD_DISPATCH(std::size_t(0), detail, expm1_span<C>(in.data(), out.data(), in.size(), scalar));
    spans::map_checked<float>(fn, in.subspan(done), out.subspan(done), scalar);
  }
};
// sinpif / cospif: the scalar code on SIMD lanes.
template <bool Cos>
struct trigpi_span_kernel {
  static constexpr bool simd = true;
  template <config C>
  static void run(const char* fn, std::span<const float> in, std::span<float> out) {
    spans::check_size(fn, in.size(), out.size());
    const auto scalar = [](float x) { return Cos ? cospi_f32<C>(x) : sinpi_f32<C>(x); };
    const std::size_t done =
        BITEXACT_SIMD_DISPATCH(std::size_t(0), detail, trigpi_span<C, Cos>(in.data(), out.data(), in.size(), scalar));
    spans::map_checked<float>(fn, in.subspan(done), out.subspan(done), scalar);
  }
};
template <>
struct span_kernel<Fn::sinpif> : trigpi_span_kernel<false> {};
template <>
struct span_kernel<Fn::cospif> : trigpi_span_kernel<true> {};
template <>
struct span_kernel<Fn::ceilf> : ceil_span_kernel<float> {};
template <>
struct span_kernel<Fn::ceil> : ceil_span_kernel<double> {};

// Two operands: fmod_f32 on the SIMD layer's exact-remainder lanes
// (bitexact/simd/common-inl.hpp, fmodf_span: its results for finite operands
// are the exact remainder, flushed in DAZ configurations; ocml/fmod_f32.hpp),
// every other row its scalar function in a loop.
template <Fn F, config C, class T, class Scalar>
inline void binary_span(const char* fn, std::span<const T> x, std::span<const T> y, std::span<T> out, Scalar f) {
  if constexpr (F == Fn::fmodf) {
    spans::check_size(fn, x.size(), out.size());
    spans::check_size(fn, y.size(), out.size());
    // Outside finite-only configurations a non-finite x or a NaN y gives the
    // default NaN; finite-only ones run those through the division (scalar).
    constexpr std::uint32_t nan_bits = C.finite_only ? 0u : bit_cast<std::uint32_t>(amdgcn::default_nan<float>());
    const std::size_t done = BITEXACT_SIMD_DISPATCH(
        std::size_t(0), ::bitexact::simd, fmodf_span<C.daz, nan_bits>(x.data(), y.data(), out.data(), out.size(), f));
    spans::map_checked<T>(fn, x.subspan(done), y.subspan(done), out.subspan(done), f);
  } else {
    spans::map_checked<T>(fn, x, y, out, f);
  }
}

// One operand: the kernel where there is one, else the scalar function f in a loop.
template <Fn F, config C, class T, class Scalar>
inline void unary_span(const char* fn, std::span<const T> in, std::span<T> out, Scalar f) {
  if constexpr (span_kernel<F>::simd)
    span_kernel<F>::template run<C>(fn, in, out);
  else
    spans::map_checked<T>(fn, in, out, f);
}

}  // namespace detail

// One span form per row of bitexact/functions.def, expanded from the rows: a
// new function gets its span form (and so its registered ocml* implementations)
// from its row and its scalar file, with nothing to add here.
#define BX_OCML_SPAN_1(name, f, T)                                                         \
  template <config C = gfx90a>                                                             \
  void f(std::span<const T> in, std::span<T> out) {                                        \
    detail::unary_span<Fn::name, C, T>("ocml::" #f, in, out, [](T x) { return f<C>(x); }); \
  }
#define BX_OCML_SPAN_2(name, f, T)                                                                    \
  template <config C = gfx90a>                                                                        \
  void f(std::span<const T> x, std::span<const T> y, std::span<T> out) {                              \
    detail::binary_span<Fn::name, C, T>("ocml::" #f, x, y, out, [](T a, T b) { return f<C>(a, b); }); \
  }
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed) BX_OCML_SPAN_##arity(name, ocml_name, type)
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml_name, edges, seed)  // not reproduced
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION
#undef BX_OCML_SPAN_1
#undef BX_OCML_SPAN_2

}  // namespace bitexact::ocml
