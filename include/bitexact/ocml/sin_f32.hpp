// bitexact/ocml/sin_f32.hpp — bit-exact reproduction of AMD ocml's
// __ocml_sin_f32 (ROCm-Device-Libs 5.2.3, Debian rocm-device-libs ocml.bc).
//
//   sin(x) = sign(x) * (+/-) kernel(r),   |x| = n*pi/2 + r
//
// The quadrant n picks the sine (n even) or cosine (n odd) polynomial of the
// reduced argument and, for n >= 2, flips the sign; the sign of x is applied
// last by flipping the sign bit. Outside finite-only builds, a non-finite x
// gives the default NaN 0x7fc00000.
#pragma once

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"
#include "bitexact/ocml/trig_reduction_f32.hpp"

namespace bitexact::ocml {

template <config C = gfx90a>
BITEXACT_INLINE float sin_f32(float x) {
  using namespace amdgcn;
  const float a = fabs(x);
  const detail::reduced red = detail::trig_reduce<C>(a);
  const detail::sincos_pair k = detail::sincos_kernel<C>(red.r);
  std::uint32_t bits = (red.quad & 1u) ? bits_of(k.c) : bits_of(k.s);
  if (red.quad > 1u) bits ^= 0x80000000u;
  bits ^= bits_of(x) ^ bits_of(a);  // the sign of x
  const float y = float_of(bits);
  if constexpr (C.finite_only)
    return y;
  else
    return is_class(a, finite_classes) ? y : default_nan<float>();
}

}  // namespace bitexact::ocml
