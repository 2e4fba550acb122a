// Tests of the PTX instruction model include/bitexact/nv/ptx.hpp.
//
// Where the expected values come from:
//  * MPFR, for the f32 arithmetic (mul, add, fma.rn, fma.rz: correctly rounded
//    with IEEE subnormals; FTZ: the MPFR result on flushed operands, flushed)
//    and the reciprocal model; the host's trunc (an exact operation) for cvt.rzi.
//  * PTX ISA: an f32 NaN result is the canonical NaN 0x7fffffff.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>

#include "bitexact/inputs.hpp"
#include "bitexact/nv/ptx.hpp"

namespace {

using bitexact::bit_cast;
using bitexact::nv::mode;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
namespace ptx = bitexact::nv::ptx;
namespace in = bitexact::inputs;

float F(u32 b) { return bit_cast<float>(b); }
u32 B(float x) { return bit_cast<u32>(x); }
bool isnan32(u32 b) { return (b & 0x7fffffffu) > 0x7f800000u; }
u32 flush32(u32 b) { return ((b & 0x7f800000u) == 0) ? (b & 0x80000000u) : b; }

// ---- MPFR references for the f32 arithmetic -----------------------------------------
// binary32 with subnormals: precision 24, exponent range of IEEE binary32.
enum class op { mul, add, fma, rcp };
float mpfr_f32(op o, float a, float b, float c, mpfr_rnd_t rnd) {
  const auto old_emin = mpfr_get_emin(), old_emax = mpfr_get_emax();
  mpfr_set_emin(-148);
  mpfr_set_emax(128);
  mpfr_t x, y, z, r;
  mpfr_inits2(24, x, y, z, r, (mpfr_ptr)0);
  mpfr_set_flt(x, a, MPFR_RNDN);
  mpfr_set_flt(y, b, MPFR_RNDN);
  mpfr_set_flt(z, c, MPFR_RNDN);
  int t = 0;
  switch (o) {
    case op::mul: t = mpfr_mul(r, x, y, rnd); break;
    case op::add: t = mpfr_add(r, x, y, rnd); break;
    case op::fma: t = mpfr_fma(r, x, y, z, rnd); break;
    case op::rcp: t = mpfr_ui_div(r, 1, x, rnd); break;
  }
  t = mpfr_check_range(r, t, rnd);
  mpfr_subnormalize(r, t, rnd);
  const float out = mpfr_get_flt(r, rnd);
  mpfr_clears(x, y, z, r, (mpfr_ptr)0);
  mpfr_set_emin(old_emin);
  mpfr_set_emax(old_emax);
  return out;
}

// Random binary32 with a spread of exponents, subnormals included, no NaN/inf.
u32 random_finite32(u64 w) {
  const u32 sign = (w >> 63) ? 0x80000000u : 0u;
  const u32 e = u32((w >> 32) % 256);  // 0..255: 255 re-mapped to subnormal
  return sign | ((e == 255 ? 0u : e) << 23) | (u32(w) & 0x7fffffu);
}

void expect_same(u32 got, u32 want, const char* what, u32 a, u32 b, u32 c = 0) {
  if (isnan32(want)) {  // any .f32 NaN result must be PTX's canonical NaN
    ASSERT_EQ(got, ptx::kCanonicalNanF32) << what << std::hex << " a=" << a << " b=" << b << " c=" << c;
  } else {
    ASSERT_EQ(got, want) << what << std::hex << " a=0x" << a << " b=0x" << b << " c=0x" << c;
  }
}

// mul, add, fma.rn, fma.rz of one FTZ form against MPFR.
template <mode M> void expect_arith_matches_mpfr(u32 a, u32 b, u32 c) {
  constexpr bool ftz = M == mode::ftz;
  const float fa = ftz ? F(flush32(a)) : F(a), fb = ftz ? F(flush32(b)) : F(b);
  const float fc = ftz ? F(flush32(c)) : F(c);
  auto fl = [&](float v) { return ftz ? flush32(B(v)) : B(v); };
  expect_same(B(ptx::mul_rn_f32<M>(F(a), F(b))), fl(mpfr_f32(op::mul, fa, fb, 0, MPFR_RNDN)), "mul", a, b);
  expect_same(B(ptx::add_rn_f32<M>(F(a), F(c))), fl(mpfr_f32(op::add, fa, fc, 0, MPFR_RNDN)), "add", a, c);
  expect_same(B(ptx::fma_rn_f32<M>(F(a), F(b), F(c))), fl(mpfr_f32(op::fma, fa, fb, fc, MPFR_RNDN)),
              "fma.rn", a, b, c);
  expect_same(B(ptx::fma_rz_f32<M>(F(a), F(b), F(c))), fl(mpfr_f32(op::fma, fa, fb, fc, MPFR_RNDZ)),
              "fma.rz", a, b, c);
}

TEST(PtxOps, MulAddFmaMatchMpfr) {
  for (u64 i = 0; i < 200000; ++i) {
    u32 a = random_finite32(in::word_at(1, i, 0)), b = random_finite32(in::word_at(1, i, 1));
    u32 c = random_finite32(in::word_at(1, i, 2));
    if (i % 4 == 1) {  // cancellation: c close to -a*b
      const float p = mpfr_f32(op::mul, F(a), F(b), 0, MPFR_RNDN);
      c = (B(p) ^ 0x80000000u) + u32(int(in::word_at(1, i, 3) % 5) - 2);
      if (isnan32(c) || (c & 0x7f800000u) == 0x7f800000u) c = 0;
    }
    if (i % 4 == 2) b = (b & 0x807fffffu) | (u32(in::word_at(1, i, 3) % 40 + 100) << 23);
    expect_arith_matches_mpfr<mode::ieee>(a, b, c);
    expect_arith_matches_mpfr<mode::ftz>(a, b, c);
  }
}

TEST(PtxOps, SpecialOperands) {
  const u32 sp[] = {0, 0x80000000u, 1, 0x80000001u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                    0xffc12345u, 0x7f800001u, 0x3f800000u, 0x7f7fffffu, 0xff7fffffu, 0x00800000u};
  for (u32 a : sp)
    for (u32 b : sp)
      for (u32 c : sp) {
        expect_arith_matches_mpfr<mode::ieee>(a, b, c);
        expect_arith_matches_mpfr<mode::ftz>(a, b, c);
      }
}

TEST(PtxOps, RcpModelIsCorrectlyRoundedWithFtz) {
  // The rcp.approx.ftz model: correctly rounded 1/x, subnormal in and out flushed
  // (PTX ISA: |x| > 2^126 gives 0, +-0 gives +-inf).
  for (u64 i = 0; i < 100000; ++i) {
    const u32 a = random_finite32(in::word_at(2, i));
    const float fa = F(flush32(a));
    const u32 want = flush32(B(mpfr_f32(op::rcp, fa, 0, 0, MPFR_RNDN)));
    ASSERT_EQ(B(ptx::rcp_approx_f32<mode::ftz>(F(a))), want) << std::hex << a;
  }
  EXPECT_EQ(B(ptx::rcp_approx_f32<mode::ftz>(F(0x7e800001u))), 0u);  // just above 2^126 -> 0
  EXPECT_EQ(B(ptx::rcp_approx_f32<mode::ftz>(F(0x80000001u))), 0xff800000u);  // -subnormal -> -inf
}

TEST(PtxOps, RoundToIntegral) {
  // trunc vs the host's trunc (an exact operation) on structured singles
  // (integers +-2 ulp, (0,2), specials). ceil: tests/nv_arith_test.cpp (ceilf).
  for (u64 i = 0; i < 200000; ++i) {
    const u32 x = in::structured_single<float>(3, i);
    if (isnan32(x)) {
      EXPECT_EQ(B(ptx::cvt_rzi_f32_f32<mode::ieee>(F(x))), ptx::kCanonicalNanF32);
      continue;
    }
    const float t = std::trunc(F(x));  // exact operation; host libm only as a reference
    ASSERT_EQ(B(ptx::cvt_rzi_f32_f32<mode::ieee>(F(x))), B(t)) << std::hex << x;
  }
}

}  // namespace
