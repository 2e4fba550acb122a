// bitexact/nv/nv_span-inl.hpp — the SIMD kernels of bitexact/nv/nv_span.hpp,
// compiled once per target of bitexact/simd/hwy.hpp (bitexact/simd/foreach.hpp
// includes this file; no include guard). Each kernel does the whole vectors of
// a span and returns how many elements that was; the span form finishes the
// rest with the scalar function.

namespace bitexact::nv::detail::BITEXACT_SIMD_NS {

namespace hn = hwy::BITEXACT_SIMD_NS;

// cvt.rpi{.ftz}.f32.f32 (ptx::cvt_rpi_f32_f32): Ceil is IEEE
// roundToIntegralTowardPositive (vroundps, frintp), as the model; a NaN lane
// becomes the canonical 0x7fffffff; .ftz first flushes a subnormal input to
// the zero of its sign (on the integer bits: no MXCSR or FPCR mode involved).
template <mode M>
inline std::size_t ceilf_kernel(const float* in, float* out, std::size_t n) {
  const hn::ScalableTag<float> d;
  const hn::RebindToSigned<decltype(d)> di;
  const std::size_t lanes = hn::Lanes(d);
  const auto canonical = hn::BitCast(d, hn::Set(di, std::int32_t(ptx::canonical_nan_f32)));
  std::size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    auto x = hn::LoadU(d, in + i);
    if constexpr (M == mode::ftz) x = simd::BITEXACT_SIMD_NS::flush_subnormals(x);
    hn::StoreU(hn::IfThenElse(hn::IsNaN(x), canonical, hn::Ceil(x)), d, out + i);
  }
  return i;
}

// cvt.rpi.f64.f64 (ptx::cvt_rpi_f64_f64): Ceil; a NaN comes back quieted with
// its payload, as the model (and the H100) has it, and as vroundpd and frintp do.
inline std::size_t ceil_kernel(const double* in, double* out, std::size_t n) {
  const hn::ScalableTag<double> d;
  const std::size_t lanes = hn::Lanes(d);
  std::size_t i = 0;
  for (; i + lanes <= n; i += lanes) hn::StoreU(hn::Ceil(hn::LoadU(d, in + i)), d, out + i);
  return i;
}

}  // namespace bitexact::nv::detail::BITEXACT_SIMD_NS
