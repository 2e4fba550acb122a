// Tests of the libdevice fmodf / fmod / ceilf / ceil reproductions
// (include/bitexact/nv/{fmodf,fmod,ceilf,ceil}.hpp). The PTX op models they
// use (include/bitexact/nv/ptx.hpp) are tested in tests/nv_ptx_test.cpp.
//
// Where the expected values come from:
//  * MPFR (directly, or through bitexact::truth): fmod and ceil are exact
//    operations, so on every finite non-special input the vendor result must
//    equal the mathematical one, which MPFR computes exactly.
//  * FTZ mode: the MPFR result on flushed inputs, flushed (the prediction of
//    what .ftz does), checked input by input.
//  * IEEE 754 facts for special operands (NaN results, signed zeros, ceil of
//    tiny values), and PTX ISA facts (f32 NaN results are 0x7fffffff) and
//    constants read from libdevice.10.bc (fmod's own NaN 0xfff8000000000000).
//  * The H100: vectors/nv/ (edge vectors and digests), when present.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "bitexact/inputs.hpp"
#include "bitexact/io/digests.hpp"
#include "bitexact/nv/ceil.hpp"
#include "bitexact/nv/ceilf.hpp"
#include "bitexact/nv/fmod.hpp"
#include "bitexact/nv/fmodf.hpp"
#include "bitexact/truth/truth.hpp"
#include "gap_pairs.hpp"

