// tests/nv_powf_test.cpp — nv/powf.hpp (libdevice __nv_powf in the builds
// nvcc_ieee, nvcc_ftz and triton3_6) without a GPU:
//  * the special cases of C99 Annex F.9.4.4 (and __nv_powf's documented
//    returns, which are the same list), for all three builds;
//  * NaN results: the IR returns x + y (or a literal 0x7fffffff), and every
//    f32 add returns the canonical NaN 0x7fffffff;
//  * FTZ behaviour on subnormal operands and results, per build, from the IR
//    and PTX (see the header comment of nv/powf.hpp);
//  * the error against MPFR on sampled pairs: at most 4 ulp for the CUDA
//    13.0 builds (CUDA Programming Guide, single-precision functions: powf 4
//    ulp, full range); for Triton's older file, see kTritonBound;
//  * where Triton's build may differ from nv-ftz in kind (zero/inf/NaN/1
//    versus an ordinary number), only where the analysis says.
// No expected value is an output of the implementation under test.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "bitexact/nv/powf.hpp"

namespace {

using u32 = std::uint32_t;
namespace nv = bitexact::nv;

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

using powf_fn = float (*)(float, float);
struct build_case {
  const char* name;
  powf_fn fn;
};
const build_case kBuilds[] = {
    {"nv", [](float x, float y) { return nv::powf(x, y); }},
    {"nv-ftz", [](float x, float y) { return nv::powf_ftz(x, y); }},
    {"triton", [](float x, float y) { return nv::powf_triton(x, y); }},
};

constexpr u32 kNaN = 0x7fffffffu;  // the canonical NaN of every f32 instruction
constexpr u32 kInf = 0x7f800000u;
constexpr u32 kNegInf = 0xff800000u;
constexpr u32 kNegZero = 0x80000000u;
constexpr u32 kOne = 0x3f800000u;

// Values without subnormals: the Annex F rules hold for them in every build.
const u32 kGrid[] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u,
                     0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x3f000000u, 0xbf000000u, 0x40000000u,
                     0xc0000000u, 0x40400000u, 0xc0400000u, 0x3fc00000u, 0xbfc00000u, 0x4b000001u,
                     0xcb000001u, 0x4b800000u, 0xcb800000u, 0x7f7fffffu, 0xff7fffffu, 0x3f7fffffu,
                     0xbf7fffffu, 0x3f800001u, 0xbf800001u, 0x00800000u, 0x80800000u, 0x41200000u,
                     0xc1200000u, 0x3eaaaaabu, 0xc2fe0000u, 0x43180000u};

bool is_nan(u32 u) { return (u & 0x7fffffffu) > kInf; }
bool is_inf(u32 u) { return (u & 0x7fffffffu) == kInf; }
bool is_zero(u32 u) { return (u & 0x7fffffffu) == 0; }
// y an integer / an odd integer (y finite).
bool is_int(float y) { return std::isfinite(y) && std::floor(y) == y; }
bool is_odd(float y) { return is_int(y) && std::fabs(std::fmod(y, 2.0f)) == 1.0f; }

// The C99 Annex F.9.4.4 value of pow(x, y) when one applies (x or y zero, one,
// infinite or NaN, or x < 0 with y not an integer); false otherwise.
bool annex_f(u32 xb, u32 yb, u32& out) {
  const float x = F(xb), y = F(yb);
  if (x == 1.0f || y == 0.0f) return out = kOne, true;            // even for NaN
  if (is_nan(xb) || is_nan(yb)) return out = kNaN, true;          // IR: x + y
  if (is_zero(xb)) {
    const bool neg = (xb >> 31) != 0;
    if (y < 0) return out = (is_odd(y) && neg) ? kNegInf : kInf, true;  // incl. y = -inf
    return out = (is_odd(y) && neg) ? kNegZero : 0u, true;
  }
  if (is_inf(yb)) {
    if (x == -1.0f) return out = kOne, true;
    const bool big = std::fabs(x) > 1.0f;
    return out = ((y > 0) == big) ? kInf : 0u, true;
  }
  if (is_inf(xb)) {
    const bool neg = (xb >> 31) != 0 && is_odd(y);
    return out = (y > 0 ? kInf : 0u) | (neg ? kNegZero : 0u), true;
  }
  if (x < 0 && !is_int(y)) return out = kNaN, true;
  return false;
}

