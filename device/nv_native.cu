// device/nv_native.cu — ground truth from the GPU for NVIDIA libdevice.
//
// Runs the native CUDA math functions (sinf, cosf, ceilf, fmodf, fmod, ceil:
// nvcc links libdevice's __nv_* for these) over the input sets defined in
// include/bitexact/inputs.hpp and writes, per set, XXH3-64 digests of each block
// of 2^24 outputs (little-endian words, seed 0), plus edge and sampled vectors.
// With -DBX_WITH_REPRO it also evaluates bitexact's reproductions ON THE DEVICE
// and compares every output bitwise, listing the first mismatches.
//
// The FTZ flavour is chosen at compile time exactly as users choose it:
//   nvcc -ftz=false (IEEE)  or  nvcc -ftz=true (FTZ)   -> BX_MODE "ieee" / "ftz"
// See device/run_nv_native.sh for the build and run command.
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

#include "bitexact/inputs.hpp"

#ifdef BX_WITH_REPRO
#include "bitexact/nv/ceil.hpp"
#include "bitexact/nv/ceilf.hpp"
#include "bitexact/nv/cosf.hpp"
#include "bitexact/nv/fmod.hpp"
#include "bitexact/nv/fmodf.hpp"
#include "bitexact/nv/sinf.hpp"
#endif

#ifndef BX_MODE
#error "define BX_MODE as \"ieee\" or \"ftz\""
#endif
#ifndef BX_FLAGS
#define BX_FLAGS "?"
#endif

using bitexact::bit_cast;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

#define CK(x)                                                                     \
  do {                                                                            \
    cudaError_t e_ = (x);                                                         \
    if (e_ != cudaSuccess) {                                                      \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::exit(1);                                                               \
    }                                                                             \
  } while (0)

#ifdef BX_WITH_REPRO
static constexpr bool kFtz = std::string_view(BX_MODE) == "ftz";
#endif

// ---- the functions ------------------------------------------------------------
enum Fn { F_SINF, F_COSF, F_CEILF, F_FMODF, F_FMOD, F_CEIL };
static const char* kFnName[] = {"sinf", "cosf", "ceilf", "fmodf", "fmod", "ceil"};

template <int F> struct native;
template <> struct native<F_SINF> { __device__ static u32 f(u32 x) { return bit_cast<u32>(sinf(bit_cast<float>(x))); } };
template <> struct native<F_COSF> { __device__ static u32 f(u32 x) { return bit_cast<u32>(cosf(bit_cast<float>(x))); } };
template <> struct native<F_CEILF> { __device__ static u32 f(u32 x) { return bit_cast<u32>(ceilf(bit_cast<float>(x))); } };
template <> struct native<F_FMODF> { __device__ static u32 f(u32 x, u32 y) { return bit_cast<u32>(fmodf(bit_cast<float>(x), bit_cast<float>(y))); } };
template <> struct native<F_FMOD> { __device__ static u64 f(u64 x, u64 y) { return bit_cast<u64>(fmod(bit_cast<double>(x), bit_cast<double>(y))); } };
template <> struct native<F_CEIL> { __device__ static u64 f(u64 x) { return bit_cast<u64>(ceil(bit_cast<double>(x))); } };

#ifdef BX_WITH_REPRO
namespace nvr = bitexact::nv;
template <int F> struct repro;
template <> struct repro<F_SINF> { __device__ static u32 f(u32 x) { return bit_cast<u32>(kFtz ? nvr::sinf_ftz(bit_cast<float>(x)) : nvr::sinf(bit_cast<float>(x))); } };
template <> struct repro<F_COSF> { __device__ static u32 f(u32 x) { return bit_cast<u32>(kFtz ? nvr::cosf_ftz(bit_cast<float>(x)) : nvr::cosf(bit_cast<float>(x))); } };
template <> struct repro<F_CEILF> { __device__ static u32 f(u32 x) { return bit_cast<u32>(kFtz ? nvr::ceilf_ftz(bit_cast<float>(x)) : nvr::ceilf(bit_cast<float>(x))); } };
template <> struct repro<F_FMODF> { __device__ static u32 f(u32 x, u32 y) { return bit_cast<u32>(kFtz ? nvr::fmodf_ftz(bit_cast<float>(x), bit_cast<float>(y)) : nvr::fmodf(bit_cast<float>(x), bit_cast<float>(y))); } };
template <> struct repro<F_FMOD> { __device__ static u64 f(u64 x, u64 y) { return bit_cast<u64>(nvr::fmod(bit_cast<double>(x), bit_cast<double>(y))); } };
template <> struct repro<F_CEIL> { __device__ static u64 f(u64 x) { return bit_cast<u64>(nvr::ceil(bit_cast<double>(x))); } };
#endif

