// tests/nv_atan_family_test.cpp — nv/atanf.hpp, nv/asinf.hpp, nv/acosf.hpp,
// nv/atan2f.hpp (libdevice __nv_atanf, __nv_asinf, __nv_acosf, __nv_atan2f in
// the builds nvcc_ieee, nvcc_ftz and triton3_6) and the ptx ops they added
// (div.rn, rcp.rn, max, min), without a GPU:
//  * special values: C99 Annex F (F.10.1.1-4) and the IR's own returns
//    (fcmp/copysign/select paths), for all three builds;
//  * NaN results are 0x7fffffff, the canonical NaN every f32 instruction
//    returns (every NaN path of the IR ends in an fma, add, sub or mul);
//  * FTZ behaviour on subnormal inputs per build, from the IR and PTX (the
//    header comments of the four files);
//  * the error against MPFR on sampled inputs: CUDA Programming Guide (CUDA
//    13.0), single-precision functions: atanf 2 ulp, asinf 2 ulp, acosf 2 ulp,
//    atan2f 3 ulp. Triton's older file has no documented bound: see
//    kTritonBound;
//  * Triton's build against nv-ftz: the same kind of result (sign, zero, inf,
//    NaN) everywhere sampled, since the analysis finds only ordinary-value
//    differences (another algorithm) and identical special paths.
// The ptx ops are checked against MPFR (div.rn, rcp.rn) and against the PTX
// ISA's rules (max/min). No expected value is an output of the code under test.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

#include "bitexact/nv/acosf.hpp"
#include "bitexact/nv/asinf.hpp"
#include "bitexact/nv/atan2f.hpp"
#include "bitexact/nv/atanf.hpp"

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

constexpr u32 kNaN = 0x7fffffffu;
constexpr u32 kInf = 0x7f800000u;
constexpr u32 kSign = 0x80000000u;
// float(pi/2), float(pi), float(pi/4), float(3pi/4): correctly rounded
// (checked below against MPFR), and the IR's constants 0x3FF921FB60000000,
// 0x400921FB60000000, 0x3FE921FB60000000, 0x4002D97C80000000.
constexpr u32 kPio2 = 0x3fc90fdbu;
constexpr u32 kPi = 0x40490fdbu;
constexpr u32 kPio4 = 0x3f490fdbu;
constexpr u32 k3Pio4 = 0x4016cbe4u;

using fn1 = float (*)(float);
using fn2 = float (*)(float, float);
struct build1 {
  const char* name;
  fn1 atan, asin, acos;
};
const build1 kBuilds1[] = {
    {"nv", [](float x) { return nv::atanf<nv::nvcc_ieee>(x); }, [](float x) { return nv::asinf<nv::nvcc_ieee>(x); },
     [](float x) { return nv::acosf<nv::nvcc_ieee>(x); }},
    {"nv-ftz", [](float x) { return nv::atanf<nv::nvcc_ftz>(x); }, [](float x) { return nv::asinf<nv::nvcc_ftz>(x); },
     [](float x) { return nv::acosf<nv::nvcc_ftz>(x); }},
    {"triton", [](float x) { return nv::atanf<nv::triton3_6>(x); },
     [](float x) { return nv::asinf<nv::triton3_6>(x); }, [](float x) { return nv::acosf<nv::triton3_6>(x); }},
};
struct build2 {
  const char* name;
  fn2 atan2;
};
const build2 kBuilds2[] = {
    {"nv", [](float a, float b) { return nv::atan2f<nv::nvcc_ieee>(a, b); }},
    {"nv-ftz", [](float a, float b) { return nv::atan2f<nv::nvcc_ftz>(a, b); }},
    {"triton", [](float a, float b) { return nv::atan2f<nv::triton3_6>(a, b); }},
};

bool is_nan(u32 u) { return (u & 0x7fffffffu) > kInf; }

