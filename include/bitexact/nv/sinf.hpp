// bitexact/nv/sinf.hpp — bit-exact reproduction of CUDA 13.0 libdevice
// __nv_sinf (what `sinf` calls in device code), in each build:
//
//   bitexact::nv::sinf(x)       nvcc -ftz=false (default): IEEE subnormals
//   bitexact::nv::sinf_ftz(x)   nvcc -ftz=true: __nvvm_reflect("__CUDA_FTZ") = 1,
//                               every f32 instruction flushes subnormals
//   bitexact::nv::sinf_triton(x) Triton 3.6 (nv/build.hpp: reflect FTZ = 1, plain
//                               ops IEEE): the same bits as sinf_ftz (below)
//   bitexact::nv::sinf<B>(x)     by build (nvcc_ieee, nvcc_ftz, triton3_6)
//   bitexact::nv::sinf<mode>(x)  by flush mode: mode::ieee is sinf<nvcc_ieee>,
//                               mode::ftz sinf<nvcc_ftz>
//
// Results (nv and nv-ftz) equal the H100's on all 2^32 inputs, including the NaN bits
// (every NaN or Inf input gives 0x7fffffff). Host and device callable.
// The algorithm and constants are in bitexact/nv/trig_reduction.hpp and
// docs/nv-trig.md.
// Triton: its libdevice file has the same IR for __nv_sinf; the one plain
// operation, x * 2/pi, stays IEEE in Triton's PTX, which changes k only for a
// subnormal x, where both flush modes round to k = 0. So sinf_triton(x) ==
// sinf_ftz(x) for every x (trig_reduction.hpp, "Builds"; tests/nv_tan_sinpi_test.cpp
// checks it on sampled inputs; Triton kernels on the H200 gave these bits on all
// 2^32 inputs: vectors/triton/digests.json).
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/trig_reduction.hpp"

namespace bitexact::nv {

template <build B>
BITEXACT_INLINE float sinf(float x) {
  return detail::trig_eval<B>(x, 0);
}
// The original interface, by flush mode: the nvcc build of that mode.
template <mode M>
BITEXACT_INLINE float sinf(float x) {
  return detail::trig_eval<detail::trig_build(M)>(x, 0);
}

BITEXACT_NV_BUILD_FORMS_1(sinf)

}  // namespace bitexact::nv
