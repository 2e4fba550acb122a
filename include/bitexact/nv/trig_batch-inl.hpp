// bitexact/nv/trig_batch-inl.hpp — the SIMD kernel of the span forms of
// __nv_sinf / __nv_cosf (bitexact/nv/trig_batch.hpp), compiled once per target
// of bitexact/simd/hwy.hpp (bitexact/simd/foreach.hpp includes this file; no
// include guard). N = the target's floats per vector (8 AVX2, 16 AVX-512, 4
// NEON, VL/32 SVE).
//
// Each lane performs exactly the IEEE binary32 operations of the scalar path
// it would take (trig_reduction.hpp: trig_reduce_cody_waite or
// trig_reduce_payne_hanek, then trig_poly_tables), so its bits are the scalar
// function's:
//  * the quadrant tables become per-lane selects (exact);
//  * the .ftz flushes are the same predicate (|v| < 2^-126: magnitude
//    cleared), computed on the integer bits;
//  * products that feed an addition are pinned (simd::mul), so a caller's
//    -ffp-contract=fast cannot fuse them; the fmas are MulAdd, fused on every
//    target of the layer;
//  * Payne-Hanek in 64-bit lanes: the same 32x32 -> 64-bit multiply-adds with
//    the same carries, the words chosen by masks instead of indexing, the same
//    shifts, then the same round-to-nearest conversions i64 -> f64 -> f32.
// Blocks of up to 512 inputs in three passes:
//  1. each vector: the Cody-Waite reduction; a vector without slow lanes
//     (|x| >= 105615, Inf, NaN) is finished at once (polynomial, store), and
//     so is one whose lanes are all slow (Payne-Hanek on its two halves);
//     otherwise its r, q and x are kept and its slow lanes' inputs and
//     positions are appended, in order, to dense arrays;
//  2. the Payne-Hanek reduction of the dense array, N/2 lanes a step, so no
//     lane is reduced for nothing; its r and q are written back to the kept
//     ones at their positions;
//  3. each kept vector: the polynomial, Inf/NaN lanes set to the canonical
//     NaN (as trig_large_body gives them), the store.
// Tiny lanes (|x| < 2^-32) take the result those operations give, directly
// (trig_tiny_bits). Every input of a block is read in pass 1 before pass 3
// stores, and a vector finished in pass 1 is stored after its own read: `out`
// may be `in`.

