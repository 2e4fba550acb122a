// bench_ocml — speed of the ocml reproductions (gfx90a and gfx803 variants)
// against the CPU execution of ocml.bc ("ocml-bc", when built) and this
// machine's glibc, on the same inputs in the same run.
//
// Each benchmark maps 4096 inputs through one implementation of the registry
// (its word form Impl::eval, as the CLI uses it). Input sets: "small" uniform
// |x| < 4, "cw" uniform |x| < 2^17 (ocml's Cody-Waite path), "large" uniform
// bit patterns with 2^17 <= |x| < 2^100 (Payne-Hanek); fmodf: uniform
// finite pairs. After the run, one line per (implementation, function, set)
// gives time(impl) / time(glibc).
//
// Note: without -mfma the reproductions' fmas are calls to glibc's fmaf.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "bitexact/registry/registry.hpp"

namespace {

using bitexact::word;
constexpr std::size_t n_inputs = 4096;

std::vector<word> make_inputs(const std::string& set, int operand) {
  std::mt19937_64 rng(12345 + operand);
  std::vector<word> v;
  while (v.size() < n_inputs) {
    const std::uint32_t b = std::uint32_t(rng());
    const float x = bitexact::bit_cast<float>(b);
    const float a = std::fabs(x);
    const bool ok = set == "small"   ? a < 4.0f
                    : set == "cw"    ? a < 0x1p17f
                    : set == "large" ? (a >= 0x1p17f && a < 0x1p100f)
                                     : std::isfinite(x) && x != 0.0f;
    if (set == "small" || set == "cw") {
      std::uniform_real_distribution<float> d(set == "small" ? -4.0f : -0x1p17f, set == "small" ? 4.0f : 0x1p17f);
      v.push_back(bitexact::bit_cast<std::uint32_t>(d(rng)));
    } else if (ok) {
      v.push_back(b);
    }
  }
  return v;
}

void run(benchmark::State& state, const bitexact::Impl* impl, const std::string& set) {
  const auto a = make_inputs(set, 0), b = make_inputs(set, 1);
  std::vector<word> out(n_inputs);
  const word* args[2] = {a.data(), b.data()};
  for (auto _ : state) {
    impl->eval(args, out.data(), n_inputs);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * std::int64_t(n_inputs));
}

class ratio_reporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& r : runs)
      if (r.run_type == Run::RT_Iteration && r.iterations > 0)
        times_[r.benchmark_name()] = r.cpu_accumulated_time / double(r.iterations);
    ConsoleReporter::ReportRuns(runs);
  }
  void print_ratios() const {
    std::printf("\nratio time(impl) / time(host glibc), same inputs, same run:\n");
    for (const auto& [name, t] : times_) {
      const auto slash = name.find('/');
      const std::string impl = name.substr(0, slash), rest = name.substr(slash);
      if (impl == "host") continue;
      const auto base = times_.find("host" + rest);
      if (base != times_.end()) std::printf("  %-40s %6.2f\n", name.c_str(), t / base->second);
    }
  }

 private:
  std::map<std::string, double> times_;
};

}  // namespace

int main(int argc, char** argv) {
  using bitexact::Fn;
  struct job {
    Fn fn;
    std::vector<std::string> sets;
  };
  for (const job& j : {job{Fn::sinf, {"small", "cw", "large"}}, job{Fn::cosf, {"cw"}}, job{Fn::fmodf, {"pairs"}}})
    for (const char* impl : {"host", "ocml", "ocml-gfx803", "ocml-bc"}) {
      const bitexact::Impl* p = bitexact::find_impl(impl, j.fn);
      if (p == nullptr) continue;
      for (const auto& s : j.sets) {
        const std::string name = std::string(impl) + "/" + std::string(bitexact::fn_info(j.fn).name) + "/" + s;
        benchmark::RegisterBenchmark(name.c_str(), [p, s](benchmark::State& st) { run(st, p, s); });
      }
    }
  benchmark::Initialize(&argc, argv);
  ratio_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.print_ratios();
  benchmark::Shutdown();
  return 0;
}
