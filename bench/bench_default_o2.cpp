// bench_default_o2 — nv::sinf as a user's plain `-O2` build (no -m flags)
// compiles it, against glibc sinf on the same inputs, same run (issue 18
// target: at most 1.0x glibc for |x| < 105615, the "fast" set). bench/CMakeLists.txt
// builds this program with -O2 and without the project's -mfma. Without
// run-time dispatch every fma of the reproduction would be a call of libm's
// fmaf; with it the scalar function calls an FMA-compiled copy
// (trig_reduction.hpp) and the span form an AVX2 kernel (nv/trig_batch.hpp).
// Input sets: bench/batch_common.hpp.
#include <cstdio>

#include "batch_common.hpp"
#include "bitexact/nv/nv_span.hpp"
#include "times_reporter.hpp"

#if defined(__FMA__) || defined(__AVX__)
#error "bench_default_o2 must be built without -mfma / -mavx (the point is the default target)"
#endif

namespace nv = bitexact::nv;
using namespace bench_batch;

namespace {

float glibc_sinf(float x) { return ::sinf(x); }
float glibc_cosf(float x) { return ::cosf(x); }
float nv_sinf(float x) { return nv::sinf(x); }
float nv_cosf(float x) { return nv::cosf(x); }
void nv_sinf_span(std::span<const float> i, std::span<float> o) { nv::sinf(i, o); }
void nv_cosf_span(std::span<const float> i, std::span<float> o) { nv::cosf(i, o); }

}  // namespace

int main(int argc, char** argv) {
  const std::string sets[] = {"fast", "small", "bits"};
  for (const std::string& s : sets) {
    benchmark::RegisterBenchmark(("glibc_sinf/" + s).c_str(), [s](benchmark::State& st) { run_scalar<glibc_sinf>(st, s); });
    benchmark::RegisterBenchmark(("nv_sinf/" + s).c_str(), [s](benchmark::State& st) { run_scalar<nv_sinf>(st, s); });
    benchmark::RegisterBenchmark(("nv_sinf_span/" + s).c_str(), [s](benchmark::State& st) { run_span<nv_sinf_span>(st, s); });
    benchmark::RegisterBenchmark(("glibc_cosf/" + s).c_str(), [s](benchmark::State& st) { run_scalar<glibc_cosf>(st, s); });
    benchmark::RegisterBenchmark(("nv_cosf/" + s).c_str(), [s](benchmark::State& st) { run_scalar<nv_cosf>(st, s); });
    benchmark::RegisterBenchmark(("nv_cosf_span/" + s).c_str(), [s](benchmark::State& st) { run_span<nv_cosf_span>(st, s); });
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  TimesReporter t;
  benchmark::RunSpecifiedBenchmarks(&t);
  std::printf("\nplain -O2 build (no -m flags); ratio time(nv) / time(glibc), same inputs, same run:\n");
  for (const char* fn : {"sinf", "cosf"})
    for (const std::string& s : sets)
      for (const char* form : {"", "_span"}) {
        const auto a = t.seconds(std::string("nv_") + fn + form + "/" + s);
        const auto b = t.seconds(std::string("glibc_") + fn + "/" + s);
        if (a && b)
          std::printf("  nv::%s%-6s %-6s %.3f  (%.2f vs %.2f ns/element)\n", fn, form, s.c_str(), *a / *b,
                      *a * 1e9 / n_inputs, *b * 1e9 / n_inputs);
      }
  benchmark::Shutdown();
  return 0;
}
