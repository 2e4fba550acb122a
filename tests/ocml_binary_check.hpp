// tests/ocml_binary_check.hpp — the comparison loop shared by the sampled
// (tests/exhaustive/) and heavy (tests/heavy/) fmod/ceil_f64 checks of the ocml
// reproductions against ocml.bc executed on the CPU (implementations
// "ocml-bc*", tools/ocml_bc).
#pragma once

#include <gtest/gtest.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

#include "bitexact/hexio.hpp"
#include "bitexact/impl.hpp"
#include "bitexact/ocml/presets.hpp"
#include "ocml_pairs.hpp"

namespace bitexact::ocml_check {

struct binary_case {
  std::size_t preset;
  Fn fn;  // fmodf, fmod or ceil
};

inline std::string suffix(const binary_case& c) { return std::string(ocml::presets[c.preset].suffix); }

inline std::vector<binary_case> all_binary_cases() {
  std::vector<binary_case> v;
  for (std::size_t p = 0; p < std::size(ocml::presets); ++p)
    for (Fn fn : {Fn::fmodf, Fn::fmod, Fn::ceil}) v.push_back({p, fn});
  return v;
}

inline std::string binary_case_name(const ::testing::TestParamInfo<binary_case>& info) {
  std::string s = "ocml" + suffix(info.param) + "_" + std::string(fn_info(info.param.fn).name);
  for (char& ch : s)
    if (ch == '-') ch = '_';
  return s;
}

inline void run_binary_case(const binary_case& c, std::uint64_t n, std::uint64_t seed) {
  const FnInfo& fi = fn_info(c.fn);
  const Impl* mine = find_impl("ocml" + suffix(c), c.fn);
  ASSERT_NE(mine, nullptr);
  const Impl* bc = find_impl("ocml-bc" + suffix(c), c.fn);
  if (bc == nullptr) GTEST_SKIP() << "ocml-bc" << suffix(c) << " not built (tools/ocml_bc)";

  constexpr std::uint64_t chunk = 1 << 14;
  // ocml's finite-only builds run non-finite x, zero or NaN y through the
  // finite algorithm, where an invalid operation (inf*0, inf-inf) makes a
  // NaN. The reproduction models AMD's positive default NaN; the CPU execution
  // of ocml.bc returns x86's negative default NaN. Those inputs are outside the
  // finite-only contract; for them (and only them) the two results must both be
  // NaNs with the same payload, and are counted separately (docs/ocml.md).
  const bool finite_only = ocml::presets[c.preset].cfg.finite_only;
  auto out_of_contract_nan = [&](word xv, word yv, word av, word bv) {
    if (!finite_only || c.fn == Fn::ceil) return false;
    const int bits = fi.bits;
    const word sign = word(1) << (bits - 1);
    const word expo = bits == 32 ? word(0x7f800000u) : word(0x7ff0000000000000ull);
    const word mag = sign - 1;
    auto is_nan = [&](word w) { return (w & mag) > expo; };
    const bool x_nonfinite = (xv & expo) == expo;
    const bool y_zero_or_nan = (yv & mag) == 0 || is_nan(yv) ||
                               (bits == 32 && ocml::presets[c.preset].cfg.daz && (yv & expo) == 0);
    return (x_nonfinite || y_zero_or_nan) && is_nan(av) && is_nan(bv) && ((av ^ bv) == sign);
  };
  std::atomic<std::uint64_t> mismatches{0}, nan_sign{0};
  std::mutex mu;
  std::vector<std::string> examples;
  const testing_pairs::pair_gen<float> gen32{seed};
  const testing_pairs::pair_gen<double> gen64{seed};
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n / chunk, 1),
                    [&](const tbb::blocked_range<std::uint64_t>& r) {
    std::vector<word> x(chunk), y(chunk), a(chunk), b(chunk);
    for (std::uint64_t k = r.begin(); k != r.end(); ++k) {
      for (std::uint64_t i = 0; i < chunk; ++i) {
        const std::uint64_t idx = k * chunk + i;
        if (c.fn == Fn::fmodf) {
          std::uint32_t u, v;
          gen32(idx, u, v);
          x[i] = u;
          y[i] = v;
        } else if (c.fn == Fn::fmod) {
          std::uint64_t u, v;
          gen64(idx, u, v);
          x[i] = u;
          y[i] = v;
        } else {  // ceil_f64: uniform patterns, and every exponent with random fraction
          const std::uint64_t h = testing_pairs::mix(seed ^ (idx * 0x9e3779b97f4a7c15ull));
          x[i] = (idx & 1) ? h : ((h & 0x800fffffffffffffull) | (((h >> 52) % 2048) << 52));
          y[i] = 0;
        }
      }
      const word* args[2] = {x.data(), y.data()};
      mine->eval(args, a.data(), chunk);
      bc->eval(args, b.data(), chunk);
      for (std::uint64_t i = 0; i < chunk; ++i) {
        if (a[i] == b[i]) continue;
        if (out_of_contract_nan(x[i], y[i], a[i], b[i])) {
          ++nan_sign;
          continue;
        }
        ++mismatches;
        std::lock_guard<std::mutex> lock(mu);
        if (examples.size() < 12)
          examples.push_back("x=" + format_hex(x[i], fi.bits) + (fi.arity == 2 ? " y=" + format_hex(y[i], fi.bits) : "") +
                             " ocml=" + format_hex(a[i], fi.bits) + " ocml-bc=" + format_hex(b[i], fi.bits));
      }
    }
  });
  std::printf("[ocml sampled] ocml%s.%s: %llu inputs checked against ocml.bc 5.2.3 executed on the CPU by "
              "tools/ocml_bc (%llu out-of-contract NaN results differ only in the NaN's sign)\n",
              suffix(c).c_str(), std::string(fi.name).c_str(), (unsigned long long)(n / chunk * chunk),
              (unsigned long long)nan_sign.load());
  std::string ex;
  for (const auto& e : examples) ex += "\n  " + e;
  EXPECT_EQ(mismatches.load(), 0u) << ex;
}

}  // namespace bitexact::ocml_check
