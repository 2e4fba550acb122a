// bench_batch — the span forms of the nv reproductions (bitexact/nv/nv_span.hpp)
// against the scalar function in a loop, same inputs, same run (issue 18
// target: span >= 4x the scalar loop with AVX2's 8 floats). Built with the
// project's flags (-O3, and -mfma on an FMA machine: the scalar loop then has
// every fma inline, the hardest baseline); the span form dispatches at run
// time. Input sets: bench/batch_common.hpp.
#include <cstdio>

#include "batch_common.hpp"
#include "bitexact/nv/nv_span.hpp"
#include "times_reporter.hpp"

namespace nv = bitexact::nv;
using namespace bench_batch;

namespace {

float s_sinf(float x) { return nv::sinf(x); }
float s_cosf(float x) { return nv::cosf(x); }
float s_sinf_ftz(float x) { return nv::sinf_ftz(x); }
float s_ceilf(float x) { return nv::ceilf(x); }
void v_sinf(std::span<const float> i, std::span<float> o) { nv::sinf(i, o); }
void v_cosf(std::span<const float> i, std::span<float> o) { nv::cosf(i, o); }
void v_sinf_ftz(std::span<const float> i, std::span<float> o) { nv::sinf_ftz(i, o); }
void v_ceilf(std::span<const float> i, std::span<float> o) { nv::ceilf(i, o); }

}  // namespace

int main(int argc, char** argv) {
  const std::string sets[] = {"fast", "small", "bits"};
#define BX_ROW(n)                                                                                                 \
  for (const std::string& s : sets) {                                                                             \
    benchmark::RegisterBenchmark(("scalar_" #n "/" + s).c_str(), [s](benchmark::State& st) { run_scalar<s_##n>(st, s); }); \
    benchmark::RegisterBenchmark(("span_" #n "/" + s).c_str(), [s](benchmark::State& st) { run_span<v_##n>(st, s); });   \
  }
  BX_ROW(sinf)
  BX_ROW(cosf)
  BX_ROW(sinf_ftz)
  BX_ROW(ceilf)
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  TimesReporter t;
  benchmark::RunSpecifiedBenchmarks(&t);
  std::printf("\nspeed-up time(scalar loop) / time(span), same inputs, same run:\n");
  for (const char* fn : {"sinf", "cosf", "sinf_ftz", "ceilf"})
    for (const std::string& s : sets) {
      const auto a = t.seconds(std::string("scalar_") + fn + "/" + s);
      const auto b = t.seconds(std::string("span_") + fn + "/" + s);
      if (a && b)
        std::printf("  nv::%-9s %-6s %.2fx  (%.2f vs %.2f ns/element)\n", fn, s.c_str(), *a / *b, *a * 1e9 / n_inputs,
                    *b * 1e9 / n_inputs);
    }
  benchmark::Shutdown();
  return 0;
}