// ---- input sets -----------------------------------------------------------------
// kind 0: exhaustive (input = index), 1: uniform (seed), 2: structured (seed)
struct Set {
  int fn;
  const char* name;  // "exhaustive", "uniform", "structured"
  int kind;
  u64 seed;
  u64 count;
};

struct Mismatch {
  u64 x, y, native, repro;
};
__device__ unsigned long long d_mismatch_count;
__device__ Mismatch d_mismatches[256];

template <int F, class W>
__device__ void gen(int kind, u64 seed, u64 i, W& x, W& y) {
  namespace in = bitexact::inputs;
  if constexpr (F == F_FMODF) {
    if (kind == 1) { x = in::uniform32(seed, i, 0); y = in::uniform32(seed, i, 1); }
    else { auto p = in::structured_pair<float>(seed, i); x = p.x; y = p.y; }
  } else if constexpr (F == F_FMOD) {
    if (kind == 1) { x = in::uniform64(seed, i, 0); y = in::uniform64(seed, i, 1); }
    else { auto p = in::structured_pair<double>(seed, i); x = p.x; y = p.y; }
  } else if constexpr (F == F_CEIL) {
    x = kind == 1 ? in::uniform64(seed, i) : in::structured_single<double>(seed, i);
    y = 0;
  } else {
    x = W(i);  // exhaustive f32 unary
    y = 0;
  }
}

