// bitexact/ocml/ocml_span-inl.hpp — the SIMD kernels of ocml's span forms
// (bitexact/ocml/ocml_span.hpp), compiled once per target of
// bitexact/simd/hwy.hpp (bitexact/simd/foreach.hpp includes this file; no
// include guard). Any configuration C (bitexact/ocml/configs.def).
//
// sin_f32 / cos_f32: each finite lane performs exactly the scalar code's
// amdgcn operations (amdgcn.hpp; trig_reduction_f32.hpp's small reduction
// below 2^17, its large one above): the same IEEE operations on the same
// operands, flushing inputs and results where C.daz says the hardware does,
// fused where C's LLVM fuses llvm.fmuladd (fmuladd_fused) and as a pinned
// product and a sum where it does not, the split-constant paths where C has
// no fast fma, and the large reduction's integer steps exactly. No finite lane
// meets a NaN, an infinity or an invalid operation, so AMD's NaN rules play
// no part; Inf and NaN lanes get the default NaN (or, in finite-only
// configurations, the scalar function).

namespace bitexact::ocml::detail::BITEXACT_SIMD_NS {

namespace hn = hwy::BITEXACT_SIMD_NS;

using DF = hn::ScalableTag<float>;
using DI = hn::RebindToSigned<DF>;
using VF = hn::Vec<DF>;
using VI = hn::Vec<DI>;

// amdgcn::flush<Ftz> on every lane: a subnormal becomes the zero of its sign.
// (Any vector of floats: full ones, and halves beside 64-bit lanes.)
template <bool Ftz, class V>
HWY_INLINE V vflush(V v) {
  if constexpr (Ftz)
    return simd::BITEXACT_SIMD_NS::flush_subnormals(v);
  else
    return v;
}
// amdgcn::add, sub, mul, fma, fmuladd on finite operands.
template <bool Ftz, class V>
HWY_INLINE V vadd(V a, V b) {
  return vflush<Ftz>(hn::Add(vflush<Ftz>(a), vflush<Ftz>(b)));
}
template <bool Ftz, class V>
HWY_INLINE V vsub(V a, V b) {
  return vflush<Ftz>(hn::Sub(vflush<Ftz>(a), vflush<Ftz>(b)));
}
template <bool Ftz, class V>
HWY_INLINE V vmul(V a, V b) {
  return vflush<Ftz>(simd::BITEXACT_SIMD_NS::mul(vflush<Ftz>(a), vflush<Ftz>(b)));
}
template <bool Ftz, class V>
HWY_INLINE V vfma(V a, V b, V c) {
  return vflush<Ftz>(hn::MulAdd(vflush<Ftz>(a), vflush<Ftz>(b), vflush<Ftz>(c)));
}
template <bool Ftz, bool Fused, class V>
HWY_INLINE V vfmuladd(V a, V b, V c) {
  if constexpr (Fused)
    return vfma<Ftz>(a, b, c);
  else
    return vadd<Ftz>(vmul<Ftz>(a, b), c);
}
template <class V>
HWY_INLINE V vneg(V v) {  // a sign-bit flip
  return hn::Neg(v);
}
template <class V>
HWY_INLINE V vsplit_head(V v) {  // amdgcn::split_head
  const hn::DFromV<V> d;
  const hn::RebindToSigned<decltype(d)> di;
  return hn::BitCast(d, hn::And(hn::BitCast(di, v), hn::Set(di, std::int32_t(0xfffff000u))));
}
// amdgcn::split_product_error: the rounding error of p = x*c from 12-bit pieces.
template <bool Ftz, bool Fused, class V>
HWY_INLINE V vsplit_product_error(V p, V xh, V xl, float ch, float cl) {
  const hn::DFromV<V> d;
  V e = vfmuladd<Ftz, Fused>(xh, hn::Set(d, ch), vneg(p));
  e = vfmuladd<Ftz, Fused>(xh, hn::Set(d, cl), e);
  e = vfmuladd<Ftz, Fused>(xl, hn::Set(d, ch), e);
  return vfmuladd<Ftz, Fused>(xl, hn::Set(d, cl), e);
}
// amdgcn::sub_split_product: a - x*c.
template <bool Ftz, bool Fused, class V>
HWY_INLINE V vsub_split_product(V a, V p, V xh, V xl, float ch, float cl) {
  const V e = vsplit_product_error<Ftz, Fused>(p, xh, xl, ch, cl);
  const V s = vsub<Ftz>(a, p);
  return vadd<Ftz>(s, vsub<Ftz>(vsub<Ftz>(vsub<Ftz>(a, s), p), e));
}

// trig_reduce_small<C>(a) on lanes with finite 0 <= a < 2^17: r and the quadrant.
template <config C>
HWY_INLINE void vreduce_small(VF a, VF& r, VI& quad) {
  constexpr bool ftz = C.daz;
  constexpr bool fused = fmuladd_fused(C);
  const DF d;
  const DI di;
  // Tiny lanes (the scalar code's early exit, r = a) compute on 1: products
  // of subnormals cost a microcode assist per operation on many x86 cores.
  const auto tiny = hn::Lt(a, hn::Set(d, tiny_argument));
  const VF at = hn::IfThenElse(tiny, hn::Set(d, 1.0f), a);
  // rint<ftz>(q): q = a * 2/pi is below 2^17 and not negative; Round is
  // roundToIntegralTiesToEven, as the scalar 2^23 addition (+0 for q < 1/2).
  const VF q = vflush<ftz>(hn::Round(vmul<ftz>(at, hn::Set(d, two_over_pi_f))));
  if constexpr (has_fast_fma_path(C)) {
    r = vfma<ftz>(q, hn::Set(d, -pio2_hi), at);
    r = vfma<ftz>(q, hn::Set(d, -pio2_mid), r);
    r = vfma<ftz>(q, hn::Set(d, -pio2_lo), r);
  } else {
    const VF qh = vsplit_head(q);
    const VF ql = vsub<ftz>(q, qh);
    const VF r1 = vsub_split_product<ftz, fused>(at, vmul<ftz>(q, hn::Set(d, pio2_hi)), qh, ql, pio2_hi_h, pio2_hi_l);
    const VF r2 =
        vsub_split_product<ftz, fused>(r1, vmul<ftz>(q, hn::Set(d, pio2_mid)), qh, ql, pio2_mid_h, pio2_mid_l);
    r = vfmuladd<ftz, fused>(hn::Set(d, -pio2_lo), q, r2);
  }
  r = hn::IfThenElse(tiny, vflush<ftz>(a), r);
  quad = hn::And(hn::IfThenZeroElse(hn::RebindMask(di, tiny), hn::ConvertTo(di, q)), hn::Set(di, 3));
}

// trig_reduce_large<C>(a) on the N/2 lanes of ap (finite a >= 2^17), in
// 64-bit lanes: the same 32x32 -> 64-bit products and carries, the words
// chosen by masks, the funnel shifts as 64-bit shifts of two words (the same
// bits for every amount 0..31), the leading-zero counts from the exponent of
// the word converted to double (exact below 2^32); then the same f32
// operations on N/2 floats. r and the quadrant to rp and qp.
// The N/2-lane types of the large reduction: one float or int32 per 64-bit
// lane (a half vector on every target but SVE).
using DFH = hn::Rebind<float, hn::ScalableTag<std::uint64_t>>;
using DIH = hn::Rebind<std::int32_t, hn::ScalableTag<std::uint64_t>>;

template <config C>
HWY_INLINE void vreduce_large(hn::Vec<DFH> av, hn::Vec<DFH>& r_out, hn::Vec<DIH>& q_out) {
  constexpr bool ftz = C.daz;
  constexpr bool fused = fmuladd_fused(C);
  const hn::ScalableTag<std::uint64_t> du;
  const hn::RebindToSigned<decltype(du)> di;
  const hn::RebindToFloat<decltype(du)> dd;
  const hn::Repartition<std::uint32_t, decltype(du)> du32;  // for MulEven
  const hn::Rebind<float, decltype(du)> dfh;
  const hn::Rebind<std::uint32_t, decltype(du)> duh;
  const hn::Rebind<std::int32_t, decltype(du)> dih;
  using VU = hn::Vec<decltype(du)>;
  const VU low32 = hn::Set(du, 0xffffffffu);
  const VU abits = hn::PromoteTo(du, hn::BitCast(duh, av));
  const auto sig = hn::BitCast(du32, hn::Or(hn::And(abits, hn::Set(du, 0x007fffff)), hn::Set(du, 0x00800000)));
  // p0..p7: the 256-bit product sig * (2/pi window), least significant first
  // (named, not an array: SVE vectors cannot be array elements).
  const auto mad = [&](std::uint32_t word, VU carry) {
    return hn::Add(hn::MulEven(sig, hn::BitCast(du32, hn::Set(du, word))), carry);
  };
  const VU t0 = mad(0xfe5163abu, hn::Zero(du));
  const VU t1 = mad(0x3c439041u, hn::ShiftRight<32>(t0));
  const VU t2 = mad(0xdb629599u, hn::ShiftRight<32>(t1));
  const VU t3 = mad(0xf534ddc0u, hn::ShiftRight<32>(t2));
  const VU t4 = mad(0xfc2757d1u, hn::ShiftRight<32>(t3));
  const VU t5 = mad(0x4e441529u, hn::ShiftRight<32>(t4));
  const VU t6 = mad(0xa2f9836eu, hn::ShiftRight<32>(t5));
  const VU p0 = hn::And(t0, low32), p1 = hn::And(t1, low32), p2 = hn::And(t2, low32), p3 = hn::And(t3, low32);
  const VU p4 = hn::And(t4, low32), p5 = hn::And(t5, low32), p6 = hn::And(t6, low32), p7 = hn::ShiftRight<32>(t6);
  // The words at the binary point: sh = e - 120 (24..134 here); more than 63
  // drops two words, then more than 31 one, and one more.
  VU sh = hn::Sub(hn::ShiftRight<23>(abits), hn::Set(du, large_exponent_offset));
  const auto gt = [&](VU v, std::uint64_t k) {
    return hn::RebindMask(du, hn::Gt(hn::BitCast(di, v), hn::Set(di, std::int64_t(k))));
  };
  const auto drop2 = gt(sh, 63);
  VU w0 = hn::IfThenElse(drop2, p5, p7), w1 = hn::IfThenElse(drop2, p4, p6), w2 = hn::IfThenElse(drop2, p3, p5);
  VU w3 = hn::IfThenElse(drop2, p2, p4), w4 = hn::IfThenElse(drop2, p1, p3), w5 = hn::IfThenElse(drop2, p0, p2);
  sh = hn::IfThenElse(drop2, hn::Sub(sh, hn::Set(du, 64)), sh);
  // One word more where sh > 31, twice (the second time w4 is no longer read).
  const auto drop_one = [&] {
    const auto drop = gt(sh, 31);
    w0 = hn::IfThenElse(drop, w1, w0);
    w1 = hn::IfThenElse(drop, w2, w1);
    w2 = hn::IfThenElse(drop, w3, w2);
    w3 = hn::IfThenElse(drop, w4, w3);
    w4 = hn::IfThenElse(drop, w5, w4);
    sh = hn::IfThenElse(drop, hn::Sub(sh, hn::Set(du, 32)), sh);
  };
  drop_one();
  drop_one();
  // fshl(hi, lo, s) = ((hi:lo) << s) >> 32 and fshr(hi, lo, s) = (hi:lo) >> s,
  // low 32 bits, for s in 0..31 (and a shift by 32 gives hi).
  const auto pair = [&](VU hi, VU lo) { return hn::Or(hn::ShiftLeft<32>(hi), lo); };
  const auto fshl_v = [&](VU hi, VU lo, VU s) { return hn::ShiftRight<32>(hn::Shl(pair(hi, lo), s)); };
  const auto fshr_v = [&](VU hi, VU lo, VU s) { return hn::And(hn::Shr(pair(hi, lo), s), low32); };
  const auto fshl_c = [&](VU hi, VU lo, int s) { return fshl_v(hi, lo, hn::Set(du, std::uint64_t(s))); };
  // sh = 0 takes the words as they are (the scalar code's branch): a shift by 32.
  const VU back = hn::Sub(hn::Set(du, 32), sh);
  const VU f0 = fshr_v(w0, w1, back), f1 = fshr_v(w1, w2, back), f2 = fshr_v(w2, w3, back);
  const VU top3 = hn::ShiftRight<29>(f0);
  const VU half_bit = hn::And(top3, hn::Set(du, 1));
  const VU flip = hn::And(hn::Sub(hn::Zero(du), half_bit), low32);
  const VU sign = hn::And(hn::ShiftLeft<31>(top3), low32);
  const VU g0 = hn::Xor(fshl_c(f0, f1, 2), flip);
  const VU g1 = hn::Xor(fshl_c(f1, f2, 2), flip);
  const VU g2 = hn::Xor(fshl_c(f2, w3, 2), flip);
  // ctlz of a 32-bit word (32 for 0): 1023 + 31 - the exponent of (double)w.
  const auto ctlz = [&](VU w) {
    const VU e = hn::ShiftRight<52>(hn::BitCast(du, hn::ConvertTo(dd, hn::BitCast(di, w))));
    return hn::IfThenElse(hn::Eq(w, hn::Zero(du)), hn::Set(du, 32), hn::Sub(hn::Set(du, 1023 + 31), e));
  };
  const VU lz0 = ctlz(g0);
  const VU s0 = hn::And(hn::Sub(hn::Set(du, 31), lz0), hn::Set(du, 31));
  const VU m0 = fshr_v(g0, g1, s0);
  const VU m1 = fshr_v(g1, g2, s0);
  const VU hi_bits =
      hn::Or(hn::Or(hn::And(hn::Sub(hn::Set(du, hi_exponent_field), hn::ShiftLeft<23>(lz0)), low32), sign),
             hn::ShiftRight<9>(m0));
  const VU n0 = fshl_c(m0, m1, 23);
  const VU lz1 = ctlz(n0);
  const VU n1 = fshr_v(n0, m1, hn::And(hn::Sub(hn::Set(du, 31), lz1), hn::Set(du, 31)));
  const VU lo_bits = hn::Or(
      hn::Or(hn::And(hn::Sub(hn::Set(du, lo_exponent_field), hn::ShiftLeft<23>(hn::Add(lz1, lz0))), low32), sign),
      hn::ShiftRight<9>(n1));
  const auto hi = hn::BitCast(dfh, hn::TruncateTo(duh, hi_bits));
  const auto lo = hn::BitCast(dfh, hn::TruncateTo(duh, lo_bits));
  // r = (hi + lo) * pi/2.
  using VH = hn::Vec<decltype(dfh)>;
  VH p_hi, err;
  if constexpr (has_fast_fma_path(C)) {
    p_hi = vmul<ftz>(hi, hn::Set(dfh, pio2_hi));
    err = vfma<ftz>(hi, hn::Set(dfh, pio2_hi), vneg(p_hi));
    err = vfma<ftz>(hi, hn::Set(dfh, pio2_mid), err);
    err = vfma<ftz>(lo, hn::Set(dfh, pio2_hi), err);
  } else {
    const VH hh = vsplit_head(hi);
    const VH hl = vsub<ftz>(hi, hh);
    p_hi = vmul<ftz>(hi, hn::Set(dfh, pio2_hi));
    const VH e = vsplit_product_error<ftz, fused>(p_hi, hh, hl, pio2_hi_h, pio2_hi_l);
    const VH m = vmul<ftz>(hi, hn::Set(dfh, pio2_mid));
    const VH u = vfmuladd<ftz, fused>(lo, hn::Set(dfh, pio2_hi), m);
    err = vadd<ftz>(e, u);
  }
  r_out = vadd<ftz>(err, p_hi);
  const VU quad = hn::And(hn::Add(hn::ShiftRight<30>(f0), half_bit), hn::Set(du, 3));
  q_out = hn::BitCast(dih, hn::TruncateTo(duh, quad));
}

// The same on the N/2 lanes at ap, r and the quadrant to rp and qp.
template <config C>
HWY_INLINE void vreduce_large(const float* ap, float* rp, std::int32_t* qp) {
  hn::Vec<DFH> r;
  hn::Vec<DIH> q;
  vreduce_large<C>(hn::LoadU(DFH(), ap), r, q);
  hn::StoreU(r, DFH(), rp);
  hn::StoreU(q, DIH(), qp);
}

// sincos_kernel<C>(r): s ~ sin r, c ~ cos r.
template <config C>
HWY_INLINE void vsincos_kernel(VF r, VF& s, VF& c) {
  constexpr bool ftz = C.daz;
  constexpr bool fused = fmuladd_fused(C);
  const DF d;
  const VF ar = hn::Abs(r);
  // Tiny nonzero lanes (the scalar early exit: r, 1) compute on 1 (no subnormal squares).
  const auto tiny = hn::And(hn::Lt(ar, hn::Set(d, tiny_argument)), hn::Gt(ar, hn::Zero(d)));
  const VF rc = hn::IfThenElse(tiny, hn::Set(d, 1.0f), r);
  const VF r2 = vmul<ftz>(rc, rc);
  VF ps = vfmuladd<ftz, fused>(r2, hn::Set(d, sin_c3), hn::Set(d, sin_c2));
  ps = vfmuladd<ftz, fused>(r2, ps, hn::Set(d, sin_c1));
  s = vfmuladd<ftz, fused>(rc, vmul<ftz>(r2, ps), rc);
  VF pc = vfmuladd<ftz, fused>(r2, hn::Set(d, cos_c4), hn::Set(d, cos_c3));
  pc = vfmuladd<ftz, fused>(r2, pc, hn::Set(d, cos_c2));
  pc = vfmuladd<ftz, fused>(r2, pc, hn::Set(d, cos_c1));
  c = vfmuladd<ftz, fused>(r2, pc, hn::Set(d, 1.0f));
  s = hn::IfThenElse(tiny, r, s);
  c = hn::IfThenElse(tiny, hn::Set(d, 1.0f), c);
}

// sin_result / cos_result (sincos_result_f32.hpp) on lanes: the quadrant's
// polynomial (c where quad is odd; for the cosines -s), its sign flipped
// where quad > 1, and for the sines x's sign (xbits ^ abits: x's bits and
// |x|'s).
template <bool Cos>
HWY_INLINE VF vsincos_result(VI quad, VF s, VF c, VI xbits, VI abits) {
  const DF d;
  const DI di;
  const auto odd = hn::RebindMask(d, hn::Eq(hn::And(quad, hn::Set(di, 1)), hn::Set(di, 1)));
  VI bits = Cos ? hn::BitCast(di, hn::IfThenElse(odd, vneg(s), c)) : hn::BitCast(di, hn::IfThenElse(odd, c, s));
  bits = hn::Xor(bits, hn::ShiftLeft<30>(hn::And(quad, hn::Set(di, 2))));  // quad > 1: the sign flipped
  if constexpr (!Cos) bits = hn::Xor(bits, hn::Xor(xbits, abits));         // the sign of x
  return hn::BitCast(d, bits);
}

// finite_or_nan<C> on the lanes of y, to out + i: y where x is finite; in
// the other lanes the default NaN, or in finite-only configurations (which
// run them through the algorithm, AMD's NaN rules and all) scalar(x), read
// from in + i before the store (out may alias in).
template <config C, class Scalar>
HWY_INLINE void store_finite_or_nan(VF y, hn::Mask<DF> finite, const float* in, float* out, std::size_t i,
                                    Scalar scalar) {
  const DF d;
  if (hn::AllTrue(d, finite)) [[likely]] {
    hn::StoreU(y, d, out + i);
  } else if constexpr (!C.finite_only) {
    const VF default_nan =
        hn::BitCast(d, hn::Set(DI(), std::int32_t(bit_cast<std::uint32_t>(amdgcn::default_nan<float>()))));
    hn::StoreU(hn::IfThenElse(finite, y, default_nan), d, out + i);
  } else {
    alignas(64) float tmp[simd::max_lanes<float>];
    hn::StoreU(y, d, tmp);
    simd::BITEXACT_SIMD_NS::for_each_false_lane(d, finite, [&](std::size_t j) { tmp[j] = scalar(in[i + j]); });
    hn::StoreU(hn::LoadU(d, tmp), d, out + i);
  }
}

// sin_f32<C> (Cos false) or cos_f32<C> (true) on the whole vectors of in[0, n).
// Inf and NaN lanes: the default NaN, as finite_or_nan gives it; in
// finite-only configurations (which run them through the algorithm, AMD's
// NaN rules and all) they take scalar(x). Returns the count done.
// Blocks of up to 512 inputs in three passes, as nv's trig span
// (nv/trig_batch-inl.hpp):
//  1. each vector: one whose lanes all take one path (tiny, small, or large:
//     |x| >= 2^17, Inf, NaN) is finished at once; otherwise the small
//     reduction of its lanes, kept with x, and its large lanes' arguments
//     and positions appended, in order, to dense arrays;
//  2. the large reduction of the dense array, N/2 lanes a step, so no lane
//     is reduced for nothing (random bit patterns: nearly every vector is
//     mixed, and under half its lanes large); r and the quadrant written
//     back at their positions;
//  3. each kept vector: the kernel, the result, the store.
// Every input of a block is read in pass 1 before pass 3 stores, and pass 3
// reads a kept vector's own inputs (finite_only's scalar lanes) before its
// store: `out` may be `in`.
template <config C, bool Cos, class Scalar>
inline std::size_t sincos_span(const float* in, float* out, std::size_t n, Scalar scalar) {
  const DF d;
  const DI di;
  const std::size_t lanes = hn::Lanes(d), half = hn::Lanes(hn::ScalableTag<std::uint64_t>());
  constexpr std::size_t max_lanes = simd::max_lanes<float>;
  constexpr std::size_t block = 512;  // a multiple of every target's N
  alignas(64) float a_buf[max_lanes], r_buf[max_lanes];
  alignas(64) std::int32_t q_buf[max_lanes];
  alignas(64) float r_keep[block], x_keep[block], large_a[block + max_lanes], large_r[block + max_lanes];
  alignas(64) std::int32_t q_keep[block], large_q[block + max_lanes], large_pos[block + max_lanes];
  std::uint16_t kept[block];
  const VI abs_mask = hn::Set(di, 0x7fffffff);
  const VI small_to = hn::Set(di, std::int32_t(bit_cast<std::uint32_t>(small_reduction_limit)));
  const VI inf_bits = hn::Set(di, 0x7f800000);
  const VI tiny_bits = hn::Set(di, std::int32_t(bit_cast<std::uint32_t>(tiny_argument)));
  // The large reduction's argument: |x|, or for Inf and NaN (replaced at the
  // end) any finite large one.
  const auto large_arg = [&](VF a, hn::Mask<DF> finite) {
    return hn::IfThenElse(finite, a, hn::Set(d, small_reduction_limit));
  };
  const auto finish = [&](VF x, VF r, VI quad, const float* bin, float* bout, std::size_t s) {
    const VI xbits = hn::BitCast(di, x);
    const VI abits = hn::And(xbits, abs_mask);
    VF sn, cs;
    vsincos_kernel<C>(r, sn, cs);
    store_finite_or_nan<C>(vsincos_result<Cos>(quad, sn, cs, xbits, abits), hn::RebindMask(d, hn::Lt(abits, inf_bits)),
                           bin, bout, s, scalar);
  };
  return simd::BITEXACT_SIMD_NS::for_each_block<block>(
      in, out, n, lanes, [&](const float* bin, float* bout, std::size_t len) {
        std::size_t nk = 0, nl = 0;
        for (std::size_t s = 0; s < len; s += lanes) {  // pass 1
          const VF x = hn::LoadU(d, bin + s);
          const VI xbits = hn::BitCast(di, x);
          const VI abits = hn::And(xbits, abs_mask);
          // Every lane |x| < 2^-20 (42% of the vectors of an exhaustive set):
          // the scalar code's early exits decide them, trig_reduce_small's (a
          // flushed as C says, quadrant 0) and then sincos_kernel's (r, 1), or
          // for r = +-0 a polynomial that gives (+0, 1) as well: sin x is |x| so
          // flushed with x's sign, cos x is 1.
          if (hn::AllTrue(di, hn::Lt(abits, tiny_bits))) {
            const VF y = Cos ? hn::Set(d, 1.0f)
                             : hn::BitCast(d, hn::Xor(hn::BitCast(di, vflush<C.daz>(hn::BitCast(d, abits))),
                                                      hn::Xor(xbits, abits)));
            hn::StoreU(y, d, bout + s);
            continue;
          }
          const auto large =
              hn::RebindMask(d, hn::Gt(abits, hn::Sub(small_to, hn::Set(di, 1))));  // |x| >= 2^17, Inf, NaN
          const auto finite = hn::RebindMask(d, hn::Lt(abits, inf_bits));
          const VF a = hn::BitCast(d, abits);
          VF r;
          VI quad;
          if (hn::AllTrue(d, large)) {  // the large reduction here, on the vector's two halves
            const VF al = large_arg(a, finite);
            if constexpr (std::is_same_v<hn::Half<DF>, DFH>) {  // (every target but SVE) the halves in registers
              const hn::Half<DF> dh;
              hn::Vec<DFH> r0, r1;
              hn::Vec<DIH> q0, q1;
              vreduce_large<C>(hn::LowerHalf(dh, al), r0, q0);
              vreduce_large<C>(hn::UpperHalf(dh, al), r1, q1);
              r = hn::Combine(d, r1, r0);
              quad = hn::Combine(di, q1, q0);
            } else {
              hn::StoreU(al, d, a_buf);
              for (std::size_t h = 0; h < lanes; h += half) vreduce_large<C>(a_buf + h, r_buf + h, q_buf + h);
              r = hn::LoadU(d, r_buf);
              quad = hn::LoadU(di, q_buf);
            }
            finish(x, r, quad, bin, bout, s);
            continue;
          }
          // Large lanes compute the small reduction on 1 (their r and quadrant
          // come from pass 2).
          vreduce_small<C>(hn::IfThenElse(large, hn::Set(d, 1.0f), a), r, quad);
          if (hn::AllFalse(d, large)) [[likely]] {
            finish(x, r, quad, bin, bout, s);
            continue;
          }
          hn::StoreU(r, d, r_keep + s);
          hn::StoreU(quad, di, q_keep + s);
          hn::StoreU(x, d, x_keep + s);
          const auto large_i = hn::RebindMask(di, large);
          simd::BITEXACT_SIMD_NS::compress_store(hn::Add(hn::Iota(di, 0), hn::Set(di, std::int32_t(s))), large_i, di,
                                                 large_pos + nl);
          nl += simd::BITEXACT_SIMD_NS::compress_store(large_arg(a, finite), large, d, large_a + nl);
          kept[nk++] = std::uint16_t(s);
        }
        if (nk != 0) {
          for (std::size_t k = nl; k < nl + half; ++k) large_a[k] = small_reduction_limit;  // padding lanes
          for (std::size_t k = 0; k < nl; k += half) vreduce_large<C>(large_a + k, large_r + k, large_q + k);  // pass 2
          for (std::size_t k = 0; k < nl; ++k) {
            r_keep[large_pos[k]] = large_r[k];
            q_keep[large_pos[k]] = large_q[k];
          }
          for (std::size_t t = 0; t < nk; ++t) {  // pass 3
            const std::size_t s = kept[t];
            finish(hn::LoadU(d, x_keep + s), hn::LoadU(d, r_keep + s), hn::LoadU(di, q_keep + s), bin, bout, s);
          }
        }
      });
}

// expm1_f32<C> on the whole vectors of in[0, n): each lane performs the
// scalar code's operations (ocml/expm1_f32.hpp) on the same operands, flushed
// where C.daz says, fused where C fuses llvm.fmuladd; rint as Round (ties to
// even, as v_rndne), 2^q built on the exponent field (q is in [-25, 128]
// wherever the result is not replaced: x in [-17, 88.72]). Lanes the
// scalar code takes elsewhere: NaN (its payload through the arithmetic) and,
// in finite-only configurations, x above the overflow bound (no +Inf guard:
// 2^q saturates) take scalar(x). Returns the count done; out may alias in.
template <config C, class Scalar>
inline std::size_t expm1_span(const float* in, float* out, std::size_t n, Scalar scalar) {
  constexpr bool ftz = C.daz;
  constexpr bool fused = fmuladd_fused(C);
  const DF d;
  const DI di;
  const std::size_t lanes = hn::Lanes(d);
  alignas(64) float tmp[simd::max_lanes<float>];
  const auto c = [&](float v) { return hn::Set(d, v); };
  std::size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const VF x = hn::LoadU(d, in + i);
    const VF q = vflush<ftz>(hn::Round(vmul<ftz>(x, c(expm1_log2e))));
    VF r = vfma<ftz>(q, c(-expm1_ln2_hi), x);
    r = vfma<ftz>(q, c(-expm1_ln2_lo), r);
    VF p = vfmuladd<ftz, fused>(r, c(expm1_p5), c(expm1_p4));
    p = vfmuladd<ftz, fused>(r, p, c(expm1_p3));
    p = vfmuladd<ftz, fused>(r, p, c(expm1_p2));
    p = vfmuladd<ftz, fused>(r, p, c(expm1_p1));
    p = vfmuladd<ftz, fused>(r, p, c(expm1_p0));
    const VF em = vfma<ftz>(r, vmul<ftz>(r, p), r);
    const auto q128 = hn::Eq(q, c(128.0f));
    const VI e = hn::IfThenElse(hn::RebindMask(di, q128), hn::Set(di, 127), hn::ConvertTo(di, q));
    const VF sc = hn::BitCast(d, hn::ShiftLeft<23>(hn::Add(e, hn::Set(di, 127))));
    VF y = vfma<ftz>(sc, em, vadd<ftz>(sc, c(-1.0f)));
    y = hn::IfThenElse(q128, vmul<ftz>(y, c(2.0f)), y);
    const auto above = hn::Gt(x, c(expm1_overflow));
    if constexpr (!C.finite_only) y = hn::IfThenElse(above, c(fp_bits<float>::inf().value()), y);
    y = hn::IfThenElse(hn::Lt(x, c(expm1_saturate)), c(-1.0f), y);
    const auto scalar_lanes = C.finite_only ? hn::Or(hn::IsNaN(x), above) : hn::IsNaN(x);
    if (hn::AllFalse(d, scalar_lanes)) [[likely]] {
      hn::StoreU(y, d, out + i);
    } else {
      hn::StoreU(y, d, tmp);
      simd::BITEXACT_SIMD_NS::for_each_false_lane(d, hn::Not(scalar_lanes),
                                                  [&](std::size_t j) { tmp[j] = scalar(in[i + j]); });
      hn::StoreU(hn::LoadU(d, tmp), d, out + i);  // after every read of in + i
    }
  }
  return i;
}

