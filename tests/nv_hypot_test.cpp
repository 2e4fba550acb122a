// tests/nv_hypot_test.cpp — nv/hypotf.hpp (libdevice __nv_hypotf in the builds
// nvcc_ieee, nvcc_ftz and triton3_6) without a GPU:
//  * special values, from the IR: an infinite operand gives +inf even with a
//    NaN (the `lo == +inf` select), a NaN otherwise gives the canonical NaN
//    0x7fffffff (fabs and every f32 arithmetic instruction return it), a zero
//    operand gives |other| (the `lo == 0` select);
//  * FTZ behaviour per build: nvcc -ftz=true and Triton flush subnormal
//    operands (fabs.ftz under __CUDA_FTZ = 1), nvcc -ftz=false keeps them and
//    rounds subnormal results (checked against MPFR);
//  * the error against MPFR's correctly rounded hypot on 2^20 sampled
//    pairs: at most 3 ulp for every build (CUDA Programming Guide,
//    single-precision functions: hypotf 3 ulp);
//  * that Triton's build differs from nv-ftz by the square root alone: Triton
//    equals the build "nvcc -ftz=true with __CUDA_PREC_SQRT 0", and nv-ftz
//    equals "Triton with __CUDA_PREC_SQRT 1" (builds made up for the test from
//    nv::build's fields), on every sampled pair.
// No expected value is an output of the implementation under test: they come
// from the IR's special cases, exact arithmetic (Pythagorean triples) or MPFR.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "bitexact/nv/hypotf.hpp"

