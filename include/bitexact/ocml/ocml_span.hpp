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
// Speed: the scalar code in a loop; in a build without -mfma the loop is a
// copy compiled for FMA and chosen at run time on CPUs that have it
// (spans::map_checked), so ocml's fmas are instructions, not libm calls.
// ocml's code paths differ per configuration and per input (tiny arguments,
// DAZ flushing, the split-constant reductions), so there is no SIMD kernel yet.
#pragma once

#include "bitexact/config.hpp"

#include <span>

#include "bitexact/span_api.hpp"
#include "bitexact/ocml/ocml.hpp"

namespace bitexact::ocml {

// One span form per row of bitexact/functions.def, expanded from the rows: a
// new function gets its span form (and so its registered ocml* implementations)
// from its row and its scalar file, with nothing to add here.
#define BX_OCML_SPAN_1(f, T)                                                                      \
  template <config C = gfx90a>                                                                    \
  void f(std::span<const T> in, std::span<T> out) {                                               \
    spans::map_checked<T>("ocml::" #f, in, out, [](T x) { return f<C>(x); });                     \
  }
#define BX_OCML_SPAN_2(f, T)                                                                      \
  template <config C = gfx90a>                                                                    \
  void f(std::span<const T> x, std::span<const T> y, std::span<T> out) {                          \
    spans::map_checked<T>("ocml::" #f, x, y, out, [](T a, T b) { return f<C>(a, b); });           \
  }
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed) BX_OCML_SPAN_##arity(ocml_name, type)
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml_name, edges, seed)  // not reproduced
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION
#undef BX_OCML_SPAN_1
#undef BX_OCML_SPAN_2

}  // namespace bitexact::ocml
