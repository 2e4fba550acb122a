// bitexact/fpsan/embed.hpp — FpSan's bijection between float bit patterns and
// w-bit integer payloads (Triton: tti.experimental_fpsan_embed / _unembed,
// lowered in lib/Conversion/TritonInstrumentToLLVM/FpSanToLLVM.cpp @ 1d2da15).
//
// The recipe, for a w-bit format with sign bit S = 2^(w-1) and magnitude
// mask M = S - 1. Let `one` be the bit pattern of +1.0 and s = ctz(one):
//
//   embed(u):  y = (u * A) mod 2^(w-1)           A odd (revision constant)
//              z = y xor (y >> s)                 invertible xor-shift
//              v = (z * B_sign) mod 2^(w-1)       B_+ for u >= 0, B_- for u < 0
//              result = v | (u & S)               the sign bit is kept as is
//
// B_+ is chosen so that embed(+1.0) = 1: it is the inverse (mod 2^(w-1)) of
// the mixed value z(one), which the recipe requires to be odd. B_- = -B_+
// (mod 2^(w-1)), so embed(-1.0) = S | (M * 1 ...) = all ones, i.e. -1 in the
// ring. +0.0 (u = 0) maps to 0; -0.0 maps to S, NOT to 0.
//
// unembed undoes the three steps in reverse order (the xor-shift is undone by
// xoring with shifts s, 2s, 4s, ... below w). Every constant below is derived
// here, at compile time, from A and the format's 1.0 — none is pasted.
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include "bitexact/fpsan/format.hpp"

namespace bitexact::fpsan {

// The odd multiplier A of the first mixing step, per revision.
BITEXACT_INLINE constexpr u64 mixer_multiplier(revision r) {
  switch (r) {
    case revision::r2026_08_20:
      // FpSanToLLVM.cpp getPayloadMixConfig @ 1d2da15 (written 14940041
      // there), since #11101 (7d25bd000d, 2026-07-30).
      return 0xe3f789;
    case revision::r2026_07_29:
    case revision::r2026_07_28:
    case revision::triton_3_8_0:
      break;
  }
  // FpSanToLLVM.cpp getPayloadMixConfig @ c327a6f4, @ 4a4243f4 and
  // @ release/3.8.x 10f6be36 (written 922291 there): from #10548
  // (c706410bb5) until #11101.
  return 0xe12b3;
}

struct mixer {
  int width = 0;
  int shift = 0;  // ctz(bits of +1.0)
  u64 sign = 0;   // S
  u64 mag = 0;    // M
  u64 mul_a = 0, mul_a_inv = 0;
  u64 mul_b_pos = 0, mul_b_neg = 0;
  u64 mul_b_pos_inv = 0, mul_b_neg_inv = 0;
  bool valid = false;  // the recipe's own preconditions hold
};

BITEXACT_INLINE constexpr mixer make_mixer(int width, u64 one_bits, revision r) {
  mixer m;
  m.width = width;
  m.sign = sign_bit_of(width);
  m.mag = m.sign - 1;
  m.shift = count_trailing_zeros(one_bits);
  m.mul_a = mixer_multiplier(r) & m.mag;
  m.mul_a_inv = inverse_odd(m.mul_a) & m.mag;
  u64 mixed_one = (one_bits * m.mul_a) & m.mag;
  mixed_one ^= mixed_one >> m.shift;
  m.valid = one_bits != 0 && m.shift != 0 && (mixed_one & 1) == 1 && (m.mul_a & 1) == 1;
  m.mul_b_pos = inverse_odd(mixed_one | 1) & m.mag;
  m.mul_b_neg = (m.mul_b_pos * m.mag) & m.mag;  // = -B_+ mod 2^(w-1)
  m.mul_b_pos_inv = inverse_odd(m.mul_b_pos) & m.mag;
  m.mul_b_neg_inv = inverse_odd(m.mul_b_neg) & m.mag;
  return m;
}

BITEXACT_INLINE constexpr mixer make_mixer(dtype d, revision r = default_revision) {
  format f = format_of(d);
  return make_mixer(f.width, f.one_bits(), r);
}

// Float bit pattern (low w bits of `bits`) -> payload.
BITEXACT_INLINE constexpr u64 embed(const mixer& m, u64 bits) {
  u64 neg = bits & m.sign;
  u64 y = (bits * m.mul_a) & m.mag;
  u64 z = y ^ (y >> m.shift);
  u64 v = (z * (neg ? m.mul_b_neg : m.mul_b_pos)) & m.mag;
  return v | neg;
}

// Payload (low w bits) -> float bit pattern.
BITEXACT_INLINE constexpr u64 unembed(const mixer& m, u64 payload) {
  u64 neg = payload & m.sign;
  u64 z = (payload * (neg ? m.mul_b_neg_inv : m.mul_b_pos_inv)) & m.mag;
  u64 y = z;
  for (int s = m.shift; s < m.width; s *= 2) y ^= y >> s;
  u64 x = (y * m.mul_a_inv) & m.mag;
  return x | neg;
}

// The mixers of every format and revision, built at compile time.
struct mixer_table {
  mixer m[revision_count][dtype_count];
};
BITEXACT_INLINE constexpr mixer_table make_mixer_table() {
  mixer_table t{};
  for (int r = 0; r < revision_count; ++r)
    for (int d = 0; d < dtype_count; ++d) t.m[r][d] = make_mixer(dtype(d), revision(r));
  return t;
}
inline constexpr mixer_table all_mixers = make_mixer_table();

static_assert(
    [] {
      for (int r = 0; r < revision_count; ++r)
        for (int d = 0; d < dtype_count; ++d)
          if (!all_mixers.m[r][d].valid) return false;
      return true;
    }(),
    "the payload mixer recipe's preconditions must hold for every format");

// Host-side convenience (the table lives in constant memory of the host
// image only; device code builds its mixer with make_mixer).
inline const mixer& mixer_for(dtype d, revision r = default_revision) { return all_mixers.m[int(r)][int(d)]; }

}  // namespace bitexact::fpsan
