// bitexact/nv/trig_batch.hpp — the span forms of __nv_sinf / __nv_cosf
// (bitexact/nv/nv_span.hpp): eight lanes at a time with AVX2 and FMA where the
// CPU has them, chosen at run time (bitexact/dispatch.hpp), else the scalar
// function in a loop. Host only. Internal to bitexact/nv/nv_span.hpp.
//
// The AVX2 kernel performs, lane by lane, exactly the IEEE binary32
// operations of the scalar fast path (trig_reduction.hpp: Cody-Waite
// reduction, then trig_poly_tables), so every lane's bits are the scalar
// function's:
//  * the quadrant tables become per-lane selects (bitwise blends, exact);
//  * the .ftz flushes are the same predicate (|v| < 2^-126: magnitude cleared),
//    computed on the integer bits;
//  * products are pinned (vopaque) before they feed an addition, so a caller's
//    -ffp-contract=fast cannot fuse them; the fmas are the fma instruction.
// Lanes the fast path does not cover (|x| >= 105615, Inf, NaN) are computed
// for nothing by the vector code and then overwritten, before the store, by
// the scalar slow path (trig_large_body) on the saved inputs: so the kernel
// is correct in place. On CPUs with AVX-512 (dispatch::level::avx512) the
// Payne-Hanek reduction of those lanes is vector code as well
// (trig_payne_hanek8: 64-bit lanes for the 32x32 -> 64-bit products), run
// only on the slow lanes, gathered per block (trig_span_avx512), and tiny
// inputs take their known result (trig_tiny8).
#pragma once

#include "bitexact/config.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

#include "bitexact/span_api.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/trig_reduction.hpp"

#if BITEXACT_X86_DISPATCH
#include <immintrin.h>
#endif

