// Tests of the libdevice __nv_tanhf reproduction (include/bitexact/nv/tanhf.hpp)
// in its three builds: nvcc_ieee, nvcc_ftz, triton3_6. The bit-for-bit check
// against the GPU is the lead's exhaustive run; this file checks what is
// known without one.
//
// Where the expected values come from:
//  * the IR of __nv_tanhf (both libdevice files): NaN goes through the
//    polynomial's fmas, so every NaN gives PTX's canonical 0x7fffffff;
//    +-inf and every |x| >= 0x41102cb4 (~9.0109) give exactly +-1 (the IR's
//    saturation compare); +-0 gives +-0 (fma(p, +0, +0) = +0, then
//    fma(+0, x, x) = x); the function is odd (it works on |x| and x^2 and
//    puts x's sign back); a subnormal x gives x itself in the IEEE build
//    (x^2 rounds to 0, so the polynomial term is +0 and fma(+0, x, x) = x)
//    and a zero of x's sign in the two FTZ builds (abs.ftz / fma.rn.ftz flush
//    x).
//  * MPFR: the error is within the 2 ulp that the CUDA Programming Guide
//    (math functions appendix, tanhf) documents, on sampled inputs.
//  * The analysis in tanhf.hpp: triton3_6 equals nvcc_ftz on every input
//    (checked here on every subnormal, on the binades 2^-64..2^-62 where an
//    IEEE x*x meets 2^-126, and on a stride through all 2^32 patterns;
//    the GPU comparison covers all of them).
#include <gtest/gtest.h>

#include <cstdint>

#include "bitexact/nv/tanhf.hpp"
#include "nv_mpfr_ulp.hpp"

namespace {

namespace nv = bitexact::nv;
using namespace nv_mpfr_ulp;
constexpr u32 canonical_nan = 0x7fffffffu;

template <nv::build Bd>
u32 T(u32 x) { return B(nv::tanhf<Bd>(F(x))); }

TEST(NvTanhf, WrappersAreTheBuilds) {
  for (u32 x : {0x3f000000u, 0xbf400000u, 0x40000000u, 0x00000005u}) {
    EXPECT_EQ(B(nv::tanhf(F(x))), T<nv::nvcc_ieee>(x));
    EXPECT_EQ(B(nv::tanhf_ftz(F(x))), T<nv::nvcc_ftz>(x));
    EXPECT_EQ(B(nv::tanhf_triton(F(x))), T<nv::triton3_6>(x));
  }
}

template <nv::build Bd>
void expect_specials() {
  for (u32 nan : {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff812345u, 0x7fffffffu})
    EXPECT_EQ(T<Bd>(nan), canonical_nan) << std::hex << nan;
  EXPECT_EQ(T<Bd>(0x7f800000u), 0x3f800000u);
  EXPECT_EQ(T<Bd>(0xff800000u), 0xbf800000u);
  EXPECT_EQ(T<Bd>(0x00000000u), 0x00000000u);
  EXPECT_EQ(T<Bd>(0x80000000u), 0x80000000u);
  // Saturation: every |x| from the IR's threshold 0x41102cb4 up is exactly 1.
  for (u32 a = 0x41102cb4u; a < 0x7f800000u; a += 0x1003u) {
    ASSERT_EQ(T<Bd>(a), 0x3f800000u) << std::hex << a;
    ASSERT_EQ(T<Bd>(a | 0x80000000u), 0xbf800000u) << std::hex << a;
  }
}
TEST(NvTanhf, SpecialValuesIeee) { expect_specials<nv::nvcc_ieee>(); }
TEST(NvTanhf, SpecialValuesFtz) { expect_specials<nv::nvcc_ftz>(); }
TEST(NvTanhf, SpecialValuesTriton) { expect_specials<nv::triton3_6>(); }

TEST(NvTanhf, Subnormals) {
  for (u32 m = 1; m < 0x00800000u; m += 7) {
    for (u32 s : {0u, 0x80000000u}) {
      const u32 x = m | s;
      ASSERT_EQ(T<nv::nvcc_ieee>(x), x) << std::hex << x;
      ASSERT_EQ(T<nv::nvcc_ftz>(x), s) << std::hex << x;
      ASSERT_EQ(T<nv::triton3_6>(x), s) << std::hex << x;
    }
  }
}

TEST(NvTanhf, Odd) {
  u64 seed = 1;
  for (int i = 0; i < 1000000; ++i) {
    const u32 x = u32(splitmix(seed)) & 0x7fffffffu;
    ASSERT_EQ(T<nv::nvcc_ieee>(x) ^ 0x80000000u, T<nv::nvcc_ieee>(x | 0x80000000u) ^ (isnan32(x) ? 0x80000000u : 0u))
        << std::hex << x;
  }
}

// Error against MPFR within CUDA's documented 2 ulp. FTZ builds: inputs
// that are subnormal are left out (they behave as +-0, checked above);
// tanh never gives a subnormal for a normal input.
TEST(NvTanhf, WithinTwoUlpOfMpfr) {
  exact ex;
  const auto xs = sample_inputs(1000000, 0x1p-14f, 16.0f, 34);
  double worst[3] = {0, 0, 0};
  for (u32 x : xs) {
    const float y[3] = {nv::tanhf<nv::nvcc_ieee>(F(x)), nv::tanhf<nv::nvcc_ftz>(F(x)),
                        nv::tanhf<nv::triton3_6>(F(x))};
    ex.set(fn::tanh, F(x));
    for (int k = 0; k < 3; ++k) {
      if (k > 0 && subnormal32(x)) continue;
      const double e = ex.err(y[k]);
      if (e > worst[k]) worst[k] = e;
      ASSERT_LE(e, 2.0) << "build " << k << std::hex << " x=0x" << x << " r=0x" << B(y[k]);
    }
  }
  std::printf("max ulp error: nv %.3f, nv-ftz %.3f, triton %.3f\n", worst[0], worst[1], worst[2]);
}

// triton3_6 == nvcc_ftz (tanhf.hpp): every subnormal, the binades around
// 2^-63 (x*x near 2^-126), and every 251st bit pattern.
TEST(NvTanhf, TritonEqualsFtz) {
  auto check = [](u32 x) {
    ASSERT_EQ(T<nv::triton3_6>(x), T<nv::nvcc_ftz>(x)) << std::hex << x;
  };
  for (u32 s : {0u, 0x80000000u}) {
    for (u32 m = 0; m < 0x00800000u; ++m) check(m | s);
    for (u32 a = 0x1f800000u; a < 0x21000000u; ++a) check(a | s);  // 2^-64 <= |x| < 2^-61
  }
  for (u64 x = 0; x < (u64(1) << 32); x += 251) check(u32(x));
}

}  // namespace
