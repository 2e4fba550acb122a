// Compile-only check: the libdevice fmodf/fmod/ceilf/ceil reproductions are
// callable from device code. Build: nvcc -std=c++20 -arch=sm_90 -c (no GPU needed);
// also with -ftz=true, since the reproductions must not depend on that flag.
#include "bitexact/nv/ceil.hpp"
#include "bitexact/nv/ceilf.hpp"
#include "bitexact/nv/fmod.hpp"
#include "bitexact/nv/fmodf.hpp"

__global__ void nv_arith_repro(const float* xf, const float* yf, const double* xd, const double* yd, float* of,
                               double* od, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  of[4 * i + 0] = bitexact::nv::fmodf(xf[i], yf[i]);
  of[4 * i + 1] = bitexact::nv::fmodf_ftz(xf[i], yf[i]);
  of[4 * i + 2] = bitexact::nv::ceilf(xf[i]);
  of[4 * i + 3] = bitexact::nv::ceilf_ftz(xf[i]);
  od[2 * i + 0] = bitexact::nv::fmod(xd[i], yd[i]);
  od[2 * i + 1] = bitexact::nv::ceil(xd[i]);
}
