// tests/nv_erfinv_cbrt_test.cpp — libdevice erfinvf, normcdff and cbrtf
// (nv/erfinvf.hpp, nv/normcdff.hpp, nv/cbrtf.hpp) for the three builds of
// nv/build.hpp, checked without a GPU:
//  * special values and the FTZ behaviour on subnormals, as the IR and the
//    PTX of each build give them (the header comments derive each one);
//  * the error against MPFR within CUDA's documented bounds (CUDA C++
//    Programming Guide, "Mathematical Functions", single precision:
//    erfinvf 2 ulp, normcdff 5 ulp, cbrtf 1 ulp) on sampled inputs (the
//    exhaustive sweeps found libdevice beyond two of them: erfinvf 2.491,
//    normcdff 5.021 ulp; conformance/reports/*-nv);
//    MPFR has no erfinv: its truth is the root T of erf(T) = x, by Newton's
//    method on mpfr_erf at 200 bits, and the result y is also checked to
//    bracket x (erf of the neighbours of y on either side of x);
//  * triton3_6 against nvcc_ftz: equal except where each header says.
// The bit-exactness itself is checked on the GPU (device programs).
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstdio>

#include "bitexact/nv/cbrtf.hpp"
#include "bitexact/nv/erfinvf.hpp"
#include "bitexact/nv/normcdff.hpp"