// ---- MPFR -------------------------------------------------------------------
enum class op { atan, asin, acos, atan2 };
// Error of r in ulps of the exact result (MPFR, 160 bits); the ulp is that of
// the exact value's binade, 2^-149 below 2^-126.
double ulp_error(float r, op o, float x, float y = 0) {
  mpfr_t mx, my, z, d;
  mpfr_inits2(160, mx, my, z, d, (mpfr_ptr)nullptr);
  mpfr_set_flt(mx, x, MPFR_RNDN);
  mpfr_set_flt(my, y, MPFR_RNDN);
  switch (o) {
    case op::atan: mpfr_atan(z, mx, MPFR_RNDN); break;
    case op::asin: mpfr_asin(z, mx, MPFR_RNDN); break;
    case op::acos: mpfr_acos(z, mx, MPFR_RNDN); break;
    case op::atan2: mpfr_atan2(z, mx, my, MPFR_RNDN); break;
  }
  double err;
  if (mpfr_nan_p(z)) {
    err = std::isnan(r) ? 0 : INFINITY;
  } else if (mpfr_zero_p(z)) {
    err = r == 0 ? 0 : INFINITY;
  } else {
    long e = mpfr_get_exp(z);  // |z| in [2^(e-1), 2^e)
    long q = e - 24 < -149 ? -149 : e - 24;
    mpfr_set_flt(d, r, MPFR_RNDN);
    mpfr_sub(d, d, z, MPFR_RNDN);
    mpfr_mul_2si(d, d, -q, MPFR_RNDN);
    err = std::fabs(mpfr_get_d(d, MPFR_RNDN));
  }
  mpfr_clears(mx, my, z, d, (mpfr_ptr)nullptr);
  return err;
}
// The correctly rounded value, for the constants.
float mpfr_const(op o, float x, float y = 0) {
  mpfr_t mx, my, z;
  mpfr_inits2(160, mx, my, z, (mpfr_ptr)nullptr);
  mpfr_set_flt(mx, x, MPFR_RNDN);
  mpfr_set_flt(my, y, MPFR_RNDN);
  switch (o) {
    case op::atan: mpfr_atan(z, mx, MPFR_RNDN); break;
    case op::asin: mpfr_asin(z, mx, MPFR_RNDN); break;
    case op::acos: mpfr_acos(z, mx, MPFR_RNDN); break;
    case op::atan2: mpfr_atan2(z, mx, my, MPFR_RNDN); break;
  }
  const float r = mpfr_get_flt(z, MPFR_RNDN);
  mpfr_clears(mx, my, z, (mpfr_ptr)nullptr);
  return r;
}

// CUDA Programming Guide (CUDA 13.0), "Single-Precision Floating-Point
// Functions": atanf 2, asinf 2, acosf 2, atan2f 3 ulp (full range).
constexpr double kCudaBound1 = 2.0;
constexpr double kCudaBound2 = 3.0;
// Triton 3.6's file is an older libdevice; no CUDA document states its
// accuracy. Its atanf/atan2f kernel is a rational approximation, its
// asinf/acosf use sqrt.approx.ftz (about 1 ulp by itself). A bound of 4 ulp
// (both) is what this test enforces; the measured maxima are printed.
constexpr double kTritonBound = 4.0;

// ---- the constants themselves ---------------------------------------------
TEST(NvAtanFamily, ConstantsAreCorrectlyRounded) {
  EXPECT_EQ(B(mpfr_const(op::asin, 1.0f)), kPio2);
  EXPECT_EQ(B(mpfr_const(op::acos, -1.0f)), kPi);
  EXPECT_EQ(B(mpfr_const(op::atan, 1.0f)), kPio4);
  EXPECT_EQ(B(mpfr_const(op::atan2, 1.0f, -1.0f)), k3Pio4);
}

