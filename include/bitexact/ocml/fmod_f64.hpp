// bitexact/ocml/fmod_f64.hpp — bit-exact reproduction of AMD ocml's
// __ocml_fmod_f64 (ROCm-Device-Libs 5.2.3, Debian rocm-device-libs ocml.bc).
//
// The same long division as fmod_f32 (see fmod_f32.hpp) with 26-bit steps:
// the dividend significand is scaled to [2^25, 2^26), the divisor to [1, 2),
// the quotient estimate uses the IEEE reciprocal 1/Yd (an `fdiv`, correctly
// rounded by the backend's f64 division sequence), and every remainder is one
// exact fma. f64 is never flushed and every part has a fast f64 fma, so the
// configuration only matters through finite-only (NaN guards dropped).
//
// Every step leaves an exact remainder in [0, Yd), so the loop's result is
// the exact fmod: with inv = RN(1/Yd), Yd in [1, 2), and a dividend Xd <
// 2^26 Yd, RN(inv Xd) is within 2^-26 of Xd / Yd (two roundings, relative
// 2^-52 each, on a quotient below 2^26), so q = rint of it is one of the two
// integers nearest Xd / Yd and r = Xd - q Yd lies in (-Yd, Yd); it is a
// multiple of 2^-52 below 2 in magnitude, so the fma computes it exactly,
// and so is r + Yd where r < 0. Scaling by 2^26 (or the last 2^(n - 25)) is
// exact, and q an integer, so the remainders are those of integer long
// division: the result is |x| mod |y| (representable, so the final ldexp is
// exact too), given x's sign. For finite x and nonzero y the function
// computes that remainder directly (bitexact/remainder.hpp, far faster on
// wide exponent gaps); detail::fmod_f64_division stays as ocml's statement,
// and tests/ocml_test.cpp checks the two on every exponent gap.
#pragma once

#include <cstdint>

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"
#include "bitexact/remainder.hpp"

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

// ocml's long division for |x| > |y|: the magnitude of the result (the
// remainder scaled back by 2^(ey - 1)), before x's sign is applied.
BITEXACT_INLINE double fmod_f64_division(double ax, double ay) {
  using namespace amdgcn;
  // Quotient bits per division step (the `ldexp ..., 26` of ocml.bc 5.2.3).
  constexpr int step = 26;
  const int ex = frexp_exp<false>(ax);
  double xs = ldexp<false>(frexp_mant<false>(ax), step);
  const int ey = frexp_exp<false>(ay);
  const double ys = ldexp<false>(frexp_mant<false>(ay), 1);
  int n = int(std::uint32_t(ex) - std::uint32_t(ey));
  const double inv = recip_f64(ys);
  if (n > step) {
    std::uint32_t before;
    do {
      xs = ldexp<false>(fmod_f64_step(xs, inv, ys), step);
      before = std::uint32_t(n);
      n -= step;
    } while (before > 2u * step);
  }
  xs = ldexp<false>(xs, n - (step - 1));
  const double r = fmod_f64_step(xs, inv, ys);
  return ldexp<false>(r, ey - 1);
}
}  // namespace detail

template <config C = gfx90a>
BITEXACT_INLINE double fmod_f64(double x, double y) {
  using namespace amdgcn;
  const double ax = fabs(x);
  const double ay = fabs(y);
  double result;
  if (ax > ay) {
    // Finite x, nonzero y: the division's exact remainder (header comment).
    // Otherwise (finite-only configurations run Inf, NaN and y = 0 through
    // the division) the division itself.
    const std::uint64_t abx = bits_of(ax), aby = bits_of(ay);
    const double m = abx < 0x7ff0000000000000ull && aby != 0 ? double_of(remainder::abs_fmod_bits<double>(abx, aby))
                                                             : detail::fmod_f64_division(ax, ay);
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
