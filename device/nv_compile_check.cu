// device/nv_compile_check.cu — compile-only smoke test: the nv sinf/cosf
// reproductions build as device code (no GPU needed).
//   nvcc -std=c++20 -x cu -arch=sm_90 -Iinclude -c device/nv_compile_check.cu -o /dev/null
#include <cstdint>

#include "bitexact/nv/cosf.hpp"
#include "bitexact/nv/sinf.hpp"

__global__ void nv_trig_kernel(const float* in, float* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = in[i];
  out[4 * i + 0] = bitexact::nv::sinf(x);
  out[4 * i + 1] = bitexact::nv::cosf(x);
  out[4 * i + 2] = bitexact::nv::sinf_ftz(x);
  out[4 * i + 3] = bitexact::nv::cosf_ftz(x);
}

// Host side of the same translation unit (BITEXACT_HD functions).
float nv_trig_host(float x) { return bitexact::nv::sinf(x) + bitexact::nv::cosf_ftz(x); }