// sinpi_f32<C> (Cos false) or cospi_f32<C> (true) on the whole vectors of
// in[0, n): each finite lane performs the scalar code's operations
// (trigpi_reduction_f32.hpp, sincos_result_f32.hpp), flushed where C.daz
// says, fused where C fuses llvm.fmuladd: fract(h) for finite h >= 0 as
// h - Floor(h) (exact), capped at 0x1.fffffep-1 as v_fract; rint as Round;
// the quadrant from the integral q in [0, 4]. Inf and NaN lanes get the
// default NaN, as finite_or_nan gives it, or in finite-only configurations
// (which run them through the arithmetic) scalar(x). Returns the count done;
// out may alias in.
template <config C, bool Cos, class Scalar>
inline std::size_t trigpi_span(const float* in, float* out, std::size_t n, Scalar scalar) {
  constexpr bool ftz = C.daz;
  constexpr bool fused = fmuladd_fused(C);
  const DF d;
  const DI di;
  const std::size_t lanes = hn::Lanes(d);
  const auto c = [&](float v) { return hn::Set(d, v); };
  std::size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const VF x = hn::LoadU(d, in + i);
    const VF a = hn::Abs(x);
    const auto finite = hn::IsFinite(x);
    // trigpi_reduce<C>(a)
    const VF h = vflush<ftz>(vmul<ftz>(a, c(0.5f)));
    const VF fr = hn::Min(vsub<ftz>(h, hn::Floor(h)), c(0x1.fffffep-1f));
    const VF f = vmul<ftz>(fr, c(2.0f));
    const VF v = hn::IfThenElse(hn::Gt(a, c(1.0f)), f, a);
    const VF q = vflush<ftz>(hn::Round(vmul<ftz>(v, c(2.0f))));
    const VF r = vfmuladd<ftz, fused>(q, c(-0.5f), v);
    const VI quad = hn::And(hn::ConvertTo(di, q), hn::Set(di, 3));
    // sincospi_kernel<C>(r)
    const VF r2 = vmul<ftz>(r, r);
    VF ps = vfmuladd<ftz, fused>(r2, c(sinpi_s3), c(sinpi_s2));
    ps = vfmuladd<ftz, fused>(r2, ps, c(sinpi_s1));
    ps = vfmuladd<ftz, fused>(r2, ps, c(sinpi_s0));
    const VF sn = vfmuladd<ftz, fused>(r, c(sinpi_pi), vmul<ftz>(vmul<ftz>(r2, r), ps));
    VF pc = vfmuladd<ftz, fused>(r2, c(cospi_c4), c(cospi_c3));
    pc = vfmuladd<ftz, fused>(r2, pc, c(cospi_c2));
    pc = vfmuladd<ftz, fused>(r2, pc, c(cospi_c1));
    pc = vfmuladd<ftz, fused>(r2, pc, c(cospi_c0));
    const VF cs = vfmuladd<ftz, fused>(r2, pc, c(1.0f));
    const VF y = vsincos_result<Cos>(quad, sn, cs, hn::BitCast(di, x), hn::BitCast(di, a));
    store_finite_or_nan<C>(y, finite, in, out, i, scalar);
  }
  return i;
}

