// bitexact/remainder.hpp — the integer remainder that every vendor's fmod
// computes by long division, computed fast, and the exact fmod built from it.
//
// libdevice's __nv_fmod (one quotient bit a step), ocml's __ocml_fmod_f64 (26
// bits a step) and __ocml_fmod_f32 (12) all divide the significands step by
// step, each step leaving an exact remainder in [0, divisor): their only
// output is the remainder (mx 2^k) mod my, a number fixed by its operands,
// whatever way it is computed. Each reproduction keeps its vendor's loop as
// the statement of what it does (nv/fmod.hpp, ocml/fmod_f32.hpp,
// ocml/fmod_f64.hpp say why the loop's remainder is this one); tests compare
// the two on every exponent gap (tests/nv_arith_test.cpp,
// tests/ocml_test.cpp).
//
// Host and device code (BITEXACT_INLINE), integer operations only, so no
// flush mode or fp contraction can change a result.
#pragma once

#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/config.hpp"

namespace bitexact::remainder {

using u64 = std::uint64_t;

// (m 2^k) mod d for d in [2^52, 2^53), m < 2 d, k >= 0.
#if defined(__SIZEOF_INT128__)
// Up to 52 quotient bits a step (Barrett): with r < d the running remainder
// and s <= 52 the step, the quotient of r 2^s by d is estimated as
// q = floor(r inv / 2^(105 - s)) from inv = RN(2^105 / d) - 1: that quotient
// lies in (2^52, 2^53], where doubles are integers a unit apart, so inv is
// below 2^105 / d by 1/2 to 3/2. Then r inv / 2^(105 - s) is below r 2^s / d
// by at most 3/2 (r < 2^53, s <= 52), so q is the true quotient or up to 2
// below it: r 2^s - q d is in [0, 3 d), below 2^55, its low 64 bits exact,
// and at most two subtractions finish the step (the loop allows more: an
// inv off by one more unit, as -ffast-math's reciprocal could make it,
// still never overshoots).
BITEXACT_INLINE u64 shifted_mod(u64 m, u64 d, int k) {
  using u128 = unsigned __int128;
  u64 r = m >= d ? m - d : m;
  if (k == 0) return r;
  const u64 inv = u64(0x1p105 / double(d)) - 1;  // d < 2^53: exact as a double
  for (; k > 0;) {
    const int s = k < 52 ? k : 52;
    const u64 q = u64((u128(r) * inv) >> (105 - s));
    r = (r << s) - q * d;  // mod 2^64
    while (r >= d) r -= d;
    k -= s;
  }
  return r;
}
#else
// Without 128-bit integers: 11 bits a step (r 2^11 < 2^64), a hardware modulo each.
BITEXACT_INLINE u64 shifted_mod(u64 m, u64 d, int k) {
  u64 r = m >= d ? m - d : m;
  for (; k > 0;) {
    const int s = k < 11 ? k : 11;
    r = (r << s) % d;
    k -= s;
  }
  return r;
}
#endif

// floor(log2 v) for 0 < v < 2^53, from the exponent of the exact double v.
BITEXACT_INLINE int top_bit(u64 v) { return int(fp_bits<double>(double(v)).biased_exponent()) - 1023; }

// |v| = m 2^e with m in [2^P-1, 2^P) (P = 24 / 53: subnormals normalised);
// v finite and nonzero, given by its bits with the sign cleared.
template <class T>
BITEXACT_INLINE void split(typename fp_bits<T>::storage abits, u64& m, int& e) {
  using B = fp_bits<T>;
  const int be = int(abits >> B::mantissa_bits);
  m = u64(abits & B::fraction_mask);
  if (be == 0) {
    const int z = B::mantissa_bits - top_bit(m);
    m <<= z;
    e = 1 - B::exponent_bias - B::mantissa_bits - z;
  } else {
    m |= u64(1) << B::mantissa_bits;
    e = be - B::exponent_bias - B::mantissa_bits;
  }
}

// The bits of r 2^e (r < 2^P) with the sign cleared, for a value r 2^e that
// T represents exactly (normal or subnormal; r = 0 gives +0).
template <class T>
BITEXACT_INLINE typename fp_bits<T>::storage compose(u64 r, int e) {
  using B = fp_bits<T>;
  using U = typename B::storage;
  if (r == 0) return 0;
  const int t = top_bit(r);
  const int be = e + t + B::exponent_bias;  // the biased exponent of the leading bit
  if (be >= 1) return (U(be) << B::mantissa_bits) + (U(r << (B::mantissa_bits - t)) & B::fraction_mask);
  // Subnormal: in units of the smallest subnormal, 2^(1 - bias - mantissa_bits);
  // r's bits below that unit are zero (the value is representable).
  const int s = e - (1 - B::exponent_bias - B::mantissa_bits);
  return U(s >= 0 ? r << s : r >> -s);
}

// |x| mod |y| for finite x, y with 0 < |y| <= |x|, as the bits of a T with
// the sign cleared: the exact remainder (always representable); with flush,
// as an FTZ/DAZ unit leaves it (a subnormal remainder becomes +0).
template <class T>
BITEXACT_INLINE typename fp_bits<T>::storage abs_fmod_bits(typename fp_bits<T>::storage ax,
                                                           typename fp_bits<T>::storage ay, bool flush = false) {
  using B = fp_bits<T>;
  constexpr int up = 52 - B::mantissa_bits;  // binary32: 29 bits up, into [2^52, 2^53)
  u64 mx, my;
  int ex, ey;
  split<T>(ax, mx, ex);
  split<T>(ay, my, ey);
  // |x| >= |y| gives ex >= ey; mx < 2^P <= 2 my.
  const u64 r = shifted_mod(mx << up, my << up, ex - ey) >> up;
  const auto bits = compose<T>(r, ey);
  return flush ? B(flush_subnormal(B::from_bits(bits).value())).bits : bits;
}

}  // namespace bitexact::remainder
