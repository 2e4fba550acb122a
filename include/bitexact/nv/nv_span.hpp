// bitexact/nv/nv_span.hpp — span forms of every libdevice reproduction:
//
//   bitexact::nv::sinf(std::span<const float> in, std::span<float> out)
//   ... sinf_ftz, cosf, cosf_ftz, ceilf, ceilf_ftz  (float -> float)
//   ... ceil, ceil_ftz                              (double -> double)
//   bitexact::nv::fmodf(std::span<const float> x, std::span<const float> y, std::span<float> out)
//   ... fmodf_ftz; fmod, fmod_ftz on doubles
//
// out[i] is the scalar function of the same name at in[i], bit for bit, on
// every input. Contract (sizes, in-place use): bitexact/span_api.hpp. Host functions
// (not __device__); a CUDA/HIP device pass sees them declared, as any host
// function, and compiles no SIMD code (bitexact/dispatch.hpp).
//
// Speed: sinf/cosf and ceilf/ceil run AVX2+FMA kernels (8 floats or 4
// doubles a step) when the CPU has them, whatever the build's -m flags
// (run-time dispatch, bitexact/dispatch.hpp); fmodf and fmod, whose libdevice
// code branches per input, are the scalar loop.
#pragma once

#include "bitexact/config.hpp"


#include <cstddef>
#include <cstdint>
#include <span>

#include "bitexact/span_api.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/nv/ceil.hpp"
#include "bitexact/nv/ceilf.hpp"
#include "bitexact/nv/cosf.hpp"
#include "bitexact/nv/fmod.hpp"
#include "bitexact/nv/fmodf.hpp"
#include "bitexact/nv/sinf.hpp"
#include "bitexact/nv/trig_batch.hpp"

#if BITEXACT_X86_DISPATCH
#include <immintrin.h>
#endif

namespace bitexact::nv {

namespace detail {

#if BITEXACT_X86_DISPATCH
// cvt.rpi{.ftz}.f32.f32 (ptx::cvt_rpi_f32_f32) on 8 lanes: vroundps toward
// +inf is IEEE roundToIntegralTowardPositive, as the model; a NaN lane becomes
// the canonical 0x7fffffff; .ftz flushes a subnormal input to a zero of its
// sign first.
template <mode M>
BITEXACT_TARGET_AVX2 inline void ceilf_span_avx2(const float* in, float* out, std::size_t n) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 x = _mm256_loadu_ps(in + i);
    if constexpr (M == mode::ftz) {
      const __m256i bits = _mm256_castps_si256(x);
      const __m256i mag = _mm256_and_si256(bits, _mm256_set1_epi32(0x7fffffff));
      const __m256i sub = _mm256_cmpgt_epi32(_mm256_set1_epi32(0x00800000), mag);
      x = _mm256_castsi256_ps(_mm256_andnot_si256(_mm256_and_si256(sub, mag), bits));
    }
    const __m256 r = _mm256_round_ps(x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
    const __m256 nan = _mm256_cmp_ps(x, x, _CMP_UNORD_Q);
    const __m256 canonical = _mm256_castsi256_ps(_mm256_set1_epi32(std::int32_t(ptx::canonical_nan_f32)));
    _mm256_storeu_ps(out + i, _mm256_blendv_ps(r, canonical, nan));
  }
  for (; i < n; ++i) out[i] = ptx::cvt_rpi_f32_f32<M>(in[i]);
}

// cvt.rpi.f64.f64 (ptx::cvt_rpi_f64_f64) on 4 lanes: vroundpd toward +inf;
// a NaN comes back quieted with its payload, as the model (and the H100) has it.
BITEXACT_TARGET_AVX2 inline void ceil_span_avx2(const double* in, double* out, std::size_t n) {
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4)
    _mm256_storeu_pd(out + i, _mm256_round_pd(_mm256_loadu_pd(in + i), _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC));
  for (; i < n; ++i) out[i] = ptx::cvt_rpi_f64_f64(in[i]);
}
#endif

template <mode M>
inline void ceilf_span(const char* fn, std::span<const float> in, std::span<float> out) {
  spans::check_size(fn, in.size(), out.size());
#if BITEXACT_X86_DISPATCH
  if (dispatch::at_least(dispatch::level::avx2_fma)) return ceilf_span_avx2<M>(in.data(), out.data(), out.size());
#endif
  spans::map<float>(in, out, [](float x) { return ptx::cvt_rpi_f32_f32<M>(x); });
}

inline void ceil_span(const char* fn, std::span<const double> in, std::span<double> out) {
  spans::check_size(fn, in.size(), out.size());
#if BITEXACT_X86_DISPATCH
  if (dispatch::at_least(dispatch::level::avx2_fma)) return ceil_span_avx2(in.data(), out.data(), out.size());
#endif
  spans::map<double>(in, out, [](double x) { return ptx::cvt_rpi_f64_f64(x); });
}

template <class T, class F>
inline void binary_span(const char* fn, std::span<const T> x, std::span<const T> y, std::span<T> out, F f) {
  spans::check_size(fn, x.size(), out.size());
  spans::check_size(fn, y.size(), out.size());
  spans::map<T>(x, y, out, f);
}

}  // namespace detail

inline void sinf(std::span<const float> in, std::span<float> out) {
  detail::trig_span<mode::ieee>("nv::sinf", in, out, 0);
}
inline void sinf_ftz(std::span<const float> in, std::span<float> out) {
  detail::trig_span<mode::ftz>("nv::sinf_ftz", in, out, 0);
}
inline void cosf(std::span<const float> in, std::span<float> out) {
  detail::trig_span<mode::ieee>("nv::cosf", in, out, 1);
}
inline void cosf_ftz(std::span<const float> in, std::span<float> out) {
  detail::trig_span<mode::ftz>("nv::cosf_ftz", in, out, 1);
}
inline void ceilf(std::span<const float> in, std::span<float> out) {
  detail::ceilf_span<mode::ieee>("nv::ceilf", in, out);
}
inline void ceilf_ftz(std::span<const float> in, std::span<float> out) {
  detail::ceilf_span<mode::ftz>("nv::ceilf_ftz", in, out);
}
inline void ceil(std::span<const double> in, std::span<double> out) { detail::ceil_span("nv::ceil", in, out); }
inline void ceil_ftz(std::span<const double> in, std::span<double> out) { detail::ceil_span("nv::ceil_ftz", in, out); }
inline void fmodf(std::span<const float> x, std::span<const float> y, std::span<float> out) {
  detail::binary_span<float>("nv::fmodf", x, y, out, [](float a, float b) { return fmodf(a, b); });
}
inline void fmodf_ftz(std::span<const float> x, std::span<const float> y, std::span<float> out) {
  detail::binary_span<float>("nv::fmodf_ftz", x, y, out, [](float a, float b) { return fmodf_ftz(a, b); });
}
inline void fmod(std::span<const double> x, std::span<const double> y, std::span<double> out) {
  detail::binary_span<double>("nv::fmod", x, y, out, [](double a, double b) { return fmod(a, b); });
}
inline void fmod_ftz(std::span<const double> x, std::span<const double> y, std::span<double> out) {
  detail::binary_span<double>("nv::fmod_ftz", x, y, out, [](double a, double b) { return fmod_ftz(a, b); });
}

}  // namespace bitexact::nv

