// bitexact/inputs.hpp — counter-based input generators shared by the host and
// the device (CUDA/HIP), so that any index range of an input set can be
// regenerated anywhere, in any order, with identical bits.
//
// Every generator is a pure function of (seed, index): input i of a set is the
// same on the H100, in a CI test, or in shard 7 of 64. Only integer operations
// and exactly specified IEEE operations (single multiplications, rounded to
// nearest) are used, so no compiler can change the result.
#pragma once

#include <cstdint>

#include "bitexact/bits.hpp"

namespace bitexact::inputs {

// ---- SplitMix64 (Steele, Lea, Flood 2014; Vigna's splitmix64.c) -------------
// The one C++ definition of the generator: the sweep's binades:N sets, the
// FpSan validator's samples and the tests' random streams all call it.
// (tools/gen/gen_edge_inputs.py keeps a Python copy; tests/vectors_test.cpp checks
// the file it wrote against this one.)

// The increment of the generator's state: 2^64 / golden ratio, odd.
inline constexpr std::uint64_t splitmix64_gamma = 0x9e3779b97f4a7c15ull;

// One step of Vigna's generator from state z: the state is advanced by gamma,
// then passed through the finaliser, a bijective 64-bit mixer.
BITEXACT_INLINE constexpr std::uint64_t mix64(std::uint64_t z) {
  z += splitmix64_gamma;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
// Output number index + 1 of the generator seeded with `seed`. Its state after
// k steps is seed + k * gamma, so any output is computed directly, in any order.
BITEXACT_INLINE constexpr std::uint64_t splitmix64(std::uint64_t seed, std::uint64_t index) {
  return mix64(seed + index * splitmix64_gamma);
}
// The k-th 64-bit random word of input `index` in the stream `seed`.
BITEXACT_INLINE constexpr std::uint64_t word_at(std::uint64_t seed, std::uint64_t index, unsigned k = 0) {
  return mix64(mix64(seed ^ (0xd1b54a32d192ed03ull * (k + 1))) + index);
}

// ---- uniform bit patterns ----------------------------------------------------
BITEXACT_INLINE constexpr std::uint32_t uniform32(std::uint64_t seed, std::uint64_t i, unsigned k = 0) {
  return std::uint32_t(word_at(seed, i, k) >> 32);
}
BITEXACT_INLINE constexpr std::uint64_t uniform64(std::uint64_t seed, std::uint64_t i, unsigned k = 0) {
  return word_at(seed, i, k);
}

// ---- structured operand pairs for fmod-like functions -------------------------
// Eight kinds, chosen by index % 8, so every block of the set mixes them:
//   0 uniform bit patterns for x and y
//   1 every exponent gap: |x| has exponent e_y + gap, gap swept by index
//   2 subnormal divisor y, finite x
//   3 tiny divisor: y = ±(1..8) ulps of the smallest subnormal
//   4 x near k*y: x = k*y (k up to 2^20) moved by -2..+2 ulps
//   5 x and y both subnormal
//   6 one operand special (±0, ±inf, qNaN, sNaN, ±max, ±min normal)
//   7 x = ±y * 2^n (exact multiples by powers of two) and x = ±y
template <class T>
struct pair {
  typename float_traits<T>::storage x, y;
};

namespace detail {
template <class T>
BITEXACT_INLINE constexpr typename float_traits<T>::storage specials(unsigned k) {
  using B = fp_bits<T>;
  using S = typename float_traits<T>::storage;
  const S table[8] = {S(0),
                      B::exponent_mask,                            // +inf
                      B::exponent_mask | B::quiet_bit,             // qNaN
                      B::exponent_mask | 1,                        // sNaN
                      B::exponent_mask - 1,                        // max finite
                      S(1) << B::mantissa_bits,                    // min normal
                      S(1),                                        // min subnormal
                      (S(B::exponent_bias) << B::mantissa_bits)};  // 1.0
  return table[k & 7] | ((k & 8) ? B::sign_mask : S(0));
}
}  // namespace detail

template <class T>
BITEXACT_INLINE constexpr pair<T> structured_pair(std::uint64_t seed, std::uint64_t i) {
  using B = fp_bits<T>;
  using S = typename float_traits<T>::storage;
  constexpr int mb = B::mantissa_bits;
  constexpr int emax = B::max_biased_exponent - 1;  // largest finite biased exponent
  const std::uint64_t r0 = word_at(seed, i, 0), r1 = word_at(seed, i, 1), r2 = word_at(seed, i, 2);
  const S frac_x = S(r0) & B::fraction_mask, frac_y = S(r1) & B::fraction_mask;
  const S sx = (r2 & 1) ? B::sign_mask : S(0), sy = (r2 & 2) ? B::sign_mask : S(0);
  auto make = [](S sign, int biased_exp, S frac) { return sign | (S(biased_exp) << mb) | frac; };
  pair<T> p{};
  switch (i % 8) {
    case 0:
      if constexpr (sizeof(T) == 4) {
        p.x = S(r0 >> 32);
        p.y = S(r1 >> 32);
      } else {
        p.x = S(r0);
        p.y = S(r1);
      }
      break;
    case 1: {
      // gap in [0, emax - 1], swept by index; e_y random so that e_y + gap <= emax.
      const int gap = int((i / 8) % std::uint64_t(emax));
      const int ey = 1 + int((r2 >> 8) % std::uint64_t(emax - gap));
      p.x = make(sx, ey + gap, frac_x);
      p.y = make(sy, ey, frac_y);
      break;
    }
    case 2:
      p.x = make(sx, 1 + int((r2 >> 8) % std::uint64_t(emax)), frac_x);
      p.y = sy | (frac_y == 0 ? S(1) : frac_y);
      break;
    case 3:
      p.x = make(sx, 1 + int((r2 >> 8) % std::uint64_t(emax)), frac_x);
      p.y = sy | S(1 + ((r2 >> 8) & 7));
      break;
    case 4: {
      // y: normal with a moderate exponent so that k*y stays finite.
      const int ey = B::exponent_bias - 40 + int((r2 >> 8) % 80);
      const T y = bit_cast<T>(make(S(0), ey, frac_y));
      const T k = T(std::uint32_t(1 + ((r2 >> 16) & 0xfffff)));
      const T xy = k * y;  // one correctly rounded multiplication
      const int delta = int((r2 >> 40) % 5) - 2;
      p.x = S(bit_cast<S>(xy) + S(delta)) | sx;
      p.y = bit_cast<S>(y) | sy;
      break;
    }
    case 5:
      p.x = sx | frac_x;
      p.y = sy | (frac_y == 0 ? S(1) : frac_y);
      break;
    case 6: {
      const S normal = make(S(0), 1 + int((r2 >> 8) % std::uint64_t(emax)), frac_x);
      const S special = detail::specials<T>(unsigned(r2 >> 20));
      if (r2 & 4) {
        p.x = special;
        p.y = normal | sy;
      } else {
        p.x = normal | sx;
        p.y = special;
      }
      break;
    }
    default: {
      const int ey = 1 + int((r2 >> 8) % std::uint64_t(emax));
      const int n = int((r2 >> 24) % 64);
      p.y = make(sy, ey, frac_y);
      p.x = make(sx, ey + n <= emax ? ey + n : ey, frac_y);
      break;
    }
  }
  return p;
}

// ---- structured single operands for ceil-like functions -----------------------
// index % 4: 0 uniform bits; 1 integers up to 2^(mantissa+2) moved by -2..+2 ulps;
//            2 magnitudes in (0, 2) (fraction-only region, subnormals included); 3 specials
template <class T>
BITEXACT_INLINE constexpr typename float_traits<T>::storage structured_single(std::uint64_t seed, std::uint64_t i) {
  using B = fp_bits<T>;
  using S = typename float_traits<T>::storage;
  const std::uint64_t r0 = word_at(seed, i, 0), r1 = word_at(seed, i, 1);
  const S sign = (r1 & 1) ? B::sign_mask : S(0);
  switch (i % 4) {
    case 0:
      return sizeof(T) == 4 ? S(r0 >> 32) : S(r0);
    case 1: {
      const int bits = 1 + int((r1 >> 8) % (B::mantissa_bits + 2));
      const std::uint64_t n = (r0 >> (64 - bits)) | 1;
      const T v = T(n);  // exact: n has at most mantissa_bits + 2 bits... rounded RN otherwise
      const int delta = int((r1 >> 40) % 5) - 2;
      return S(bit_cast<S>(v) + S(delta)) | sign;
    }
    case 2: {
      const int e = int((r1 >> 8) % std::uint64_t(B::exponent_bias + 1));  // biased 0..bias
      return sign | (S(e) << B::mantissa_bits) | (S(r0) & B::fraction_mask);
    }
    default:
      return detail::specials<T>(unsigned(r1 >> 20));
  }
}

// ---- the standard input sets, one generator for host and device -----------------
// What vectors/*/digests.json hold and the device kernels run (the SEED column
// of bitexact/functions.def picks them per function):
//   exhaustive  input i is the bit pattern i (one-operand binary32 functions)
//   uniform     operand k of input i is uniform32/64(seed, i, k)
//   structured  structured_pair (two operands) / structured_single (one)
enum class set_kind : std::uint8_t { exhaustive, uniform, structured };

// Operands of input i of a standard set, for a function of Arity operands of
// type T (y = 0 for one operand).
template <class T, int Arity>
BITEXACT_INLINE constexpr pair<T> standard_input(set_kind kind, std::uint64_t seed, std::uint64_t i) {
  using S = typename float_traits<T>::storage;
  static_assert(Arity == 1 || Arity == 2);
  pair<T> p{};
  switch (kind) {
    case set_kind::exhaustive:
      p.x = S(i);
      break;
    case set_kind::uniform:
      if constexpr (sizeof(T) == 4) {
        p.x = uniform32(seed, i, 0);
        if constexpr (Arity == 2) p.y = uniform32(seed, i, 1);
      } else {
        p.x = uniform64(seed, i, 0);
        if constexpr (Arity == 2) p.y = uniform64(seed, i, 1);
      }
      break;
    case set_kind::structured:
      if constexpr (Arity == 2)
        p = structured_pair<T>(seed, i);
      else
        p.x = structured_single<T>(seed, i);
      break;
  }
  return p;
}

}  // namespace bitexact::inputs
