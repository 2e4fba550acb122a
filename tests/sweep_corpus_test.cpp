// The edge corpus: the continued-fraction search against brute-force scans,
// the known hardest binary32 reduction, and the corpus' shape.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "bitexact/sweep/corpus.hpp"
#include "bitexact/sweep/engine.hpp"

namespace bx = bitexact;
namespace corpus = bx::corpus;

namespace {
// |m*alpha - round(m*alpha)| in long double for alpha given to 64 bits.
long double frac_dist(std::uint64_t m, long double alpha) {
  long double y = (long double)m * alpha;
  return std::fabs(y - std::nearbyint(y));
}
}  // namespace

TEST(Corpus, ContinuedFractionSearchEqualsBruteForce) {
  // alpha with a 64-bit exact long double value, so both sides see the same number.
  struct Case {
    const char* alpha;
    std::uint64_t lo, hi;
  };
  for (auto c : {Case{"0x0.b504f333f9de6484p0", 1000, 200000}, Case{"0x0.a2f9836e4e441529p0", 1 << 16, 1 << 17},
                 Case{"0x0.9e3779b97f4a7c15p0", 5, 70000}, Case{"0x0.0000f333f9de6484p0", 100, 90000}}) {
    const long double alpha = std::strtold(c.alpha, nullptr);
    auto got = corpus::closest_to_integers(c.alpha, c.lo, c.hi, 3);
    ASSERT_EQ(got.size(), 3u) << c.alpha;
    // brute force: the three smallest distances over the range
    std::vector<std::pair<long double, std::uint64_t>> all;
    for (std::uint64_t m = c.lo; m < c.hi; ++m) all.push_back({frac_dist(m, alpha), m});
    std::partial_sort(all.begin(), all.begin() + 3, all.end());
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(got[i].m, all[i].second) << c.alpha << " rank " << i;
      EXPECT_NEAR(got[i].dist, double(all[i].first), 1e-12);  // long double brute force: ~1e-14
    }
  }
}

TEST(Corpus, NearestToPiOverTwoEqualsBruteForceInASmallBinade) {
  // Binade [8, 16): x = m * 2^-20, x*2/pi = m * 2^-20 * 2/pi; 2/pi to 64 bits.
  const long double two_over_pi = 0.636619772367581343075535053490057448L;
  auto cases = corpus::nearest_to_pi_over_2_f32(2);
  std::vector<corpus::PiHalfCase> b8;
  for (auto& c : cases)
    if ((c.bits >> 23) == 130) b8.push_back(c);
  ASSERT_EQ(b8.size(), 2u);
  std::vector<std::pair<long double, std::uint32_t>> all;
  for (std::uint32_t m = 1u << 23; m < (1u << 24); ++m)
    all.push_back({frac_dist(m, std::ldexp(two_over_pi, -20)), (130u << 23) | (m - (1u << 23))});
  std::partial_sort(all.begin(), all.begin() + 2, all.end());
  EXPECT_EQ(b8[0].bits, all[0].second);
  EXPECT_EQ(b8[1].bits, all[1].second);
}

TEST(Corpus, KnownHardestSinglePrecisionReduction) {
  // J.-M. Muller, "Elementary Functions" (ch. on range reduction): the binary32
  // number closest to a multiple of pi/2 is 16367173 * 2^72 (0x6f79be45).
  auto cases = corpus::nearest_to_pi_over_2_f32(1);
  ASSERT_EQ(cases.size(), 128u);
  auto best =
      *std::min_element(cases.begin(), cases.end(), [](const auto& a, const auto& b) { return a.dist < b.dist; });
  EXPECT_EQ(best.bits, 0x6f79be45u);
  EXPECT_EQ(std::ldexp(16367173.0, 72), double(bx::bit_cast<float>(best.bits)));
  EXPECT_LT(best.dist, 2e-9);
}

TEST(Corpus, EntriesHaveReasonsAndNoDuplicates) {
  for (auto fn : {bx::Fn::sinf, bx::Fn::cosf, bx::Fn::fmodf, bx::Fn::fmod, bx::Fn::ceilf, bx::Fn::ceil}) {
    auto c = corpus::edge(fn);
    ASSERT_GT(c.size(), 100u);
    std::set<std::pair<bx::word, bx::word>> seen;
    for (auto& e : c) {
      EXPECT_FALSE(e.why.empty());
      EXPECT_TRUE(seen.insert({e.a, e.b}).second) << e.why;
      if (bx::fn_info(fn).bits == 32) {
        EXPECT_LE(std::max(e.a, e.b), 0xffffffffu);
      }
    }
  }
  auto s = corpus::edge(bx::Fn::sinf);
  auto has = [&](bx::word w) {
    for (auto& e : s)
      if (e.a == w) return true;
    return false;
  };
  EXPECT_TRUE(has(0x47ce4780));  // 105615.0f, libdevice threshold (IEEE: 105615 = 0x1.9c8fp16)
  EXPECT_TRUE(has(0x47ce4781));
  EXPECT_TRUE(has(0x48000000));  // 131072.0f, ocml threshold
  EXPECT_EQ(bx::bit_cast<float>(0x47ce4780u), 105615.0f);
  EXPECT_EQ(bx::bit_cast<float>(0x48000000u), 131072.0f);
  // fmod: every exponent gap from 0 to 127 - (-149) appears.
  auto f = corpus::edge(bx::Fn::fmodf);
  std::set<int> gaps;
  for (auto& e : f)
    if (e.why.rfind("exponent gap", 0) == 0) gaps.insert(std::stoi(e.why.substr(13)));
  EXPECT_EQ(gaps.size(), 277u);
}

TEST(Corpus, SizedVariantsForBatchShapes) {
  for (std::size_t n : corpus::batch_shapes()) {
    auto c = corpus::sized(bx::Fn::sinf, n);
    EXPECT_EQ(c.size(), n);
    auto set = bx::sweep::parse_input_set("edge:" + std::to_string(n), bx::Fn::sinf);
    EXPECT_EQ(set.count, n);
  }
  EXPECT_EQ(corpus::batch_shapes(), (std::vector<std::size_t>{1, 33, 1024, 10000, 65537}));
}
