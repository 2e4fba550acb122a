// bitexact/nv/cos_approx.hpp — cos.approx.f32 and .ftz (sm_90): FMUL.RZ by
// 1/(2 pi) and MUFU.COS, which uses MUFU.SIN's table (nv/sin_approx.hpp) with
// the quadrant moved by one: even quadrants take the complement 2^23 - 1 - r,
// and the result is negative in quadrants 1 and 2. docs/nv-fast.md.
#pragma once

#include "bitexact/nv/sin_approx.hpp"

namespace bitexact::nv::ptx {

template <mode M, sfu::arch A = sfu::arch::sm_90, class F>
BITEXACT_INLINE F cos_approx_model(F x) {
  static_assert(A == sfu::arch::sm_90, "the SFU model is proved for sm_90 only (docs/nv-fast.md)");
  if constexpr (lanes<F>)
    return F::mufu_cos_of(x);  // the lane form (bitexact/nv/ptx_lanes-inl.hpp)
  else
    return sfu::mufu_cos_of(x);
}
// cos.approx{.ftz}.f32: the instructions on an NVIDIA GPU, the model elsewhere.
template <mode M>
BITEXACT_INLINE float cos_approx_f32(float x) {
#if defined(__CUDA_ARCH__)
  float r;
  if constexpr (M == mode::ftz)
    asm("cos.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("cos.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
#else
  return cos_approx_model<M>(x);
#endif
}
template <mode M, lanes V>
BITEXACT_INLINE V cos_approx_f32(V x) {
  return cos_approx_model<M>(x);
}

}  // namespace bitexact::nv::ptx
