// bitexact/nv/trig_batch.hpp — the span forms of __nv_sinf / __nv_cosf
// (bitexact/nv/batch.hpp): eight lanes at a time with AVX2 and FMA where the
// CPU has them, chosen at run time (bitexact/dispatch.hpp), else the scalar
// function in a loop. Host only. Internal to bitexact/nv/batch.hpp.
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
// (trig_payne_hanek8: 64-bit lanes for the 32x32 -> 64-bit products).
#pragma once

#include "bitexact/config.hpp"


#include <cstddef>
#include <cstdint>
#include <span>

#include "bitexact/batch.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/trig_reduction.hpp"

#if BITEXACT_X86_DISPATCH
#include <immintrin.h>
#endif

namespace bitexact::nv::detail {

#if BITEXACT_X86_DISPATCH

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
  const __m512i sel = _mm512_srli_epi64(e, 5);  // 3 - (idx - 1)
  const __mmask8 b0 = _mm512_testn_epi64_mask(sel, _mm512_set1_epi64(1));  // bit 0 of idx - 1
  const __mmask8 b1 = _mm512_testn_epi64_mask(sel, _mm512_set1_epi64(2));  // bit 1 of idx - 1
  __m512i n[6];  // n[k] = w[k + b0], k = 1..5
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

// The AVX-512 form: as trig_span_avx2, with the Payne-Hanek lanes reduced in
// vector code too (exhaustive sweeps: 44% of all floats); Inf and NaN lanes
// get the canonical NaN, as trig_large_body gives them.
template <mode M>
BITEXACT_TARGET_AVX512 __attribute__((always_inline)) inline void trig_step8_avx512(const float* in, float* out,
                                                                                   __m256i offset) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  const __m256i mag = _mm256_and_si256(_mm256_castps_si256(_mm256_loadu_ps(in)), abs_mask);
  const __m256 x_in = _mm256_loadu_ps(in);
  const __mmask8 slow = _mm256_cmpgt_epi32_mask(mag, _mm256_set1_epi32(std::int32_t(trig_slow_threshold_bits - 1)));
  __m256 r;
  __m256i q;
  trig_cody_waite8<M>(x_in, offset, r, q);
  if (slow == 0) [[likely]] {  // as trig_span_avx2
    _mm256_storeu_ps(out, trig_poly8<M>(r, q));
    return;
  }
  __m256 r_ph;
  __m256i q_ph;
  trig_payne_hanek8(x_in, r_ph, q_ph);
  r = _mm256_mask_blend_ps(slow, r, r_ph);
  q = _mm256_mask_blend_epi32(slow, q, _mm256_add_epi32(q_ph, offset));
  const __m256 res = trig_poly8<M>(r, q);
  const __m256 canonical = _mm256_castsi256_ps(_mm256_set1_epi32(std::int32_t(ptx::canonical_nan_f32)));
  _mm256_storeu_ps(out, _mm256_mask_blend_ps(_mm256_cmpgt_epi32_mask(mag, _mm256_set1_epi32(0x7f7fffff)), res,
                                             canonical));
}

// The AVX-512 form: as trig_span_avx2, with the Payne-Hanek lanes reduced in
// vector code too (exhaustive sweeps: 44% of all floats); Inf and NaN lanes
// get the canonical NaN, as trig_large_body gives them. Where both halves of
// sixteen inputs need the Payne-Hanek reduction (random bit patterns, the
// large binades of a sweep), the two halves' reductions and polynomials are
// written side by side: independent chains the CPU overlaps, where one half
// alone waits on its own chain's latency. Each lane's operations are those
// of trig_step8_avx512 either way.
template <mode M>
BITEXACT_TARGET_AVX512 inline void trig_span_avx512(const float* in, float* out, std::size_t n,
                                                    std::int32_t quadrant_offset) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  const __m256i slow_from = _mm256_set1_epi32(std::int32_t(trig_slow_threshold_bits - 1));
  const __m256i inf_from = _mm256_set1_epi32(0x7f7fffff);
  const __m256i offset = _mm256_set1_epi32(quadrant_offset);
  const __m256 canonical = _mm256_castsi256_ps(_mm256_set1_epi32(std::int32_t(ptx::canonical_nan_f32)));
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m256 x0 = _mm256_loadu_ps(in + i), x1 = _mm256_loadu_ps(in + i + 8);
    const __m256i m0 = _mm256_and_si256(_mm256_castps_si256(x0), abs_mask);
    const __m256i m1 = _mm256_and_si256(_mm256_castps_si256(x1), abs_mask);
    const __mmask8 slow0 = _mm256_cmpgt_epi32_mask(m0, slow_from), slow1 = _mm256_cmpgt_epi32_mask(m1, slow_from);
    __m256 r0, r1, p0, p1;
    __m256i q0, q1, k0, k1;
    if ((slow0 | slow1) == 0) [[likely]] {  // the Cody-Waite range (trig_step8_avx512's fast path, twice)
      trig_cody_waite8<M>(x0, offset, r0, q0);
      trig_cody_waite8<M>(x1, offset, r1, q1);
      const __m256 res0 = trig_poly8<M>(r0, q0), res1 = trig_poly8<M>(r1, q1);
      _mm256_storeu_ps(out + i, res0);
      _mm256_storeu_ps(out + i + 8, res1);
      continue;
    }
    if (slow0 == 0 || slow1 == 0) {
      trig_step8_avx512<M>(in + i, out + i, offset);
      trig_step8_avx512<M>(in + i + 8, out + i + 8, offset);
      continue;
    }
    trig_cody_waite8<M>(x0, offset, r0, q0);
    trig_cody_waite8<M>(x1, offset, r1, q1);
    trig_payne_hanek8(x0, p0, k0);
    trig_payne_hanek8(x1, p1, k1);
    r0 = _mm256_mask_blend_ps(slow0, r0, p0);
    r1 = _mm256_mask_blend_ps(slow1, r1, p1);
    q0 = _mm256_mask_blend_epi32(slow0, q0, _mm256_add_epi32(k0, offset));
    q1 = _mm256_mask_blend_epi32(slow1, q1, _mm256_add_epi32(k1, offset));
    const __m256 res0 = trig_poly8<M>(r0, q0), res1 = trig_poly8<M>(r1, q1);
    // (Stores after every load of in + i..i+15: out may alias in.)
    _mm256_storeu_ps(out + i, _mm256_mask_blend_ps(_mm256_cmpgt_epi32_mask(m0, inf_from), res0, canonical));
    _mm256_storeu_ps(out + i + 8, _mm256_mask_blend_ps(_mm256_cmpgt_epi32_mask(m1, inf_from), res1, canonical));
  }
  for (; i + 8 <= n; i += 8) trig_step8_avx512<M>(in + i, out + i, offset);
  for (; i < n; ++i) out[i] = trig_eval_here<M>(in[i], quadrant_offset);
}

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

