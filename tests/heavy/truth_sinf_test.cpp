// Exhaustive check of the fast sinf/cosf truth (bitexact/truth/sincosf_fast.hpp)
// on all 2^32 binary32 inputs, round-to-nearest.
//
// Running MPFR on all 2^32 inputs would take hours, so each input is checked
// against an independent evaluation instead: glibc's double-precision sin/cos
// of the (exact) double value of x, whose error is at most 1 ulp of double
// (2^-52 relative; glibc manual, "Errors in Math Functions"). For every finite
// x the test asserts
//   (a) the fast approximation exists (the reduced argument is never too
//       small for the bound: |f| >= 2^-40),
//   (b) |approx - glibc| <= (proven bound + 2^-51) |glibc|: the proven error
//       bound is consistent with an independent evaluation on every input,
//   (c) where the fast path decides, its float equals glibc's value rounded to
//       nearest (glibc's value then lies inside the decision interval);
// and every input where the fast path gives up (MPFR fallback) is evaluated
// by MPFR, counted, and the ones closest to a midpoint are printed: they are
// the hard cases listed in tests/truth_hard_cases_{sinf,cosf}.inc.
// Every 8th input (|x| >= 2^-12) is also checked in the three directed modes
// (decided result == glibc's value rounded in that mode; fallbacks == MPFR);
// the tiny arguments' directed results follow from the proof in sincosf_fast.hpp
// and are checked against MPFR in tests/truth_sincosf_test.cpp.
#include <gtest/gtest.h>
#include <mpfr.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/truth.hpp"

namespace truth = bitexact::truth;
using bitexact::bit_cast;

