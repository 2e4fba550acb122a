// device/bench_repro.cu — on an NVIDIA GPU: kernel time of every native CUDA
// math function (libdevice, ::NAME) against bitexact's reproduction compiled
// into the same program (bitexact::nv::NAME, or NAME_ftz in the FTZ build),
// and a bitwise comparison of the two on every input timed.
//
// Every row of include/bitexact/functions.def, over its standard input sets
// (bitexact/inputs.hpp, as device/nv_native.cu): one-operand binary32
// functions over all 2^32 inputs, the others over 2^PAIRS_LOG2 inputs of the
// "uniform" and the "structured" set. The inputs are generated inside the
// kernel, identically for both functions, and the outputs are folded with xor
// into one word per thread, so nothing is dead code and no memory traffic is
// timed. A third kernel generates and folds the inputs alone ("inputs"): what
// is left of a time after subtracting it is the function's own; the table
// gives both ratios.
//
// Times: cudaEvent around one launch, native and reproduction launched
// alternately, median of RUNS launches after one warm-up launch each. A grid
// of (resident blocks per SM) x (SMs) blocks of 256 threads, each kernel with
// its own occupancy, loops over the set.
//
// Equality: a separate kernel evaluates both on every input of the set and
// counts the outputs that differ in any bit (the first ones are listed). A
// ratio is only a comparison of equals when its row has 0 mismatches.
//
// The build is chosen at compile time as users choose it:
//   nvcc -ftz=false -DBX_MODE='"ieee"'    native ::NAME vs nv::NAME
//   nvcc -ftz=true  -DBX_MODE='"ftz"'     native ::NAME vs nv::NAME_ftz
//   nvcc -use_fast_math -DBX_MODE='"fast"'
//                                         native ::NAME (the intrinsics nvcc
//                                         substitutes) vs nv::fast::row<F>::fast
//   nvcc -ftz=false -DBX_INTRINSICS -DBX_MODE='"intrinsics"'
//                                         the CUDA intrinsic (__expf, ...) vs
//                                         nv::fast::row<F>::intrinsic, for the
//                                         rows that have one (the others skipped)
// tools/scripts/device/run_bench_repro.sh builds and runs them. Needs only nvcc (CUDA 12.8
// or later for sm_90 and C++20).
//
// usage: bench_repro [--runs N] [--pairs-log2 K]   (defaults 5 and 30)
// Prints the table on stdout, progress on stderr.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "bitexact/functions.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/nv/fast.hpp"
#include "bitexact/nv/nv.hpp"

#ifndef BX_MODE
#error "define BX_MODE as \"ieee\", \"ftz\", \"fast\" or \"intrinsics\""
#endif
#include "cuda_intrinsics.cuh"  // evaluated<F>; BX_INTRINSICS: cuda_intrinsic<F>, intrinsic_repro<F>
#ifndef BX_FLAGS
#define BX_FLAGS "?"
#endif

#include "cuda_check.cuh"  // CK(call)

using bitexact::bit_cast;
using bitexact::Fn;
using bitexact::fn_traits;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
namespace in = bitexact::inputs;

[[maybe_unused]] static constexpr bool ftz_build = std::string_view(BX_MODE) == "ftz";
[[maybe_unused]] static constexpr bool fast_build = std::string_view(BX_MODE) == "fast";

// ---- the functions: every row of functions.def ------------------------------------
// BX_REPRO's `if constexpr`: the other builds never instantiate nv::fast::call.
#ifdef BX_INTRINSICS
#define BX_NATIVE(name) cuda_intrinsic<Fn::name>::call(a...)
#define BX_REPRO(name) return intrinsic_repro<Fn::name>(a...);
#else
#define BX_NATIVE(name) ::name(a...)
#define BX_REPRO(name)                                                          \
  if constexpr (fast_build)                                                     \
    return bitexact::nv::fast::call<Fn::name>(a...);                            \
  else                                                                          \
    return ftz_build ? bitexact::nv::name##_ftz(a...) : bitexact::nv::name(a...);
#endif
template <Fn F>
struct calls;
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  template <>                                                   \
  struct calls<Fn::name> {                                      \
    template <class... A>                                       \
    __device__ static type native(A... a) {                     \
      return BX_NATIVE(name);                                   \
    }                                                           \
    template <class... A>                                       \
    __device__ static type repro(A... a) {                      \
      BX_REPRO(name)                                            \
    }                                                           \
  };
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

template <Fn F>
using value_t = typename fn_traits<F>::type;
template <Fn F>
using word_t = typename bitexact::float_traits<value_t<F>>::storage;
template <Fn F>
constexpr int arity_of = fn_traits<F>::arity;

// What a kernel evaluates per input.
enum class what { inputs, native, repro };