TEST(NvPowf, AnnexFSpecialCasesAllBuilds) {
  for (const auto& b : kBuilds) {
    int checked = 0;
    for (u32 xb : kGrid)
      for (u32 yb : kGrid) {
        u32 want;
        if (!annex_f(xb, yb, want)) continue;
        ++checked;
        EXPECT_EQ(B(b.fn(F(xb), F(yb))), want)
            << b.name << " pow(0x" << std::hex << xb << ", 0x" << yb << ")";
      }
    EXPECT_GT(checked, 550);
  }
}

// Error of r = pow(x, y) in ulps of the exact result (MPFR, 160 bits), the
// ulp being 2^-149 below 2^-126 (binary32's subnormal quantum) and that of
// the exact result's binade elsewhere. inf: r is inf or NaN while the exact
// result is finite and below 2^128 in magnitude.
double ulp_error(float r, float x, float y) {
  mpfr_t mx, my, z, d;
  mpfr_inits2(160, mx, my, z, d, (mpfr_ptr)nullptr);
  mpfr_set_flt(mx, x, MPFR_RNDN);
  mpfr_set_flt(my, y, MPFR_RNDN);
  mpfr_pow(z, mx, my, MPFR_RNDN);
  double err;
  if (!std::isfinite(r)) {
    err = INFINITY;
  } else if (mpfr_zero_p(z)) {
    err = r == 0 ? 0 : INFINITY;
  } else {
    long e = mpfr_get_exp(z);  // |z| in [2^(e-1), 2^e)
    const long q = std::max(e - 24, -149L);
    mpfr_set_flt(d, r, MPFR_RNDN);
    mpfr_sub(d, d, z, MPFR_RNDN);
    mpfr_mul_2si(d, d, -q, MPFR_RNDN);
    err = std::fabs(mpfr_get_d(d, MPFR_RNDN));
  }
  mpfr_clears(mx, my, z, d, (mpfr_ptr)nullptr);
  return err;
}
// log2 of |pow(x, y)| in double (to choose which samples to measure).
double log2_result(float x, float y) { return double(y) * std::log2(std::fabs(double(x))); }

// CUDA Programming Guide (CUDA 13.0), single-precision functions: powf 4 ulp.
constexpr double kNvBound = 4.0;
// Triton 3.6's libdevice is older, and Triton's LLVM contracts two mul/sub and
// mul/add pairs of its __internal_log_ep into fma.rn.f32 (PTX), which drops
// the rounding of u = 2(m-1)/(m+1) that the tail correction assumes: the
// logarithm's error then grows with |y|. Measured on 2^21 sampled pairs (the
// same as on an H100): 18.4 ulp at x = 0x3f32c437, y = 0x43546d9d. No CUDA
// document covers this file's accuracy; the bound is 32 ulp.
constexpr double kTritonBound = 32.0;

