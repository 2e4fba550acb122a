// truth::sinf_batch / cosf_batch on all 2^32 inputs against the scalar fast
// layer (results and approximations, bit for bit): the vector kernel of
// src/truth/sincosf_batch.cpp performs the scalar operations lane by lane,
// and this shows it on every input. The sampled form is tests/truth_batch_test.cpp.
#include <gtest/gtest.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/truth.hpp"

namespace truth = bitexact::truth;
using bitexact::bit_cast;

namespace {

template <bool Cos>
std::uint64_t mismatches() {
  constexpr std::uint64_t block = 1 << 16;
  return tbb::parallel_reduce(
      tbb::blocked_range<std::uint64_t>(0, (1ull << 32) / block), std::uint64_t(0),
      [](const tbb::blocked_range<std::uint64_t>& r, std::uint64_t bad) {
        std::vector<float> x(block), out(block);
        std::vector<double> y(block);
        for (std::uint64_t k = r.begin(); k != r.end(); ++k) {
          for (std::uint64_t i = 0; i < block; ++i) x[i] = bit_cast<float>(std::uint32_t(k * block + i));
          (Cos ? truth::cosf_batch : truth::sinf_batch)(x.data(), out.data(), y.data(), block);
          for (std::uint64_t i = 0; i < block; ++i) {
            double yw;
            const bool ok = Cos ? truth::detail::cosf_approx(x[i], yw) : truth::detail::sinf_approx(x[i], yw);
            const bool has = ok && (bit_cast<std::uint32_t>(x[i]) & 0x7fffffffu) != 0;
            float want;
            if (!(Cos ? truth::detail::cosf_fast(x[i], truth::rounding::nearest, want)
                      : truth::detail::sinf_fast(x[i], truth::rounding::nearest, want)))
              want = Cos ? truth::cosf(x[i]) : truth::sinf(x[i]);
            if (bit_cast<std::uint32_t>(out[i]) != bit_cast<std::uint32_t>(want) ||
                (has ? bit_cast<std::uint64_t>(y[i]) != bit_cast<std::uint64_t>(yw) : !std::isnan(y[i])))
              ++bad;
          }
        }
        return bad;
      },
      [](std::uint64_t a, std::uint64_t b) { return a + b; });
}

TEST(TruthBatchFull, SinfAllInputs) { EXPECT_EQ(mismatches<false>(), 0u); }
TEST(TruthBatchFull, CosfAllInputs) { EXPECT_EQ(mismatches<true>(), 0u); }

}  // namespace