// ---- special values ---------------------------------------------------------
TEST(NvAtanFamily, AtanfSpecialValues) {
  for (const auto& b : kBuilds1) {
    SCOPED_TRACE(b.name);
    EXPECT_EQ(B(b.atan(0.0f)), 0u);                    // F.10.1.3
    EXPECT_EQ(B(b.atan(-0.0f)), kSign);
    EXPECT_EQ(B(b.atan(F(kInf))), kPio2);              // IR: pi/2 - atan(rcp(inf) = 0)
    EXPECT_EQ(B(b.atan(F(kInf | kSign))), kPio2 | kSign);
    EXPECT_EQ(B(b.atan(F(0x7f7fffffu))), kPio2);       // 1/x flushed or subnormal: pi/2
    EXPECT_EQ(B(b.atan(F(0xff7fffffu))), kPio2 | kSign);
    for (u32 n : {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fffffffu})
      EXPECT_EQ(B(b.atan(F(n))), kNaN) << std::hex << n;
    // Odd in every build: the sign is applied to |x|'s result at the end.
    std::mt19937 rng(7);
    for (int i = 0; i < 20000; ++i) {
      const u32 u = rng() & 0x7fffffffu;
      if (is_nan(u)) continue;
      EXPECT_EQ(B(b.atan(F(u | kSign))), B(b.atan(F(u))) | kSign) << std::hex << u;
    }
  }
}

TEST(NvAtanFamily, AsinfSpecialValues) {
  for (const auto& b : kBuilds1) {
    SCOPED_TRACE(b.name);
    EXPECT_EQ(B(b.asin(0.0f)), 0u);  // F.10.1.2
    EXPECT_EQ(B(b.asin(-0.0f)), kSign);
    EXPECT_EQ(B(b.asin(1.0f)), kPio2);  // IR: s = 0 at a == 1 (CUDA); sqrt(0) = 0 (Triton)
    EXPECT_EQ(B(b.asin(-1.0f)), kPio2 | kSign);
    for (u32 n : {0x3f800001u, 0xbf800001u, 0x40000000u, 0x7f7fffffu, kInf, kInf | kSign, 0x7fc00000u,
                  0xffc00000u, 0x7f800001u})
      EXPECT_EQ(B(b.asin(F(n))), kNaN) << std::hex << n;  // F.10.1.2: |x| > 1 is a domain error
    std::mt19937 rng(8);
    for (int i = 0; i < 20000; ++i) {
      const u32 u = rng() % 0x3f800001u;  // [0, 1]
      EXPECT_EQ(B(b.asin(F(u | kSign))), B(b.asin(F(u))) | kSign) << std::hex << u;
    }
  }
}

TEST(NvAtanFamily, AcosfSpecialValues) {
  for (const auto& b : kBuilds1) {
    SCOPED_TRACE(b.name);
    EXPECT_EQ(B(b.acos(1.0f)), 0u);  // F.10.1.1: acos(1) = +0
    EXPECT_EQ(B(b.acos(-1.0f)), kPi);
    EXPECT_EQ(B(b.acos(0.0f)), kPio2);
    EXPECT_EQ(B(b.acos(-0.0f)), kPio2);
    for (u32 n : {0x3f800001u, 0xbf800001u, 0x40000000u, 0x7f7fffffu, kInf, kInf | kSign, 0x7fc00000u,
                  0xffc00000u, 0x7f800001u})
      EXPECT_EQ(B(b.acos(F(n))), kNaN) << std::hex << n;
  }
}

