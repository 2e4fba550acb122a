// Fast correctly rounded sinf/cosf (bitexact/truth/sincosf_fast.hpp) against MPFR.
// Expected values: MPFR (mpfr_sin/mpfr_cos with mpfr_subnormalize), and MPFR
// at two working precisions rounded by hand. Never the fast path itself.
#include <gtest/gtest.h>
#include <mpfr.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/truth/mpfr.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/truth.hpp"

namespace truth = bitexact::truth;
using bitexact::bit_cast;
using truth::rounding;

namespace {

constexpr rounding all_modes[] = {rounding::nearest, rounding::toward_zero, rounding::upward, rounding::downward};
const char* mode_name(rounding r) {
  switch (r) {
    case rounding::nearest:
      return "RN";
    case rounding::toward_zero:
      return "RZ";
    case rounding::upward:
      return "RU";
    default:
      return "RD";
  }
}

float f32(std::uint32_t b) { return bit_cast<float>(b); }
std::uint32_t u32(float f) { return bit_cast<std::uint32_t>(f); }

// 2^20 random bit patterns (every exponent equally likely: many huge
// arguments), 2^19 uniform in [-8, 8], 2^18 in [-2^20, 2^20], and 2^16
// around multiples of pi/2 up to 2^14.
std::vector<std::uint32_t> sample() {
  std::mt19937_64 rng(20261123);
  std::vector<std::uint32_t> v;
  for (int i = 0; i < (1 << 20); ++i) v.push_back(std::uint32_t(rng()));
  std::uniform_real_distribution<float> small(-8.0f, 8.0f), mid(-0x1p20f, 0x1p20f);
  for (int i = 0; i < (1 << 19); ++i) v.push_back(u32(small(rng)));
  for (int i = 0; i < (1 << 18); ++i) v.push_back(u32(mid(rng)));
  for (int i = 0; i < (1 << 16); ++i) {
    double kpi2 = double(rng() % 20000) * 1.5707963267948966;
    std::uint32_t b = u32(float(kpi2));
    v.push_back(b + std::uint32_t(rng() % 9) - 4u);
  }
  return v;
}

struct Mismatch {
  std::uint32_t x = 0, got = 0, want = 0;
};

// Compares truth::F with truth::mpfr_only::F on every input, in mode r.
template <float (*Fast)(float, rounding), float (*Ref)(float, rounding)>
std::uint64_t count_mismatches(const std::vector<std::uint32_t>& in, rounding r, Mismatch& first) {
  std::atomic<std::uint64_t> bad{0};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, in.size(), 4096), [&](auto range) {
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      float x = f32(in[i]);
      std::uint32_t got = u32(Fast(x, r)), want = u32(Ref(x, r));
      if (got != want && bad.fetch_add(1) == 0) first = {in[i], got, want};
    }
  });
  return bad.load();
}

TEST(TruthSinCosF, FastEqualsMpfrOnLargeSampleRoundToNearest) {
  auto in = sample();
  ASSERT_GE(in.size(), 1000000u);
  truth::reset_fast_stats();
  Mismatch m;
  EXPECT_EQ((count_mismatches<&truth::sinf, &truth::mpfr_only::sinf>(in, rounding::nearest, m)), 0u)
      << "sinf(" << std::hex << m.x << ") = " << m.got << ", MPFR " << m.want;
  EXPECT_EQ((count_mismatches<&truth::cosf, &truth::mpfr_only::cosf>(in, rounding::nearest, m)), 0u)
      << "cosf(" << std::hex << m.x << ") = " << m.got << ", MPFR " << m.want;
  auto st = truth::fast_stats();
  std::printf("[ info ] %zu inputs; MPFR fallbacks: sinf %llu, cosf %llu\n", in.size(),
              (unsigned long long)st.sinf_fallbacks, (unsigned long long)st.cosf_fallbacks);
  // The fallback rate is about 2^-20 (interval width 2^-45 relative vs float
  // spacing 2^-23..2^-24 relative): a handful per million.
  EXPECT_LT(st.sinf_fallbacks, in.size() / 10000);
  EXPECT_LT(st.cosf_fallbacks, in.size() / 10000);
}

TEST(TruthSinCosF, FastEqualsMpfrDirectedModes) {
  auto all = sample();
  std::vector<std::uint32_t> in(all.begin(), all.begin() + (1 << 18));
  in.insert(in.end(), all.end() - (1 << 16), all.end());
  for (rounding r : all_modes) {
    Mismatch m;
    EXPECT_EQ((count_mismatches<&truth::sinf, &truth::mpfr_only::sinf>(in, r, m)), 0u)
        << mode_name(r) << " sinf(" << std::hex << m.x << ") = " << m.got << ", MPFR " << m.want;
    EXPECT_EQ((count_mismatches<&truth::cosf, &truth::mpfr_only::cosf>(in, r, m)), 0u)
        << mode_name(r) << " cosf(" << std::hex << m.x << ") = " << m.got << ", MPFR " << m.want;
  }
}

