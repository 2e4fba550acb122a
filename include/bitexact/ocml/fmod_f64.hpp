// bitexact/ocml/fmod_f64.hpp — bit-exact reproduction of AMD ocml's
// __ocml_fmod_f64 (ROCm-Device-Libs 5.2.3, Debian rocm-device-libs ocml.bc).
//
// The same long division as fmod_f32 (see fmod_f32.hpp) with 26-bit steps:
// the dividend significand is scaled to [2^25, 2^26), the divisor to [1, 2),
// the quotient estimate uses the IEEE reciprocal 1/Yd (an `fdiv`, correctly
// rounded by the backend's f64 division sequence), and every remainder is one
// exact fma. f64 is never flushed and every part has a fast f64 fma, so the
// configuration only matters through finite-only (NaN guards dropped).
#pragma once

#include <cstdint>

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"

namespace bitexact::ocml {

namespace detail {
BITEXACT_INLINE double fmod_f64_step(double xs, double inv, double ys) {
  using namespace amdgcn;
  const double q = rint<false>(mul<false>(inv, xs));
  const double r = fma<false>(neg(q), ys, xs);
  return add<false>(r, r < 0.0 ? ys : -0.0);
}
BITEXACT_INLINE double recip_f64(double y) {
  const double r = 1.0 / y;
  return amdgcn::isnan(r) ? amdgcn::nan_result(1.0, y, y) : r;
}
}  // namespace detail

template <config C = gfx90a>
BITEXACT_INLINE double fmod_f64(double x, double y) {
  using namespace amdgcn;
  // Quotient bits per division step (the `ldexp ..., 26` of ocml.bc 5.2.3).
  constexpr int step = 26;
  const double ax = fabs(x);
  const double ay = fabs(y);
  double result;
  if (ax > ay) {
    const int ex = frexp_exp<false>(ax);
    double xs = ldexp<false>(frexp_mant<false>(ax), step);
    const int ey = frexp_exp<false>(ay);
    const double ys = ldexp<false>(frexp_mant<false>(ay), 1);
    int n = int(std::uint32_t(ex) - std::uint32_t(ey));
    const double inv = detail::recip_f64(ys);
    if (n > step) {
      std::uint32_t before;
      do {
        xs = ldexp<false>(detail::fmod_f64_step(xs, inv, ys), step);
        before = std::uint32_t(n);
        n -= step;
      } while (before > 2u * step);
    }
    xs = ldexp<false>(xs, n - (step - 1));
    const double r = detail::fmod_f64_step(xs, inv, ys);
    const double m = ldexp<false>(r, ey - 1);
    result = double_of((bits_of(x) & 0x8000000000000000ull) ^ bits_of(m));
  } else {
    result = ax == ay ? copysign(0.0, x) : x;
  }
  if constexpr (C.finite_only) {
    return result;
  } else {
    const bool ok = !isnan(y) && is_class(x, finite_classes);
    if (!ok || y == 0.0) return default_nan<double>();
    return result;
  }
}

}  // namespace bitexact::ocml
