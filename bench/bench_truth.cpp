// bench_truth: the fast correctly rounded truth against MPFR alone, on the
// same inputs, in the same run. Prints ns per call and the speed-up ratio
// (MPFR time / fast time) for each function and sample.
//
// Samples: "bits" = uniformly random bit patterns (the distribution of an
// exhaustive 2^32 sweep: half the inputs are tiny or huge), "pm8" = uniform
// in [-8, 8] (every call goes through the polynomial).
#include <benchmark/benchmark.h>

#include <cmath>

#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/truth/truth.hpp"

namespace truth = bitexact::truth;
using bitexact::bit_cast;

namespace {

constexpr std::size_t n_inputs = 4096;

std::vector<float> sample_f32(bool bits) {
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<float> pm8(-8.0f, 8.0f);
  std::vector<float> v;
  while (v.size() < n_inputs) {
    float x = bits ? bit_cast<float>(std::uint32_t(rng())) : pm8(rng);
    if (x == x) v.push_back(x);  // skip NaNs (trivial for both)
  }
  return v;
}
std::vector<double> sample_f64() {
  std::mt19937_64 rng(43);
  std::vector<double> v;
  while (v.size() < n_inputs) {
    double x = bit_cast<double>(rng() & 0xc7ffffffffffffffull);  // exponents within ~2^+-64
    if (x == x) v.push_back(x);
  }
  return v;
}

template <float (*F)(float, truth::rounding)>
void unary_f32(benchmark::State& st, bool bits) {
  const auto xs = sample_f32(bits);
  for (auto _ : st)
    for (float x : xs) benchmark::DoNotOptimize(F(x, truth::rounding::nearest));
  st.SetItemsProcessed(std::int64_t(st.iterations()) * n_inputs);
}
template <float (*F)(float, float, truth::rounding)>
void fmodf_bench(benchmark::State& st) {
  const auto xs = sample_f32(false), ys = sample_f32(true);
  for (auto _ : st)
    for (std::size_t i = 0; i < n_inputs; ++i)
      benchmark::DoNotOptimize(F(xs[i] * 1e6f, ys[i], truth::rounding::nearest));
  st.SetItemsProcessed(std::int64_t(st.iterations()) * n_inputs);
}
template <double (*F)(double, double, truth::rounding)>
void fmod_bench(benchmark::State& st) {
  const auto xs = sample_f64();
  for (auto _ : st)
    for (std::size_t i = 0; i + 1 < n_inputs; ++i)
      benchmark::DoNotOptimize(F(xs[i], xs[i + 1], truth::rounding::nearest));
  st.SetItemsProcessed(std::int64_t(st.iterations()) * (n_inputs - 1));
}
template <double (*F)(double, truth::rounding)>
void ceil_bench(benchmark::State& st) {
  const auto xs = sample_f64();
  for (auto _ : st)
    for (double x : xs) benchmark::DoNotOptimize(F(x, truth::rounding::nearest));
  st.SetItemsProcessed(std::int64_t(st.iterations()) * n_inputs);
}

// ULP error of the host libm's sinf results, as a sweep would measure them.
template <double (*U)(float, float)>
void ulp_bench(benchmark::State& st) {
  const auto xs = sample_f32(true);
  std::vector<float> rs;
  for (float x : xs) rs.push_back(::sinf(x));
  for (auto _ : st)
    for (std::size_t i = 0; i < n_inputs; ++i) benchmark::DoNotOptimize(U(xs[i], rs[i]));
  st.SetItemsProcessed(std::int64_t(st.iterations()) * n_inputs);
}

// name -> (fast, mpfr)
const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> pair_count = {
    {"sinf bits", {"fast/sinf/bits", "mpfr/sinf/bits"}},
    {"sinf pm8", {"fast/sinf/pm8", "mpfr/sinf/pm8"}},
    {"cosf bits", {"fast/cosf/bits", "mpfr/cosf/bits"}},
    {"cosf pm8", {"fast/cosf/pm8", "mpfr/cosf/pm8"}},
    {"fmodf", {"fast/fmodf", "mpfr/fmodf"}},
    {"fmod", {"fast/fmod", "mpfr/fmod"}},
    {"ceil", {"fast/ceil", "mpfr/ceil"}},
    {"ulp sinf", {"fast/ulp_error_sinf_approx", "mpfr/ulp_error_sinf"}},
};

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  std::map<std::string, double> ns_per_call;
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& r : runs) {
      auto it = r.counters.find("items_per_second");
      if (it != r.counters.end() && it->second.value > 0) ns_per_call[r.benchmark_name()] = 1e9 / it->second.value;
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::RegisterBenchmark("fast/sinf/bits", unary_f32<&truth::sinf>, true);
  benchmark::RegisterBenchmark("mpfr/sinf/bits", unary_f32<&truth::mpfr_only::sinf>, true);
  benchmark::RegisterBenchmark("fast/sinf/pm8", unary_f32<&truth::sinf>, false);
  benchmark::RegisterBenchmark("mpfr/sinf/pm8", unary_f32<&truth::mpfr_only::sinf>, false);
  benchmark::RegisterBenchmark("fast/cosf/bits", unary_f32<&truth::cosf>, true);
  benchmark::RegisterBenchmark("mpfr/cosf/bits", unary_f32<&truth::mpfr_only::cosf>, true);
  benchmark::RegisterBenchmark("fast/cosf/pm8", unary_f32<&truth::cosf>, false);
  benchmark::RegisterBenchmark("mpfr/cosf/pm8", unary_f32<&truth::mpfr_only::cosf>, false);
  benchmark::RegisterBenchmark("fast/fmodf", fmodf_bench<&truth::fmodf>);
  benchmark::RegisterBenchmark("mpfr/fmodf", fmodf_bench<&truth::mpfr_only::fmodf>);
  benchmark::RegisterBenchmark("fast/fmod", fmod_bench<&truth::fmod>);
  benchmark::RegisterBenchmark("mpfr/fmod", fmod_bench<&truth::mpfr_only::fmod>);
  benchmark::RegisterBenchmark("fast/ceil", ceil_bench<&truth::ceil>);
  benchmark::RegisterBenchmark("mpfr/ceil", ceil_bench<&truth::mpfr_only::ceil>);
  benchmark::RegisterBenchmark("fast/ulp_error_sinf_approx", ulp_bench<&truth::ulp_error_sinf_approx>);
  benchmark::RegisterBenchmark("mpfr/ulp_error_sinf", ulp_bench<&truth::ulp_error_sinf>);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter rep;
  truth::reset_fast_stats();
  benchmark::RunSpecifiedBenchmarks(&rep);
  std::printf("\n%-10s %14s %14s %10s\n", "function", "fast ns/call", "MPFR ns/call", "speed-up");
  for (const auto& [name, p] : pair_count) {
    auto f = rep.ns_per_call.find(p.first), m = rep.ns_per_call.find(p.second);
    if (f == rep.ns_per_call.end() || m == rep.ns_per_call.end()) continue;
    std::printf("%-10s %14.2f %14.2f %9.1fx\n", name.c_str(), f->second, m->second, m->second / f->second);
  }
  auto s = truth::fast_stats();
  std::printf("MPFR fallbacks during the run: sinf %llu, cosf %llu\n", (unsigned long long)s.sinf_fallbacks,
              (unsigned long long)s.cosf_fallbacks);
  benchmark::Shutdown();
  return 0;
}