// Exact cases that are not special: integer powers of two (log2 and exp2 of
// CUDA 13.0's algorithm are exact there), and signs with an integer y.
TEST(NvPowf, ExactPowersAndSigns) {
  for (const auto& b : kBuilds) {
    const bool exact = b.fn != kBuilds[2].fn;  // Triton's e^(y ln x) need not be exact
    const struct { float x, y, want; } cases[] = {{2.0f, 10.0f, 1024.0f}, {2.0f, -3.0f, 0.125f},
                                                  {-2.0f, 3.0f, -8.0f},   {-2.0f, 2.0f, 4.0f},
                                                  {-1.0f, 5.0f, -1.0f},   {-1.0f, 4.0f, 1.0f},
                                                  {0.5f, -20.0f, 1048576.0f}};
    for (const auto& c : cases) {
      const float r = b.fn(c.x, c.y);
      if (exact)
        EXPECT_EQ(B(r), B(c.want)) << b.name << " pow(" << c.x << ", " << c.y << ")";
      else
        EXPECT_LE(ulp_error(r, c.x, c.y), kTritonBound) << b.name << " pow(" << c.x << ", " << c.y << ")";
      EXPECT_EQ(B(r) >> 31, B(c.want) >> 31) << b.name;
    }
    // Overflow and underflow far out: inf / +0 (with the sign of an odd power).
    EXPECT_EQ(B(b.fn(10.0f, 100.0f)), kInf) << b.name;
    EXPECT_EQ(B(b.fn(-10.0f, 101.0f)), kNegInf) << b.name;
    EXPECT_EQ(B(b.fn(10.0f, -100.0f)), 0u) << b.name;
    EXPECT_EQ(B(b.fn(-10.0f, -101.0f)), kNegZero) << b.name;
  }
}

// ---- subnormal operands and results, per build -------------------------------
// nv (IEEE): a subnormal |x| is scaled by 2^24 (exponent -24) before the
// logarithm; results reach the subnormal range (the first scale factor is
// 2^-123 when n <= 0), exactly for integer powers of two.
TEST(NvPowf, IeeeSubnormals) {
  EXPECT_EQ(B(nv::powf(2.0f, -140.0f)), 0x00000200u);  // 2^-140
  EXPECT_EQ(B(nv::powf(2.0f, -149.0f)), 0x00000001u);  // 2^-149
  EXPECT_EQ(B(nv::powf(0.5f, 149.0f)), 0x00000001u);
  EXPECT_EQ(B(nv::powf(-2.0f, -149.0f)), 0x80000001u);
  EXPECT_EQ(B(nv::powf(2.0f, -150.0f)), 0u);           // 2^-150 ties to even: +0
  EXPECT_EQ(B(nv::powf(F(0x00000001u), 1.0f)), 0x00000001u);
  EXPECT_EQ(B(nv::powf(F(0x00000200u), 0.5f)), 0x1c800000u);  // (2^-140)^(1/2) = 2^-70
  EXPECT_EQ(B(nv::powf(F(0x80000001u), -1.0f)), kNegInf);    // -2^149 overflows
  EXPECT_EQ(B(nv::powf(F(0x00000001u), 0.0f)), kOne);
  // A subnormal y is not zero: pow(2, 2^-149) rounds to 1, pow(0, y) = +0.
  EXPECT_EQ(B(nv::powf(0.0f, F(0x00000001u))), 0u);
  EXPECT_EQ(B(nv::powf(0.0f, F(0x80000001u))), kInf);
  EXPECT_EQ(B(nv::powf(-2.0f, F(0x00000001u))), kNaN);  // negative x, non-integer y
}

// nv-ftz: every operation flushes. A subnormal x is +-0 (the pow(+-0, y)
// rules), a subnormal y is 0 (result 1), results below 2^-126 are +-0.
TEST(NvPowf, FtzSubnormals) {
  EXPECT_EQ(B(nv::powf_ftz(2.0f, -140.0f)), 0u);
  EXPECT_EQ(B(nv::powf_ftz(-2.0f, -141.0f)), kNegZero);
  EXPECT_EQ(B(nv::powf_ftz(2.0f, -126.0f)), 0x00800000u);
  EXPECT_EQ(B(nv::powf_ftz(F(0x00000001u), 1.0f)), 0u);
  EXPECT_EQ(B(nv::powf_ftz(F(0x80000001u), 3.0f)), kNegZero);  // (x + x) of -0, odd y
  EXPECT_EQ(B(nv::powf_ftz(F(0x80000001u), 2.0f)), 0u);
  EXPECT_EQ(B(nv::powf_ftz(F(0x80000001u), -3.0f)), kNegInf);
  EXPECT_EQ(B(nv::powf_ftz(F(0x007fffffu), -0.5f)), kInf);
  EXPECT_EQ(B(nv::powf_ftz(F(0x80000001u), 0.5f)), 0u);  // as pow(-0, 0.5), not NaN
  EXPECT_EQ(B(nv::powf_ftz(0.0f, F(0x80000001u))), kOne);
  EXPECT_EQ(B(nv::powf_ftz(F(0x7fc00000u), F(0x00000001u))), kOne);  // pow(NaN, 0)
  EXPECT_EQ(B(nv::powf_ftz(-2.0f, F(0x00000001u))), kOne);
}

