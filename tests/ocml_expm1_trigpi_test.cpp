// ocml's expm1f, sinpif and cospif (include/bitexact/ocml/expm1_f32.hpp,
// sinpi_f32.hpp, cospi_f32.hpp) in every registered configuration.
// Sources of expected values, per test:
//  * MPFR (bitexact::truth): every finite result within 2 ulp of the correctly
//    rounded one (largest seen on 2^20 inputs per binade sample: 1.34 ulp for
//    expm1f, 0.97 / 1.46 ulp for sinpif and 0.94 / 1.49 ulp for cospif with
//    fused / unfused llvm.fmuladd);
//  * the guards of ocml.bc 5.2.3 itself, read from its IR (llvm-dis-15 of
//    Debian's ocml.bc): expm1 selects +Inf for x > 0x42b17217 (unless
//    finite-only) and -1 for x < -17; sinpi/cospi select 0x7fc00000 for a
//    non-finite x (unless finite-only); exact zeros and ones where the
//    reduced argument is exactly 0 (sin(pi n), cos(pi (n + 1/2)));
//  * ocml.bc itself, executed on the CPU (ocml-bc*, when built): bit for bit
//    on random and threshold inputs, the one documented exception being the
//    sign of an invalid-operation NaN of finite-only expm1f outside its
//    contract (docs/ocml.md, "Known divergence").
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/ocml/cospi_f32.hpp"
#include "bitexact/ocml/expm1_f32.hpp"
#include "bitexact/ocml/presets.hpp"
#include "bitexact/ocml/sinpi_f32.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/truth/truth.hpp"

