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

#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

// __nv_ceil in build B: no field of a build changes its code (one
// instruction, no reflect, the same IR in both files), so every build gives
// the same bits; the template is there so that ceil is evaluated by build like
// every other row (bitexact causes).
template <build B>
BITEXACT_INLINE double ceil(double x) {
  return ptx::cvt_rpi_f64_f64(x);
}
BITEXACT_INLINE double ceil(double x) { return ceil<nvcc_ieee>(x); }

}  // namespace bitexact::nv

namespace bitexact::nv {
// __nv_ceil does not read __CUDA_FTZ (PTX has no .ftz for f64): nvcc -ftz=true
// runs the same code.
BITEXACT_INLINE double ceil_ftz(double x) { return ceil(x); }
// Triton 3.6: the same IR in its libdevice file (one llvm.nvvm.ceil.d), so the
// same cvt.rpi.f64.f64 (the Triton bridge: nv.ceil on 2^20 inputs, H100,
// vectors/device-logs/triton_bridge_h100_ftz.txt).
BITEXACT_INLINE double ceil_triton(double x) { return ceil(x); }
template <>
inline constexpr fn_traits<Fn::ceil>::signature* triton_form<Fn::ceil> = &ceil_triton;
}  // namespace bitexact::nv
