// device/sfu_probe.cu — ground truth from the GPU for the SFU approximations
// (MUFU) behind PTX sin/cos/ex2/lg2/rcp/rsqrt/sqrt/tanh.approx.f32 and the
// CUDA fast intrinsics built on them (__sinf, __expf, ...).
//
// Two jobs, one program:
//   sfu_probe digests OUTDIR   every op over all 2^32 inputs: an XXH3-64
//                              digest (seed 0, outputs as little-endian
//                              words) per block of 2^24 inputs, written as
//                              OUTDIR/sfu_digests.json, and per block of 2^20
//                              as OUTDIR/sfu_subdigests_MODE.bin (u64 LE, op after
//                              op in the order of the JSON) to locate
//                              mismatches finely;
//   sfu_probe compare OUTDIR   the models of include/bitexact/nv/*_approx.hpp
//                              compiled for the GPU against the instructions,
//                              all 2^32 inputs each, mismatches counted on the
//                              device: OUTDIR/sfu_compare.txt;
//   sfu_probe dump OUTDIR      the outputs on the fitting sets of
//                              include/bitexact/nv/sfu_sets.hpp, one raw file of u32 LE
//                              words per (op, set): OUTDIR/OP.SET.u32.
// The PTX ops are one inline asm each, naming the exact variant, so nvcc's
// -ftz does not reach them; the intrinsics follow the build's -ftz (the
// build script builds this file twice, -ftz=false and -ftz=true).
// Build and run: tools/scripts/device/run_sfu_probe.sh OUTDIR.
#define XXH_INLINE_ALL
#include "xxhash.h"

#include <cuda_runtime.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "bitexact/nv/cos_approx.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/lg2_approx.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/rsqrt_approx.hpp"
#include "bitexact/nv/sin_approx.hpp"
#include "bitexact/nv/sqrt_approx.hpp"
#include "bitexact/nv/tanh_approx.hpp"
#include "cuda_check.cuh"
#include "bitexact/nv/sfu_sets.hpp"

#ifndef BX_MODE
#error "define BX_MODE as \"ieee\" or \"ftz\" (the build's -ftz)"
#endif

using u32 = std::uint32_t;
using u64 = std::uint64_t;

#define BX_PTX1(NAME, INSN)                                     \
  struct NAME {                                                 \
    static constexpr const char* name = INSN;                   \
    __device__ static float f(float x) {                        \
      float r;                                                  \
      asm volatile(INSN " %0, %1;" : "=f"(r) : "f"(x));         \
      return r;                                                 \
    }                                                           \
  };
BX_PTX1(sin_approx, "sin.approx.f32")
BX_PTX1(sin_approx_ftz, "sin.approx.ftz.f32")
BX_PTX1(cos_approx, "cos.approx.f32")
BX_PTX1(cos_approx_ftz, "cos.approx.ftz.f32")
BX_PTX1(ex2_approx, "ex2.approx.f32")
BX_PTX1(ex2_approx_ftz, "ex2.approx.ftz.f32")
BX_PTX1(lg2_approx, "lg2.approx.f32")
BX_PTX1(lg2_approx_ftz, "lg2.approx.ftz.f32")
BX_PTX1(rcp_approx, "rcp.approx.f32")
BX_PTX1(rcp_approx_ftz, "rcp.approx.ftz.f32")
BX_PTX1(rsqrt_approx, "rsqrt.approx.f32")
BX_PTX1(rsqrt_approx_ftz, "rsqrt.approx.ftz.f32")
BX_PTX1(sqrt_approx, "sqrt.approx.f32")
BX_PTX1(sqrt_approx_ftz, "sqrt.approx.ftz.f32")
BX_PTX1(tanh_approx, "tanh.approx.f32")
#undef BX_PTX1

#define BX_INTRINSIC1(NAME)                                 \
  struct i##NAME {                                          \
    static constexpr const char* name = BX_MODE "." #NAME; \
    __device__ static float f(float x) { return NAME(x); }  \
  };
BX_INTRINSIC1(__sinf)
BX_INTRINSIC1(__cosf)
BX_INTRINSIC1(__tanf)
BX_INTRINSIC1(__expf)
BX_INTRINSIC1(__exp10f)
BX_INTRINSIC1(__logf)
BX_INTRINSIC1(__log2f)
BX_INTRINSIC1(__log10f)
#undef BX_INTRINSIC1

// The models (bitexact/nv/*_approx.hpp, fast.hpp) compiled for the GPU, to
// compare with the instructions on the device ("compare" job). Each names
// the op it models.
#define BX_MODEL1(NAME, OP, EXPR)                               \
  struct NAME {                                                 \
    using op = OP;                                              \
    __device__ static float f(float x) { return EXPR; }         \
  };
