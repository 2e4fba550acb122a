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
#pragma once

#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

// __nv_ceilf as built by nvcc -ftz=false.
BITEXACT_INLINE float ceilf(float x) { return ptx::cvt_rpi_f32_f32<mode::ieee>(x); }
// __nv_ceilf as built by nvcc -ftz=true (__CUDA_FTZ=1).
BITEXACT_INLINE float ceilf_ftz(float x) { return ptx::cvt_rpi_f32_f32<mode::ftz>(x); }

}  // namespace bitexact::nv