// triton: abs.ftz reads a subnormal x as 0, so the logarithm is that of
// 1 * 2^-127 (the exponent field 0 minus the bias), while the x == 0 test is
// an IEEE compare and does not take it: pow(subnormal, y) = 2^(-127 y) (with
// the "x < 0" rules for a negative subnormal). A subnormal y is not 0 either
// (IEEE compare): e^(y ln x) ~ 1. The final fma.rn.ftz flushes a result below
// 2^-126 to +0, the sign rule then giving -0 for a negative x and odd y.
TEST(NvPowf, TritonSubnormals) {
  const float tiny = F(0x00000001u);
  EXPECT_LE(ulp_error(nv::powf_triton(tiny, 0.5f), 0x1p-127f, 0.5f), kTritonBound);  // ~2^-63.5
  EXPECT_LE(ulp_error(nv::powf_triton(F(0x007fffffu), -0.25f), 0x1p-127f, -0.25f), kTritonBound);
  EXPECT_EQ(B(nv::powf_triton(tiny, 1.0f)), 0u);                 // 2^-127 flushed
  EXPECT_EQ(B(nv::powf_triton(F(0x80000001u), 0.5f)), kNaN);     // x < 0 (IEEE), y not integer
  EXPECT_EQ(B(nv::powf_triton(F(0x80000001u), -3.0f)), kNegInf);  // -(2^-127)^-3 overflows
  EXPECT_EQ(B(nv::powf_triton(2.0f, -140.0f)), 0u);
  EXPECT_EQ(B(nv::powf_triton(-2.0f, -141.0f)), kNegZero);
  EXPECT_EQ(B(nv::powf_triton(0.0f, F(0x00000001u))), 0u);       // y > 0, as for any y > 0
  EXPECT_EQ(B(nv::powf_triton(0.0f, F(0x80000001u))), kInf);
  EXPECT_EQ(B(nv::powf_triton(F(0x7fc00000u), F(0x00000001u))), kNaN);
  EXPECT_EQ(B(nv::powf_triton(-2.0f, F(0x00000001u))), kNaN);
  EXPECT_EQ(B(nv::powf_triton(3.0f, F(0x00000001u))), kOne);     // e^(~2^-149) rounds to 1
  EXPECT_EQ(B(nv::powf_triton(1.0f, F(0x7fc00000u))), kOne);
}

// ---- error against MPFR on sampled pairs -----------------------------------------
// Pairs: x over all positive normal numbers (random bits) with y chosen so that
// log2 of the result is uniform in [-155, 130]; x near 1 with large |y|; x
// negative with integer y; x in [0.5, 2) with |y| < 200. ieee also measures
// subnormal results (and subnormal x); the FTZ builds only results >= 2^-125
// from normal operands.
struct splitmix {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uni() { return double(next() >> 11) * 0x1p-53; }
};

