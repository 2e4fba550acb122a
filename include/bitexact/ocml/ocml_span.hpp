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
#include "bitexact/ocml/ceil_f32.hpp"
#include "bitexact/ocml/ceil_f64.hpp"
#include "bitexact/ocml/ocml_config.hpp"
#include "bitexact/ocml/cos_f32.hpp"
#include "bitexact/ocml/fmod_f32.hpp"
#include "bitexact/ocml/fmod_f64.hpp"
#include "bitexact/ocml/sin_f32.hpp"

namespace bitexact::ocml {

template <config C = gfx90a>
void sin_f32(std::span<const float> in, std::span<float> out) {
  spans::map_checked<float>("ocml::sin_f32", in, out, [](float x) { return sin_f32<C>(x); });
}
template <config C = gfx90a>
void cos_f32(std::span<const float> in, std::span<float> out) {
  spans::map_checked<float>("ocml::cos_f32", in, out, [](float x) { return cos_f32<C>(x); });
}
template <config C = gfx90a>
void ceil_f32(std::span<const float> in, std::span<float> out) {
  spans::map_checked<float>("ocml::ceil_f32", in, out, [](float x) { return ceil_f32<C>(x); });
}
template <config C = gfx90a>
void ceil_f64(std::span<const double> in, std::span<double> out) {
  spans::map_checked<double>("ocml::ceil_f64", in, out, [](double x) { return ceil_f64<C>(x); });
}
template <config C = gfx90a>
void fmod_f32(std::span<const float> x, std::span<const float> y, std::span<float> out) {
  spans::map_checked<float>("ocml::fmod_f32", x, y, out, [](float a, float b) { return fmod_f32<C>(a, b); });
}
template <config C = gfx90a>
void fmod_f64(std::span<const double> x, std::span<const double> y, std::span<double> out) {
  spans::map_checked<double>("ocml::fmod_f64", x, y, out, [](double a, double b) { return fmod_f64<C>(a, b); });
}

}  // namespace bitexact::ocml

