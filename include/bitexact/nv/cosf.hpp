// bitexact/nv/cosf.hpp — bit-exact reproduction of CUDA 13.0 libdevice
// __nv_cosf (what `cosf` calls in device code), in both flavours:
//
//   bitexact::nv::cosf(x)       nvcc -ftz=false (default): IEEE subnormals
//   bitexact::nv::cosf_ftz(x)   nvcc -ftz=true: __nvvm_reflect("__CUDA_FTZ") = 1,
//                               every f32 instruction flushes subnormals
//   bitexact::nv::cosf<mode>(x) the same, chosen by a template argument
//
// libdevice computes cos(x) as the sine kernel of the same reduced argument
// one quadrant further on (q + 1). Results equal the H100's on all 2^32
// inputs, including the NaN bits (every NaN or Inf input gives 0x7fffffff).
// Host and device callable. See bitexact/nv/trig_reduction.hpp and
// docs/nv-trig.md.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/trig_reduction.hpp"

namespace bitexact::nv {

template <mode M>
BITEXACT_INLINE float cosf(float x) {
  return detail::trig_eval<M>(x, 1);
}

BITEXACT_INLINE float cosf(float x) { return cosf<mode::ieee>(x); }
BITEXACT_INLINE float cosf_ftz(float x) { return cosf<mode::ftz>(x); }

}  // namespace bitexact::nv
