// bitexact/nv/nv_span-inl.hpp — the SIMD kernels of bitexact/nv/nv_span.hpp,
// compiled once per target of bitexact/simd/hwy.hpp (bitexact/simd/foreach.hpp
// includes this file; no include guard). Each kernel does the whole vectors of
// a span and returns how many elements that was; the span form finishes the
// rest with the scalar function.

#include "bitexact/nv/ptx_lanes-inl.hpp"

namespace bitexact::nv::detail::BITEXACT_SIMD_NS {

namespace hn = hwy::BITEXACT_SIMD_NS;

// cvt.rpi{.ftz}.f32.f32 (ptx::cvt_rpi_f32_f32): Ceil is IEEE
// roundToIntegralTowardPositive (vroundps, frintp), as the model; a NaN lane
// becomes the canonical 0x7fffffff; .ftz first flushes a subnormal input to
// the zero of its sign (on the integer bits: no MXCSR or FPCR mode involved).
// Without .ftz, Ceil of a positive subnormal is 1 only where the vector unit
// does not read it as zero (DAZ): elsewhere the span is left to the model.
template <mode M>
inline std::size_t ceilf_kernel(const float* in, float* out, std::size_t n) {
  const hn::ScalableTag<float> d;
  const hn::RebindToSigned<decltype(d)> di;
  const std::size_t lanes = hn::Lanes(d);
  if (M == mode::ieee && n >= lanes && !simd::BITEXACT_SIMD_NS::ieee_subnormals()) return 0;
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
// A subnormal: as ceilf_kernel.
inline std::size_t ceil_kernel(const double* in, double* out, std::size_t n) {
  const hn::ScalableTag<double> d;
  const std::size_t lanes = hn::Lanes(d);
  if (n >= lanes && !simd::BITEXACT_SIMD_NS::ieee_subnormals()) return 0;
  std::size_t i = 0;
  for (; i + lanes <= n; i += lanes) hn::StoreU(hn::Ceil(hn::LoadU(d, in + i)), d, out + i);
  return i;
}

// The rows written against ptx.hpp's lane forms: `lanes(x)` is the
// reproduction on ptx_lanes-inl.hpp's lane type, `scalar(x)` on a float. The
// lanes a vector op could not vouch for are recomputed by `scalar`, from the
// inputs kept before the store (the span may be in place). `flatten` inlines
// the reproduction's template, defined outside this target's region, into
// the kernel, where the lane type's ops (this target's) can be inlined too.
#if BITEXACT_SIMD_TARGET == HWY_SVE
template <bool Mixed, class Lanes, class Scalar>
inline std::size_t lanes_kernel(const float* in, float* out, std::size_t n, Lanes lanes, Scalar scalar) {
  return N_NEON::lanes_kernel<Mixed>(in, out, n, lanes, scalar);  // SVE vectors cannot be class members
}
#else
// Out of line, so that the flattened kernel does not inline the scalar function.
template <class Scalar>
[[gnu::noinline]] void redo_marked_lanes(ptx::BITEXACT_SIMD_NS::MF marked, const float* in, float* out,
                                         Scalar scalar) {
  simd::BITEXACT_SIMD_NS::for_each_false_lane(ptx::BITEXACT_SIMD_NS::DF(), hn::Not(marked),
                                              [&](std::size_t j) { out[j] = scalar(in[j]); });
}
// Mixed: the source mixes .ftz ops with IEEE ones (Triton's build), whose
// results may be subnormal: its .ftz ops flush every operand.
template <bool Mixed, class Lanes, class Scalar>
[[gnu::flatten]] inline std::size_t lanes_kernel(const float* in, float* out, std::size_t n, Lanes lanes,
                                                 Scalar scalar) {
  namespace px = ptx::BITEXACT_SIMD_NS;
  const px::DF d;
  const std::size_t count = hn::Lanes(d);
  // The ops' lane rules assume IEEE 754's subnormals (ptx_lanes-inl.hpp).
  if (n < count || !simd::BITEXACT_SIMD_NS::ieee_subnormals()) return 0;
  std::size_t i = 0;
  for (; i + count <= n; i += count) {
    const auto xv = hn::LoadU(d, in + i);
    px::lane_record rec{hn::FirstN(d, 0), Mixed || px::any_subnormal(xv)};
    const px::f32x x{xv, &rec};
    const px::f32x y = lanes(x);
    if (hn::AllFalse(d, rec.marked)) [[likely]] {
      hn::StoreU(y.v, d, out + i);
      continue;
    }
    float xs[simd::max_lanes<float>], ys[simd::max_lanes<float>];
    hn::StoreU(x.v, d, xs);
    hn::StoreU(y.v, d, ys);
    redo_marked_lanes(rec.marked, xs, ys, scalar);
    hn::StoreU(hn::LoadU(d, ys), d, out + i);
  }
  return i;
}
#endif

}  // namespace bitexact::nv::detail::BITEXACT_SIMD_NS
