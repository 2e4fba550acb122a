// bitexact/nv/ceilf.hpp — CUDA 13.0 libdevice __nv_ceilf, bit for bit.
//
// Source: libdevice.10.bc (CUDA 13.0), __nv_ceilf: one intrinsic,
// llvm.nvvm.ceil.ftz.f when __nvvm_reflect("__CUDA_FTZ") is set, else
// llvm.nvvm.ceil.f, i.e. the PTX instruction cvt.rpi{.ftz}.f32.f32 (round to
// an integral value toward +inf). Model of the instruction
// (ptx::cvt_rpi_f32_f32): IEEE roundToIntegralTowardPositive, so (-1, 0) gives -0
// and (0, 1) gives 1; NaN gives the canonical f32 NaN 0x7fffffff; with .ftz a
// subnormal input is first flushed to a zero of its sign, so ceilf_ftz of a
// positive subnormal is +0, not 1.
//
// Triton 3.6 (ceilf_triton): its libdevice file has the same IR, and Triton
// reflects __CUDA_FTZ as 1, so cvt.rpi.ftz.f32.f32 (its PTX,
// .devrun/triton-ptx/ceil.ptx): the same function as ceilf_ftz. Checked on the
// H100 through the Triton bridge (nv-ftz.ceilf on 2^20 inputs,
// vectors/device-logs/triton_bridge_h100_ftz.txt).
#pragma once

#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

// __nv_ceilf in build B: only __CUDA_FTZ matters (ceilf: nvcc -ftz=false;
// ceilf_ftz: nvcc -ftz=true; ceilf_triton: Triton 3.6).
template <build B>
BITEXACT_INLINE float ceilf(float x) {
  return ptx::cvt_rpi_f32_f32<B.reflect>(x);
}

BITEXACT_NV_BUILD_FORMS_1(ceilf)

}  // namespace bitexact::nv
