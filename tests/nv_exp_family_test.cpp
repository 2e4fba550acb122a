// Tests of the libdevice reproductions nv/exp10f.hpp, nv/log10f.hpp,
// nv/expm1f.hpp, nv/log1pf.hpp, nv/sinhf.hpp, nv/coshf.hpp in their three
// builds (nv/build.hpp: nvcc_ieee "nv", nvcc_ftz "nv-ftz", triton3_6 "triton").
//
// Where the expected values come from (never from the reproductions):
//  * The IR (libdevice.10.bc of CUDA 13.0 and of Triton 3.6, the same for
//    exp10f, log10f, expm1f, log1pf): the special cases each function's IR
//    writes out (x == 0 ? x + x, j < -25 ? -1, bits(x) >= inf ?
//    fma(x, inf, inf), ...) and what a .ftz compare makes of a subnormal.
//  * MPFR: the correctly rounded value; each build must stay within the
//    maximum ulp error the CUDA Programming Guide documents for the function
//    (math functions appendix: exp10f 2, log10f 2, expm1f 1, log1pf 1, sinhf 3,
//    coshf 2), FTZ builds on inputs and results that are not subnormal.
//  * The analysis in each header of where Triton's build (IEEE plain ops,
//    .ftz reflect) must give other bits than nv-ftz: checked on every
//    subnormal input and on sampled normal ones.
// The GPU itself decides the rest: the lead's exhaustive comparison.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <string>

#include "bitexact/inputs.hpp"
#include "bitexact/nv/coshf.hpp"
#include "bitexact/nv/exp10f.hpp"
#include "bitexact/nv/expm1f.hpp"
#include "bitexact/nv/log10f.hpp"
#include "bitexact/nv/log1pf.hpp"
#include "bitexact/nv/sinhf.hpp"

