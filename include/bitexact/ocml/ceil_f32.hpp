// bitexact/ocml/ceil_f32.hpp — bit-exact reproduction of AMD ocml's
// __ocml_ceil_f32 (ROCm-Device-Libs 5.2.3, Debian rocm-device-libs ocml.bc).
//
// ocml's ceil is llvm.ceil.f32, selected to v_ceil_f32: the IEEE
// roundToIntegralTowardPositive, with NaNs quieted. In DAZ builds the
// instruction reads a subnormal operand as a signed zero, so ceil of a
// positive subnormal is +0 (1.0 with IEEE denormals). No other configuration
// variable changes the result.
#pragma once

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"

namespace bitexact::ocml {

template <config C = gfx90a>
BITEXACT_INLINE float ceil_f32(float x) {
  return amdgcn::ceil<C.daz>(x);
}

}  // namespace bitexact::ocml
