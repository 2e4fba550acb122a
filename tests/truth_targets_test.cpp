// The truth of the BITEXACT_NV_FUNCTION rows (src/truth/targets.cpp: binary64
// evaluation checked against a 2^-48 interval, MPFR fallback) against MPFR
// alone, computed here independently at 200 bits and rounded with MPFR's own
// subnormal handling; and the fast ULP errors against the exact ones.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/truth/truth.hpp"

namespace truth = bitexact::truth;
using bitexact::bit_cast;
using truth::rounding;
using truth::target;
using u32 = std::uint32_t;

namespace {

mpfr_rnd_t rnd_of(rounding r) {
  return r == rounding::toward_zero ? MPFR_RNDZ : r == rounding::upward ? MPFR_RNDU : r == rounding::downward ? MPFR_RNDD : MPFR_RNDN;
}

// The target by MPFR alone: computed directly at 24 bits in the wanted mode
// within binary32's exponent range, then subnormalised (MPFR's documented
// way to emulate IEEE binary32; no double rounding).
float reference(target t, float xf, float yf, rounding r) {
  const mpfr_rnd_t m = rnd_of(r);
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t x, y, v;
  mpfr_inits2(24, x, y, v, (mpfr_ptr)0);
  mpfr_set_flt(x, xf, MPFR_RNDN);
  mpfr_set_flt(y, yf, MPFR_RNDN);
  mpfr_set_emin(-148);
  mpfr_set_emax(128);
  int tern = 0;
  switch (t) {
    case target::sin: tern = mpfr_sin(v, x, m); break;
    case target::cos: tern = mpfr_cos(v, x, m); break;
    case target::tan: tern = mpfr_tan(v, x, m); break;
    case target::exp: tern = mpfr_exp(v, x, m); break;
    case target::exp2: tern = mpfr_exp2(v, x, m); break;
    case target::exp10: tern = mpfr_exp10(v, x, m); break;
    case target::log: tern = mpfr_log(v, x, m); break;
    case target::log2: tern = mpfr_log2(v, x, m); break;
    case target::log10: tern = mpfr_log10(v, x, m); break;
    case target::rec: tern = mpfr_ui_div(v, 1, x, m); break;
    case target::rsqrt: tern = mpfr_rec_sqrt(v, x, m); break;
    case target::sqrt: tern = mpfr_sqrt(v, x, m); break;
    case target::div: tern = mpfr_div(v, x, y, m); break;
    case target::tanh: tern = mpfr_tanh(v, x, m); break;
    default:  // the targets of issue 34: tests/truth_ml_targets_test.cpp checks them
      ADD_FAILURE() << "no MPFR reference here for target " << int(t);
      break;
  }
  tern = mpfr_check_range(v, tern, m);
  mpfr_subnormalize(v, tern, m);
  const float out = mpfr_nan_p(v) ? bit_cast<float>(0x7fc00000u) : mpfr_get_flt(v, m);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  mpfr_clears(x, y, v, (mpfr_ptr)0);
  return out;
}

u32 B(float f) { return bit_cast<u32>(f); }

struct target_case {
  target t;
  const char* name;
};
const target_case all_targets[] = {{target::sin, "sin"},     {target::cos, "cos"},   {target::tan, "tan"},
                                   {target::exp, "exp"},     {target::exp2, "exp2"}, {target::exp10, "exp10"},
                                   {target::log, "log"},     {target::log2, "log2"}, {target::log10, "log10"},
                                   {target::rec, "rec"},     {target::rsqrt, "rsqrt"}, {target::sqrt, "sqrt"},
                                   {target::div, "div"},     {target::tanh, "tanh"}};

// Inputs: random bit patterns (every binade, both signs, NaN, inf, zero,
// subnormals) and, for the functions whose interesting range is narrow,
// patterns near 1 and in [-160, 130].
std::vector<u32> inputs_for(target t) {
  std::vector<u32> v = {0x00000000u, 0x80000000u, 0x00000001u, 0x007fffffu, 0x00800000u, 0x3f800000u,
                        0xbf800000u, 0x40000000u, 0x41200000u, 0x7f7fffffu, 0x7f800000u, 0xff800000u,
                        0x7fc00000u, 0x42fe0000u, 0xc2fc0000u, 0xc3160000u, 0x3f7fffffu, 0x3f800001u};
  for (std::uint64_t i = 0; i < 6000; ++i) v.push_back(bitexact::inputs::uniform32(71, i));
  for (std::uint64_t i = 0; i < 3000; ++i) {
    const u32 w = bitexact::inputs::uniform32(72, i);
    if (t == target::exp || t == target::exp2 || t == target::exp10)
      v.push_back(bit_cast<u32>(float(int(w % 300) - 160) + float(w >> 20) / 4096.0f));
    else if (t == target::tanh)  // |x| < 16, where tanh is not yet +-1 in binary32, both signs
      v.push_back((w & 0x80000000u) | (0x3a000000u + (w % 0x07800000u)));
    else
      v.push_back(0x3f000000u + (w % 0x01000000u));  // [0.5, 2)
  }
  return v;
}

TEST(TruthTargets, CorrectlyRoundedEqualsMpfrInEveryMode) {
  for (const auto& tc : all_targets) {
    const auto xs = inputs_for(tc.t);
    int bad = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const float x = bit_cast<float>(xs[i]);
      const float y = bit_cast<float>(bitexact::inputs::uniform32(73, i));  // the divisor (div only)
      for (rounding r : {rounding::nearest, rounding::toward_zero, rounding::upward, rounding::downward}) {
        const float got = truth::target_cr(tc.t, x, y, r), want = reference(tc.t, x, y, r);
        const bool both_nan = std::isnan(got) && std::isnan(want);
        if (!both_nan && B(got) != B(want) && bad++ < 5)
          ADD_FAILURE() << tc.name << std::hex << " x=0x" << xs[i] << " y=0x" << B(y) << " mode " << int(r)
                        << ": 0x" << B(got) << ", MPFR 0x" << B(want);
      }
    }
    EXPECT_EQ(bad, 0) << tc.name;
  }
}