// Special operands, all modes: signed zeros, the smallest subnormals, the
// tiny-argument shortcut's edge (2^-12), the small/reduced paths' edge (pi/4),
// the largest floats, infinities and NaNs (-> default quiet NaN 0x7fc00000).
TEST(TruthSinCosF, SpecialOperandsAllModes) {
  const std::uint32_t specials[] = {0x00000000, 0x00000001, 0x00000002, 0x007fffff, 0x00800000, 0x00800001, 0x0d800000,
                                    0x397fffff, 0x39800000, 0x39800001, 0x3f490fda, 0x3f490fdb, 0x3f490fdc, 0x3fc90fdb,
                                    0x40490fdb, 0x3f800000, 0x7f7fffff, 0x7f000000, 0x5d3b2553, 0x7f800000, 0x7fc00000,
                                    0x7f800001, 0x7fffffff, 0x4b800000, 0x4b7fffff};
  for (rounding r : all_modes)
    for (std::uint32_t b : specials)
      for (std::uint32_t s : {0u, 0x80000000u}) {
        float x = f32(b | s);
        EXPECT_EQ(u32(truth::sinf(x, r)), u32(truth::mpfr_only::sinf(x, r)))
            << mode_name(r) << " sinf " << std::hex << (b | s);
        EXPECT_EQ(u32(truth::cosf(x, r)), u32(truth::mpfr_only::cosf(x, r)))
            << mode_name(r) << " cosf " << std::hex << (b | s);
      }
  // IEEE 754 facts: sin(-0) = -0, cos(0) = 1, sin(inf) = NaN.
  EXPECT_EQ(u32(truth::sinf(-0.0f)), 0x80000000u);
  EXPECT_EQ(u32(truth::cosf(0.0f)), 0x3f800000u);
  EXPECT_EQ(u32(truth::sinf(f32(0x7f800000))), 0x7fc00000u);
  EXPECT_EQ(u32(truth::cosf(f32(0xff800000))), 0x7fc00000u);
  EXPECT_EQ(u32(truth::mpfr_only::sinf(f32(0x7fa00000))), 0x7fc00000u);
}

// Hard-to-round inputs: the 24 positive floats whose sin / cos lies closest to
// a midpoint between floats, over all 2^32 inputs. Found by the exhaustive
// scan (tests/heavy/truth_sinf_test.cpp evaluates every fast-path
// fallback with MPFR and prints the closest); checked here in all modes.
constexpr std::uint32_t hard_sin[] = {
#include "truth_hard_cases_sinf.inc"
};
constexpr std::uint32_t hard_cos[] = {
#include "truth_hard_cases_cosf.inc"
};

TEST(TruthSinCosF, HardCasesAllModes) {
  for (rounding r : all_modes) {
    for (std::uint32_t b : hard_sin)
      EXPECT_EQ(u32(truth::sinf(f32(b), r)), u32(truth::mpfr_only::sinf(f32(b), r)))
          << mode_name(r) << " sinf " << std::hex << b;
    for (std::uint32_t b : hard_cos)
      EXPECT_EQ(u32(truth::cosf(f32(b), r)), u32(truth::mpfr_only::cosf(f32(b), r)))
          << mode_name(r) << " cosf " << std::hex << b;
  }
  // The RN hard cases are all within 2^-25 ulp of a midpoint, inside the
  // fast path's decision interval (2^-47 relative, 2^-24..2^-23 ulp): the
  // fast path must give up on every one, and each give-up is counted.
  truth::reset_fast_stats();
  for (std::uint32_t b : hard_sin) {
    float out;
    EXPECT_FALSE(truth::detail::sinf_fast(f32(b), rounding::nearest, out)) << std::hex << b;
    truth::sinf(f32(b));
  }
  for (std::uint32_t b : hard_cos) {
    float out;
    EXPECT_FALSE(truth::detail::cosf_fast(f32(b), rounding::nearest, out)) << std::hex << b;
    truth::cosf(f32(b));
  }
  EXPECT_EQ(truth::fast_stats().sinf_fallbacks, std::size(hard_sin));
  EXPECT_EQ(truth::fast_stats().cosf_fallbacks, std::size(hard_cos));
}

