// device/ocml_sweep.hip — run AMD's native ocml (__ocml_sin_f32, ...) on an
// AMD GPU next to the header-only reproduction (include/bitexact/ocml/), over
// the standard input sets of bitexact::vectors (the sets of the committed
// digests), and report
//   * on stdout, one line per block of 2^24 inputs: "0xSTART 0xXXH3", the
//     XXH3-64 digest of the native results (little-endian words), START the
//     index of the block's first input — the format `bitexact digests print`
//     writes for the committed vectors/ocml/digests.json, so the two diff;
//   * on stderr, the number of inputs where native and reproduction differ,
//     with the first few of them.
// Sets: sinf, cosf, ceilf "exhaustive" (input i = bit pattern i, 256 blocks);
// fmodf, fmod, ceil "uniform" or "structured" (2^30 inputs = 64 blocks from
// bitexact/inputs.hpp with the seeds of vectors::standard_sets: fmodf 1/2,
// fmod 3/4, ceil 5/6).
//
// The configuration is the one the compiler links: the GPU (--offload-arch),
// DAZ (-fgpu-flush-denormals-to-zero, which links oclc_daz_opt_on and sets the
// f32 denormal mode), finite-only (-ffinite-math-only). The reproduction is
// told the same with -DSWEEP_DAZ=1 / -DSWEEP_FINITE=1; the ISA is taken from
// the __gfxNNN__ macro of the device pass. Build (see docs/ocml.md):
//
//   hipcc --offload-arch=gfx90a -O3 -ffp-contract=off -std=c++20 -I include \
//         device/ocml_sweep.hip -lxxhash -o ocml_sweep
//
// Usage: ocml_sweep sinf|cosf|ceilf [FIRST_BLOCK [END_BLOCK]]
//        ocml_sweep fmodf|fmod|ceil uniform|structured [FIRST_BLOCK [END_BLOCK]]
#pragma clang fp contract(off)

#include <hip/hip_runtime.h>
#include <xxhash.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bitexact/ocml/ceil_f32.hpp"
#include "bitexact/ocml/ceil_f64.hpp"
#include "bitexact/ocml/cos_f32.hpp"
#include "bitexact/ocml/fmod_f32.hpp"
#include "bitexact/ocml/fmod_f64.hpp"
#include "bitexact/ocml/sin_f32.hpp"
#include "bitexact/inputs.hpp"

#if defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__ && !defined(SWEEP_FINITE)
#error "compiled with -ffinite-math-only: pass -DSWEEP_FINITE=1 so the reproduction matches oclc_finite_only_on"
#endif

// The vendor functions, as ocml.bc defines them.
extern "C" __device__ float __ocml_sin_f32(float);
extern "C" __device__ float __ocml_cos_f32(float);
extern "C" __device__ float __ocml_ceil_f32(float);
extern "C" __device__ float __ocml_fmod_f32(float, float);
extern "C" __device__ double __ocml_fmod_f64(double, double);
extern "C" __device__ double __ocml_ceil_f64(double);