namespace {

using u32 = std::uint32_t;
namespace nv = bitexact::nv;
using nv::build;
using nv::libdevice_file;
using nv::mode;

float F(u32 u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
u32 B(float f) {
  u32 u;
  std::memcpy(&u, &f, 4);
  return u;
}

using hypot_fn = float (*)(float, float);
struct build_case {
  const char* name;
  hypot_fn fn;
  bool ftz;  // subnormal operands flushed (__CUDA_FTZ = 1)
};
const build_case kBuilds[] = {
    {"nv", [](float x, float y) { return nv::hypotf<nv::nvcc_ieee>(x, y); }, false},
    {"nv-ftz", [](float x, float y) { return nv::hypotf<nv::nvcc_ftz>(x, y); }, true},
    {"triton", [](float x, float y) { return nv::hypotf<nv::triton3_6>(x, y); }, true},
};

// Builds that exist only here, to locate the difference between nv-ftz and
// Triton: each changes one field of a real build.
constexpr build kFtzApproxSqrt{libdevice_file::cuda13_0, mode::ftz, mode::ftz, false};
constexpr build kTritonPrecSqrt{libdevice_file::triton3_6, mode::ftz, mode::ieee, true};

constexpr u32 kNaN = 0x7fffffffu;
constexpr u32 kInf = 0x7f800000u;

bool is_nan(u32 u) { return (u & 0x7fffffffu) > kInf; }
bool is_subnormal(u32 u) { return (u & 0x7f800000u) == 0 && (u & 0x007fffffu) != 0; }
u32 flush(u32 u) { return is_subnormal(u) ? (u & 0x80000000u) : u; }

const u32 kNaNs[] = {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff812345u, 0x7fffffffu};
const u32 kFinite[] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x00800000u, 0x80800000u,
                       0x7f7fffffu, 0xff7fffffu, 0x40490fdbu, 0x1e3ce508u, 0x5d5e0b6bu, 0x3eaaaaabu,
                       0x00000001u, 0x807fffffu, 0x00400000u};

TEST(NvHypotf, SpecialValuesAllBuilds) {
  for (const auto& b : kBuilds) {
    for (u32 s : {0u, 0x80000000u}) {
      const u32 inf = kInf | s;
      // An infinite operand wins over everything, a NaN included.
      for (u32 o : kFinite) {
        EXPECT_EQ(B(b.fn(F(inf), F(o))), kInf) << b.name << std::hex << " o=" << o;
        EXPECT_EQ(B(b.fn(F(o), F(inf))), kInf) << b.name << std::hex << " o=" << o;
      }
      for (u32 n : kNaNs) {
        EXPECT_EQ(B(b.fn(F(inf), F(n))), kInf) << b.name << std::hex << " n=" << n;
        EXPECT_EQ(B(b.fn(F(n), F(inf))), kInf) << b.name << std::hex << " n=" << n;
      }
      EXPECT_EQ(B(b.fn(F(inf), F(kInf))), kInf) << b.name;
    }
    // A NaN with a finite operand or a NaN: the canonical NaN, whatever the
    // payload (with a zero the IR returns hi = fabs(NaN), which is canonical).
    for (u32 n : kNaNs) {
      for (u32 o : kFinite) {
        EXPECT_EQ(B(b.fn(F(n), F(o))), kNaN) << b.name << std::hex << " n=" << n << " o=" << o;
        EXPECT_EQ(B(b.fn(F(o), F(n))), kNaN) << b.name << std::hex << " n=" << n << " o=" << o;
      }
      for (u32 m : kNaNs) EXPECT_EQ(B(b.fn(F(n), F(m))), kNaN) << b.name;
    }
    // A zero operand: |other| exactly (flushed in the FTZ builds).
    for (u32 z : {0u, 0x80000000u})
      for (u32 o : kFinite) {
        const u32 want = (b.ftz ? flush(o) : o) & 0x7fffffffu;
        EXPECT_EQ(B(b.fn(F(z), F(o))), want) << b.name << std::hex << " o=" << o;
        EXPECT_EQ(B(b.fn(F(o), F(z))), want) << b.name << std::hex << " o=" << o;
      }
    // Overflow: the exact result is above the largest float.
    EXPECT_EQ(B(b.fn(F(0x7f7fffffu), F(0x7f7fffffu))), kInf) << b.name;
    EXPECT_EQ(B(b.fn(F(0xff7fffffu), F(0x7f000000u))), kInf) << b.name;  // FLT_MAX * sqrt(1.25)
  }
}

// Pythagorean triples, scaled by powers of two (exact squares and sums, so
// the correctly rounded sqrt of nvcc's builds is exact); Triton's
// sqrt.approx is checked with the 3-ulp bound below instead.
TEST(NvHypotf, PythagoreanTriplesExactInNvccBuilds) {
  const int triples[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {20, 21, 29}, {119, 120, 169}};
  for (const auto& b : kBuilds) {
    if (b.fn == kBuilds[2].fn) continue;
    for (const auto& t : triples)
      for (int e : {-120, -64, -1, 0, 1, 30, 100}) {
        const float x = std::ldexp(float(t[0]), e), y = std::ldexp(float(t[1]), e);
        const float want = std::ldexp(float(t[2]), e);
        if (!std::isfinite(want)) continue;
        EXPECT_EQ(B(b.fn(x, y)), B(want)) << b.name << " " << t[0] << "," << t[1] << " e=" << e;
        EXPECT_EQ(B(b.fn(-y, x)), B(want)) << b.name << " " << t[0] << "," << t[1] << " e=" << e;
      }
  }
  // Subnormal operands and result in the IEEE build: 3, 4, 5 times 2^-149.
  EXPECT_EQ(B(nv::hypotf<nv::nvcc_ieee>(F(3), F(4))), 5u);
  EXPECT_EQ(B(nv::hypotf<nv::nvcc_ieee>(F(0x80000005u), F(12))), 13u);
}

// ---- error against MPFR ---------------------------------------------------------
// Error of r in ulps of the exact hypot(x, y) (MPFR, 100 bits: the error
// itself need not be exact), the ulp being 2^-149 below 2^-126. inf: r is
// not finite while the exact result rounds to a finite float.
double ulp_error(float r, float x, float y) {
  mpfr_t mx, my, z, d;
  mpfr_inits2(100, mx, my, z, d, (mpfr_ptr)nullptr);
  mpfr_set_flt(mx, x, MPFR_RNDN);
  mpfr_set_flt(my, y, MPFR_RNDN);
  mpfr_hypot(z, mx, my, MPFR_RNDN);
  double err;
  if (!std::isfinite(r)) {
    err = mpfr_get_flt(z, MPFR_RNDN) == r ? 0 : INFINITY;
  } else if (mpfr_zero_p(z)) {
    err = r == 0 ? 0 : INFINITY;
  } else {
    const long e = mpfr_get_exp(z);  // z in [2^(e-1), 2^e)
    const long q = std::max(e - 24, -149L);
    mpfr_set_flt(d, r, MPFR_RNDN);
    mpfr_sub(d, d, z, MPFR_RNDN);
    mpfr_mul_2si(d, d, -q, MPFR_RNDN);
    err = std::fabs(mpfr_get_d(d, MPFR_RNDN));
  }
  mpfr_clears(mx, my, z, d, (mpfr_ptr)nullptr);
  return err;
}

// CUDA Programming Guide (CUDA 13.0), single-precision functions: hypotf 3 ulp
// (full range). Triton's build is not covered by a CUDA document; its
// sqrt.approx.ftz is within about 1 ulp of the correctly rounded root, and
// the same 3-ulp bound holds on every sampled pair (measured: nv and nv-ftz
// 1.019 ulp, Triton 1.325 ulp on 2^21 pairs of sample_pairs).
constexpr double kBound = 3.0;

// Sampled pairs: uniformly random bit patterns (mostly far-apart magnitudes),
// pairs within 2^12 of each other, pairs of nearly equal magnitude, and
// subnormal / tiny pairs.
std::vector<std::pair<u32, u32>> sample_pairs(std::size_t n) {
  std::mt19937_64 g(0x6879706f74ull);
  std::vector<std::pair<u32, u32>> v;
  v.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const u32 x = u32(g());
    u32 y = u32(g());
    switch (i % 4) {
      case 0: break;
      case 1: {  // exponent within 12 of x's
        const int ex = int((x >> 23) & 0xff), d = int(g() % 25) - 12;
        const int ey = std::clamp(ex + d, 0, 254);
        y = (y & 0x807fffffu) | (u32(ey) << 23);
        break;
      }
      case 2:  // nearly equal magnitudes: x's pattern plus a small offset
        y = (x & 0x7fffffffu) < 0x7f700000u ? x + (y & 0x3ffu) : y;
        break;
      case 3:  // small: exponent fields 0..8 (subnormal and just above)
        y = (y & 0x80ffffffu) & ~(u32(0x7e) << 24);
        if (i % 8 == 3) y &= 0x807fffffu;
        break;
    }
    v.push_back({x, y});
  }
  return v;
}

