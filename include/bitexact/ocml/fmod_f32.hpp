// bitexact/ocml/fmod_f32.hpp — bit-exact reproduction of AMD ocml's
// __ocml_fmod_f32 (ROCm-Device-Libs 5.2.3, Debian rocm-device-libs ocml.bc).
//
// Long division on the significands. With |x| = X * 2^ex, |y| = Y * 2^ey
// (X, Y in [0.5, 1)), the divisor is scaled to Yd = 2Y in [1, 2) and the
// dividend to 2^12 X. Each step takes an integer quotient estimate
// q = rint(Xd * rcp(Yd)), forms the exact remainder Xd - q*Yd (one fma on
// fast-fma parts, a split-product two-sum elsewhere), adds Yd back when the
// estimate overshot, and shifts the remainder up by 12 bits; the last step
// aligns the remaining exponent difference. The remainder is then scaled back
// by 2^(ey-1) (exact) and given the sign of x.
//
// |x| <= |y| (and unordered operands) skip the division: x itself, or a signed
// zero when |x| == |y|. Outside finite-only builds, y == 0, a NaN y or a
// non-finite x give the default NaN 0x7fc00000. In DAZ builds both operands
// are first flushed (llvm.canonicalize under __oclc_daz_opt) and every f32
// operation runs in flush mode, so subnormal remainders become signed zeros.
#pragma once

#include <cstdint>

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"

namespace bitexact::ocml {

namespace detail {
// xs - q*ys, exactly, without fma: q*ys is rebuilt from 12-bit pieces of both
// factors and subtracted in two-sum form (ocml's non-fma path).
template <config C>
BITEXACT_INLINE float fmod_f32_step_nofma(float xs, float q, float ys) {
  using namespace amdgcn;
  constexpr bool ftz = C.daz;
  const float ysh = split_head(ys);
  const float ysl = sub<ftz>(ys, ysh);
  const float qh = split_head(q);
  const float ql = sub<ftz>(q, qh);
  // The bitcode multiplies ys * q (operand order matters only for NaN operands).
  return sub_split_product<ftz, fmuladd_fused(C)>(xs, mul<ftz>(ys, q), qh, ql, ysh, ysl);
}

// One division step: remainder in [0, ys) given the estimate q.
template <config C>
BITEXACT_INLINE float fmod_f32_step(float xs, float inv, float ys) {
  using namespace amdgcn;
  constexpr bool ftz = C.daz;
  const float q = rint<ftz>(mul<ftz>(inv, xs));
  float r;
  if constexpr (has_fast_fma_path(C))
    r = fma<ftz>(neg(q), ys, xs);
  else
    r = fmod_f32_step_nofma<C>(xs, q, ys);
  return add<ftz>(r, r < 0.0f ? ys : -0.0f);
}
}  // namespace detail

template <config C = gfx90a>
BITEXACT_INLINE float fmod_f32(float x, float y) {
  using namespace amdgcn;
  constexpr bool ftz = C.daz;
  // Quotient bits per division step (the `ldexp ..., 12` of ocml.bc 5.2.3).
  constexpr int step = 12;
  if constexpr (C.daz) {
    x = canonicalize<ftz>(x);
    y = canonicalize<ftz>(y);
  }
  const float ax = fabs(x);
  const float ay = fabs(y);
  float result;
  if (ax > ay) {
    const int ex = frexp_exp<ftz>(ax);
    float xs = ldexp<ftz>(frexp_mant<ftz>(ax), step);
    const int ey = frexp_exp<ftz>(ay);
    const float ys = ldexp<ftz>(frexp_mant<ftz>(ay), 1);
    // Wrapping int arithmetic as in the bitcode (`sub i32`).
    int n = int(std::uint32_t(ex) - std::uint32_t(ey));
    const float inv = rcp(ys);
    if (n > step) {
      std::uint32_t before;
      do {
        xs = ldexp<ftz>(detail::fmod_f32_step<C>(xs, inv, ys), step);
        before = std::uint32_t(n);
        n -= step;
      } while (before > 2u * step);
    }
    xs = ldexp<ftz>(xs, n - (step - 1));
    const float r = detail::fmod_f32_step<C>(xs, inv, ys);
    const float m = ldexp<ftz>(r, ey - 1);
    result = float_of((bits_of(x) & 0x80000000u) ^ bits_of(m));
  } else {
    result = ax == ay ? copysign(0.0f, x) : x;
  }
  if constexpr (C.finite_only) {
    return result;
  } else {
    const bool y_ok = !isnan(y) && is_class(x, finite_classes);
    if (!y_ok || y == 0.0f) return default_nan<float>();
    return result;
  }
}

}  // namespace bitexact::ocml
