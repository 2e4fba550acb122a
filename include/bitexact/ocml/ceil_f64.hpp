// bitexact/ocml/ceil_f64.hpp — bit-exact reproduction of AMD ocml's
// __ocml_ceil_f64 (ROCm-Device-Libs 5.2.3, Debian rocm-device-libs ocml.bc).
//
// llvm.ceil.f64: v_ceil_f64 on gfx7 and later (an exact integer-bit
// expansion on gfx6), the IEEE roundToIntegralTowardPositive with NaNs
// quieted. f64 denormals are never flushed, so the configuration does not
// change any bit; the template parameter is kept for a uniform interface.
#pragma once

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"

namespace bitexact::ocml {

template <config C = gfx90a>
BITEXACT_INLINE double ceil_f64(double x) {
  static_cast<void>(C);
  return amdgcn::ceil<false>(x);
}

}  // namespace bitexact::ocml
