// Tests of the libdevice __nv_erfcf reproduction (include/bitexact/nv/erfcf.hpp)
// in its three builds: nvcc_ieee, nvcc_ftz, triton3_6. The bit-for-bit check
// against the GPU is the lead's exhaustive run; this file checks what is
// known without one.
//
// Where the expected values come from:
//  * the IR of __nv_erfcf (both files): a NaN makes every step NaN and
//    neither final compare true: PTX's canonical 0x7fffffff; for
//    |x| > 0x4120e148 (~10.055, +inf included) the IR selects +0, and for
//    x < 0 returns 2 - that: exactly 2; a subnormal x is +-0 to abs.ftz in the
//    two FTZ builds, so gives the build's erfc(+0), except that Triton's
//    IEEE `x < 0` still sees a negative subnormal and returns 2 - erfc(+0)
//    (2 - t computed exactly here in binary64).
//  * MPFR: the error is within the 4 ulp that the CUDA Programming Guide
//    (math functions appendix, erfcf) documents, on sampled inputs; an FTZ
//    build may return +0 where erfc(x) < 2^-126. (Not on every input: the
//    exhaustive sweep, conformance/reports/erfcf-nv, found 4.487 ulp at
//    0x402deeee, the H200's bits; the sample here does not meet it.)
//  * The analysis in erfcf.hpp: triton3_6 differs from nvcc_ftz only where
//    Triton's IEEE multiplications keep a subnormal: a positive x whose
//    erfc is below 2^-126 (nvcc_ftz +0, triton3_6 a subnormal) and the
//    negative subnormals (2 - erfc(+0) against erfc(+0)); checked on all of
//    9 <= |x| < 10.125 and on strides through the subnormals, the binades
//    2^-64..2^-62 (where an IEEE a*a meets 2^-126) and all 2^32 patterns.
#include <gtest/gtest.h>

#include <cstdint>

#include "bitexact/nv/erfcf.hpp"
#include "nv_mpfr_ulp.hpp"

