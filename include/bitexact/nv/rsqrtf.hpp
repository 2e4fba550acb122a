// bitexact/nv/rsqrtf.hpp — bit-exact reproduction of libdevice __nv_rsqrtf, for
// every build of nv/build.hpp (nv::rsqrtf, rsqrtf_ftz, rsqrtf_triton,
// rsqrtf<B>). libdevice's rsqrtf is the SFU instruction itself:
// rsqrt.approx.f32 or rsqrt.approx.ftz.f32 by __nvvm_reflect("__CUDA_FTZ")
// (both files, the same IR); the instruction's model is nv/rsqrt_approx.hpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/rsqrt_approx.hpp"

namespace bitexact::nv {

template <build B, class F = float>
BITEXACT_INLINE F rsqrtf(F x) {
  return ptx::rsqrt_approx_f32<B.reflect>(x);
}

BITEXACT_NV_BUILD_FORMS_1(rsqrtf)

}  // namespace bitexact::nv
