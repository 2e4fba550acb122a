// device/replace_bench.cuh — the timed kernels of device/replace_bench_main.cu,
// included once per translation unit with a different meaning of a call:
//   BX_BENCH_NS           the namespace of this copy (native, replaced)
//   BX_BENCH_CALL(name)   the function a call reaches (::name, or
//                         bitexact::cuda::nv::name for the nvcc route)
// In the clang route both copies call ::sinf; the "replaced" one is compiled
// with bitexact's bitcode linked ahead of libdevice. Same source, same inputs,
// same launch: the only difference is the math function.
//
// Inputs are made in registers from the thread's index (no memory traffic to
// dilute the difference): one-operand binary32 functions take every bit
// pattern i; the others take bit patterns i * a and i * b (odd 64-bit
// multipliers: uniform-looking patterns, as the uniform input sets). Results are
// folded into one word so that nothing is dead code.
#include <cuda_runtime.h>

#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/functions.hpp"

namespace BX_BENCH_NS {

using bx_u64 = std::uint64_t;
inline constexpr bx_u64 bench_mul_x = 0x9e3779b97f4a7c15ull;  // 2^64 / golden ratio
inline constexpr bx_u64 bench_mul_y = 0xd1b54a32d192ed03ull;  // another odd mixer constant

template <class T>
__device__ inline T bench_operand(bx_u64 i, bx_u64 mul) {
  if constexpr (sizeof(T) == 4)
    return bitexact::bit_cast<T>(std::uint32_t(mul == 1 ? i : (i * mul) >> 32));
  else
    return bitexact::bit_cast<T>(i * mul);
}

#define BX_BENCH_EVAL_1(name, type) \
  BX_BENCH_CALL(name)(bench_operand<type>(i, sizeof(type) == 4 ? 1 : bench_mul_x))
#define BX_BENCH_EVAL_2(name, type) \
  BX_BENCH_CALL(name)(bench_operand<type>(i, bench_mul_x), bench_operand<type>(i, bench_mul_y))
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed)                            \
  __global__ void bench_##name(bx_u64 n, std::uint32_t* sink) {                               \
    std::uint32_t acc = 0;                                                                      \
    const bx_u64 stride = bx_u64(gridDim.x) * blockDim.x;                                       \
    for (bx_u64 i = bx_u64(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {        \
      const auto bits = bitexact::bit_cast<typename bitexact::float_traits<type>::storage>(    \
          type(BX_BENCH_EVAL_##arity(name, type)));                                             \
      acc ^= std::uint32_t(bits) ^ std::uint32_t(bx_u64(bits) >> 32);                           \
    }                                                                                           \
    if (acc == 0x12345678u) sink[0] = acc; /* practically never; keeps the loop alive */       \
  }
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

// Milliseconds of one launch of function number `fn` (functions.def order)
// over n inputs.
float time_launch(int fn, bx_u64 n, std::uint32_t* sink) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  const dim3 grid(132 * 16), block(256);
  cudaEventRecord(a);
  int k = 0;
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed) \
  if (k++ == fn) bench_##name<<<grid, block>>>(n, sink);
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
  cudaEventRecord(b);
  cudaEventSynchronize(b);
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return ms;
}

}  // namespace BX_BENCH_NS