template <int F, class W>
__global__ void k_run(int kind, u64 seed, u64 base, u64 n, W* out, bool compare) {
  u64 t = u64(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= n) return;
  W x, y;
  gen<F, W>(kind, seed, base + t, x, y);
  W r;
  if constexpr (F == F_FMODF || F == F_FMOD) r = native<F>::f(x, y);
  else r = native<F>::f(x);
  out[t] = r;
#ifdef BX_WITH_REPRO
  if (compare) {
    W q;
    if constexpr (F == F_FMODF || F == F_FMOD) q = repro<F>::f(x, y);
    else q = repro<F>::f(x);
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
template <int F, bool Repro>
__global__ void k_time(u32* sink) {
  u32 acc = 0;
  const u64 stride = u64(gridDim.x) * blockDim.x;
  for (u64 i = u64(blockIdx.x) * blockDim.x + threadIdx.x; i < (u64(1) << 32); i += stride) {
#ifdef BX_WITH_REPRO
    if constexpr (Repro) acc ^= repro<F>::f(u32(i));
    else
#endif
      acc ^= native<F>::f(u32(i));
  }
  if (acc == 0x12345678u) sink[0] = acc;  // practically never; keeps the loop alive
}

template <int F, bool Repro>
static float time_all(u32* sink) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  k_time<F, Repro><<<132 * 16, 256>>>(sink);  // warm-up
  CK(cudaEventRecord(a));
  k_time<F, Repro><<<132 * 16, 256>>>(sink);
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

template <int F, class W>
static void run_set(const Set& s, Out& o, W* d_buf, W* h_buf, u64 chunk, bool first_set) {
  const u64 block = u64(1) << 24;
  std::vector<u64> digests(s.count / block);
  u64 mism_before = 0;
  CK(cudaMemcpyToSymbol(d_mismatch_count, &mism_before, sizeof mism_before));
  const int nthreads = int(std::thread::hardware_concurrency());
  for (u64 base = 0; base < s.count; base += chunk) {
    u64 n = std::min(chunk, s.count - base);
    k_run<F, W><<<unsigned((n + 255) / 256), 256>>>(s.kind, s.seed, base, n, d_buf, true);
    CK(cudaGetLastError());
    CK(cudaMemcpy(h_buf, d_buf, n * sizeof(W), cudaMemcpyDeviceToHost));
    const u64 nblocks = n / block;
    std::vector<std::thread> th;
    std::atomic<u64> next{0};
    const bool want_sub = s.kind == 0;
    std::vector<u64> sub(want_sub ? n / 65536 : 0);
    for (int t = 0; t < nthreads; ++t)
      th.emplace_back([&] {
        for (u64 b; (b = next++) < nblocks;) {
          digests[(base / block) + b] = XXH3_64bits(h_buf + b * block, block * sizeof(W));
          if (want_sub)
            for (u64 j = 0; j < block / 65536; ++j)
              sub[b * (block / 65536) + j] =
                  XXH3_64bits(h_buf + b * block + j * 65536, 65536 * sizeof(W));
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
  j += "  {\"fn\": \"" + std::string(kFnName[F]) + "\", \"set\": \"" + s.name + "\", \"seed\": " +
       std::to_string(s.seed) + ", \"count\": " + std::to_string(s.count) +
       ", \"block\": 16777216, \"digests\": [";
  for (size_t i = 0; i < digests.size(); ++i) j += (i ? ",\"" : "\"") + hex(digests[i], 64) + "\"";
  j += "]";
#ifdef BX_WITH_REPRO
  j += ", \"repro_mismatches\": " + std::to_string(mc) + ", \"first_mismatches\": [";
  for (u64 i = 0; i < std::min<u64>(mc, 256); ++i)
    j += (i ? ",[\"" : "[\"") + hex(mm[i].x, bits) + "\",\"" + hex(mm[i].y, bits) + "\",\"" +
         hex(mm[i].native, bits) + "\",\"" + hex(mm[i].repro, bits) + "\"]";
  j += "]";
#endif
  j += "}";
  o.json += j;
  std::fprintf(stderr, "%s %s %s: %llu outputs, %zu blocks, repro mismatches %llu\n", BX_MODE,
               kFnName[F], s.name, (unsigned long long)s.count, digests.size(), mc);
}

// Edge inputs: evaluated natively and written in full.
template <int F, class W>
__global__ void k_list(const W* x, const W* y, W* out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  if constexpr (F == F_FMODF || F == F_FMOD) out[t] = native<F>::f(x[t], y[t]);
  else out[t] = native<F>::f(x[t]);
}

template <int F, class W>
static std::string eval_list(const std::vector<W>& xs, const std::vector<W>& ys) {
  int n = int(xs.size());
  W *dx, *dy, *dout;
  CK(cudaMalloc(&dx, n * sizeof(W)));
  CK(cudaMalloc(&dy, n * sizeof(W)));
  CK(cudaMalloc(&dout, n * sizeof(W)));
  CK(cudaMemcpy(dx, xs.data(), n * sizeof(W), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dy, ys.data(), n * sizeof(W), cudaMemcpyHostToDevice));
  k_list<F, W><<<(n + 255) / 256, 256>>>(dx, dy, dout, n);
  CK(cudaGetLastError());
  std::vector<W> out(n);
  CK(cudaMemcpy(out.data(), dout, n * sizeof(W), cudaMemcpyDeviceToHost));
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dout);
  const int bits = sizeof(W) * 8;
  const bool two = F == F_FMODF || F == F_FMOD;
  std::string j = "\"" + std::string(kFnName[F]) + "\": [";
  for (int i = 0; i < n; ++i) {
    j += i ? ",[" : "[";
    j += "\"" + hex(xs[i], bits) + "\",";
    if (two) j += "\"" + hex(ys[i], bits) + "\",";
    j += "\"" + hex(out[i], bits) + "\"]";
  }
  return j + "]";
}

// Reads "x [y]" hex lines for one function from the edge file (lines "fn x [y]").
template <class W>
static void read_edges(const char* path, const char* fn, std::vector<W>& xs, std::vector<W>& ys) {
  FILE* f = std::fopen(path, "r");
  if (!f) { std::fprintf(stderr, "cannot open %s\n", path); std::exit(1); }
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
  const u64 chunk = u64(1) << 27;  // inputs per launch (1 GiB of f64 outputs)
  u64* d_buf;
  CK(cudaMalloc(&d_buf, chunk * 8));
  u64* h_buf;
  CK(cudaMallocHost(&h_buf, chunk * 8));
  u32* d32 = reinterpret_cast<u32*>(d_buf);
  u32* h32 = reinterpret_cast<u32*>(h_buf);
  const u64 all32 = u64(1) << 32, pairs = u64(1) << pairs_log2;

  o.json = "{\n\"manifest\": {\"gpu\": \"" + std::string(prop.name) + "\", \"sm\": \"" +
           std::to_string(prop.major) + "." + std::to_string(prop.minor) +
           "\", \"driver_version\": " + std::to_string(drv) +
           ", \"runtime_version\": " + std::to_string(rt) + ", \"mode\": \"" BX_MODE
           "\", \"nvcc_flags\": \"" BX_FLAGS "\", \"digest\": \"XXH3_64bits, seed 0, over each block's outputs as little-endian words\"},\n\"sets\": [\n";
  run_set<F_SINF, u32>({F_SINF, "exhaustive", 0, 0, all32}, o, d32, h32, chunk * 2, true);
  run_set<F_COSF, u32>({F_COSF, "exhaustive", 0, 0, all32}, o, d32, h32, chunk * 2, false);
  run_set<F_CEILF, u32>({F_CEILF, "exhaustive", 0, 0, all32}, o, d32, h32, chunk * 2, false);
  run_set<F_FMODF, u32>({F_FMODF, "uniform", 1, 1, pairs}, o, d32, h32, chunk * 2, false);
  run_set<F_FMODF, u32>({F_FMODF, "structured", 2, 2, pairs}, o, d32, h32, chunk * 2, false);
  run_set<F_FMOD, u64>({F_FMOD, "uniform", 1, 3, pairs}, o, d_buf, h_buf, chunk, false);
  run_set<F_FMOD, u64>({F_FMOD, "structured", 2, 4, pairs}, o, d_buf, h_buf, chunk, false);
  run_set<F_CEIL, u64>({F_CEIL, "uniform", 1, 5, pairs}, o, d_buf, h_buf, chunk, false);
  run_set<F_CEIL, u64>({F_CEIL, "structured", 2, 6, pairs}, o, d_buf, h_buf, chunk, false);
  std::fclose(o.sub);
  o.json += "\n],\n\"edges\": {\n";
  {
    std::vector<u32> x, y;
    read_edges(argv[2], "sinf", x, y);
    o.json += eval_list<F_SINF, u32>(x, y) + ",\n";
    x.clear(); y.clear(); read_edges(argv[2], "cosf", x, y);
    o.json += eval_list<F_COSF, u32>(x, y) + ",\n";
    x.clear(); y.clear(); read_edges(argv[2], "ceilf", x, y);
    o.json += eval_list<F_CEILF, u32>(x, y) + ",\n";
    x.clear(); y.clear(); read_edges(argv[2], "fmodf", x, y);
    o.json += eval_list<F_FMODF, u32>(x, y) + ",\n";
    std::vector<u64> X, Y;
    read_edges(argv[2], "fmod", X, Y);
    o.json += eval_list<F_FMOD, u64>(X, Y) + ",\n";
    X.clear(); Y.clear(); read_edges(argv[2], "ceil", X, Y);
    o.json += eval_list<F_CEIL, u64>(X, Y) + "\n";
  }
  o.json += "},\n\"timing_ms_all_2^32\": {";
  {
    u32* sink;
    CK(cudaMalloc(&sink, 4));
    float ns = time_all<F_SINF, false>(sink), nc = time_all<F_COSF, false>(sink);
    o.json += "\"native_sinf\": " + std::to_string(ns) + ", \"native_cosf\": " + std::to_string(nc);
#ifdef BX_WITH_REPRO
    float rs = time_all<F_SINF, true>(sink), rc = time_all<F_COSF, true>(sink);
    o.json += ", \"repro_sinf\": " + std::to_string(rs) + ", \"repro_cosf\": " + std::to_string(rc);
    std::fprintf(stderr, "%s timing over 2^32: sinf native %.2f ms, repro %.2f ms (x%.2f); cosf native %.2f ms, repro %.2f ms (x%.2f)\n",
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
