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

}  // namespace bitexact::simd::BITEXACT_SIMD_NS
