// Throughput of the sweep engine against the bare implementation loop.
//
//   BM_BareLoop/...    generate the inputs of a chunk and call the implementation
//                      and the reference on it (what any sweep must do at least)
//   BM_Engine/...      the engine on the same inputs (chunks, statistics, merges),
//                      single-threaded so that the two are comparable
//   BM_EngineAllCores  the engine on all cores
// Each reports items_per_second (inputs/s); the printed ratio Engine/BareLoop is
// the engine's overhead. A cheap pair of implementations (host ceilf as both the
// compared implementation and the reference) makes that overhead visible; the
// second family uses nv sinf against the real truth (mpfr) when nv is present.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>

#include "bitexact/sweep/engine.hpp"

namespace bx = bitexact;

namespace {

constexpr std::uint64_t input_count = std::uint64_t(1) << 22;

bx::sweep::Options cheap_options(unsigned threads) {
  bx::sweep::Options o;
  o.fn = bx::Fn::ceilf;
  o.impls = {bx::find_impl("host", bx::Fn::ceilf)};
  o.truth = bx::find_impl("host", bx::Fn::ceilf);
  o.inputs = bx::sweep::parse_input_set("random:" + std::to_string(input_count), o.fn);
  o.threads = threads;
  return o;
}

void BM_BareLoop(benchmark::State& st) {
  auto o = cheap_options(1);
  std::vector<bx::word> a(o.chunk_size), b(o.chunk_size), r(o.chunk_size), t(o.chunk_size);
  for (auto _ : st) {
    bx::word acc = 0;
    for (std::uint64_t lo = 0; lo < input_count; lo += o.chunk_size) {
      const std::uint64_t n = std::min<std::uint64_t>(o.chunk_size, input_count - lo);
      o.inputs.generate(lo, lo + n, a.data(), b.data());
      const bx::word* args[2] = {a.data(), b.data()};
      o.truth->eval(args, t.data(), n);
      o.impls[0]->eval(args, r.data(), n);
      for (std::uint64_t i = 0; i < n; ++i) acc += r[i] != t[i];  // the minimal comparison
    }
    benchmark::DoNotOptimize(acc);
  }
  st.SetItemsProcessed(std::int64_t(st.iterations() * input_count));
}

void run_engine(benchmark::State& st, const bx::sweep::Options& o, std::uint64_t count) {
  for (auto _ : st) {
    auto s = bx::sweep::make_state(o);
    bx::sweep::run(o, s);
    benchmark::DoNotOptimize(s.count);
  }
  st.SetItemsProcessed(std::int64_t(st.iterations() * count));
}

void BM_Engine(benchmark::State& st) { run_engine(st, cheap_options(1), input_count); }
void BM_EngineAllCores(benchmark::State& st) { run_engine(st, cheap_options(0), input_count); }

// nv sinf against the truth: the per-input cost of the README's exhaustive sweep.
void BM_NvSinfVsTruth(benchmark::State& st) {
  const bx::Impl* nv = bx::find_impl("nv", bx::Fn::sinf);
  if (!nv) {
    st.SkipWithError("nv.sinf not registered");
    return;
  }
  bx::sweep::Options o;
  o.fn = bx::Fn::sinf;
  o.impls = {nv};
  const std::uint64_t n = std::uint64_t(1) << 20;
  o.inputs = bx::sweep::parse_input_set("random:" + std::to_string(n), o.fn);
  run_engine(st, o, n);
}

BENCHMARK(BM_BareLoop)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Engine)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EngineAllCores)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_NvSinfVsTruth)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// Prints the ratios after the runs (same process, same inputs).
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const auto& r : runs) {
      const double t = r.GetAdjustedRealTime();
      if (r.benchmark_name() == "BM_BareLoop") bare_ = t;
      if (r.benchmark_name() == "BM_Engine") engine_ = t;
      if (r.benchmark_name().rfind("BM_EngineAllCores", 0) == 0) all_ = t;
      if (r.benchmark_name().rfind("BM_NvSinfVsTruth", 0) == 0 && !r.error_occurred)
        nv_ = r.counters.count("items_per_second") ? double(r.counters.at("items_per_second")) : 0;
    }
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    if (bare_ > 0 && engine_ > 0)
      std::printf("ratio engine/bare loop (1 thread, host ceilf vs host ceilf): %.2f  (engine overhead %.0f%%)\n",
                  engine_ / bare_, 100 * (engine_ / bare_ - 1));
    if (engine_ > 0 && all_ > 0) std::printf("speed-up all cores / 1 thread: %.2f\n", engine_ / all_);
    if (nv_ > 0)
      std::printf("nv sinf vs truth: %.2f M inputs/s -> exhaustive 2^32 in about %.0f s\n", nv_ / 1e6,
                  4294967296.0 / nv_);
  }

 private:
  double bare_ = 0, engine_ = 0, all_ = 0, nv_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  RatioReporter rep;
  benchmark::RunSpecifiedBenchmarks(&rep);
  benchmark::Shutdown();
  return 0;
}
