// The fast truth of the rows of issue 34 (expf ... cospif: every binary32 row
// after the first six of functions.def) against MPFR on every input
// where the fast path decides: all 2^32 inputs of each one-operand row, the
// standard 2^30-pair sets (uniform SEED, structured SEED + 1) of each
// two-operand row; round to nearest, the rounding of every sweep.
//
// Why MPFR on every input: the fast layer (bitexact/truth/target_fast.hpp)
// decides from a binary64 value y of the host's libm and the assumption that
// |y - exact| <= 2^-49 |exact| (glibc's documented maximum errors, and binary64
// formulas for hypot, sinpi, cospi, normcdf, erfinv through erf); a libm
// worse than documented on some input would give a wrong truth bit there.
// Here every decided result is compared with truth::mpfr_only::NAME (MPFR at
// the precision of docs/truth.md), which the unit test truth_ml_targets_test
// checks against MPFR's own functions and exact values. Inputs where the fast
// layer gives up go to MPFR in the sweeps themselves, so they need no check;
// they are counted.
//
// Cost: one MPFR evaluation per input, ~0.3-3 us: hours on a few cores, a
// few minutes per function on a machine with a hundred. Environment:
//   BITEXACT_TRUTH_FULL_STRIDE=k  every k-th input only (default 1: all);
//   BITEXACT_TRUTH_FULL_OFFSET=j  starting at input j (0 <= j < k; default 0):
//                                 the k runs j = 0 .. k-1 are one full run in
//                                 shards (tools/scripts/truth_rows_full.py
//                                 keeps the ledger of the shards run);
//   BITEXACT_TRUTH_FULL_PAIRS=n   the first n pairs of each pair set (default 2^30).
// One gtest case per row and input set (ctest -R selects).
#include <gtest/gtest.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/io/hexio.hpp"
#include "bitexact/sweep/engine.hpp"
#include "bitexact/truth/fast_layer.hpp"
#include "bitexact/truth/truth.hpp"

namespace truth = bitexact::truth;
using bitexact::bit_cast;

namespace {

struct row_case {
  const char* name;
  int arity;
  // Uniform signatures (a one-operand row ignores y): the fast layer's
  // truth::fast::row<F>::value, and MPFR alone.
  bool (*fast)(float, float, truth::rounding, float&);
  float (*mpfr)(float, float, truth::rounding);
  const char* set;  // "exhaustive", "uniform", "structured"
};

// The rows whose truth this checks: the binary32 rows after the six the
// project started from (sinf cosf fmodf fmod ceilf ceil, whose truths are
// checked by truth_sinf_test and truth_exact_test): expf ... cospif, ocml
// reproduction or not (expm1f, sinpif and cospif have one).
template <bitexact::Fn F, class M>
void add_row(std::vector<row_case>& v, const char* name, M mpfr) {
  if constexpr (std::is_same_v<typename bitexact::fn_traits<F>::type, float>) {
    using bitexact::Fn;
    if (F == Fn::sinf || F == Fn::cosf || F == Fn::fmodf || F == Fn::ceilf) return;
    constexpr auto fast = &truth::fast::row<F>::value;
    if constexpr (bitexact::fn_traits<F>::arity == 1) {
      v.push_back({name, 1, fast, +mpfr, "exhaustive"});
    } else {
      v.push_back({name, 2, fast, +mpfr, "uniform"});
      v.push_back({name, 2, fast, +mpfr, "structured"});
    }
  }
}

std::vector<row_case> rows() {
  std::vector<row_case> v;
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                               \
  add_row<bitexact::Fn::name>(v, #name, [](type x, type y, truth::rounding r) {             \
    (void)y;                                                                                \
    return truth::mpfr_only::name(BITEXACT_ARGS_##arity, r);                                \
  });
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
  return v;
}
const std::vector<row_case> all_rows = rows();

std::uint64_t env_u64(const char* name, std::uint64_t dflt) {
  const char* e = std::getenv(name);
  return e && std::atoll(e) > 0 ? std::uint64_t(std::atoll(e)) : dflt;
}

bool same(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) || bit_cast<std::uint32_t>(a) == bit_cast<std::uint32_t>(b);
}

struct Tally {
  std::uint64_t checked = 0, decided = 0, mismatches = 0;
  std::uint64_t first_x = 0, first_y = 0;
  float first_fast = 0, first_mpfr = 0;
  void merge(const Tally& o) {
    if (mismatches == 0 && o.mismatches) {
      first_x = o.first_x, first_y = o.first_y, first_fast = o.first_fast, first_mpfr = o.first_mpfr;
    }
    checked += o.checked, decided += o.decided, mismatches += o.mismatches;
  }
};