namespace {

using namespace bitexact::nv;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

float F(u32 b) { return ptx::f32_from(b); }
u32 B(float f) { return ptx::bits_of(f); }
bool subnormal32(u32 b) { return (b & 0x7f800000u) == 0 && (b & 0x7fffffu) != 0; }

u64 splitmix(u64 i) {
  u64 z = i * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// |y - T| in binary32 ulps of T (2^-149 below 2^-126). y finite.
double ulp_error(float y, const mpfr_t T) {
  mpfr_t d;
  mpfr_init2(d, 200);
  mpfr_set_flt(d, y, MPFR_RNDN);
  mpfr_sub(d, d, T, MPFR_RNDN);
  mpfr_abs(d, d, MPFR_RNDN);
  long e = mpfr_zero_p(T) ? -1000 : mpfr_get_exp(T);  // T = m 2^e, m in [0.5, 1)
  const long q = e - 1 >= -126 ? e - 24 : -149;
  mpfr_mul_2si(d, d, -q, MPFR_RNDN);
  const double r = mpfr_get_d(d, MPFR_RNDN);
  mpfr_clear(d);
  return r;
}

// ---- erfinvf --------------------------------------------------------------------
// T with erf(T) = x, |x| < 1, by Newton from y0 (a float close to it).
void erfinv_truth(mpfr_t T, float x, float y0) {
  mpfr_t X, E, D;
  mpfr_inits2(200, X, E, D, (mpfr_ptr)0);
  mpfr_set_flt(X, x, MPFR_RNDN);
  mpfr_set_flt(T, std::isfinite(y0) ? y0 : 0.0f, MPFR_RNDN);
  for (int k = 0; k < 60; ++k) {
    mpfr_erf(E, T, MPFR_RNDN);
    mpfr_sub(E, E, X, MPFR_RNDN);  // erf(T) - x
    mpfr_sqr(D, T, MPFR_RNDN);
    mpfr_exp(D, D, MPFR_RNDN);      // exp(T^2)
    mpfr_mul(E, E, D, MPFR_RNDN);
    mpfr_const_pi(D, MPFR_RNDN);
    mpfr_sqrt(D, D, MPFR_RNDN);
    mpfr_mul(E, E, D, MPFR_RNDN);
    mpfr_div_2ui(E, E, 1, MPFR_RNDN);  // (erf(T) - x) sqrt(pi)/2 exp(T^2)
    mpfr_sub(T, T, E, MPFR_RNDN);
    if (mpfr_zero_p(E) || (!mpfr_zero_p(T) && mpfr_get_exp(E) < mpfr_get_exp(T) - 180)) break;
  }
  mpfr_clears(X, E, D, (mpfr_ptr)0);
}

// erf(v) compared with x: -1, 0, +1.
int erf_cmp(float v, float x) {
  mpfr_t V, X;
  mpfr_inits2(200, V, X, (mpfr_ptr)0);
  mpfr_set_flt(V, v, MPFR_RNDN);
  mpfr_erf(V, V, MPFR_RNDN);
  mpfr_set_flt(X, x, MPFR_RNDN);
  const int c = mpfr_cmp(V, X);
  mpfr_clears(V, X, (mpfr_ptr)0);
  return c;
}

float next_up(float y) {  // toward +inf, finite y
  u32 b = B(y);
  if (b == 0x80000000u) return F(1);
  return F((b & 0x80000000u) ? b - 1 : b + 1);
}
float next_down(float y) { return F(B(next_up(F(B(y) ^ 0x80000000u))) ^ 0x80000000u); }

template <build Bd>
double erfinv_max_error(u32 x, double bound) {
  const float y = erfinvf<Bd>(F(x));
  mpfr_t T;
  mpfr_init2(T, 200);
  erfinv_truth(T, F(x), y);
  const double err = ulp_error(y, T);
  mpfr_clear(T);
  EXPECT_LE(err, bound) << "erfinvf x=0x" << std::hex << x << " y=0x" << B(y);
  // Bracketing: erf(y) and x within 2 ulp steps of y on either side (the
  // truth's own check, independent of Newton).
  const float lo = next_down(next_down(next_down(y))), hi = next_up(next_up(next_up(y)));
  EXPECT_LE(erf_cmp(lo, F(x)), 0) << std::hex << x;
  EXPECT_GE(erf_cmp(hi, F(x)), 0) << std::hex << x;
  return err;
}

// Sampled |x| < 1: uniform over the bit patterns below 1.0, and dense on the
// tail (|x| > 0.99829: 1 - x^2 < 2^-8.2).
u32 erfinv_sample(u64 i) {
  const u64 w = splitmix(i);
  const u32 sign = (w >> 63) ? 0x80000000u : 0u;
  if (i % 2 == 0) return sign | u32(w % 0x3f800000u);
  return sign | (0x3f7f9000u + u32(w % (0x3f800000u - 0x3f7f9000u)));  // [0.99829.., 1)
}

TEST(NvErfinvf, Specials) {
  for (auto f : {erfinvf<nvcc_ieee>, erfinvf<nvcc_ftz>, erfinvf<triton3_6>}) {
    // NaN, |x| > 1 (lg2 of a negative), +-inf: the canonical NaN.
    for (u32 x : {0x7fc00000u, 0xffc00001u, 0x7f800001u, 0x3f800001u, 0xbf800001u, 0x40000000u, 0x7f800000u, 0xff800000u})
      EXPECT_EQ(B(f(F(x))), ptx::canonical_nan_f32) << std::hex << x;
    // +-1: 1 - x^2 = 0, t = +inf: +-inf (CUDA 13.0's t == inf select, Triton's rcp.rn(0)).
    EXPECT_EQ(B(f(F(0x3f800000u))), 0x7f800000u);
    EXPECT_EQ(B(f(F(0xbf800000u))), 0xff800000u);
    // +-0: x P(0) keeps the sign.
    EXPECT_EQ(B(f(F(0u))), 0u);
    EXPECT_EQ(B(f(F(0x80000000u))), 0x80000000u);
    // Odd (the sign enters only through x P(t) and the copysign / OR).
    for (u64 i = 0; i < 20000; ++i) {
      const u32 x = erfinv_sample(i) & 0x7fffffffu;
      EXPECT_EQ(B(f(F(x))) ^ 0x80000000u, B(f(F(x | 0x80000000u)))) << std::hex << x;
    }
  }
}

TEST(NvErfinvf, Subnormals) {
  // 1 - x^2 rounds to 1, t = -lg2(1) = -0 (not the tail): x P(-0) = x p0 with
  // p0 = 0x3f62dfc4 (IR 0x3FEC5BF880000000), the plain fmul: IEEE in nv and
  // triton (a subnormal product), .ftz in nv-ftz (+-0).
  for (u32 m : {1u, 2u, 3u, 0x1234u, 0x400000u, 0x7fffffu})
    for (u32 s : {0u, 0x80000000u}) {
      const float x = F(s | m);
      const u32 want = B(ptx::mul_rn_f32<mode::ieee>(x, F(0x3f62dfc4u)));
      EXPECT_EQ(B(erfinvf<nvcc_ieee>(x)), want) << std::hex << m;
      EXPECT_EQ(B(erfinvf<triton3_6>(x)), want) << std::hex << m;
      EXPECT_EQ(B(erfinvf<nvcc_ftz>(x)), s) << std::hex << m;
    }
}

TEST(NvErfinvf, WithinTwoUlpOfMpfr) {
  double worst[3] = {0, 0, 0};
  for (u64 i = 0; i < 60000; ++i) {
    const u32 x = erfinv_sample(i);
    // CUDA documents 2 ulp, but libdevice exceeds it (tail: lg2.approx's error
    // in t): 2.03 ulp at x = 0xbf7f99be of this sample, 2.491 at 0x3f7fff61
    // over all 2^32 inputs (conformance/reports/erfinvf-nv; the H200's bits,
    // which the reproduction equals on every input). Bounded by 2.5 here; the
    // maximum is printed.
    worst[0] = std::fmax(worst[0], erfinv_max_error<nvcc_ieee>(x, 2.5));
    if ((x & 0x7fffffffu) >= 0x00910000u) {  // x P(t) >= 2^-126: not flushed by nv-ftz
      worst[1] = std::fmax(worst[1], erfinv_max_error<nvcc_ftz>(x, 2.5));
      // Triton's older tail, rcp.rn(r) q, exceeds CUDA 13.0's 2 ulp at some x
      // (2.08 ulp at 0x3f7fcab1): bounded here by 3, the maximum printed.
      worst[2] = std::fmax(worst[2], erfinv_max_error<triton3_6>(x, 3.0));
    }
    if (HasFailure()) break;
  }
  std::printf("erfinvf max ulp error on the sample: nv %.3f, nv-ftz %.3f, triton %.3f\n", worst[0], worst[1], worst[2]);
}

TEST(NvErfinvf, TritonEqualsFtzOffTheTail) {
  // Off the tail (t <= 8.2) both files run the same P(t) and the same ops;
  // triton's IEEE plain ops differ from .ftz only on a subnormal x (above).
  // On the tail, (t r) q against rcp.rn(r) q: counted, both checked above.
  u64 tail = 0, tail_differ = 0;
  for (u64 i = 0; i < 400000; ++i) {
    const u32 x = erfinv_sample(i);
    const u32 a = B(erfinvf<nvcc_ftz>(F(x))), b = B(erfinvf<triton3_6>(F(x)));
    const float w = ptx::fma_rn_f32<mode::ftz>(F(x), F(x ^ 0x80000000u), 1.0f);
    const bool on_tail = ptx::setp_lt_f32<mode::ieee>(ptx::lg2_approx_f32<mode::ftz>(w), F(0xc1033333u));
    if (on_tail) {
      ++tail;
      tail_differ += a != b;
    } else if (!subnormal32(B(erfinvf<nvcc_ieee>(F(x))))) {
      // x P(t) below 2^-126 (x subnormal, or |x| < 2^-126 / p0 ~ 0x1.21p-126):
      // triton's IEEE mul keeps the subnormal, nv-ftz flushes it.
      ASSERT_EQ(a, b) << std::hex << x;
    }
  }
  std::printf("erfinvf tail: %llu of %llu sampled tail inputs differ between triton and nv-ftz\n",
              (unsigned long long)tail_differ, (unsigned long long)tail);
  EXPECT_GT(tail, 100000u);
}

TEST(NvErfinvf, TailPolynomialIsPositive) {
  // The header's claim that OR-ing the sign equals copysign: Q(r) > 0 for
  // every r the tail can give (r = rsqrt(t), t in (8.2, 25) or inf: r <= 0.35).
  using namespace erfinvf_detail;
  for (u32 rb = 0; rb <= 0x3eb40000u; rb += 0x100u) {
    const float r = F(rb);
    float q = ptx::fma_rn_f32<mode::ftz>(F(q5), r, F(q4));
    for (u32 c : {q3, q2, q1, q0}) q = ptx::fma_rn_f32<mode::ftz>(q, r, F(c));
    ASSERT_GT(B(q), 0u);
    ASSERT_LT(B(q), 0x7f800000u);
  }
}

// ---- cbrtf ----------------------------------------------------------------------
void cbrt_truth(mpfr_t T, float x) {
  mpfr_set_flt(T, x, MPFR_RNDN);
  mpfr_cbrt(T, T, MPFR_RNDN);
}

u32 any_finite(u64 i) {
  const u64 w = splitmix(i);
  const u32 sign = (w >> 63) ? 0x80000000u : 0u;
  const u32 e = u32((w >> 32) % 255);  // 0 (subnormal) .. 254
  return sign | (e << 23) | (u32(w) & 0x7fffffu);
}

TEST(NvCbrtf, Specials) {
  for (auto f : {cbrtf<nvcc_ieee>, cbrtf<nvcc_ftz>, cbrtf<triton3_6>}) {
    // x + x == x: +-0 and +-inf come back as x + x.
    for (u32 x : {0u, 0x80000000u, 0x7f800000u, 0xff800000u}) EXPECT_EQ(B(f(F(x))), x) << std::hex << x;
    for (u32 x : {0x7fc00000u, 0xffc00001u, 0x7f800001u}) EXPECT_EQ(B(f(F(x))), ptx::canonical_nan_f32);
    // Exact cubes come out exact (the Newton step lands on them).
    for (u32 x : {0x3f800000u, 0x41000000u, 0xc1000000u, 0x41d80000u, 0x3e000000u})
      EXPECT_EQ(B(f(F(x))), B(std::cbrt(F(x)))) << std::hex << x;
  }
}

TEST(NvCbrtf, Subnormals) {
  mpfr_t T;
  mpfr_init2(T, 200);
  for (u64 i = 0; i < 20000; ++i) {
    const u32 m = u32(splitmix(i) % 0x7fffffu) + 1, s = (i & 1) ? 0x80000000u : 0u;
    const float x = F(s | m);
    // nv: the non-ftz lg2 sees x: within 1 ulp.
    cbrt_truth(T, x);
    EXPECT_LE(ulp_error(cbrtf<nvcc_ieee>(x), T), 1.0) << std::hex << m;
    // nv-ftz: x + x flushes to +-0 and equals x flushed: +-0.
    EXPECT_EQ(B(cbrtf<nvcc_ftz>(x)), s) << std::hex << m;
    // triton: abs.ftz gives 0, e = ex2(-inf) = 0, rcp(0) = inf, inf * -0 is
    // NaN; the IEEE x + x != x: the canonical NaN, its sign flipped for a
    // negative x (the H200 gave 0xffffffff for every negative subnormal of
    // the frameworks sample, 94 of them).
    EXPECT_EQ(B(cbrtf<triton3_6>(x)), ptx::canonical_nan_f32 | s) << std::hex << m;
  }
  mpfr_clear(T);
}

TEST(NvCbrtf, WithinOneUlpOfMpfr) {
  mpfr_t T;
  mpfr_init2(T, 200);
  double worst[3] = {0, 0, 0};
  u64 differ = 0, n = 0;
  for (u64 i = 0; i < 1000000; ++i) {
    const u32 x = any_finite(i);
    cbrt_truth(T, F(x));
    const float y0 = cbrtf<nvcc_ieee>(F(x));
    worst[0] = std::fmax(worst[0], ulp_error(y0, T));
    ASSERT_LE(ulp_error(y0, T), 1.0) << std::hex << x;
    if (subnormal32(x)) continue;
    const float y1 = cbrtf<nvcc_ftz>(F(x)), y2 = cbrtf<triton3_6>(F(x));
    // Normal x: no plain op of CUDA 13.0's file meets a subnormal (s, e, m
    // are far from 2^-126), so nv-ftz equals nv.
    ASSERT_EQ(B(y1), B(y0)) << std::hex << x;
    worst[1] = std::fmax(worst[1], ulp_error(y1, T));
    worst[2] = std::fmax(worst[2], ulp_error(y2, T));
    // Triton's older file: its Newton step on the cube root itself is not
    // always within CUDA 13.0's 1 ulp (1.12 ulp at 0x1ff33b17 in the sample);
    // bounded here by 2 ulp, the maximum printed.
    ASSERT_LE(ulp_error(y2, T), 2.0) << std::hex << x;
    ++n;
    differ += B(y1) != B(y2);
  }
  mpfr_clear(T);
  std::printf("cbrtf max ulp error: nv %.3f, nv-ftz %.3f, triton %.3f; triton != nv-ftz on %llu of %llu normal x\n",
              worst[0], worst[1], worst[2], (unsigned long long)differ, (unsigned long long)n);
}

// ---- normcdff -------------------------------------------------------------------
// normcdf(x) = erfc(-x / sqrt 2) / 2 at 200 bits.
void normcdf_truth(mpfr_t T, float x) {
  mpfr_t s;
  mpfr_init2(s, 200);
  mpfr_set_ui(s, 2, MPFR_RNDN);
  mpfr_sqrt(s, s, MPFR_RNDN);
  mpfr_set_flt(T, x, MPFR_RNDN);
  mpfr_div(T, T, s, MPFR_RNDN);
  mpfr_neg(T, T, MPFR_RNDN);
  mpfr_erfc(T, T, MPFR_RNDN);
  mpfr_div_2ui(T, T, 1, MPFR_RNDN);
  mpfr_clear(s);
}

TEST(NvNormcdff, Specials) {
  for (auto f : {normcdff<nvcc_ieee>, normcdff<nvcc_ftz>, normcdff<triton3_6>}) {
    for (u32 x : {0x7fc00000u, 0xffc00001u, 0x7f800001u}) EXPECT_EQ(B(f(F(x))), ptx::canonical_nan_f32);
    // +inf clamps to 14.5: h = -10.25, erfc = 2 - 0 (a > 10.055): 1.
    EXPECT_EQ(B(f(F(0x7f800000u))), 0x3f800000u);
    // -inf clamps to -14.5: a > 10.055 gives erfc = 0; z = fma(0, dh, 0) = 0.
    EXPECT_EQ(B(f(F(0xff800000u))), 0u);
    // +-0: h = -0 or +0, erfc(0) = 1 computed (P and exp(0) round to it): 0.5.
    EXPECT_EQ(B(f(F(0u))), 0x3f000000u);
    EXPECT_EQ(B(f(F(0x80000000u))), 0x3f000000u);
  }
}

TEST(NvNormcdff, Subnormals) {
  // A subnormal x: hi = x * -1/sqrt2 and lo are tiny or flushed; erfc(h)
  // for |h| < 2^-126 is erfc(0) in every build (the reflect fabs / fma flush
  // a subnormal h in nv-ftz and triton; in nv erfc of a tiny h rounds to
  // 1): 0.5, like normcdf(x) rounded (0.5 - x/sqrt(2 pi) rounds to 0.5).
  for (u32 m : {1u, 0x1234u, 0x7fffffu})
    for (u32 s : {0u, 0x80000000u})
      for (auto f : {normcdff<nvcc_ieee>, normcdff<nvcc_ftz>, normcdff<triton3_6>})
        EXPECT_EQ(B(f(F(s | m))), 0x3f000000u) << std::hex << (s | m);
}

TEST(NvNormcdff, WithinFiveUlpOfMpfr) {
  mpfr_t T;
  mpfr_init2(T, 200);
  double worst[3] = {0, 0, 0};
  u64 differ = 0, differ_above = 0;
  for (u64 i = 0; i < 100000; ++i) {
    // x in [-16, 16] uniformly by value half the time, any finite the rest.
    const u64 w = splitmix(i);
    const u32 x = (i % 2) ? any_finite(i) : B(ptx::cvt_rn_f32_s32(std::int32_t(w % 0x20000000u) - 0x10000000) * 5.9604644775390625e-8f);
    normcdf_truth(T, F(x));
    const float y0 = normcdff<nvcc_ieee>(F(x)), y1 = normcdff<nvcc_ftz>(F(x)), y2 = normcdff<triton3_6>(F(x));
    const double e0 = ulp_error(y0, T);
    worst[0] = std::fmax(worst[0], e0);
    ASSERT_LE(e0, 5.0) << std::hex << x;
    // The flushed builds: where normcdf(x) >= 2^-126 (a subnormal result is
    // flushed in nv-ftz by design; triton may give the IEEE one).
    const bool normal_result = mpfr_cmp_d(T, 0x1p-126) >= 0;
    if (normal_result && !subnormal32(x)) {
      const double e1 = ulp_error(y1, T), e2 = ulp_error(y2, T);
      worst[1] = std::fmax(worst[1], e1);
      worst[2] = std::fmax(worst[2], e2);
      ASSERT_LE(e1, 5.0) << std::hex << x;
      ASSERT_LE(e2, 5.0) << std::hex << x;
    }
    // triton vs nv-ftz: only where nv's result is below 2^-126 (x below
    // about -12.94; there triton gives nv's subnormal or a zero).
    if (B(y1) != B(y2)) {
      ++differ;
      if ((B(y0) & 0x7fffffffu) >= 0x00800000u) ++differ_above;
    }
  }
  mpfr_clear(T);
  EXPECT_EQ(differ_above, 0u);
  std::printf("normcdff max ulp error: nv %.3f, nv-ftz %.3f, triton %.3f (normal results); triton != nv-ftz at %llu sampled x (nv subnormal)\n",
              worst[0], worst[1], worst[2], (unsigned long long)differ);
}

TEST(NvNormcdff, TritonKeepsSubnormalResults) {
  // x in [-14.5, -12.9]: where nv's normcdf(x) is subnormal, nv-ftz gives
  // +0 (mul.ftz); triton's IEEE 0.5 z keeps nv's subnormal while z is still
  // normal (x in about [-13.04, -12.94]); below, the .ftz fmas flush z.
  u64 tritonsub = 0;
  for (u32 b = 0xc14e6666u; b < 0xc1680000u; b += 0x40u) {
    const float x = F(b);
    const u32 t = B(normcdff<triton3_6>(x)), n = B(normcdff<nvcc_ieee>(x));
    if (subnormal32(n) || (n & 0x7fffffffu) == 0) {
      EXPECT_EQ(B(normcdff<nvcc_ftz>(x)), 0u) << std::hex << b;
      EXPECT_TRUE(t == n || (t & 0x7fffffffu) == 0) << std::hex << b;
    }
    tritonsub += subnormal32(t);
  }
  EXPECT_GT(tritonsub, 0u);
  std::printf("normcdff: triton subnormal results on %llu sampled x in [-14.5, -12.9]\n", (unsigned long long)tritonsub);
}

}  // namespace