namespace bitexact::nv::detail {

#if BITEXACT_X86_DISPATCH
#if defined(__GNUC__) && !defined(__clang__)
// GCC 12 warns that the `undefined` vectors its own AVX-512 intrinsics start
// from may be used uninitialised (they are not: every lane is written).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

// A vector the optimiser cannot look into (bitexact::opaque for 8 lanes).
BITEXACT_TARGET_AVX2 inline __m256 trig_vopaque(__m256 v) {
  __asm__("" : "+x"(v));
  return v;
}
// a where mask lanes are clear, b where set (mask lanes all-ones or zero).
BITEXACT_TARGET_AVX2 inline __m256 trig_vselect(__m256i mask, __m256 a, __m256 b) {
  return _mm256_blendv_ps(a, b, _mm256_castsi256_ps(mask));
}
// ptx::flush<M>: a lane with |v| < 2^-126 (a subnormal or zero) becomes a
// zero of its sign.
template <mode M>
BITEXACT_TARGET_AVX2 inline __m256 trig_vflush(__m256 v) {
  if constexpr (M == mode::ftz) {
    const __m256i bits = _mm256_castps_si256(v);
    const __m256i mag = _mm256_and_si256(bits, _mm256_set1_epi32(0x7fffffff));
    const __m256i tiny = _mm256_cmpgt_epi32(_mm256_set1_epi32(0x00800000), mag);
    return _mm256_castsi256_ps(_mm256_andnot_si256(_mm256_and_si256(tiny, mag), bits));
  } else {
    return v;
  }
}

// trig_reduce_cody_waite<M>(trig_flush<M>(x)) on 8 lanes: r, and q plus the
// quadrant offset (garbage in lanes with |x| >= 105615, Inf or NaN).
template <mode M>
BITEXACT_TARGET_AVX2 __attribute__((always_inline)) inline void trig_cody_waite8(__m256 x_in, __m256i offset, __m256& r,
                                                                              __m256i& q) {
  const __m256 x = trig_vflush<M>(x_in);
  const __m256 y = trig_vopaque(_mm256_mul_ps(x, _mm256_set1_ps(trig_two_over_pi)));
  const __m256 shift = _mm256_set1_ps(trig_rint_shift);
  const __m256 kf = _mm256_sub_ps(_mm256_add_ps(y, shift), shift);
  r = _mm256_fmadd_ps(kf, _mm256_set1_ps(trig_minus_pio2_hi), x);
  r = _mm256_fmadd_ps(kf, _mm256_set1_ps(trig_minus_pio2_mid), r);
  r = _mm256_fmadd_ps(kf, _mm256_set1_ps(trig_minus_pio2_lo), r);
  // kf is an integer below 2^22 in magnitude (garbage only in slow lanes).
  q = _mm256_add_epi32(_mm256_cvttps_epi32(kf), offset);
}

// trig_poly_tables<M>(r, q) on 8 lanes.
template <mode M>
BITEXACT_TARGET_AVX2 __attribute__((always_inline)) inline __m256 trig_poly8(__m256 r, __m256i q) {
  // The two rows of trig_poly_table and trig_poly_sign_table, as broadcasts.
  const trig_poly_parity& ev = trig_poly_table[0];
  const trig_poly_parity& od = trig_poly_table[1];
  const trig_poly_sign& pos = trig_poly_sign_table[0];
  const trig_poly_sign& neg = trig_poly_sign_table[1];
  const __m256i one_i = _mm256_set1_epi32(1), two_i = _mm256_set1_epi32(2);
  const __m256i odd = _mm256_cmpeq_epi32(_mm256_and_si256(q, one_i), one_i);
  const __m256i flip = _mm256_cmpeq_epi32(_mm256_and_si256(q, two_i), two_i);
  const __m256 s = trig_vflush<M>(trig_vopaque(_mm256_mul_ps(r, r)));
  const __m256 m = _mm256_fmadd_ps(r, trig_vselect(odd, _mm256_set1_ps(ev.m_mul), _mm256_set1_ps(od.m_mul)),
                                   trig_vselect(odd, _mm256_set1_ps(ev.m_add), _mm256_set1_ps(od.m_add)));
  __m256 p = _mm256_fmadd_ps(trig_vselect(odd, _mm256_set1_ps(ev.p0_mul), _mm256_set1_ps(od.p0_mul)), s,
                             trig_vselect(odd, _mm256_set1_ps(ev.p0_add), _mm256_set1_ps(od.p0_add)));
  p = _mm256_fmadd_ps(p, s, trig_vselect(odd, _mm256_set1_ps(ev.c_mid), _mm256_set1_ps(od.c_mid)));
  p = _mm256_fmadd_ps(p, s, trig_vselect(odd, _mm256_set1_ps(ev.c_last), _mm256_set1_ps(od.c_last)));
  const __m256 u = trig_vflush<M>(_mm256_fmadd_ps(s, m, _mm256_setzero_ps()));
  const __m256 z = _mm256_fmadd_ps(p, u, m);
  return _mm256_fmadd_ps(z, trig_vselect(flip, _mm256_set1_ps(pos.mul), _mm256_set1_ps(neg.mul)),
                         trig_vselect(flip, _mm256_set1_ps(pos.add), _mm256_set1_ps(neg.add)));
}

// out[i] = sin (quadrant_offset 0) or cos (1) of in[i], 8 lanes a step; the
// lanes with |x| >= 105615 (rare outside exhaustive sweeps) by the scalar code.
template <mode M>
BITEXACT_TARGET_AVX2 inline void trig_span_avx2(const float* in, float* out, std::size_t n,
                                                std::int32_t quadrant_offset) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  const __m256i slow_from = _mm256_set1_epi32(std::int32_t(trig_slow_threshold_bits - 1));
  const __m256i offset = _mm256_set1_epi32(quadrant_offset);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 x_in = _mm256_loadu_ps(in + i);
    const __m256i mag = _mm256_and_si256(_mm256_castps_si256(x_in), abs_mask);
    const int slow = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(mag, slow_from)));
    __m256 r;
    __m256i q;
    trig_cody_waite8<M>(x_in, offset, r, q);
    const __m256 res = trig_poly8<M>(r, q);
    if (slow == 0) [[likely]] {
      _mm256_storeu_ps(out + i, res);
    } else {
      alignas(32) float xs[8], rs[8];
      _mm256_store_ps(xs, x_in);
      _mm256_store_ps(rs, res);
      for (int j = 0; j < 8; ++j)
        if ((slow >> j) & 1) rs[j] = trig_large_body<M>(xs[j], quadrant_offset);
      _mm256_storeu_ps(out + i, _mm256_load_ps(rs));
    }
  }
  for (; i < n; ++i) out[i] = trig_eval_here<M>(in[i], quadrant_offset);
}

