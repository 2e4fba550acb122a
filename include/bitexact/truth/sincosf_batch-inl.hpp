// bitexact/truth/sincosf_batch-inl.hpp — the SIMD kernels of the truth's
// sinf/cosf batch (src/truth/sincosf_batch.cpp; header-only), compiled once per target of
// bitexact/simd/hwy.hpp (bitexact/simd/foreach.hpp includes this file; no
// include guard). N = the target's doubles per vector (4 AVX2, 8 AVX-512, 2
// NEON, VL/64 SVE); each lane performs exactly the operations of the scalar
// fast layer (bitexact/truth/sincosf_fast.hpp; the batch's file comment says
// which), so a lane's approximation has the scalar bits on every target.

namespace bitexact::truth::detail::BITEXACT_SIMD_NS {

namespace hn = hwy::BITEXACT_SIMD_NS;
using simd::BITEXACT_SIMD_NS::mul;

using DD = hn::ScalableTag<double>;
using DU = hn::RebindToUnsigned<DD>;
using DI = hn::RebindToSigned<DD>;
using DF = hn::Rebind<float, DD>;  // N floats: one per double lane
using DU32 = hn::RebindToUnsigned<DF>;
using VD = hn::Vec<DD>;
inline constexpr std::size_t max_lanes = simd::max_lanes<double>;
using VU = hn::Vec<DU>;
using MD = hn::Mask<DD>;

// sincos_estrin, coefficient set b where `use_b`, else a; every product
// pinned (no contraction into an fma). In the lanes `tiny` (|x| < 2^-12, so
// u = x^2 < 2^-24) the terms in u^4 and u^8 are left out, as they change
// nothing there: b0 lies in [1 - 2^-25, 1] (c0 = 1, |c1 u| < 2^-25), the
// terms are below 2^-90 in magnitude, under half the spacing of doubles
// either side of b0 (2^-54), so the scalar sum rounds back to b0, bit for
// bit. Their products are not evaluated there either: for |x| < 2^-64 they
// are subnormal or underflow, which costs a microcode assist per operation on
// x86 (the tiny inputs took 8 ns an element, twice the others). The reduced
// path (|f| >= 2^-40) has no tiny lanes: MayBeTiny false, `tiny` unused.
template <bool MayBeTiny>
HWY_INLINE VD estrin(const double (&a)[9], const double (&b)[9], MD use_b, VD u, MD tiny) {
  const DD d;
  // (A function, not an array of coefficients: SVE vectors cannot be array elements.)
  const auto c = [&](int k) { return hn::IfThenElse(use_b, hn::Set(d, b[k]), hn::Set(d, a[k])); };
  const VD u2 = mul(u, u);
  VD u4, u8;
  if constexpr (MayBeTiny) {
    const VD u2h = hn::IfThenElse(tiny, hn::Set(d, 1.0), u2);  // for the products only
    const VD u4h = mul(u2h, u2h), u8h = mul(u4h, u4h);
    u4 = hn::IfThenZeroElse(tiny, u4h);
    u8 = hn::IfThenZeroElse(tiny, u8h);
  } else {
    u4 = mul(u2, u2);
    u8 = mul(u4, u4);
  }
  const VD a0 = hn::Add(c(0), mul(c(1), u)), a1 = hn::Add(c(2), mul(c(3), u));
  const VD a2 = hn::Add(c(4), mul(c(5), u)), a3 = hn::Add(c(6), mul(c(7), u));
  const VD b0 = hn::Add(a0, mul(a1, u2)), b1 = hn::Add(a2, mul(a3, u2));
  return hn::Add(hn::Add(b0, mul(b1, u4)), mul(c(8), u8));
}

// sincos_reduce on N lanes (|x| bits zero-extended to 64): k, f, and the lanes
// where the reduction holds (|f| >= 2^-40). Lanes below the reduction's range
// compute garbage (never out of bounds), which the caller discards.
HWY_INLINE MD reduce(VU ab, VU& k, VD& f) {
  const DD d;
  const DU du;
  const DI di;
  const hn::Repartition<std::uint32_t, DD> du32;  // the 32-bit halves, for MulEven
  const VU one = hn::Set(du, 1);
  const VU m = hn::Or(hn::And(ab, hn::Set(du, 0x7fffff)), hn::Set(du, 0x800000));
  // s = e - 1 + 63 with e = (abits >> 23) - 150; w = s >> 6, sh = s & 63.
  const auto s = hn::Sub(hn::BitCast(di, hn::ShiftRight<23>(ab)), hn::Set(di, 88));
  const auto w = hn::ShiftRight<6>(s);
  const VU sh = hn::BitCast(du, hn::And(s, hn::Set(di, 63)));
  // Padded words w, w+1, w+2 of 2/pi (a zero word first, then the table's
  // four), w = 0, 1 or 2 in every lane the reduction holds (|x| >= pi/4): two
  // compares and two selects a word, on every target (a permute of 64-bit
  // lanes costs more on AVX2, a gather on NEON). Other lanes take word 2's.
  const auto w0 = hn::RebindMask(du, hn::Eq(w, hn::Zero(di)));
  const auto w1 = hn::RebindMask(du, hn::Eq(w, hn::Set(di, 1)));
  const auto padded = [&](int j) { return hn::Set(du, j == 0 ? 0 : tables::two_over_pi_bits[j - 1]); };
  const auto word = [&](int j) {
    return hn::IfThenElse(w0, padded(j), hn::IfThenElse(w1, padded(j + 1), padded(j + 2)));
  };
  const VU p0 = word(0), p1 = word(1), p2 = word(2);
  // Shifts by 64 give 0 on every target, so sh = 0 needs no branch (hi = p0, lo = p1).
  const VU rsh = hn::Sub(hn::Set(du, 64), sh);
  const VU hi = hn::Or(hn::Shl(p0, sh), hn::Shr(p1, rsh));
  const VU lo = hn::Or(hn::Shl(p1, sh), hn::Shr(p2, rsh));
  // R = (hi:lo) m mod 2^128, m < 2^24: lo m = b 2^32 + a with a, b < 2^56;
  // hi m mod 2^64 from hi's two halves.
  const auto m32 = hn::BitCast(du32, m);
  const VU a = hn::MulEven(hn::BitCast(du32, lo), m32);
  const VU b = hn::MulEven(hn::BitCast(du32, hn::ShiftRight<32>(lo)), m32);
  const VU r_lo = hn::Add(a, hn::ShiftLeft<32>(b));
  const VU carry = hn::IfThenElseZero(hn::Lt(r_lo, a), one);
  const VU hi_m = hn::Add(hn::MulEven(hn::BitCast(du32, hi), m32),
                          hn::ShiftLeft<32>(hn::MulEven(hn::BitCast(du32, hn::ShiftRight<32>(hi)), m32)));
  // Rr = R + 2^125 (the high word only); k = its top two bits; F = (Rr mod
  // 2^126) - 2^125, signed, in (hi, lo) = (f_hi, r_lo).
  const VU r_hi = hn::Add(hn::Add(hi_m, hn::Add(hn::ShiftRight<32>(b), carry)), hn::Set(du, std::uint64_t(1) << 61));
  k = hn::ShiftRight<62>(r_hi);
  const VU f_hi =
      hn::Sub(hn::And(r_hi, hn::Set(du, (std::uint64_t(1) << 62) - 1)), hn::Set(du, std::uint64_t(1) << 61));
  const VU sgn = hn::BitCast(du, hn::BroadcastSignBit(hn::BitCast(di, f_hi)));  // 0 or all ones
  // |F| = (F ^ sgn) - sgn over 128 bits.
  const VU x_lo = hn::Xor(r_lo, sgn), x_hi = hn::Xor(f_hi, sgn);
  const VU a_lo = hn::Sub(x_lo, sgn);
  const VU a_hi = hn::IfThenElse(hn::Eq(a_lo, hn::Zero(du)), hn::Sub(x_hi, sgn), x_hi);  // the borrow
  // |f| >= 2^-40 <=> |F| >= 2^86 <=> the high word >= 2^22; then it is nonzero
  // and the scalar clz of the 128-bit value is that of the high word.
  const auto ok = hn::Gt(a_hi, hn::Set(du, (std::uint64_t(1) << 22) - 1));
  // Its leading zeros: a_hi <= 2^61 (|F| <= 2^125), so v = a_hi >> 10 < 2^52
  // and 2^52 + v is exact in a double; minus 2^52 it is v, exactly, whose
  // biased exponent e gives lz = 63 - (e - 1023 + 10) = 1076 - e (no i64 ->
  // f64 conversion: AVX2 has none). Lanes with a_hi < 2^10 (never one that
  // holds, a_hi >= 2^22) give v = 0, lz 64 after the clamp.
  const VD two52 = hn::Set(d, 0x1p52);
  const VD t = hn::Sub(hn::BitCast(d, hn::Or(hn::ShiftRight<10>(a_hi), hn::BitCast(du, two52))), two52);
  const VU lz = hn::Min(hn::Sub(hn::Set(du, 1076), hn::ShiftRight<52>(hn::BitCast(du, t))), hn::Set(du, 64));
  const VU top0 = hn::Or(hn::Shl(a_hi, lz), hn::Shr(a_lo, hn::Sub(hn::Set(du, 64), lz)));
  const VU rest = hn::Shl(a_lo, lz);
  const VU top = hn::Or(top0, hn::IfThenZeroElse(hn::Eq(rest, hn::Zero(du)), one));  // the sticky bit
  const VD top_d = hn::ConvertTo(d, top);  // round to nearest, as the scalar (double)u64
  // 2^(-62 - lz), exact scaling; then the sign of F.
  const VD scale = hn::BitCast(d, hn::ShiftLeft<52>(hn::Sub(hn::Set(du, 1023 - 62), lz)));
  f = hn::BitCast(d, hn::Xor(hn::BitCast(du, hn::Mul(top_d, scale)), hn::ShiftLeft<63>(sgn)));
  return hn::RebindMask(d, ok);
}

// sincos_eval_quadrant on N lanes (q in 0..3).
HWY_INLINE VD eval_quadrant(VU q, VD f) {
  const DD d;
  const DU du;
  const VD u = mul(f, f);
  const MD odd = hn::RebindMask(d, hn::Eq(hn::And(q, hn::Set(du, 1)), hn::Set(du, 1)));
  const VD m = hn::IfThenElse(odd, hn::Set(d, 1.0), f);
  const VD p = hn::Mul(m, estrin<false>(tables::sin_f_coeffs, tables::cos_f_coeffs, odd, u, hn::FirstN(d, 0)));
  const VU flip = hn::ShiftLeft<62>(hn::And(q, hn::Set(du, 2)));
  return hn::BitCast(d, hn::Xor(hn::BitCast(du, p), flip));
}

// N inputs: y (NaN where the scalar layer has none) into yp, the decided
// results into out, and the mask of the lanes decided.
template <bool Sin>
HWY_INLINE MD kernel(const float* xp, float* out, double* yp) {
  const DD d;
  const DU du;
  const DF df;
  const DU32 du32;
  const auto x = hn::LoadU(df, xp);
  const auto bits32 = hn::BitCast(du32, x);
  const auto abits32 = hn::And(bits32, hn::Set(du32, 0x7fffffffu));
  const VU ab = hn::PromoteTo(du, abits32);
  const VD xd = hn::PromoteTo(d, x);  // exact
  // |x| <= 0x3f490fda: the Taylor polynomial in x; otherwise the reduction,
  // then the quadrant's polynomial. Each only where some lane needs it
  // (neighbouring inputs, as in a sweep, mostly take the same one).
  const MD tiny = hn::RebindMask(d, hn::Lt(ab, hn::Set(du, sincos_tiny_bits)));
  const MD nonzero = hn::RebindMask(d, hn::Ne(ab, hn::Zero(du)));
  if (hn::AllTrue(d, tiny)) {
    // Every lane |x| < 2^-12 (the vectors of about half of all floats in an
    // exhaustive sweep): decided without y (sin x -> x, cos x -> 1), and y is
    // estrin<true>'s value from its first terms alone. There u = x^2 < 2^-24
    // and u2 = u^2 <= 2^-48; estrin's b1 u4 and c8 u8 are zeros (above), and
    // b0 = a0 + a1 u2 with a0 = c0 + c1 u, a1 = c2 + c3 u. For sin, |a1 u2|
    // <= (0x1.1111111111111p-7 (1 + 2^-52)) 2^-48 < 2^-54.9, under half the
    // spacing of doubles either side of a0 in [1 - 2^-26, 1] (2^-54), so
    // b0 rounds back to a0, bit for bit: y = x a0. For cos, a1 u2 (up to
    // 2^-52.6) counts: y = b0. The same operations in the same order as
    // estrin's, so the same bits; 4 to 7 operations instead of about 30.
    const VD u = mul(xd, xd);
    const auto coeff = [&](int k) { return hn::Set(d, Sin ? tables::sin_x_coeffs[k] : tables::cos_x_coeffs[k]); };
    const VD a0 = hn::Add(coeff(0), mul(coeff(1), u));
    VD y;
    if constexpr (Sin) {
      y = hn::Mul(xd, a0);
    } else {
      const VD a1 = hn::Add(coeff(2), mul(coeff(3), u));
      y = hn::Add(a0, mul(a1, mul(u, u)));
    }
    hn::StoreU(hn::IfThenElse(nonzero, y, hn::Set(d, std::nan(""))), d, yp);
    hn::StoreU(Sin ? x : hn::Set(df, 1.0f), df, out);
    return tiny;
  }
  const MD small = hn::RebindMask(d, hn::Lt(ab, hn::Set(du, std::uint64_t(sincos_small_bits) + 1)));
  VD y_small = hn::Zero(d), y_large = hn::Zero(d);
  MD reduced = hn::FirstN(d, 0);
  if (!hn::AllFalse(d, small)) {
    const VD u = mul(xd, xd);
    y_small = Sin ? hn::Mul(xd, estrin<true>(tables::sin_x_coeffs, tables::sin_x_coeffs, hn::FirstN(d, 0), u, tiny))
                  : estrin<true>(tables::cos_x_coeffs, tables::cos_x_coeffs, hn::FirstN(d, 0), u, tiny);
  }
  if (!hn::AllTrue(d, small)) {
    VU k;
    VD f;
    reduced = reduce(ab, k, f);
    const VU q = hn::And(Sin ? k : hn::Add(k, hn::Set(du, 1)), hn::Set(du, 3));
    y_large = eval_quadrant(q, f);
    if constexpr (Sin) {  // odd: the sign of x
      const VU sign = hn::ShiftLeft<63>(hn::ShiftRight<31>(hn::PromoteTo(du, bits32)));
      y_large = hn::BitCast(d, hn::Xor(hn::BitCast(du, y_large), sign));
    }
  }
  const VD y = hn::IfThenElse(small, y_small, y_large);
  const MD finite = hn::RebindMask(d, hn::Lt(ab, hn::Set(du, 0x7f800000)));
  const MD computed = hn::And(finite, hn::Or(small, reduced));
  hn::StoreU(hn::IfThenElse(hn::And(computed, nonzero), y, hn::Set(d, std::nan(""))), d, yp);
  // sincos_decide, nearest: y (1 -+ 2^-47) must round to the same float.
  const VD w = mul(hn::Abs(y), hn::Set(d, sincos_check_width));
  const auto lo = hn::DemoteTo(df, hn::Sub(y, w));
  const auto hi = hn::DemoteTo(df, hn::Add(y, w));
  const MD same =
      hn::RebindMask(d, hn::Eq(hn::PromoteTo(du, hn::BitCast(du32, lo)), hn::PromoteTo(du, hn::BitCast(du32, hi))));
  // |x| < 2^-12 is decided without y: sin x -> x, cos x -> 1 (sinf_fast).
  const auto tiny32 = hn::Lt(abits32, hn::Set(du32, sincos_tiny_bits));
  const auto tiny_r = Sin ? x : hn::Set(df, 1.0f);
  hn::StoreU(hn::IfThenElse(hn::RebindMask(df, tiny32), tiny_r, lo), df, out);
  return hn::Or(tiny, hn::And(computed, same));
}

// The whole vectors of x[0, n): out, y (may be null) and, for the lanes the
// kernel leaves undecided (undecided, NaN, Inf), fallback(x, out, y) (the
// scalar layer, MPFR where needed). Returns the count done; `out` may alias x.
template <bool Sin, class Fallback>
inline std::size_t sincosf_batch(const float* x, float* out, double* y, std::size_t n, Fallback fallback) {
  const DD d;
  const std::size_t lanes = hn::Lanes(d);
  alignas(64) double scratch[max_lanes];
  alignas(64) float r[max_lanes];
  std::size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    double* ys = y ? y + i : scratch;
    const MD done = kernel<Sin>(x + i, r, ys);
    if (!hn::AllTrue(d, done)) [[unlikely]]
      simd::BITEXACT_SIMD_NS::for_each_false_lane(d, done, [&](std::size_t j) { fallback(x[i + j], r[j], ys[j]); });
    std::memcpy(out + i, r, lanes * sizeof(float));  // after every read of x + i
  }
  return i;
}

