// Speed of the libdevice fmodf / fmod / ceilf / ceil reproductions on the CPU,
// against this machine's glibc (the baseline, measured in the same run).
// Prints Google Benchmark's table, then one ratio line per reproduction:
// CPU time(reproduction) / CPU time(glibc) over the same inputs.
//
// Input sets (4096 inputs each, fixed seeds, bitexact/inputs.hpp):
//   near   : fmod operands with |x|/|y| in [1, 2^12) (libdevice's fast path)
//   far    : fmod operands with random exponents (mostly long reductions)
//   ceil   : uniform bit patterns, NaNs excluded
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "bitexact/inputs.hpp"
#include "bitexact/nv/ceil.hpp"
#include "bitexact/nv/ceilf.hpp"
#include "bitexact/nv/fmod.hpp"
#include "bitexact/nv/fmodf.hpp"

namespace {

using bitexact::bit_cast;
namespace in = bitexact::inputs;
constexpr std::size_t n_inputs = 4096;

template <class T>
struct pairs {
  std::vector<T> x, y;
};

template <class T>
pairs<T> make_pairs(bool near) {
  using S = typename bitexact::float_traits<T>::storage;
  constexpr int mb = bitexact::float_traits<T>::mantissa_bits;
  constexpr int bias = bitexact::float_traits<T>::exponent_bias;
  pairs<T> p;
  for (std::size_t i = 0; i < n_inputs; ++i) {
    const std::uint64_t w0 = in::word_at(42, i, 0), w1 = in::word_at(42, i, 1), w2 = in::word_at(42, i, 2);
    const S fx = S(w0) & ((S(1) << mb) - 1), fy = S(w1) & ((S(1) << mb) - 1);
    int ey, ex;
    if (near) {
      ey = bias - 20 + int(w2 % 40);
      ex = ey + int((w2 >> 8) % 12);
    } else {
      const int emax = 2 * bias;  // largest finite biased exponent
      ey = 1 + int(w2 % std::uint64_t(emax));
      ex = 1 + int((w2 >> 16) % std::uint64_t(emax));
    }
    p.x.push_back(bit_cast<T>(S((S(ex) << mb) | fx | ((w2 >> 40) & 1 ? S(1) << (sizeof(T) * 8 - 1) : 0))));
    p.y.push_back(bit_cast<T>(S((S(ey) << mb) | fy)));
  }
  return p;
}

template <class T>
std::vector<T> make_singles() {
  std::vector<T> v;
  for (std::size_t i = 0; v.size() < n_inputs; ++i) {
    T x;
    if constexpr (sizeof(T) == 4)
      x = bit_cast<T>(in::uniform32(43, i));
    else
      x = bit_cast<T>(in::uniform64(43, i));
    if (x == x) v.push_back(x);
  }
  return v;
}

template <class T, T (*F)(T, T)>
void bm_binary(benchmark::State& st, bool near) {
  const auto p = make_pairs<T>(near);
  for (auto _ : st)
    for (std::size_t i = 0; i < n_inputs; ++i) benchmark::DoNotOptimize(F(p.x[i], p.y[i]));
  st.SetItemsProcessed(std::int64_t(st.iterations()) * std::int64_t(n_inputs));
}
template <class T, T (*F)(T)>
void bm_unary(benchmark::State& st) {
  const auto v = make_singles<T>();
  for (auto _ : st)
    for (std::size_t i = 0; i < n_inputs; ++i) benchmark::DoNotOptimize(F(v[i]));
  st.SetItemsProcessed(std::int64_t(st.iterations()) * std::int64_t(n_inputs));
}

float glibc_fmodf(float x, float y) { return ::fmodf(x, y); }
double glibc_fmod(double x, double y) { return ::fmod(x, y); }
float glibc_ceilf(float x) { return ::ceilf(x); }
double glibc_ceil(double x) { return ::ceil(x); }

// Records each benchmark's time per item and prints the ratios at the end.
class ratio_reporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const auto& r : runs)
      if (r.run_type == Run::RT_Iteration && r.iterations > 0)
        ns_[r.benchmark_name()] = r.GetAdjustedCPUTime() / double(n_inputs);  // CPU time: robust on a shared machine
  }
  void print_ratios() const {
    std::printf("\nratio = reproduction time / glibc time (same inputs, same run)\n");
    for (const auto& [name, ns] : ns_) {
      if (name.rfind("nv/", 0) != 0) continue;
      std::string base_name = "glibc/" + name.substr(3);  // the FTZ flavours share the baseline
      if (auto k = base_name.find("_ftz"); k != std::string::npos) base_name.erase(k, 4);
      auto base = ns_.find(base_name);
      if (base == ns_.end()) continue;
      std::printf("  %-22s %7.2f ns/call  glibc %7.2f ns/call  ratio %6.2f\n", name.c_str(), ns, base->second,
                  ns / base->second);
    }
  }

 private:
  std::map<std::string, double> ns_;
};

}  // namespace

int main(int argc, char** argv) {
  using namespace bitexact;
  benchmark::RegisterBenchmark("glibc/fmodf/near", bm_binary<float, glibc_fmodf>, true);
  benchmark::RegisterBenchmark("nv/fmodf/near", bm_binary<float, nv::fmodf>, true);
  benchmark::RegisterBenchmark("nv/fmodf_ftz/near", bm_binary<float, nv::fmodf_ftz>, true);
  benchmark::RegisterBenchmark("glibc/fmodf/far", bm_binary<float, glibc_fmodf>, false);
  benchmark::RegisterBenchmark("nv/fmodf/far", bm_binary<float, nv::fmodf>, false);
  benchmark::RegisterBenchmark("nv/fmodf_ftz/far", bm_binary<float, nv::fmodf_ftz>, false);
  benchmark::RegisterBenchmark("glibc/fmod/near", bm_binary<double, glibc_fmod>, true);
  benchmark::RegisterBenchmark("nv/fmod/near", bm_binary<double, nv::fmod>, true);
  benchmark::RegisterBenchmark("glibc/fmod/far", bm_binary<double, glibc_fmod>, false);
  benchmark::RegisterBenchmark("nv/fmod/far", bm_binary<double, nv::fmod>, false);
  benchmark::RegisterBenchmark("glibc/ceilf", bm_unary<float, glibc_ceilf>);
  benchmark::RegisterBenchmark("nv/ceilf", bm_unary<float, nv::ceilf>);
  benchmark::RegisterBenchmark("nv/ceilf_ftz", bm_unary<float, nv::ceilf_ftz>);
  benchmark::RegisterBenchmark("glibc/ceil", bm_unary<double, glibc_ceil>);
  benchmark::RegisterBenchmark("nv/ceil", bm_unary<double, nv::ceil>);
  benchmark::Initialize(&argc, argv);
  ratio_reporter rep;
  benchmark::RunSpecifiedBenchmarks(&rep);
  rep.print_ratios();
  benchmark::Shutdown();
  return 0;
}
