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
#endif
    return hn::CompressStore(v, m, d, p);
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
