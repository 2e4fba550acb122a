// tests/ocml_pairs.hpp — the input pairs the fmod comparisons use (shared by
// tests/exhaustive/ocml_binary_test.cpp and tests/heavy/ocml_binary_heavy_test.cpp).
// Pair i of a run is a pure function of (seed, i), so any block of pairs can
// be generated independently by a worker thread.
//
// One pair in four is uniform over all bit patterns; the others are
// structured: every exponent gap between x and y (0 .. 2^e_bits), subnormal
// and tiny divisors, x near k*y (k small or large, +-few ulps), equal
// magnitudes, special values (zeros, infinities, NaNs) against anything.
#pragma once

#include <algorithm>
#include <cstdint>

#include "bitexact/bits.hpp"

namespace bitexact::testing_pairs {

inline std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

template <class T> struct pair_gen {
  using B = fp_bits<T>;
  using U = typename B::storage;
  std::uint64_t seed;

  static U with_exponent(U bits, int e) {
    return (bits & ~B::exponent_mask) | (U(e) << B::mantissa_bits);
  }
  static U word(std::uint64_t r) {
    if constexpr (sizeof(U) == 4) return U(r);
    else return U(r);
  }

  // Operands (x, y) of pair i.
  void operator()(std::uint64_t i, U& x, U& y) const {
    const std::uint64_t r0 = mix(seed ^ (i * 0x9e3779b97f4a7c15ull));
    const std::uint64_t r1 = mix(r0 + 0x632be59bd9b4e019ull);
    const std::uint64_t r2 = mix(r1 + 0x8cb92ba72f3d8dd7ull);
    const U a = word(r1), b = word(r2);
    const int emax = B::max_biased_exponent;  // 255 / 2047
    switch (r0 & 7) {
      case 0:
      case 1:  // uniform
        x = a;
        y = b;
        return;
      case 2: {  // exponent gap g = ex - ey in [-2, emax], y any finite exponent
        const int ey = int((r0 >> 8) % std::uint64_t(emax));
        const int g = int((r0 >> 24) % std::uint64_t(emax + 3)) - 2;
        const int ex = ey + g;
        y = with_exponent(b, ey);
        x = (ex >= 0 && ex < emax) ? with_exponent(a, ex) : a;
        return;
      }
      case 3: {  // subnormal or tiny divisor
        y = (b & (B::sign_mask | B::fraction_mask)) >> ((r0 >> 8) % B::mantissa_bits);
        if ((r0 >> 16) & 1) y = with_exponent(b, 1 + int((r0 >> 20) % 3));
        x = a;
        return;
      }
      case 4: {  // x within a few ulps of k*y
        const std::uint64_t k = ((r0 >> 8) & 1) ? ((r0 >> 9) % 64 + 1) : (r0 >> 9) | 1;
        y = b & ~B::sign_mask;
        if (!B::from_bits(y).is_finite()) y = with_exponent(y, emax - 2);
        const T prod = T(B::from_bits(y).value() * T(k));  // one rounding from exact k*y
        const int delta = int((r0 >> 40) % 7) - 3;
        x = U(B(prod).bits + U(std::int64_t(delta)));
        if (b & B::sign_mask) x ^= B::sign_mask;
        if ((r0 >> 50) & 1) y ^= B::sign_mask;
        return;
      }
      case 5: {  // equal magnitudes and neighbours
        x = a;
        y = U((a & ~B::sign_mask) + U((r0 >> 8) % 3) - 1) ^ (b & B::sign_mask);
        return;
      }
      case 6: {  // special values against anything
        constexpr U specials[] = {0, B::sign_mask, B::exponent_mask, B::exponent_mask | B::sign_mask,
                                  B::exponent_mask | B::quiet_bit, B::exponent_mask | 1, 1,
                                  B::sign_mask | 1, B::exponent_mask - 1};
        const U s = specials[(r0 >> 8) % (sizeof(specials) / sizeof(U))];
        if ((r0 >> 16) & 1) { x = s; y = a; } else { x = a; y = s; }
        return;
      }
      default: {  // both operands small-exponent or both huge
        const int e = ((r0 >> 8) & 1) ? int((r0 >> 9) % 30) : emax - 1 - int((r0 >> 9) % 30);
        x = with_exponent(a, e);
        y = with_exponent(b, std::max(0, e - int((r0 >> 20) % 30)));
        return;
      }
    }
  }
};

}  // namespace bitexact::testing_pairs