TEST(NvAtanFamily, Atan2fSpecialValues) {
  const float inf = F(kInf);
  const float finite[] = {1.0f, 2.5f, 1e-30f, 3e38f, F(0x00800000u)};  // normal, > 0
  for (const auto& b : kBuilds2) {
    SCOPED_TRACE(b.name);
    for (float s : {1.0f, -1.0f}) {
      const u32 sg = s < 0 ? kSign : 0u;
      // F.10.1.4, the zero and infinity cases.
      EXPECT_EQ(B(b.atan2(s * 0.0f, 0.0f)), sg);
      EXPECT_EQ(B(b.atan2(s * 0.0f, -0.0f)), kPi | sg);
      EXPECT_EQ(B(b.atan2(s * inf, inf)), kPio4 | sg);
      EXPECT_EQ(B(b.atan2(s * inf, -inf)), k3Pio4 | sg);
      for (float x : finite) {
        EXPECT_EQ(B(b.atan2(s * 0.0f, x)), sg) << x;
        EXPECT_EQ(B(b.atan2(s * 0.0f, -x)), kPi | sg) << x;
        EXPECT_EQ(B(b.atan2(s * x, 0.0f)), kPio2 | sg) << x;
        EXPECT_EQ(B(b.atan2(s * x, -0.0f)), kPio2 | sg) << x;
        EXPECT_EQ(B(b.atan2(s * x, inf)), sg) << x;
        EXPECT_EQ(B(b.atan2(s * x, -inf)), kPi | sg) << x;
        EXPECT_EQ(B(b.atan2(s * inf, x)), kPio2 | sg) << x;
        EXPECT_EQ(B(b.atan2(s * inf, -x)), kPio2 | sg) << x;
        // IR: equal magnitudes are pi/4 or 3pi/4 exactly (CUDA: a select;
        // Triton: q = 1 through its kernel, checked as the same constant).
        EXPECT_EQ(B(b.atan2(s * x, x)), kPio4 | sg) << x;
        EXPECT_EQ(B(b.atan2(s * x, -x)), k3Pio4 | sg) << x;
      }
    }
    // Any NaN operand: C + A, the canonical NaN.
    for (u32 n : {0x7fc00000u, 0xffc00000u, 0x7f800001u})
      for (float o : {0.0f, -0.0f, 1.0f, -1.0f, inf, -inf}) {
        EXPECT_EQ(B(b.atan2(F(n), o)), kNaN);
        EXPECT_EQ(B(b.atan2(o, F(n))), kNaN);
      }
    EXPECT_EQ(B(b.atan2(F(0x7fc00000u), F(0xffc00000u))), kNaN);
  }
}

// ---- subnormal inputs, per build (IR / PTX analysis) --------------------------
TEST(NvAtanFamily, SubnormalInputs) {
  const u32 subs[] = {0x00000001u, 0x00000123u, 0x00400000u, 0x007fffffu};
  for (u32 u : subs) {
    for (u32 sg : {0u, kSign}) {
      const float x = F(u | sg);
      // nv (IEEE): atan(x) = asin(x) = x rounded, for tiny x (MPFR: the
      // correctly rounded value is x itself; the IR path gives fma(~0, x, x)).
      EXPECT_EQ(B(nv::atanf<nv::nvcc_ieee>(x)), u | sg);
      EXPECT_EQ(B(nv::asinf<nv::nvcc_ieee>(x)), u | sg);
      EXPECT_EQ(B(mpfr_const(op::atan, x)), u | sg);
      // nv-ftz and triton: abs.ftz reads x as 0; the result is 0 with x's sign
      // (copysign of the raw x / or of its sign bit).
      EXPECT_EQ(B(nv::atanf<nv::nvcc_ftz>(x)), sg);
      EXPECT_EQ(B(nv::atanf<nv::triton3_6>(x)), sg);
      EXPECT_EQ(B(nv::asinf<nv::nvcc_ftz>(x)), sg);
      EXPECT_EQ(B(nv::asinf<nv::triton3_6>(x)), sg);
      // acos: pi/2 in every build (pi/2 - tiny rounds to float(pi/2); Triton's
      // negative subnormal: pi - pi/2, exact).
      EXPECT_EQ(B(nv::acosf<nv::nvcc_ieee>(x)), kPio2);
      EXPECT_EQ(B(nv::acosf<nv::nvcc_ftz>(x)), kPio2);
      EXPECT_EQ(B(nv::acosf<nv::triton3_6>(x)), kPio2);
      // atan2(subnormal, 1): nv keeps the quotient (div.rn.f32 exact here,
      // then fma(~0, q, q) = q); nv-ftz flushes it (div.rn.ftz); Triton's
      // abs.ftz reads the subnormal numerator as 0: the zero-numerator path.
      EXPECT_EQ(B(nv::atan2f<nv::nvcc_ieee>(x, 1.0f)), u | sg);
      EXPECT_EQ(B(nv::atan2f<nv::nvcc_ftz>(x, 1.0f)), sg);
      EXPECT_EQ(B(nv::atan2f<nv::triton3_6>(x, 1.0f)), sg);
      // atan2(1, subnormal): |a| > |b|: pi/2 - q (q subnormal or 0) rounds to
      // float(pi/2) in every build; with b < 0 (sign bit), pi/2 + q.
      for (const auto& b : kBuilds2) EXPECT_EQ(B(b.atan2(1.0f, x)), kPio2) << b.name;
    }
  }
  // A subnormal quotient of normal operands: nv keeps it, nv-ftz (div.rn.ftz)
  // and Triton (the kernel's fma.rn.ftz on a subnormal q) give +0.
  const float a = F(0x00800000u), bb = 4.0f;  // q = 2^-128
  EXPECT_EQ(B(nv::atan2f<nv::nvcc_ieee>(a, bb)), 0x00200000u);
  EXPECT_EQ(B(nv::atan2f<nv::nvcc_ftz>(a, bb)), 0u);
  EXPECT_EQ(B(nv::atan2f<nv::triton3_6>(a, bb)), 0u);
  EXPECT_EQ(B(nv::atan2f<nv::triton3_6>(-a, bb)), kSign);
}

