// Exact ULP errors (truth::ulp_error*) and the CLI `bitexact ulp`.
// Expected values: hand-computed from IEEE 754 facts (exact binary fractions),
// and sin(1) from glibc's double sin for the one transcendental case.
#include <gtest/gtest.h>

#include <mpfr.h>
#include "test_helpers.hpp"

#include <sys/wait.h>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/truth/mpfr.hpp"
#include "bitexact/truth/truth.hpp"

namespace truth = bitexact::truth;
using bitexact::bit_cast;

namespace {

float f32(std::uint32_t b) { return bit_cast<float>(b); }
double f64(std::uint64_t b) { return bit_cast<double>(b); }
constexpr double inf_bits = std::numeric_limits<double>::infinity();

TEST(TruthUlp, ExactResultsAndBinadeOfTheExactValue) {
  EXPECT_EQ(truth::ulp_error_ceilf(1.5f, 2.0f), 0.0);
  // exact 2 is in [2, 4): ulp 2^-22. 2 + 2^-22 is 1 ulp away; 2 - 2^-23 is
  // 2^-23 away = 0.5 ulp (measured in the exact value's binade).
  EXPECT_EQ(truth::ulp_error_ceilf(1.5f, f32(0x40000001)), 1.0);
  EXPECT_EQ(truth::ulp_error_ceilf(1.5f, f32(0x3fffffff)), 0.5);
  EXPECT_EQ(truth::ulp_error_ceil(1.5, f64(0x4000000000000001)), 1.0);
  EXPECT_EQ(truth::ulp_error_ceil(1.5, f64(0x3fffffffffffffff)), 0.5);
  // 3 ulps of 1 in binary64: 1 + 3 * 2^-52.
  EXPECT_EQ(truth::ulp_error_fmod(7.0, 3.0, 1.0 + 3 * 0x1p-52), 3.0);
  // Signed zeros compare equal: ceil(-0.5) = -0, +0 is no error.
  EXPECT_EQ(truth::ulp_error_ceilf(-0.5f, 0.0f), 0.0);
}

TEST(TruthUlp, SubnormalAndZeroUseTheSmallestUlp) {
  // fmod(6, 3) = 0 exactly: ulp of zero is 2^-149 / 2^-1074.
  EXPECT_EQ(truth::ulp_error_fmodf(6.0f, 3.0f, f32(1)), 1.0);
  EXPECT_EQ(truth::ulp_error_fmod(6.0, 3.0, f64(5)), 5.0);
  // fmod(3 * 2^-149, 2 * 2^-149) = 2^-149 (subnormal); 2^-148 is 1 ulp off.
  EXPECT_EQ(truth::ulp_error_fmodf(f32(3), f32(2), f32(2)), 1.0);
  // smallest normal 2^-126 has ulp 2^-149 too: 2^-126 + 2^-149 is 1 ulp off.
  EXPECT_EQ(truth::ulp_error_ceilf(f32(0x00800000), f32(0x3f800000)), 0.0);
  EXPECT_EQ(truth::ulp_error_fmodf(f32(0x00800000), 1.0f, f32(0x00800001)), 1.0);
  // A result 1.0 for an exact 0 is 2^149 ulps away.
  EXPECT_EQ(truth::ulp_error_fmodf(6.0f, 3.0f, 1.0f), 0x1p149);
}

TEST(TruthUlp, OverflowBoundaryNanAndInfinities) {
  mpfr_t v;
  mpfr_init2(v, 64);
  // Exact 2^128 (beyond FLT_MAX): ulp of the largest binade, 2^104.
  mpfr_set_ui_2exp(v, 1, 128, MPFR_RNDN);
  EXPECT_EQ(truth::ulp_error<float>(v, f32(0x7f7fffff)), 1.0);
  EXPECT_EQ(truth::ulp_error<float>(v, f32(0x7f800000)), inf_bits);  // finite exact, inf result
  mpfr_set_ui_2exp(v, 1, 1024, MPFR_RNDN);
  EXPECT_EQ(truth::ulp_error<double>(v, f64(0x7fefffffffffffff)), 1.0);
  // Exact infinities.
  mpfr_set_inf(v, -1);
  EXPECT_EQ(truth::ulp_error<float>(v, f32(0xff800000)), 0.0);
  EXPECT_EQ(truth::ulp_error<float>(v, f32(0x7f800000)), inf_bits);
  EXPECT_EQ(truth::ulp_error<float>(v, f32(0xff7fffff)), inf_bits);
  EXPECT_TRUE(std::isnan(truth::ulp_error<float>(v, f32(0x7fc00000))));
  mpfr_clear(v);
  // NaN vs NaN (any payload) is 0; NaN vs number and number vs NaN are NaN.
  EXPECT_EQ(truth::ulp_error_fmodf(1.0f, 0.0f, f32(0xffc00001)), 0.0);
  EXPECT_TRUE(std::isnan(truth::ulp_error_fmodf(1.0f, 0.0f, 1.0f)));
  EXPECT_TRUE(std::isnan(truth::ulp_error_ceil(1.5, f64(0x7ff8000000000000))));
  EXPECT_EQ(truth::ulp_error_sinf(f32(0x7f800000), f32(0x7fc00000)), 0.0);
  EXPECT_EQ(truth::ulp_error_cosf(1.0f, f32(0x7f800000)), inf_bits);
}

TEST(TruthUlp, ExactnessBeyondDouble) {
  // exact = 1 + 2^-60 (not a double); result 1: error 2^-60 / 2^-52 = 2^-8.
  mpfr_t v;
  mpfr_init2(v, 100);
  mpfr_set_ui(v, 1, MPFR_RNDN);
  mpfr_add_d(v, v, 0x1p-60, MPFR_RNDN);
  EXPECT_EQ(truth::ulp_error<double>(v, 1.0), 0x1p-8);
  EXPECT_EQ(truth::ulp_error<double>(v, f64(0x3ff0000000000001)), 1.0 - 0x1p-8);
  mpfr_clear(v);
}

TEST(TruthUlp, BinadeJustBelowAPowerOfTwo) {
  // cos(2^-149) = 1 - 2^-299 lies in the binade [1/2, 1) (ulp 2^-24): the
  // result 1 is 2^-275 ulp off, and 1 + 2^-23 is 2 ulps off (not 1, as the
  // binade [1, 2) of a value rounded up to 1 would say).
  EXPECT_LT(truth::ulp_error_cosf(f32(1), 1.0f), 0x1p-100);  // 128-bit exact value
  EXPECT_EQ(truth::ulp_error_cosf(f32(1), f32(0x3f800001)), 2.0);
  // sin(2^-100) = 2^-100 (1 - 2^-201 / 6 ...): binade 2^-101, ulp 2^-124; the
  // float above 2^-100 (2^-100 + 2^-123) is 2 ulps away, 2^-100 itself ~0.
  EXPECT_EQ(truth::ulp_error_sinf(0x1p-100f, f32(0x0d800001)), 2.0);
  EXPECT_LT(truth::ulp_error_sinf(0x1p-100f, 0x1p-100f), 0x1p-100);
}

TEST(TruthUlp, SinfAgainstGlibcDouble) {
  // sin(1) = 0.8414709848078965 (glibc double, error < 2^-53); the float
  // 0x3f576aa4 = 0.84147095680236816; ulp in [0.5, 1) is 2^-24.
  const double e = (0.8414709848078965 - double(f32(0x3f576aa4))) / 0x1p-24;
  EXPECT_NEAR(truth::ulp_error_sinf(1.0f, f32(0x3f576aa4)), e, 1e-7);
  EXPECT_NEAR(truth::ulp_error_sinf(1.0f, f32(0x3f576aa5)), 1.0 - e, 1e-7);
}

TEST(TruthUlp, CorrectlyRoundedIsWithinHalfUlpAndNeighboursSumToOne) {
  std::mt19937 rng(7);
  for (int i = 0; i < 20000; ++i) {
    float x = f32(rng() & 0x7fffffffu);
    if (!std::isfinite(x)) continue;
    for (int fn = 0; fn < 2; ++fn) {
      float y = fn ? truth::cosf(x) : truth::sinf(x);
      double e0 = fn ? truth::ulp_error_cosf(x, y) : truth::ulp_error_sinf(x, y);
      ASSERT_LT(e0, 0.5) << std::hex << bit_cast<std::uint32_t>(x);
      // Neighbour on the other side of the exact value (same binade unless y
      // is a power of two): errors add up to exactly 1 ulp.
      std::uint32_t yb = bit_cast<std::uint32_t>(y);
      double ex =
          fn ? truth::mpfr_only::cosf(x, truth::rounding::upward) : truth::mpfr_only::sinf(x, truth::rounding::upward);
      float other = f32(double(y) < ex ? (yb & 0x80000000u ? yb - 1 : yb + 1) : (yb & 0x80000000u ? yb + 1 : yb - 1));
      if ((bit_cast<std::uint32_t>(other) & 0x7fffff) == 0 || (yb & 0x7fffff) == 0) continue;
      double e1 = fn ? truth::ulp_error_cosf(x, other) : truth::ulp_error_sinf(x, other);
      ASSERT_NEAR(e0 + e1, 1.0, 1e-15) << std::hex << bit_cast<std::uint32_t>(x);
    }
  }
}

// The fast ULP errors agree with the exact ones within their documented
// accuracy (2^-23 ulp, plus one rounding of the result) on results at various
// distances from the truth, including tiny/subnormal arguments, powers of two,
// cos near 1, NaN and infinite results.
TEST(TruthUlp, FastApproximationsWithinDocumentedAccuracy) {
  std::mt19937 rng(11);
  auto check = [](bool cos, float x, float r) {
    const double exact = cos ? truth::ulp_error_cosf(x, r) : truth::ulp_error_sinf(x, r);
    const double fast = cos ? truth::ulp_error_cosf_approx(x, r) : truth::ulp_error_sinf_approx(x, r);
    if (std::isnan(exact) || std::isinf(exact)) {
      EXPECT_EQ(std::isnan(fast), std::isnan(exact));
      EXPECT_EQ(std::isinf(fast), std::isinf(exact));
      return;
    }
    EXPECT_LE(std::abs(fast - exact), 0x1p-23 + 0x1p-52 * exact)
        << (cos ? "cos " : "sin ") << std::hex << bit_cast<std::uint32_t>(x) << " " << bit_cast<std::uint32_t>(r)
        << " exact " << exact << " fast " << fast;
  };
  std::vector<std::uint32_t> xs = {0x00000001, 0x00800000, 0x39000000, 0x39800000, 0x3f800000,
                                   0x80000001, 0x7f7fffff, 0x5d3b2553, 0x0000a000, 0x00000000,
                                   0x0d800000, 0xb9000000, 0x2f800000, 0x3f000000, 0x40000000};
  for (int i = 0; i < 30000; ++i) xs.push_back(rng());
  const std::int32_t deltas[] = {0, 1, -1, 2, -3, 100, -1000, 1 << 20};
  for (std::uint32_t b : xs) {
    const float x = f32(b);
    if (!std::isfinite(x)) continue;
    for (int fn = 0; fn < 2; ++fn) {
      const float t = fn ? truth::cosf(x) : truth::sinf(x);
      for (std::int32_t d : deltas) check(fn, x, f32(bit_cast<std::uint32_t>(t) + std::uint32_t(d)));
      check(fn, x, -t);
      check(fn, x, f32(0x7f800000));
      check(fn, x, f32(0x7fc00000));
    }
  }
}

// ---- the CLI ------------------------------------------------------------------
using result = bitexact::testing::cli_result;
using bitexact::testing::run_cli;

TEST(TruthUlpCli, MpfrSinfAndHostCeil) {
  // mpfr.sinf(1) = 0x3f576aa4, 0.470 ulp from sin(1) (see SinfAgainstGlibcDouble).
  auto r = run_cli("ulp mpfr.sinf", "0x3f800000\n0x00000000\n0x7f800000\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "0x3f576aa4 0.470\n0x00000000 0.000\n0x7fc00000 0.000\n");
  r = run_cli("ulp mpfr.fmodf --digits 1", "0x40b00000 0x40000000\n");  // fmod(5.5, 2) = 1.5
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "0x3fc00000 0.0\n");
}

TEST(TruthUlpCli, BadInputIsOneLineExit2) {
  auto r = run_cli("ulp mpfr.sinf", "0x3f800000\nzzz\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_TRUE(r.out.empty());
  r = run_cli("ulp mpfr.fmodf", "0x3f800000\n");  // one operand missing
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(r.out.empty());
  r = run_cli("ulp mpfr.lgammaf", "0x3f800000\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown function"), std::string::npos) << r.err;
}

}  // namespace