namespace bitexact::nv::detail::BITEXACT_SIMD_NS {

namespace hn = hwy::BITEXACT_SIMD_NS;
using simd::BITEXACT_SIMD_NS::mul;

// ptx::flush<M> on the lanes of v.
template <mode M, class V>
HWY_INLINE V trig_vflush(V v) {
  if constexpr (M == mode::ftz)
    return simd::BITEXACT_SIMD_NS::flush_subnormals(v);
  else
    return v;
}

// trig_reduce_cody_waite<M>(x) on N lanes: r, and q plus the quadrant offset
// (garbage in lanes with |x| >= 105615, Inf or NaN).
template <mode M, class VF, class VI>
HWY_INLINE void trig_cody_waite(VF x_in, VI offset, VF& r, VI& q) {
  const hn::DFromV<VF> d;
  const hn::RebindToSigned<decltype(d)> di;
  const VF x = trig_vflush<M>(x_in);
  const VF y = mul(x, hn::Set(d, trig_two_over_pi));
  const VF shift = hn::Set(d, trig_rint_shift);
  const VF kf = hn::Sub(hn::Add(y, shift), shift);
  r = hn::MulAdd(kf, hn::Set(d, trig_minus_pio2_hi), x);
  r = hn::MulAdd(kf, hn::Set(d, trig_minus_pio2_mid), r);
  r = hn::MulAdd(kf, hn::Set(d, trig_minus_pio2_lo), r);
  // kf is an integer below 2^22 in magnitude (garbage only in slow lanes).
  q = hn::Add(hn::ConvertTo(di, kf), offset);
}

// trig_poly_tables<M>(r, q) on N lanes.
template <mode M, class VF, class VI>
HWY_INLINE VF trig_poly(VF r, VI q) {
  const hn::DFromV<VF> d;
  const hn::RebindToSigned<decltype(d)> di;
  const trig_poly_parity& ev = trig_poly_table[0];
  const trig_poly_parity& od = trig_poly_table[1];
  const trig_poly_sign& pos = trig_poly_sign_table[0];
  const trig_poly_sign& neg = trig_poly_sign_table[1];
  const auto odd = hn::RebindMask(d, hn::Eq(hn::And(q, hn::Set(di, 1)), hn::Set(di, 1)));
  const auto flip = hn::RebindMask(d, hn::Eq(hn::And(q, hn::Set(di, 2)), hn::Set(di, 2)));
  const auto pick = [&](auto mask, float clear, float set) {
    return hn::IfThenElse(mask, hn::Set(d, set), hn::Set(d, clear));
  };
  const VF s = trig_vflush<M>(mul(r, r));
  const VF m = hn::MulAdd(r, pick(odd, ev.m_mul, od.m_mul), pick(odd, ev.m_add, od.m_add));
  VF p = hn::MulAdd(pick(odd, ev.p0_mul, od.p0_mul), s, pick(odd, ev.p0_add, od.p0_add));
  p = hn::MulAdd(p, s, pick(odd, ev.c_mid, od.c_mid));
  p = hn::MulAdd(p, s, pick(odd, ev.c_last, od.c_last));
  const VF u = trig_vflush<M>(hn::MulAdd(s, m, hn::Zero(d)));  // fma(s, m, 0): not s*m (signed zeros)
  const VF z = hn::MulAdd(p, u, m);
  return hn::MulAdd(z, pick(flip, pos.mul, neg.mul), pick(flip, pos.add, neg.add));
}

// The N/2-lane types of the Payne-Hanek reduction: 64-bit lanes, and one
// float or int32 per 64-bit lane (a half vector).
using ph_du = hn::ScalableTag<std::uint64_t>;
using ph_df = hn::Rebind<float, ph_du>;
using ph_di = hn::Rebind<std::int32_t, ph_du>;

// trig_reduce_payne_hanek on N/2 inputs (finite |x| >= 105615; garbage for
// others), in 64-bit lanes: r, and q + offset.
HWY_INLINE void trig_payne_hanek(hn::Vec<ph_df> x, hn::Vec<ph_df>& r, hn::Vec<ph_di>& q, std::int32_t offset) {
  const ph_du du;
  const hn::RebindToSigned<decltype(du)> di;
  const hn::RebindToFloat<decltype(du)> dd;
  const hn::Repartition<std::uint32_t, decltype(du)> du32;  // the 32-bit halves, for MulEven
  const ph_df dfh;                                          // one float per 64-bit lane
  const hn::Rebind<std::uint32_t, decltype(du)> duh;
  const ph_di dih;
  using VU = hn::Vec<decltype(du)>;
  const VU ix = hn::PromoteTo(du, hn::BitCast(duh, x));
  const VU low32 = hn::Set(du, 0xffffffffu);
  const VU sign = hn::And(ix, hn::Set(du, 0x80000000u));
  const VU e = hn::Sub(hn::And(hn::ShiftRight<23>(ix), hn::Set(du, 0xff)), hn::Set(du, 128));
  const auto m = hn::BitCast(du32, hn::And(hn::Or(hn::ShiftLeft<8>(ix), hn::Set(du, 0x80000000u)), low32));
  // w_k: the word in its low 32 bits (the high half is masked off after the
  // selection below, or shifted out). (Named, not an array: SVE vectors
  // cannot be array elements.)
  const auto mad = [&](std::uint32_t t, VU carry) {
    return hn::Add(hn::MulEven(hn::BitCast(du32, hn::Set(du, t)), m), carry);
  };
  const VU w0 = mad(trig_i2opi0, hn::Zero(du));
  const VU w1 = mad(trig_i2opi1, hn::ShiftRight<32>(w0));
  const VU w2 = mad(trig_i2opi2, hn::ShiftRight<32>(w1));
  const VU w3 = mad(trig_i2opi3, hn::ShiftRight<32>(w2));
  const VU w4 = mad(trig_i2opi4, hn::ShiftRight<32>(w3));
  const VU w5 = mad(trig_i2opi5, hn::ShiftRight<32>(w4));
  const VU w6 = hn::ShiftRight<32>(w5);
  // idx = 4 - (e >> 5), 1..4: w[idx], w[idx + 1], w[idx + 2], chosen by the
  // two bits of idx - 1 = 3 - (e >> 5): first between neighbours (bit 0),
  // then between pairs two apart (bit 1).
  const VU sel = hn::ShiftRight<5>(e);
  const auto b0 = hn::Eq(hn::And(sel, hn::Set(du, 1)), hn::Zero(du));
  const auto b1 = hn::Eq(hn::And(sel, hn::Set(du, 2)), hn::Zero(du));
  // n_k = w[k + bit 0], k = 1..5
  const VU n1 = hn::IfThenElse(b0, w2, w1), n2 = hn::IfThenElse(b0, w3, w2), n3 = hn::IfThenElse(b0, w4, w3);
  const VU n4 = hn::IfThenElse(b0, w5, w4), n5 = hn::IfThenElse(b0, w6, w5);
  const VU lo = hn::And(hn::IfThenElse(b1, n3, n1), low32);
  const VU mid = hn::And(hn::IfThenElse(b1, n4, n2), low32);
  const VU hi = hn::IfThenElse(b1, n5, n3);
  const VU shift = hn::And(e, hn::Set(du, 31));
  const VU top = hn::Or(hn::ShiftLeft<32>(hi), mid);
  const VU v = hn::Or(hn::Shl(top, shift), hn::Shr(lo, hn::Sub(hn::Set(du, 32), shift)));
  VU qq = hn::ShiftRight<62>(v);
  VU f = hn::ShiftLeft<2>(v);
  const VU round_up = hn::ShiftRight<63>(f);
  qq = hn::Add(qq, round_up);
  const VU sign_mask = hn::Sub(hn::Zero(du), hn::ShiftRight<31>(sign));
  qq = hn::Sub(hn::Xor(qq, sign_mask), sign_mask);
  f = hn::Xor(f, hn::Sub(hn::Zero(du), round_up));
  const VU rsign = hn::Xor(sign, hn::ShiftLeft<31>(round_up));
  // f < 2^63: i64 -> f64 (round to nearest), the product, f64 -> f32 (nearest).
  const auto rd = hn::Mul(hn::ConvertTo(dd, hn::BitCast(di, f)), hn::Set(dd, trig_pio2_scaled));
  const auto r0 = hn::BitCast(duh, hn::DemoteTo(dfh, rd));
  r = hn::BitCast(dfh, hn::Xor(r0, hn::TruncateTo(duh, rsign)));
  q = hn::Add(hn::BitCast(dih, hn::TruncateTo(duh, qq)), hn::Set(dih, offset));
}

// The same on the N/2 inputs at xp, r and q to rp and qp.
HWY_INLINE void trig_payne_hanek(const float* xp, float* rp, std::int32_t* qp, std::int32_t offset) {
  hn::Vec<ph_df> r;
  hn::Vec<ph_di> q;
  trig_payne_hanek(hn::LoadU(ph_df(), xp), r, q, offset);
  hn::StoreU(r, ph_df(), rp);
  hn::StoreU(q, ph_di(), qp);
}

// sin (quadrant_offset 0) or cos (1) of the whole vectors of in[0, n) into
// out; returns the count done.
template <mode M>
inline std::size_t trig_span_kernel(const float* in, float* out, std::size_t n, std::int32_t quadrant_offset) {
  const hn::ScalableTag<float> d;
  const hn::RebindToSigned<decltype(d)> di;
  using VF = hn::Vec<decltype(d)>;
  using VI = hn::Vec<decltype(di)>;
  const std::size_t lanes = hn::Lanes(d), ph_lanes = hn::Lanes(hn::ScalableTag<std::uint64_t>());
  constexpr std::size_t block = 512;  // a multiple of every target's N
  constexpr std::size_t pad = simd::max_lanes<float>;
  alignas(64) float r_keep[block], x_keep[block], ph_x[block + pad], ph_r[block + pad];
  alignas(64) std::int32_t q_keep[block], ph_q[block + pad], ph_pos[block + pad];
  std::uint16_t kept[block];
  const VI offset = hn::Set(di, quadrant_offset);
  const VI abs_mask = hn::Set(di, 0x7fffffff);
  const VI slow_from = hn::Set(di, std::int32_t(trig_slow_threshold_bits - 1));
  const VI tiny_to = hn::Set(di, trig_tiny_bits);
  const VF one = hn::Set(d, 1.0f);
  const VF canonical = hn::BitCast(d, hn::Set(di, std::int32_t(ptx::canonical_nan_f32)));
  // |x| < 2^-32: sin x is x (its FTZ flush in the FTZ build), cos x is 1.
  const auto tiny_result = [&](VF x) { return quadrant_offset == 0 ? trig_vflush<M>(x) : one; };
  // Reduced lanes: the polynomial; Inf and NaN the canonical NaN (as
  // trig_large_body gives them).
  const auto reduced_result = [&](VF r, VI q, VI mag) {
    return hn::IfThenElse(hn::RebindMask(d, hn::Gt(mag, hn::Set(di, 0x7f7fffff))), canonical, trig_poly<M>(r, q));
  };
  return simd::BITEXACT_SIMD_NS::for_each_block<block>(
      in, out, n, lanes, [&](const float* bin, float* bout, std::size_t len) {
        std::size_t nk = 0, np = 0;
        for (std::size_t s = 0; s < len; s += lanes) {  // pass 1
          const VF x = hn::LoadU(d, bin + s);
          const VI mag = hn::And(hn::BitCast(di, x), abs_mask);
          const auto slow = hn::Gt(mag, slow_from);
          const auto tiny = hn::RebindMask(d, hn::Lt(mag, tiny_to));
          if (hn::AllTrue(d, tiny)) {  // (37% of an exhaustive sweep's vectors)
            hn::StoreU(tiny_result(x), d, bout + s);
            continue;
          }
          if constexpr (std::is_same_v<hn::Half<decltype(d)>, ph_df>) {  // (every target but SVE)
            if (hn::AllTrue(di, slow)) {  // every lane: Payne-Hanek here, in two halves (no tiny lane, no Cody-Waite)
              const hn::Half<decltype(d)> dh;
              hn::Vec<ph_df> r0, r1;
              hn::Vec<ph_di> q0, q1;
              trig_payne_hanek(hn::LowerHalf(dh, x), r0, q0, quadrant_offset);
              trig_payne_hanek(hn::UpperHalf(dh, x), r1, q1, quadrant_offset);
              hn::StoreU(reduced_result(hn::Combine(d, r1, r0), hn::Combine(di, q1, q0), mag), d, bout + s);
              continue;
            }
          }
          const bool some_tiny = !hn::AllFalse(d, tiny);
          VF r;
          VI q;
          // Tiny lanes compute on 1 (any ordinary input) and take tiny_result.
          trig_cody_waite<M>(some_tiny ? hn::IfThenElse(tiny, one, x) : x, offset, r, q);
          if (hn::AllFalse(di, slow)) [[likely]] {
            const VF y = trig_poly<M>(r, q);
            hn::StoreU(some_tiny ? hn::IfThenElse(tiny, tiny_result(x), y) : y, d, bout + s);
            continue;
          }
          hn::StoreU(r, d, r_keep + s);
          hn::StoreU(q, di, q_keep + s);
          hn::StoreU(x, d, x_keep + s);
          simd::BITEXACT_SIMD_NS::compress_store(hn::Add(hn::Iota(di, 0), hn::Set(di, std::int32_t(s))), slow, di,
                                                 ph_pos + np);
          np += simd::BITEXACT_SIMD_NS::compress_store(x, hn::RebindMask(d, slow), d, ph_x + np);
          kept[nk++] = std::uint16_t(s);
        }
        if (nk != 0) {
          for (std::size_t k = np; k < np + ph_lanes; ++k) ph_x[k] = 0x1p20f;  // padding lanes: any finite input
          for (std::size_t k = 0; k < np; k += ph_lanes)
            trig_payne_hanek(ph_x + k, ph_r + k, ph_q + k, quadrant_offset);
          for (std::size_t k = 0; k < np; ++k) {  // pass 2's results into the kept vectors
            r_keep[ph_pos[k]] = ph_r[k];
            q_keep[ph_pos[k]] = ph_q[k];
          }
          for (std::size_t t = 0; t < nk; ++t) {  // pass 3
            const std::size_t s = kept[t];
            const VF x = hn::LoadU(d, x_keep + s);
            const VI mag = hn::And(hn::BitCast(di, x), abs_mask);
            const VF y = reduced_result(hn::LoadU(d, r_keep + s), hn::LoadU(di, q_keep + s), mag);
            hn::StoreU(hn::IfThenElse(hn::RebindMask(d, hn::Lt(mag, tiny_to)), tiny_result(x), y), d, bout + s);
          }
        }
      });
}

}  // namespace bitexact::nv::detail::BITEXACT_SIMD_NS
