// bitexact/fpsan/format.hpp — the floating-point formats FpSan instruments,
// the algebra revisions this model knows, and the w-bit modular helpers that
// every payload rewrite is built from.
//
// Reference for the whole fpsan/ directory (read, not copied):
//   triton-lang/triton main @ 1d2da15d2b1f1dfe8f64ddcc2acfe530ff406ffd
//   (2026-08-20), read through the mirror intel/intel-xpu-backend-for-triton
//   which contains that commit:
//     lib/Dialect/TritonInstrument/Transforms/FpSanitizer.cpp   (rewrites)
//     lib/Conversion/TritonInstrumentToLLVM/FpSanToLLVM.cpp     (embed/unembed)
//     python/test/gluon/test_fpsan.py                           (expectations)
//     docs/programming-guide/chapter-3/fpsan.rst                (contract)
//
// A payload of a w-bit format is held in a std::uint64_t whose bits above w
// are zero; all arithmetic is modulo 2^w.
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/config.hpp"

namespace bitexact::fpsan {

using u64 = std::uint64_t;

// ---- formats ---------------------------------------------------------------

enum class dtype : std::uint8_t { f64, f32, f16, bf16, e4m3fn, e5m2, e4m3fnuz, e5m2fnuz };
inline constexpr int dtype_count = 8;
inline constexpr dtype all_dtypes[dtype_count] = {dtype::f64,    dtype::f32,  dtype::f16,      dtype::bf16,
                                                  dtype::e4m3fn, dtype::e5m2, dtype::e4m3fnuz, dtype::e5m2fnuz};

// Bit holders for formats C++ has no type for.
struct half {
  std::uint16_t bits;
};
struct bfloat16 {
  std::uint16_t bits;
};
struct float8_e4m3fn {
  std::uint8_t bits;
};
struct float8_e5m2 {
  std::uint8_t bits;
};
struct float8_e4m3fnuz {
  std::uint8_t bits;
};
struct float8_e5m2fnuz {
  std::uint8_t bits;
};

// How a format spends its top exponent code (for IEEE decoding in `check`;
// FpSan itself ignores NaN/Inf and treats every bit pattern alike).
enum class special_kind : std::uint8_t {
  ieee,  // top exponent = Inf/NaN, signed zeros (f64 f32 f16 bf16 e5m2)
  fn,    // no Inf; only S.1111.111 is NaN (e4m3fn)
  fnuz,  // no Inf, no -0; 0x80 is the only NaN (e4m3fnuz, e5m2fnuz)
};

struct format {
  const char* name;
  int width;  // total bits = payload ring width w
  int exponent_bits;
  int mantissa_bits;  // stored fraction bits
  int bias;
  special_kind kind;

  // Bit pattern of +1.0: biased exponent `bias`, zero fraction. The whole
  // payload mixer is derived from this one number (FpSanToLLVM.cpp,
  // getPayloadMixConfig, which asks APFloat for 1.0 in the format).
  BITEXACT_INLINE constexpr u64 one_bits() const { return u64(bias) << mantissa_bits; }
};

BITEXACT_INLINE constexpr format format_of(dtype d) {
  switch (d) {
    case dtype::f64:
      return {"f64", 64, 11, 52, 1023, special_kind::ieee};
    case dtype::f32:
      return {"f32", 32, 8, 23, 127, special_kind::ieee};
    case dtype::f16:
      return {"f16", 16, 5, 10, 15, special_kind::ieee};
    case dtype::bf16:
      return {"bf16", 16, 8, 7, 127, special_kind::ieee};
    case dtype::e4m3fn:
      return {"e4m3fn", 8, 4, 3, 7, special_kind::fn};
    case dtype::e5m2:
      return {"e5m2", 8, 5, 2, 15, special_kind::ieee};
    case dtype::e4m3fnuz:
      return {"e4m3fnuz", 8, 4, 3, 8, special_kind::fnuz};
    case dtype::e5m2fnuz:
      return {"e5m2fnuz", 8, 5, 2, 16, special_kind::fnuz};
  }
  return {"?", 0, 0, 0, 0, special_kind::ieee};
}
BITEXACT_INLINE constexpr int width_of(dtype d) { return format_of(d).width; }

}  // namespace bitexact::fpsan

// The holders of the IEEE-style formats get bitexact::fp_bits views (fields,
// builders of the special values, predicates); the fields match format_of.
// The fn/fnuz fp8 formats do not: their specials are not IEEE 754's.
namespace bitexact {
template <>
struct float_traits<fpsan::half> {
  using storage = std::uint16_t;
  using signed_storage = std::int16_t;
  static constexpr int total_bits = 16;
  static constexpr int mantissa_bits = 10;
  static constexpr int exponent_bits = 5;
  static constexpr int exponent_bias = 15;
};
template <>
struct float_traits<fpsan::bfloat16> {
  using storage = std::uint16_t;
  using signed_storage = std::int16_t;
  static constexpr int total_bits = 16;
  static constexpr int mantissa_bits = 7;
  static constexpr int exponent_bits = 8;
  static constexpr int exponent_bias = 127;
};
template <>
struct float_traits<fpsan::float8_e5m2> {
  using storage = std::uint8_t;
  using signed_storage = std::int8_t;
  static constexpr int total_bits = 8;
  static constexpr int mantissa_bits = 2;
  static constexpr int exponent_bits = 5;
  static constexpr int exponent_bias = 15;
};
}  // namespace bitexact