template <Fn F, what W>
__device__ __forceinline__ word_t<F> eval(word_t<F> x, word_t<F> y) {
  using T = value_t<F>;
  const T a = bit_cast<T>(x), b = bit_cast<T>(y);
  if constexpr (W == what::inputs) {
    return x ^ y;
  } else if constexpr (W == what::native) {
    if constexpr (arity_of<F> == 1)
      return bit_cast<word_t<F>>(calls<F>::native(a));
    else
      return bit_cast<word_t<F>>(calls<F>::native(a, b));
  } else {
    if constexpr (arity_of<F> == 1)
      return bit_cast<word_t<F>>(calls<F>::repro(a));
    else
      return bit_cast<word_t<F>>(calls<F>::repro(a, b));
  }
}

// ---- kernels ----------------------------------------------------------------------
// Timed: the set's inputs, outputs folded; the sink is written practically never.
template <Fn F, what W>
__global__ void k_time(in::set_kind kind, u64 seed, u64 n, word_t<F>* sink) {
  using W_t = word_t<F>;
  W_t acc = 0;
  const u64 stride = u64(gridDim.x) * blockDim.x;
  for (u64 i = u64(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const auto p = in::standard_input<value_t<F>, arity_of<F>>(kind, seed, i);
    acc ^= eval<F, W>(p.x, p.y);
  }
  if (acc == W_t(0x5eed5eed12345678ull)) sink[0] = acc;
}

// Checked: both functions on every input, differing outputs counted.
struct Mismatch {
  u64 x, y, native, repro;
};
constexpr int max_listed = 8;
__device__ unsigned long long d_mismatches;
__device__ unsigned long long d_nan_mismatches;  // both outputs NaN, other bits differ
__device__ Mismatch d_listed[max_listed];

template <class W>
__device__ __forceinline__ bool is_nan_bits(W w) {
  using T = std::conditional_t<sizeof(W) == 4, float, double>;
  return bitexact::fp_bits<T>::from_bits(w).is_nan();
}

template <Fn F>
__global__ void k_check(in::set_kind kind, u64 seed, u64 n) {
  const u64 stride = u64(gridDim.x) * blockDim.x;
  for (u64 i = u64(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const auto p = in::standard_input<value_t<F>, arity_of<F>>(kind, seed, i);
    const word_t<F> r = eval<F, what::native>(p.x, p.y), q = eval<F, what::repro>(p.x, p.y);
    if (r != q) {
      const unsigned long long k = atomicAdd(&d_mismatches, 1ull);
      if (is_nan_bits(r) && is_nan_bits(q)) atomicAdd(&d_nan_mismatches, 1ull);
      if (k < max_listed) d_listed[k] = Mismatch{u64(p.x), u64(p.y), u64(r), u64(q)};
    }
  }
}

// ---- host side ------------------------------------------------------------------------
static int g_sms = 0;
static int g_runs = 5;

template <class K>
static unsigned grid_for(K kernel) {
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, 256, 0));
  return unsigned(std::max(per_sm, 1) * g_sms);
}

struct Set {
  const char* name;
  in::set_kind kind;
  u64 seed;
  u64 count;
};

template <Fn F, what W>
static float launch_timed(const Set& s, word_t<F>* sink, cudaEvent_t a, cudaEvent_t b) {
  static const unsigned grid = grid_for(k_time<F, W>);
  CK(cudaEventRecord(a));
  k_time<F, W><<<grid, 256>>>(s.kind, s.seed, s.count, sink);
  CK(cudaEventRecord(b));
  CK(cudaEventSynchronize(b));
  CK(cudaGetLastError());
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, a, b));
  return ms;
}

static float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5f * (v[n / 2 - 1] + v[n / 2]);
}

static std::string hex(u64 v, int bits) {
  char b[32];
  std::snprintf(b, sizeof b, bits == 64 ? "0x%016llx" : "0x%08llx", (unsigned long long)v);
  return b;
}

static std::vector<std::string> g_listed;  // mismatch lines, printed after the table

