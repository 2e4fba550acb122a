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
// Functions: every row of include/bitexact/functions.def (__ocml_OCML against
// ocml::OCML<config>). Sets: the row's standard sets (SEED column): one-operand
// binary32 functions "exhaustive" (input i = bit pattern i, 256 blocks); the
// others "uniform" (seed SEED) or "structured" (seed SEED + 1), 2^30 inputs =
// 64 blocks from bitexact/inputs.hpp, as sweep::standard_sets.
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
// Usage: ocml_sweep FN [FIRST_BLOCK [END_BLOCK]]                     (exhaustive functions)
//        ocml_sweep FN uniform|structured [FIRST_BLOCK [END_BLOCK]]  (the others)
#pragma clang fp contract(off)
#include <hip/hip_runtime.h>
#include <xxhash.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bitexact/functions.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/ocml/ocml.hpp"

#if defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__ && !defined(SWEEP_FINITE)
#error "compiled with -ffinite-math-only: pass -DSWEEP_FINITE=1 so the reproduction matches oclc_finite_only_on"
#endif

// The vendor functions, as ocml.bc defines them: __ocml_OCML of every row that
// has a reproduction (the BITEXACT_FUNCTION_NO_OCML rows have none to compare).
#define BITEXACT_FUNCTION(name, arity, type, ocml_fn, edges, seed) \
  extern "C" __device__ bitexact::fn_traits<bitexact::Fn::name>::signature __ocml_##ocml_fn;
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml_fn, edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION

namespace {

using bitexact::Fn;
using bitexact::fn_traits;
namespace in = bitexact::inputs;

// ISA version of the device pass (__oclc_ISA_version of the linked library).
constexpr int sweep_isa() {
#if defined(__gfx90a__)
  return bitexact::ocml::isa_version_of("gfx90a");
#elif defined(__gfx908__)
  return bitexact::ocml::isa_version_of("gfx908");
#elif defined(__gfx906__)
  return bitexact::ocml::isa_version_of("gfx906");
#elif defined(__gfx900__)
  return bitexact::ocml::isa_version_of("gfx900");
#elif defined(__gfx940__)
  return bitexact::ocml::isa_version_of("gfx940");
#elif defined(__gfx1030__)
  return bitexact::ocml::isa_version_of("gfx1030");
#elif defined(__gfx803__)
  return bitexact::ocml::isa_version_of("gfx803");
#elif defined(__gfx702__)
  return bitexact::ocml::isa_version_of("gfx702");
#elif defined(__HIP_DEVICE_COMPILE__)
#error "add this GPU to sweep_isa()"
#else
  return 9010;  // host pass: unused
#endif
}

#ifdef SWEEP_DAZ
constexpr bool sweep_daz = true;
#else
constexpr bool sweep_daz = false;
#endif
#ifdef SWEEP_FINITE
constexpr bool sweep_finite = true;
#else
constexpr bool sweep_finite = false;
#endif
constexpr bitexact::ocml::config sweep_config{sweep_isa(), sweep_daz, sweep_finite, false, bitexact::ocml::rocm5_2_3};

// calls<F>: the vendor's function and the reproduction.
template <Fn F>
struct calls;
#define BITEXACT_FUNCTION(name, arity, type, ocml_fn, edges, seed) \
  template <>                                                      \
  struct calls<Fn::name> {                                         \
    template <class... A>                                          \
    __device__ static type native(A... a) {                        \
      return __ocml_##ocml_fn(a...);                               \
    }                                                              \
    template <class... A>                                          \
    __device__ static type repro(A... a) {                         \
      return bitexact::ocml::ocml_fn<sweep_config>(a...);          \
    }                                                              \
  };
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml_fn, edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION

template <Fn F>
using value_t = typename fn_traits<F>::type;
template <Fn F>
using word_t = typename bitexact::float_traits<value_t<F>>::storage;

struct mismatch {
  std::uint64_t x, y, native, repro;
};
constexpr unsigned max_recorded = 16;

// Inputs base .. base+n-1 of a standard set; native results (as 64-bit words) to out.
template <Fn F>
__global__ void standard_set(in::set_kind kind, std::uint64_t seed, std::uint64_t base, std::uint32_t n,
                             std::uint64_t* out, unsigned long long* count, mismatch* rec) {
  using T = value_t<F>;
  using W = word_t<F>;
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  const auto p = in::standard_input<T, fn_traits<F>::arity>(kind, seed, base + t);
  const T x = bitexact::bit_cast<T>(W(p.x)), y = bitexact::bit_cast<T>(W(p.y));
  W a, b;
  if constexpr (fn_traits<F>::arity == 1) {
    a = bitexact::bit_cast<W>(calls<F>::native(x));
    b = bitexact::bit_cast<W>(calls<F>::repro(x));
  } else {
    a = bitexact::bit_cast<W>(calls<F>::native(x, y));
    b = bitexact::bit_cast<W>(calls<F>::repro(x, y));
  }
  out[t] = a;
  if (a != b) {
    const unsigned long long k = atomicAdd(count, 1ull);
    if (k < max_recorded) rec[k] = {std::uint64_t(p.x), std::uint64_t(p.y), a, b};
  }
}

void check(hipError_t e, const char* what) {
  if (e != hipSuccess) {
    std::fprintf(stderr, "ocml_sweep: %s: %s\n", what, hipGetErrorString(e));
    std::exit(1);
  }
}

[[noreturn]] void usage() {
  std::string names;
  for (const auto& d : bitexact::function_table) names += (names.empty() ? "" : "|") + std::string(d.name);
  std::fprintf(stderr,
               "usage: ocml_sweep FN [FIRST_BLOCK [END_BLOCK]]   (exhaustive FN: blocks of 2^24, 0..256)\n"
               "       ocml_sweep FN uniform|structured [FIRST_BLOCK [END_BLOCK]]   (the others: 0..64)\n"
               "FN: %s\n",
               names.c_str());
  std::exit(2);
}

// Runs blocks [first, end) of one set of F and prints "0xSTART 0xXXH3" per block.
template <Fn F>
std::uint64_t run(in::set_kind kind, std::uint64_t seed, int first, int end, unsigned long long* d_count,
                  mismatch* d_rec) {
  constexpr std::uint32_t block = 1u << 24;
  constexpr std::size_t width = sizeof(word_t<F>);
  std::uint64_t* d_out;
  check(hipMalloc(&d_out, block * sizeof(std::uint64_t)), "hipMalloc");
  std::vector<std::uint64_t> out(block);
  std::vector<unsigned char> le(std::size_t(block) * width);
  std::uint64_t checked = 0;
  for (int k = first; k < end; ++k) {
    const std::uint64_t start = std::uint64_t(k) << 24;
    hipLaunchKernelGGL(standard_set<F>, dim3(block / 256), dim3(256), 0, 0, kind, seed, start, block, d_out, d_count,
                       d_rec);
    check(hipGetLastError(), "launch");
    check(hipMemcpy(out.data(), d_out, block * sizeof(std::uint64_t), hipMemcpyDeviceToHost), "hipMemcpy");
    for (std::uint32_t i = 0; i < block; ++i)
      for (std::size_t j = 0; j < width; ++j) le[width * i + j] = static_cast<unsigned char>(out[i] >> (8 * j));
    std::printf("0x%08llx 0x%016llx\n", (unsigned long long)start,
                (unsigned long long)XXH3_64bits(le.data(), le.size()));
    checked += block;
  }
  check(hipFree(d_out), "hipFree");
  return checked;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) usage();
  const std::string name = argv[1];
  const bitexact::fn_desc* desc = nullptr;
  for (const auto& d : bitexact::function_table)
    if (d.name == name) desc = &d;
  if (!desc) usage();