class TruthRowsFull : public ::testing::TestWithParam<row_case> {};

TEST_P(TruthRowsFull, FastEqualsMpfrWhereItDecides) {
  const row_case& c = GetParam();
  const std::uint64_t stride = env_u64("BITEXACT_TRUTH_FULL_STRIDE", 1);
  const char* off_env = std::getenv("BITEXACT_TRUTH_FULL_OFFSET");
  const std::uint64_t offset = off_env ? std::strtoull(off_env, nullptr, 10) : 0;
  ASSERT_LT(offset, stride) << "BITEXACT_TRUTH_FULL_OFFSET must be below BITEXACT_TRUTH_FULL_STRIDE";
  const auto fn = bitexact::parse_fn(c.name);
  ASSERT_TRUE(fn.has_value()) << c.name;
  std::uint64_t n = std::uint64_t(1) << 32;
  bitexact::sweep::InputSet set;
  if (c.arity == 2) {
    n = env_u64("BITEXACT_TRUTH_FULL_PAIRS", std::uint64_t(1) << 30);
    // The standard set of the committed digests (functions.def's SEED column).
    for (const auto& s : bitexact::sweep::standard_sets(*fn, std::uint64_t(1) << 30))
      if (s.kind_name() == c.set) set = s;
    ASSERT_EQ(set.kind_name(), c.set);
  }
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t steps = n > offset ? (n - offset + stride - 1) / stride : 0;
  const Tally t = tbb::parallel_reduce(
      tbb::blocked_range<std::uint64_t>(0, steps, 1 << 12), Tally{},
      [&](const tbb::blocked_range<std::uint64_t>& r, Tally acc) {
        std::vector<bitexact::word> a, b;
        if (c.arity == 2) {
          // Operands of the set's inputs k * stride for k in r, generated one
          // at a time (a pair set is a pure function of its index).
          a.resize(1), b.resize(1);
        }
        for (std::uint64_t k = r.begin(); k != r.end(); ++k) {
          const std::uint64_t i = k * stride + offset;
          float fast = 0, exact = 0, x = 0, y = 0;
          bool decided = false;
          if (c.arity == 1) {
            x = bit_cast<float>(std::uint32_t(i));
            decided = c.fast(x, 0.0f, truth::rounding::nearest, fast);
            if (decided) exact = c.mpfr(x, 0.0f, truth::rounding::nearest);
          } else {
            set.generate(i, i + 1, a.data(), b.data());
            x = bit_cast<float>(std::uint32_t(a[0])), y = bit_cast<float>(std::uint32_t(b[0]));
            decided = c.fast(x, y, truth::rounding::nearest, fast);
            if (decided) exact = c.mpfr(x, y, truth::rounding::nearest);
          }
          ++acc.checked;
          if (!decided) continue;
          ++acc.decided;
          if (!same(fast, exact) && acc.mismatches++ == 0) {
            acc.first_x = bit_cast<std::uint32_t>(x), acc.first_y = bit_cast<std::uint32_t>(y);
            acc.first_fast = fast, acc.first_mpfr = exact;
          }
        }
        return acc;
      },
      [](Tally l, const Tally& r) {
        l.merge(r);
        return l;
      });
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("[truth] %s %s: %llu inputs (stride %llu, offset %llu, of %llu), fast path decided %llu, "
              "MPFR fallbacks %llu, mismatches %llu, %.1f s\n",
              c.name, c.set, (unsigned long long)t.checked, (unsigned long long)stride,
              (unsigned long long)offset, (unsigned long long)n,
              (unsigned long long)t.decided, (unsigned long long)(t.checked - t.decided),
              (unsigned long long)t.mismatches, secs);
  std::fflush(stdout);
  EXPECT_EQ(t.mismatches, 0u) << c.name << " x=" << bitexact::format_hex(t.first_x, 32)
                              << (c.arity == 2 ? " y=" + bitexact::format_hex(t.first_y, 32) : std::string())
                              << ": fast " << t.first_fast << ", MPFR " << t.first_mpfr;
  EXPECT_EQ(t.checked, steps);
}

INSTANTIATE_TEST_SUITE_P(Rows, TruthRowsFull, ::testing::ValuesIn(all_rows),
                         [](const ::testing::TestParamInfo<row_case>& i) {
                           return std::string(i.param.name) + "_" + i.param.set;
                         });

}  // namespace
