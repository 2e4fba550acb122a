// bitexact/nv/ceil.hpp — CUDA 13.0 libdevice __nv_ceil, bit for bit.
//
// Source: libdevice.10.bc (CUDA 13.0), __nv_ceil: a single call of
// llvm.nvvm.ceil.d, i.e. PTX cvt.rpi.f64.f64. It does not consult
// __nvvm_reflect("__CUDA_FTZ") (PTX has no FTZ for .f64), so the -ftz=true and
// -ftz=false builds are the same code and there is no ceil_ftz.
// Model (ptx::cvt_rpi_f64_f64): IEEE roundToIntegralTowardPositive; (-1, 0) gives
// -0, (0, 1) (subnormals included) gives 1; a NaN input comes back quieted
// with its payload (measured on the H100, vectors/nv/edge.txt).
#pragma once

#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

BITEXACT_INLINE double ceil(double x) { return ptx::cvt_rpi_f64_f64(x); }

}  // namespace bitexact::nv

namespace bitexact::nv {
// __nv_ceil does not read __CUDA_FTZ (PTX has no .ftz for f64): nvcc -ftz=true
// runs the same code.
BITEXACT_INLINE double ceil_ftz(double x) { return ceil(x); }
}  // namespace bitexact::nv
