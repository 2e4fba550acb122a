// device/nv_native.cu — ground truth from the GPU for NVIDIA libdevice.
//
// Runs the native CUDA math function of every row of include/bitexact/functions.def
// (::NAME: nvcc links libdevice's __nv_NAME) over its standard input sets
// (bitexact/inputs.hpp, the SEED column) and writes, per set, XXH3-64 digests of each block
// of 2^24 outputs (little-endian words, seed 0), plus edge and sampled vectors.
// With -DBX_WITH_REPRO it also evaluates bitexact's reproductions ON THE DEVICE
// and compares every output bitwise, listing the first mismatches.
//
// The FTZ flavour is chosen at compile time exactly as users choose it:
//   nvcc -ftz=false (IEEE)  or  nvcc -ftz=true (FTZ)   -> BX_MODE "ieee" / "ftz"
//   nvcc -use_fast_math                                -> BX_MODE "fast" (repro: nv::fast)
// See tools/scripts/device/run_nv_native.sh for the build and run command.
//
// Two more builds (nvcc -ftz=false each) give other implementations' ground truth:
//   -DBX_TRITON      BX_MODE "triton": "native" is bitexact::nv::NAME_triton compiled
//                    for the device, to be compared with the digests of Triton kernels
//                    (vectors/triton/digests.json, tools/scripts/check_nv_device_run.py
//                    --mode triton=triton); there is no CUDA function to call here
//   -DBX_INTRINSICS  BX_MODE "intrinsics": the rows that have a CUDA intrinsic
//                    (__sinf, __powf, ...; implementation nv-intrinsics) call it, the
//                    others are skipped; --repro compares nv::fast::row<F>::intrinsic
//
// The same program checks the routes of link-time replacement
// (tools/scripts/device/replace_routes.sh, docs/replacement.md): compiled by clang with
// bitexact's bitcode linked ahead of libdevice, its ::sinf() calls are
// bitexact's; with -DBX_LINKED=nv|nv_ftz|ocml it calls
// bitexact::cuda::<personality>::NAME from the -rdc device library instead.
#define XXH_INLINE_ALL
#include "xxhash.h"

#include <cuda_runtime.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "bitexact/functions.hpp"
#include "bitexact/inputs.hpp"

#if defined(BX_WITH_REPRO) || defined(BX_TRITON) || defined(BX_INTRINSICS)
#include "bitexact/nv/fast.hpp"
#include "bitexact/nv/nv.hpp"
#endif
#ifdef BX_LINKED
#include "bitexact/cuda/linked.cuh"
#define BX_NATIVE_CALL(name) bitexact::cuda::BX_LINKED::name
#elif defined(BX_TRITON)
#define BX_NATIVE_CALL(name) bitexact::nv::name##_triton
#elif defined(BX_INTRINSICS)
#define BX_NATIVE_CALL(name) cuda_intrinsic<Fn::name>::call
#else
#define BX_NATIVE_CALL(name) ::name
#endif

#ifndef BX_MODE
#error "define BX_MODE as \"ieee\", \"ftz\" or \"fast\""
#endif
#ifndef BX_FLAGS
#define BX_FLAGS "?"
#endif

using bitexact::bit_cast;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

#include "cuda_check.cuh"  // CK(call)

#if defined(BX_WITH_REPRO) && !defined(BX_INTRINSICS)
static constexpr bool ftz_build = std::string_view(BX_MODE) == "ftz";
static constexpr bool fast_build = std::string_view(BX_MODE) == "fast";  // -use_fast_math: nv::fast
#endif

// ---- the functions: every row of functions.def ----------------------------------------
using bitexact::Fn;
using bitexact::fn_traits;
namespace in = bitexact::inputs;

#include "cuda_intrinsics.cuh"  // evaluated<F>; BX_INTRINSICS: cuda_intrinsic<F>, intrinsic_repro<F>

// calls<F>::native is the CUDA math function (libdevice, or what replaced it),
// calls<F>::repro bitexact's header-only reproduction.
#ifdef BX_WITH_REPRO
#ifdef BX_INTRINSICS
#define BX_REPRO(name)                                   \
  template <class... A>                                  \
  __device__ static auto repro(A... a) {                 \
    return intrinsic_repro<Fn::name>(a...);              \
  }
#else
#define BX_REPRO(name)                                                            \
  template <class... A>                                                           \
  __device__ static auto repro(A... a) {                                          \
    if constexpr (fast_build) return bitexact::nv::fast::call<Fn::name>(a...);    \
    return ftz_build ? bitexact::nv::name##_ftz(a...) : bitexact::nv::name(a...); \
  }
#endif
#else
#define BX_REPRO(name)
#endif
template <Fn F>
struct calls;
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  template <>                                                   \
  struct calls<Fn::name> {                                      \
    template <class... A>                                       \
    __device__ static type native(A... a) {                     \
      return BX_NATIVE_CALL(name)(a...);                        \
    }                                                           \
    BX_REPRO(name)                                              \
  };
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

