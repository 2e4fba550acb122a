// bitexact/fpsan/exp2.hpp — FpSan's exp2 and exp (FpSanitizer.cpp @ 1d2da15:
// fpsanExp2FromInt, fpsanExp; the same closed form is in release/3.8.x,
// which has #10561, so every modelled revision shares exp2).
//
// exp2(x) = c^x mod 2^w with the fixed odd base c = 1 + 2^k, k = ceil(w/4).
// By the binomial theorem c^x = sum_j C(x, j) 2^(jk), and every term with
// j >= 4 vanishes because 4k >= w, so
//
//   exp2(x) = 1 + x 2^k + C(x,2) 2^(2k) + C(x,3) 2^(3k)      (mod 2^w)
//
// C(x,2) is taken as (x(x-1) mod 2^w) >> 1; only the low w-3k bits of C(x,3)
// matter and they depend on x mod 2^(w-3k+1) only, so x is reduced to that
// many bits before forming x(x-1)(x-2)/6 (unsigned division, no overflow).
// The order of c divides 2^w, so x may be read modulo 2^w and
// exp2(a + b) = exp2(a) exp2(b), exp2(0) = 1 hold exactly.
//
// exp(x) = exp2(x * L) with a fixed payload constant L (the payload of
// log2(e) as an f32, by design; read as a 32-bit constant truncated or
// zero-extended to w bits).
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include "bitexact/fpsan/format.hpp"

namespace bitexact::fpsan {

BITEXACT_INLINE constexpr u64 exp2(int w, u64 x) {
  const u64 m = mask_of(w);
  x &= m;
  const int k = (w + 3) / 4;
  const u64 choose2 = ((x * ((x - 1) & m)) & m) >> 1;
  const int c3_bits = w - 3 * k;
  const u64 xl = x & ((u64(1) << (c3_bits + 1)) - 1);
  const u64 choose3 = (((xl * ((xl - 1) & m)) & m) * ((xl - 2) & m) & m) / 6;
  u64 r = 1 + (x << k) + (choose2 << (2 * k)) + (choose3 << (3 * k));
  return r & m;
}

// The exp scale L as the 32-bit constant of each revision.
BITEXACT_INLINE constexpr u64 exp_scale_u32(revision r) {
  switch (r) {
    case revision::r2026_08_20:
      // FpSanitizer.cpp fpsanExp @ 1d2da15, since #11101 (7d25bd000d).
      return 0x26a29a75;
    case revision::r2026_07_29:
    case revision::r2026_07_28:
    case revision::triton_3_8_0:
      break;
  }
  // FpSanitizer.cpp fpsanExp @ c327a6f4, @ 4a4243f4 and @ release/3.8.x
  // 10f6be36 (each the f32 payload of log2(e) under that era's mixer).
  return 0x236ee9bf;
}

BITEXACT_INLINE constexpr u64 exp(int w, u64 x, revision r = default_revision) {
  const u64 m = mask_of(w);
  return exp2(w, (x * (exp_scale_u32(r) & m)) & m);
}

}  // namespace bitexact::fpsan
