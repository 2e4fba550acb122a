// bitexact/nv/sqrtf.hpp — bit-exact reproduction of libdevice __nv_sqrtf, for
// every build of nv/build.hpp (nv::sqrtf, sqrtf_ftz, sqrtf_triton, sqrtf<B>).
// libdevice's sqrtf is one instruction chosen by two reflect parameters (both
// files, the same IR):
//   __CUDA_PREC_SQRT 1 (nvcc's default -prec-sqrt=true): sqrt.rn{.ftz}.f32,
//                      the correctly rounded square root;
//   __CUDA_PREC_SQRT 0 (Triton, which does not set it; nvcc
//                      -prec-sqrt=false): sqrt.approx{.ftz}.f32, the SFU's
//                      (model: nv/sqrt_approx.hpp);
// .ftz by __CUDA_FTZ. So Triton's libdevice.sqrt is sqrt.approx.ftz.f32, not
// the correctly rounded sqrt that nvcc's sqrtf gives.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/sqrt_approx.hpp"

namespace bitexact::nv {

// F: float, or SIMD lanes (ptx.hpp's lane forms), every build.
template <build B, class F = float>
BITEXACT_INLINE F sqrtf(F x) {
  if constexpr (B.prec_sqrt)
    return ptx::sqrt_rn_f32<B.reflect>(x);
  else
    return ptx::sqrt_approx_f32<B.reflect>(x);
}

BITEXACT_NV_BUILD_FORMS_1(sqrtf)

}  // namespace bitexact::nv
