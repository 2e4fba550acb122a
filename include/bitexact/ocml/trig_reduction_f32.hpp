// bitexact/ocml/trig_reduction_f32.hpp — the argument reduction and the
// kernel polynomials shared by ocml's single-precision sin and cos
// (ROCm-Device-Libs 5.2.3, ocml.bc: __ocmlpriv_trigred_f32,
// __ocmlpriv_trigredsmall_f32, __ocmlpriv_trigredlarge_f32,
// __ocmlpriv_sincosred_f32).
//
// For an argument a = |x| >= 0 the reduction returns r and the quadrant
// n (0..3) with a ~= n*pi/2 + r (mod 2*pi), |r| <= ~pi/4:
//  * a < 2^17: Cody-Waite. q = rint(a * 2/pi) and r = a - q*pi/2 with pi/2
//    split in three f32 pieces. On parts with fast fma each step is one fma;
//    elsewhere the products q*piece are formed exactly from 12-bit halves and
//    subtracted with compensated (two-sum) arithmetic.
//  * otherwise: Payne-Hanek. The 24-bit significand is multiplied by a
//    224-bit window of 2/pi chosen by the exponent, the two integer bits give
//    the quadrant, and the fraction (taken as f - 1 when f >= 1/2) becomes an
//    unevaluated f32 pair (hi, lo) that is multiplied by pi/2.
// The kernel evaluates sin(r) and cos(r) with two short polynomials in r^2.
//
// Every operation below corresponds to one operation of the bitcode, in the
// same order; `C` selects the code path and the rounding of llvm.fmuladd.
#pragma once

#include <cstdint>

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"

