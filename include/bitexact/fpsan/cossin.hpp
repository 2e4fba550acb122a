// bitexact/fpsan/cossin.hpp — FpSan's sin and cos (FpSanitizer.cpp @ 1d2da15:
// fpsanCosSinPayload).
//
// Work in the Gaussian integers modulo 2^w, Z/2^w[i]. The unit
//   g = a + b i,  a = -3/5,  b = 4/5   (5 is odd, hence invertible mod 2^w)
// has norm a^2 + b^2 = 1. FpSan defines cos(x) + i sin(x) = g^x, with x the
// payload read as an unsigned w-bit integer, computed by square-and-multiply
// from the top bit down. Because g^x is a group homomorphism of the payload
// additive group (the order of g divides 2^w), the angle-addition formulas
// hold exactly, and the norm gives cos^2 + sin^2 = 1.
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include "bitexact/fpsan/format.hpp"

namespace bitexact::fpsan {

struct cos_sin {
  u64 cos;
  u64 sin;
};

BITEXACT_INLINE constexpr cos_sin cossin(int w, u64 x) {
  const u64 m = mask_of(w);
  const u64 r5 = inverse_odd(5) & m;
  const u64 a = (u64(0) - ((3 * r5) & m)) & m;
  const u64 b = (4 * r5) & m;
  u64 c = 1, s = 0;
  for (int i = w - 1; i >= 0; --i) {
    u64 c2 = (c * c - s * s) & m;  // square: (c + i s)^2
    u64 s2 = (2 * c * s) & m;
    if ((x >> i) & 1) {  // times g
      c = (a * c2 - b * s2) & m;
      s = (a * s2 + b * c2) & m;
    } else {
      c = c2;
      s = s2;
    }
  }
  return {c, s};
}

BITEXACT_INLINE constexpr u64 cos(int w, u64 x) { return cossin(w, x).cos; }
BITEXACT_INLINE constexpr u64 sin(int w, u64 x) { return cossin(w, x).sin; }

}  // namespace bitexact::fpsan
