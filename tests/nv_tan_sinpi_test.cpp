// Unit tests of the libdevice reproductions nv::tanf<B>, nv::sinpif<B>,
// nv::cospif<B> (include/bitexact/nv/tanf.hpp, sinpif.hpp, cospif.hpp) and of
// the build forms of nv::sinf / nv::cosf (sinf.hpp, cosf.hpp) in each build
// (nv/build.hpp). What is checked here needs no GPU; the bit-for-bit check is
// the lead's GPU run. Where each expected value comes from:
//  * "IR": read off libdevice.10.bc (CUDA 13.0 / Triton 3.6) and the PTX of
//    nvcc 13.0 and of Triton (the header comments give the derivations);
//  * "MPFR": the correctly rounded value, for the error bounds of the CUDA
//    Programming Guide (math appendix: tanf 4 ulp, sinpif and cospif 1 ulp),
//    the FTZ build held to the same bound on normal results; Triton's older
//    sinpif/cospif (sinf's kernel) to sinf's 2 ulp.
// Standalone: g++ -std=c++20 -O2 -I include tests/nv_tan_sinpi_test.cpp
//   -lgtest -lgtest_main -lmpfr -lgmp -pthread
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "bitexact/nv/cosf.hpp"
#include "bitexact/nv/cospif.hpp"
#include "bitexact/nv/sinf.hpp"
#include "bitexact/nv/sinpif.hpp"
#include "bitexact/nv/tanf.hpp"