namespace {

namespace nv = bitexact::nv;
using namespace nv_mpfr_ulp;
constexpr u32 canonical_nan = 0x7fffffffu;
constexpr u32 zero_above = 0x4120e148u;  // the IR's 0x40241C2900000000

template <nv::build Bd>
u32 C(u32 x) { return B(nv::erfcf<Bd>(F(x))); }

TEST(NvErfcf, WrappersAreTheBuilds) {
  for (u32 x : {0x3f000000u, 0xbf400000u, 0x41140000u, 0x00000005u, 0x80000005u}) {
    EXPECT_EQ(B(nv::erfcf(F(x))), C<nv::nvcc_ieee>(x));
    EXPECT_EQ(B(nv::erfcf_ftz(F(x))), C<nv::nvcc_ftz>(x));
    EXPECT_EQ(B(nv::erfcf_triton(F(x))), C<nv::triton3_6>(x));
  }
}

template <nv::build Bd>
void expect_specials() {
  for (u32 nan : {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff812345u, 0x7fffffffu})
    EXPECT_EQ(C<Bd>(nan), canonical_nan) << std::hex << nan;
  EXPECT_EQ(C<Bd>(0x7f800000u), 0x00000000u);
  EXPECT_EQ(C<Bd>(0xff800000u), 0x40000000u);
  for (u32 a = zero_above + 1; a < 0x7f800000u; a += 0x1003u) {
    ASSERT_EQ(C<Bd>(a), 0x00000000u) << std::hex << a;
    ASSERT_EQ(C<Bd>(a | 0x80000000u), 0x40000000u) << std::hex << a;
  }
}
TEST(NvErfcf, SpecialValuesIeee) { expect_specials<nv::nvcc_ieee>(); }
TEST(NvErfcf, SpecialValuesFtz) { expect_specials<nv::nvcc_ftz>(); }
TEST(NvErfcf, SpecialValuesTriton) { expect_specials<nv::triton3_6>(); }

// 2 - t, exact in binary64, then rounded (exact here: t near 1).
u32 two_minus(u32 t) { return B(float(2.0 - double(F(t)))); }

TEST(NvErfcf, SubnormalsInTheFtzBuilds) {
  const u32 ftz0 = C<nv::nvcc_ftz>(0), tri0 = C<nv::triton3_6>(0);
  EXPECT_EQ(ftz0, tri0);
  EXPECT_EQ(C<nv::nvcc_ftz>(0x80000000u), ftz0);     // -0 < 0 is false
  EXPECT_EQ(C<nv::triton3_6>(0x80000000u), tri0);
  for (u32 m = 1; m < 0x00800000u; m += 7) {
    ASSERT_EQ(C<nv::nvcc_ftz>(m), ftz0) << std::hex << m;
    ASSERT_EQ(C<nv::nvcc_ftz>(m | 0x80000000u), ftz0) << std::hex << m;  // setp.lt.ftz: -0 < 0 false
    ASSERT_EQ(C<nv::triton3_6>(m), tri0) << std::hex << m;
    ASSERT_EQ(C<nv::triton3_6>(m | 0x80000000u), two_minus(tri0)) << std::hex << m;  // setp.lt.f32: true
  }
}

// Error against MPFR within CUDA's documented 4 ulp. FTZ builds: subnormal
// inputs left out (checked above), and +0 accepted where erfc(x) < 2^-126.
TEST(NvErfcf, WithinFourUlpOfMpfr) {
  exact ex;
  auto xs = sample_inputs(100000, 0x1p-14f, 10.1f, 36);
  for (u32 a = 0x41100000u; a < 0x41220000u; a += 509) xs.push_back(a);  // 9..10.1: subnormal results (mpfr_erfc is slow here)
  double worst[3] = {0, 0, 0};
  for (u32 x : xs) {
    const float y[3] = {nv::erfcf<nv::nvcc_ieee>(F(x)), nv::erfcf<nv::nvcc_ftz>(F(x)),
                        nv::erfcf<nv::triton3_6>(F(x))};
    ex.set(fn::erfc, F(x));
    for (int k = 0; k < 3; ++k) {
      if (k > 0 && subnormal32(x)) continue;
      if (k > 0 && B(y[k]) == 0 && ex.tiny()) continue;
      const double e = ex.err(y[k]);
      if (e > worst[k]) worst[k] = e;
      ASSERT_LE(e, 4.0) << "build " << k << std::hex << " x=0x" << x << " r=0x" << B(y[k]);
    }
  }
  std::printf("max ulp error: nv %.3f, nv-ftz %.3f, triton %.3f\n", worst[0], worst[1], worst[2]);
}

// Where triton3_6 and nvcc_ftz may differ (erfcf.hpp): x > 0 with nvcc_ftz
// +0 and triton3_6 a subnormal, or x a negative subnormal.
void expect_triton_like_ftz(u32 x, u64& subnormal_results) {
  const u32 t = C<nv::triton3_6>(x), f = C<nv::nvcc_ftz>(x);
  if (t == f) return;
  if (subnormal32(x) && (x >> 31)) return;  // checked in SubnormalsInTheFtzBuilds
  ASSERT_TRUE(x < 0x80000000u && f == 0 && subnormal32(t))
      << std::hex << "x=0x" << x << " triton=0x" << t << " nv-ftz=0x" << f;
  ++subnormal_results;
}

TEST(NvErfcf, TritonDiffersFromFtzOnlyOnSubnormals) {
  u64 n = 0;
  for (u32 s : {0u, 0x80000000u}) {
    for (u32 m = 0; m < 0x00800000u; m += 13) expect_triton_like_ftz(m | s, n);
    for (u32 a = 0x1f800000u; a < 0x21000000u; a += 17) expect_triton_like_ftz(a | s, n);  // 2^-64 <= |x| < 2^-61
    for (u32 a = 0x41100000u; a < 0x41220000u; ++a) expect_triton_like_ftz(a | s, n);  // 9 <= |x| < 10.125
  }
  EXPECT_GT(n, 0u);  // the subnormal results exist
  std::printf("9 <= x < 10.125: triton3_6 gives %llu subnormal results where nvcc_ftz gives +0\n",
              (unsigned long long)n);
  u64 m = 0;
  for (u64 x = 0; x < (u64(1) << 32); x += 4099) expect_triton_like_ftz(u32(x), m);
}

}  // namespace
