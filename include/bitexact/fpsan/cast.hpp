// bitexact/fpsan/cast.hpp — FpSan's float->float conversions and fp4 unpack
// (FpSanitizer.cpp @ 1d2da15: castFloatPayloadToType, ExtFOpPattern,
// TruncFOpPattern, FpToFpPattern, unpackPackedFp4Tensor, Fp4ToFpPattern).
//
// Payload casts depend only on the two widths:
//   same width : identity (f16 <-> bf16, e4m3fn <-> e5m2 keep the payload)
//   widening   : sign extension
//   narrowing, homomorphic mode (TRITON_FPSAN_HOMOMORPHIC_CASTS=1):
//                plain truncation (a ring homomorphism)
//   narrowing, default ("fold"), revision r2026_07_29 and later:
//       low  = x mod 2^d                       (d = destination width)
//       r    = x xor sext_d->s(low)            (zero iff x is a widened d-bit value)
//       hi   = ((r * R) mod 2^s) >> (s - d)    R = (3511 mod 2^d) * (2^64-1)/(2^d-1),
//                                              i.e. 3511 repeated in every d-bit lane
//       out  = low xor hi xor (hi >> d/2)
//     so narrow(widen(x)) = x, and every discarded bit changes the result.
//   narrowing, revision triton_3_8_0 (before #10627 and #11005; no
//   homomorphic-casts switch exists there): plain truncation, as in
//   castSignedIntValueToType @ release/3.8.x 10f6be36
//   narrowing, default, revision r2026_07_28 (older fold):
//       n    = x xor (all ones if x < 0)      hi = n >> d
//       out  = (x xor hi * 3511) mod 2^d
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include "bitexact/fpsan/embed.hpp"

namespace bitexact::fpsan {

// FpSanitizer.cpp castFloatPayloadToType @ 1d2da15 (written 3511 there).
inline constexpr u64 narrowing_fold_multiplier = 0xdb7;

BITEXACT_INLINE constexpr u64 cast_payload(int src, int dst, u64 x, params p = {}) {
  x &= mask_of(src);
  if (src == dst) return x;
  if (dst > src) return sext(src, dst, x);
  const u64 dm = mask_of(dst), sm = mask_of(src);
  if (p.casts == cast_mode::homomorphic || p.rev == revision::triton_3_8_0) return x & dm;
  if (p.rev == revision::r2026_07_28) {
    u64 n = (x & sign_bit_of(src)) ? (x ^ sm) : x;
    u64 hi = n >> dst;
    return (x ^ (hi * narrowing_fold_multiplier)) & dm;
  }
  const u64 low = x & dm;
  const u64 residual = x ^ sext(dst, src, low);
  const u64 repeated = (narrowing_fold_multiplier & dm) * (~u64(0) / dm);
  const u64 hi = (((residual * repeated) & sm) >> (src - dst)) & dm;
  return low ^ hi ^ (hi >> (dst / 2));
}

// Float bits of `from` -> float bits of `to`, as the sanitized arith.extf /
// arith.truncf / tt.fp_to_fp.
BITEXACT_INLINE constexpr u64 cast_bits(dtype from, dtype to, u64 bits, params p = {}) {
  const mixer mf = make_mixer(from, p.rev), mt = make_mixer(to, p.rev);
  return unembed(mt, cast_payload(width_of(from), width_of(to), embed(mf, bits), p));
}

// ttg.fp4_to_fp: each byte holds two e2m1 values, low nibble first along the
// unpacked axis. Each nibble (0..15) is used directly as a payload of the
// destination float type (no e2m1 decoding).
struct fp4_pair {
  u64 first;   // payload from the low nibble
  u64 second;  // payload from the high nibble
};
BITEXACT_INLINE constexpr fp4_pair unpack_fp4(std::uint8_t packed) { return {u64(packed & 0x0f), u64(packed >> 4)}; }
// The same, returned as float bit patterns of `to`.
BITEXACT_INLINE constexpr fp4_pair unpack_fp4_bits(dtype to, std::uint8_t packed, revision r = default_revision) {
  const mixer m = make_mixer(to, r);
  fp4_pair p = unpack_fp4(packed);
  return {unembed(m, p.first), unembed(m, p.second)};
}

}  // namespace bitexact::fpsan
