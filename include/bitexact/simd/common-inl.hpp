// bitexact/simd/common-inl.hpp — helpers every kernel of one target shares,
// in bitexact::simd::BITEXACT_SIMD_NS. Compiled once per target by
// bitexact/simd/foreach.hpp (which guards it per target); no include guard.
namespace bitexact::simd::BITEXACT_SIMD_NS {

namespace hn = hwy::BITEXACT_SIMD_NS;

// v unchanged, but opaque to the optimiser: a product pinned so is not
// contracted with the addition it feeds (GCC fuses a vector Mul into an Add
// even at its default -ffp-contract; the vendors round the product first).
template <class V>
HWY_INLINE V pin(V v) {
#if BITEXACT_SIMD_TARGET == HWY_SVE
  asm("" : "+w"(v));
#elif HWY_ARCH_ARM_A64
  asm("" : "+w"(v.raw));
#else
  asm("" : "+v"(v.raw));
#endif
  return v;
}

// The product a*b, rounded on its own (see pin).
template <class V>
HWY_INLINE V mul(V a, V b) {
  return pin(hn::Mul(a, b));
}

// Whether the vector unit follows IEEE 754 on subnormal numbers in the
// calling thread: no flush of tiny results to zero, no reading of subnormal
// operands as zeros (MXCSR's FTZ and DAZ on x86, FPCR.FZ on Arm, which a
// program or a library built with -ffast-math may set). Kernels whose lanes
// rely on it ask first. The operands are pinned, so the compiler cannot
// compute the answer itself: 2^-70 * 2^-70 (0 under FTZ) plus 2^-140 * 1 (0
// under DAZ or FTZ) is 2^-139, bits 0x400, only under IEEE's rules.
HWY_INLINE bool ieee_subnormals() {
  const hn::ScalableTag<float> d;
  const hn::RebindToUnsigned<decltype(d)> du;
  const auto a = pin(hn::Set(d, 0x1p-70f)), s = pin(hn::Set(d, 0x1p-140f));
  const auto r = hn::Add(hn::Mul(a, a), hn::Mul(s, pin(hn::Set(d, 1.0f))));
  return hn::GetLane(hn::BitCast(du, r)) == 0x400u;
}

// The flush of an FTZ/DAZ unit (ptx::flush<ftz>, amdgcn::flush<true>) on
// every float lane: |v| < 2^-126 (a subnormal or a zero) becomes the zero of
// its sign. On the integer bits: no MXCSR or FPCR mode is involved.
template <class V>
HWY_INLINE V flush_subnormals(V v) {
  const hn::DFromV<V> d;
  const hn::RebindToSigned<decltype(d)> di;
  const auto bits = hn::BitCast(di, v);
  const auto sub = hn::Lt(hn::And(bits, hn::Set(di, 0x7fffffff)), hn::Set(di, 0x00800000));
  return hn::BitCast(d, hn::IfThenElse(sub, hn::And(bits, hn::Set(di, std::int32_t(0x80000000u))), bits));
}

// hn::CompressStore(v, m, d, p) on every target: the lanes of v where m is
// true, in order, to p[0, count), and a whole vector written (p must have room
// for N lanes; those past count hold anything); returns count. On AVX2,
// Highway 1.0.3 keeps the index tables of its Compress in non-static local
// arrays, which GCC copies onto the stack at every call (rep movs of 1 KiB
// for 32-bit lanes, 512 bytes for 64-bit), and its CompressBlendedStore ends
// in a masked store (slow on AMD's cores): the two were 70% of the nv sinf
// span's time on Payne-Hanek inputs. Here the same permutation comes from one
// static table of packed 4-bit indices, and the store is a plain one.
#if BITEXACT_SIMD_TARGET == HWY_AVX2
namespace compress_detail {
// For each mask of 8 lanes (Bytes = 4) or 4 lanes (Bytes = 8): the 32-bit
// source index of each 32-bit destination lane, 4 bits each, the chosen lanes
// first and in order (the rest follow).
template <std::size_t Bytes>
constexpr std::array<std::uint32_t, (Bytes == 4 ? 256 : 16)> packed_indices() {
  constexpr std::size_t lanes = 32 / Bytes, words = Bytes / 4;
  std::array<std::uint32_t, (Bytes == 4 ? 256 : 16)> t{};
  for (std::size_t m = 0; m < t.size(); ++m) {
    std::uint32_t packed = 0;
    std::size_t k = 0;
    for (int chosen = 1; chosen >= 0; --chosen)
      for (std::size_t j = 0; j < lanes; ++j)
        if (((m >> j) & 1) == std::size_t(chosen))
          for (std::size_t w = 0; w < words; ++w, ++k) packed |= std::uint32_t(j * words + w) << (4 * k);
    t[m] = packed;
  }
  return t;
}
inline constexpr auto packed32 = packed_indices<4>();
inline constexpr auto packed64 = packed_indices<8>();
}  // namespace compress_detail
#endif

template <class D>
HWY_INLINE std::size_t compress_store(hn::Vec<D> v, hn::Mask<D> m, D d, hn::TFromD<D>* p) {
#if BITEXACT_SIMD_TARGET == HWY_AVX2
  using T = hn::TFromD<D>;
  if constexpr ((sizeof(T) == 4 || sizeof(T) == 8) && hn::MaxLanes(D()) * sizeof(T) == 32) {
    const hn::Repartition<std::uint32_t, D> du32;
    std::uint8_t bits[8] = {};
    hn::StoreMaskBits(d, m, bits);
    const std::uint32_t packed =
        sizeof(T) == 4 ? compress_detail::packed32[bits[0]] : compress_detail::packed64[bits[0] & 15];
    const auto idx =
        hn::And(hn::Shr(hn::Set(du32, packed), hn::ShiftLeft<2>(hn::Iota(du32, 0))), hn::Set(du32, 15u));
    const auto moved = hn::BitCast(d, hn::TableLookupLanes(hn::BitCast(du32, v), hn::IndicesFromVec(du32, idx)));
    hn::StoreU(moved, d, p);
    return std::size_t(__builtin_popcount(bits[0]));
  } else
#elif BITEXACT_SIMD_TARGET == HWY_AVX3
  // AVX-512: Highway's CompressStore is VPCOMPRESSD/Q with a memory operand,
  // microcoded on AMD's Zen 4 (list_differences was 20% of `sweep sinf
  // --impl nv,ocml` there); the register form and a plain store instead.
  // For 64-bit lanes Highway 1.0.3's Compress is a permute whose indices
  // come from a function-local table that GCC copies onto the stack at every
  // call (a rep movs of 2 KiB: 42% of the accounting's `ordinary` pass);
  // VPCOMPRESSQ's register form (AVX-512F, VL for the narrower vectors) does
  // the same permutation in one instruction.
  using T = hn::TFromD<D>;
  if constexpr (sizeof(T) == 8) {
    const hn::RebindToUnsigned<D> du;
    const auto vu = hn::BitCast(du, v);
    const auto mu = hn::RebindMask(du, m);
    hn::Vec<decltype(du)> c;
    if constexpr (hn::MaxLanes(D()) == 8)
      c.raw = _mm512_maskz_compress_epi64(mu.raw, vu.raw);
    else if constexpr (hn::MaxLanes(D()) == 4)
      c.raw = _mm256_maskz_compress_epi64(mu.raw, vu.raw);
    else
      c.raw = _mm_maskz_compress_epi64(mu.raw, vu.raw);
    hn::StoreU(hn::BitCast(d, c), d, p);
    return hn::CountTrue(d, m);
  } else if constexpr (sizeof(T) == 4) {
    hn::StoreU(hn::Compress(v, m), d, p);
    return hn::CountTrue(d, m);
  } else
#endif
    return hn::CompressStore(v, m, d, p);
}

// The whole vectors of in[0, n) (`lanes` floats each) in blocks of up to
// Block inputs, a multiple of every target's lane count: f(in + i, out + i,
// len) for each block at i. Returns the count done. For the kernels that
// work a block in passes (nv's and ocml's trig spans).
template <std::size_t Block, class F>
HWY_INLINE std::size_t for_each_block(const float* in, float* out, std::size_t n, std::size_t lanes, F f) {
  std::size_t i = 0;
  while (i + lanes <= n) {
    const std::size_t len = std::min(Block, (n - i) / lanes * lanes);
    f(in + i, out + i, len);
    i += len;
  }
  return i;
}

// f(j) for each lane j, ascending, where `mask` is false: the lanes a kernel
// leaves to the scalar code.
template <class D, class M, class F>
HWY_INLINE void for_each_false_lane(D d, M mask, F f) {
  std::uint8_t bits[max_lanes<std::uint8_t> / 8];
  hn::StoreMaskBits(d, mask, bits);
  for (std::size_t j = 0; j < hn::Lanes(d); ++j)
    if (!(bits[j / 8] >> (j % 8) & 1)) f(j);
}

// ---- fmod's exact remainder on lanes -------------------------------------------

// remainder::abs_fmod_bits<float> (bitexact/remainder.hpp) on two vectors
// of 64-bit lanes: |x| mod |y| as float bits, from ax, ay (float bits, sign
// cleared, zero-extended) with finite ax >= ay > 0; the caller gives other
// lanes 1.0's bits (every loop below then ends). With |x| = mx 2^ex and
// |y| = my 2^ey (integers mx, my < 2^24; a subnormal's unnormalised, which
// the steps do not mind), the remainder (mx 2^(ex - ey)) mod my is taken up
// to 29 bits a step in binary64, where every value is an integer below 2^53
// and every operation exact but three roundings: with t = r 2^s < 2^53
// (after the first step r < my and s <= 29; the first step has r = mx and
// s <= 29 where y's exponent field is above 1, so my >= 2^23, else s = 0)
// and the reciprocal made low on purpose, inv = RN(RN(1 / my) (1 - 2^-50)),
// the quotient estimate RN(r (inv 2^s)) = RN(t inv) is t / my times a factor
// in (1 - 2^-49, 1 - 2^-51): below t / my, and by less than 2^30 2^-49 (the
// quotient is below 2^30). So its floor q is t / my's floor or one less,
// t - q my (q my <= t < 2^53: exact, fused or not) lies in [0, 2 my), and
// one subtraction where it is >= my leaves t mod my. The result
// v = r 2^(ey - 150), exact in binary64, becomes float bits on the integers:
// a normal float by moving v's exponent field (its low 29 significand bits
// are zero), a subnormal as the integer v 2^149 (below 2^23; v is a multiple
// of 2^-149). Only IEEE binary64 operations, exact but for those three
// roundings, no subnormal ever: the same bits on every target, whatever the
// flush modes. Two vectors at once, their steps interleaved: each step waits
// on the one before (about 20 cycles), so two independent chains take little
// more time than one.
template <class DU>
HWY_INLINE void abs_fmod_f32(DU du, hn::Vec<DU> ax0, hn::Vec<DU> ay0, hn::Vec<DU> ax1, hn::Vec<DU> ay1,
                             hn::Vec<DU>& out0, hn::Vec<DU>& out1) {
  const hn::RebindToFloat<DU> dd;
  const hn::RebindToSigned<DU> di;  // (the values compared are below 2^63)
  using VU = hn::Vec<DU>;
  using VD = hn::Vec<decltype(dd)>;
  const VU frac = hn::Set(du, 0x7fffff), one = hn::Set(du, 1);
  // m and the biased exponent of its unit, max(field, 1): |a| = m 2^(e - 150).
  const auto split = [&](VU a, VU& m, VU& e) {
    const VU field = hn::ShiftRight<23>(a);
    m = hn::IfThenElse(hn::Eq(field, hn::Zero(du)), hn::And(a, frac), hn::Or(hn::And(a, frac), hn::Set(du, 0x800000)));
    e = hn::Max(field, one);
  };
  // Integers below 2^52 to binary64 on the bits (2^52 + v, less 2^52): exact, no i64 -> f64 conversion.
  const VD two52 = hn::Set(dd, 0x1p52);
  const auto to_double = [&](VU v) { return hn::Sub(hn::BitCast(dd, hn::Or(v, hn::BitCast(du, two52))), two52); };
  const auto pow2 = [&](VU biased) { return hn::BitCast(dd, hn::ShiftLeft<52>(biased)); };
  // r 2^s mod m from r, 2^s and inv 2^s (exact scalings, off the chain of steps).
  const auto reduce = [&](VD r, VD p2, VD sinv, VD m) {
    const VD q = hn::Floor(mul(r, sinv));
    const VD t = hn::NegMulAdd(q, m, mul(r, p2));  // exact, so fused or not alike
    return hn::IfThenElse(hn::Ge(t, m), hn::Sub(t, m), t);
  };
  const auto finish = [&](VD r, VU ey) {
    const VD v = mul(r, pow2(hn::Add(ey, hn::Set(du, 1023 - 150))));
    const VU vb = hn::BitCast(du, v);
    const VU normal = hn::ShiftRight<29>(hn::Sub(vb, hn::Set(du, std::uint64_t(1023 - 127) << 52)));
    const VU subnormal = hn::And(hn::BitCast(du, hn::Add(mul(v, hn::Set(dd, 0x1p149)), two52)), frac);
    const auto is_normal = hn::Gt(hn::BitCast(di, vb), hn::Set(di, (std::int64_t(1023 - 126) << 52) - 1));
    return hn::IfThenElse(hn::RebindMask(du, is_normal), normal, subnormal);
  };
  VU mx0, ex0, my0, ey0, mx1, ex1, my1, ey1;
  split(ax0, mx0, ex0);
  split(ay0, my0, ey0);
  split(ax1, mx1, ex1);
  split(ay1, my1, ey1);
  const VD one_d = hn::Set(dd, 1.0), low = hn::Set(dd, 1.0 - 0x1p-50);
  const VD m0 = to_double(my0), inv0 = mul(hn::Div(one_d, m0), low);
  const VD m1 = to_double(my1), inv1 = mul(hn::Div(one_d, m1), low);
  // The first step: up to 29 bits where y's exponent field is above 1
  // (my >= 2^23, so t / my < 2^30), none otherwise (t = mx < 2^24: a
  // subnormal y's my may be as small as 1).
  const VU step = hn::Set(du, 29), bias = hn::Set(du, 1023);
  VU k0 = hn::Sub(ex0, ey0), k1 = hn::Sub(ex1, ey1);
  const VU s0 = hn::IfThenElse(hn::Eq(ey0, one), hn::Zero(du), hn::Min(k0, step));
  const VU s1 = hn::IfThenElse(hn::Eq(ey1, one), hn::Zero(du), hn::Min(k1, step));
  const VD p0 = pow2(hn::Add(s0, bias)), p1 = pow2(hn::Add(s1, bias));
  VD r0 = reduce(to_double(mx0), p0, mul(inv0, p0), m0), r1 = reduce(to_double(mx1), p1, mul(inv1, p1), m1);
  k0 = hn::Sub(k0, s0);
  k1 = hn::Sub(k1, s1);
  while (!hn::AllTrue(du, hn::Eq(hn::Or(k0, k1), hn::Zero(du)))) {
    const VU s0 = hn::Min(k0, step), s1 = hn::Min(k1, step);
    const VD p0 = pow2(hn::Add(s0, bias)), p1 = pow2(hn::Add(s1, bias));
    r0 = reduce(r0, p0, mul(inv0, p0), m0);
    r1 = reduce(r1, p1, mul(inv1, p1), m1);
    k0 = hn::Sub(k0, s0);
    k1 = hn::Sub(k1, s1);
  }
  out0 = finish(r0, ey0);
  out1 = finish(r1, ey1);
}

// The span form of an fmodf whose finite-operand results are the exact
// remainder (nv::fmodf, nv::fmodf_ftz, ocml::fmod_f32<C>: bitexact/
// remainder.hpp says why) on the whole vectors of x, y: out[i] is |x| mod |y|
// with x's sign where |x| >= |y|, x itself where |x| < |y| (y infinite
// included). Flush (nvcc -ftz=true, ocml's DAZ configurations) flushes both
// operands first and a subnormal result to the zero of x's sign. NanBits,
// where not 0, is the NaN the function returns for a non-finite x or a NaN
// y (nv: 0x7fffffff, the canonical NaN of its last PTX mul; ocml outside
// finite-only configurations: the default NaN); those lanes, where it is 0,
// and the lanes with a finite x and a zero y (after the flush) take
// scalar(x, y). SlowPathIeee (Triton's build of nv::fmodf): the remainder of
// the path |x| > 2^23 |y|, whose closing multiplications are IEEE there, is
// not flushed (Flush still flushes the operands and every other result).
// Two vectors a step (abs_fmod_f32); returns the count done; out may alias x
// or y.
template <bool Flush, std::uint32_t NanBits, class Scalar, bool SlowPathIeee = false>
inline std::size_t fmodf_span(const float* xp, const float* yp, float* out, std::size_t n, Scalar scalar) {
  const hn::ScalableTag<std::uint64_t> du;
  const hn::Rebind<float, decltype(du)> df;  // one float per 64-bit lane
  const hn::Rebind<std::uint32_t, decltype(du)> du32;
  const hn::RebindToSigned<decltype(du)> di;
  const std::size_t lanes = hn::Lanes(du);
  alignas(64) float r[2 * max_lanes<std::uint64_t>];
  const auto abs_mask = hn::Set(du, 0x7fffffff), inf = hn::Set(du, 0x7f800000), one = hn::Set(du, 0x3f800000);
  // Compared as signed 64-bit lanes (every value below 2^31).
  const auto lt = [&](auto a, auto b) { return hn::RebindMask(du, hn::Lt(hn::BitCast(di, a), hn::BitCast(di, b))); };
  std::size_t i = 0;
  using VU = hn::Vec<decltype(du)>;
  using MU = hn::Mask<decltype(du)>;
  // The lanes at xp + j: x's bits (flushed under Flush), the lanes the
  // kernel does (ok), those that divide (|x| >= |y|, y finite and nonzero),
  // those given NanBits, and the operands of abs_fmod_f32 (1.0's bits where
  // a lane does not divide).
  const auto load = [&](std::size_t j, VU& xb, MU& ok, MU& divides, MU& nan, VU& ax, VU& ay, MU& keep_subnormal) {
    auto x = hn::LoadU(df, xp + j), y = hn::LoadU(df, yp + j);
    if constexpr (Flush) {
      x = flush_subnormals(x);
      y = flush_subnormals(y);
    }
    xb = hn::PromoteTo(du, hn::BitCast(du32, x));
    const VU a = hn::And(xb, abs_mask), b = hn::And(hn::PromoteTo(du, hn::BitCast(du32, y)), abs_mask);
    const MU x_finite = lt(a, inf), y_nan = lt(inf, b);
    const MU usable = hn::AndNot(hn::Or(y_nan, hn::Eq(b, hn::Zero(du))), x_finite);  // then y is +-inf or divides
    divides = hn::AndNot(lt(a, b), usable);
    nan = NanBits != 0 ? hn::Or(hn::Not(x_finite), y_nan) : hn::FirstN(du, 0);
    ok = hn::Or(usable, nan);
    ax = hn::IfThenElse(divides, a, one);
    ay = hn::IfThenElse(divides, b, one);
    // |x| > 2^23 |y|, the product IEEE's (y normal after the flush: its bits
    // plus 23 in the exponent field, or at least +inf's when it overflows).
    keep_subnormal = SlowPathIeee ? lt(hn::Add(b, hn::Set(du, 23u << 23)), a) : hn::FirstN(du, 0);
  };
  // The result bits of those lanes to r + j: x's sign on the remainder
  // (flushed under Flush), x itself where |x| < |y|, or NanBits.
  const auto store = [&](std::size_t j, VU xb, MU divides, MU nan, VU rem, MU keep_subnormal) {
    if constexpr (Flush) rem = hn::IfThenZeroElse(hn::AndNot(keep_subnormal, lt(rem, hn::Set(du, 0x800000))), rem);
    VU bits = hn::IfThenElse(divides, hn::Or(rem, hn::AndNot(abs_mask, xb)), xb);
    if constexpr (NanBits != 0) bits = hn::IfThenElse(nan, hn::Set(du, NanBits), bits);
    hn::StoreU(hn::BitCast(df, hn::TruncateTo(du32, bits)), df, r + j);
  };
  for (; i + 2 * lanes <= n; i += 2 * lanes) {
    VU xb0, ax0, ay0, xb1, ax1, ay1, rem0, rem1;
    MU ok0, divides0, nan0, keep0, ok1, divides1, nan1, keep1;
    load(i, xb0, ok0, divides0, nan0, ax0, ay0, keep0);
    load(i + lanes, xb1, ok1, divides1, nan1, ax1, ay1, keep1);
    abs_fmod_f32(du, ax0, ay0, ax1, ay1, rem0, rem1);
    store(0, xb0, divides0, nan0, rem0, keep0);
    store(lanes, xb1, divides1, nan1, rem1, keep1);
    if (!hn::AllTrue(du, hn::And(ok0, ok1))) [[unlikely]] {
      for_each_false_lane(du, ok0, [&](std::size_t j) { r[j] = scalar(xp[i + j], yp[i + j]); });
      for_each_false_lane(du, ok1, [&](std::size_t j) { r[lanes + j] = scalar(xp[i + lanes + j], yp[i + lanes + j]); });
    }
    std::memcpy(out + i, r, 2 * lanes * sizeof(float));  // after every read of xp + i, yp + i
  }
  return i;
}

}  // namespace bitexact::simd::BITEXACT_SIMD_NS