// ceil_f32<C> / ceil_f64<C> (amdgcn::ceil): Ceil is IEEE
// roundToIntegralTowardPositive (vroundps/pd, frintp), as the model; a NaN
// lane is quieted keeping its sign and payload, as the model's quiet(x), by
// ORing the quiet bit into the integer bits (no MXCSR or FPCR mode involved);
// Daz (f32 DAZ configurations) first flushes a subnormal input to the zero of
// its sign. Returns the count done.
template <bool Daz, class T>
inline std::size_t ceil_span(const T* in, T* out, std::size_t n) {
  const hn::ScalableTag<T> d;
  const hn::RebindToUnsigned<decltype(d)> du;
  const std::size_t lanes = hn::Lanes(d);
  const auto quiet_bit = hn::Set(du, fp_bits<T>::quiet_bit);
  std::size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    auto x = hn::LoadU(d, in + i);
    if constexpr (Daz) x = simd::BITEXACT_SIMD_NS::flush_subnormals(x);
    const auto quieted = hn::BitCast(d, hn::Or(hn::BitCast(du, x), quiet_bit));
    hn::StoreU(hn::IfThenElse(hn::IsNaN(x), quieted, hn::Ceil(x)), d, out + i);
  }
  return i;
}

}  // namespace bitexact::ocml::detail::BITEXACT_SIMD_NS