// ---- error against MPFR ------------------------------------------------------
// Inputs: uniform bit patterns plus uniform values in the interesting range,
// and the points around the branch thresholds.
TEST(NvAtanFamily, ErrorAgainstMpfrOneOperand) {
  const int kSamples = 300000;
  std::mt19937 rng(2024);
  struct fam {
    const char* name;
    op o;
    fn1 build1::*f;
  };
  const fam fams[] = {{"atanf", op::atan, &build1::atan}, {"asinf", op::asin, &build1::asin},
                      {"acosf", op::acos, &build1::acos}};
  for (const auto& fm : fams) {
    for (const auto& b : kBuilds1) {
      const bool ftz = std::strcmp(b.name, "nv") != 0;
      const double bound = std::strcmp(b.name, "triton") == 0 ? kTritonBound : kCudaBound1;
      double worst = 0;
      u32 worst_x = 0;
      auto check = [&](u32 u) {
        const float x = F(u);
        if (is_nan(u)) return;
        if (ftz && (u & 0x7f800000u) == 0) return;  // flushed: see SubnormalInputs
        const double e = ulp_error((b.*fm.f)(x), fm.o, x);
        if (e > worst) worst = e, worst_x = u;
      };
      for (int i = 0; i < kSamples; ++i) {
        u32 u = rng();
        if (fm.o != op::atan && i % 4 != 0) u = (u & kSign) | (u % 0x3f800001u);  // mostly [-1, 1]
        check(u);
      }
      for (u32 t : {0x3f0f5c29u, 0x3f11eb85u, 0x3f800000u, 0x3f7fffffu, 0x3f000000u})
        for (int d = -300; d <= 300; ++d) check(t + d), check((t + d) | kSign);
      std::printf("%s %s: max error %.3f ulp at x = 0x%08x\n", fm.name, b.name, worst, worst_x);
      EXPECT_LE(worst, bound) << fm.name << " " << b.name << " x=0x" << std::hex << worst_x;
    }
  }
}

