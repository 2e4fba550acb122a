// fp_bits builders and predicates (include/bitexact/bits.hpp).
// Expected values: the IEEE 754-2019 encodings (section 3.4: sign, biased
// exponent, trailing significand; NaNs with the quiet bit as the first
// trailing-significand bit, 6.2.1), written out as literal bit patterns;
#include <gtest/gtest.h>

#include <cstdint>

#include "bitexact/bits.hpp"

namespace {

using bitexact::fp_bits;
using F = fp_bits<float>;
using D = fp_bits<double>;

TEST(FpBits, Binary32Builders) {
  EXPECT_EQ(F::zero().bits, 0x00000000u);
  EXPECT_EQ(F::zero(true).bits, 0x80000000u);
  EXPECT_EQ(F::one().bits, 0x3f800000u);
  EXPECT_EQ(F::one(true).bits, 0xbf800000u);
  EXPECT_EQ(F::inf().bits, 0x7f800000u);
  EXPECT_EQ(F::inf(true).bits, 0xff800000u);
  EXPECT_EQ(F::quiet_nan().bits, 0x7fc00000u);
  EXPECT_EQ(F::quiet_nan(true).bits, 0xffc00000u);
  EXPECT_EQ(F::quiet_nan(false, 0x12345).bits, 0x7fc12345u);
  EXPECT_EQ(F::quiet_nan(false, 0xffffffffu).bits, 0x7fffffffu);  // payload cut to 22 bits
  EXPECT_EQ(F::signaling_nan().bits, 0x7f800001u);
  EXPECT_EQ(F::signaling_nan(true).bits, 0xff800001u);
  EXPECT_EQ(F::signaling_nan(false, 0x200000).bits, 0x7fa00000u);
  EXPECT_EQ(F::signaling_nan(false, 0).bits, 0x7f800001u);  // never an infinity
  EXPECT_EQ(F::min_subnormal().bits, 0x00000001u);
  EXPECT_EQ(F::min_subnormal(true).bits, 0x80000001u);
  EXPECT_EQ(F::max_subnormal().bits, 0x007fffffu);
  EXPECT_EQ(F::min_normal().bits, 0x00800000u);
  EXPECT_EQ(F::min_normal(true).bits, 0x80800000u);
  EXPECT_EQ(F::max_normal().bits, 0x7f7fffffu);
  EXPECT_EQ(F::max_normal(true).bits, 0xff7fffffu);
}

TEST(FpBits, Binary64Builders) {
  EXPECT_EQ(D::zero(true).bits, 0x8000000000000000ull);
  EXPECT_EQ(D::one().bits, 0x3ff0000000000000ull);
  EXPECT_EQ(D::inf().bits, 0x7ff0000000000000ull);
  EXPECT_EQ(D::inf(true).bits, 0xfff0000000000000ull);
  EXPECT_EQ(D::quiet_nan().bits, 0x7ff8000000000000ull);
  EXPECT_EQ(D::quiet_nan(true).bits, 0xfff8000000000000ull);
  EXPECT_EQ(D::quiet_nan(false, 0x12345).bits, 0x7ff8000000012345ull);
  EXPECT_EQ(D::signaling_nan().bits, 0x7ff0000000000001ull);
  EXPECT_EQ(D::min_subnormal().bits, 0x0000000000000001ull);
  EXPECT_EQ(D::max_subnormal().bits, 0x000fffffffffffffull);
  EXPECT_EQ(D::min_normal().bits, 0x0010000000000000ull);
  EXPECT_EQ(D::max_normal().bits, 0x7fefffffffffffffull);
  EXPECT_EQ(D::max_normal(true).bits, 0xffefffffffffffffull);
}

TEST(FpBits, Predicates) {
  struct Case {
    std::uint32_t bits;
    bool zero, subnormal, inf, nan, quiet, signaling, finite;
  };
  const Case cases[] = {
      {0x00000000u, true, false, false, false, false, false, true},
      {0x80000000u, true, false, false, false, false, false, true},
      {0x00000001u, false, true, false, false, false, false, true},
      {0x807fffffu, false, true, false, false, false, false, true},
      {0x00800000u, false, false, false, false, false, false, true},
      {0x7f7fffffu, false, false, false, false, false, false, true},
      {0x7f800000u, false, false, true, false, false, false, false},
      {0xff800000u, false, false, true, false, false, false, false},
      {0x7f800001u, false, false, false, true, false, true, false},
      {0x7fbfffffu, false, false, false, true, false, true, false},
      {0x7fc00000u, false, false, false, true, true, false, false},
      {0xffffffffu, false, false, false, true, true, false, false},
  };
  for (const auto& c : cases) {
    const F b = F::from_bits(c.bits);
    EXPECT_EQ(b.is_zero(), c.zero) << std::hex << c.bits;
    EXPECT_EQ(b.is_subnormal(), c.subnormal) << std::hex << c.bits;
    EXPECT_EQ(b.is_inf(), c.inf) << std::hex << c.bits;
    EXPECT_EQ(b.is_nan(), c.nan) << std::hex << c.bits;
    EXPECT_EQ(b.is_quiet_nan(), c.quiet) << std::hex << c.bits;
    EXPECT_EQ(b.is_signaling_nan(), c.signaling) << std::hex << c.bits;
    EXPECT_EQ(b.is_finite(), c.finite) << std::hex << c.bits;
  }
}

TEST(FpBits, BuildersAreConstantExpressions) {
  static_assert(F::quiet_nan().bits == 0x7fc00000u);
  static_assert(D::inf(true).bits == 0xfff0000000000000ull);
  static_assert(F::quiet_nan().is_quiet_nan() && F::signaling_nan().is_signaling_nan());
}

}  // namespace