TEST(TruthTargets, FastUlpErrorIsWithin2Pow23OfTheExactOne) {
  for (const auto& tc : all_targets) {
    const auto xs = inputs_for(tc.t);
    for (std::size_t i = 0; i < xs.size(); i += 3) {
      const float x = bit_cast<float>(xs[i]);
      const float y = bit_cast<float>(bitexact::inputs::uniform32(73, i));
      // a result a few ulps off the correctly rounded one
      const float cr = truth::target_cr(tc.t, x, y, rounding::nearest);
      if (!std::isfinite(cr) || (B(cr) & 0x7fffffffu) < 8) continue;
      const float r = bit_cast<float>(B(cr) + u32(i % 7) - 3u);
      const double exact = truth::target_ulp_error(tc.t, x, y, r), fast = truth::target_ulp_error_approx(tc.t, x, y, r);
      ASSERT_NEAR(fast, exact, 0x1p-23) << tc.name << std::hex << " x=0x" << xs[i] << " r=0x" << B(r);
    }
  }
}

TEST(TruthTargets, RowsUseTheirTarget) {
  // truth::NAME of a BITEXACT_NV_FUNCTION row is its TARGET, correctly rounded.
  const float x = 0.75f;
  EXPECT_EQ(B(truth::sin_approx(x)), B(reference(target::sin, x, 0, rounding::nearest)));
  EXPECT_EQ(B(truth::rcp_approx(x)), B(reference(target::rec, x, 0, rounding::nearest)));
  EXPECT_EQ(B(truth::expf(x)), B(reference(target::exp, x, 0, rounding::nearest)));
  EXPECT_EQ(B(truth::fdividef(x, 3.0f)), B(reference(target::div, x, 3.0f, rounding::nearest)));
  EXPECT_EQ(B(truth::tanh_approx(x)), B(reference(target::tanh, x, 0, rounding::nearest)));
  EXPECT_EQ(truth::ulp_error_rcp_approx(3.0f, 1.0f / 3.0f), truth::target_ulp_error(target::rec, 3.0f, 0, 1.0f / 3.0f));
}

}  // namespace