template <Fn F>
static void run_set(const Set& s) {
  using W = word_t<F>;
  const char* fn = bitexact::fn_desc_of(F).name.data();
  W* sink;
  CK(cudaMalloc(&sink, sizeof(W)));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  // Warm-up (and the clocks up), then alternate.
  launch_timed<F, what::inputs>(s, sink, a, b);
  launch_timed<F, what::native>(s, sink, a, b);
  launch_timed<F, what::repro>(s, sink, a, b);
  std::vector<float> ti, tn, tr;
  for (int r = 0; r < g_runs; ++r) {
    tn.push_back(launch_timed<F, what::native>(s, sink, a, b));
    tr.push_back(launch_timed<F, what::repro>(s, sink, a, b));
    ti.push_back(launch_timed<F, what::inputs>(s, sink, a, b));
  }
  const float mi = median(ti), mn = median(tn), mr = median(tr);

  // The bit-compare kernel (both functions on every input, differences
  // counted): timed too, median of the runs; the counts are those of the last.
  const unsigned long long zero = 0;
  static const unsigned grid = grid_for(k_check<F>);
  std::vector<float> tc;
  for (int r = 0; r < g_runs; ++r) {
    CK(cudaMemcpyToSymbol(d_mismatches, &zero, sizeof zero));
    CK(cudaMemcpyToSymbol(d_nan_mismatches, &zero, sizeof zero));
    CK(cudaEventRecord(a));
    k_check<F><<<grid, 256>>>(s.kind, s.seed, s.count);
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    CK(cudaGetLastError());
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, a, b));
    tc.push_back(ms);
  }
  const float mc_ms = median(tc);
  unsigned long long mc = 0, nc = 0;
  CK(cudaMemcpyFromSymbol(&mc, d_mismatches, sizeof mc));
  CK(cudaMemcpyFromSymbol(&nc, d_nan_mismatches, sizeof nc));
  Mismatch listed[max_listed];
  CK(cudaMemcpyFromSymbol(listed, d_listed, sizeof listed));
  const int bits = int(sizeof(W) * 8);
  for (u64 k = 0; k < std::min<u64>(mc, max_listed); ++k)
    g_listed.push_back(std::string("# mismatch ") + fn + " " + s.name + " " BX_MODE " x=" + hex(listed[k].x, bits) +
                       (arity_of<F> == 2 ? " y=" + hex(listed[k].y, bits) : std::string()) +
                       " native=" + hex(listed[k].native, bits) + " repro=" + hex(listed[k].repro, bits));

  // Net ratio: with the input generation subtracted (shown when the native
  // function's own time is at least a tenth of the total, else "-").
  char net[16] = "-";
  if (mn - mi >= 0.1f * mn) std::snprintf(net, sizeof net, "%.2f", (mr - mi) / (mn - mi));
  char count[32];
  std::snprintf(count, sizeof count, "2^%d", 63 - __builtin_clzll(s.count));
  std::printf("%-6s %-10s %-4s %5s %10.2f %10.2f %10.2f %7.2f %7s %10llu %8llu %10.2f\n", fn, s.name, BX_MODE, count, mi,
              mn, mr, mr / mn, net, mc, nc, mc_ms);
  std::fflush(stdout);
  std::fprintf(stderr, "%s %s %s: native %.2f ms, repro %.2f ms, inputs %.2f ms, mismatches %llu\n", BX_MODE, fn,
               s.name, mn, mr, mi, mc);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  cudaFree(sink);
}

static int parse_int(const char* opt, const char* v, int lo, int hi) {
  char* end = nullptr;
  const long n = v ? std::strtol(v, &end, 10) : 0;
  if (!v || *end != '\0' || n < lo || n > hi) {
    std::fprintf(stderr, "bench_repro: %s needs an integer in [%d, %d], got '%s'\n", opt, lo, hi, v ? v : "");
    std::exit(2);
  }
  return int(n);
}

int main(int argc, char** argv) {
  int pairs_log2 = 30;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0) {
      g_runs = parse_int("--runs", i + 1 < argc ? argv[++i] : nullptr, 1, 101);
    } else if (std::strcmp(argv[i], "--pairs-log2") == 0) {
      pairs_log2 = parse_int("--pairs-log2", i + 1 < argc ? argv[++i] : nullptr, 10, 32);
    } else {
      std::fprintf(stderr, "bench_repro: unknown argument '%s' (usage: bench_repro [--runs N] [--pairs-log2 K])\n",
                   argv[i]);
      return 2;
    }
  }
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int drv = 0, rt = 0, clock_khz = 0, mem_khz = 0;
  CK(cudaDriverGetVersion(&drv));
  CK(cudaRuntimeGetVersion(&rt));
  CK(cudaDeviceGetAttribute(&g_sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  CK(cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, 0));
  std::printf("# build %s: nvcc %s\n", BX_MODE, BX_FLAGS);
  std::printf("# device: %s, sm_%d%d, %d SMs, peak clock %d MHz, memory clock %d MHz, driver %d, runtime %d\n",
              prop.name, prop.major, prop.minor, g_sms, clock_khz / 1000, mem_khz / 1000, drv, rt);
  std::printf("# times: ms per kernel over the whole set, median of %d launches; ratio = repro/native;\n", g_runs);
  std::printf("# net = (repro - inputs)/(native - inputs); mismatches: outputs differing in any bit\n");
  std::printf("# compare_ms: the bit-compare kernel (both functions on every input, differences counted)\n");
  std::printf("%-6s %-10s %-4s %5s %10s %10s %10s %7s %7s %10s %8s %10s\n", "fn", "set", "mode", "n", "inputs_ms",
              "native_ms", "repro_ms", "ratio", "net", "mismatches", "nan_only", "compare_ms");

  const u64 all32 = u64(1) << 32, pairs = u64(1) << pairs_log2;
  bitexact::for_each_fn([&](auto f) {
    constexpr Fn F = decltype(f)::value;
    const u64 seed = bitexact::fn_desc_of(F).first_seed;
    if constexpr (!evaluated<F>()) return;
    if (seed == 0) {
      run_set<F>({"exhaustive", in::set_kind::exhaustive, 0, all32});
    } else {
      run_set<F>({"uniform", in::set_kind::uniform, seed, pairs});
      run_set<F>({"structured", in::set_kind::structured, seed + 1, pairs});
    }
  });
  for (const std::string& l : g_listed) std::printf("%s\n", l.c_str());
  return 0;
}