namespace bxm = bitexact::nv;
BX_MODEL1(m_sin, sin_approx, bxm::ptx::sin_approx_model<bxm::mode::ieee>(x))
BX_MODEL1(m_sin_ftz, sin_approx_ftz, bxm::ptx::sin_approx_model<bxm::mode::ftz>(x))
BX_MODEL1(m_cos, cos_approx, bxm::ptx::cos_approx_model<bxm::mode::ieee>(x))
BX_MODEL1(m_cos_ftz, cos_approx_ftz, bxm::ptx::cos_approx_model<bxm::mode::ftz>(x))
BX_MODEL1(m_ex2, ex2_approx, bxm::ptx::ex2_approx_model<bxm::mode::ieee>(x))
BX_MODEL1(m_ex2_ftz, ex2_approx_ftz, bxm::ptx::ex2_approx_model<bxm::mode::ftz>(x))
BX_MODEL1(m_lg2, lg2_approx, bxm::ptx::lg2_approx_model<bxm::mode::ieee>(x))
BX_MODEL1(m_lg2_ftz, lg2_approx_ftz, bxm::ptx::lg2_approx_model<bxm::mode::ftz>(x))
BX_MODEL1(m_rcp, rcp_approx, bxm::ptx::rcp_approx_model<bxm::mode::ieee>(x))
BX_MODEL1(m_rcp_ftz, rcp_approx_ftz, bxm::ptx::rcp_approx_model<bxm::mode::ftz>(x))
BX_MODEL1(m_rsqrt, rsqrt_approx, bxm::ptx::rsqrt_approx_model<bxm::mode::ieee>(x))
BX_MODEL1(m_rsqrt_ftz, rsqrt_approx_ftz, bxm::ptx::rsqrt_approx_model<bxm::mode::ftz>(x))
BX_MODEL1(m_sqrt, sqrt_approx, bxm::ptx::sqrt_approx_model<bxm::mode::ieee>(x))
BX_MODEL1(m_sqrt_ftz, sqrt_approx_ftz, bxm::ptx::sqrt_approx_model<bxm::mode::ftz>(x))
// tanh.approx has no .ftz form: one model (both modes are the same op).
BX_MODEL1(m_tanh, tanh_approx, bxm::ptx::tanh_approx_model<bxm::mode::ieee>(x))
#undef BX_MODEL1

__device__ unsigned long long d_mismatches;
__device__ u32 d_first[16][3];

// Model against instruction over [base, base + n): mismatches counted on the GPU.
template <class Model>
__global__ void k_compare(u64 base, u64 n) {
  u64 t = u64(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= n) return;
  const u32 xb = u32(base + t);
  const float x = __uint_as_float(xb);
  const u32 a = __float_as_uint(Model::op::f(x)), b = __float_as_uint(Model::f(x));
  if (a != b) {
    const unsigned long long k = atomicAdd(&d_mismatches, 1ull);
    if (k < 16) d_first[k][0] = xb, d_first[k][1] = a, d_first[k][2] = b;
  }
}

template <class Model>
static void compare_all(std::string& log) {
  unsigned long long zero = 0;
  CK(cudaMemcpyToSymbol(d_mismatches, &zero, sizeof zero));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  CK(cudaEventRecord(e0));
  const u64 chunk = u64(1) << 30;
  for (u64 base = 0; base < (u64(1) << 32); base += chunk) k_compare<Model><<<unsigned(chunk / 256), 256>>>(base, chunk);
  CK(cudaEventRecord(e1));
  CK(cudaEventSynchronize(e1));
  CK(cudaGetLastError());
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, e0, e1));
  unsigned long long m = 0;
  CK(cudaMemcpyFromSymbol(&m, d_mismatches, sizeof m));
  u32 first[16][3];
  CK(cudaMemcpyFromSymbol(first, d_first, sizeof first));
  char line[256];
  std::snprintf(line, sizeof line, "%-22s model vs instruction on the GPU, all 2^32 inputs: %llu mismatches (%.1f ms)\n",
                Model::op::name, m, ms);
  log += line;
  for (unsigned long long k = 0; k < m && k < 4; ++k) {
    std::snprintf(line, sizeof line, "    x=0x%08x gpu=0x%08x model=0x%08x\n", first[k][0], first[k][1], first[k][2]);
    log += line;
  }
}

// __fdividef(x, y) on pairs (dump only).
__global__ void k_fdividef(const u32* x, const u32* y, u32* out, u64 n) {
  u64 t = u64(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t < n) out[t] = __float_as_uint(__fdividef(__uint_as_float(x[t]), __uint_as_float(y[t])));
}

