// src/gpu/gpu_runtime.hpp — the GPU runtime calls and warp primitives of the
// sweep backend, for CUDA (nvcc) and for HIP on AMD GPUs (hipcc), so that one
// source (src/gpu/cuda_eval.cu, src/gpu/cuda_stats.cu, src/gpu/*.cpp) builds
// both backends (docs/sweep.md, "On the GPU").
//
// Which one: HIP when hipcc compiles the file (__HIPCC__), or when CMake says
// so to the host compiler for the host side of the HIP backend
// (BITEXACT_GPU_HIP=1, with __HIP_PLATFORM_AMD__); CUDA otherwise. Nothing
// here changes what the CUDA build computes: each wrapper is the CUDA call it
// names, and the warp primitives are the *_sync intrinsics the kernels called
// before, on the same full-warp masks.
//
// Two things are not renames:
//   * Width. An AMD wavefront (gfx9, gfx90a) has 64 lanes, a CUDA warp 32: lane
//     masks are `lanes_t` (64-bit on AMD) and lane arithmetic uses warp_size,
//     never 32 or `& 31`.
//   * Spin locks. Lanes of an AMD wavefront run in lockstep (no independent
//     thread scheduling, which CUDA has since Volta): a lane spinning on a lock
//     that another lane of its own wavefront holds never lets that lane reach
//     its unlock. one_lane_at_a_time runs a critical section lane after lane
//     on AMD, so a wavefront holds at most one lock at a time; on CUDA it is a
//     plain call, as before.
#pragma once

#include <cstddef>
#include <cstdio>

#if defined(__HIPCC__) && !defined(BITEXACT_GPU_HIP)
#define BITEXACT_GPU_HIP 1
#endif
#if !defined(BITEXACT_GPU_HIP)
#define BITEXACT_GPU_HIP 0
#endif

#if BITEXACT_GPU_HIP
#if defined(__HIPCC__)
#include <hip/hip_runtime.h>
#else
#include <hip/hip_runtime_api.h>  // host side, ordinary C++ compiler
#endif
#else
#include <cuda_runtime.h>
#endif

// The inline namespace of each build's kernel interface (src/gpu/kernels.hpp):
// bitexact::cuda_sweep::cuda / ::hip, so that a binary links both builds.
#if BITEXACT_GPU_HIP
#define BITEXACT_GPU_ABI hip
#else
#define BITEXACT_GPU_ABI cuda
#endif

// The runtime's own prefix on the one-to-one names (cudaMalloc / hipMalloc).
// Used only in this file.
#if BITEXACT_GPU_HIP
#define BX_GPU_API(name) hip##name
#else
#define BX_GPU_API(name) cuda##name
#endif

namespace bitexact::gpu {

// The backend's name as `--backend` spells it, and the vendor's, for messages.
#if BITEXACT_GPU_HIP
inline constexpr const char* backend_name = "hip";
inline constexpr const char* vendor_gpu = "AMD GPU";
#else
inline constexpr const char* backend_name = "cuda";
inline constexpr const char* vendor_gpu = "GPU";
#endif

// ---- runtime (host) -------------------------------------------------------------
using error_t = BX_GPU_API(Error_t);
using stream_t = BX_GPU_API(Stream_t);
inline constexpr error_t success = BX_GPU_API(Success);
inline constexpr error_t invalid_value = BX_GPU_API(ErrorInvalidValue);
inline constexpr auto host_to_device = BX_GPU_API(MemcpyHostToDevice);
inline constexpr auto device_to_host = BX_GPU_API(MemcpyDeviceToHost);

inline const char* error_string(error_t e) { return BX_GPU_API(GetErrorString)(e); }
inline error_t last_error() { return BX_GPU_API(GetLastError)(); }
inline error_t device_count(int* n) { return BX_GPU_API(GetDeviceCount)(n); }
inline error_t get_device(int* d) { return BX_GPU_API(GetDevice)(d); }
inline error_t set_device(int d) { return BX_GPU_API(SetDevice)(d); }
inline error_t alloc(void** p, std::size_t bytes) { return BX_GPU_API(Malloc)(p, bytes); }
// Frees and stream destruction are cleanup: their errors are not checked
// (hipError_t is [[nodiscard]], so they return nothing).
inline void free(void* p) { (void)BX_GPU_API(Free)(p); }
inline error_t copy(void* dst, const void* src, std::size_t bytes, BX_GPU_API(MemcpyKind) kind) {
  return BX_GPU_API(Memcpy)(dst, src, bytes, kind);
}
inline error_t copy_async(void* dst, const void* src, std::size_t bytes, BX_GPU_API(MemcpyKind) kind, stream_t s) {
  return BX_GPU_API(MemcpyAsync)(dst, src, bytes, kind, s);
}
inline error_t zero_async(void* p, std::size_t bytes, stream_t s) { return BX_GPU_API(MemsetAsync)(p, 0, bytes, s); }
inline error_t stream_create(stream_t* s) {
  return BX_GPU_API(StreamCreateWithFlags)(s, BX_GPU_API(StreamNonBlocking));
}
inline void stream_destroy(stream_t s) { (void)BX_GPU_API(StreamDestroy)(s); }
inline error_t stream_sync(stream_t s) { return BX_GPU_API(StreamSynchronize)(s); }
inline error_t driver_version(int* v) { return BX_GPU_API(DriverGetVersion)(v); }
inline error_t runtime_version(int* v) { return BX_GPU_API(RuntimeGetVersion)(v); }

// Streaming multiprocessors (CUDA) / compute units (AMD) of the current
// device, or `fallback`: the kernels' grid size.
inline int multiprocessors(int fallback) {
  int dev = 0, n = fallback;
#if BITEXACT_GPU_HIP
  if (hipGetDevice(&dev) == hipSuccess) (void)hipDeviceGetAttribute(&n, hipDeviceAttributeMultiprocessorCount, dev);
#else
  if (cudaGetDevice(&dev) == cudaSuccess) cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, dev);
#endif
  return n;
}

