// bitexact/ocml/cospi_f32.hpp — bit-exact reproduction of AMD ocml's
// __ocml_cospi_f32 (ROCm-Device-Libs 5.2.3, Debian rocm-device-libs ocml.bc).
//
//   cospi(x) = cospi(|x|) = (+/-) kernel(r),   |x| = n/2 + r (mod 2)
//
// For n even the cosine polynomial is used, for n odd the negated sine
// polynomial; n >= 2 flips the sign. Outside finite-only builds, a
// non-finite x gives the default NaN 0x7fc00000 (llvm.amdgcn.class mask
// 504). The only control variable read is __oclc_finite_only_opt (llvm-dis
// of ocml.bc 5.2.3).
#pragma once

#include <cstdint>

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"
#include "bitexact/ocml/sincos_result_f32.hpp"
#include "bitexact/ocml/trigpi_reduction_f32.hpp"

namespace bitexact::ocml {

template <config C = gfx90a>
BITEXACT_INLINE float cospi_f32(float x) {
  using namespace amdgcn;
  const float a = fabs(x);
  const detail::reduced_pi red = detail::trigpi_reduce<C>(a);
  const detail::sincospi_pair k = detail::sincospi_kernel<C>(red.r);
  return detail::cos_result<C>(a, red.quad, k.s, k.c);
}

}  // namespace bitexact::ocml
