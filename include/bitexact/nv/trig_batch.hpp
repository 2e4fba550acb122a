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
// is correct in place.
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

// out[i] = sin (quadrant_offset 0) or cos (1) of in[i], 8 lanes a step.
template <mode M>
BITEXACT_TARGET_AVX2 inline void trig_span_avx2(const float* in, float* out, std::size_t n,
                                                std::int32_t quadrant_offset) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  const __m256i slow_from = _mm256_set1_epi32(std::int32_t(trig_slow_threshold_bits - 1));
  const __m256i one_i = _mm256_set1_epi32(1), two_i = _mm256_set1_epi32(2);
  const __m256i offset = _mm256_set1_epi32(quadrant_offset);
  // The two rows of trig_poly_table and trig_poly_sign_table, as broadcasts.
  const trig_poly_parity& ev = trig_poly_table[0];
  const trig_poly_parity& od = trig_poly_table[1];
  const trig_poly_sign& pos = trig_poly_sign_table[0];
  const trig_poly_sign& neg = trig_poly_sign_table[1];
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 x_in = _mm256_loadu_ps(in + i);
    const __m256i mag = _mm256_and_si256(_mm256_castps_si256(x_in), abs_mask);
    const int slow = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(mag, slow_from)));

    // trig_reduce_cody_waite<M>(trig_flush<M>(x))
    const __m256 x = trig_vflush<M>(x_in);
    const __m256 y = trig_vopaque(_mm256_mul_ps(x, _mm256_set1_ps(trig_two_over_pi)));
    const __m256 shift = _mm256_set1_ps(trig_rint_shift);
    const __m256 kf = _mm256_sub_ps(_mm256_add_ps(y, shift), shift);
    __m256 r = _mm256_fmadd_ps(kf, _mm256_set1_ps(trig_minus_pio2_hi), x);
    r = _mm256_fmadd_ps(kf, _mm256_set1_ps(trig_minus_pio2_mid), r);
    r = _mm256_fmadd_ps(kf, _mm256_set1_ps(trig_minus_pio2_lo), r);
    // kf is an integer below 2^22 in magnitude (garbage only in slow lanes).
    const __m256i q = _mm256_add_epi32(_mm256_cvttps_epi32(kf), offset);

    // trig_poly_tables<M>(r, q)
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
    const __m256 res = _mm256_fmadd_ps(z, trig_vselect(flip, _mm256_set1_ps(pos.mul), _mm256_set1_ps(neg.mul)),
                                       trig_vselect(flip, _mm256_set1_ps(pos.add), _mm256_set1_ps(neg.add)));
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

#endif  // BITEXACT_X86_DISPATCH

template <mode M>
inline void trig_span(const char* fn, std::span<const float> in, std::span<float> out, std::int32_t quadrant_offset) {
  spans::check_size(fn, in.size(), out.size());
#if BITEXACT_X86_DISPATCH
  if (dispatch::host_level() == dispatch::level::avx2_fma) {
    trig_span_avx2<M>(in.data(), out.data(), out.size(), quadrant_offset);
    return;
  }
#endif
  spans::map<float>(in, out, [quadrant_offset](float x) { return trig_eval<M>(x, quadrant_offset); });
}

}  // namespace bitexact::nv::detail