namespace {

// ISA version of the device pass (__oclc_ISA_version of the linked library).
constexpr int sweep_isa() {
#if defined(__gfx90a__)
  return 9010;
#elif defined(__gfx908__)
  return 9008;
#elif defined(__gfx906__)
  return 9006;
#elif defined(__gfx900__)
  return 9000;
#elif defined(__gfx940__)
  return 9400;
#elif defined(__gfx1030__)
  return 10300;
#elif defined(__gfx803__)
  return 8003;
#elif defined(__gfx702__)
  return 7002;
#elif defined(__HIP_DEVICE_COMPILE__)
#error "add this GPU's __oclc_ISA_version to sweep_isa()"
#else
  return 9010;  // host pass: unused
#endif
}

#ifdef SWEEP_DAZ
constexpr bool kDaz = true;
#else
constexpr bool kDaz = false;
#endif
#ifdef SWEEP_FINITE
constexpr bool kFinite = true;
#else
constexpr bool kFinite = false;
#endif
constexpr bitexact::ocml::config kCfg{sweep_isa(), kDaz, kFinite, false};

enum class fn_id { sinf, cosf, ceilf, fmodf, fmod, ceil };

struct mismatch {
  std::uint64_t x, y, native, repro;
};
constexpr unsigned kMaxRecorded = 16;

// Unary f32: inputs start .. start+n-1 (as bit patterns); native results to out.
__global__ void unary_f32(fn_id fn, std::uint32_t start, std::uint32_t n, std::uint32_t* out,
                          unsigned long long* count, mismatch* rec) {
  const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const std::uint32_t xb = start + i;
  const float x = __uint_as_float(xb);
  float a, b;
  switch (fn) {
    case fn_id::sinf: a = __ocml_sin_f32(x); b = bitexact::ocml::sin_f32<kCfg>(x); break;
    case fn_id::cosf: a = __ocml_cos_f32(x); b = bitexact::ocml::cos_f32<kCfg>(x); break;
    default: a = __ocml_ceil_f32(x); b = bitexact::ocml::ceil_f32<kCfg>(x); break;
  }
  const std::uint32_t ab = __float_as_uint(a), bb = __float_as_uint(b);
  out[i] = ab;
  if (ab != bb) {
    const unsigned long long k = atomicAdd(count, 1ull);
    if (k < kMaxRecorded) rec[k] = {xb, 0, ab, bb};
  }
}

// fmodf / fmod / ceil: inputs base .. base+n-1 of the standard set (kind 1:
// uniform, 2: structured) with `seed`; native results (as 64-bit words) to out.
__global__ void standard_set(fn_id fn, int kind, std::uint64_t seed, std::uint64_t base, std::uint32_t n,
                             std::uint64_t* out, unsigned long long* count, mismatch* rec) {
  namespace in = bitexact::inputs;
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  const std::uint64_t i = base + t;
  std::uint64_t xb, yb = 0, ab, bb;
  if (fn == fn_id::fmodf) {
    std::uint32_t u, v;
    if (kind == 1) { u = in::uniform32(seed, i, 0); v = in::uniform32(seed, i, 1); }
    else { const auto p = in::structured_pair<float>(seed, i); u = p.x; v = p.y; }
    const float x = __uint_as_float(u), y = __uint_as_float(v);
    xb = u;
    yb = v;
    ab = __float_as_uint(__ocml_fmod_f32(x, y));
    bb = __float_as_uint(bitexact::ocml::fmod_f32<kCfg>(x, y));
  } else if (fn == fn_id::fmod) {
    std::uint64_t u, v;
    if (kind == 1) { u = in::uniform64(seed, i, 0); v = in::uniform64(seed, i, 1); }
    else { const auto p = in::structured_pair<double>(seed, i); u = p.x; v = p.y; }
    const double x = __longlong_as_double(std::int64_t(u)), y = __longlong_as_double(std::int64_t(v));
    xb = u;
    yb = v;
    ab = std::uint64_t(__double_as_longlong(__ocml_fmod_f64(x, y)));
    bb = std::uint64_t(__double_as_longlong(bitexact::ocml::fmod_f64<kCfg>(x, y)));
  } else {
    xb = kind == 1 ? in::uniform64(seed, i) : in::structured_single<double>(seed, i);
    const double x = __longlong_as_double(std::int64_t(xb));
    ab = std::uint64_t(__double_as_longlong(__ocml_ceil_f64(x)));
    bb = std::uint64_t(__double_as_longlong(bitexact::ocml::ceil_f64<kCfg>(x)));
  }
  out[t] = ab;
  if (ab != bb) {
    const unsigned long long k = atomicAdd(count, 1ull);
    if (k < kMaxRecorded) rec[k] = {xb, yb, ab, bb};
  }
}

void check(hipError_t e, const char* what) {
  if (e != hipSuccess) {
    std::fprintf(stderr, "ocml_sweep: %s: %s\n", what, hipGetErrorString(e));
    std::exit(1);
  }
}

[[noreturn]] void usage() {
  std::fprintf(stderr,
               "usage: ocml_sweep sinf|cosf|ceilf [FIRST_BLOCK [END_BLOCK]]   (blocks of 2^24, 0..256)\n"
               "       ocml_sweep fmodf|fmod|ceil uniform|structured [FIRST_BLOCK [END_BLOCK]]   (0..64)\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) usage();
  const std::string name = argv[1];
  fn_id fn;
  if (name == "sinf") fn = fn_id::sinf;
  else if (name == "cosf") fn = fn_id::cosf;
  else if (name == "ceilf") fn = fn_id::ceilf;
  else if (name == "fmodf") fn = fn_id::fmodf;
  else if (name == "fmod") fn = fn_id::fmod;
  else if (name == "ceil") fn = fn_id::ceil;
  else usage();

  unsigned long long* d_count;
  mismatch* d_rec;
  check(hipMalloc(&d_count, sizeof(unsigned long long)), "hipMalloc");
  check(hipMalloc(&d_rec, kMaxRecorded * sizeof(mismatch)), "hipMalloc");
  check(hipMemset(d_count, 0, sizeof(unsigned long long)), "hipMemset");
  std::fprintf(stderr, "ocml_sweep: %s, ISA %d, DAZ %s, finite-only %s\n", name.c_str(), kCfg.isa_version,
               kDaz ? "on" : "off", kFinite ? "on" : "off");
  std::uint64_t checked = 0;

  if (fn == fn_id::sinf || fn == fn_id::cosf || fn == fn_id::ceilf) {
    const int first = argc > 2 ? std::atoi(argv[2]) : 0;
    const int end = argc > 3 ? std::atoi(argv[3]) : 256;
    if (first < 0 || end > 256 || first >= end) usage();
    constexpr std::uint32_t block = 1u << 24;
    std::uint32_t* d_out;
    check(hipMalloc(&d_out, block * sizeof(std::uint32_t)), "hipMalloc");
    std::vector<std::uint32_t> out(block);
    std::vector<unsigned char> le(std::size_t(block) * 4);
    for (int k = first; k < end; ++k) {
      const std::uint32_t start = std::uint32_t(k) << 24;
      hipLaunchKernelGGL(unary_f32, dim3(block / 256), dim3(256), 0, 0, fn, start, block, d_out, d_count, d_rec);
      check(hipGetLastError(), "launch");
      check(hipMemcpy(out.data(), d_out, block * sizeof(std::uint32_t), hipMemcpyDeviceToHost), "hipMemcpy");
      for (std::uint32_t i = 0; i < block; ++i)
        for (int j = 0; j < 4; ++j) le[4 * std::size_t(i) + j] = static_cast<unsigned char>(out[i] >> (8 * j));
      std::printf("0x%08x 0x%016llx\n", start, (unsigned long long)XXH3_64bits(le.data(), le.size()));
      checked += block;
    }
    check(hipFree(d_out), "hipFree");
  } else {
    if (argc < 3) usage();
    const std::string set = argv[2];
    const int kind = set == "uniform" ? 1 : set == "structured" ? 2 : 0;
    if (kind == 0) usage();
    // The seeds of bitexact::vectors::standard_sets.
    const std::uint64_t seed = (fn == fn_id::fmodf ? 1 : fn == fn_id::fmod ? 3 : 5) + (kind == 2 ? 1 : 0);
    const int first = argc > 3 ? std::atoi(argv[3]) : 0;
    const int end = argc > 4 ? std::atoi(argv[4]) : 64;
    if (first < 0 || end > 64 || first >= end) usage();
    constexpr std::uint32_t block = 1u << 24;
    const std::size_t width = fn == fn_id::fmodf ? 4 : 8;
    std::uint64_t* d_out;
    check(hipMalloc(&d_out, block * sizeof(std::uint64_t)), "hipMalloc");
    std::vector<std::uint64_t> out(block);
    std::vector<unsigned char> le(std::size_t(block) * width);
    for (int k = first; k < end; ++k) {
      const std::uint64_t start = std::uint64_t(k) << 24;
      hipLaunchKernelGGL(standard_set, dim3(block / 256), dim3(256), 0, 0, fn, kind, seed, start, block, d_out,
                         d_count, d_rec);
      check(hipGetLastError(), "launch");
      check(hipMemcpy(out.data(), d_out, block * sizeof(std::uint64_t), hipMemcpyDeviceToHost), "hipMemcpy");
      for (std::uint32_t i = 0; i < block; ++i)
        for (std::size_t j = 0; j < width; ++j) le[width * i + j] = static_cast<unsigned char>(out[i] >> (8 * j));
      std::printf("0x%08llx 0x%016llx\n", (unsigned long long)start,
                  (unsigned long long)XXH3_64bits(le.data(), le.size()));
      checked += block;
    }
    check(hipFree(d_out), "hipFree");
  }

  unsigned long long count = 0;
  mismatch rec[kMaxRecorded];
  check(hipMemcpy(&count, d_count, sizeof count, hipMemcpyDeviceToHost), "hipMemcpy");
  check(hipMemcpy(rec, d_rec, sizeof rec, hipMemcpyDeviceToHost), "hipMemcpy");
  std::fprintf(stderr, "ocml_sweep: %llu inputs, %llu differ between native ocml and the reproduction\n",
               (unsigned long long)checked, count);
  for (unsigned long long i = 0; i < count && i < kMaxRecorded; ++i)
    std::fprintf(stderr, "  x=0x%llx y=0x%llx native=0x%llx repro=0x%llx\n", (unsigned long long)rec[i].x,
                 (unsigned long long)rec[i].y, (unsigned long long)rec[i].native, (unsigned long long)rec[i].repro);
  return count == 0 ? 0 : 1;
}
