// Prints sinf of a few inputs as three personalities compute them on the GPU
// (needs a GPU to run; CI only builds it where nvcc exists).
#include <cstdio>
#include <cstring>

#include "bitexact/cuda/linked.cuh"

__global__ void k(const float* x, float* out, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  out[3 * i] = bitexact::cuda::nv::sinf(x[i]);
  out[3 * i + 1] = bitexact::cuda::nv_ftz::sinf(x[i]);
  out[3 * i + 2] = bitexact::cuda::ocml::sinf(x[i]);
}

int main() {
  const float x[] = {1.0f, 1e-40f, 12345.678f, 1e30f};
  const int n = 4;
  float *dx, *dout, out[3 * n];
  if (cudaMalloc(&dx, sizeof x) != cudaSuccess || cudaMalloc(&dout, sizeof out) != cudaSuccess) return 1;
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  k<<<1, 32>>>(dx, dout, n);
  if (cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  for (int i = 0; i < 3 * n; ++i) {
    unsigned u;
    std::memcpy(&u, &out[i], 4);
    std::printf("0x%08x%c", u, i % 3 == 2 ? '\n' : ' ');
  }
  return 0;
}
