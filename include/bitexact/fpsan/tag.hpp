// bitexact/fpsan/tag.hpp — FpSan's structural tags for ops without an
// algebraic model (FpSanitizer.cpp @ 1d2da15: UnaryOpId, murmur64Mixer,
// fpsanUnaryTagged, stableStringHash, fpsanVariadicTagged,
// ExternElementwisePattern, ElementwiseInlineAsmPattern).
//
// Tagged unary op:  op(x) = ((x * K) xor H(op)) * K  (mod 2^w)
//   K = 314159 (odd), H(op) = murmur3 fmix64(op id) truncated to w bits.
// The map is a bijection of the payloads for every op, so equal inputs give
// equal outputs; two ops differ on every input iff their H differ mod 2^w.
//
// Extern / inline-asm elementwise (pure, float results, numeric operands):
//   out = (sum_i rotl_w(arg_i, i)) xor h      (mod 2^w, w = result width)
// where arg_i is the payload of float operand i (integer operands as they
// are), sign-extended or truncated to w bits, and h = FNV-1a 64 of the symbol
// name or asm string (xor the result index for inline asm), truncated to w.
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include "bitexact/fpsan/format.hpp"

namespace bitexact::fpsan {

// The unary ops of FpSanitizer.cpp's UnaryOpId, with their ids (the
// enumerator order there). Only log..precise_sqrt are ever tagged for float
// inputs; exp, exp2, cos and sin have algebraic rewrites.
enum class unary_tag : std::uint8_t { exp = 0, log, exp2, log2, cos, sin, sqrt, rsqrt, erf, floor, ceil, precise_sqrt };
inline constexpr unary_tag tagged_ops[8] = {unary_tag::log, unary_tag::log2,  unary_tag::sqrt, unary_tag::rsqrt,
                                            unary_tag::erf, unary_tag::floor, unary_tag::ceil, unary_tag::precise_sqrt};

// MurmurHash3's 64-bit finaliser (public constants of MurmurHash3 fmix64, as
// used by FpSanitizer.cpp murmur64Mixer).
BITEXACT_INLINE constexpr u64 murmur_fmix64(u64 h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}

// FNV-1a 64 over the bytes of a NUL-terminated string (stableStringHash).
BITEXACT_INLINE constexpr u64 fnv1a64(const char* s) {
  u64 h = 0xcbf29ce484222325ull;  // FNV-1a 64 offset basis
  for (; *s; ++s) {
    h ^= static_cast<unsigned char>(*s);
    h *= 0x100000001b3ull;  // FNV-1a 64 prime
  }
  return h;
}

// FpSanitizer.cpp kUnaryTagMultiplier @ 1d2da15 (written 314159 there).
inline constexpr u64 unary_tag_multiplier = 0x4cb2f;

BITEXACT_INLINE constexpr u64 unary_tag_hash(int w, unary_tag op) { return murmur_fmix64(u64(op)) & mask_of(w); }

BITEXACT_INLINE constexpr u64 tagged(int w, u64 x, unary_tag op) {
  const u64 m = mask_of(w), k = unary_tag_multiplier & m;
  return ((((x * k) & m) ^ unary_tag_hash(w, op)) * k) & m;
}

// One operand of an extern / inline-asm op, already reduced to a payload of
// its own width (`width` bits; for an integer operand, its bits).
struct tag_operand {
  u64 payload;
  int width;
};

// Structural tag of `n` operands with string hash `hash`, result width w.
BITEXACT_INLINE constexpr u64 variadic_tag(int w, const tag_operand* args, int n, u64 hash) {
  u64 sum = 0;
  for (int i = 0; i < n; ++i) {
    // castSignedIntValueToType: sign extension or plain truncation.
    u64 a = args[i].width >= w ? (args[i].payload & mask_of(w)) : sext(args[i].width, w, args[i].payload);
    sum += rotl(w, a, unsigned(i));
  }
  return (sum ^ hash) & mask_of(w);
}

BITEXACT_INLINE constexpr u64 extern_tag(int w, const char* symbol, const tag_operand* args, int n) {
  return variadic_tag(w, args, n, fnv1a64(symbol));
}
BITEXACT_INLINE constexpr u64 inline_asm_tag(int w, const char* asm_string, int result_index, const tag_operand* args,
                                             int n) {
  return variadic_tag(w, args, n, fnv1a64(asm_string) ^ u64(result_index));
}

}  // namespace bitexact::fpsan