template <Fn F>
using value_t = typename fn_traits<F>::type;
template <Fn F>
using word_t = typename bitexact::float_traits<value_t<F>>::storage;
template <Fn F>
constexpr int arity_of = fn_traits<F>::arity;
template <Fn F>
const char* fn_name() {
  return bitexact::fn_desc_of(F).name.data();
}

// One evaluation on bit patterns; Native picks the CUDA function or the reproduction.
template <Fn F, bool Native>
__device__ word_t<F> eval(word_t<F> x, word_t<F> y) {
  using T = value_t<F>;
  const T a = bit_cast<T>(x), b = bit_cast<T>(y);
  if constexpr (Native) {
    if constexpr (arity_of<F> == 1)
      return bit_cast<word_t<F>>(calls<F>::native(a));
    else
      return bit_cast<word_t<F>>(calls<F>::native(a, b));
  } else {
#ifdef BX_WITH_REPRO
    if constexpr (arity_of<F> == 1)
      return bit_cast<word_t<F>>(T(calls<F>::repro(a)));
    else
      return bit_cast<word_t<F>>(T(calls<F>::repro(a, b)));
#else
    return 0;
#endif
  }
  (void)b;
}

// ---- input sets: the standard sets of functions.def's SEED column ------------------------
struct Set {
  const char* name;  // "exhaustive", "uniform", "structured"
  in::set_kind kind;
  u64 seed;
  u64 count;
};

struct Mismatch {
  u64 x, y, native, repro;
};
__device__ unsigned long long d_mismatch_count;
__device__ Mismatch d_mismatches[256];

template <Fn F>
__global__ void k_run(in::set_kind kind, u64 seed, u64 base, u64 n, word_t<F>* out, bool compare) {
  using W = word_t<F>;
  u64 t = u64(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= n) return;
  const auto p = in::standard_input<value_t<F>, arity_of<F>>(kind, seed, base + t);
  const W x = p.x, y = p.y;
  const W r = eval<F, true>(x, y);
  out[t] = r;
#ifdef BX_WITH_REPRO
  if (compare) {
    const W q = eval<F, false>(x, y);
    if (q != r) {
      unsigned long long k = atomicAdd(&d_mismatch_count, 1ull);
      if (k < 256) d_mismatches[k] = Mismatch{u64(x), u64(y), u64(r), u64(q)};
    }
  }
#else
  (void)compare;
#endif
}

// ---- device timing: all 2^32 inputs, outputs folded so nothing is dead code ----------
template <Fn F, bool Native>
__global__ void k_time(u32* sink) {
  static_assert(arity_of<F> == 1 && sizeof(word_t<F>) == 4, "timed: one-operand binary32 functions");
  u32 acc = 0;
  const u64 stride = u64(gridDim.x) * blockDim.x;
  for (u64 i = u64(blockIdx.x) * blockDim.x + threadIdx.x; i < (u64(1) << 32); i += stride)
    acc ^= eval<F, Native>(u32(i), 0);
  if (acc == 0x12345678u) sink[0] = acc;  // practically never; keeps the loop alive
}

template <Fn F, bool Native>
static float time_all(u32* sink) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  k_time<F, Native><<<132 * 16, 256>>>(sink);  // warm-up
  CK(cudaEventRecord(a));
  k_time<F, Native><<<132 * 16, 256>>>(sink);
  CK(cudaEventRecord(b));
  CK(cudaEventSynchronize(b));
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, a, b));
  return ms;
}

// ---- host side --------------------------------------------------------------------
static std::string hex(u64 v, int bits) {
  char b[32];
  std::snprintf(b, sizeof b, bits == 64 ? "0x%016llx" : "0x%08llx", (unsigned long long)v);
  return b;
}

struct Out {
  std::string json;
  FILE* sub = nullptr;  // 2^16-block digests of exhaustive sets (binary, u64 LE)
};