template <class Op>
__global__ void k_range(u64 base, u64 n, u32* out) {
  u64 t = u64(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t < n) out[t] = __float_as_uint(Op::f(__uint_as_float(u32(base + t))));
}
template <class Op>
__global__ void k_list(const u32* in, u64 n, u32* out) {
  u64 t = u64(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t < n) out[t] = __float_as_uint(Op::f(__uint_as_float(in[t])));
}

struct Ctx {
  u32* d_buf;
  u32* h_buf;
  u32* d_in;
  u64 chunk;  // words per launch
  std::string json;
  FILE* sub;
  bool first = true;
};

static std::string hex64(u64 v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%016llx", (unsigned long long)v);
  return b;
}

template <class Op>
static void digest_all(Ctx& c) {
  const u64 block = u64(1) << 24, sub = u64(1) << 20;
  std::vector<u64> dig(256), subd((u64(1) << 32) / sub);
  const int nthreads = int(std::thread::hardware_concurrency());
  for (u64 base = 0; base < (u64(1) << 32); base += c.chunk) {
    k_range<Op><<<unsigned(c.chunk / 256), 256>>>(base, c.chunk, c.d_buf);
    CK(cudaGetLastError());
    CK(cudaMemcpy(c.h_buf, c.d_buf, c.chunk * 4, cudaMemcpyDeviceToHost));
    std::atomic<u64> next{0};
    std::vector<std::thread> th;
    for (int t = 0; t < nthreads; ++t)
      th.emplace_back([&] {
        for (u64 b; (b = next++) < c.chunk / block;) {
          const u32* p = c.h_buf + b * block;
          dig[base / block + b] = XXH3_64bits(p, block * 4);
          for (u64 j = 0; j < block / sub; ++j) subd[(base + b * block) / sub + j] = XXH3_64bits(p + j * sub, sub * 4);
        }
      });
    for (auto& t : th) t.join();
  }
  std::fwrite(subd.data(), 8, subd.size(), c.sub);
  c.json += std::string(c.first ? "" : ",\n") + "  {\"op\": \"" + Op::name +
            "\", \"set\": \"exhaustive\", \"count\": 4294967296, \"block\": 16777216, \"digests\": [";
  for (int i = 0; i < 256; ++i) c.json += (i ? ",\"" : "\"") + hex64(dig[i]) + "\"";
  c.json += "]}";
  c.first = false;
  std::fprintf(stderr, "%s: digested\n", Op::name);
}

template <class Op>
static void dump_list(Ctx& c, const std::string& dir, const char* set, const std::vector<u32>& in) {
  const u64 n = in.size();
  CK(cudaMemcpy(c.d_in, in.data(), n * 4, cudaMemcpyHostToDevice));
  k_list<Op><<<unsigned((n + 255) / 256), 256>>>(c.d_in, n, c.d_buf);
  CK(cudaGetLastError());
  CK(cudaMemcpy(c.h_buf, c.d_buf, n * 4, cudaMemcpyDeviceToHost));
  const std::string path = dir + "/" + Op::name + "." + set + ".u32";
  FILE* f = std::fopen(path.c_str(), "wb");
  std::fwrite(c.h_buf, 4, n, f);
  std::fclose(f);
}

template <class Op>
static void dump_op(Ctx& c, const std::string& dir, bool dense) {
  dump_list<Op>(c, dir, "spread", bitexact::sfu_sets::spread());
  dump_list<Op>(c, dir, "sub", bitexact::sfu_sets::subnormals());
  if (dense) dump_list<Op>(c, dir, "dense", bitexact::sfu_sets::dense(Op::name));
}

