// bitexact/nv/nv_span.hpp — span forms of every libdevice reproduction, one
// pair per row of bitexact/functions.def (expanded from the rows):
//
//   bitexact::nv::NAME(std::span<const T> in, std::span<T> out)       one operand
//   bitexact::nv::NAME(std::span<const T> x, std::span<const T> y, std::span<T> out)
//   ... and NAME_ftz (nvcc -ftz=true) and NAME_triton (Triton 3.6's build,
//   the implementation "triton"), for every row NAME of type T
//
// out[i] is the scalar function of the same name at in[i], bit for bit, on
// every input. Contract (sizes, in-place use): bitexact/span_api.hpp. Host functions
// (not __device__); a CUDA/HIP device pass sees them declared, as any host
// function, and compiles no SIMD code (bitexact/dispatch.hpp).
//
// Speed: sinf/cosf, ceilf/ceil and fmodf run the SIMD layer's kernels
// (bitexact/simd/hwy.hpp: AVX2, AVX-512, NEON, SVE; trig_batch-inl.hpp,
// nv_span-inl.hpp) when the CPU has one of those, whatever the build's -m
// flags (run-time dispatch, bitexact/dispatch.hpp). The rows whose
// reproduction is written against ptx.hpp's lane forms (the BX_NV_LANE_ROW
// and BX_NV_LANE_ROW_2 lines below list them) run that same source on SIMD
// lanes, in every build (ptx_lanes-inl.hpp), the lanes it cannot vouch for
// through the scalar function. detail::span_kernel below names them all
// (detail::triton_kernel the Triton span forms'). Every other row is its
// scalar code in a loop (spans::map_checked), so a new row gets its span form
// from its row and its scalar file, with nothing to add here. The SFU rows'
// span forms are at the end of this file.
#pragma once

#include "bitexact/config.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

#include "bitexact/span_api.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/functions.hpp"
#include "bitexact/nv/cos_approx.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/lg2_approx.hpp"
#include "bitexact/nv/nv.hpp"
#include "bitexact/nv/rcp_approx.hpp"
#include "bitexact/nv/rsqrt_approx.hpp"
#include "bitexact/nv/sin_approx.hpp"
#include "bitexact/nv/sqrt_approx.hpp"
#include "bitexact/nv/tanh_approx.hpp"
#include "bitexact/nv/trig_batch.hpp"

#include "bitexact/simd/hwy.hpp"
#if BITEXACT_SIMD
#define BITEXACT_SIMD_INCLUDE "bitexact/nv/nv_span-inl.hpp"
#include "bitexact/simd/foreach.hpp"
#endif

