// bitexact/nv/nv_span-inl.hpp — the SIMD kernels of bitexact/nv/nv_span.hpp,
// compiled once per target of bitexact/simd/hwy.hpp (bitexact/simd/foreach.hpp
// includes this file; no include guard). Each kernel does the whole vectors of
// a span and returns how many elements that was; the span form finishes the
// rest with the scalar function.

#include "bitexact/nv/ptx_lanes-inl.hpp"

#if BITEXACT_SIMD_TARGET != HWY_SVE
namespace bitexact::nv::ptx::BITEXACT_SIMD_NS {

// trig_reduce<B> (trig_reduction.hpp) on lanes, for tanf's lane form: the
// span kernels' Cody-Waite and Payne-Hanek (trig_batch-inl.hpp), which do
// exactly the scalar reduction's operations lane by lane, each run where some
// lane needs it; NaN and Inf lanes get the scalar form's r = canonical NaN,
// q = 0. Cody-Waite runs in mode B.reflect: the scalar form's plain product
// reads x in mode B.ops, which differs only on a subnormal x, where both
// round to k = 0. No lane is marked: r and q are the scalar values.
template <build B>
inline auto trig_reduce_lanes(const f32x& x) {
  namespace tb = nv::detail::BITEXACT_SIMD_NS;
  const DF d;
  const DI di;
  const auto mag = hn::And(hn::BitCast(di, x.v), hn::Set(di, 0x7fffffff));
  const auto slow = hn::RebindMask(d, hn::Gt(mag, hn::Set(di, std::int32_t(nv::detail::trig_slow_threshold_bits - 1))));
  const auto finite = hn::RebindMask(d, hn::Lt(mag, hn::Set(di, 0x7f800000)));
  VF r = hn::Zero(d);
  hn::Vec<DI> q = hn::Zero(di);
  if (!hn::AllTrue(d, slow)) tb::trig_cody_waite<B.reflect>(x.v, hn::Zero(di), r, q);
  const auto ph = hn::And(slow, finite);
  if (!hn::AllFalse(d, ph)) {
    // Payne-Hanek on both halves (other lanes on a finite stand-in).
    const VF xs = hn::IfThenElse(ph, x.v, hn::Set(d, 0x1p20f));
    hn::Vec<DFH> r0, r1;
    hn::Vec<hn::Rebind<std::int32_t, DFH>> q0, q1;
    tb::trig_payne_hanek(hn::LowerHalf(DFH(), xs), r0, q0, 0);
    tb::trig_payne_hanek(hn::UpperHalf(DFH(), xs), r1, q1, 0);
    r = hn::IfThenElse(ph, hn::Combine(d, r1, r0), r);
    q = hn::IfThenElse(hn::RebindMask(di, ph), hn::Combine(di, q1, q0), q);
  }
  r = hn::IfThenElse(finite, r, hn::BitCast(d, hn::Set(DU(), canonical_nan_f32)));
  q = hn::IfThenElseZero(hn::RebindMask(di, finite), q);
  struct reduced {
    f32x r;
    u32x q;
  };
  return reduced{{r, x.rec}, {hn::BitCast(DU(), q), x.rec}};
}

}  // namespace bitexact::nv::ptx::BITEXACT_SIMD_NS
#endif

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

// The rows written against ptx.hpp's lane forms: `lanes(x...)` is the
// reproduction on ptx_lanes-inl.hpp's lane type, `scalar(x...)` on floats,
// one or two operands (in..., each of n elements). The lanes a vector op
// could not vouch for are recomputed by `scalar` before the vector's store
// (so `out` may be one of the inputs). `flatten` inlines the reproduction's
// template, defined outside this target's region, into the kernel, where
// the lane type's ops (this target's) can be inlined too.
#if BITEXACT_SIMD_TARGET == HWY_SVE
template <bool Mixed, class Lanes, class Scalar, class... In>
inline std::size_t lanes_kernel(float* out, std::size_t n, Lanes lanes, Scalar scalar, const In*... in) {
  return N_NEON::lanes_kernel<Mixed>(out, n, lanes, scalar, in...);  // SVE vectors cannot be class members
}
#else
// Out of line, so that the flattened kernel does not inline the scalar function.
template <class Scalar, class... In>
[[gnu::noinline]] void redo_marked_lanes(ptx::BITEXACT_SIMD_NS::MF marked, float* ys, Scalar scalar, const In*... in) {
  simd::BITEXACT_SIMD_NS::for_each_false_lane(ptx::BITEXACT_SIMD_NS::DF(), hn::Not(marked),
                                              [&](std::size_t j) { ys[j] = scalar(in[j]...); });
}
// Mixed: the source mixes .ftz ops with IEEE ones (Triton's build), whose
// results may be subnormal: its .ftz ops flush every operand.
template <bool Mixed, class Lanes, class Scalar, class... In>
[[gnu::flatten]] inline std::size_t lanes_kernel(float* out, std::size_t n, Lanes lanes, Scalar scalar,
                                                 const In*... in) {
  static_assert((std::is_same_v<In, float> && ...));
  namespace px = ptx::BITEXACT_SIMD_NS;
  const px::DF d;
  const std::size_t count = hn::Lanes(d);
  // The ops' lane rules assume IEEE 754's subnormals (ptx_lanes-inl.hpp).
  if (n < count || !simd::BITEXACT_SIMD_NS::ieee_subnormals()) return 0;
  std::size_t i = 0;
  for (; i + count <= n; i += count) {
    px::lane_record rec{hn::FirstN(d, 0), Mixed};
    const px::f32x y = lanes([&](const float* p) {
      const auto v = hn::LoadU(d, p + i);
      rec.raw_subnormals = rec.raw_subnormals || px::any_subnormal(v);
      return px::f32x{v, &rec};
    }(in)...);
    if (hn::AllFalse(d, rec.marked)) [[likely]] {
      hn::StoreU(y.v, d, out + i);
      continue;
    }
    float ys[simd::max_lanes<float>];
    hn::StoreU(y.v, d, ys);
    redo_marked_lanes(rec.marked, ys, scalar, (in + i)...);  // before out + i is written
    hn::StoreU(hn::LoadU(d, ys), d, out + i);
  }
  return i;
}
#endif

}  // namespace bitexact::nv::detail::BITEXACT_SIMD_NS
