// bench_nv_trig — speed of the libdevice sinf/cosf reproductions against this
// machine's glibc sinf/cosf on the same inputs, in the same run.
//
// Each benchmark maps an array of 4096 inputs to 4096 outputs (throughput).
// Input sets:
//   fast   uniform |x| < 105615: libdevice's Cody-Waite path
//   small  uniform |x| < 4
//   large  uniform bit patterns with 105615 <= |x| < 2^100: the Payne-Hanek path
// After the run, one line per (function, set) gives time(nv) / time(glibc).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "times_reporter.hpp"

// The reproductions need a fused multiply-add for every fma libdevice does.
// The default x86-64 target has none, so bitexact::fma becomes a call to
// glibc's fmaf (correct, but a call per fma). glibc's own sinf/cosf select an
// FMA variant at load time on CPUs that have one, so for a like-for-like
// comparison this program compiles the reproductions with FMA enabled when
// the CPU has it (same bits either way: both fmas are correctly rounded).
// Build the whole project with -mfma (or -march=x86-64-v3) to get this speed
// in the library itself.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__FMA__)
#pragma GCC target("fma")
#define BX_BENCH_FMA_PRAGMA 1
#endif

#include "bitexact/bits.hpp"
#include "bitexact/nv/cosf.hpp"
#include "bitexact/nv/sinf.hpp"

#include "batch_common.hpp"  // after the FMA pragma: its inputs and loop get it too

namespace {

using bench_batch::n_inputs;
using bench_batch::run_scalar;

float nv_sinf(float x) { return bitexact::nv::sinf(x); }
float nv_cosf(float x) { return bitexact::nv::cosf(x); }
float nv_sinf_ftz(float x) { return bitexact::nv::sinf_ftz(x); }
float nv_cosf_ftz(float x) { return bitexact::nv::cosf_ftz(x); }
float glibc_sinf(float x) { return ::sinf(x); }
float glibc_cosf(float x) { return ::cosf(x); }

// Ratios of the runs against glibc's on the same inputs.
void print_ratios(const TimesReporter& t) {
  std::printf("\nratio time(nv) / time(glibc), same inputs, same run:\n");
  for (const char* fn : {"sinf", "cosf"})
    for (const char* set : {"fast", "small", "large"})
      for (const char* flavour : {"nv", "nv_ftz"}) {
        const auto a = t.seconds(std::string(flavour) + "_" + fn + "/" + set);
        const auto b = t.seconds(std::string("glibc_") + fn + "/" + set);
        if (!a || !b) continue;
        std::printf("  %-18s %-6s %.3f  (%.2f vs %.2f ns/call)\n", (std::string(flavour) + "_" + fn).c_str(), set,
                    *a / *b, *a * 1e9 / n_inputs, *b * 1e9 / n_inputs);
      }
}

void register_all() {
  for (const char* set : {"fast", "small", "large"}) {
    const std::string s = set;
    benchmark::RegisterBenchmark(("glibc_sinf/" + s).c_str(),
                                 [s](benchmark::State& st) { run_scalar<glibc_sinf>(st, s); });
    benchmark::RegisterBenchmark(("nv_sinf/" + s).c_str(), [s](benchmark::State& st) { run_scalar<nv_sinf>(st, s); });
    benchmark::RegisterBenchmark(("nv_ftz_sinf/" + s).c_str(),
                                 [s](benchmark::State& st) { run_scalar<nv_sinf_ftz>(st, s); });
    benchmark::RegisterBenchmark(("glibc_cosf/" + s).c_str(),
                                 [s](benchmark::State& st) { run_scalar<glibc_cosf>(st, s); });
    benchmark::RegisterBenchmark(("nv_cosf/" + s).c_str(), [s](benchmark::State& st) { run_scalar<nv_cosf>(st, s); });
    benchmark::RegisterBenchmark(("nv_ftz_cosf/" + s).c_str(),
                                 [s](benchmark::State& st) { run_scalar<nv_cosf_ftz>(st, s); });
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
#ifdef BX_BENCH_FMA_PRAGMA
  if (!__builtin_cpu_supports("fma")) {
    std::fprintf(stderr, "bench_nv_trig: this CPU has no FMA; the program was built to use it\n");
    return 1;
  }
#endif
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  TimesReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_ratios(reporter);
  benchmark::Shutdown();
  return 0;
}