  unsigned long long* d_count;
  mismatch* d_rec;
  check(hipMalloc(&d_count, sizeof(unsigned long long)), "hipMalloc");
  check(hipMalloc(&d_rec, max_recorded * sizeof(mismatch)), "hipMalloc");
  check(hipMemset(d_count, 0, sizeof(unsigned long long)), "hipMemset");
  std::fprintf(stderr, "ocml_sweep: %s, ISA %d, DAZ %s, finite-only %s\n", name.c_str(), sweep_config.isa_version,
               sweep_daz ? "on" : "off", sweep_finite ? "on" : "off");

  // The standard sets of the row (functions.def, SEED column).
  in::set_kind kind = in::set_kind::exhaustive;
  std::uint64_t seed = 0;
  int arg = 2, nblocks = 256;
  if (desc->first_seed != 0) {
    if (argc < 3) usage();
    const std::string set = argv[2];
    if (set != "uniform" && set != "structured") usage();
    kind = set == "uniform" ? in::set_kind::uniform : in::set_kind::structured;
    seed = desc->first_seed + (kind == in::set_kind::structured ? 1 : 0);
    arg = 3;
    nblocks = 64;
  }
  const int first = argc > arg ? std::atoi(argv[arg]) : 0;
  const int end = argc > arg + 1 ? std::atoi(argv[arg + 1]) : nblocks;
  if (first < 0 || end > nblocks || first >= end) usage();
  std::uint64_t checked = 0;
  bitexact::for_each_ocml_fn([&](auto f) {
    if (decltype(f)::value == desc->id) checked = run<decltype(f)::value>(kind, seed, first, end, d_count, d_rec);
  });

  unsigned long long count = 0;
  mismatch rec[max_recorded];
  check(hipMemcpy(&count, d_count, sizeof count, hipMemcpyDeviceToHost), "hipMemcpy");
  check(hipMemcpy(rec, d_rec, sizeof rec, hipMemcpyDeviceToHost), "hipMemcpy");
  std::fprintf(stderr, "ocml_sweep: %llu inputs, %llu differ between native ocml and the reproduction\n",
               (unsigned long long)checked, count);
  for (unsigned long long i = 0; i < count && i < max_recorded; ++i)
    std::fprintf(stderr, "  x=0x%llx y=0x%llx native=0x%llx repro=0x%llx\n", (unsigned long long)rec[i].x,
                 (unsigned long long)rec[i].y, (unsigned long long)rec[i].native, (unsigned long long)rec[i].repro);
  return count == 0 ? 0 : 1;
}