// trig_reduce_payne_hanek on 8 lanes (finite |x| >= 105615; garbage in
// others), in 64-bit lanes: the same 32x32 -> 64-bit multiply-adds with the
// same carries, the words chosen by masks instead of indexing, the same
// shifts (a variable shift by 32 or more gives 0, as the scalar 64-bit
// shifts do for shift = 0), then the same RN conversions i64 -> f64 -> f32.
BITEXACT_TARGET_AVX512 __attribute__((always_inline)) inline void trig_payne_hanek8(__m256 x, __m256& r,
                                                                                   __m256i& q) {
  const __m512i ix = _mm512_cvtepu32_epi64(_mm256_castps_si256(x));
  const __m512i low32 = _mm512_set1_epi64(0xffffffffll);
  const __m512i sign = _mm512_and_si512(ix, _mm512_set1_epi64(0x80000000ll));
  const __m512i e = _mm512_sub_epi64(_mm512_and_si512(_mm512_srli_epi64(ix, 23), _mm512_set1_epi64(0xff)),
                                     _mm512_set1_epi64(128));
  const __m512i m = _mm512_and_si512(_mm512_or_si512(_mm512_slli_epi64(ix, 8), _mm512_set1_epi64(0x80000000ll)), low32);
  const std::uint32_t table[6] = {trig_i2opi0, trig_i2opi1, trig_i2opi2, trig_i2opi3, trig_i2opi4, trig_i2opi5};
  __m512i w[7];
  __m512i carry = _mm512_setzero_si512();
  // w[k]: the word in its low 32 bits (the high half is masked off after the
  // selection below, or shifted out).
  for (int k = 0; k < 6; ++k) {
    w[k] = _mm512_add_epi64(_mm512_mul_epu32(_mm512_set1_epi64(table[k]), m), carry);
    carry = _mm512_srli_epi64(w[k], 32);
  }
  w[6] = carry;
  // idx = 4 - (e >> 5), 1..4: w[idx], w[idx + 1], w[idx + 2], chosen by the
  // two bits of idx - 1 = 3 - (e >> 5): first between neighbours (bit 0),
  // then between pairs two apart (bit 1).
  const __m512i sel = _mm512_srli_epi64(e, 5);                             // 3 - (idx - 1)
  const __mmask8 b0 = _mm512_testn_epi64_mask(sel, _mm512_set1_epi64(1));  // bit 0 of idx - 1
  const __mmask8 b1 = _mm512_testn_epi64_mask(sel, _mm512_set1_epi64(2));  // bit 1 of idx - 1
  __m512i n[6];                                                            // n[k] = w[k + b0], k = 1..5
  for (int k = 1; k <= 5; ++k) n[k] = _mm512_mask_mov_epi64(w[k], b0, w[k + 1]);
  const __m512i w0 = _mm512_mask_mov_epi64(n[1], b1, n[3]);
  __m512i w1 = _mm512_mask_mov_epi64(n[2], b1, n[4]);
  const __m512i w2 = _mm512_mask_mov_epi64(n[3], b1, n[5]);
  const __m512i w0l = _mm512_and_si512(w0, low32);
  w1 = _mm512_and_si512(w1, low32);
  const __m512i shift = _mm512_and_si512(e, _mm512_set1_epi64(31));
  const __m512i top = _mm512_or_si512(_mm512_slli_epi64(w2, 32), w1);
  const __m512i v = _mm512_or_si512(_mm512_sllv_epi64(top, shift),
                                    _mm512_srlv_epi64(w0l, _mm512_sub_epi64(_mm512_set1_epi64(32), shift)));
  __m512i qq = _mm512_srli_epi64(v, 62);
  __m512i f = _mm512_slli_epi64(v, 2);
  const __m512i round_up = _mm512_srli_epi64(f, 63);
  qq = _mm512_add_epi64(qq, round_up);
  const __m512i sign_mask = _mm512_sub_epi64(_mm512_setzero_si512(), _mm512_srli_epi64(sign, 31));
  qq = _mm512_sub_epi64(_mm512_xor_si512(qq, sign_mask), sign_mask);
  f = _mm512_xor_si512(f, _mm512_sub_epi64(_mm512_setzero_si512(), round_up));
  const __m512i rsign = _mm512_xor_si512(sign, _mm512_slli_epi64(round_up, 31));
  const __m512d fd = _mm512_cvt_roundepi64_pd(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  const __m512d rd = _mm512_mul_pd(fd, _mm512_set1_pd(trig_pio2_scaled));
  const __m256 r0 = _mm512_cvt_roundpd_ps(rd, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  r = _mm256_castsi256_ps(_mm256_xor_si256(_mm256_castps_si256(r0), _mm512_cvtepi64_epi32(rsign)));
  q = _mm512_cvtepi64_epi32(qq);
}

// trig_span_avx512's block state: the steps kept for pass 3 (their offset in
// the block, slow and Inf/NaN lanes, Cody-Waite r and q) and the slow lanes'
// inputs, compressed in order.
struct trig_block {
  static constexpr std::size_t size = 512;
  alignas(64) float r_keep[size];
  alignas(64) std::int32_t q_keep[size];
  alignas(64) float ph_x[size + 16];
  alignas(64) float x_keep[size];  // the inputs of kept steps with tiny lanes
  std::uint16_t kept[size / 8];
  __mmask8 kept_slow[size / 8], kept_nan[size / 8], kept_tiny[size / 8];
  std::size_t nk, np;
};
// Tiny inputs, |x| < 2^-32: sin x is x (its FTZ flush in the FTZ build) and
// cos x is 1, which is what the operations give (the polynomial's correction
// is below 2^-60 of the result; checked on all 2^32 inputs against the H100,
// vectors/nv/digests.json), so the span sets them directly instead of
// computing with their subnormal squares (slow on Intel cores).
inline constexpr std::int32_t trig_tiny_bits = 0x2f800000;  // 2^-32
template <mode M>
BITEXACT_TARGET_AVX512 __attribute__((always_inline)) inline __m256 trig_tiny8(__m256 x, std::int32_t quadrant_offset) {
  return quadrant_offset == 0 ? trig_vflush<M>(x) : _mm256_set1_ps(1.0f);
}
BITEXACT_TARGET_AVX512 __attribute__((always_inline)) inline void trig_keep(trig_block& b, std::size_t s, __m256 x,
                                                                            __m256i mag, __mmask8 slow, __mmask8 tiny,
                                                                            __m256 r, __m256i q) {
  if (tiny) _mm256_store_ps(b.x_keep + s, x);
  b.kept_tiny[b.nk] = tiny;
  _mm256_store_ps(b.r_keep + s, r);
  _mm256_store_si256(reinterpret_cast<__m256i*>(b.q_keep + s), q);
  // (compress in a register, then a plain store: the memory form is slow on some CPUs)
  _mm256_storeu_ps(b.ph_x + b.np, _mm256_maskz_compress_ps(slow, x));
  b.np += unsigned(__builtin_popcount(slow));
  b.kept[b.nk] = std::uint16_t(s);
  b.kept_slow[b.nk] = slow;
  b.kept_nan[b.nk++] = _mm256_cmpgt_epi32_mask(mag, _mm256_set1_epi32(0x7f7fffff));
}

// y, with trig_tiny8's result in the tiny lanes (Tiny: there are some).
template <mode M, bool Tiny>
BITEXACT_TARGET_AVX512 __attribute__((always_inline)) inline __m256 trig_finish(__m256 y, __m256 x, __mmask8 tiny,
                                                                               std::int32_t quadrant_offset) {
  if constexpr (Tiny)
    return _mm256_mask_blend_ps(tiny, y, trig_tiny8<M>(x, quadrant_offset));
  else
    return y;
}

// trig_span_avx512's pass 1 on sixteen inputs (two steps of eight): finished
// where no lane is slow, else kept. Tiny: whether some lanes are tiny (they
// then compute on 1, any ordinary input, and take trig_tiny8's result); the
// form without costs nothing for them.
template <mode M, bool Tiny>
BITEXACT_TARGET_AVX512 __attribute__((always_inline)) inline void trig_pass1_step16(
    trig_block& b, float* bout, std::size_t s, __m256 x0, __m256 x1, __m256i m0, __m256i m1, __mmask8 slow0,
    __mmask8 slow1, __mmask8 tiny0, __mmask8 tiny1, __m256i offset, std::int32_t quadrant_offset) {
  __m256 c0 = x0, c1 = x1;
  if constexpr (Tiny) {
    c0 = _mm256_mask_blend_ps(tiny0, x0, _mm256_set1_ps(1.0f));
    c1 = _mm256_mask_blend_ps(tiny1, x1, _mm256_set1_ps(1.0f));
  }
  __m256 r0, r1;
  __m256i q0, q1;
  trig_cody_waite8<M>(c0, offset, r0, q0);
  trig_cody_waite8<M>(c1, offset, r1, q1);
  if ((slow0 | slow1) == 0) [[likely]] {
    const __m256 y0 = trig_poly8<M>(r0, q0), y1 = trig_poly8<M>(r1, q1);
    _mm256_storeu_ps(bout + s, trig_finish<M, Tiny>(y0, x0, tiny0, quadrant_offset));
    _mm256_storeu_ps(bout + s + 8, trig_finish<M, Tiny>(y1, x1, tiny1, quadrant_offset));
    return;
  }
  if (slow0 == 0)
    _mm256_storeu_ps(bout + s, trig_finish<M, Tiny>(trig_poly8<M>(r0, q0), x0, tiny0, quadrant_offset));
  else
    trig_keep(b, s, x0, m0, slow0, tiny0, r0, q0);
  if (slow1 == 0)
    _mm256_storeu_ps(bout + s + 8, trig_finish<M, Tiny>(trig_poly8<M>(r1, q1), x1, tiny1, quadrant_offset));
  else
    trig_keep(b, s + 8, x1, m1, slow1, tiny1, r1, q1);
}

// The AVX-512 form: as trig_span_avx2, with the Payne-Hanek lanes reduced in
// vector code too (exhaustive sweeps: 44% of all floats; random bit patterns:
// about half). Blocks of up to 512 inputs in three passes:
//  1. every step of eight: the Cody-Waite reduction; a step without slow
//     lanes (|x| >= 105615, Inf, NaN) is finished at once (polynomial,
//     store); otherwise its r and q are kept and its slow lanes' inputs are
//     compressed, in order, into one dense array;
//  2. the Payne-Hanek reduction of that array, eight lanes each time (two
//     such chains side by side, which the CPU overlaps), so no lane is
//     reduced for nothing;
//  3. each kept step: its slow lanes' r and q expanded back from the dense
//     results (same order), the polynomial, Inf/NaN lanes set to the
//     canonical NaN (as trig_large_body gives them), the store.
// Each lane performs exactly the operations of the scalar path it would take
// (trig_reduce_cody_waite or trig_reduce_payne_hanek, then trig_poly_tables),
// so its bits are the scalar function's; tiny lanes (|x| < 2^-32) take the
// result those operations give, directly (trig_tiny8). Every input of a
// block is read in pass 1 before pass 3 stores: `out` may alias `in`.
template <mode M>
BITEXACT_TARGET_AVX512 inline void trig_span_avx512(const float* in, float* out, std::size_t n,
                                                    std::int32_t quadrant_offset) {
  constexpr std::size_t block = trig_block::size;
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  const __m256i slow_from = _mm256_set1_epi32(std::int32_t(trig_slow_threshold_bits - 1));
  const __m256i offset = _mm256_set1_epi32(quadrant_offset);
  const __m256 canonical = _mm256_castsi256_ps(_mm256_set1_epi32(std::int32_t(ptx::canonical_nan_f32)));
  const __m256i tiny_to = _mm256_set1_epi32(trig_tiny_bits);
  const __m256 one = _mm256_set1_ps(1.0f);
  trig_block b;
  alignas(64) float ph_r[trig_block::size + 16];
  alignas(64) std::int32_t ph_q[trig_block::size + 16];
  std::size_t i = 0;
  while (i + 8 <= n) {
    const std::size_t len = std::min(block, (n - i) / 8 * 8);
    const float* bin = in + i;
    float* bout = out + i;
    b.nk = b.np = 0;
    std::size_t s = 0;
    for (; s + 16 <= len; s += 16) {  // pass 1, sixteen inputs a step (two independent chains)
      const __m256 x0 = _mm256_loadu_ps(bin + s), x1 = _mm256_loadu_ps(bin + s + 8);
      const __m256i m0 = _mm256_and_si256(_mm256_castps_si256(x0), abs_mask);
      const __m256i m1 = _mm256_and_si256(_mm256_castps_si256(x1), abs_mask);
      const __mmask8 slow0 = _mm256_cmpgt_epi32_mask(m0, slow_from), slow1 = _mm256_cmpgt_epi32_mask(m1, slow_from);
      const __mmask8 tiny0 = _mm256_cmplt_epi32_mask(m0, tiny_to), tiny1 = _mm256_cmplt_epi32_mask(m1, tiny_to);
      if ((tiny0 | tiny1) == 0) [[likely]] {
        trig_pass1_step16<M, false>(b, bout, s, x0, x1, m0, m1, slow0, slow1, 0, 0, offset, quadrant_offset);
      } else if ((tiny0 & tiny1) == 0xff) {  // all sixteen tiny (37% of an exhaustive sweep)
        _mm256_storeu_ps(bout + s, trig_tiny8<M>(x0, quadrant_offset));
        _mm256_storeu_ps(bout + s + 8, trig_tiny8<M>(x1, quadrant_offset));
      } else {
        trig_pass1_step16<M, true>(b, bout, s, x0, x1, m0, m1, slow0, slow1, tiny0, tiny1, offset, quadrant_offset);
      }
    }
    if (s < len) {  // a last eight
      const __m256 x = _mm256_loadu_ps(bin + s);
      const __m256i mag = _mm256_and_si256(_mm256_castps_si256(x), abs_mask);
      const __mmask8 slow = _mm256_cmpgt_epi32_mask(mag, slow_from), tiny = _mm256_cmplt_epi32_mask(mag, tiny_to);
      __m256 r;
      __m256i q;
      trig_cody_waite8<M>(_mm256_mask_blend_ps(tiny, x, one), offset, r, q);
      if (slow == 0)
        _mm256_storeu_ps(bout + s, _mm256_mask_blend_ps(tiny, trig_poly8<M>(r, q), trig_tiny8<M>(x, quadrant_offset)));
      else
        trig_keep(b, s, x, mag, slow, tiny, r, q);
    }
    const std::size_t nk = b.nk, np = b.np;
    if (nk == 0) {
      i += len;
      continue;
    }
    for (std::size_t k = np; k < np + 16; ++k) b.ph_x[k] = 0x1p20f;  // padding lanes: any finite input
    std::size_t k = 0;
    for (; k + 8 < np; k += 16) {  // pass 2: two chains side by side
      __m256 r0, r1;
      __m256i q0, q1;
      trig_payne_hanek8(_mm256_load_ps(b.ph_x + k), r0, q0);
      trig_payne_hanek8(_mm256_load_ps(b.ph_x + k + 8), r1, q1);
      _mm256_store_ps(ph_r + k, r0);
      _mm256_store_ps(ph_r + k + 8, r1);
      _mm256_store_si256(reinterpret_cast<__m256i*>(ph_q + k), _mm256_add_epi32(q0, offset));
      _mm256_store_si256(reinterpret_cast<__m256i*>(ph_q + k + 8), _mm256_add_epi32(q1, offset));
    }
    for (; k < np; k += 8) {
      __m256 r0;
      __m256i q0;
      trig_payne_hanek8(_mm256_load_ps(b.ph_x + k), r0, q0);
      _mm256_store_ps(ph_r + k, r0);
      _mm256_store_si256(reinterpret_cast<__m256i*>(ph_q + k), _mm256_add_epi32(q0, offset));
    }
    std::size_t pos = 0;
    for (std::size_t t = 0; t < nk; ++t) {  // pass 3
      const std::size_t s = b.kept[t];
      const __mmask8 slow = b.kept_slow[t];
      const __m256 r = _mm256_mask_expand_ps(_mm256_load_ps(b.r_keep + s), slow, _mm256_loadu_ps(ph_r + pos));
      const __m256i q =
          _mm256_mask_expand_epi32(_mm256_load_si256(reinterpret_cast<const __m256i*>(b.q_keep + s)), slow,
                                   _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ph_q + pos)));
      pos += unsigned(__builtin_popcount(slow));
      __m256 y = _mm256_mask_blend_ps(b.kept_nan[t], trig_poly8<M>(r, q), canonical);
      if (const __mmask8 tiny = b.kept_tiny[t])
        y = _mm256_mask_blend_ps(tiny, y, trig_tiny8<M>(_mm256_load_ps(b.x_keep + s), quadrant_offset));
      _mm256_storeu_ps(bout + s, y);
    }
    i += len;
  }
  for (; i < n; ++i) out[i] = trig_eval_here<M>(in[i], quadrant_offset);
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif  // BITEXACT_X86_DISPATCH

template <mode M>
inline void trig_span(const char* fn, std::span<const float> in, std::span<float> out, std::int32_t quadrant_offset) {
  spans::check_size(fn, in.size(), out.size());
#if BITEXACT_X86_DISPATCH
  if (dispatch::at_least(dispatch::level::avx512)) {
    trig_span_avx512<M>(in.data(), out.data(), out.size(), quadrant_offset);
    return;
  }
  if (dispatch::at_least(dispatch::level::avx2_fma)) {
    trig_span_avx2<M>(in.data(), out.data(), out.size(), quadrant_offset);
    return;
  }
#endif
  spans::map<float>(in, out, [quadrant_offset](float x) { return trig_eval<M>(x, quadrant_offset); });
}

}  // namespace bitexact::nv::detail