TEST(NvAtanFamily, ErrorAgainstMpfrAtan2f) {
  const int kSamples = 300000;
  std::mt19937 rng(99);
  for (const auto& b : kBuilds2) {
    const bool ftz = std::strcmp(b.name, "nv") != 0;
    const double bound = std::strcmp(b.name, "triton") == 0 ? kTritonBound : kCudaBound2;
    double worst = 0;
    u32 wa = 0, wb = 0;
    for (int i = 0; i < kSamples; ++i) {
      u32 ua = rng(), ub = rng();
      if (i % 2) ub = (ub & 0x807fffffu) | (((ua >> 23) & 0xffu) + (rng() % 21) - 10) << 23;  // close exponents
      if (is_nan(ua) || is_nan(ub)) continue;
      if (ftz && ((ua & 0x7f800000u) == 0 || (ub & 0x7f800000u) == 0)) continue;
      const float a = F(ua), bb = F(ub);
      if (ftz) {  // a quotient below 2^-126 is flushed to 0 (see SubnormalInputs)
        const double q = std::fabs(double(a) / double(bb));
        if (q < 0x1p-125 && q != 0) continue;
      }
      const double e = ulp_error(b.atan2(a, bb), op::atan2, a, bb);
      if (e > worst) worst = e, wa = ua, wb = ub;
    }
    std::printf("atan2f %s: max error %.3f ulp at (0x%08x, 0x%08x)\n", b.name, worst, wa, wb);
    EXPECT_LE(worst, bound) << b.name;
  }
}

// ---- Triton against nv-ftz: the same kind of result ------------------------------
int kind(u32 u) {  // 0 NaN, 1 zero, 2 inf, 3 finite nonzero; times the sign
  if (is_nan(u)) return 0;
  const int s = (u >> 31) ? -1 : 1;
  if ((u & 0x7fffffffu) == 0) return s * 1;
  if ((u & 0x7fffffffu) == kInf) return s * 2;
  return s * 3;
}
TEST(NvAtanFamily, TritonVsFtzKinds) {
  std::mt19937 rng(5);
  for (int i = 0; i < 200000; ++i) {
    const u32 u = rng(), v = rng();
    const float x = F(u), y = F(v);
    EXPECT_EQ(kind(B(nv::atanf<nv::triton3_6>(x))), kind(B(nv::atanf<nv::nvcc_ftz>(x)))) << std::hex << u;
    EXPECT_EQ(kind(B(nv::asinf<nv::triton3_6>(x))), kind(B(nv::asinf<nv::nvcc_ftz>(x)))) << std::hex << u;
    EXPECT_EQ(kind(B(nv::acosf<nv::triton3_6>(x))), kind(B(nv::acosf<nv::nvcc_ftz>(x)))) << std::hex << u;
    EXPECT_EQ(kind(B(nv::atan2f<nv::triton3_6>(x, y))), kind(B(nv::atan2f<nv::nvcc_ftz>(x, y))))
        << std::hex << u << " " << v;
  }
}

