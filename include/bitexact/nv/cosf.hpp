// bitexact/nv/cosf.hpp — bit-exact reproduction of CUDA 13.0 libdevice
// __nv_cosf (what `cosf` calls in device code), in each build:
//
//   bitexact::nv::cosf(x)       nvcc -ftz=false (default): IEEE subnormals
//   bitexact::nv::cosf_ftz(x)   nvcc -ftz=true: __nvvm_reflect("__CUDA_FTZ") = 1,
//                               every f32 instruction flushes subnormals
//   bitexact::nv::cosf_triton(x) Triton 3.6 (nv/build.hpp: reflect FTZ = 1, plain
//                               ops IEEE): the same bits as cosf_ftz (below)
//   bitexact::nv::cosf<B>(x)     by build (nvcc_ieee, nvcc_ftz, triton3_6)
//   bitexact::nv::cosf<mode>(x)  by flush mode: mode::ieee is cosf<nvcc_ieee>,
//                               mode::ftz cosf<nvcc_ftz>
//
// libdevice computes cos(x) as the sine kernel of the same reduced argument
// one quadrant further on (q + 1). Results equal the H100's on all 2^32
// inputs, including the NaN bits (every NaN or Inf input gives 0x7fffffff).
// Host and device callable. See bitexact/nv/trig_reduction.hpp and
// docs/nv-trig.md.
// Triton: its libdevice file has the same IR for __nv_cosf; the one plain
// operation, x * 2/pi, stays IEEE in Triton's PTX, which changes k only for a
// subnormal x, where both flush modes round to k = 0. So cosf_triton(x) ==
// cosf_ftz(x) for every x (trig_reduction.hpp, "Builds"; tests/nv_tan_sinpi_test.cpp
// checks it on sampled inputs; Triton kernels on the H200 gave these bits on all
// 2^32 inputs: vectors/triton/digests.json).
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/trig_reduction.hpp"

namespace bitexact::nv {

template <build B>
BITEXACT_INLINE float cosf(float x) {
  return detail::trig_eval<B>(x, 1);
}
// The original interface, by flush mode: the nvcc build of that mode.
template <mode M>
BITEXACT_INLINE float cosf(float x) {
  return detail::trig_eval<detail::trig_build(M)>(x, 1);
}

BITEXACT_NV_BUILD_FORMS_1(cosf)

}  // namespace bitexact::nv
