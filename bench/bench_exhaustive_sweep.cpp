// bench_exhaustive_sweep — `bitexact sweep sinf --impl nv --inputs exhaustive`
// (with the truth) against a bare glibc sinf pass over the same inputs on the
// same cores, in the same run (issue 18 target: at most 1.5x).
//
// The inputs are 2^28 of the 2^32 floats: 16 slices of 2^24 consecutive bit
// patterns, one every 2^28, so that every binade class of the full sweep is
// represented in proportion (zeros and subnormals, the Cody-Waite range, the
// Payne-Hanek range, Inf and NaN, both signs).
//
//   glibc_pass    every input through ::sinf, outputs folded (all cores, TBB)
//   engine        sweep::run with nv against the truth: what the CLI runs
//   truth_only    the truth implementation's batch alone (all cores, floats)
//   nv_only       nv's batch alone (all cores, floats)
//   engine_no_truth  the engine without a truth (evaluation + pair accounting)
//   engine_nv_ocml   `sweep sinf --impl nv,ocml`: the NVIDIA-vs-AMD sweep
//                    (issue 36 target: at most 2.0x)
//   ocml_only        ocml's batch alone (all cores, floats)
// truth_only, nv_only and engine_no_truth show where the engine's time goes.
// Ratios against glibc_pass are printed at the end, with the dispatch level
// the paths ran at (BITEXACT_ISA=avx2 runs an AVX-512 machine's AVX2 paths).
#include <benchmark/benchmark.h>

#include <tbb/parallel_for.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/sweep/engine.hpp"
#include "times_reporter.hpp"

namespace bx = bitexact;

namespace {

constexpr std::uint64_t slice = std::uint64_t(1) << 24;  // inputs per slice
constexpr std::uint64_t slice_stride = std::uint64_t(1) << 28;
constexpr std::uint64_t slices = 16;
constexpr std::uint64_t total = slice * slices;  // 2^28
constexpr std::uint64_t block = 65536;           // the engine's chunk size

// First input (bit pattern) of block k, k < total / block.
std::uint64_t block_start(std::uint64_t k) {
  const std::uint64_t per_slice = slice / block;
  return (k / per_slice) * slice_stride + (k % per_slice) * block;
}

void glibc_pass(benchmark::State& st) {
  for (auto _ : st) {
    std::atomic<std::uint32_t> fold{0};
    tbb::parallel_for(std::uint64_t(0), total / block, [&](std::uint64_t k) {
      const std::uint32_t lo = std::uint32_t(block_start(k));
      std::uint32_t acc = 0;
      for (std::uint32_t i = 0; i < block; ++i) acc ^= bx::bit_cast<std::uint32_t>(::sinf(bx::bit_cast<float>(lo + i)));
      fold ^= acc;
    });
    benchmark::DoNotOptimize(fold.load());
  }
  st.SetItemsProcessed(std::int64_t(st.iterations() * total));
}

bx::sweep::Options engine_options(bool truth, bool with_ocml = false) {
  bx::sweep::Options o;
  o.fn = bx::Fn::sinf;
  o.impls = {bx::find_impl("nv", bx::Fn::sinf)};
  if (with_ocml) o.impls.push_back(bx::find_impl("ocml", bx::Fn::sinf));
  o.no_truth = !truth;
  o.inputs = bx::sweep::parse_input_set("exhaustive", o.fn);
  o.chunk_size = block;
  for (std::uint64_t k = 0; k < total / block; ++k) o.only_chunks.push_back(block_start(k) / block);
  return o;
}

void engine(benchmark::State& st, bool truth, bool with_ocml = false) {
  const auto o = engine_options(truth, with_ocml);
  for (auto _ : st) {
    auto s = bx::sweep::make_state(o);
    bx::sweep::run(o, s);
    benchmark::DoNotOptimize(s.count);
  }
  st.SetItemsProcessed(std::int64_t(st.iterations() * total));
}

// One implementation's batch alone, on all cores, on floats through its
// typed evaluation (Impl::as<float>().values) as the engine calls it.
void impl_only(benchmark::State& st, const bx::Impl* impl) {
  for (auto _ : st) {
    std::atomic<std::uint32_t> fold{0};
    tbb::parallel_for(std::uint64_t(0), total / block, [&](std::uint64_t k) {
      thread_local std::vector<float> a(block), r(block);
      const std::uint64_t lo = block_start(k);
      for (std::uint64_t i = 0; i < block; ++i) a[i] = bx::bit_cast<float>(std::uint32_t(lo + i));
      impl->as<float>().values(a.data(), nullptr, r.data(), block);
      std::uint32_t acc = 0;
      for (std::uint64_t i = 0; i < block; ++i) acc ^= bx::bit_cast<std::uint32_t>(r[i]);
      fold ^= acc;
    });
    benchmark::DoNotOptimize(fold.load());
  }
  st.SetItemsProcessed(std::int64_t(st.iterations() * total));
}

}  // namespace

int main(int argc, char** argv) {
  // Three rounds, each running every benchmark once, interleaved: this
  // machine is shared and its speed drifts over seconds, so each benchmark
  // keeps its fastest round (TimesReporter) and the ratios compare runs made
  // close together.
  // Each one run once a round, timed in seconds of wall time.
  auto once = [](const char* name, auto fn) {
    benchmark::RegisterBenchmark(name, fn)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);
  };
  for (int round = 0; round < 3; ++round) {
    once("glibc_pass", glibc_pass);
    once("engine", [](benchmark::State& s) { engine(s, true); });
    once("engine_no_truth", [](benchmark::State& s) { engine(s, false); });
    once("truth_only", [](benchmark::State& s) { impl_only(s, bx::find_truth(bx::Fn::sinf)); });
    once("nv_only", [](benchmark::State& s) { impl_only(s, bx::find_impl("nv", bx::Fn::sinf)); });
    once("engine_nv_ocml", [](benchmark::State& s) { engine(s, true, true); });
    once("ocml_only", [](benchmark::State& s) { impl_only(s, bx::find_impl("ocml", bx::Fn::sinf)); });
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  WallTimesReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const auto base = reporter.seconds("glibc_pass/iterations:1/real_time");
  std::printf(
      "\n2^28 inputs (16 slices of 2^24 spread over all 2^32 floats), all cores, fastest of 3 interleaved rounds;"
      " ratio to glibc_pass (dispatch level %s):\n",
#if BITEXACT_X86_DISPATCH
      bx::dispatch::level_name(bx::dispatch::host_level())
#else
      "portable"
#endif
  );
  for (const char* n : {"engine", "engine_no_truth", "truth_only", "nv_only", "engine_nv_ocml", "ocml_only"}) {
    const auto t = reporter.seconds(std::string(n) + "/iterations:1/real_time");
    if (base && t) std::printf("  %-16s %.3f  (%.2f s vs %.2f s)\n", n, *t / *base, *t, *base);
  }
  benchmark::Shutdown();
  return 0;
}
