// device/replace_bench_main.cu — cost of link-time replacement on the GPU:
// each function of functions.def timed natively (libdevice) and replaced
// (device/replace_bench_replaced.cu), in the same run, same inputs, same
// launch; prints the ratio replaced / native. Built by tools/scripts/device/replace_routes.sh
// once per route; BX_ROUTE names the route in the output.
//
// Per function: the input count is calibrated so that a native launch takes
// about 50 ms (at most all 2^32 inputs), then native and replaced launches
// alternate, 7 of each after a warm-up, and the medians are compared.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "bitexact/functions.hpp"

#ifndef BX_ROUTE
#define BX_ROUTE "?"
#endif

namespace native {
float time_launch(int fn, std::uint64_t n, std::uint32_t* sink);
}
namespace replaced {
float time_launch(int fn, std::uint64_t n, std::uint32_t* sink);
}

static float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int main() {
  std::uint32_t* sink;
  if (cudaMalloc(&sink, 4) != cudaSuccess) {
    std::fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("# route %s on %s: median of 7 launches each, ratio = replaced / native\n", BX_ROUTE, prop.name);
  std::printf("%-6s %12s %10s %10s %7s\n", "fn", "inputs", "native_ms", "repl_ms", "ratio");
  for (int fn = 0; fn < int(bitexact::function_count); ++fn) {
    const auto& d = bitexact::function_table[fn];
    std::uint64_t n = std::uint64_t(1) << 24;
    native::time_launch(fn, n, sink);  // warm-up (module load, clocks)
    const float t0 = std::max(native::time_launch(fn, n, sink), 1e-3f);
    n = std::min<std::uint64_t>(std::uint64_t(1) << 32, std::uint64_t(double(n) * 50.0 / t0));
    native::time_launch(fn, n, sink);
    replaced::time_launch(fn, n, sink);
    std::vector<float> a, b;
    for (int r = 0; r < 7; ++r) {
      a.push_back(native::time_launch(fn, n, sink));
      b.push_back(replaced::time_launch(fn, n, sink));
    }
    const float ma = median(a), mb = median(b);
    std::printf("%-6s %12llu %10.3f %10.3f %7.3f\n", d.name.data(), (unsigned long long)n, ma, mb, mb / ma);
  }
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