template <class... Ops>
static void digest_ops(Ctx& c) {
  (digest_all<Ops>(c), ...);
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s digests|dump|compare OUTDIR\n", argv[0]);
    return 2;
  }
  const std::string job = argv[1], dir = argv[2];
  const bool ieee = std::string(BX_MODE) == "ieee";  // the PTX ops run in this build only
  Ctx c;
  c.chunk = u64(1) << 28;
  CK(cudaMalloc(&c.d_buf, c.chunk * 4));
  CK(cudaMalloc(&c.d_in, c.chunk * 4));
  CK(cudaMallocHost(&c.h_buf, c.chunk * 4));
  if (job == "digests") {
    c.sub = std::fopen((dir + "/sfu_subdigests_" BX_MODE ".bin").c_str(), "wb");
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    int drv = 0, rt = 0;
    CK(cudaDriverGetVersion(&drv));
    CK(cudaRuntimeGetVersion(&rt));
    c.json = "{\n\"manifest\": {\"gpu\": \"" + std::string(prop.name) + "\", \"sm\": \"" +
             std::to_string(prop.major) + "." + std::to_string(prop.minor) +
             "\", \"driver_version\": " + std::to_string(drv) + ", \"runtime_version\": " + std::to_string(rt) +
             ", \"build\": \"" BX_MODE "\", \"digest\": \"XXH3_64bits, seed 0, outputs as little-endian u32\"},\n"
             "\"sets\": [\n";
    if (ieee)
      digest_ops<sin_approx, sin_approx_ftz, cos_approx, cos_approx_ftz, ex2_approx, ex2_approx_ftz, lg2_approx,
                 lg2_approx_ftz, rcp_approx, rcp_approx_ftz, rsqrt_approx, rsqrt_approx_ftz, sqrt_approx,
                 sqrt_approx_ftz, tanh_approx>(c);
    digest_ops<i__sinf, i__cosf, i__tanf, i__expf, i__exp10f, i__logf, i__log2f, i__log10f>(c);
    c.json += "\n]\n}\n";
    std::fclose(c.sub);
    FILE* f = std::fopen((dir + "/sfu_digests_" BX_MODE ".json").c_str(), "w");
    std::fwrite(c.json.data(), 1, c.json.size(), f);
    std::fclose(f);
  } else if (job == "dump") {
    if (ieee) {
      dump_op<sin_approx>(c, dir, false);
      dump_op<sin_approx_ftz>(c, dir, true);
      dump_op<cos_approx>(c, dir, false);
      dump_op<cos_approx_ftz>(c, dir, true);
      dump_op<ex2_approx>(c, dir, false);
      dump_op<ex2_approx_ftz>(c, dir, true);
      dump_op<lg2_approx>(c, dir, false);
      dump_op<lg2_approx_ftz>(c, dir, true);
      dump_op<rcp_approx>(c, dir, false);
      dump_op<rcp_approx_ftz>(c, dir, true);
      dump_op<rsqrt_approx>(c, dir, false);
      dump_op<rsqrt_approx_ftz>(c, dir, true);
      dump_op<sqrt_approx>(c, dir, false);
      dump_op<sqrt_approx_ftz>(c, dir, true);
      dump_op<tanh_approx>(c, dir, true);
    }
    dump_op<i__sinf>(c, dir, false);
    dump_op<i__cosf>(c, dir, false);
    dump_op<i__tanf>(c, dir, false);
    dump_op<i__expf>(c, dir, false);
    dump_op<i__exp10f>(c, dir, false);
    dump_op<i__logf>(c, dir, false);
    dump_op<i__log2f>(c, dir, false);
    dump_op<i__log10f>(c, dir, false);
    // __fdividef on the spread pairs
    const auto xs = bitexact::sfu_sets::spread(), ys = bitexact::sfu_sets::spread_second();
    const u64 n = xs.size();
    u32* d_y;
    CK(cudaMalloc(&d_y, n * 4));
    CK(cudaMemcpy(c.d_in, xs.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_y, ys.data(), n * 4, cudaMemcpyHostToDevice));
    k_fdividef<<<unsigned((n + 255) / 256), 256>>>(c.d_in, d_y, c.d_buf, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(c.h_buf, c.d_buf, n * 4, cudaMemcpyDeviceToHost));
    FILE* f = std::fopen((dir + "/" BX_MODE ".__fdividef.pairs.u32").c_str(), "wb");
    std::fwrite(c.h_buf, 4, n, f);
    std::fclose(f);
  } else if (job == "compare") {
    if (!ieee) return 0;
    std::string log;
    compare_all<m_sin>(log);
    compare_all<m_sin_ftz>(log);
    compare_all<m_cos>(log);
    compare_all<m_cos_ftz>(log);
    compare_all<m_ex2>(log);
    compare_all<m_ex2_ftz>(log);
    compare_all<m_lg2>(log);
    compare_all<m_lg2_ftz>(log);
    compare_all<m_rcp>(log);
    compare_all<m_rcp_ftz>(log);
    compare_all<m_rsqrt>(log);
    compare_all<m_rsqrt_ftz>(log);
    compare_all<m_sqrt>(log);
    compare_all<m_sqrt_ftz>(log);
    compare_all<m_tanh>(log);
    FILE* f = std::fopen((dir + "/sfu_compare.txt").c_str(), "w");
    std::fputs(log.c_str(), f);
    std::fclose(f);
    std::fputs(log.c_str(), stdout);
  } else {
    std::fprintf(stderr, "unknown job '%s' (digests, dump, compare)\n", job.c_str());
    return 2;
  }
  std::fprintf(stderr, "%s %s: done\n", BX_MODE, job.c_str());
  return 0;
}
