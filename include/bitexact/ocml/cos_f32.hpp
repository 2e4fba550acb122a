// bitexact/ocml/cos_f32.hpp — bit-exact reproduction of AMD ocml's
// __ocml_cos_f32 (ROCm-Device-Libs 5.2.3, Debian rocm-device-libs ocml.bc).
//
//   cos(x) = cos(|x|) = (+/-) kernel(r),   |x| = n*pi/2 + r
//
// For n even the cosine polynomial is used, for n odd the negated sine
// polynomial; n >= 2 flips the sign. Outside finite-only builds, a
// non-finite x gives the default NaN 0x7fc00000.
#pragma once

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"
#include "bitexact/ocml/sincos_result_f32.hpp"
#include "bitexact/ocml/trig_reduction_f32.hpp"

namespace bitexact::ocml {

template <config C = gfx90a>
BITEXACT_INLINE float cos_f32(float x) {
  using namespace amdgcn;
  const float a = fabs(x);
  const detail::reduced red = detail::trig_reduce<C>(a);
  const detail::sincos_pair k = detail::sincos_kernel<C>(red.r);
  return detail::cos_result<C>(a, red.quad, k.s, k.c);
}

}  // namespace bitexact::ocml
