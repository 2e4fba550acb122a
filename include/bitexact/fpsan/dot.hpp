// bitexact/fpsan/dot.hpp — FpSan's dot / MMA emulation over the payload ring
// (FpSanitizer.cpp @ 1d2da15: DotPattern, emitMmaEmulationLoops,
// emulateDotStep; DotScaledPattern with castDotScaledOperandToComputePayload,
// scaleI8ToComputePayload, castDotScaledScaleToComputePayload).
//
// tt.dot / warpgroup_mma / tcgen05_mma / mfma / wmma:
//   D[i][j] = C[i][j] + sum_k cast(A[i][k]) * cast(B[k][j])   (mod 2^acc)
// where cast is the payload cast (cast.hpp) from each operand's width to the
// accumulator's: operands of different types (e.g. e4m3fn x e5m2 into f32)
// are each widened on their own. The ring is commutative, so the order of
// the k terms and of the tiles (Triton's i8 decomposition, K32 steps) cannot
// change the result.
//
// tt.dot_scaled: both operands are first brought to a 16-bit "compute"
// payload (f16 if either operand is fp16, else bf16): float operands are
// embedded in their storage type and cast to 16 bits; e2m1 nibbles and raw
// fp6 bytes are used as payloads directly. Each is multiplied (mod 2^16) by
// its scale's payload, then cast to the accumulator width. An e8m0 scale byte
// s becomes: bf16 compute -> embed_bf16(s << 7); f16 compute ->
// cast_32->16(embed_f32(s << 23)) (the f32 scale truncated to f16). (The
// test's note: on AMD CDNA4 the scale always goes through bf16; not
// modelled here.)
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include "bitexact/fpsan/cast.hpp"
#include "bitexact/fpsan/ring.hpp"

namespace bitexact::fpsan {

// One output element from payloads: c + sum_k a[k*as] * b[k*bs].
BITEXACT_INLINE constexpr u64 dot_payload(int acc_w, u64 c, const u64* a, int a_w, int as, const u64* b, int b_w,
                                          int bs, int k, params p = {}) {
  u64 sum = c;
  for (int i = 0; i < k; ++i) sum += cast_payload(a_w, acc_w, a[i * as], p) * cast_payload(b_w, acc_w, b[i * bs], p);
  return sum & mask_of(acc_w);
}

// One output element from float bit patterns (the sanitized tt.dot).
BITEXACT_INLINE constexpr u64 dot_bits(dtype a_t, dtype b_t, dtype acc_t, u64 c_bits, const u64* a_bits, int as,
                                       const u64* b_bits, int bs, int k, params p = {}) {
  const mixer ma = make_mixer(a_t, p.rev), mb = make_mixer(b_t, p.rev), mc = make_mixer(acc_t, p.rev);
  const int aw = width_of(a_t), bw = width_of(b_t), cw = width_of(acc_t);
  u64 sum = embed(mc, c_bits);
  for (int i = 0; i < k; ++i)
    sum += cast_payload(aw, cw, embed(ma, a_bits[i * as]), p) * cast_payload(bw, cw, embed(mb, b_bits[i * bs]), p);
  return unembed(mc, sum & mask_of(cw));
}

// ---- dot_scaled ----------------------------------------------------------------

enum class scaled_elem : std::uint8_t { e4m3, e5m2, bf16, fp16, e2m1, e2m3, e3m2 };

BITEXACT_INLINE constexpr dtype scaled_compute_type(scaled_elem a, scaled_elem b) {
  return (a == scaled_elem::fp16 || b == scaled_elem::fp16) ? dtype::f16 : dtype::bf16;
}

// An operand element (raw bits: a float's bits, or an unpacked e2m1 nibble /
// fp6 byte) -> its 16-bit compute payload.
BITEXACT_INLINE constexpr u64 scaled_operand_payload(scaled_elem e, u64 raw, params p = {}) {
  dtype storage = dtype::f32;
  switch (e) {
    case scaled_elem::e4m3:
      storage = dtype::e4m3fn;
      break;
    case scaled_elem::e5m2:
      storage = dtype::e5m2;
      break;
    case scaled_elem::bf16:
      storage = dtype::bf16;
      break;
    case scaled_elem::fp16:
      storage = dtype::f16;
      break;
    default:
      return sext(8, 16, raw & 0xff);  // e2m1 / fp6: raw value is the payload
  }
  return cast_payload(width_of(storage), 16, embed(make_mixer(storage, p.rev), raw), p);
}

// An e8m0 scale byte -> 16-bit compute payload of `compute` (f16 or bf16).
BITEXACT_INLINE constexpr u64 e8m0_scale_payload(dtype compute, std::uint8_t s, params p = {}) {
  if (compute == dtype::f16) return cast_payload(32, 16, embed(make_mixer(dtype::f32, p.rev), u64(s) << 23), p);
  // bf16: the byte becomes the bf16 exponent field (mantissa width 8 - 1).
  return embed(make_mixer(dtype::bf16, p.rev), u64(s) << 7);
}

// One term of a scaled dot in the accumulator ring: cast(a*sa) * cast(b*sb).
BITEXACT_INLINE constexpr u64 scaled_term(int acc_w, u64 a16, u64 sa16, u64 b16, u64 sb16, params p = {}) {
  u64 a = mul(16, a16, sa16), b = mul(16, b16, sb16);
  return mul(acc_w, cast_payload(16, acc_w, a, p), cast_payload(16, acc_w, b, p));
}

}  // namespace bitexact::fpsan