namespace {

using bitexact::bit_cast;
namespace nv = bitexact::nv;
using u32 = std::uint32_t;

float F(u32 b) { return bit_cast<float>(b); }
u32 B(float f) { return bit_cast<u32>(f); }
bool is_subnormal(u32 b) { return (b & 0x7f800000u) == 0 && (b & 0x7fffffu) != 0; }
bool is_nan(u32 b) { return (b & 0x7fffffffu) > 0x7f800000u; }

constexpr u32 kNaN = 0x7fffffffu;  // every f32 NaN result on the GPU (PTX ISA)
constexpr u32 kInf = 0x7f800000u, kNegInf = 0xff800000u, kOne = 0x3f800000u, kMinusOne = 0xbf800000u;
constexpr u32 kPosZero = 0u, kNegZero = 0x80000000u;

enum class fn { exp10, log10, expm1, log1p, sinh, cosh };

struct builds {
  u32 ieee, ftz, triton;
};
builds eval(fn f, float x) {
  switch (f) {
    case fn::exp10: return {B(nv::exp10f(x)), B(nv::exp10f_ftz(x)), B(nv::exp10f_triton(x))};
    case fn::log10: return {B(nv::log10f(x)), B(nv::log10f_ftz(x)), B(nv::log10f_triton(x))};
    case fn::expm1: return {B(nv::expm1f(x)), B(nv::expm1f_ftz(x)), B(nv::expm1f_triton(x))};
    case fn::log1p: return {B(nv::log1pf(x)), B(nv::log1pf_ftz(x)), B(nv::log1pf_triton(x))};
    case fn::sinh: return {B(nv::sinhf(x)), B(nv::sinhf_ftz(x)), B(nv::sinhf_triton(x))};
    case fn::cosh: return {B(nv::coshf(x)), B(nv::coshf_ftz(x)), B(nv::coshf_triton(x))};
  }
  return {};
}
const char* name(fn f) {
  static const char* n[] = {"exp10f", "log10f", "expm1f", "log1pf", "sinhf", "coshf"};
  return n[int(f)];
}
// CUDA Programming Guide, "Mathematical Functions", single precision.
// libdevice itself exceeds two documented bounds slightly (the H200 returned
// these bits for `nvcc -ftz=false` and `-ftz=true`, 2026-11-28; the
// reproductions equalled the H200 on all 2^32 inputs in all three builds):
//  * log10f(0x3fe0c267 = 1.7559...) = 0x3e7a6047, 2.021 ulp from MPFR's log10;
//  * expm1f(0x3e52a162 = 0.2057...) = 0x3e69dba5, 1.207 ulp from MPFR's expm1.
// The bounds checked for those two are 2.03 and 1.21. The exhaustive sweeps
// (conformance/reports/*-nv, docs/sweep.md) found more beyond the guide, on
// inputs this sample does not meet: exp10f 2.069, log10f 2.085, expm1f 1.445,
// coshf 2.332 ulp.
double documented_ulps(fn f) {
  switch (f) {
    case fn::exp10: return 2;
    case fn::log10: return 2.03;
    case fn::expm1: return 1.21;
    case fn::log1p: return 1;
    case fn::sinh: return 3;
    case fn::cosh: return 2;
  }
  return 0;
}

// ---- MPFR ---------------------------------------------------------------------------
struct mp {
  mpfr_t x, y;
  mp() { mpfr_inits2(200, x, y, (mpfr_ptr)nullptr); }
  ~mp() { mpfr_clears(x, y, (mpfr_ptr)nullptr); }
  // The exact function value at x (200 bits), as a long double with the
  // binary exponent kept apart: returns false for NaN.
  void compute(fn f, float xf) {
    mpfr_set_flt(x, xf, MPFR_RNDN);
    switch (f) {
      case fn::exp10: mpfr_exp10(y, x, MPFR_RNDN); break;
      case fn::log10: mpfr_log10(y, x, MPFR_RNDN); break;
      case fn::expm1: mpfr_expm1(y, x, MPFR_RNDN); break;
      case fn::log1p: mpfr_log1p(y, x, MPFR_RNDN); break;
      case fn::sinh: mpfr_sinh(y, x, MPFR_RNDN); break;
      case fn::cosh: mpfr_cosh(y, x, MPFR_RNDN); break;
    }
  }
  // |got - y| in ulps of binary32 at y (subnormal ulp 2^-149 below 2^-126);
  // +-inf counts as +-2^128, the next power of two past FLT_MAX (exact when
  // |y| >= 2^128).
  double ulp_error(u32 got) {
    // An infinity of the right sign is exact for a |y| beyond 2^128 (MPFR's
    // own overflow included).
    if (mpfr_inf_p(y)) return (got & 0x7fffffffu) == kInf && (mpfr_sgn(y) < 0) == ((got >> 31) != 0) ? 0 : INFINITY;
    if ((got & 0x7fffffffu) == kInf && mpfr_get_exp(y) > 128 && (mpfr_sgn(y) < 0) == ((got >> 31) != 0)) return 0;
    mpfr_t g, d;
    mpfr_inits2(200, g, d, (mpfr_ptr)nullptr);
    if ((got & 0x7fffffffu) == kInf)
      mpfr_set_si_2exp(g, (got >> 31) ? -1 : 1, 128, MPFR_RNDN);
    else
      mpfr_set_flt(g, F(got), MPFR_RNDN);
    mpfr_sub(d, g, y, MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    long e = mpfr_zero_p(y) ? -1000 : mpfr_get_exp(y) - 1;  // y in [2^e, 2^(e+1))
    if (e < -126) e = -126;
    if (e > 127) e = 127;
    mpfr_mul_2si(d, d, -(e - 23), MPFR_RNDN);
    const double r = mpfr_get_d(d, MPFR_RNDU);
    mpfr_clears(g, d, (mpfr_ptr)nullptr);
    return r;
  }
  // The binary32 rounding of y (for "is the true result subnormal?").
  u32 rounded() { return B(mpfr_get_flt(y, MPFR_RNDN)); }  // subnormals rounded as such
};

// Inputs: uniform bit patterns, plus |x| uniform over the bit patterns of the
// range where the function is neither saturated nor trivially 1 / x.
u32 sample_input(fn f, std::uint64_t i) {
  const u32 r = bitexact::inputs::uniform32(0x34e1f + u32(f), i, 0);
  const u32 s = bitexact::inputs::uniform32(0x34e1f + u32(f), i, 1);
  if (i % 2 == 0) return r;
  u32 lo = 0x00800000u, hi = 0x42c80000u;  // [2^-126, 100)
  if (f == fn::exp10) lo = 0x32000000u, hi = 0x42400000u;  // [2^-27, 48)
  return (lo + s % (hi - lo)) | (r & 0x80000000u);
}

class ExpFamily : public ::testing::TestWithParam<fn> {};

// ---- special values, from the IR ------------------------------------------------------
TEST(NvExpFamily, SpecialValuesFromTheIR) {
  const u32 nans[] = {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xffbfffffu};
  for (fn f : {fn::exp10, fn::log10, fn::expm1, fn::log1p, fn::sinh, fn::cosh})
    for (u32 n : nans) {
      const builds r = eval(f, F(n));
      EXPECT_EQ(r.ieee, kNaN) << name(f);
      EXPECT_EQ(r.ftz, kNaN) << name(f);
      EXPECT_EQ(r.triton, kNaN) << name(f);
    }
  struct row {
    fn f;
    u32 x, want;
    const char* why;
  };
  const row rows[] = {
      // exp10f: ex2.approx(+-inf) = +inf / +0 times 2^n; exp10(0) = 2^0 ex2(0).
      {fn::exp10, kInf, kInf, "ex2(+inf)"},
      {fn::exp10, kNegInf, kPosZero, "ex2(-inf) = 0"},
      {fn::exp10, kPosZero, kOne, "1"},
      {fn::exp10, kNegZero, kOne, "1"},
      {fn::exp10, 0x42200000u, kInf, "x = 40: past FLT_MAX"},
      // log10f: x == 0 -> -inf; bits >= inf -> fma(x, inf, inf); log(1) = 0.
      {fn::log10, kPosZero, kNegInf, "x == 0"},
      {fn::log10, kNegZero, kNegInf, "x == 0"},
      {fn::log10, kInf, kInf, "fma(inf, inf, inf)"},
      {fn::log10, kNegInf, kNaN, "fma(-inf, inf, inf)"},
      {fn::log10, kMinusOne, kNaN, "fma(-1, inf, inf)"},
      {fn::log10, kOne, kPosZero, "f = 0, e = 0"},
      // expm1f: x == 0 -> x + x; j > 128 -> inf; j < -25 -> -1.
      {fn::expm1, kPosZero, kPosZero, "x + x"},
      {fn::expm1, kNegZero, kNegZero, "x + x"},
      {fn::expm1, kInf, kInf, "j > 128"},
      {fn::expm1, kNegInf, kMinusOne, "j < -25"},
      {fn::expm1, 0x42c80000u, kInf, "x = 100: j > 128"},
      {fn::expm1, 0xc1a00000u, kMinusOne, "x = -20: j = -29 < -25"},
      // log1pf: x == -0 -> -0; x < -1, -inf -> NaN; +inf -> +inf; x = -1 -> -inf.
      {fn::log1p, kPosZero, kPosZero, "polynomial of 0"},
      {fn::log1p, kNegZero, kNegZero, "x == 0 inside bits >= inf"},
      {fn::log1p, kInf, kInf, "fma(inf, inf, inf)"},
      {fn::log1p, kNegInf, kNaN, "fma(-inf, inf, inf)"},
      {fn::log1p, 0xbf800001u, kNaN, "x < -1"},
      {fn::log1p, 0xc0000000u, kNaN, "x = -2"},
      {fn::log1p, kMinusOne, kNegInf, "log(0)"},
      // sinhf / coshf.
      {fn::sinh, kPosZero, kPosZero, "fma(0, 0, 0)"},
      {fn::sinh, kNegZero, kNegZero, "fma(+0 * -0, -0, -0)"},
      {fn::sinh, kInf, kInf, "2 * inf"},
      {fn::sinh, kNegInf, kNegInf, "sign of x"},
      {fn::sinh, 0x42b40000u, kInf, "x = 90"},
      {fn::sinh, 0xc2b40000u, kNegInf, "x = -90"},
      {fn::cosh, kPosZero, kOne, "cosh 0"},
      {fn::cosh, kNegZero, kOne, "cosh 0"},
      {fn::cosh, kInf, kInf, "2 * inf"},
      {fn::cosh, kNegInf, kInf, "|x|"},
      {fn::cosh, 0x42b40000u, kInf, "x = 90"},
  };
  for (const row& w : rows) {
    const builds r = eval(w.f, F(w.x));
    EXPECT_EQ(r.ieee, w.want) << name(w.f) << " nv x=" << std::hex << w.x << " " << w.why;
    EXPECT_EQ(r.ftz, w.want) << name(w.f) << " nv-ftz x=" << std::hex << w.x << " " << w.why;
    EXPECT_EQ(r.triton, w.want) << name(w.f) << " triton x=" << std::hex << w.x << " " << w.why;
  }
}

// ---- every subnormal input, per build ---------------------------------------------------
// What each build's IR does with a subnormal x (see each header):
//  nv: IEEE, the function of x; nv-ftz: x is flushed (or compares equal to 0);
//  triton: IEEE plain compares and products, .ftz fmas.
TEST(NvExpFamily, SubnormalInputsPerBuild) {
  mp m;
  for (u32 s : {0u, 0x80000000u})
    for (u32 mant = 1; mant < 0x800000u; mant += (mant < 4096 ? 1 : 97)) {
      const u32 xb = s | mant;
      const float x = F(xb);
      const u32 signed_zero = s;  // +-0 with x's sign
      // exp10f, coshf: 1 in every build (and the correctly rounded result).
      for (fn f : {fn::exp10, fn::cosh}) {
        const builds r = eval(f, x);
        ASSERT_EQ(r.ieee, kOne) << name(f) << std::hex << xb;
        ASSERT_EQ(r.ftz, kOne) << name(f) << std::hex << xb;
        ASSERT_EQ(r.triton, kOne) << name(f) << std::hex << xb;
      }
      // log10f: nv-ftz -inf (the .ftz compare and multiply see 0); nv and
      // triton scale x by 2^23: log10 within 2 ulp, or NaN for x < 0.
      {
        const builds r = eval(fn::log10, x);
        ASSERT_EQ(r.ftz, kNegInf) << std::hex << xb;
        ASSERT_EQ(r.triton, r.ieee) << std::hex << xb;
        if (s) {
          ASSERT_EQ(r.ieee, kNaN) << std::hex << xb;
        } else {
          m.compute(fn::log10, x);
          ASSERT_LE(m.ulp_error(r.ieee), 2.0) << std::hex << xb;
        }
      }
      // expm1f, log1pf, sinhf: nv gives x (the correctly rounded value for a
      // subnormal); nv-ftz +-0 with x's sign (x == 0 ? x + x / -0; sinhf's
      // fma(0, -0, -0)); triton +0 for expm1f and log1pf (x == 0 is false in
      // IEEE, the .ftz fmas make +0), +-0 for sinhf (its last fma adds the
      // flushed x to a +0 product).
      for (fn f : {fn::expm1, fn::log1p, fn::sinh}) {
        const builds r = eval(f, x);
        ASSERT_EQ(r.ieee, xb) << name(f) << std::hex << xb;
        ASSERT_EQ(r.ftz, signed_zero) << name(f) << std::hex << xb;
        ASSERT_EQ(r.triton, f == fn::sinh ? signed_zero : kPosZero) << name(f) << std::hex << xb;
      }
    }
}

// ---- error against MPFR, within CUDA's documented bound ---------------------------------
TEST_P(ExpFamily, WithinDocumentedUlpsOfMpfr) {
  const fn f = GetParam();
  const double bound = documented_ulps(f);
  mp m;
  double worst[3] = {0, 0, 0};
  u32 worst_x[3] = {0, 0, 0};
  const std::uint64_t n = 1u << 20;
  for (std::uint64_t i = 0; i < n; ++i) {
    const u32 xb = sample_input(f, i);
    const float x = F(xb);
    const builds r = eval(f, x);
    m.compute(f, x);
    if (mpfr_nan_p(m.y)) {
      ASSERT_EQ(r.ieee, kNaN) << name(f) << std::hex << xb;
      // (nv-ftz: log10f of a negative subnormal is log10(-0) = -inf.)
      if (!is_subnormal(xb)) {
        ASSERT_EQ(r.ftz, kNaN) << name(f) << std::hex << xb;
      }
      ASSERT_EQ(r.triton, kNaN) << name(f) << std::hex << xb;
      continue;
    }
    const bool tiny_in = is_subnormal(xb);
    const bool tiny_out = is_subnormal(m.rounded()) || (m.rounded() & 0x7fffffffu) == 0;
    const u32 got[3] = {r.ieee, r.ftz, r.triton};
    for (int k = 0; k < 3; ++k) {
      // FTZ flushes: nv-ftz on subnormal inputs and results; Triton's .ftz
      // fmas on subnormal inputs (its plain ops are IEEE, so its subnormal
      // results are kept: exp10f).
      if (k == 1 && (tiny_in || tiny_out)) continue;
      if (k == 2 && tiny_in) continue;
      ASSERT_FALSE(is_nan(got[k])) << name(f) << " build " << k << " x=" << std::hex << xb;
      const double e = m.ulp_error(got[k]);
      if (e > worst[k]) worst[k] = e, worst_x[k] = xb;
    }
  }
  for (int k = 0; k < 3; ++k)
    EXPECT_LE(worst[k], bound) << name(f) << " build " << k << " worst at x=" << std::hex << worst_x[k];
  std::printf("%s: max error %.3f / %.3f / %.3f ulp (nv / nv-ftz / triton), documented %.0f\n", name(f), worst[0],
              worst[1], worst[2], bound);
}

// ---- triton against nv-ftz --------------------------------------------------------------
// From each header's analysis: with the same IR and the same .ftz reflect,
// Triton's IEEE plain ops change the bits only
//  * exp10f: where the final `mul.f32` keeps a subnormal result that nv-ftz
//    flushes (there triton equals nv, whose reflect choices matter only for
//    subnormal x);
//  * log10f: on subnormal x (scaled in IEEE; see SubnormalInputsPerBuild);
//  * expm1f, log1pf: on negative subnormal x (+0 against -0);
//  * sinhf, coshf: nowhere.
TEST_P(ExpFamily, TritonDiffersFromNvFtzOnlyWhereTheAnalysisSays) {
  const fn f = GetParam();
  const std::uint64_t n = 1u << 21;
  std::uint64_t differ = 0;
  for (std::uint64_t i = 0; i < n + 4096; ++i) {
    u32 xb = sample_input(f, i);
    if (i >= n) xb = (xb & 0x807fffffu);  // subnormal inputs too
    const builds r = eval(f, F(xb));
    const bool sub = is_subnormal(xb);
    const bool neg = (xb >> 31) != 0;
    bool may_differ = false;
    switch (f) {
      case fn::exp10: may_differ = is_subnormal(r.ieee); break;
      case fn::log10: may_differ = sub; break;
      case fn::expm1:
      case fn::log1p: may_differ = sub && neg; break;
      case fn::sinh:
      case fn::cosh: may_differ = false; break;
    }
    if (!may_differ) {
      ASSERT_EQ(r.triton, r.ftz) << name(f) << " x=" << std::hex << xb;
    } else {
      differ += r.triton != r.ftz;
      if (f == fn::exp10) {
        ASSERT_EQ(r.triton, r.ieee) << name(f) << " x=" << std::hex << xb;
        ASSERT_EQ(r.ftz & 0x7fffffffu, 0u) << name(f) << " x=" << std::hex << xb;
      }
    }
  }
  if (f != fn::sinh && f != fn::cosh) {
    EXPECT_GT(differ, 0u) << name(f);
  }
}

// exp10f's subnormal results (x in about [-44.85, -37.93]), densely: nv and
// triton keep them (IEEE final multiply), nv-ftz flushes them to +0.
TEST(NvExpFamily, Exp10fSubnormalResults) {
  mp m;
  int subnormal_results = 0;
  for (u32 xb = 0xc2180000u; xb <= 0xc2340000u; xb += 37) {  // [-38, -45]
    const builds r = eval(fn::exp10, F(xb));
    m.compute(fn::exp10, F(xb));
    if (!is_subnormal(r.ieee)) continue;
    ++subnormal_results;
    EXPECT_EQ(r.ftz, kPosZero) << std::hex << xb;
    EXPECT_EQ(r.triton, r.ieee) << std::hex << xb;
    EXPECT_LE(m.ulp_error(r.ieee), 2.0) << std::hex << xb;
  }
  EXPECT_GT(subnormal_results, 1000);
}

INSTANTIATE_TEST_SUITE_P(NvExpFamily, ExpFamily,
                         ::testing::Values(fn::exp10, fn::log10, fn::expm1, fn::log1p, fn::sinh, fn::cosh),
                         [](const ::testing::TestParamInfo<fn>& p) { return std::string(name(p.param)); });

}  // namespace
