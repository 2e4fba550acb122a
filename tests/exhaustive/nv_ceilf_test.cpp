// Exhaustive check of the libdevice ceilf reproductions ("nv" = nv::ceilf,
// "nv-ftz" = nv::ceilf_ftz) over all 2^32 binary32 inputs, on the sweep engine
// against the correctly rounded truth (find_truth: "mpfr", bitexact::truth::ceilf,
// checked against MPFR's mpfr_ceil in tests/truth_exact_test.cpp).
//
// Expected values are IEEE 754 and PTX facts, counted from the encoding, not
// from the implementations:
//  * nv: ceil is exact, so every result equals the truth's, except that a NaN
//    input gives PTX's canonical NaN 0x7fffffff where the truth gives the
//    default NaN 0x7fc00000 (both NaN: counted correct, as a payload difference);
//  * nv-ftz: cvt.rpi.ftz flushes its input, so each positive subnormal gives
//    ceil(+0) = +0 instead of 1.0 (a flushed result, not a 2^23-ulp error); a negative subnormal
//    gives -0 either way. Nothing else differs.
#include <gtest/gtest.h>

#include "bitexact/sweep/engine.hpp"

namespace bx = bitexact;
using bx::sweep::VClass;

TEST(NvCeilfExhaustive, AllInputsBothFlavoursAgainstTheTruth) {
  bx::sweep::Options o;
  o.fn = bx::Fn::ceilf;
  o.impls = bx::sweep::resolve_impls("nv,nv-ftz", o.fn);
  o.inputs = bx::sweep::parse_input_set("exhaustive", o.fn);
  auto s = bx::sweep::make_state(o);
  ASSERT_TRUE(bx::sweep::run(o, s));
  ASSERT_EQ(s.truth, "mpfr");
  const std::uint64_t all = std::uint64_t(1) << 32, frac = (std::uint64_t(1) << 23) - 1;
  const std::uint64_t nans = 2 * frac, positive_subnormals = frac;

  const auto& nv = s.impl_stats[0];
  EXPECT_EQ(nv.count, all);
  EXPECT_EQ(nv.correctly_rounded, all);
  EXPECT_EQ(nv.nan_payload_differs, nans);
  EXPECT_EQ(nv.max.value, 0.0);

  const auto& ftz = s.impl_stats[1];
  EXPECT_EQ(ftz.correctly_rounded, all - positive_subnormals);
  EXPECT_EQ(ftz.nan_payload_differs, nans);
  // ceil(+subnormal) = 1, and +0 after DAZ: flushed (conformance/report-schema.md,
  // "Flushed results"), not 2^23-ulp errors.
  EXPECT_EQ(ftz.flushed, positive_subnormals);
  EXPECT_EQ(ftz.hist[bx::sweep::bins::huge], 0u);
  EXPECT_EQ(ftz.max.value, 0.0);
  EXPECT_EQ(ftz.in_class_wrong[int(VClass::subnormal)], positive_subnormals);
  EXPECT_EQ(ftz.special_mismatches(), 0u);

  const auto& pair = s.pair_stats[s.pair_index(0, 1)];
  EXPECT_EQ(pair.differ, positive_subnormals);
  EXPECT_EQ(pair.cls[int(bx::sweep::Disc::zero_vs_nonzero)], positive_subnormals);
}