// detail::ulp_error_from_approx's operations on N lanes (the same binary64
// products, subtraction and exact scaling), for the whole vectors of idx[0,
// n): e[q] for the q-th listed input idx[q]. Lanes it does not decide (a NaN
// approximation, a result that is not finite, an uncertain binade) take
// fallback(q), which also holds the rules for tiny inputs. X: 64-bit words
// holding float bits in their low half, or floats. Returns the count done.
template <class X, class Fallback>
inline std::size_t ulp_errors(const double* approx, const X* r, const std::uint32_t* idx, std::size_t n, double* e,
                              Fallback fallback) {
  const DD d;
  const DU du;
  const DI di;
  const DU32 du32;
  const hn::Rebind<std::int32_t, DD> di32;
  const std::size_t lanes = hn::Lanes(d);
  std::size_t q = 0;
  for (; q + lanes <= n; q += lanes) {
    const auto j32 = hn::BitCast(di32, hn::LoadU(du32, idx + q));
    const auto j = hn::PromoteTo(di, j32);
    const VD y = hn::GatherIndex(d, approx, j);
    hn::Vec<DU32> r32;
    if constexpr (sizeof(X) == 8)
      r32 = hn::TruncateTo(du32, hn::GatherIndex(du, reinterpret_cast<const std::uint64_t*>(r), j));
    else
      r32 = hn::BitCast(du32, hn::GatherIndex(DF(), r, j32));
    const VD ay = hn::Abs(y);
    const VU elo = hn::ShiftRight<52>(hn::BitCast(du, mul(ay, hn::Set(d, 1 - 0x1p-47))));
    const VU ehi = hn::ShiftRight<52>(hn::BitCast(du, mul(ay, hn::Set(d, 1 + 0x1p-47))));
    // Biased exponents below 1023 - 126 count as 1023 - 126 (subnormal range).
    const VU floor = hn::Set(du, 1023 - 126);
    const VU blo = hn::Max(elo, floor), bhi = hn::Max(ehi, floor);
    const MD certain = hn::RebindMask(d, hn::Eq(blo, bhi));
    const VU r_abs = hn::PromoteTo(du, hn::And(r32, hn::Set(du32, 0x7fffffffu)));
    const MD finite_r = hn::RebindMask(d, hn::Lt(r_abs, hn::Set(du, 0x7f800000)));
    const MD has_y = hn::Not(hn::IsNaN(y));
    // 2^(23 - e) with e = blo - 1023: biased 1023 + 23 - e = 2069 - blo.
    const VD scale = hn::BitCast(d, hn::ShiftLeft<52>(hn::Sub(hn::Set(du, 2069), blo)));
    const VD diff = hn::Sub(hn::PromoteTo(d, hn::BitCast(DF(), r32)), y);
    hn::StoreU(hn::Mul(hn::Abs(diff), scale), d, e + q);
    const MD done = hn::And(hn::And(certain, finite_r), has_y);
    if (!hn::AllTrue(d, done)) [[unlikely]]
      simd::BITEXACT_SIMD_NS::for_each_false_lane(d, done, [&](std::size_t l) { fallback(q + l); });
  }
  return q;
}

}  // namespace bitexact::truth::detail::BITEXACT_SIMD_NS