TEST(NvHypotf, ErrorAgainstMpfr) {
  const auto pairs = sample_pairs(std::size_t(1) << 20);
  for (const auto& b : kBuilds) {
    double worst = 0;
    u32 wx = 0, wy = 0;
    std::size_t measured = 0;
    for (const auto& [xb, yb] : pairs) {
      if (is_nan(xb) || is_nan(yb)) continue;
      // The FTZ builds see flushed operands: the exact value is that of those.
      const u32 ex = b.ftz ? flush(xb) : xb, ey = b.ftz ? flush(yb) : yb;
      const double err = ulp_error(b.fn(F(xb), F(yb)), F(ex), F(ey));
      ++measured;
      if (err > worst) worst = err, wx = xb, wy = yb;
    }
    std::printf("hypotf %-7s max error %.4f ulp at (0x%08x, 0x%08x) over %zu pairs\n", b.name, worst, wx, wy,
                measured);
    EXPECT_LE(worst, kBound) << b.name << std::hex << " at 0x" << wx << ", 0x" << wy;
    EXPECT_GT(measured, pairs.size() / 2);
  }
}

// ---- FTZ per build ----------------------------------------------------------------
TEST(NvHypotf, SubnormalOperandsPerBuild) {
  const u32 subs[] = {0x00000001u, 0x80000001u, 0x00000003u, 0x007fffffu, 0x80400000u};
  for (u32 s : subs) {
    // nv keeps subnormals: hypot(s, 0) = |s|, hypot(s, s) = |s| sqrt(2) rounded
    // (checked with MPFR).
    EXPECT_EQ(B(nv::hypotf<nv::nvcc_ieee>(F(s), 0.0f)), s & 0x7fffffffu);
    EXPECT_LE(ulp_error(nv::hypotf<nv::nvcc_ieee>(F(s), F(s)), F(s), F(s)), 1.0) << std::hex << s;
    // nv-ftz and Triton: a subnormal operand is +-0 (fabs.ftz).
    for (const auto& b : kBuilds) {
      if (!b.ftz) continue;
      EXPECT_EQ(B(b.fn(F(s), F(s))), 0u) << b.name << std::hex << " s=" << s;
      EXPECT_EQ(B(b.fn(F(s), 1.0f)), 0x3f800000u) << b.name << std::hex << " s=" << s;
      EXPECT_EQ(B(b.fn(F(0x00800000u), F(s))), 0x00800000u) << b.name << std::hex << " s=" << s;
      EXPECT_EQ(B(b.fn(F(s), F(0xc0400000u))), 0x40400000u) << b.name << std::hex << " s=" << s;
    }
  }
  // The smallest normal numbers: exact results stay normal in every build.
  for (const auto& b : kBuilds) {
    EXPECT_EQ(B(b.fn(F(0x00800000u), 0.0f)), 0x00800000u) << b.name;
    EXPECT_LE(ulp_error(b.fn(F(0x00800000u), F(0x00800000u)), F(0x00800000u), F(0x00800000u)), kBound) << b.name;
  }
}