template <Fn F>
static void run_set(const Set& s, Out& o, void* d_raw, void* h_raw, u64 buf_bytes, bool first_set) {
  using W = word_t<F>;
  W* d_buf = static_cast<W*>(d_raw);
  W* h_buf = static_cast<W*>(h_raw);
  const u64 chunk = buf_bytes / sizeof(W);
  const u64 block = u64(1) << 24;
  std::vector<u64> digests(s.count / block);
  u64 mism_before = 0;
  CK(cudaMemcpyToSymbol(d_mismatch_count, &mism_before, sizeof mism_before));
  const int nthreads = int(std::thread::hardware_concurrency());
  for (u64 base = 0; base < s.count; base += chunk) {
    u64 n = std::min(chunk, s.count - base);
    k_run<F><<<unsigned((n + 255) / 256), 256>>>(s.kind, s.seed, base, n, d_buf, true);
    CK(cudaGetLastError());
    CK(cudaMemcpy(h_buf, d_buf, n * sizeof(W), cudaMemcpyDeviceToHost));
    const u64 nblocks = n / block;
    std::vector<std::thread> th;
    std::atomic<u64> next{0};
    const bool want_sub = s.kind == in::set_kind::exhaustive;
    std::vector<u64> sub(want_sub ? n / 65536 : 0);
    for (int t = 0; t < nthreads; ++t)
      th.emplace_back([&] {
        for (u64 b; (b = next++) < nblocks;) {
          digests[(base / block) + b] = XXH3_64bits(h_buf + b * block, block * sizeof(W));
          if (want_sub)
            for (u64 j = 0; j < block / 65536; ++j)
              sub[b * (block / 65536) + j] = XXH3_64bits(h_buf + b * block + j * 65536, 65536 * sizeof(W));
        }
      });
    for (auto& t : th) t.join();
    if (want_sub) std::fwrite(sub.data(), 8, sub.size(), o.sub);
  }
  CK(cudaDeviceSynchronize());
  unsigned long long mc = 0;
  CK(cudaMemcpyFromSymbol(&mc, d_mismatch_count, sizeof mc));
  std::vector<Mismatch> mm(256);
  CK(cudaMemcpyFromSymbol(mm.data(), d_mismatches, sizeof(Mismatch) * 256));
#ifdef BX_WITH_REPRO
  const int bits = sizeof(W) * 8;
#endif
  std::string j = first_set ? "" : ",\n";
  j += "  {\"fn\": \"" + std::string(fn_name<F>()) + "\", \"set\": \"" + s.name +
       "\", \"seed\": " + std::to_string(s.seed) + ", \"count\": " + std::to_string(s.count) +
       ", \"block\": 16777216, \"digests\": [";
  for (size_t i = 0; i < digests.size(); ++i) j += (i ? ",\"" : "\"") + hex(digests[i], 64) + "\"";
  j += "]";
#ifdef BX_WITH_REPRO
  j += ", \"repro_mismatches\": " + std::to_string(mc) + ", \"first_mismatches\": [";
  for (u64 i = 0; i < std::min<u64>(mc, 256); ++i)
    j += (i ? ",[\"" : "[\"") + hex(mm[i].x, bits) + "\",\"" + hex(mm[i].y, bits) + "\",\"" + hex(mm[i].native, bits) +
         "\",\"" + hex(mm[i].repro, bits) + "\"]";
  j += "]";
#endif
  j += "}";
  o.json += j;
#ifdef BX_WITH_REPRO
  std::fprintf(stderr, "%s %s %s: %llu outputs, %zu blocks, repro mismatches %llu\n", BX_MODE, fn_name<F>(), s.name,
               (unsigned long long)s.count, digests.size(), mc);
#else
  std::fprintf(stderr, "%s %s %s: %llu outputs, %zu blocks (no reproduction compared)\n", BX_MODE, fn_name<F>(), s.name,
               (unsigned long long)s.count, digests.size());
#endif
}

// Edge inputs: evaluated natively and written in full.
template <Fn F>
__global__ void k_list(const word_t<F>* x, const word_t<F>* y, word_t<F>* out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  out[t] = eval<F, true>(x[t], y[t]);
}

template <Fn F>
static std::string eval_list(const std::vector<word_t<F>>& xs, const std::vector<word_t<F>>& ys) {
  using W = word_t<F>;
  int n = int(xs.size());
  W *dx, *dy, *dout;
  CK(cudaMalloc(&dx, n * sizeof(W) + 1));
  CK(cudaMalloc(&dy, n * sizeof(W) + 1));
  CK(cudaMalloc(&dout, n * sizeof(W) + 1));
  CK(cudaMemcpy(dx, xs.data(), n * sizeof(W), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dy, ys.data(), n * sizeof(W), cudaMemcpyHostToDevice));
  if (n > 0) k_list<F><<<(n + 255) / 256, 256>>>(dx, dy, dout, n);
  CK(cudaGetLastError());
  std::vector<W> out(n);
  CK(cudaMemcpy(out.data(), dout, n * sizeof(W), cudaMemcpyDeviceToHost));
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dout);
  const int bits = sizeof(W) * 8;
  std::string j = "\"" + std::string(fn_name<F>()) + "\": [";
  for (int i = 0; i < n; ++i) {
    j += i ? ",[" : "[";
    j += "\"" + hex(xs[i], bits) + "\",";
    if (arity_of<F> == 2) j += "\"" + hex(ys[i], bits) + "\",";
    j += "\"" + hex(out[i], bits) + "\"]";
  }
  return j + "]";
}