// ---- the new ptx ops ---------------------------------------------------------------
float mpfr_div(float a, float b) {
  mpfr_t ma, mb, z;
  mpfr_inits2(24, z, (mpfr_ptr)nullptr);
  mpfr_inits2(24, ma, mb, (mpfr_ptr)nullptr);
  mpfr_set_flt(ma, a, MPFR_RNDN);
  mpfr_set_flt(mb, b, MPFR_RNDN);
  // Binary32 with subnormals: exponent range of binary32, then subnormalize.
  const auto emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-148);
  mpfr_set_emax(128);
  const int t = mpfr_div(z, ma, mb, MPFR_RNDN);
  mpfr_subnormalize(z, t, MPFR_RNDN);
  const float r = mpfr_get_flt(z, MPFR_RNDN);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  mpfr_clears(ma, mb, z, (mpfr_ptr)nullptr);
  return r;
}
TEST(NvAtanFamily, PtxDivRnAndRcpRn) {
  std::mt19937 rng(11);
  for (int i = 0; i < 400000; ++i) {
    u32 ua = rng(), ub = rng();
    if (i % 3 == 0) ub = (ub & 0x807fffffu) | (((ua >> 23) & 0xffu) ^ (rng() & 0x3u)) << 23;  // near 1
    if (i % 5 == 0) ua = 0x3f800000u;
    const float a = F(ua), b = F(ub);
    if (is_nan(ua) || is_nan(ub)) {
      EXPECT_EQ(B(nv::ptx::div_rn_f32<nv::mode::ieee>(a, b)), kNaN);
      continue;
    }
    const float want = mpfr_div(a, b);
    const u32 got = B(nv::ptx::div_rn_f32<nv::mode::ieee>(a, b));
    if (std::isnan(want))
      EXPECT_EQ(got, kNaN) << std::hex << ua << " " << ub;
    else
      EXPECT_EQ(got, B(want)) << std::hex << ua << " " << ub;
    if (ua == 0x3f800000u) {
      EXPECT_EQ(B(nv::ptx::rcp_rn_f32<nv::mode::ieee>(b)), B(nv::ptx::div_rn_f32<nv::mode::ieee>(a, b)));
    }
    // .ftz: operands flushed, a result below 2^-126 flushed.
    const float fa = (ua & 0x7f800000u) ? a : F(ua & kSign), fb = (ub & 0x7f800000u) ? b : F(ub & kSign);
    float wf = mpfr_div(fa, fb);
    if (!std::isnan(wf) && std::fabs(wf) < 0x1p-126f) wf = F(B(wf) & kSign);
    const u32 gf = B(nv::ptx::div_rn_f32<nv::mode::ftz>(a, b));
    if (std::isnan(wf))
      EXPECT_EQ(gf, kNaN) << std::hex << ua << " " << ub;
    else
      EXPECT_EQ(gf, B(wf)) << std::hex << ua << " " << ub;
  }
  // Specials (IEEE 754): x/0 = inf with the xor sign, 0/0 and inf/inf NaN.
  EXPECT_EQ(B(nv::ptx::rcp_rn_f32<nv::mode::ieee>(-0.0f)), kInf | kSign);
  EXPECT_EQ(B(nv::ptx::rcp_rn_f32<nv::mode::ieee>(F(kInf))), 0u);
  EXPECT_EQ(B(nv::ptx::rcp_rn_f32<nv::mode::ftz>(F(0x00000001u))), kInf);  // flushed operand
  EXPECT_EQ(B(nv::ptx::rcp_rn_f32<nv::mode::ieee>(F(0x7f7fffffu))), 0x00200000u);  // 2^-128 subnormal
  EXPECT_EQ(B(nv::ptx::rcp_rn_f32<nv::mode::ftz>(F(0x7f7fffffu))), 0u);
  EXPECT_EQ(B(nv::ptx::div_rn_f32<nv::mode::ieee>(0.0f, -0.0f)), kNaN);
  EXPECT_EQ(B(nv::ptx::div_rn_f32<nv::mode::ieee>(F(kInf), F(kInf))), kNaN);
}
TEST(NvAtanFamily, PtxMaxMin) {
  using nv::mode;
  const float nan = F(0x7fc00000u);
  EXPECT_EQ(B(nv::ptx::max_f32<mode::ieee>(1.0f, 2.0f)), B(2.0f));
  EXPECT_EQ(B(nv::ptx::min_f32<mode::ieee>(1.0f, 2.0f)), B(1.0f));
  EXPECT_EQ(B(nv::ptx::max_f32<mode::ieee>(-1.0f, -2.0f)), B(-1.0f));
  // PTX ISA: a NaN operand is ignored; both NaN: the canonical NaN.
  EXPECT_EQ(B(nv::ptx::max_f32<mode::ieee>(nan, 3.0f)), B(3.0f));
  EXPECT_EQ(B(nv::ptx::min_f32<mode::ieee>(3.0f, nan)), B(3.0f));
  EXPECT_EQ(B(nv::ptx::max_f32<mode::ieee>(nan, nan)), kNaN);
  // .ftz flushes a subnormal operand.
  EXPECT_EQ(B(nv::ptx::max_f32<mode::ftz>(F(0x00000005u), 0.0f)), 0u);
  EXPECT_EQ(B(nv::ptx::max_f32<mode::ieee>(F(0x00000005u), 0.0f)), 0x00000005u);
}

}  // namespace