// ---- Triton versus nv-ftz: the square root only ----------------------------------
TEST(NvHypotf, TritonDiffersFromNvFtzOnlyBySqrt) {
  const auto pairs = sample_pairs(std::size_t(1) << 21);
  std::size_t differ = 0, finite_pairs = 0;
  int max_dist = 0;
  for (const auto& [xb, yb] : pairs) {
    const float x = F(xb), y = F(yb);
    const u32 t = B(nv::hypotf<nv::triton3_6>(x, y)), f = B(nv::hypotf<nv::nvcc_ftz>(x, y));
    ASSERT_EQ(t, B(nv::hypotf<kFtzApproxSqrt>(x, y))) << std::hex << xb << " " << yb;
    ASSERT_EQ(f, B(nv::hypotf<kTritonPrecSqrt>(x, y))) << std::hex << xb << " " << yb;
    if (is_nan(t) || is_nan(f)) {
      EXPECT_EQ(t, f);
      continue;
    }
    ++finite_pairs;
    if (t != f) {
      ++differ;
      // Both positive: the bit patterns' distance is the distance in ulps.
      max_dist = std::max(max_dist, int(std::max(t, f) - std::min(t, f)));
      // Not where the IR selects hi or +inf (a zero or infinite lo).
      const u32 ax = flush(xb) & 0x7fffffffu, ay = flush(yb) & 0x7fffffffu;
      EXPECT_NE(std::min(ax, ay), 0u);
      EXPECT_NE(std::min(ax, ay), kInf);
    }
  }
  std::printf("hypotf: triton != nv-ftz on %zu of %zu non-NaN sampled pairs (%.2f %%), at most %d ulp apart\n",
              differ, finite_pairs, 100.0 * double(differ) / double(finite_pairs), max_dist);
  EXPECT_GT(differ, 0u);
  EXPECT_LE(max_dist, 2);
}

// nvcc's two builds differ only on subnormal operands (flushed) or where an
// intermediate (lo s)^2 is subnormal; their results agree on every sampled
// pair of normal operands to within the same ulp-rounding of a tie broken
// by a flushed addend.
TEST(NvHypotf, NvAndNvFtzAgreeOnNormalOperands) {
  const auto pairs = sample_pairs(std::size_t(1) << 20);
  std::size_t differ = 0;
  for (const auto& [xb, yb] : pairs) {
    if (is_subnormal(xb) || is_subnormal(yb) || is_nan(xb) || is_nan(yb)) continue;
    const u32 a = B(nv::hypotf<nv::nvcc_ieee>(F(xb), F(yb))), c = B(nv::hypotf<nv::nvcc_ftz>(F(xb), F(yb)));
    if (a != c) {
      ++differ;
      EXPECT_LE(std::max(a, c) - std::min(a, c), 1u) << std::hex << xb << " " << yb;
    }
  }
  std::printf("hypotf: nv != nv-ftz on %zu sampled pairs of normal operands\n", differ);
}

}  // namespace
