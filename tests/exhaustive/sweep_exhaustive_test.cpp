// The engine at full scale: all 2^32 binary32 inputs, 65536 chunks, on all
// cores. ceilf is exact (IEEE 754 roundToIntegralTowardPositive), so the host's
// and nv's ceilf must agree everywhere; the class counts are IEEE 754 facts
// about the binary32 encoding. The host ceilf stands in for the reference so
// the run takes seconds (the engine, not the truth, is under test here).
#include <gtest/gtest.h>

#include "bitexact/sweep/engine.hpp"

namespace bx = bitexact;

TEST(SweepExhaustive, CeilfAllBinary32Inputs) {
  bx::sweep::Options o;
  o.fn = bx::Fn::ceilf;
  const bx::Impl* nv = bx::find_impl("nv", o.fn);
  if (!nv) GTEST_SKIP() << "nv.ceilf not registered";
  o.impls = {nv};
  o.truth = bx::find_impl("host", o.fn);
  o.inputs = bx::sweep::parse_input_set("exhaustive", o.fn);
  auto s = bx::sweep::make_state(o);
  ASSERT_TRUE(bx::sweep::run(o, s));
  ASSERT_TRUE(s.complete());
  EXPECT_EQ(s.total_chunks, 65536u);
  EXPECT_EQ(s.count, std::uint64_t(1) << 32);
  using V = bx::sweep::VClass;
  const std::uint64_t frac = (1u << 23) - 1;  // non-zero fractions
  EXPECT_EQ(s.in_class_count[int(V::zero)], 2u);
  EXPECT_EQ(s.in_class_count[int(V::inf)], 2u);
  EXPECT_EQ(s.in_class_count[int(V::subnormal)], 2 * frac);
  EXPECT_EQ(s.in_class_count[int(V::nan)], 2 * frac);
  EXPECT_EQ(s.in_class_count[int(V::normal)], 2u * 254u * (1u << 23));
  const auto& st = s.impl_stats[0];
  EXPECT_EQ(st.count, std::uint64_t(1) << 32);
  EXPECT_EQ(st.correctly_rounded, std::uint64_t(1) << 32);
  EXPECT_EQ(st.max.value, 0.0);
}