namespace bitexact::fpsan {

// ---- algebra revisions -------------------------------------------------------
//
// The payload algebra changed during 2026. Each revision names the upstream
// source whose algebra it models (the whole algebra was read there):
//   r2026_08_20   main 1d2da15d2b1f (default; after #11101 and #11083)
//   r2026_07_29   main 4a4243f426fb (#11083 "Mix every discarded downcast bit";
//                 before #11101 changed the mixer multiplier and the exp
//                 scale constant)
//   r2026_07_28   main c327a6f42796 (parent of #11083: older narrowing fold)
//   triton_3_8_0  the Triton 3.8.0 release: branch release/3.8.x @ 10f6be363d24
//                 (read through the mirror triton-lang/triton-windows), cut
//                 from main at 3bb23dde7 (2026-06-23). It has #10561 (closed-
//                 form exp2), #10548 and #10570, but none of #10707 (clamp),
//                 #10627 (folding downcasts), #10834 (__nv_expf), #10857/#10908
//                 (inline asm), #11005, #11083, #11101: narrowing casts
//                 truncate, tt.clamp and inline asm are not rewritten.
// Triton 3.9.0 is modelled as r2026_08_20 (triton_3_9_0 below); its release
// branch was not in any source this model could read (docs/fpsan.md).
// Main revisions older than c327a6f4 are not modelled.
enum class revision : std::uint8_t { r2026_08_20, r2026_07_29, r2026_07_28, triton_3_8_0 };
inline constexpr int revision_count = 4;
// The default first, then the releases, then the older main revisions (the
// order of the report's columns).
inline constexpr revision all_revisions[revision_count] = {revision::r2026_08_20, revision::triton_3_8_0,
                                                          revision::r2026_07_29, revision::r2026_07_28};
inline constexpr revision default_revision = revision::r2026_08_20;
// Closest evidence for the 3.9.0 release (see above): the pinned main.
inline constexpr revision triton_3_9_0 = revision::r2026_08_20;

// Whether a revision rewrites tt.clamp (ClampFOpPattern, #10707) and pure
// tt.elementwise_inline_asm (#10857/#10908). Where it does not, the kernel
// runs the real clamp / asm on unembedded float bits: IEEE or hardware
// behaviour, not payload algebra, and this model does not reproduce it.
BITEXACT_INLINE constexpr bool rewrites_clamp(revision r) { return r != revision::triton_3_8_0; }
BITEXACT_INLINE constexpr bool rewrites_inline_asm(revision r) { return r != revision::triton_3_8_0; }

// How a narrowing float->float cast treats the discarded payload bits.
enum class cast_mode : std::uint8_t {
  fold,         // default: fold every discarded bit into the kept bits
  homomorphic,  // TRITON_FPSAN_HOMOMORPHIC_CASTS=1: plain truncation
};

struct params {
  revision rev = default_revision;
  cast_mode casts = cast_mode::fold;
};

// ---- modular helpers ---------------------------------------------------------

BITEXACT_INLINE constexpr u64 mask_of(int w) { return w >= 64 ? ~u64(0) : (u64(1) << w) - 1; }
BITEXACT_INLINE constexpr u64 sign_bit_of(int w) { return u64(1) << (w - 1); }

// Two's-complement value of a w-bit payload as a signed 64-bit integer.
BITEXACT_INLINE constexpr std::int64_t to_signed(int w, u64 x) {
  u64 m = mask_of(w);
  x &= m;
  if (w < 64 && (x & sign_bit_of(w))) x |= ~m;
  return static_cast<std::int64_t>(x);
}

// Sign-extend a w-bit payload to `to` bits (to >= w).
BITEXACT_INLINE constexpr u64 sext(int w, int to, u64 x) { return static_cast<u64>(to_signed(w, x)) & mask_of(to); }

// Inverse of an odd number modulo 2^64 by Newton's iteration: x <- x(2 - a x)
// doubles the number of correct low bits; 2 - a is right to 2 bits for odd a.
BITEXACT_INLINE constexpr u64 inverse_odd(u64 a) {
  u64 x = u64(2) - a;
  for (int good = 2; good < 64; good *= 2) x *= u64(2) - a * x;
  return x;
}

BITEXACT_INLINE constexpr u64 rotl(int w, u64 x, unsigned k) {
  k %= unsigned(w);
  x &= mask_of(w);
  if (k == 0) return x;
  return ((x << k) | (x >> (unsigned(w) - k))) & mask_of(w);
}

BITEXACT_INLINE constexpr int count_trailing_zeros(u64 x) {
  int n = 0;
  while (n < 64 && ((x >> n) & 1) == 0) ++n;
  return n;
}

}  // namespace bitexact::fpsan
