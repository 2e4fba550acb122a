// bench/batch_common.hpp — inputs and loops shared by bench/bench_batch.cpp,
// bench/bench_default_o2.cpp and bench/bench_nv_trig.cpp: arrays of 4096 inputs mapped to
// 4096 outputs.
//   fast   uniform |x| < 105615: libdevice's Cody-Waite path
//   small  uniform |x| < 4
//   bits   uniform random bit patterns (every class: about half take the
//          Payne-Hanek path, plus NaN, Inf, subnormals)
//   large  uniform bit patterns with 105615 <= |x| < 2^100: the Payne-Hanek path
#pragma once

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "bitexact/bits.hpp"

namespace bench_batch {

constexpr std::size_t n_inputs = 4096;

inline std::vector<float> make_inputs(const std::string& set) {
  std::mt19937_64 rng(12345);
  std::vector<float> v;
  v.reserve(n_inputs);
  if (set == "bits") {
    while (v.size() < n_inputs) v.push_back(bitexact::bit_cast<float>(std::uint32_t(rng())));
    return v;
  }
  if (set == "large") {  // 105615 <= |x| < 2^100: the Payne-Hanek path
    while (v.size() < n_inputs) {
      const float x = bitexact::bit_cast<float>(std::uint32_t(rng()));
      if (std::fabs(x) >= 105615.0f && std::fabs(x) < 0x1p100f) v.push_back(x);
    }
    return v;
  }
  const float lim = set == "fast" ? 105615.0f : 4.0f;
  std::uniform_real_distribution<float> d(-lim, lim);
  while (v.size() < n_inputs) {
    const float x = d(rng);
    if (std::fabs(x) < lim) v.push_back(x);
  }
  return v;
}

// out[i] = F(in[i]), one call per element.
template <float (*F)(float)>
void run_scalar(benchmark::State& state, const std::string& set) {
  const std::vector<float> in = make_inputs(set);
  std::vector<float> out(n_inputs);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n_inputs; ++i) out[i] = F(in[i]);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * std::int64_t(n_inputs));
}

// One call of the span form S on the whole array.
template <void (*S)(std::span<const float>, std::span<float>)>
void run_span(benchmark::State& state, const std::string& set) {
  const std::vector<float> in = make_inputs(set);
  std::vector<float> out(n_inputs);
  for (auto _ : state) {
    S(in, out);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * std::int64_t(n_inputs));
}

// Two-operand forms: x from make_inputs(set), y the same set in reverse order.
template <float (*F)(float, float)>
void run_scalar2(benchmark::State& state, const std::string& set) {
  const std::vector<float> x = make_inputs(set), y(x.rbegin(), x.rend());
  std::vector<float> out(n_inputs);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n_inputs; ++i) out[i] = F(x[i], y[i]);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * std::int64_t(n_inputs));
}
template <void (*S)(std::span<const float>, std::span<const float>, std::span<float>)>
void run_span2(benchmark::State& state, const std::string& set) {
  const std::vector<float> x = make_inputs(set), y(x.rbegin(), x.rend());
  std::vector<float> out(n_inputs);
  for (auto _ : state) {
    S(x, y, out);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * std::int64_t(n_inputs));
}

}  // namespace bench_batch