namespace {

namespace nv = bitexact::nv;
using nv::build;
using nv::nvcc_ftz;
using nv::nvcc_ieee;
using nv::triton3_6;

std::uint32_t bits(float x) {
  std::uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}
float from(std::uint32_t b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}
constexpr std::uint32_t canonical_nan = 0x7fffffffu;

// Sampled inputs: every exponent (random bit patterns), plus uniform ones
// where the functions are busiest.
std::vector<std::uint32_t> samples(std::size_t n, std::uint32_t seed, float uniform_range) {
  std::mt19937 rng(seed);
  std::vector<std::uint32_t> v;
  v.reserve(n);
  std::uniform_real_distribution<float> u(-uniform_range, uniform_range);
  for (std::size_t i = 0; i < n; ++i) v.push_back(i % 2 ? std::uint32_t(rng()) : bits(u(rng)));
  return v;
}

// The error of y against f(x) in ulps of the float grid at f(x) (MPFR at 256
// bits; for f(x) ~ 0 exactly the ulp of the smallest normal).
enum class mfn { tan, sinpi, cospi };
double ulp_error(mfn f, float x, float y) {
  mpfr_t a, r, d;
  mpfr_inits2(256, a, r, d, (mpfr_ptr)nullptr);
  mpfr_set_flt(a, x, MPFR_RNDN);
  if (f == mfn::tan) mpfr_tan(r, a, MPFR_RNDN);
  if (f == mfn::sinpi) mpfr_sinpi(r, a, MPFR_RNDN);
  if (f == mfn::cospi) mpfr_cospi(r, a, MPFR_RNDN);
  mpfr_set_flt(d, y, MPFR_RNDN);
  mpfr_sub(d, d, r, MPFR_RNDN);
  mpfr_abs(d, d, MPFR_RNDN);
  // ulp at |r|: 2^(e - 24) for |r| in [2^(e-1), 2^e), at least 2^-149.
  long e = mpfr_zero_p(r) ? -125 : mpfr_get_exp(r);
  if (e < -125) e = -125;
  mpfr_mul_2si(d, d, 24 - e, MPFR_RNDN);
  const double err = mpfr_get_d(d, MPFR_RNDU);
  mpfr_clears(a, r, d, (mpfr_ptr)nullptr);
  return err;
}

template <build B>
float call(mfn f, float x) {
  if (f == mfn::tan) return nv::tanf<B>(x);
  if (f == mfn::sinpi) return nv::sinpif<B>(x);
  return nv::cospif<B>(x);
}

// Max error over the samples, for finite x and normal results (FTZ builds:
// normal inputs only; a subnormal result there is a flushed zero by design).
template <build B>
double max_error(mfn f, const std::vector<std::uint32_t>& xs, std::uint32_t& worst) {
  double m = 0;
  for (std::uint32_t b : xs) {
    const float x = from(b);
    if (!std::isfinite(x)) continue;
    if (B.reflect == nv::mode::ftz && std::fpclassify(x) == FP_SUBNORMAL) continue;
    const float y = call<B>(f, x);
    if (B.reflect == nv::mode::ftz && std::fabs(y) < 0x1p-126f) {
      // A flushed result: check against the zero it replaces, loosely.
      continue;
    }
    const double e = ulp_error(f, x, y);
    if (e > m) m = e, worst = b;
  }
  return m;
}

// ---- sinf / cosf: the build forms -------------------------------------------------

TEST(NvTrigBuilds, ModeAndBuildFormsAgree) {
  // nv::sinf(x) and sinf_ftz are the nvcc builds; sinf<mode> names them.
  for (std::uint32_t b : samples(1 << 20, 11, 200000.0f)) {
    const float x = from(b);
    ASSERT_EQ(bits(nv::sinf(x)), bits(nv::sinf<nv::mode::ieee>(x))) << std::hex << b;
    ASSERT_EQ(bits(nv::sinf(x)), bits(nv::sinf<nvcc_ieee>(x))) << std::hex << b;
    ASSERT_EQ(bits(nv::sinf_ftz(x)), bits(nv::sinf<nv::mode::ftz>(x))) << std::hex << b;
    ASSERT_EQ(bits(nv::sinf_ftz(x)), bits(nv::sinf<nvcc_ftz>(x))) << std::hex << b;
    ASSERT_EQ(bits(nv::cosf(x)), bits(nv::cosf<nv::mode::ieee>(x))) << std::hex << b;
    ASSERT_EQ(bits(nv::cosf_ftz(x)), bits(nv::cosf<nvcc_ftz>(x))) << std::hex << b;
  }
}

TEST(NvTrigBuilds, TritonSinCosEqualFtz) {
  // IR + triton-ptx/sin.ptx, cos.ptx: only x * 2/pi is IEEE, which changes
  // nothing (nv/trig_reduction.hpp, "Builds"). All subnormals, then samples.
  for (std::uint32_t m = 1; m < 0x800000u; m += 7) {
    for (std::uint32_t s : {0u, 0x80000000u}) {
      const float x = from(s | m);
      ASSERT_EQ(bits(nv::sinf_triton(x)), bits(nv::sinf_ftz(x))) << std::hex << (s | m);
      ASSERT_EQ(bits(nv::cosf_triton(x)), bits(nv::cosf_ftz(x))) << std::hex << (s | m);
    }
  }
  for (std::uint32_t b : samples(1 << 20, 12, 200000.0f)) {
    const float x = from(b);
    ASSERT_EQ(bits(nv::sinf_triton(x)), bits(nv::sinf_ftz(x))) << std::hex << b;
    ASSERT_EQ(bits(nv::cosf_triton(x)), bits(nv::cosf_ftz(x))) << std::hex << b;
  }
  EXPECT_EQ(nv::triton_form<bitexact::Fn::sinf>, &nv::sinf_triton);
  EXPECT_EQ(nv::triton_form<bitexact::Fn::cosf>, &nv::cosf_triton);
  EXPECT_EQ(nv::triton_form<bitexact::Fn::tanf>, &nv::tanf_triton);
}

// ---- tanf -------------------------------------------------------------------------

template <build B>
void tanf_specials() {
  // IR: NaN takes the Cody-Waite path (k = 0, t NaN), Inf gives t = Inf * 0:
  // the canonical NaN either way.
  for (std::uint32_t b : {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xffffffffu})
    EXPECT_EQ(bits(nv::tanf<B>(from(b))), canonical_nan) << std::hex << b;
  // IR: +-0 -> t = +-0, z = fma(p, s t, t) = +-0.
  EXPECT_EQ(bits(nv::tanf<B>(0.0f)), 0u);
  EXPECT_EQ(bits(nv::tanf<B>(-0.0f)), 0x80000000u);
  // IR: |t| == 0x1.016878p-11 returns t itself (k = 0 there, t = x).
  EXPECT_EQ(bits(nv::tanf<B>(from(0x3a00b43cu))), 0x3a00b43cu);
  EXPECT_EQ(bits(nv::tanf<B>(from(0xba00b43cu))), 0xba00b43cu);
  // Subnormals. IEEE: s = x*x underflows to +0, z = x. FTZ reflect: the
  // reduction's fmas flush x, z is a zero of x's sign (triton too: its IEEE
  // s feeds only .ftz instructions).
  for (std::uint32_t m : {1u, 2u, 0x1234u, 0x400000u, 0x7fffffu}) {
    for (std::uint32_t s : {0u, 0x80000000u}) {
      const float x = from(s | m);
      const std::uint32_t expect = B.reflect == nv::mode::ieee ? (s | m) : s;
      EXPECT_EQ(bits(nv::tanf<B>(x)), expect) << std::hex << (s | m);
    }
  }
  // Tiny normal x: tan(x) rounds to x (|x| < 2^-12: x^3/3 < ulp(x)/2).
  for (std::uint32_t b : {0x00800000u, 0x2f800000u, 0x39000000u, 0x80800000u, 0xb9000000u})
    EXPECT_EQ(bits(nv::tanf<B>(from(b))), b) << std::hex << b;
}

TEST(NvTanf, SpecialsNv) { tanf_specials<nvcc_ieee>(); }
TEST(NvTanf, SpecialsFtz) { tanf_specials<nvcc_ftz>(); }
TEST(NvTanf, SpecialsTriton) { tanf_specials<triton3_6>(); }

TEST(NvTanf, ErrorWithinCudaBound) {
  // CUDA Programming Guide: tanf, 4 ulp (full range).
  const auto xs = samples(1 << 19, 21, 200.0f);
  std::uint32_t w = 0;
  const double e0 = max_error<nvcc_ieee>(mfn::tan, xs, w);
  EXPECT_LE(e0, 4.0) << "nv worst input 0x" << std::hex << w;
  const double e1 = max_error<nvcc_ftz>(mfn::tan, xs, w);
  EXPECT_LE(e1, 4.0) << "nv-ftz worst input 0x" << std::hex << w;
  const double e2 = max_error<triton3_6>(mfn::tan, xs, w);
  EXPECT_LE(e2, 4.0) << "triton worst input 0x" << std::hex << w;
  std::printf("tanf max error (ulp) on %zu samples: nv %.3f, nv-ftz %.3f, triton %.3f\n", xs.size(), e0, e1, e2);
}

TEST(NvTanf, TritonEqualsFtz) {
  // tanf.hpp: same IR; triton's IEEE plain ops (x * 2/pi, t * t, the compare,
  // the neg) change nothing. Subnormals and samples.
  for (std::uint32_t m = 1; m < 0x800000u; m += 13)
    for (std::uint32_t s : {0u, 0x80000000u})
      ASSERT_EQ(bits(nv::tanf_triton(from(s | m))), bits(nv::tanf_ftz(from(s | m)))) << std::hex << (s | m);
  for (std::uint32_t b : samples(1 << 20, 22, 200000.0f))
    ASSERT_EQ(bits(nv::tanf_triton(from(b))), bits(nv::tanf_ftz(from(b)))) << std::hex << b;
}

TEST(NvTanf, NvAndFtzAgreeOnNormalRange) {
  // IEEE and FTZ differ only where a subnormal occurs: x subnormal, or
  // |t| < 2^-42 or so (s * t underflowing), which the reduction of a normal
  // x >= pi/4 cannot produce. Normal |x| >= 2^-40: identical bits.
  for (std::uint32_t b : samples(1 << 20, 23, 1000.0f)) {
    const float x = from(b);
    if (!std::isfinite(x) || std::fabs(x) < 0x1p-40f) continue;
    ASSERT_EQ(bits(nv::tanf(x)), bits(nv::tanf_ftz(x))) << std::hex << b;
  }
}

// ---- sinpif / cospif --------------------------------------------------------------

template <build B>
void sinpi_specials() {
  // IR: NaN runs through (canonical NaN); +-Inf is an integer by the
  // trunc test, Inf * 0 = canonical NaN.
  for (std::uint32_t b : {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u})
    EXPECT_EQ(bits(nv::sinpif<B>(from(b))), canonical_nan) << std::hex << b;
  // IR: an integer x returns x * 0, a zero with x's sign.
  for (float x : {0.0f, 1.0f, 2.0f, 3.0f, 7.0f, 1e6f, 0x1p23f, 0x1p30f, 0x1.fffffep127f}) {
    EXPECT_EQ(bits(nv::sinpif<B>(x)), 0u) << x;
    EXPECT_EQ(bits(nv::sinpif<B>(-x)), 0x80000000u) << x;
  }
  // Half integers: t = 0 and the cosine kernel, exactly +-1.
  EXPECT_EQ(nv::sinpif<B>(0.5f), 1.0f);
  EXPECT_EQ(nv::sinpif<B>(1.5f), -1.0f);
  EXPECT_EQ(nv::sinpif<B>(-0.5f), -1.0f);
  EXPECT_EQ(nv::sinpif<B>(2.5f), 1.0f);
}

TEST(NvSinpif, SpecialsAllBuilds) {
  sinpi_specials<nvcc_ieee>();
  sinpi_specials<nvcc_ftz>();
  sinpi_specials<triton3_6>();
}

TEST(NvSinpif, Subnormals) {
  // IR, per build (sinpif.hpp): nv gives pi x rounded once (t = x, w = +0,
  // rs = fma(PI, x, 0)), PI = 0x40490fdb; nv-ftz a zero with x's sign;
  // triton +0 for both signs.
  for (std::uint32_t m : {1u, 2u, 3u, 0x1234u, 0x400000u, 0x7fffffu}) {
    for (std::uint32_t s : {0u, 0x80000000u}) {
      const float x = from(s | m);
      const float pi_x = float(double(from(0x40490fdbu)) * double(x));  // exact product, one rounding
      EXPECT_EQ(bits(nv::sinpif<nvcc_ieee>(x)), bits(pi_x)) << std::hex << (s | m);
      EXPECT_EQ(bits(nv::sinpif<nvcc_ftz>(x)), s) << std::hex << (s | m);
      EXPECT_EQ(bits(nv::sinpif<triton3_6>(x)), 0u) << std::hex << (s | m);
    }
  }
}

TEST(NvSinpif, ErrorWithinCudaBound) {
  const auto xs = samples(1 << 19, 31, 4.0f);
  std::uint32_t w = 0;
  const double e0 = max_error<nvcc_ieee>(mfn::sinpi, xs, w);
  EXPECT_LE(e0, 1.0) << "nv worst input 0x" << std::hex << w;
  const double e1 = max_error<nvcc_ftz>(mfn::sinpi, xs, w);
  EXPECT_LE(e1, 1.0) << "nv-ftz worst input 0x" << std::hex << w;
  const double e2 = max_error<triton3_6>(mfn::sinpi, xs, w);
  // Triton's older sinpif/cospif runs sinf's kernel on r ~ pi t (sinpif.hpp):
  // sinf's bound, 2 ulp (1.47 ulp seen on these samples).
  EXPECT_LE(e2, 2.0) << "triton worst input 0x" << std::hex << w;
  std::printf("sinpif max error (ulp) on %zu samples: nv %.3f, nv-ftz %.3f, triton %.3f\n", xs.size(), e0, e1, e2);
}

template <build B>
void cospi_specials() {
  for (std::uint32_t b : {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u})
    EXPECT_EQ(bits(nv::cospif<B>(from(b))), canonical_nan) << std::hex << b;
  // IR: |x| > 2^24 is replaced by x * 0: cos(0) = 1 (the cosine kernel at t = 0).
  for (float x : {0x1.000002p24f, 0x1p25f, 0x1.fffffep127f, -0x1p30f}) EXPECT_EQ(bits(nv::cospif<B>(x)), 0x3f800000u) << x;
  // Integers k <= 2^24: (-1)^k exactly; half integers: +0 (rs = +0 then
  // 0 - (+0), or fma(+0, -1, 0), both +0).
  EXPECT_EQ(nv::cospif<B>(0.0f), 1.0f);
  EXPECT_EQ(nv::cospif<B>(-0.0f), 1.0f);
  EXPECT_EQ(nv::cospif<B>(1.0f), -1.0f);
  EXPECT_EQ(nv::cospif<B>(-3.0f), -1.0f);
  EXPECT_EQ(nv::cospif<B>(0x1p24f), 1.0f);
  EXPECT_EQ(nv::cospif<B>(0x1.fffffep23f), -1.0f);
  for (float x : {0.5f, 1.5f, -0.5f, -1.5f, 2.5f, 12345.5f}) EXPECT_EQ(bits(nv::cospif<B>(x)), 0u) << x;
  // Subnormal x (t = x or +-0): 1 in every build.
  for (std::uint32_t b : {1u, 0x7fffffu, 0x80000001u, 0x807fffffu}) EXPECT_EQ(nv::cospif<B>(from(b)), 1.0f);
}

TEST(NvCospif, SpecialsAllBuilds) {
  cospi_specials<nvcc_ieee>();
  cospi_specials<nvcc_ftz>();
  cospi_specials<triton3_6>();
}

TEST(NvCospif, ErrorWithinCudaBound) {
  const auto xs = samples(1 << 19, 41, 4.0f);
  std::uint32_t w = 0;
  const double e0 = max_error<nvcc_ieee>(mfn::cospi, xs, w);
  EXPECT_LE(e0, 1.0) << "nv worst input 0x" << std::hex << w;
  const double e1 = max_error<nvcc_ftz>(mfn::cospi, xs, w);
  EXPECT_LE(e1, 1.0) << "nv-ftz worst input 0x" << std::hex << w;
  const double e2 = max_error<triton3_6>(mfn::cospi, xs, w);
  // Triton's older sinpif/cospif runs sinf's kernel on r ~ pi t (sinpif.hpp):
  // sinf's bound, 2 ulp (1.47 ulp seen on these samples).
  EXPECT_LE(e2, 2.0) << "triton worst input 0x" << std::hex << w;
  std::printf("cospif max error (ulp) on %zu samples: nv %.3f, nv-ftz %.3f, triton %.3f\n", xs.size(), e0, e1, e2);
}

TEST(NvSinpiCospi, NvAndFtzAgreeOnNormalRange) {
  // Same CUDA 13.0 kernel; FTZ matters only where a subnormal occurs: x
  // subnormal or s = t^2, s t underflowing (|t| < 2^-42 or so, only for
  // |x| that small). Normal |x| >= 2^-40: identical bits.
  for (std::uint32_t b : samples(1 << 20, 51, 8.0f)) {
    const float x = from(b);
    if (!std::isfinite(x) || std::fabs(x) < 0x1p-40f) continue;
    ASSERT_EQ(bits(nv::sinpif<nvcc_ieee>(x)), bits(nv::sinpif<nvcc_ftz>(x))) << std::hex << b;
    ASSERT_EQ(bits(nv::cospif<nvcc_ieee>(x)), bits(nv::cospif<nvcc_ftz>(x))) << std::hex << b;
  }
}

}  // namespace
