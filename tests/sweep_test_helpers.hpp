// Helpers shared by the sweep engine's tests: test implementations on binary32
// from a bits -> bits function, a sweep's options from its CLI spellings, a
// whole run, and the input bit patterns of a set.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bitexact/sweep/engine.hpp"

namespace bitexact::test {

// An Impl's evaluation (Eval<float>::values) for a binary32 function given
// on bit patterns.
template <std::uint32_t (*F)(std::uint32_t)>
void batch_u32(const float* x, const float*, float* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = bit_cast<float>(F(bit_cast<std::uint32_t>(x[i])));
}

inline sweep::Options sweep_options(Fn fn, const std::string& impls, const std::string& inputs,
                                    std::uint64_t chunk = 4096) {
  sweep::Options o;
  o.fn = fn;
  o.impls = sweep::resolve_impls(impls, fn);
  o.inputs = sweep::parse_input_set(inputs, fn);
  o.chunk_size = chunk;
  return o;
}

// The whole sweep in one call (it must finish).
inline sweep::State run_all(const sweep::Options& o) {
  auto s = sweep::make_state(o);
  EXPECT_TRUE(sweep::run(o, s));
  return s;
}

// Operand 0 of every input of a one-operand binary32 set.
inline std::vector<std::uint32_t> inputs_of(const sweep::InputSet& in) {
  std::vector<word> a(in.count), b(in.count);
  in.generate(0, in.count, a.data(), b.data());
  return {a.begin(), a.end()};
}

}  // namespace bitexact::test
