// bitexact/nv/exp2f.hpp — bit-exact reproduction of libdevice __nv_exp2f, for
// every build of nv/build.hpp (nv::exp2f, exp2f_ftz, exp2f_triton, exp2f<B>).
// libdevice's exp2f is the SFU instruction itself: ex2.approx.f32 when
// __nvvm_reflect("__CUDA_FTZ") is 0, ex2.approx.ftz.f32 when it is 1 (both
// files, the same IR); the instruction's model is nv/ex2_approx.hpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ex2_approx.hpp"

namespace bitexact::nv {

template <build B, class F = float>
BITEXACT_INLINE F exp2f(F x) {
  return ptx::ex2_approx_f32<B.reflect>(x);
}

BITEXACT_NV_BUILD_FORMS_1(exp2f)

}  // namespace bitexact::nv