// Name and architecture of device d ("NVIDIA H100 80GB HBM3", "sm_90";
// "AMD Instinct MI210", "gfx90a:sramecc+:xnack-"); false when it cannot be read.
struct device_info {
  char name[256];
  char arch[256];
};
inline bool describe(int d, device_info& out) {
#if BITEXACT_GPU_HIP
  hipDeviceProp_t p{};
  if (hipGetDeviceProperties(&p, d) != hipSuccess) return false;
  std::snprintf(out.arch, sizeof out.arch, "%s", p.gcnArchName);
#else
  cudaDeviceProp p{};
  if (cudaGetDeviceProperties(&p, d) != cudaSuccess) return false;
  std::snprintf(out.arch, sizeof out.arch, "sm_%d%d", p.major, p.minor);
#endif
  std::snprintf(out.name, sizeof out.name, "%s", p.name);
  return true;
}

// ---- warp / wavefront primitives (device) ------------------------------------------
#if BITEXACT_GPU_HIP
using lanes_t = unsigned long long;  // __ballot's width
#if defined(__AMDGCN_WAVEFRONT_SIZE)
inline constexpr int warp_size = __AMDGCN_WAVEFRONT_SIZE;  // device pass: 64 on gfx9 (gfx90a)
#else
inline constexpr int warp_size = 64;  // host pass (kernels are not run there)
#endif
#else
using lanes_t = unsigned;
inline constexpr int warp_size = 32;
#endif
static_assert(sizeof(lanes_t) * 8 >= std::size_t(warp_size), "a lane mask holds every lane");
inline constexpr lanes_t full_warp = lanes_t(~0ull >> (64 - warp_size));  // 0xffffffff on CUDA

#if defined(__CUDACC__) || defined(__HIPCC__)
__device__ inline int lane() { return int(threadIdx.x % unsigned(warp_size)); }
__device__ inline int first_lane(lanes_t m) {  // lowest set lane of m != 0
#if BITEXACT_GPU_HIP
  return __ffsll(m) - 1;
#else
  return __ffs(m) - 1;
#endif
}
__device__ inline int lane_count(lanes_t m) {
#if BITEXACT_GPU_HIP
  return __popcll(m);
#else
  return __popc(m);
#endif
}

// Votes and shuffles of the whole warp (every lane of it calls them).
__device__ inline lanes_t ballot(bool p) {
#if BITEXACT_GPU_HIP
  return __ballot(p);
#else
  return __ballot_sync(0xffffffffu, p);
#endif
}
__device__ inline bool all(bool p) {
#if BITEXACT_GPU_HIP
  return __all(p);
#else
  return __all_sync(0xffffffffu, p);
#endif
}
__device__ inline bool any(bool p) {
#if BITEXACT_GPU_HIP
  return __any(p);
#else
  return __any_sync(0xffffffffu, p);
#endif
}

// v of lane `src`; every lane of `lanes` calls it (on AMD exactly the lanes
// active here, which the callers guarantee: `lanes` is their own ballot).
template <class T>
__device__ inline T shfl(lanes_t lanes, T v, int src) {
#if BITEXACT_GPU_HIP
  (void)lanes;
  return __shfl(v, src);
#else
  return __shfl_sync(lanes, v, src);
#endif
}

// The lanes of `lanes` holding the same v as this one (__match_any_sync).
// AMD has no match instruction: the group of the lowest remaining lane is
// split off by a shuffle and a vote, until none is left (one round per
// distinct value; the callers' values are mostly all equal).
__device__ inline lanes_t match_any(lanes_t lanes, unsigned long long v) {
#if BITEXACT_GPU_HIP
  lanes_t left = lanes, mine = 0;
  while (left != 0) {
    const unsigned long long lead = __shfl(v, first_lane(left));
    const lanes_t same = __ballot(v == lead) & left;
    if (v == lead) mine = same;
    left &= ~same;
  }
  return mine;
#else
  return __match_any_sync(lanes, v);
#endif
}

// A short pause in a spin loop.
__device__ inline void pause() {
#if BITEXACT_GPU_HIP
  __builtin_amdgcn_s_sleep(1);
#else
  __nanosleep(20);
#endif
}

// f() for every lane calling this, under the spin-lock rule above: at once
// on CUDA, one lane after the other (lowest first) on AMD.
template <class F>
__device__ inline void one_lane_at_a_time(F&& f) {
#if BITEXACT_GPU_HIP
  for (lanes_t m = __ballot(true); m != 0; m &= m - 1)
    if (lane() == first_lane(m)) f();
#else
  f();
#endif
}
#endif  // device compiler

}  // namespace bitexact::gpu

#undef BX_GPU_API
