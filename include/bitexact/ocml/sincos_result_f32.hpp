// bitexact/ocml/sincos_result_f32.hpp — the last step of ocml's sin_f32,
// cos_f32, sinpi_f32 and cospi_f32 (ROCm-Device-Libs 5.2.3): after their own
// reductions (trig_reduction_f32.hpp, trigpi_reduction_f32.hpp) and kernels,
// all four pick the quadrant's polynomial and sign the same way, the sines
// take x's sign, and outside finite-only builds a non-finite x gives the
// default NaN 0x7fc00000 (llvm.amdgcn.class mask 504).
#pragma once

#include <cstdint>

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"

namespace bitexact::ocml::detail {

// y, or the default NaN for a non-finite |x| = a outside finite-only builds.
template <config C>
BITEXACT_INLINE float finite_or_nan(float a, float y) {
  using namespace amdgcn;
  if constexpr (C.finite_only)
    return y;
  else
    return is_class(a, finite_classes) ? y : default_nan<float>();
}

// sin of x = +-(n/2 + r) units of the period: quadrant n (0..3), s and c the
// kernel's sine and cosine of r; a = |x|.
template <config C>
BITEXACT_INLINE float sin_result(float x, float a, unsigned quad, float s, float c) {
  using namespace amdgcn;
  std::uint32_t bits = (quad & 1u) ? bits_of(c) : bits_of(s);
  if (quad > 1u) bits ^= 0x80000000u;
  bits ^= bits_of(x) ^ bits_of(a);  // the sign of x
  return finite_or_nan<C>(a, float_of(bits));
}

// cos of the same (even: x's sign plays no part).
template <config C>
BITEXACT_INLINE float cos_result(float a, unsigned quad, float s, float c) {
  using namespace amdgcn;
  std::uint32_t bits = (quad & 1u) ? bits_of(neg(s)) : bits_of(c);
  if (quad > 1u) bits ^= 0x80000000u;
  return finite_or_nan<C>(a, float_of(bits));
}

}  // namespace bitexact::ocml::detail