// Reads "x [y]" hex lines for one function from the edge file (lines "fn x [y]").
template <class W>
static void read_edges(const char* path, const char* fn, std::vector<W>& xs, std::vector<W>& ys) {
  FILE* f = std::fopen(path, "r");
  if (!f) {
    std::fprintf(stderr, "cannot open %s\n", path);
    std::exit(1);
  }
  char line[256], name[32];
  unsigned long long a, b;
  while (std::fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n') continue;
    int k = std::sscanf(line, "%31s %llx %llx", name, &a, &b);
    if (k >= 2 && std::strcmp(name, fn) == 0) {
      xs.push_back(W(a));
      ys.push_back(k == 3 ? W(b) : W(0));
    }
  }
  std::fclose(f);
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s OUTDIR EDGE_INPUTS [fmod_pairs_log2=30]\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  const int pairs_log2 = argc > 3 ? std::atoi(argv[3]) : 30;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int drv = 0, rt = 0;
  CK(cudaDriverGetVersion(&drv));
  CK(cudaRuntimeGetVersion(&rt));

  Out o;
  o.sub = std::fopen((dir + "/subdigests.bin").c_str(), "wb");
  const u64 buf_bytes = u64(1) << 30;  // outputs per launch: 1 GiB
  void* d_buf;
  CK(cudaMalloc(&d_buf, buf_bytes));
  void* h_buf;
  CK(cudaMallocHost(&h_buf, buf_bytes));
  const u64 all32 = u64(1) << 32, pairs = u64(1) << pairs_log2;

  o.json = "{\n\"manifest\": {\"gpu\": \"" + std::string(prop.name) + "\", \"sm\": \"" + std::to_string(prop.major) +
           "." + std::to_string(prop.minor) + "\", \"driver_version\": " + std::to_string(drv) +
           ", \"runtime_version\": " + std::to_string(rt) +
           ", \"mode\": \"" BX_MODE "\", \"nvcc_flags\": \"" BX_FLAGS
           "\", \"digest\": \"XXH3_64bits, seed 0, over each block's outputs as little-endian words\"},\n\"sets\": [\n";
  // Every function's standard sets (functions.def, SEED column; sweep::standard_sets).
  bool first = true;
  bitexact::for_each_fn([&](auto f) {
    constexpr Fn F = decltype(f)::value;
    if constexpr (evaluated<F>()) {
      const u64 seed = bitexact::fn_desc_of(F).first_seed;
      if (seed == 0) {
        run_set<F>({"exhaustive", in::set_kind::exhaustive, 0, all32}, o, d_buf, h_buf, buf_bytes, first);
      } else {
        run_set<F>({"uniform", in::set_kind::uniform, seed, pairs}, o, d_buf, h_buf, buf_bytes, first);
        run_set<F>({"structured", in::set_kind::structured, seed + 1, pairs}, o, d_buf, h_buf, buf_bytes, false);
      }
      first = false;
    }
  });
  std::fclose(o.sub);
  o.json += "\n],\n\"edges\": {\n";
  first = true;
  bitexact::for_each_fn([&](auto f) {
    constexpr Fn F = decltype(f)::value;
    if constexpr (evaluated<F>()) {
      std::vector<word_t<F>> x, y;
      read_edges(argv[2], fn_name<F>(), x, y);
      o.json += (first ? "" : ",\n") + eval_list<F>(x, y);
      first = false;
    }
  });
  o.json += "\n";
  o.json += "},\n\"timing_ms_all_2^32\": {";
  {
    u32* sink;
    CK(cudaMalloc(&sink, 4));
    float ns = time_all<Fn::sinf, true>(sink), nc = time_all<Fn::cosf, true>(sink);
    o.json += "\"native_sinf\": " + std::to_string(ns) + ", \"native_cosf\": " + std::to_string(nc);
#ifdef BX_WITH_REPRO
    float rs = time_all<Fn::sinf, false>(sink), rc = time_all<Fn::cosf, false>(sink);
    o.json += ", \"repro_sinf\": " + std::to_string(rs) + ", \"repro_cosf\": " + std::to_string(rc);
    std::fprintf(
        stderr,
        "%s timing over 2^32: sinf native %.2f ms, repro %.2f ms (x%.2f); cosf native %.2f ms, repro %.2f ms (x%.2f)\n",
        BX_MODE, ns, rs, rs / ns, nc, rc, rc / nc);
#else
    std::fprintf(stderr, "%s timing over 2^32: sinf native %.2f ms, cosf native %.2f ms\n", BX_MODE, ns, nc);
#endif
    cudaFree(sink);
  }
  o.json += "}\n}\n";
  FILE* jf = std::fopen((dir + "/native.json").c_str(), "w");
  std::fwrite(o.json.data(), 1, o.json.size(), jf);
  std::fclose(jf);
  std::fprintf(stderr, "done: %s\n", prop.name);
  return 0;
}