namespace {

using bitexact::bit_cast;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
namespace ptx = bitexact::nv::ptx;
namespace in = bitexact::inputs;

float F(u32 b) { return bit_cast<float>(b); }
double D(u64 b) { return bit_cast<double>(b); }
u32 B(float x) { return bit_cast<u32>(x); }
u64 B(double x) { return bit_cast<u64>(x); }
bool isnan32(u32 b) { return (b & 0x7fffffffu) > 0x7f800000u; }
bool isnan64(u64 b) { return (b & ~(u64(1) << 63)) > 0x7ff0000000000000ull; }
u32 flush32(u32 b) { return ((b & 0x7f800000u) == 0) ? (b & 0x80000000u) : b; }

// Random binary32 with a spread of exponents, subnormals included, no NaN/inf.
u32 random_finite32(u64 w) {
  const u32 sign = (w >> 63) ? 0x80000000u : 0u;
  const u32 e = u32((w >> 32) % 256);  // 0..255: 255 re-mapped to subnormal
  return sign | ((e == 255 ? 0u : e) << 23) | (u32(w) & 0x7fffffu);
}

// ---- fmodf --------------------------------------------------------------------------------
// Operand pairs: the project's structured pairs (every exponent gap, subnormal
// and tiny divisors, x near k*y, both subnormal, specials, x = y*2^n), uniform
// bit patterns, and pairs straddling the fast/slow path boundary ax = 2^23 ay.
struct pair32 {
  u32 x, y;
};
pair32 pair_f32(u64 i) {
  const u64 w = in::word_at(5, i, 3);
  switch (i % 4) {
    case 0:
    case 1: {
      auto p = in::structured_pair<float>(5, i / 2);
      return {p.x, p.y};
    }
    case 2:
      return {in::uniform32(5, i, 0), in::uniform32(5, i, 1)};
    default: {
      // x = 2^23 * y moved by -3..+3 ulps (y normal or subnormal), random signs.
      const u32 y =
          (w & 1) ? u32(in::uniform32(5, i, 1) & 0x7fffffu) | 1 : random_finite32(in::word_at(5, i, 1)) & 0x7fffffffu;
      const u32 yb = (y & 0x7f800000u) >= 0x6b000000u ? (y & 0x807fffffu) | 0x40000000u : y;
      const float x = ptx::mul_rn_f32<bitexact::nv::mode::ieee>(F(yb), F(0x4b000000u));
      const u32 xb = B(x) + u32(int((w >> 8) % 7) - 3);
      return {xb | ((w & 2) ? 0x80000000u : 0u), yb | ((w & 4) ? 0x80000000u : 0u)};
    }
  }
}

// The expected FTZ result: exact fmod of the flushed operands, flushed.
u32 predict_fmodf_ftz(u32 x, u32 y) {
  const u32 xf = flush32(x), yf = flush32(y);
  const float r = bitexact::truth::fmodf(F(xf), F(yf));
  return isnan32(B(r)) ? ptx::canonical_nan_f32 : flush32(B(r));
}

constexpr u64 pair_count = 1u << 20;

TEST(NvFmodf, IeeeEqualsMpfrOnMillionPairs) {
  std::atomic<u64> bad{0}, nans{0}, fast{0}, slow{0};
  tbb::parallel_for(tbb::blocked_range<u64>(0, pair_count), [&](const auto& r) {
    for (u64 i = r.begin(); i != r.end(); ++i) {
      const pair32 p = pair_f32(i);
      const u32 got = B(bitexact::nv::fmodf(F(p.x), F(p.y)));
      const u32 want = B(bitexact::truth::fmodf(F(p.x), F(p.y)));
      const u32 ax = p.x & 0x7fffffffu, ay = p.y & 0x7fffffffu;
      if (!isnan32(want) && ax >= ay) (F(ax) <= 8388608.0f * F(ay) ? fast : slow)++;
      const bool ok = isnan32(want) ? (++nans, got == ptx::canonical_nan_f32) : got == want;
      if (!ok && bad++ < 10)
        ADD_FAILURE() << std::hex << "fmodf(0x" << p.x << ", 0x" << p.y << ") = 0x" << got << ", MPFR 0x" << want;
    }
  });
  EXPECT_EQ(bad, 0u);
  // The input mix must exercise both algorithms and the NaN rules.
  EXPECT_GT(fast, pair_count / 8);
  EXPECT_GT(slow, pair_count / 8);
  EXPECT_GT(nans, pair_count / 64);
}

TEST(NvFmodf, FtzDiffersOnlyWhereFlushingPredicts) {
  std::atomic<u64> bad{0}, differs{0};
  tbb::parallel_for(tbb::blocked_range<u64>(0, pair_count), [&](const auto& r) {
    for (u64 i = r.begin(); i != r.end(); ++i) {
      const pair32 p = pair_f32(i);
      const u32 got = B(bitexact::nv::fmodf_ftz(F(p.x), F(p.y)));
      const u32 want = predict_fmodf_ftz(p.x, p.y);
      if (got != B(bitexact::nv::fmodf(F(p.x), F(p.y)))) {
        ++differs;
        // A difference between the flavours needs a subnormal operand or result.
        const u32 ieee = B(bitexact::nv::fmodf(F(p.x), F(p.y)));
        const bool sub = (p.x & 0x7f800000u) == 0 || (p.y & 0x7f800000u) == 0 ||
                         ((ieee & 0x7f800000u) == 0 && (ieee & 0x7fffffffu) != 0);
        if (!sub && bad++ < 10)
          ADD_FAILURE() << std::hex << "flavours differ without a subnormal: 0x" << p.x << " 0x" << p.y;
      }
      if (got != want && bad++ < 10)
        ADD_FAILURE() << std::hex << "fmodf_ftz(0x" << p.x << ", 0x" << p.y << ") = 0x" << got << ", predicted 0x"
                      << want;
    }
  });
  EXPECT_EQ(bad, 0u);
  EXPECT_GT(differs, pair_count / 64);  // subnormal cases are in the mix
}

TEST(NvFmodf, CorrectlyRoundedSeedGivesTheSameResults) {
  // libdevice's fmodf refines an rcp.approx.ftz seed and corrects the quotient.
  // The bitcode route that cannot hold the SFU table (BITEXACT_SFU_NO_TABLES,
  // nv/ptx.hpp) seeds it with the correctly rounded 1/x instead of the MUFU.RCP
  // model (tables fitted to the H100, exact on all 2^32 inputs): the results
  // must be the same. (Moving the real seed by a further ulp is not harmless:
  // it changes a few dozen of these pairs, so the seed's exact bits matter.)
  std::atomic<u64> bad{0}, seeds_differ{0};
  tbb::parallel_for(tbb::blocked_range<u64>(0, pair_count / 4), [&](const auto& r) {
    for (u64 i = r.begin(); i != r.end(); ++i) {
      const pair32 p = pair_f32(i);
      namespace ptx = bitexact::nv::ptx;
      if (B(ptx::rcp_approx_f32<bitexact::nv::mode::ftz>(F(p.y))) !=
          B(ptx::rcp_approx_f32<bitexact::nv::mode::ftz>(F(p.y), ptx::rcp_seed_correctly_rounded)))
        ++seeds_differ;
      for (bool ftz : {false, true}) {
        auto kernel = [&](int d) {
          namespace fd = bitexact::nv::fmodf_detail;
          using bitexact::nv::mode;
          return B(ftz ? fd::kernel<mode::ftz>(F(p.x), F(p.y), d) : fd::kernel<mode::ieee>(F(p.x), F(p.y), d));
        };
        if (kernel(0) != kernel(ptx::rcp_seed_correctly_rounded) && bad++ < 10)
          ADD_FAILURE() << std::hex << "the correctly rounded seed changes fmodf(0x" << p.x << ", 0x" << p.y
                        << ") ftz=" << ftz;
      }
    }
  });
  EXPECT_EQ(bad, 0u);
  EXPECT_GT(seeds_differ, 0u);  // the two seeds do differ on some of these divisors
}

// The kernel (__nv_fmodf's PTX, instruction by instruction) and the direct
// remainder nv::fmodf computes where the kernel leaves the exact fmod
// (fmodf_detail::direct, bitexact/remainder.hpp), on every exponent gap of
// finite operands (tests/gap_pairs.hpp), subnormal divisors included, in the
// three builds: nvcc IEEE, nvcc -ftz=true, Triton (FTZ reflect, IEEE ops).
// Expected values: the kernel.
TEST(NvFmodf, DirectRemainderIsTheKernels) {
  namespace fd = bitexact::nv::fmodf_detail;
  using bitexact::nv::mode;
  u64 bad = 0, n = 0;
  auto check = [&](const char* build, u32 want, u32 got, u32 x, u32 y) {
    if (got != want && bad++ < 10)
      ADD_FAILURE() << build << std::hex << " fmodf(0x" << x << ", 0x" << y << "): 0x" << got << ", the kernel 0x"
                    << want;
  };
  n = bitexact::testing::each_gap_pair<float>(true, [&](u32 ax, u32 ay) {
    for (u32 s : {0u, 0x80000000u}) {
      const float x = F(ax | s), y = F(ay | (s ^ 0x80000000u));
      check("ieee", B(fd::kernel<mode::ieee>(x, y)), B(fd::direct<mode::ieee>(x, y)), B(x), B(y));
      check("ftz", B(fd::kernel<mode::ftz>(x, y)), B(fd::direct<mode::ftz>(x, y)), B(x), B(y));
      check("triton", B(fd::kernel<mode::ftz, mode::ieee, true>(x, y)),
            B(fd::direct<mode::ftz, mode::ieee, true>(x, y)), B(x), B(y));
    }
  });
  EXPECT_EQ(bad, 0u) << "of " << n << " pairs, both signs, three builds";
  EXPECT_GT(n, 50000u);
}

TEST(NvFmodf, SpecialValues) {
  using bitexact::nv::fmodf;
  using bitexact::nv::fmodf_ftz;
  const u32 qnan = 0x7fffffffu;  // PTX: canonical f32 NaN
  // IEEE 754: fmod(NaN, y), fmod(x, NaN), fmod(inf, y), fmod(x, 0) are NaN.
  for (u32 nan : {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fc12345u}) {
    EXPECT_EQ(B(fmodf(F(nan), 1.0f)), qnan);
    EXPECT_EQ(B(fmodf(1.0f, F(nan))), qnan);
    EXPECT_EQ(B(fmodf(F(nan), F(nan))), qnan);
    EXPECT_EQ(B(fmodf_ftz(F(nan), 0.0f)), qnan);
  }
  EXPECT_EQ(B(fmodf(INFINITY, 3.0f)), qnan);
  EXPECT_EQ(B(fmodf(-INFINITY, 1e38f)), qnan);   // 2^23 * y overflows: fast path
  EXPECT_EQ(B(fmodf(-INFINITY, 1e-30f)), qnan);  // slow path
  EXPECT_EQ(B(fmodf(5.0f, 0.0f)), qnan);
  EXPECT_EQ(B(fmodf(0.0f, 0.0f)), qnan);
  EXPECT_EQ(B(fmodf(INFINITY, INFINITY)), qnan);
  // IEEE 754: fmod(x, inf) = x for finite x; fmod(+-0, y) = +-0.
  EXPECT_EQ(B(fmodf(-3.5f, INFINITY)), B(-3.5f));
  EXPECT_EQ(B(fmodf(-0.0f, 2.0f)), 0x80000000u);
  // The sign of a zero result is the sign of x.
  EXPECT_EQ(B(fmodf(-6.0f, 3.0f)), 0x80000000u);
  EXPECT_EQ(B(fmodf(6.0f, -3.0f)), 0u);
  EXPECT_EQ(B(fmodf(-0x1p100f, 0x1p-20f)), 0x80000000u);
  // Subnormals (IEEE): exact results; FTZ: flushed inputs.
  EXPECT_EQ(B(fmodf(F(5), F(3))), 2u);
  EXPECT_EQ(B(fmodf(1.0f, F(3))), B(bitexact::truth::fmodf(1.0f, F(3))));  // slow path, y subnormal
  EXPECT_EQ(B(fmodf(F(5), F(3))), B(bitexact::truth::fmodf(F(5), F(3))));
  EXPECT_EQ(B(fmodf_ftz(F(5), 1.0f)), 0u);  // x flushed to +0
  EXPECT_EQ(B(fmodf_ftz(F(0x80000005u), 1.0f)), 0x80000000u);
  EXPECT_EQ(B(fmodf_ftz(1.0f, F(3))), qnan);                    // y flushed to 0
  EXPECT_EQ(B(fmodf_ftz(F(0x00c00000u), F(0x00800000u))), 0u);  // result 2^-127 flushed
  EXPECT_EQ(B(fmodf(F(0x00c00000u), F(0x00800000u))), 0x00400000u);
}

// ---- fmod (binary64) ----------------------------------------------------------------------
struct pair64 {
  u64 x, y;
};
pair64 pair_f64(u64 i) {
  if (i % 3 == 2) return {in::uniform64(9, i, 0), in::uniform64(9, i, 1)};
  auto p = in::structured_pair<double>(9, i);
  return {p.x, p.y};
}

TEST(NvFmod, EqualsMpfr) {
  constexpr u64 n = 1u << 18;
  std::atomic<u64> bad{0};
  tbb::parallel_for(tbb::blocked_range<u64>(0, n), [&](const auto& r) {
    for (u64 i = r.begin(); i != r.end(); ++i) {
      const pair64 p = pair_f64(i);
      const u64 got = B(bitexact::nv::fmod(D(p.x), D(p.y)));
      const u64 want = B(bitexact::truth::fmod(D(p.x), D(p.y)));
      const bool ok = isnan64(want) ? isnan64(got) : got == want;
      if (!ok && bad++ < 10)
        ADD_FAILURE() << std::hex << "fmod(0x" << p.x << ", 0x" << p.y << ") = 0x" << got << ", MPFR 0x" << want;
    }
  });
  EXPECT_EQ(bad, 0u);
}

TEST(NvFmod, SpecialValues) {
  using bitexact::nv::fmod;
  const u64 own_nan = 0xfff8000000000000ull;  // the constant in __nv_fmod (libdevice.10.bc)
  EXPECT_EQ(B(fmod(INFINITY, 2.0)), own_nan);
  EXPECT_EQ(B(fmod(-INFINITY, INFINITY)), own_nan);
  EXPECT_EQ(B(fmod(3.0, 0.0)), own_nan);
  EXPECT_EQ(B(fmod(0.0, -0.0)), own_nan);
  EXPECT_EQ(B(fmod(-3.0, INFINITY)), B(-3.0));
  EXPECT_EQ(B(fmod(-0.0, 5.0)), B(-0.0));
  EXPECT_EQ(B(fmod(-10.0, 5.0)), B(-0.0));
  EXPECT_EQ(B(fmod(10.0, -5.0)), B(0.0));
  EXPECT_TRUE(isnan64(B(fmod(D(0x7ff8000000012345ull), 1.0))));
  EXPECT_TRUE(isnan64(B(fmod(1.0, D(0x7ff0000000000001ull)))));
  EXPECT_TRUE(isnan64(B(fmod(INFINITY, NAN))));
  // Subnormal operands and results (exact).
  EXPECT_EQ(B(fmod(D(7), D(3))), 1u);
  EXPECT_EQ(B(fmod(1.0, D(3))), B(bitexact::truth::fmod(1.0, D(3))));
  EXPECT_EQ(B(fmod(0x1p-1000, D(0x000fffffffffffffull))),
            B(bitexact::truth::fmod(0x1p-1000, D(0x000fffffffffffffull))));
}

TEST(NvFmod, VarityCase) {
  // fmod(1.5917195493481116e+289, 1.5793e-307): exponent gap ~1980, subnormal
  // result; the value is exact, so MPFR gives it; the H100 gave 0x00052bfcbe07f55c
  // (vectors/nv/edge.txt, row "fmod 0x7bfa2211ea65b51f 0x003c6416753295c3").
  const double x = 1.5917195493481116e+289, y = 1.5793e-307;
  EXPECT_EQ(B(x), 0x7bfa2211ea65b51full);
  EXPECT_EQ(B(y), 0x003c6416753295c3ull);
  EXPECT_EQ(B(bitexact::nv::fmod(x, y)), B(bitexact::truth::fmod(x, y)));
  EXPECT_EQ(B(bitexact::truth::fmod(x, y)), 0x00052bfcbe07f55cull);  // MPFR agrees with the H100
  EXPECT_EQ(B(bitexact::nv::fmod(-x, y)), B(bitexact::truth::fmod(-x, y)));
}

// The remainder that __nv_fmod's one-bit-a-step loop leaves (long_division,
// libdevice's code as written) equals the one nv::fmod computes 52 bits a step
// (shifted_mod), on every exponent gap fmod can have (0..2097: 2^1023 over
// 2^-1074) and on the significands at the ends of [2^52, 2^53), where the
// step's quotient estimate is least accurate.
TEST(NvFmod, FastRemainderIsLibdevicesLongDivision) {
  namespace fd = bitexact::nv::fmod_detail;
  constexpr u64 lo = u64(1) << 52, hi = (u64(1) << 53) - 1;
  const u64 edges[] = {lo, lo + 1, lo + 2, lo + 3, hi, hi - 1, hi - 2, (lo + hi) / 2, 0x1921fb54442d18ull};
  u64 bad = 0, n = 0;
  auto check = [&](u64 ma, u64 mb, int k) {
    ++n;
    const u64 want = fd::long_division(ma, mb, k), got = fd::shifted_mod(ma, mb, k);
    if (got != want && bad++ < 10)
      ADD_FAILURE() << std::hex << "(0x" << ma << " 2^" << std::dec << k << ") mod 0x" << std::hex << mb << ": 0x"
                    << got << ", the loop 0x" << want;
  };
  for (int k = 0; k <= 2097; ++k) {
    for (u64 mb : edges)
      for (u64 ma : edges) check(ma, mb, k);
    for (u64 i = 0; i < 64; ++i) {
      const u64 mb = lo | (in::uniform64(11, u64(k) * 64 + i, 0) >> 12);
      check(lo | (in::uniform64(11, u64(k) * 64 + i, 1) >> 12), mb, k);
    }
  }
  EXPECT_EQ(bad, 0u) << "of " << n;
}

// ---- ceilf / ceil --------------------------------------------------------------------------
TEST(NvCeilf, IeeeAndFtzMatchMpfr) {
  for (u64 i = 0; i < (1u << 20); ++i) {
    const u32 x = i % 2 ? in::structured_single<float>(21, i) : in::uniform32(21, i);
    const u32 want = B(bitexact::truth::ceilf(F(x)));
    const u32 want_ftz = B(bitexact::truth::ceilf(F(flush32(x))));
    const u32 got = B(bitexact::nv::ceilf(F(x))), got_ftz = B(bitexact::nv::ceilf_ftz(F(x)));
    if (isnan32(x)) {
      ASSERT_EQ(got, ptx::canonical_nan_f32) << std::hex << x;
      ASSERT_EQ(got_ftz, ptx::canonical_nan_f32) << std::hex << x;
    } else {
      ASSERT_EQ(got, want) << std::hex << x;
      ASSERT_EQ(got_ftz, want_ftz) << std::hex << x;
    }
  }
}

TEST(NvCeilf, Facts) {
  using bitexact::nv::ceilf;
  using bitexact::nv::ceilf_ftz;
  EXPECT_EQ(B(ceilf(F(1))), B(1.0f));  // positive subnormal -> 1
  EXPECT_EQ(B(ceilf_ftz(F(1))), 0u);   // FTZ: flushed to +0 first -> +0
  EXPECT_EQ(B(ceilf(F(0x80000001u))), 0x80000000u);
  EXPECT_EQ(B(ceilf_ftz(F(0x80000001u))), 0x80000000u);
  EXPECT_EQ(B(ceilf(-0.5f)), 0x80000000u);  // (-1, 0) -> -0
  EXPECT_EQ(B(ceilf(0.5f)), B(1.0f));
  EXPECT_EQ(B(ceilf(-1.5f)), B(-1.0f));
  EXPECT_EQ(B(ceilf(8388607.5f)), B(8388608.0f));
  EXPECT_EQ(B(ceilf(INFINITY)), 0x7f800000u);
  EXPECT_EQ(B(ceilf(F(0xffc00001u))), 0x7fffffffu);
  // Varity: ceil(1.5955e-125) evaluated in float: the literal rounds to +0 in binary32.
  EXPECT_EQ(B(ceilf(float(1.5955e-125))), 0u);
  EXPECT_EQ(B(ceilf_ftz(float(1.5955e-125))), 0u);
}

TEST(NvCeil, MatchesMpfr) {
  for (u64 i = 0; i < (1u << 20); ++i) {
    const u64 x = i % 2 ? in::structured_single<double>(23, i) : in::uniform64(23, i);
    const u64 got = B(bitexact::nv::ceil(D(x)));
    if (isnan64(x)) {
      ASSERT_TRUE(isnan64(got)) << std::hex << x;
      continue;
    }
    ASSERT_EQ(got, B(bitexact::truth::ceil(D(x)))) << std::hex << x;
  }
}

TEST(NvCeil, Facts) {
  using bitexact::nv::ceil;
  EXPECT_EQ(B(ceil(1.5955e-125)), B(1.0));  // Varity case: tiny positive -> 1
  EXPECT_EQ(B(ceil(D(1))), B(1.0));
  EXPECT_EQ(B(ceil(D(0x8000000000000001ull))), B(-0.0));
  EXPECT_EQ(B(ceil(-0.25)), B(-0.0));
  EXPECT_EQ(B(ceil(0x1p52 - 0.5)), B(0x1p52));
  EXPECT_EQ(B(ceil(-INFINITY)), B(-(double)INFINITY));
}

// ---- the H100 --------------------------------------------------------------------------
// Every fmodf / fmod / ceilf / ceil row of vectors/nv/edge.txt (columns nv, nv-ftz),
// zero differing bits. (tests/vendor_edge_test.cpp checks all functions the same
// way; this test adds the accounting of the cases that needed a device fact.)
// fmod with BOTH operands NaN: PTX leaves the payload choice open and the
// H100's choice depends on the calling kernel; the committed vectors come from
// kernels that returned the second operand, which the reproduction follows.
TEST(NvDevice, EdgeVectors) {
  const auto path = std::string(BITEXACT_SOURCE_DIR) + "/vectors/nv/edge.txt";
  ASSERT_TRUE(std::filesystem::exists(path)) << path;
  const auto file = bitexact::vectors::load_edges(path);
  ASSERT_EQ(file.columns.size(), 2u);
  ASSERT_EQ(file.columns[0], "nv");
  ASSERT_EQ(file.columns[1], "nv-ftz");
  int rows = 0, both_nan_second = 0, ieee_ftz_differ = 0;
  for (const auto& r : file.rows) {
    u64 ours[2];
    if (r.fn == "fmodf") {
      ours[0] = B(bitexact::nv::fmodf(F(u32(r.args[0])), F(u32(r.args[1]))));
      ours[1] = B(bitexact::nv::fmodf_ftz(F(u32(r.args[0])), F(u32(r.args[1]))));
    } else if (r.fn == "ceilf") {
      ours[0] = B(bitexact::nv::ceilf(F(u32(r.args[0]))));
      ours[1] = B(bitexact::nv::ceilf_ftz(F(u32(r.args[0]))));
    } else if (r.fn == "ceil") {
      ours[0] = ours[1] = B(bitexact::nv::ceil(D(r.args[0])));
    } else if (r.fn == "fmod") {
      ours[0] = ours[1] = B(bitexact::nv::fmod(D(r.args[0]), D(r.args[1])));
      if (isnan64(r.args[0]) && isnan64(r.args[1]) && r.args[0] != r.args[1] &&
          r.outputs[0] == (r.args[1] | 0x0008000000000000ull))
        ++both_nan_second;
    } else {
      continue;
    }
    ++rows;
    ieee_ftz_differ += r.outputs[0] != r.outputs[1];
    for (int c = 0; c < 2; ++c)
      EXPECT_EQ(ours[c], r.outputs[c]) << r.fn << " " << file.columns[c] << std::hex << " x=0x" << r.args[0]
                                       << (r.args.size() > 1 ? " y=0x" : "") << (r.args.size() > 1 ? r.args[1] : 0);
  }
  EXPECT_GT(rows, 3000);
  EXPECT_EQ(both_nan_second, 12);  // every ordered pair of distinct NaN specials
  EXPECT_GT(ieee_ftz_differ, 50);  // the FTZ column really differs (subnormal rows)
}

}  // namespace
