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

// f(j) for each lane j, ascending, where `mask` is false: the lanes a kernel
// leaves to the scalar code.
template <class D, class M, class F>
HWY_INLINE void for_each_false_lane(D d, M mask, F f) {
  std::uint8_t bits[max_lanes<std::uint8_t> / 8];
  hn::StoreMaskBits(d, mask, bits);
  for (std::size_t j = 0; j < hn::Lanes(d); ++j)
    if (!(bits[j / 8] >> (j % 8) & 1)) f(j);
}

}  // namespace bitexact::simd::BITEXACT_SIMD_NS
