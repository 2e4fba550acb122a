// bitexact/ocml/sinpi_f32.hpp — bit-exact reproduction of AMD ocml's
// __ocml_sinpi_f32 (ROCm-Device-Libs 5.2.3, Debian rocm-device-libs ocml.bc).
//
//   sinpi(x) = sign(x) * (+/-) kernel(r),   |x| = n/2 + r (mod 2)
//
// The quadrant n picks the sine (n even) or cosine (n odd) polynomial of the
// reduced argument and, for n >= 2, flips the sign; the sign of x is xored in
// last. Outside finite-only builds, a non-finite x gives the default NaN
// 0x7fc00000 (llvm.amdgcn.class mask 504). The only control variable read is
// __oclc_finite_only_opt (llvm-dis of ocml.bc 5.2.3).
#pragma once

#include <cstdint>

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"
#include "bitexact/ocml/sincos_result_f32.hpp"
#include "bitexact/ocml/trigpi_reduction_f32.hpp"

namespace bitexact::ocml {

template <config C = gfx90a>
BITEXACT_INLINE float sinpi_f32(float x) {
  using namespace amdgcn;
  const float a = fabs(x);
  const detail::reduced_pi red = detail::trigpi_reduce<C>(a);
  const detail::sincospi_pair k = detail::sincospi_kernel<C>(red.r);
  return detail::sin_result<C>(x, a, red.quad, k.s, k.c);
}

}  // namespace bitexact::ocml