namespace {

using namespace bitexact;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

float f32(u32 b) { return bit_cast<float>(b); }
u32 b32(float f) { return bit_cast<u32>(f); }
float daz(bool on, float x) { return on ? flush_subnormal(x) : x; }
bool is_nan_bits(u32 b) { return (b & 0x7fffffffu) > 0x7f800000u; }
std::string name_of(const ocml::preset& p) { return "ocml" + std::string(p.suffix); }

constexpr Fn fns[] = {Fn::expm1f, Fn::sinpif, Fn::cospif};

std::vector<u32> sample(u64 seed, int n) {
  std::vector<u32> v;
  for (int i = 0; i < n; ++i) v.push_back(u32(inputs::splitmix64(seed, u64(i))));
  for (u32 e = 0; e < 256; ++e)  // every binade's edges, both signs
    for (u32 f : {0u, 1u, 0x400000u, 0x7fffffu})
      for (u32 s : {0u, 0x80000000u}) v.push_back(s | (e << 23) | f);
  // expm1: around the +Inf and -1 bounds and where q = rint(x log2 e) is 128.
  for (u32 b : {0x42b17217u, 0xc1880000u, 0x42b0c0a5u, 0x42b00000u})
    for (u32 d = 0; d < 64; ++d) v.push_back(b - 32 + d);
  // sinpi/cospi: around 1 (the fract branch), quarter integers, 2^23, 2^24.
  for (u32 b : {0x3f800000u, 0x3e800000u, 0x3f400000u, 0x40100000u, 0x4b000000u, 0x4b800000u})
    for (u32 d = 0; d < 64; ++d) v.push_back(b - 32 + d);
  return v;
}

double ulp_error(Fn fn, float x, float r) {
  switch (fn) {
    case Fn::expm1f: return truth::ulp_error_expm1f(x, r);
    case Fn::sinpif: return truth::ulp_error_sinpif(x, r);
    default: return truth::ulp_error_cospif(x, r);
  }
}
float correctly_rounded(Fn fn, float x) {
  switch (fn) {
    case Fn::expm1f: return truth::expm1f(x);
    case Fn::sinpif: return truth::sinpif(x);
    default: return truth::cospif(x);
  }
}

TEST(OcmlExpm1Trigpi, RegisteredInEveryConfiguration) {
  for (const auto& p : ocml::presets)
    for (Fn fn : fns) {
      EXPECT_TRUE(fn_desc_of(fn).ocml_reproduced);
      EXPECT_NE(find_impl(name_of(p), fn), nullptr) << name_of(p) << "." << fn_info(fn).name;
    }
}

TEST(OcmlExpm1Trigpi, WithinTwoUlpOfMpfr) {
  const auto xs = sample(21, 4000);
  for (const auto& p : ocml::presets)
    for (Fn fn : fns) {
      const Impl* impl = find_impl(name_of(p), fn);
      ASSERT_NE(impl, nullptr);
      for (u32 xb : xs) {
        const float x = f32(xb);
        if (!fp_bits<float>(x).is_finite()) continue;
        if (fn == Fn::expm1f && p.cfg.finite_only && x > 0x1.62e42ep+6f) continue;  // overflow: no guard
        const float xin = daz(p.cfg.daz, x);
        const float got = f32(u32(eval_one(*impl, xb)));
        ASSERT_FALSE(fp_bits<float>(got).is_nan()) << name_of(p) << "." << fn_info(fn).name << std::hex << " x=0x" << xb;
        const float want = correctly_rounded(fn, xin);
        if (b32(got) == b32(want)) continue;  // (overflow included: +Inf)
        // Under DAZ a result among the subnormals is flushed to a zero.
        if (p.cfg.daz && fp_bits<float>(want).is_subnormal()) {
          EXPECT_TRUE(fp_bits<float>(got).is_zero() || !fp_bits<float>(got).is_subnormal());
          continue;
        }
        const double e = ulp_error(fn, xin, got);
        ASSERT_LE(e, 2.0) << name_of(p) << "." << fn_info(fn).name << std::hex << " x=0x" << xb << " got 0x"
                          << b32(got);
      }
    }
}

TEST(OcmlExpm1Trigpi, GuardsOfTheBitcode) {
  for (const auto& p : ocml::presets) {
    const Impl* em = find_impl(name_of(p), Fn::expm1f);
    const Impl* sp = find_impl(name_of(p), Fn::sinpif);
    const Impl* cp = find_impl(name_of(p), Fn::cospif);
    ASSERT_TRUE(em && sp && cp);
    // x > 0x1.62e42ep+6: +Inf (the select is dropped in finite-only builds).
    if (!p.cfg.finite_only) {
      EXPECT_EQ(eval_one(*em, 0x42b17218u), 0x7f800000u) << name_of(p);
      EXPECT_EQ(eval_one(*em, 0x7f800000u), 0x7f800000u) << name_of(p);
      for (u32 nan : {0x7fc00000u, 0xff800001u, 0x7f800000u, 0xff800000u}) {
        EXPECT_EQ(eval_one(*sp, nan), 0x7fc00000u) << name_of(p);
        EXPECT_EQ(eval_one(*cp, nan), 0x7fc00000u) << name_of(p);
      }
      // expm1 has no NaN guard: the input NaN comes out quieted.
      EXPECT_EQ(eval_one(*em, 0xff800001u), 0xffc00001u) << name_of(p);
    }
    // x < -17: exactly -1 in every configuration, -Inf included.
    for (u32 b : {0xc1880001u, 0xc2000000u, 0xff7fffffu, 0xff800000u})
      EXPECT_EQ(eval_one(*em, b), 0xbf800000u) << name_of(p) << std::hex << " x=0x" << b;
    EXPECT_EQ(eval_one(*em, 0u), 0u) << name_of(p);
    // Integers n: the reduced argument is exactly 0, sin(pi n) a zero and
    // cos(pi n) = +-1; half integers the other way round.
    for (u32 n = 0; n < 40; ++n) {
      const float x = float(n) * 7.0f + 1.0f;
      const u32 s = u32(eval_one(*sp, b32(x))), c = u32(eval_one(*cp, b32(x)));
      EXPECT_EQ(s & 0x7fffffffu, 0u) << name_of(p) << " sinpi(" << x << ")";
      EXPECT_EQ(c & 0x7fffffffu, 0x3f800000u) << name_of(p) << " cospi(" << x << ")";
      const float h = x + 0.5f;
      EXPECT_EQ(u32(eval_one(*sp, b32(h))) & 0x7fffffffu, 0x3f800000u) << name_of(p) << " sinpi(" << h << ")";
      EXPECT_EQ(u32(eval_one(*cp, b32(h))) & 0x7fffffffu, 0u) << name_of(p) << " cospi(" << h << ")";
    }
    // Every float from 2^24 up is an even integer: sinpi = +-0, cospi = 1.
    for (u32 b : {0x4b800000u, 0x4f000000u, 0x7f7fffffu}) {
      EXPECT_EQ(u32(eval_one(*sp, b)) & 0x7fffffffu, 0u) << name_of(p);
      EXPECT_EQ(eval_one(*cp, b), 0x3f800000u) << name_of(p);
    }
  }
}

TEST(OcmlExpm1Trigpi, Symmetry) {
  for (u64 i = 0; i < 50000; ++i) {
    const u32 b = u32(inputs::splitmix64(5, i)) % 0x7f800000u;  // finite, non-negative
    EXPECT_EQ(b32(ocml::sinpi_f32<ocml::gfx90a>(f32(b | 0x80000000u))),
              b32(ocml::sinpi_f32<ocml::gfx90a>(f32(b))) ^ 0x80000000u);
    EXPECT_EQ(b32(ocml::cospi_f32<ocml::gfx803>(f32(b | 0x80000000u))), b32(ocml::cospi_f32<ocml::gfx803>(f32(b))));
  }
}

// Bit for bit against ocml.bc executed on the CPU (skipped where it is not built).
TEST(OcmlExpm1Trigpi, EqualsOcmlBcOnSamples) {
  if (find_impl("ocml-bc", Fn::expm1f) == nullptr)
    GTEST_SKIP() << "ocml-bc is not built here (needs llvm-15 and rocm-device-libs)";
  const auto xs = sample(22, 1 << 16);
  for (const auto& p : ocml::presets)
    for (Fn fn : fns) {
      const Impl* mine = find_impl(name_of(p), fn);
      const Impl* bc = find_impl("ocml-bc" + std::string(p.suffix), fn);
      ASSERT_TRUE(mine && bc) << name_of(p) << "." << fn_info(fn).name;
      std::size_t nan_sign = 0;
      for (u32 xb : xs) {
        const u32 got = u32(eval_one(*mine, xb)), want = u32(eval_one(*bc, xb));
        if (got == want) continue;
        // Finite-only expm1f for x > 88.72 or +Inf: AMD's default NaN is
        // positive, the CPU execution's (x86) negative.
        if (p.cfg.finite_only && fn == Fn::expm1f && is_nan_bits(got) && (got ^ want) == 0x80000000u) {
          ++nan_sign;
          continue;
        }
        ADD_FAILURE() << name_of(p) << "." << fn_info(fn).name << std::hex << " x=0x" << xb << " got 0x" << got
                      << " ocml-bc 0x" << want;
      }
      if (!(p.cfg.finite_only && fn == Fn::expm1f)) {
        EXPECT_EQ(nan_sign, 0u);
      }
    }
}

}  // namespace
