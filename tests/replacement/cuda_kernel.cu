// tests/replacement/cuda_kernel.cu — a CUDA kernel calling libdevice's entry
// points, written without CUDA's headers so that CI (no CUDA) can compile it to
// PTX with clang: tests/cuda_bitcode_check.sh links bitexact's replacement
// bitcode ahead of (absent) libdevice and checks that every call is resolved.
// A real program reaches the same __nv_ names through clang's CUDA headers
// (sinf -> __nv_sinf); docs/replacement.md.
extern "C" __attribute__((device)) float __nv_sinf(float);
extern "C" __attribute__((device)) float __nv_cosf(float);
extern "C" __attribute__((device)) float __nv_fmodf(float, float);
extern "C" __attribute__((device)) double __nv_fmod(double, double);
extern "C" __attribute__((device)) float __nv_ceilf(float);
extern "C" __attribute__((device)) double __nv_ceil(double);

extern "C" __attribute__((global)) void kernel(float* f, double* d) {
  const unsigned i = __nvvm_read_ptx_sreg_tid_x();
  f[4 * i] = __nv_sinf(f[4 * i]);
  f[4 * i + 1] = __nv_cosf(f[4 * i + 1]);
  f[4 * i + 2] = __nv_fmodf(f[4 * i + 2], f[4 * i + 3]);
  f[4 * i + 3] = __nv_ceilf(f[4 * i + 3]);
  d[2 * i] = __nv_fmod(d[2 * i], d[2 * i + 1]);
  d[2 * i + 1] = __nv_ceil(d[2 * i + 1]);
}
