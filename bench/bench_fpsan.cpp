// bench_fpsan — CPU throughput of FpSan payload arithmetic (fpsan::value<T>)
// against plain float/double arithmetic on the same generic kernels, printed
// as ratios (payload time / float time) at the end of the run; and the
// identity validator's per-sample cost, from which the heavy run's time
// (10^9 samples per identity for f32 and f64) is estimated.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "bitexact/fpsan/fpsan.hpp"
#include "bitexact/fpsan/identities.hpp"

namespace fs = bitexact::fpsan;

namespace {

constexpr int n_inputs = 4096;

template <class T>
std::vector<T> inputs(int salt) {
  std::vector<T> v;
  for (int i = 0; i < n_inputs; ++i) {
    double x = double(fs::validate::sample_bits(salt, i) % 20000) / 1000.0 - 10.0;
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
      v.push_back(T(x));
    else
      v.push_back(T(typename T::float_type(x)));
  }
  return v;
}

// The kernels, written once for float and for fs::value<float>.
using std::exp;
using std::sin;
template <class T>
T k_ring(T x, T y) {
  return (x * y + x) * y - x;
}
template <class T>
T k_div(T x, T y) {
  return x / y;
}
template <class T>
T k_exp(T x, T) {
  return exp(x);
}
template <class T>
T k_sin(T x, T) {
  return sin(x);
}

template <class T, T (*K)(T, T)>
void run(benchmark::State& st) {
  auto x = inputs<T>(1), y = inputs<T>(2);
  std::vector<T> out(n_inputs);
  for (auto _ : st) {
    for (int i = 0; i < n_inputs; ++i) out[std::size_t(i)] = K(x[std::size_t(i)], y[std::size_t(i)]);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  st.SetItemsProcessed(st.iterations() * n_inputs);
}

using V32 = fs::value<float>;
using V64 = fs::value<double>;
BENCHMARK(run<float, k_ring<float>>)->Name("ring/float");
BENCHMARK(run<V32, k_ring<V32>>)->Name("ring/fpsan_f32");
BENCHMARK(run<double, k_ring<double>>)->Name("ring/double");
BENCHMARK(run<V64, k_ring<V64>>)->Name("ring/fpsan_f64");
BENCHMARK(run<float, k_div<float>>)->Name("div/float");
BENCHMARK(run<V32, k_div<V32>>)->Name("div/fpsan_f32");
BENCHMARK(run<float, k_exp<float>>)->Name("exp/float");
BENCHMARK(run<V32, k_exp<V32>>)->Name("exp/fpsan_f32");
BENCHMARK(run<float, k_sin<float>>)->Name("sin/float");
BENCHMARK(run<V32, k_sin<V32>>)->Name("sin/fpsan_f32");
BENCHMARK(run<double, k_sin<double>>)->Name("sin/double");
BENCHMARK(run<V64, k_sin<V64>>)->Name("sin/fpsan_f64");

// embed + unembed of every element (the cost a sanitized op adds around its
// integer rewrite).
void embed_roundtrip(benchmark::State& st) {
  const fs::mixer m = fs::make_mixer(fs::dtype::f32);
  std::vector<std::uint32_t> x(n_inputs);
  for (int i = 0; i < n_inputs; ++i) x[std::size_t(i)] = std::uint32_t(fs::validate::sample_bits(3, i));
  for (auto _ : st) {
    for (auto& v : x) v = std::uint32_t(fs::unembed(m, fs::embed(m, v) + 1));
    benchmark::DoNotOptimize(x.data());
  }
  st.SetItemsProcessed(st.iterations() * n_inputs);
}
BENCHMARK(embed_roundtrip)->Name("embed_unembed/fpsan_f32");

// Validator cost per identity check (CPU time of all threads), f32 and f64.
void validator(benchmark::State& st, fs::dtype d, std::string id) {
  const unsigned long long n = 1ull << 15;
  for (auto _ : st) benchmark::DoNotOptimize(fs::validate::run(d, id, n));
  st.SetItemsProcessed(st.iterations() * std::int64_t(n) * fs::validate::checks_per_input(d, id));
}

struct ratio_reporter : benchmark::ConsoleReporter {
  std::map<std::string, double> ns_per_item;
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const auto& r : runs) {
      auto it = r.counters.find("items_per_second");
      std::string name = r.benchmark_name();
      const std::string suffix = "/process_time";
      if (name.ends_with(suffix)) name.resize(name.size() - suffix.size());
      if (it != r.counters.end() && it->second.value > 0) ns_per_item[name] = 1e9 / it->second.value;
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  for (fs::dtype d : {fs::dtype::f32, fs::dtype::f64})
    for (const char* id : fs::validate::identity_names)
      benchmark::RegisterBenchmark((std::string("validate/") + fs::format_of(d).name + "/" + id).c_str(),
                                   [d, id](benchmark::State& st) { validator(st, d, id); })
          ->Unit(benchmark::kMillisecond)
          ->MeasureProcessCPUTime();
  benchmark::Initialize(&argc, argv);
  ratio_reporter rep;
  benchmark::RunSpecifiedBenchmarks(&rep);

  std::printf("\nFpSan payload arithmetic vs plain floating point (ratio = time per element):\n");
  const std::pair<const char*, const char*> pairs[] = {
      {"ring/fpsan_f32", "ring/float"}, {"ring/fpsan_f64", "ring/double"}, {"div/fpsan_f32", "div/float"},
      {"exp/fpsan_f32", "exp/float"},   {"sin/fpsan_f32", "sin/float"},    {"sin/fpsan_f64", "sin/double"}};
  for (auto [a, b] : pairs)
    if (rep.ns_per_item.count(a) && rep.ns_per_item.count(b))
      std::printf("  %-16s %8.2f ns  vs %-12s %8.2f ns   ratio %6.2fx\n", a, rep.ns_per_item[a], b, rep.ns_per_item[b],
                  rep.ns_per_item[a] / rep.ns_per_item[b]);

  double total = 0;
  for (fs::dtype d : {fs::dtype::f32, fs::dtype::f64})
    for (const char* id : fs::validate::identity_names) {
      auto it = rep.ns_per_item.find(std::string("validate/") + fs::format_of(d).name + "/" + id);
      if (it == rep.ns_per_item.end()) continue;
      const int per = fs::validate::checks_per_input(d, id);
      const bool sampled = fs::validate::input_kind(id) != fs::validate::inputs::fixed_zeros;
      if (sampled) total += it->second * 1e9 * per;
    }
  if (total > 0) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    std::printf(
        "\nEstimated heavy validator run (10^9 samples per identity, f32 + f64): %.0f CPU-s, "
        "i.e. %.1f h wall on %u idle cores\n",
        total / 1e9, total / 1e9 / cores / 3600, cores);
  }
  return 0;
}