namespace bitexact::nv {

namespace detail {

template <mode M>
inline void ceilf_span(const char* fn, std::span<const float> in, std::span<float> out) {
  spans::check_size(fn, in.size(), out.size());
  const std::size_t done =
      BITEXACT_SIMD_DISPATCH(std::size_t(0), detail, ceilf_kernel<M>(in.data(), out.data(), out.size()));
  spans::map<float>(in.subspan(done), out.subspan(done), [](float x) { return ptx::cvt_rpi_f32_f32<M>(x); });
}

inline void ceil_span(const char* fn, std::span<const double> in, std::span<double> out) {
  spans::check_size(fn, in.size(), out.size());
  const std::size_t done =
      BITEXACT_SIMD_DISPATCH(std::size_t(0), detail, ceil_kernel(in.data(), out.data(), out.size()));
  spans::map<double>(in.subspan(done), out.subspan(done), [](double x) { return ptx::cvt_rpi_f64_f64(x); });
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

// The rows whose reproduction is written against ptx.hpp's lane forms
// (`template <build B, class F = float> F name(F x)`): their span runs it on
// SIMD lanes (nv_span-inl.hpp, lanes_kernel). GCC prints one note per
// translation unit ("the ABI for passing parameters with 64-byte alignment
// has changed in GCC 4.6"): the AVX-512 lane type is a parameter of the
// reproduction, compiled outside the target's region; the call is inlined
// into the kernel, so no ABI is involved. Only -Wno-psabi silences it (no
// #pragma reaches that note).
// A span form by lanes_kernel: `lanes` (a source written against the lane
// forms) on SIMD vectors, the lanes it marks and the tail by `scalar`.
// Mixed: the source mixes .ftz and IEEE ops (a build whose reflect and ops
// modes differ), so an IEEE op's subnormal result may reach a .ftz op, whose
// lanes then flush every operand. In the nvcc builds both modes agree; the
// IEEE products inside the SFU models' non-.ftz forms occur only in the IEEE
// build, where nothing flushes.
// One operand or two (in...).
template <bool Mixed = false, class Lanes, class Scalar, class... In>
inline void lanes_span(const char* fn, std::span<float> out, Lanes lanes, Scalar scalar, std::span<In>... in) {
  (spans::check_size(fn, in.size(), out.size()), ...);
  const std::size_t done = BITEXACT_SIMD_DISPATCH(
      std::size_t(0), detail, lanes_kernel<Mixed>(out.data(), out.size(), lanes, scalar, in.data()...));
  spans::map<float>(in.subspan(done)..., out.subspan(done), scalar);
}
// triton_kernel<F>: the SIMD kernel of row F's Triton span form
// (nv::NAME_triton below), where it has one: every lane row runs Triton's
// build, NAME<triton3_6>, on lanes as well; sinf, cosf, ceilf and ceil
// (below) take the nvcc -ftz=true kernel.
template <Fn F>
struct triton_kernel {
  static constexpr bool simd = false;
};
// Row `name` in build B on lanes (inside a kernel's run).
#define BX_NV_LANES_OF(name, B)   \
  lanes_span<B.reflect != B.ops>( \
      fn, out, [](auto x) { return name<B>(x); }, [](float x) { return name<B>(x); }, in)
#define BX_NV_LANE_ROW(name)                                                                                      \
  template <mode M>                                                                                               \
  struct span_kernel<Fn::name, M> {                                                                               \
    static constexpr bool simd = true;                                                                            \
    static constexpr build b = M == mode::ftz ? nvcc_ftz : nvcc_ieee;                                             \
    static void run(const char* fn, std::span<const float> in, std::span<float> out) { BX_NV_LANES_OF(name, b); } \
  };                                                                                                              \
  template <>                                                                                                     \
  struct triton_kernel<Fn::name> {                                                                                \
    static constexpr bool simd = true;                                                                            \
    static void run(const char* fn, std::span<const float> in, std::span<float> out) {                            \
      BX_NV_LANES_OF(name, triton3_6);                                                                            \
    }                                                                                                             \
  };
BX_NV_LANE_ROW(expf)
BX_NV_LANE_ROW(exp2f)
BX_NV_LANE_ROW(exp10f)
BX_NV_LANE_ROW(logf)
BX_NV_LANE_ROW(log2f)
BX_NV_LANE_ROW(log10f)
BX_NV_LANE_ROW(tanhf)
BX_NV_LANE_ROW(erff)
BX_NV_LANE_ROW(rsqrtf)
BX_NV_LANE_ROW(sinhf)
BX_NV_LANE_ROW(coshf)
BX_NV_LANE_ROW(erfcf)
BX_NV_LANE_ROW(normcdff)
BX_NV_LANE_ROW(expm1f)
BX_NV_LANE_ROW(asinf)
BX_NV_LANE_ROW(acosf)
BX_NV_LANE_ROW(atanf)
BX_NV_LANE_ROW(sqrtf)
BX_NV_LANE_ROW(sinpif)
BX_NV_LANE_ROW(cospif)
BX_NV_LANE_ROW(cbrtf)
BX_NV_LANE_ROW(erfinvf)
BX_NV_LANE_ROW(log1pf)
BX_NV_LANE_ROW(tanf)
#undef BX_NV_LANE_ROW
#undef BX_NV_LANES_OF
// The two-operand rows written against the lane forms (`template <build B,
// class F = float> F name(F x, F y)`), the same way.
#define BX_NV_LANES_OF_2(name, B) \
  lanes_span<B.reflect != B.ops>( \
      fn, out, [](auto u, auto v) { return name<B>(u, v); }, [](float u, float v) { return name<B>(u, v); }, x, y)
#define BX_NV_LANE_ROW_2(name)                                                                                  \
  template <mode M>                                                                                             \
  struct span_kernel<Fn::name, M> {                                                                             \
    static constexpr bool simd = true;                                                                          \
    static constexpr build b = M == mode::ftz ? nvcc_ftz : nvcc_ieee;                                           \
    static void run(const char* fn, std::span<const float> x, std::span<const float> y, std::span<float> out) { \
      BX_NV_LANES_OF_2(name, b);                                                                                \
    }                                                                                                           \
  };                                                                                                            \
  template <>                                                                                                   \
  struct triton_kernel<Fn::name> {                                                                              \
    static constexpr bool simd = true;                                                                          \
    static void run(const char* fn, std::span<const float> x, std::span<const float> y, std::span<float> out) { \
      BX_NV_LANES_OF_2(name, triton3_6);                                                                        \
    }                                                                                                           \
  };
BX_NV_LANE_ROW_2(hypotf)
BX_NV_LANE_ROW_2(atan2f)
BX_NV_LANE_ROW_2(powf)
#undef BX_NV_LANE_ROW_2
#undef BX_NV_LANES_OF_2

// Triton's build of sinf, cosf, ceilf and ceil is the nvcc -ftz=true
// function (nv/sinf.hpp, cosf.hpp, ceilf.hpp, ceil.hpp say why; BatchTriton
// compares each span with the scalar NAME_triton).
template <>
struct triton_kernel<Fn::sinf> : span_kernel<Fn::sinf, mode::ftz> {};
template <>
struct triton_kernel<Fn::cosf> : span_kernel<Fn::cosf, mode::ftz> {};
template <>
struct triton_kernel<Fn::ceilf> : span_kernel<Fn::ceilf, mode::ftz> {};
template <>
struct triton_kernel<Fn::ceil> : span_kernel<Fn::ceil, mode::ftz> {};

// The SFU models with a lane form (ptx_lanes-inl.hpp: MUFU.EX2, MUFU.RCP,
// MUFU.RSQ, MUFU.LG2, MUFU.SQRT, MUFU.SIN, MUFU.COS, MUFU.TANH: all of them),
// whose span forms below run on SIMD lanes.
template <Fn F>
inline constexpr bool sfu_lanes =
    F == Fn::ex2_approx || F == Fn::rcp_approx || F == Fn::rsqrt_approx || F == Fn::lg2_approx ||
    F == Fn::sqrt_approx || F == Fn::sin_approx || F == Fn::cos_approx || F == Fn::tanh_approx;
template <Fn F, class Lanes, class Scalar>
inline void sfu_span(const char* fn, std::span<const float> in, std::span<float> out, Lanes lanes, Scalar scalar) {
  if constexpr (sfu_lanes<F>) {
    lanes_span(fn, out, lanes, scalar, in);
  } else {
    spans::map_checked<float>(fn, in, out, scalar);
  }
}

// One operand: Kernel (span_kernel<F, M>, triton_kernel<F>) where it has
// one, else the scalar function f in a loop.
template <class Kernel, class T, class Scalar>
inline void unary_span(const char* fn, std::span<const T> in, std::span<T> out, Scalar f) {
  if constexpr (Kernel::simd)
    Kernel::run(fn, in, out);
  else
    spans::map_checked<T>(fn, in, out, f);
}

// Two operands: Kernel where it has one (the two-operand lane rows);
// fmodf (Fmodf) on the SIMD layer's exact-remainder lanes
// (bitexact/simd/common-inl.hpp, fmodf_span: its results for finite
// operands are the exact remainder, flushed by -ftz=true; a non-finite x or
// a NaN y gives the canonical NaN, docs/nv-arith.md; SlowPathIeee: Triton's
// build, which flushes as -ftz=true but for the remainder of the path
// |x| > 2^23 |y|, nv/fmodf.hpp); every other row its scalar function in a
// loop.
template <class Kernel, bool Fmodf, mode M, class T, bool SlowPathIeee = false, class Scalar>
inline void binary_span(const char* fn, std::span<const T> x, std::span<const T> y, std::span<T> out, Scalar f) {
  if constexpr (Kernel::simd) {
    Kernel::run(fn, x, y, out);
  } else if constexpr (Fmodf) {
    spans::check_size(fn, x.size(), out.size());
    spans::check_size(fn, y.size(), out.size());
    const std::size_t done =
        BITEXACT_SIMD_DISPATCH(std::size_t(0), ::bitexact::simd,
                               fmodf_span<M == mode::ftz, ptx::canonical_nan_f32, Scalar, SlowPathIeee>(
                                   x.data(), y.data(), out.data(), out.size(), f));
    spans::map_checked<T>(fn, x.subspan(done), y.subspan(done), out.subspan(done), f);
  } else {
    spans::map_checked<T>(fn, x, y, out, f);
  }
}

}  // namespace detail

// The rows: NAME is libdevice's code as nvcc -ftz=false builds it, NAME_ftz as
// -ftz=true does (the scalar functions' modes, bitexact/nv/NAME.hpp).
#define BX_NV_SPAN_1(name, sfx, m, T)                                                                \
  inline void name##sfx(std::span<const T> in, std::span<T> out) {                                   \
    detail::unary_span<detail::span_kernel<Fn::name, mode::m>, T>("nv::" #name #sfx, in, out,        \
                                                                  [](T x) { return name##sfx(x); }); \
  }
#define BX_NV_SPAN_2(name, sfx, m, T)                                                               \
  inline void name##sfx(std::span<const T> x, std::span<const T> y, std::span<T> out) {             \
    detail::binary_span<detail::span_kernel<Fn::name, mode::m>, Fn::name == Fn::fmodf, mode::m, T>( \
        "nv::" #name #sfx, x, y, out, [](T a, T b) { return name##sfx(a, b); });                    \
  }
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  BX_NV_SPAN_##arity(name, , ieee, type) BX_NV_SPAN_##arity(name, _ftz, ftz, type)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

// NAME_triton: Triton 3.6's build (nv::triton3_6, the implementation
// "triton"), every row; on SIMD lanes where detail::triton_kernel has a
// kernel (fmodf: the exact-remainder lanes), else its scalar code in a loop.
#define BX_NV_TRITON_SPAN_1(name, T)                                                              \
  inline void name##_triton(std::span<const T> in, std::span<T> out) {                            \
    detail::unary_span<detail::triton_kernel<Fn::name>, T>("nv::" #name "_triton", in, out,       \
                                                           [](T x) { return name##_triton(x); }); \
  }
#define BX_NV_TRITON_SPAN_2(name, T)                                                                 \
  inline void name##_triton(std::span<const T> x, std::span<const T> y, std::span<T> out) {          \
    detail::binary_span<detail::triton_kernel<Fn::name>, Fn::name == Fn::fmodf, mode::ftz, T, true>( \
        "nv::" #name "_triton", x, y, out, [](T a, T b) { return name##_triton(a, b); });            \
  }
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) BX_NV_TRITON_SPAN_##arity(name, type)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
#undef BX_NV_TRITON_SPAN_1
#undef BX_NV_TRITON_SPAN_2

// The SFU instructions (the one-operand BITEXACT_NV_FUNCTION rows
// NAME_approx: implementations ptx and ptx-ftz; fdividef, the two-operand
// row, is nv-intrinsics'): nv::NAME_approx(in, out) is
// ptx::NAME_approx_model<mode::ieee> (NAME.approx.f32) on each input,
// nv::NAME_approx_ftz(in, out) the .ftz.f32 form's model (tanh: the one
// instruction, tanh.approx.f32); on SIMD lanes.
#define BX_NV_SFU_SPAN_2(name, sfx, m)
#define BX_NV_SFU_SPAN_1(name, sfx, m)                                                    \
  inline void name##sfx(std::span<const float> in, std::span<float> out) {                \
    detail::sfu_span<Fn::name>(                                                           \
        "nv::" #name #sfx, in, out, [](auto x) { return ptx::name##_model<mode::m>(x); }, \
        [](float x) { return ptx::name##_model<mode::m>(x); });                           \
  }
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) \
  BX_NV_SFU_SPAN_##arity(name, , ieee) BX_NV_SFU_SPAN_##arity(name, _ftz, ftz)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
#undef BITEXACT_NV_FUNCTION
#undef BX_NV_SFU_SPAN_1
#undef BX_NV_SFU_SPAN_2
#undef BX_NV_SPAN_1
#undef BX_NV_SPAN_2

}  // namespace bitexact::nv