namespace bitexact::ocml::detail {

// Constants of ocml.bc 5.2.3, __ocmlpriv_trigred{small,large}_f32 and
// __ocmlpriv_sincosred_f32 (f32 values; the .ll prints them as doubles).
inline constexpr float two_over_pi_f = 0x1.45f306p-1f;  // 2/pi rounded to f32
inline constexpr float pio2_hi = 0x1.921fb4p+0f;        // pi/2 = hi + mid + lo
inline constexpr float pio2_mid = 0x1.4442d0p-24f;
inline constexpr float pio2_lo = 0x1.846988p-48f;
// Split of pio2_hi and pio2_mid into pieces with 12 significant bits or fewer,
// used where products must be exact without fma.
inline constexpr float pio2_hi_h = 0x1.92p+0f;
inline constexpr float pio2_hi_l = 0x1.fb4p-12f;
inline constexpr float pio2_mid_h = 0x1.444p-24f;
inline constexpr float pio2_mid_l = 0x1.68p-39f;

// Kernel polynomial coefficients (minimax on [-pi/4, pi/4]).
inline constexpr float sin_c3 = -0x1.983304p-13f;
inline constexpr float sin_c2 = 0x1.110388p-7f;
inline constexpr float sin_c1 = -0x1.55553ap-3f;
inline constexpr float cos_c4 = 0x1.aea668p-16f;
inline constexpr float cos_c3 = -0x1.6c9e76p-10f;
inline constexpr float cos_c2 = 0x1.5557eep-5f;
inline constexpr float cos_c1 = -0x1.000008p-1f;

// Arguments below this take the Cody-Waite path (`fcmp olt %x, 1.310720e+05`
// in __ocmlpriv_trigred_f32).
inline constexpr float small_reduction_limit = 0x1p17f;
// Biased-exponent offset of the word window in the Payne-Hanek path
// (`add nsw i32 %exp, -120`), and the exponent fields of hi (2^-1, i.e.
// 0x3f000000 = 1056964608) and lo (2^-25, 0x33000000 = 855638016) before
// the leading-zero adjustment.
inline constexpr std::uint32_t large_exponent_offset = 120u;
inline constexpr std::uint32_t hi_exponent_field = 0x3f000000u;
inline constexpr std::uint32_t lo_exponent_field = 0x33000000u;

struct reduced {
  float r;        // reduced argument
  unsigned quad;  // quadrant, 0..3
};

// In finite-only builds infinities and NaNs are reduced too (they fail the
// `< 2^17` test and take the large path, which reads only their bits); the
// integer code of the large path is defined for every bit pattern.

// Shortcut threshold (not a vendor constant). Below it the bitcode's
// operations are known to give r = a (reduction, q = 0) and sin(r) = r,
// cos(r) = 1 (kernel): every correction term is far below half an ulp. On x86
// those operations would underflow into subnormals, which costs a microcode
// assist of ~100 cycles each, so tiny arguments (a quarter of all floats)
// return directly. Why the results are the same, operation by operation:
//  * reduction, a < 2^-20: q = rint(a*2/pi) = +0, every product with q is a
//    zero and every sum adds a zero to a, so r = a (flushed under DAZ: the
//    first operation on a flushes it);
//  * kernel, 0 < |r| < 2^-20: r^2 < 2^-40, so |r^3 * p| < 2^-41 |r|, far
//    below a quarter ulp of r whichever way it is rounded or flushed, and
//    1 + r^2 * p rounds to 1. r = +-0 is left to the full evaluation.
// The committed digests of the bitcode check this on all 2^32 inputs of every
// configuration (tests/heavy/vendor_digest_full_test.cpp; in CI, all inputs of
// ocml and ocml-daz and 1/16 of the others: tests/exhaustive/).
inline constexpr float tiny_argument = 0x1p-20f;

template <config C>
BITEXACT_INLINE reduced trig_reduce_small(float a) {
  using namespace amdgcn;
  constexpr bool ftz = C.daz;
  constexpr bool fused = fmuladd_fused(C);
  if (a < tiny_argument) return {flush<ftz>(a), 0u};
  const float q = rint<ftz>(mul<ftz>(a, two_over_pi_f));
  float r;
  if constexpr (has_fast_fma_path(C)) {
    r = fma<ftz>(q, neg(pio2_hi), a);
    r = fma<ftz>(q, neg(pio2_mid), r);
    r = fma<ftz>(q, neg(pio2_lo), r);
  } else {
    // q = qh + ql with qh holding q's leading 12 significand bits.
    const float qh = split_head(q);
    const float ql = sub<ftz>(q, qh);
    // Stage 1: r1 = a - q*pio2_hi, the product exact from the split pieces.
    const float r1 = sub_split_product<ftz, fused>(a, mul<ftz>(q, pio2_hi), qh, ql, pio2_hi_h, pio2_hi_l);
    // Stage 2: the same with pio2_mid.
    const float r2 = sub_split_product<ftz, fused>(r1, mul<ftz>(q, pio2_mid), qh, ql, pio2_mid_h, pio2_mid_l);
    // Stage 3: the last piece, one (possibly fused) multiply-add.
    r = fmuladd<ftz, fused>(neg(pio2_lo), q, r2);
  }
  return {r, unsigned(cvt_i32(q)) & 3u};
}

template <config C>
BITEXACT_INLINE reduced trig_reduce_large(float a) {
  using namespace amdgcn;
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  constexpr bool ftz = C.daz;
  constexpr bool fused = fmuladd_fused(C);

  const u32 abits = bits_of(a);
  const u64 sig = (abits & 0x007fffffu) | 0x00800000u;

  // 2/pi in 32-bit words, least significant first: 0.a2f9836e 4e441529 fc2757d1
  // f534ddc0 db629599 3c439041 fe5163ab (the first 224 fraction bits). A local
  // array, not a namespace-scope one: nvcc lets device code read only the
  // latter's scalars (the loop below is unrolled; the words become immediates).
  constexpr std::uint32_t two_over_pi_words[7] = {0xfe5163abu, 0x3c439041u, 0xdb629599u, 0xf534ddc0u,
                                                  0xfc2757d1u, 0x4e441529u, 0xa2f9836eu};
  // p[0..7]: the 256-bit product sig * (2/pi window), least significant first.
  u32 p[8];
  u64 carry = 0;
  for (int i = 0; i < 7; ++i) {
    const u64 t = sig * two_over_pi_words[i] + carry;
    p[i] = u32(t);
    carry = t >> 32;
  }
  p[7] = u32(carry);

  // Select the words aligned with the binary point: the exponent decides how
  // many whole words (0..3) to drop from the top, then a bit shift.
  u32 sh = (abits >> 23) - large_exponent_offset;  // as an unsigned word
  u32 w0 = p[7], w1 = p[6], w2 = p[5], w3 = p[4], w4 = p[3], w5 = p[2];
  if (sh > 63u) {  // drop two words
    w0 = p[5];
    w1 = p[4];
    w2 = p[3];
    w3 = p[2];
    w4 = p[1];
    w5 = p[0];
    sh -= 64u;
  }
  if (sh > 31u) {  // drop one word
    w0 = w1;
    w1 = w2;
    w2 = w3;
    w3 = w4;
    w4 = w5;
    sh -= 32u;
  }
  if (sh > 31u) {  // and one more
    w0 = w1;
    w1 = w2;
    w2 = w3;
    w3 = w4;
    sh -= 32u;
  }
  u32 f0 = w0, f1 = w1, f2 = w2;
  if (sh != 0) {
    f0 = fshr(w0, w1, 32u - sh);
    f1 = fshr(w1, w2, 32u - sh);
    f2 = fshr(w2, w3, 32u - sh);
  }
  // f0's top two bits are the integer part (mod 4); bit 29 says the fraction
  // is >= 1/2, in which case the one's complement of the fraction is used
  // (f - 1, negative) and the quadrant is rounded up. Note the bitcode feeds
  // the unshifted word w3 into the lowest 2 bits here.
  const u32 top3 = f0 >> 29;
  const u32 half_bit = top3 & 1u;
  const u32 flip = 0u - half_bit;
  const u32 sign = top3 << 31;
  const u32 g0 = fshl(f0, f1, 2) ^ flip;
  const u32 g1 = fshl(f1, f2, 2) ^ flip;
  const u32 g2 = fshl(f2, w3, 2) ^ flip;

  // hi: normalise g0:g1 (the leading one becomes implicit), truncate to 23 bits.
  const u32 lz0 = ctlz(g0);
  const u32 m0 = fshr(g0, g1, 31u - lz0);
  const u32 m1 = fshr(g1, g2, 31u - lz0);
  const u32 hi_bits = ((hi_exponent_field - lz0 * 0x00800000u) | sign) | (m0 >> 9);
  // lo: the next bits, normalised the same way (again with the bitcode's
  // choice of m1 as the low word of the funnel shift).
  const u32 n0 = fshl(m0, m1, 23);
  const u32 lz1 = ctlz(n0);
  const u32 n1 = fshr(n0, m1, 31u - lz1);
  const u32 lo_bits = ((lo_exponent_field - (lz1 + lz0) * 0x00800000u) | sign) | (n1 >> 9);
  const float hi = float_of(hi_bits);
  const float lo = float_of(lo_bits);

  // r = (hi + lo) * pi/2, to about 2^-48 relative.
  float p_hi, err;
  if constexpr (has_fast_fma_path(C)) {
    p_hi = mul<ftz>(hi, pio2_hi);
    err = fma<ftz>(hi, pio2_hi, neg(p_hi));
    err = fma<ftz>(hi, pio2_mid, err);
    err = fma<ftz>(lo, pio2_hi, err);
  } else {
    const float hh = split_head(hi);
    const float hl = sub<ftz>(hi, hh);
    p_hi = mul<ftz>(hi, pio2_hi);
    const float e = split_product_error<ftz, fused>(p_hi, hh, hl, pio2_hi_h, pio2_hi_l);
    const float m = mul<ftz>(hi, pio2_mid);
    const float u = fmuladd<ftz, fused>(lo, pio2_hi, m);
    err = add<ftz>(e, u);
  }
  const float r = add<ftz>(err, p_hi);
  const unsigned quad = ((f0 >> 30) + half_bit) & 3u;
  return {r, quad};
}

// The bitcode compares with an ordered `<`: NaNs take the large path.
template <config C>
BITEXACT_INLINE reduced trig_reduce(float a) {
  if (a < small_reduction_limit) return trig_reduce_small<C>(a);
  return trig_reduce_large<C>(a);
}

struct sincos_pair {
  float s;  // ~ sin(r)
  float c;  // ~ cos(r)
};

template <config C>
BITEXACT_INLINE sincos_pair sincos_kernel(float r) {
  using namespace amdgcn;
  constexpr bool ftz = C.daz;
  constexpr bool fused = fmuladd_fused(C);
  if (const float ar = fabs(r); ar < tiny_argument && ar > 0.0f) return {r, 1.0f};
  const float r2 = mul<ftz>(r, r);
  float ps = fmuladd<ftz, fused>(r2, sin_c3, sin_c2);
  ps = fmuladd<ftz, fused>(r2, ps, sin_c1);
  const float s = fmuladd<ftz, fused>(r, mul<ftz>(r2, ps), r);
  float pc = fmuladd<ftz, fused>(r2, cos_c4, cos_c3);
  pc = fmuladd<ftz, fused>(r2, pc, cos_c2);
  pc = fmuladd<ftz, fused>(r2, pc, cos_c1);
  const float c = fmuladd<ftz, fused>(r2, pc, 1.0f);
  return {s, c};
}

}  // namespace bitexact::ocml::detail
