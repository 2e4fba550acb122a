// bitexact/fpsan/ring.hpp — FpSan's rewrites of the arithmetic ops, on
// payloads (integers modulo 2^w). Source: FpSanitizer.cpp @ 1d2da15
// (BinaryFloatToIntPattern, NegFOpPattern, ClampFOpPattern, fpsanIntInv,
// fpsanFDiv, fpsanSRem, fpsanFma).
//
//   add/sub/mul/neg/fma : the ring operations mod 2^w
//   min/max             : signed (two's complement) min/max of payloads;
//                         minimumf, maximumf, minnumf and maxnumf all map here
//   clamp(x, lo, hi)    : min(max(x, lo), hi) in that signed order
//   div(n, d)           : n * inv(d)
//   rem(n, d)           : signed remainder (truncating) of n by (d | 1)
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include "bitexact/fpsan/format.hpp"

namespace bitexact::fpsan {

BITEXACT_INLINE constexpr u64 add(int w, u64 a, u64 b) { return (a + b) & mask_of(w); }
BITEXACT_INLINE constexpr u64 sub(int w, u64 a, u64 b) { return (a - b) & mask_of(w); }
BITEXACT_INLINE constexpr u64 mul(int w, u64 a, u64 b) { return (a * b) & mask_of(w); }
BITEXACT_INLINE constexpr u64 neg(int w, u64 a) { return (u64(0) - a) & mask_of(w); }
BITEXACT_INLINE constexpr u64 fma(int w, u64 a, u64 b, u64 c) { return (a * b + c) & mask_of(w); }

BITEXACT_INLINE constexpr u64 min(int w, u64 a, u64 b) {
  return to_signed(w, a) <= to_signed(w, b) ? (a & mask_of(w)) : (b & mask_of(w));
}
BITEXACT_INLINE constexpr u64 max(int w, u64 a, u64 b) {
  return to_signed(w, a) >= to_signed(w, b) ? (a & mask_of(w)) : (b & mask_of(w));
}
BITEXACT_INLINE constexpr u64 clamp(int w, u64 x, u64 lo, u64 hi) { return min(w, max(w, x, lo), hi); }

// FpSan's "inverse": for odd u the true inverse mod 2^w; for even u the
// inverse of u|1 with its lowest bit replaced by u's (0). Newton's iteration
// x <- x(2 - a x) from x = 2 - a, run while the correct-bit count 2, 4, 8, ...
// is below w (exactly the iteration count of fpsanIntInv).
BITEXACT_INLINE constexpr u64 inv(int w, u64 u) {
  const u64 m = mask_of(w);
  u64 a = (u | 1) & m;
  u64 x = (u64(2) - a) & m;
  for (int good = 2; good < w; good *= 2) x = (x * ((u64(2) - a * x) & m)) & m;
  return ((x & ~u64(1)) | (u & 1)) & m;
}

BITEXACT_INLINE constexpr u64 div(int w, u64 n, u64 d) { return mul(w, n, inv(w, d)); }

// arith.remsi of n by (d | 1). The one case LLVM leaves undefined,
// INT_MIN rem -1, is modelled as 0 (the mathematical remainder; what PTX
// rem.s32/s64 returns is not verified here).
BITEXACT_INLINE constexpr u64 rem(int w, u64 n, u64 d) {
  std::int64_t a = to_signed(w, n), b = to_signed(w, d | 1);
  if (b == -1) return 0;
  return static_cast<u64>(a % b) & mask_of(w);
}

}  // namespace bitexact::fpsan