// MPFR at two working precisions (100 and 200 bits), each rounded to binary32
// by truth::round_to, agree with each other and with mpfr_only::sinf/cosf.
// The wide value is rounded in the same direction as the final rounding
// (directed roundings compose; for nearest, double rounding could only matter
// within 2^-100 of a midpoint, and sin/cos of a nonzero float is never a
// float nor a midpoint).
TEST(TruthSinCosF, MpfrTwoPrecisionsAgree) {
  auto all = sample();
  std::vector<std::uint32_t> in(all.begin(), all.begin() + 8000);
  in.insert(in.end(), all.end() - 8000, all.end());
  for (auto b : hard_sin) in.push_back(b);
  for (auto b : hard_cos) in.push_back(b);
  mpfr_t a, y100, y200;
  mpfr_init2(a, 24);
  mpfr_init2(y100, 100);
  mpfr_init2(y200, 200);
  for (int fn = 0; fn < 2; ++fn)
    for (rounding r : all_modes)
      for (std::uint32_t b : in) {
        float x = f32(b);
        mpfr_set_flt(a, x, MPFR_RNDN);
        const mpfr_rnd_t rnd = truth::to_mpfr(r);
        if (fn == 0) {
          mpfr_sin(y100, a, rnd);
          mpfr_sin(y200, a, rnd);
        } else {
          mpfr_cos(y100, a, rnd);
          mpfr_cos(y200, a, rnd);
        }
        std::uint32_t r100 = u32(truth::round_to<float>(y100, r));
        std::uint32_t r200 = u32(truth::round_to<float>(y200, r));
        std::uint32_t ref = u32(fn == 0 ? truth::mpfr_only::sinf(x, r) : truth::mpfr_only::cosf(x, r));
        ASSERT_EQ(r100, r200) << (fn ? "cos " : "sin ") << mode_name(r) << std::hex << " " << b;
        ASSERT_EQ(r200, ref) << (fn ? "cos " : "sin ") << mode_name(r) << std::hex << " " << b;
      }
  mpfr_clears(a, y100, y200, (mpfr_ptr)0);
}

// The proven relative error bound holds on the sample, measured with MPFR at
// 200 bits. Prints the largest observed error (docs/truth.md quotes it).
TEST(TruthSinCosF, ApproximationWithinProvenBound) {
  auto in = sample();
  double worst[2] = {0, 0};
  std::uint32_t worst_x[2] = {0, 0};
  mpfr_t a, ex, ap;
  mpfr_init2(a, 24);
  mpfr_init2(ex, 200);
  mpfr_init2(ap, 200);
  for (std::size_t i = 0; i < in.size(); i += 8)
    for (int fn = 0; fn < 2; ++fn) {
      float x = f32(in[i]);
      double y;
      bool ok = fn == 0 ? truth::detail::sinf_approx(x, y) : truth::detail::cosf_approx(x, y);
      if (!ok) {
        EXPECT_FALSE(bitexact::fp_bits<float>(x).is_finite()) << std::hex << in[i];
        continue;
      }
      mpfr_set_flt(a, x, MPFR_RNDN);
      if (fn == 0)
        mpfr_sin(ex, a, MPFR_RNDN);
      else
        mpfr_cos(ex, a, MPFR_RNDN);
      if (mpfr_zero_p(ex)) continue;
      mpfr_set_d(ap, y, MPFR_RNDN);
      mpfr_sub(ap, ap, ex, MPFR_RNDN);
      mpfr_div(ap, ap, ex, MPFR_RNDN);
      double rel = std::abs(mpfr_get_d(ap, MPFR_RNDN));
      if (rel > worst[fn]) worst[fn] = rel, worst_x[fn] = in[i];
    }
  mpfr_clears(a, ex, ap, (mpfr_ptr)0);
  std::printf("[ info ] largest relative error: sin %a (x=0x%08x), cos %a (x=0x%08x); bound %a\n", worst[0], worst_x[0],
              worst[1], worst_x[1], truth::detail::sincos_rel_error_bound);
  EXPECT_LE(worst[0], truth::detail::sincos_rel_error_bound);
  EXPECT_LE(worst[1], truth::detail::sincos_rel_error_bound);
}

// The "mpfr" registry implementation is the fast truth, round-to-nearest.
TEST(TruthSinCosF, RegistryImplUsesTruth) {
  const bitexact::Impl* s = bitexact::find_impl("mpfr", bitexact::Fn::sinf);
  ASSERT_NE(s, nullptr);
  EXPECT_TRUE(s->correctly_rounded);
  for (std::uint32_t b : {0x3f800000u, 0x5d3b2553u, 0x00000001u, 0xc2c80000u})
    EXPECT_EQ(bitexact::eval_one(*s, b), u32(truth::mpfr_only::sinf(f32(b))));
}

}  // namespace

namespace {
// The MPFR layer leaves the calling thread's exponent range as it found it
// (it narrows it only inside each call), and is safe to use from many threads
// when MPFR has thread-local state (Debian's libmpfr6 does).
TEST(TruthMpfrLayer, ExponentRangeUntouchedAndThreadLocal) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  EXPECT_EQ(u32(truth::mpfr_only::sinf(f32(0x00000003), rounding::upward)), 0x00000003u);
  EXPECT_EQ(u32(truth::mpfr_only::fmodf(f32(0x00000003), f32(0x00000002))), 0x00000001u);
  EXPECT_EQ(truth::mpfr_only::ceil(0.5), 1.0);
  EXPECT_EQ(mpfr_get_emin(), emin);
  EXPECT_EQ(mpfr_get_emax(), emax);
  std::printf("[ info ] mpfr_buildopt_tls_p() = %d\n", mpfr_buildopt_tls_p());
}
}  // namespace
