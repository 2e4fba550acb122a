// Operand pairs on every exponent gap an fmod can have, for the tests that
// compare a vendor's long division with the direct remainder
// (bitexact/remainder.hpp): y's biased exponent at the bottom of the range
// (subnormal y included where asked), one above, and higher; x's at every
// exponent from y's up; significands at the ends and middle of the binade and
// 16 random ones per pair of exponents.
#pragma once

#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/inputs.hpp"

namespace bitexact::testing {

// Calls f(|x| bits, |y| bits) for finite |x| >= |y| > 0; returns the count.
template <class T, class F>
std::uint64_t each_gap_pair(bool subnormal_y, F f) {
  using B = fp_bits<T>;
  using U = typename B::storage;
  constexpr U frac = B::fraction_mask;
  const U edges[] = {0, 1, 2, 3, frac / 2, frac - 2, frac - 1, frac};
  constexpr int top = B::max_biased_exponent - 1;
  std::uint64_t n = 0, draw = 0;
  for (int ey : {0, 1, 2, top / 2, top - 40}) {
    if (ey == 0 && !subnormal_y) continue;
    for (int ex = ey; ex <= top; ++ex) {
      auto one = [&](U fx, U fy) {
        const U ax = (U(ex) << B::mantissa_bits) | (fx & frac), ay = (U(ey) << B::mantissa_bits) | (fy & frac);
        if (ay == 0 || ax < ay) return;
        ++n;
        f(ax, ay);
      };
      for (U fy : edges)
        for (U fx : edges) one(fx, fy);
      for (int i = 0; i < 16; ++i, draw += 2) one(U(inputs::splitmix64(13, draw)), U(inputs::splitmix64(13, draw + 1)));
    }
  }
  return n;
}

}  // namespace bitexact::testing
