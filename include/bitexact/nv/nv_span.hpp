// bitexact/nv/nv_span.hpp — span forms of every libdevice reproduction, one
// pair per row of bitexact/functions.def (expanded from the rows):
//
//   bitexact::nv::NAME(std::span<const T> in, std::span<T> out)       one operand
//   bitexact::nv::NAME(std::span<const T> x, std::span<const T> y, std::span<T> out)
//   ... and NAME_ftz, for every row NAME of type T (sinf, cosf, ceilf, ceil,
//   fmodf, fmod today)
//
// out[i] is the scalar function of the same name at in[i], bit for bit, on
// every input. Contract (sizes, in-place use): bitexact/span_api.hpp. Host functions
// (not __device__); a CUDA/HIP device pass sees them declared, as any host
// function, and compiles no SIMD code (bitexact/dispatch.hpp).
//
// Speed: sinf/cosf and ceilf/ceil run AVX2+FMA kernels (8 floats or 4
// doubles a step) when the CPU has them, whatever the build's -m flags
// (run-time dispatch, bitexact/dispatch.hpp): detail::span_kernel below names
// them. Every other row (fmodf and fmod, whose libdevice code branches per
// input) is its scalar code in a loop (spans::map_checked), so a new row gets
// its span form from its row and its scalar file, with nothing to add here.
#pragma once

#include "bitexact/config.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

#include "bitexact/span_api.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/functions.hpp"
#include "bitexact/nv/nv.hpp"
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

// span_kernel<F, M>: the SIMD kernel of row F's span form in mode M, where it
// has one (run(fn, in, out)); the primary template says it has none.
template <Fn F, mode M>
struct span_kernel {
  static constexpr bool simd = false;
};
template <mode M>
struct span_kernel<Fn::sinf, M> {
  static constexpr bool simd = true;
  static void run(const char* fn, std::span<const float> in, std::span<float> out) { trig_span<M>(fn, in, out, 0); }
};
template <mode M>
struct span_kernel<Fn::cosf, M> {
  static constexpr bool simd = true;
  static void run(const char* fn, std::span<const float> in, std::span<float> out) { trig_span<M>(fn, in, out, 1); }
};
template <mode M>
struct span_kernel<Fn::ceilf, M> {
  static constexpr bool simd = true;
  static void run(const char* fn, std::span<const float> in, std::span<float> out) { ceilf_span<M>(fn, in, out); }
};
template <mode M>
struct span_kernel<Fn::ceil, M> {
  static constexpr bool simd = true;
  static void run(const char* fn, std::span<const double> in, std::span<double> out) { ceil_span(fn, in, out); }
};

// One operand: the kernel where there is one, else the scalar function f in a loop.
template <Fn F, mode M, class T, class Scalar>
inline void unary_span(const char* fn, std::span<const T> in, std::span<T> out, Scalar f) {
  if constexpr (span_kernel<F, M>::simd)
    span_kernel<F, M>::run(fn, in, out);
  else
    spans::map_checked<T>(fn, in, out, f);
}

}  // namespace detail

// The rows: NAME is libdevice's code as nvcc -ftz=false builds it, NAME_ftz as
// -ftz=true does (the scalar functions' modes, bitexact/nv/NAME.hpp).
#define BX_NV_SPAN_1(name, sfx, m, T)                                                              \
  inline void name##sfx(std::span<const T> in, std::span<T> out) {                                 \
    detail::unary_span<Fn::name, mode::m, T>("nv::" #name #sfx, in, out, [](T x) { return name##sfx(x); }); \
  }
#define BX_NV_SPAN_2(name, sfx, m, T)                                                              \
  inline void name##sfx(std::span<const T> x, std::span<const T> y, std::span<T> out) {            \
    spans::map_checked<T>("nv::" #name #sfx, x, y, out, [](T a, T b) { return name##sfx(a, b); }); \
  }
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  BX_NV_SPAN_##arity(name, , ieee, type) BX_NV_SPAN_##arity(name, _ftz, ftz, type)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
#undef BX_NV_SPAN_1
#undef BX_NV_SPAN_2

}  // namespace bitexact::nv