TEST(NvPowf, ErrorAgainstMpfr) {
  splitmix g{0x5eed0f70f3ull};
  const int n = 1000000;
  double worst[3] = {0, 0, 0};
  u32 wx[3] = {}, wy[3] = {};
  long measured[3] = {0, 0, 0}, nv_vs_ftz = 0;
  for (int i = 0; i < n; ++i) {
    u32 xb, yb;
    switch (i % 4) {
      case 0: {
        xb = u32(g.next()) & 0x7fffffffu;
        if (xb >= 0x7f800000u || xb == 0) xb = 0x3fc00000u;
        double la = std::log2(double(F(xb)));
        if (la == 0) la = 1;
        yb = B(float((-155 + 285 * g.uni()) / la));
        break;
      }
      case 1:
        xb = kOne + u32(int(g.next() % 40001) - 20000);
        yb = B(float((g.uni() - 0.5) * 4e6));
        break;
      case 2:
        xb = (u32(g.next()) & 0x7fffffffu) % 0x7f000000u | 0x80000000u;
        yb = B(float(int(g.next() % 61) - 30));
        break;
      default:
        xb = B(float(0.5 + 1.5 * g.uni()));
        yb = B(float((g.uni() - 0.5) * 400));
    }
    const float x = F(xb), y = F(yb);
    const double l2 = log2_result(x, y);
    if (!(l2 < 127.9)) continue;  // overflow: checked by the special tests
    const bool normal_in = (xb & 0x7f800000u) != 0 && (yb & 0x7f800000u) != 0;
    for (int k = 0; k < 3; ++k) {
      if (k > 0 && (!normal_in || l2 < -125)) continue;
      if (l2 < -151) continue;  // rounds to 0 in every build
      const float r = kBuilds[k].fn(x, y);
      const double e = ulp_error(r, x, y);
      ++measured[k];
      if (e > worst[k]) worst[k] = e, wx[k] = xb, wy[k] = yb;
    }
    // Same algorithm, no subnormal on the way: nv and nv-ftz agree.
    if (normal_in && l2 > -125 && B(nv::powf(x, y)) != B(nv::powf_ftz(x, y))) ++nv_vs_ftz;
  }
  for (int k = 0; k < 3; ++k) {
    const double bound = k == 2 ? kTritonBound : kNvBound;
    EXPECT_LE(worst[k], bound) << kBuilds[k].name << " at x=0x" << std::hex << wx[k] << " y=0x" << wy[k];
    EXPECT_GT(measured[k], n / 2) << kBuilds[k].name;
    std::printf("%s: %ld pairs, max error %.3f ulp (x=0x%08x y=0x%08x)\n", kBuilds[k].name, measured[k],
                worst[k], wx[k], wy[k]);
  }
  EXPECT_EQ(nv_vs_ftz, 0);
}

// ---- where Triton's build may differ in kind from nv-ftz ---------------------------
// On the special grid (no subnormals) both follow Annex F (tested above), so
// they agree wherever a rule applies. Elsewhere, with normal operands, a result
// is a zero/inf/NaN in one build and not in the other only next to the
// overflow and underflow thresholds (two algorithms, and Triton's last
// fma.rn.ftz flushing its subnormal intermediate: results just above 2^-126).
TEST(NvPowf, TritonVsFtzKinds) {
  for (u32 xb : kGrid)
    for (u32 yb : kGrid) {
      u32 want;
      if (!annex_f(xb, yb, want)) continue;
      EXPECT_EQ(B(nv::powf_triton(F(xb), F(yb))), B(nv::powf_ftz(F(xb), F(yb))))
          << std::hex << xb << " " << yb;
    }
  splitmix g{0x7217ull};
  for (int i = 0; i < 200000; ++i) {
    u32 xb = u32(g.next());
    if ((xb & 0x7f800000u) == 0 || (xb & 0x7f800000u) == 0x7f800000u) continue;
    const float x = F(xb);
    const float y = (i & 1) ? float(int(g.next() % 41) - 20) : float((g.uni() - 0.5) * 8);
    if (y == 0) continue;
    const u32 t = B(nv::powf_triton(x, y)), f = B(nv::powf_ftz(x, y));
    const auto kind = [](u32 u) { return is_nan(u) ? 3 : is_inf(u) ? 2 : is_zero(u) ? 1 : 0; };
    if (kind(t) == kind(f)) continue;
    const double l2 = log2_result(x, y);
    EXPECT_TRUE(std::fabs(l2 - 128) < 0.01 || std::fabs(l2 + 126) < 0.01)
        << std::hex << xb << " " << B(y) << " triton " << t << " ftz " << f;
  }
}

}  // namespace
