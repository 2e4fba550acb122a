// src/gpu/cuda_eval.cu — the implementations the GPU sweep backends evaluate on
// the GPU (interface: src/gpu/kernels.hpp). One source, compiled four times
// by nvcc and twice by hipcc (device/CMakeLists.txt):
//   BX_EVAL_NATIVE=ieee      nvcc -ftz=false      launch_native_ieee: ::sinf ... (libdevice, IEEE)
//   BX_EVAL_NATIVE=ftz       nvcc -ftz=true       launch_native_ftz:  the same calls, FTZ build
//   BX_EVAL_NATIVE=fast      nvcc -use_fast_math  launch_native_fast: what fast math makes of them
//   BX_EVAL_REPRO            nvcc -ftz=false      launch_repro: bitexact::nv / ocml reproductions
//   BX_EVAL_NATIVE=ocml      hipcc (gfx90a)       launch_native_ocml: ::sinf ... (ocml, defaults)
//   BX_EVAL_NATIVE=ocml_daz  hipcc -fgpu-flush-denormals-to-zero   launch_native_ocml_daz
//   BX_EVAL_REPRO            hipcc (gfx90a)       launch_repro (HIP backend)
// The native builds are exactly how users get those bits: the flag of the
// translation unit decides, as in device/nv_native.cu.
// The runtime first: under hipcc it declares the device intrinsics the
// reproductions call (nvcc includes cuda_runtime.h by itself).
#include "gpu_runtime.hpp"

#include <cmath>
#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/functions.hpp"
#include "kernels.hpp"

#ifdef BX_EVAL_REPRO
#include "bitexact/nv/nv.hpp"
#include "bitexact/ocml/ocml.hpp"
#endif

namespace bitexact::cuda_sweep {
inline namespace BITEXACT_GPU_ABI {  // cuda or hip (src/gpu/gpu_runtime.hpp)
namespace {

template <Fn F>
using value_t = typename fn_traits<F>::type;
template <Fn F>
using word_t = typename float_traits<value_t<F>>::storage;

// out[i] = f(a[i] [, b[i]]) on bit patterns; Op::template call<F>(x [, y]).
template <Fn F, class Op>
__global__ void k_eval(const void* a_in, const void* b_in, void* out_v, u64 n) {
  using T = value_t<F>;
  using W = word_t<F>;
  const W* a = static_cast<const W*>(a_in);
  const W* b = static_cast<const W*>(b_in);
  W* out = static_cast<W*>(out_v);
  for (u64 i = u64(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += u64(gridDim.x) * blockDim.x) {
    const T x = bit_cast<T>(a[i]);
    if constexpr (fn_traits<F>::arity == 1)
      out[i] = bit_cast<W>(T(Op::template call<F>(x)));
    else
      out[i] = bit_cast<W>(T(Op::template call<F>(x, bit_cast<T>(b[i]))));
  }
}

template <Fn F, class Op>
int launch(const void* a, const void* b, void* out, u64 n, void* stream) {
  const int sms = gpu::multiprocessors(132);
  k_eval<F, Op><<<sms * 16, 256, 0, static_cast<gpu::stream_t>(stream)>>>(a, b, out, n);
  return int(gpu::last_error());
}

// Op evaluates every function, or only those ocml is reproduced for when it
// says so (Op::ocml_only: the BITEXACT_FUNCTION_NO_OCML rows are left out).
template <class Op>
constexpr bool covers(Fn f) {
  if constexpr (requires { Op::ocml_only; })
    return !Op::ocml_only || fn_desc_of(f).ocml_reproduced;
  else
    return true;
}

template <class Op>
int launch_fn(Fn fn, const void* a, const void* b, void* out, u64 n, void* stream) {
  int rc = int(gpu::invalid_value);
  for_each_fn([&](auto f) {
    if constexpr (covers<Op>(decltype(f)::value))
      if (decltype(f)::value == fn) rc = launch<decltype(f)::value, Op>(a, b, out, n, stream);
  });
  return rc;
}

#ifdef BX_EVAL_NATIVE
// ::NAME as CUDA / HIP code calls it (nvcc links libdevice's __nv_NAME,
// hipcc ocml's __ocml_NAME_f32 / _f64).
struct native {
  template <Fn F, class... A>
  __device__ static auto call(A... x) {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  if constexpr (F == Fn::name) return ::name(x...);
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
  }
};
#endif

#ifdef BX_EVAL_REPRO
template <bool Ftz>
struct repro_nv {
  template <Fn F, class... A>
  __device__ static auto call(A... x) {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  if constexpr (F == Fn::name) {                                \
    if constexpr (Ftz)                                          \
      return bitexact::nv::name##_ftz(x...);                    \
    else                                                        \
      return bitexact::nv::name(x...);                          \
  }
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
  }
};
template <ocml::config C>
struct repro_ocml {
  static constexpr bool ocml_only = true;
  template <Fn F, class... A>
  __device__ static auto call(A... x) {
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed) \
  if constexpr (F == Fn::name) return bitexact::ocml::ocml_name<C>(x...);
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml_name, edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION
  }
};
#endif

}  // namespace

#ifdef BX_EVAL_NATIVE
#define BX_CAT2(a, b) a##b
#define BX_CAT(a, b) BX_CAT2(a, b)
int BX_CAT(launch_native_, BX_EVAL_NATIVE)(Fn fn, const void* a, const void* b, void* out, u64 n, void* stream) {
  return launch_fn<native>(fn, a, b, out, n, stream);
}
#endif

#ifdef BX_EVAL_REPRO
int repro_count() {
  return 2
#define BITEXACT_OCML_CONFIG(tag, suffix, mcpu, daz, finite, release, what) +1
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG
      ;
}

int launch_repro(int repro, Fn fn, const void* a, const void* b, void* out, u64 n, void* stream) {
  if (repro == 0) return launch_fn<repro_nv<false>>(fn, a, b, out, n, stream);
  if (repro == 1) return launch_fn<repro_nv<true>>(fn, a, b, out, n, stream);
  int k = 2;
#define BITEXACT_OCML_CONFIG(tag, suffix, mcpu, daz, finite, release, what) \
  if (repro == k++) return launch_fn<repro_ocml<ocml::tag>>(fn, a, b, out, n, stream);
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG
  return int(gpu::invalid_value);
}
#endif

}  // inline namespace BITEXACT_GPU_ABI
}  // namespace bitexact::cuda_sweep
