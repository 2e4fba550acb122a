// bitexact/truth/exact.hpp — the exact fmod and ceil of bitexact::truth as
// host AND device code (BITEXACT_HD, header-only): integer algorithms on the
// encodings (the results are always representable, so the rounding mode does
// not matter). truth::fmodf/fmod/ceilf/ceil are these functions (through
// bitexact/truth/fast_layer.hpp, src/truth/fast_layer.cpp); the GPU sweep
// backends' statistics kernel (src/gpu/cuda_stats.cu) runs them on the GPU. Device
// code must come from a translation unit built with -ftz=false (a subnormal
// product would be flushed otherwise). Checked against MPFR in
// tests/truth_exact_test.cpp.
#pragma once

#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/config.hpp"

namespace bitexact::truth::detail {

// 2^n as a T, for n from the smallest subnormal exponent to the largest.
template <class T>
BITEXACT_INLINE T exact_pow2(int n) {
  using B = fp_bits<T>;
  using U = typename B::storage;
  const int min_normal = 1 - B::exponent_bias;
  if (n >= min_normal) return B::from_bits(U(n + B::exponent_bias) << B::mantissa_bits).value();
  return B::from_bits(U(1) << (n - (min_normal - B::mantissa_bits))).value();
}

// |v| = m 2^e with an integer m < 2^(p) (p = 24 / 53); v finite, nonzero.
template <class T>
BITEXACT_INLINE void exact_split(typename fp_bits<T>::storage abits, std::uint64_t& m, int& e) {
  using B = fp_bits<T>;
  const int be = int(abits >> B::mantissa_bits);
  m = std::uint64_t(abits & B::fraction_mask);
  if (be == 0) {
    e = 1 - B::exponent_bias - B::mantissa_bits;
  } else {
    m |= std::uint64_t(1) << B::mantissa_bits;
    e = be - B::exponent_bias - B::mantissa_bits;
  }
}

template <class T>
BITEXACT_INLINE T exact_copysign(T mag, T sign_of) {
  using B = fp_bits<T>;
  return B::from_bits(B(mag).abs_bits() | (B(sign_of).bits & B::sign_mask)).value();
}

// (m 2^d) mod my for m < my < 2^P (P: the significand bits, 24 or 53).
// Wide: 64 bits a step through a 128-bit modulo (r 2^64 < 2^117). Narrow:
// only 64-bit integers, 64 - P bits a step (r 2^(64-P) < 2^64): 40 bits for
// binary32, 11 for binary64, where LLVM cannot lower a 128-bit modulo (AMD
// GPUs: "unsupported libcall legalization"). The same remainder either way
// (tests/truth_exact_test.cpp compares the two forms).
template <int P, bool Wide>
BITEXACT_INLINE std::uint64_t exact_shifted_mod(std::uint64_t m, std::uint64_t my, int d) {
  std::uint64_t r = m % my;
  if constexpr (Wide) {
    for (; d > 0;) {
      const int s = d < 64 ? d : 64;
      r = std::uint64_t(((unsigned __int128)r << s) % my);
      d -= s;
    }
  } else {
    constexpr int step = 64 - P;
    for (; d > 0;) {
      const int s = d < step ? d : step;
      r = (r << s) % my;
      d -= s;
    }
  }
  return r;
}

// Where the 128-bit form is used: binary64 wherever the target lowers it
// (binary32 always takes the narrow steps: 40 bits, as few and cheaper).
#if defined(__HIP_DEVICE_COMPILE__) || !defined(__SIZEOF_INT128__)
inline constexpr bool exact_mod_wide = false;
#else
inline constexpr bool exact_mod_wide = true;
#endif

// IEEE 754 fmod: x - n y with n = trunc(x / y), exact; the sign of x. Wide:
// binary64's remainder through the 128-bit form (tests instantiate both).
template <class T, bool Wide = exact_mod_wide>
BITEXACT_INLINE T fmod_exact(T x, T y) {
  using B = fp_bits<T>;
  const B bx(x), by(y);
  // NaN results are the default quiet NaN, whatever the operands (truth.hpp).
  if (bx.is_nan() || by.is_nan() || bx.is_inf() || by.is_zero()) return B::quiet_nan().value();
  if (by.is_inf() || bx.is_zero()) return x;
  const auto ax = bx.abs_bits(), ay = by.abs_bits();
  if (ax < ay) return x;
  std::uint64_t mx, my;
  int ex, ey;
  exact_split<T>(ax, mx, ex);
  exact_split<T>(ay, my, ey);
  // |x| >= |y| implies ex >= ey. r = (mx 2^(ex-ey)) mod my.
  constexpr int P = B::mantissa_bits + 1;
  constexpr bool wide = P == 53 && Wide;
  const std::uint64_t r = exact_shifted_mod<P, wide>(mx, my, ex - ey);
  // |fmod| = r 2^ey: r < my is exactly representable and the product by a
  // power of two is exact (gradual underflow: the TU must not flush).
  const T mag = r == 0 ? T(0) : mul(T(r), exact_pow2<T>(ey));
  return exact_copysign(mag, x);
}

template <class T>
BITEXACT_INLINE T ceil_exact(T x) {
  using B = fp_bits<T>;
  using U = typename B::storage;
  B b(x);
  if (b.is_nan()) return B::quiet_nan().value();
  if (b.is_inf() || b.is_zero()) return x;
  const int E = b.biased_exponent() - B::exponent_bias;
  if (E >= B::mantissa_bits) return x;                                  // already an integer
  if (E < 0) return b.sign() ? exact_copysign(T(0), x) : T(1);        // 0 < |x| < 1
  const U frac = B::fraction_mask >> E;                                 // bits below the units place
  if ((b.bits & frac) == 0) return x;
  if (!b.sign()) b.bits += frac;  // carries into the integer part (and exponent)
  b.bits &= ~frac;
  return b.value();
}

}  // namespace bitexact::truth::detail