namespace {

constexpr truth::rounding all_modes[] = {truth::rounding::nearest, truth::rounding::toward_zero,
                                         truth::rounding::upward, truth::rounding::downward};

struct Tally {
  std::uint64_t no_approx = 0, bound_violations = 0, decided_mismatch = 0;
  double worst_rel = 0;
  std::uint32_t worst_x = 0, first_bad = 0;
  std::vector<std::uint32_t> fallbacks;
  // Directed modes on every 8th input: decided results that differ from
  // glibc's value rounded in that mode, and the fallbacks as (mode, input).
  std::uint64_t directed_checked = 0, directed_mismatch = 0;
  std::vector<std::pair<int, std::uint32_t>> directed_fallbacks;
  void merge(const Tally& o) {
    directed_checked += o.directed_checked;
    directed_mismatch += o.directed_mismatch;
    directed_fallbacks.insert(directed_fallbacks.end(), o.directed_fallbacks.begin(), o.directed_fallbacks.end());
    if (!no_approx && !bound_violations && !decided_mismatch) first_bad = o.first_bad;
    no_approx += o.no_approx;
    bound_violations += o.bound_violations;
    decided_mismatch += o.decided_mismatch;
    if (o.worst_rel > worst_rel) worst_rel = o.worst_rel, worst_x = o.worst_x;
    fallbacks.insert(fallbacks.end(), o.fallbacks.begin(), o.fallbacks.end());
  }
};

// Distance, in ulps of the result's binade, from f(x) to the nearest midpoint
// between consecutive floats (MPFR, 200 bits).
double midpoint_distance(bool cos, std::uint32_t b) {
  mpfr_t a, y, m;
  mpfr_init2(a, 24);
  mpfr_init2(y, 200);
  mpfr_init2(m, 200);
  mpfr_set_flt(a, bit_cast<float>(b), MPFR_RNDN);
  if (cos)
    mpfr_cos(y, a, MPFR_RNDN);
  else
    mpfr_sin(y, a, MPFR_RNDN);
  long e = mpfr_get_exp(y);  // 2^(e-1) <= |y| < 2^e
  mpfr_abs(y, y, MPFR_RNDN);
  mpfr_mul_2si(y, y, 24 - e, MPFR_RNDN);  // y in ulps: [2^23, 2^24)
  mpfr_frac(m, y, MPFR_RNDN);
  mpfr_sub_d(m, m, 0.5, MPFR_RNDN);
  double d = std::fabs(mpfr_get_d(m, MPFR_RNDN));
  mpfr_clears(a, y, m, (mpfr_ptr)0);
  return d;
}

void run(bool cos) {
  const double tol = truth::detail::sincos_rel_error_bound + 0x1p-51;
  Tally t = tbb::parallel_reduce(
      tbb::blocked_range<std::uint64_t>(0, std::uint64_t(1) << 32, 1 << 16), Tally{},
      [&](const tbb::blocked_range<std::uint64_t>& r, Tally acc) {
        for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
          const std::uint32_t b = std::uint32_t(i);
          const float x = bit_cast<float>(b);
          if (!bitexact::fp_bits<float>(x).is_finite()) continue;
          float out;
          const bool decided = cos ? truth::detail::cosf_fast(x, truth::rounding::nearest, out)
                                   : truth::detail::sinf_fast(x, truth::rounding::nearest, out);
          if (!decided) acc.fallbacks.push_back(b);
          const double ref = cos ? std::cos(double(x)) : std::sin(double(x));
          if (decided && bit_cast<std::uint32_t>(out) != bit_cast<std::uint32_t>(float(ref)) && !acc.decided_mismatch++)
            acc.first_bad = b;
          const std::uint32_t ab = b & 0x7fffffffu;
          if (ab < 0x39800000u) continue;  // |x| < 2^-12: decided without approximation
          double y;
          if (!(cos ? truth::detail::cosf_approx(x, y) : truth::detail::sinf_approx(x, y))) {
            if (!acc.no_approx++) acc.first_bad = b;
            continue;
          }
          const double rel = std::fabs(y - ref) / std::fabs(ref);
          if (rel > acc.worst_rel) acc.worst_rel = rel, acc.worst_x = b;
          if (!(rel <= tol) && !acc.bound_violations++) acc.first_bad = b;
          if (i % 8 != 0) continue;
          // Directed modes (|x| >= 2^-12: glibc's value lies inside the
          // decision interval, so the decided result is its rounding).
          for (int m = 1; m < 4; ++m) {
            const auto r = all_modes[m];
            const bool dec = cos ? truth::detail::cosf_fast(x, r, out) : truth::detail::sinf_fast(x, r, out);
            ++acc.directed_checked;
            if (!dec)
              acc.directed_fallbacks.push_back({m, b});
            else if (bit_cast<std::uint32_t>(out) !=
                     bit_cast<std::uint32_t>(truth::detail::round_double_to_float(ref, r)))
              if (!acc.directed_mismatch++) acc.first_bad = b;
          }
        }
        return acc;
      },
      [](Tally a, const Tally& b) {
        a.merge(b);
        return a;
      });
  const char* name = cos ? "cosf" : "sinf";
  EXPECT_EQ(t.no_approx, 0u) << name << " first 0x" << std::hex << t.first_bad;
  EXPECT_EQ(t.bound_violations, 0u) << name << " first 0x" << std::hex << t.first_bad;
  EXPECT_EQ(t.decided_mismatch, 0u) << name << " first 0x" << std::hex << t.first_bad;
  std::printf("[ info ] %s: largest |approx - glibc| / |glibc| = %a (x=0x%08x); %zu fallbacks\n", name, t.worst_rel,
              t.worst_x, t.fallbacks.size());
  // Expected about 2^32 * 2^-22 (decision width vs float spacing): ~1000.
  EXPECT_LT(t.fallbacks.size(), std::size_t(1) << 14);
  EXPECT_EQ(t.directed_mismatch, 0u) << name << " first 0x" << std::hex << t.first_bad;
  std::printf("[ info ] %s directed modes: %llu (input, mode) pairs, %zu fallbacks\n", name,
              (unsigned long long)t.directed_checked, t.directed_fallbacks.size());
  EXPECT_LT(t.directed_fallbacks.size(), std::size_t(1) << 14);
  for (auto [m, b] : t.directed_fallbacks) {
    const float x = bit_cast<float>(b);
    const float want = cos ? truth::mpfr_only::cosf(x, all_modes[m]) : truth::mpfr_only::sinf(x, all_modes[m]);
    const float got = cos ? truth::cosf(x, all_modes[m]) : truth::sinf(x, all_modes[m]);
    ASSERT_EQ(bit_cast<std::uint32_t>(got), bit_cast<std::uint32_t>(want)) << std::hex << b;
  }

  // The fallbacks go to MPFR in truth::sinf/cosf; evaluate them all there and
  // print the hardest (closest to a midpoint).
  std::vector<std::pair<double, std::uint32_t>> hard;
  for (std::uint32_t b : t.fallbacks) {
    const float x = bit_cast<float>(b);
    const float want = cos ? truth::mpfr_only::cosf(x) : truth::mpfr_only::sinf(x);
    const float got = cos ? truth::cosf(x) : truth::sinf(x);
    ASSERT_EQ(bit_cast<std::uint32_t>(got), bit_cast<std::uint32_t>(want)) << std::hex << b;
    if ((b >> 31) == 0) hard.push_back({midpoint_distance(cos, b), b});
  }
  std::sort(hard.begin(), hard.end());
  for (std::size_t i = 0; i < std::min<std::size_t>(hard.size(), 24); ++i)
    std::printf("    0x%08xu,  // %s(%a): 2^%.1f ulp from a midpoint\n", hard[i].second, name,
                double(bit_cast<float>(hard[i].second)), std::log2(hard[i].first));
}

TEST(ExhaustiveTruth, SinfAll2To32) { run(false); }
TEST(ExhaustiveTruth, CosfAll2To32) { run(true); }

}  // namespace
