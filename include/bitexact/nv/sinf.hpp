// bitexact/nv/sinf.hpp — bit-exact reproduction of CUDA 13.0 libdevice
// __nv_sinf (what `sinf` calls in device code), in both flavours:
//
//   bitexact::nv::sinf(x)       nvcc -ftz=false (default): IEEE subnormals
//   bitexact::nv::sinf_ftz(x)   nvcc -ftz=true: __nvvm_reflect("__CUDA_FTZ") = 1,
//                               every f32 instruction flushes subnormals
//   bitexact::nv::sinf<mode>(x) the same, chosen by a template argument
//
// Results equal the H100's on all 2^32 inputs, including the NaN bits
// (every NaN or Inf input gives 0x7fffffff). Host and device callable.
// The algorithm and constants are in bitexact/nv/trig_reduction.hpp and
// docs/nv-trig.md.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/trig_reduction.hpp"

namespace bitexact::nv {

template <mode M>
BITEXACT_INLINE float sinf(float x) {
  return detail::trig_eval<M>(x, 0);
}

BITEXACT_INLINE float sinf(float x) { return sinf<mode::ieee>(x); }
BITEXACT_INLINE float sinf_ftz(float x) { return sinf<mode::ftz>(x); }

}  // namespace bitexact::nv
