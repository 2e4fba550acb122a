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
//
// The loop's result is the exact fmod, flushed in DAZ builds: as in
// fmod_f64.hpp (which gives the argument), every step leaves an exact
// remainder in [0, Yd). Here the reciprocal is the hardware's rcp (within
// 1 ulp) and the dividend below 2^12 Yd, so the estimate is within 2^-10 of
// Xd / Yd; the remainder, a multiple of 2^-23 below 2 in magnitude, is exact
// from the fma or from the split product's two-sum alike, and every value
// before the last ldexp is 0 or at least 2^-34, never flushed. The last
// ldexp gives |x| mod |y| exactly, or +0 in DAZ builds where that is
// subnormal. For finite x and nonzero y (after flushing) the function
// computes that directly (bitexact/remainder.hpp); detail::fmod_f32_division
// stays as ocml's statement, and tests/ocml_test.cpp checks the two on
// every exponent gap of every configuration.
#pragma once

#include <cstdint>

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"
#include "bitexact/remainder.hpp"

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

// ocml's long division for |x| > |y| (after flushing): the magnitude of the
// result (the remainder scaled back by 2^(ey - 1)), before x's sign is applied.
template <config C>
BITEXACT_INLINE float fmod_f32_division(float ax, float ay) {
  using namespace amdgcn;
  constexpr bool ftz = C.daz;
  // Quotient bits per division step (the `ldexp ..., 12` of ocml.bc 5.2.3).
  constexpr int step = 12;
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
      xs = ldexp<ftz>(fmod_f32_step<C>(xs, inv, ys), step);
      before = std::uint32_t(n);
      n -= step;
    } while (before > 2u * step);
  }
  xs = ldexp<ftz>(xs, n - (step - 1));
  const float r = fmod_f32_step<C>(xs, inv, ys);
  return ldexp<ftz>(r, ey - 1);
}
}  // namespace detail

template <config C = gfx90a>
BITEXACT_INLINE float fmod_f32(float x, float y) {
  using namespace amdgcn;
  constexpr bool ftz = C.daz;
  if constexpr (C.daz) {
    x = canonicalize<ftz>(x);
    y = canonicalize<ftz>(y);
  }
  const float ax = fabs(x);
  const float ay = fabs(y);
  float result;
  if (ax > ay) {
    // Finite x, nonzero y: the division's exact remainder, flushed in DAZ
    // builds (header comment). Otherwise (finite-only configurations run Inf,
    // NaN and y = 0 through the division) the division itself.
    const std::uint32_t abx = bits_of(ax), aby = bits_of(ay);
    const float m = abx < 0x7f800000u && aby != 0 ? float_of(remainder::abs_fmod_bits<float>(abx, aby, ftz))
                                                  : detail::fmod_f32_division<C>(ax, ay);
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
