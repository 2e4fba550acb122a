// Properties of the ocml reproductions that hold independently of ocml's
// bits, for every registered configuration ("ocml", "ocml-daz", ...).
// Sources of expected values, per test:
//  * MPFR (bitexact::truth): fmod and ceil are exact operations, so ocml's
//    result must equal the correctly rounded one (after ocml's documented
//    DAZ flushing); sin/cos must stay within ocml's error bound (2 ulp).
//  * IEEE 754 facts: signed zeros, NaN/Inf behaviour, exact values.
// Bit-for-bit agreement with ocml.bc itself is checked against the CPU
// execution of the bitcode (tests/ocml_vectors_test.cpp, and the committed
// ocml.bc digests in tests/exhaustive/vendor_digest_test.cpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/ocml/cos_f32.hpp"
#include "bitexact/ocml/fmod_f32.hpp"
#include "bitexact/ocml/fmod_f64.hpp"
#include "bitexact/ocml/presets.hpp"
#include "bitexact/ocml/sin_f32.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/remainder.hpp"
#include "bitexact/truth/truth.hpp"
#include "gap_pairs.hpp"

namespace {

using namespace bitexact;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

// SplitMix64 seeded with `seed`, one output after the other.
struct rng {
  u64 seed;
  u64 i = 0;
  u64 next() { return inputs::splitmix64(seed, i++); }
};

std::string name_of(const ocml::preset& p) { return "ocml" + std::string(p.suffix); }

float f32(u32 b) { return bit_cast<float>(b); }
u32 b32(float f) { return bit_cast<u32>(f); }
double f64(u64 b) { return bit_cast<double>(b); }
u64 b64(double f) { return bit_cast<u64>(f); }
float daz(bool on, float x) { return on ? flush_subnormal(x) : x; }

std::vector<u32> f32_sample(u64 seed, int n) {
  rng r{seed};
  std::vector<u32> v;
  for (int i = 0; i < n; ++i) v.push_back(u32(r.next()));
  // Every binade's edges.
  for (u32 e = 0; e < 256; ++e)
    for (u32 f : {0u, 1u, 0x400000u, 0x7fffffu})
      for (u32 s : {0u, 0x80000000u}) v.push_back(s | (e << 23) | f);
  return v;
}

TEST(OcmlConfig, EveryPresetRegisteredWithSixFunctions) {
  for (const auto& p : ocml::presets)
    for (const auto& fi : functions())
      if (fn_desc_of(fi.id).ocml_reproduced)
        EXPECT_NE(find_impl(name_of(p), fi.id), nullptr) << name_of(p) << "." << fi.name;
      else  // ocml's code calls the AMD GPU's own instructions: nothing registered
        EXPECT_EQ(find_impl(name_of(p), fi.id), nullptr) << name_of(p) << "." << fi.name;
  // The fused-fmuladd and fast-fma choices of the presets (LLVM 15 / ocml.bc).
  static_assert(ocml::has_fast_fma_path(ocml::gfx90a) && ocml::fmuladd_fused(ocml::gfx90a));
  static_assert(ocml::fmuladd_fused(ocml::gfx90a_daz));
  static_assert(!ocml::has_fast_fma_path(ocml::gfx803) && !ocml::fmuladd_fused(ocml::gfx803));
  static_assert(ocml::has_fast_fma_path(ocml::gfx900_daz) && !ocml::fmuladd_fused(ocml::gfx900_daz));
  static_assert(!ocml::has_fast_fma_path(ocml::gfx702) && ocml::fmuladd_fused(ocml::gfx702));
}

// fmodf is exact: every finite result equals MPFR's; special cases follow ocml.
TEST(OcmlFmodf, ExactAgainstMpfrInEveryConfiguration) {
  rng r{7};
  std::vector<std::pair<u32, u32>> in;
  auto xs = f32_sample(1, 20000), ys = f32_sample(2, 20000);
  for (std::size_t i = 0; i < xs.size(); ++i) in.push_back({xs[i], ys[ys.size() - 1 - i]});
  // Structured: same magnitude, every exponent gap, x near k*y, tiny divisors.
  for (int g = 0; g < 280; ++g) {
    const u32 y = u32(r.next() % 0x7f7fffffu) | 0x00000001u;
    const int ey = int((y >> 23) & 0xff);
    if (ey + g < 255) in.push_back({((y & 0x807fffffu) | (u32(ey + g) << 23)) ^ u32(r.next() & 0x7fffff), y});
  }
  for (u32 k = 1; k < 2000; ++k) {
    const float y = f32(u32(r.next() % 0x7f000000u) + 0x00800000u);
    const float x = float(double(y) * k);  // near k*y
    in.push_back({b32(x), b32(y)});
    in.push_back({b32(x) + 1, b32(y)});
    in.push_back({b32(x) - 1, b32(y)});
    in.push_back({u32(r.next()), u32(r.next() % 0x00800000u)});  // subnormal divisor
  }
  for (const auto& p : ocml::presets) {
    const Impl* impl = find_impl(name_of(p), Fn::fmodf);
    ASSERT_NE(impl, nullptr);
    long checked = 0;
    for (auto [xb, yb] : in) {
      const float x = daz(p.cfg.daz, f32(xb)), y = daz(p.cfg.daz, f32(yb));
      const u32 got = u32(eval_one(*impl, xb, yb));
      const bool special = !fp_bits<float>(x).is_finite() || fp_bits<float>(y).is_nan() || y == 0.0f;
      if (special) {
        if (!p.cfg.finite_only) {
          EXPECT_EQ(got, 0x7fc00000u) << name_of(p) << std::hex << " x=" << xb << " y=" << yb;
        } else if (fp_bits<float>(y).is_inf() && fp_bits<float>(x).is_finite()) {
          EXPECT_EQ(got, b32(x)) << name_of(p);  // |x| < inf: x itself
        }
        continue;
      }
      const u32 want = b32(daz(p.cfg.daz, truth::fmodf(x, y)));
      ASSERT_EQ(got, want) << name_of(p) << std::hex << " x=0x" << xb << " y=0x" << yb;
      ++checked;
    }
    EXPECT_GT(checked, 25000) << name_of(p);
  }
}

TEST(OcmlFmod, ExactAgainstMpfrInEveryConfiguration) {
  rng r{11};
  std::vector<std::pair<u64, u64>> in;
  for (int i = 0; i < 20000; ++i) in.push_back({r.next(), r.next()});
  for (int g = 0; g < 2100; ++g) {
    const u64 y = (r.next() % 0x7fefffffffffffffull) | 1;
    const int ey = int((y >> 52) & 0x7ff);
    if (ey + g < 2047)
      in.push_back({((y & 0x800fffffffffffffull) ^ (r.next() & 0xfffffffffffffull)) | (u64(ey + g) << 52), y});
    in.push_back({r.next(), r.next() % 0x0010000000000000ull});  // subnormal divisor
  }
  for (u64 k = 1; k < 2000; ++k) {
    const double y = f64(r.next() % 0x7fe0000000000000ull + 0x0010000000000000ull);
    const double x = y * double(k);
    in.push_back({b64(x), b64(y)});
    in.push_back({b64(x) + 1, b64(y)});
    in.push_back({b64(x) - 1, b64(y)});
  }
  for (const auto& p : ocml::presets) {
    const Impl* impl = find_impl(name_of(p), Fn::fmod);
    ASSERT_NE(impl, nullptr);
    for (auto [xb, yb] : in) {
      const double x = f64(xb), y = f64(yb);
      const u64 got = eval_one(*impl, xb, yb);
      const bool special = !fp_bits<double>(x).is_finite() || fp_bits<double>(y).is_nan() || y == 0.0;
      if (special) {
        if (!p.cfg.finite_only) {
          EXPECT_EQ(got, 0x7ff8000000000000ull) << name_of(p);
        }
        continue;
      }
      // f64 denormals are never flushed, not even in DAZ builds.
      ASSERT_EQ(got, b64(truth::fmod(x, y))) << name_of(p) << std::hex << " x=0x" << xb << " y=0x" << yb;
    }
  }
}

// ocml's long division (detail::fmod_f32_division / fmod_f64_division: the
// loop of ocml.bc as reproduced, checked against the bitcode's own outputs by
// the committed digests) leaves the exact remainder, flushed to +0 in DAZ
// configurations where it is subnormal, which fmod_f32 / fmod_f64 compute
// directly (bitexact/remainder.hpp): the two compared on every exponent gap
// the operands can have (y's exponent at the bottom of the range, subnormal y
// included, and higher; tests/gap_pairs.hpp), on the significands at the
// ends of the binade and on random ones. Expected values: the division loop, an independent
// statement of the same remainder.
template <ocml::config C>
void check_fmod_f32_division(const char* name) {
  u64 bad = 0;
  const u64 n = bitexact::testing::each_gap_pair<float>(!C.daz, [&](u32 ax, u32 ay) {
    if (ax == ay) return;  // |x| > |y| only: x == y does not divide
    const u32 want = b32(ocml::detail::fmod_f32_division<C>(f32(ax), f32(ay)));
    const u32 got = remainder::abs_fmod_bits<float>(ax, ay, C.daz);
    if (got != want && bad++ < 5)
      ADD_FAILURE() << name << std::hex << " |x|=0x" << ax << " |y|=0x" << ay << ": 0x" << got << ", the division 0x"
                    << want;
  });
  EXPECT_EQ(bad, 0u) << name << ", of " << n;
  EXPECT_GT(n, 50000u) << name;
}

TEST(OcmlFmod, DirectRemainderIsOcmlsDivision) {
#define BITEXACT_OCML_CONFIG(tag, suffix, ...) check_fmod_f32_division<ocml::tag>("ocml" suffix ".fmodf");
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG
  // Binary64: one division for every configuration (f64 is never flushed and
  // always has its fma; the configurations differ only in NaN guards).
  u64 bad = 0;
  const u64 n = bitexact::testing::each_gap_pair<double>(true, [&](u64 ax, u64 ay) {
    if (ax == ay) return;
    const u64 want = b64(ocml::detail::fmod_f64_division(f64(ax), f64(ay)));
    const u64 got = remainder::abs_fmod_bits<double>(ax, ay);
    if (got != want && bad++ < 5)
      ADD_FAILURE() << std::hex << "fmod |x|=0x" << ax << " |y|=0x" << ay << ": 0x" << got << ", the division 0x"
                    << want;
  });
  EXPECT_EQ(bad, 0u) << "of " << n;
  EXPECT_GT(n, 500000u);
}

TEST(OcmlCeil, ExactAgainstMpfr) {
  for (const auto& p : ocml::presets) {
    const Impl* cf = find_impl(name_of(p), Fn::ceilf);
    const Impl* cd = find_impl(name_of(p), Fn::ceil);
    for (u32 xb : f32_sample(3, 20000)) {
      const float x = f32(xb);
      const u32 got = u32(eval_one(*cf, xb));
      if (fp_bits<float>(x).is_nan()) {
        EXPECT_EQ(got, xb | 0x00400000u) << "NaN quieted, payload kept";
        continue;
      }
      // DAZ: v_ceil_f32 reads a subnormal as a signed zero.
      ASSERT_EQ(got, b32(truth::ceilf(daz(p.cfg.daz, x)))) << name_of(p) << std::hex << " x=0x" << xb;
    }
    rng r{5};
    for (int i = 0; i < 20000; ++i) {
      const u64 xb = r.next() >> (i % 13);
      const double x = f64(xb);
      if (fp_bits<double>(x).is_nan()) continue;
      ASSERT_EQ(eval_one(*cd, xb), b64(truth::ceil(x))) << name_of(p);
    }
    // IEEE facts.
    EXPECT_EQ(eval_one(*cf, 0xbf000000u), 0x80000000u);  // ceil(-0.5) = -0
    EXPECT_EQ(eval_one(*cf, 0x3f000001u), 0x3f800000u);  // ceil(0.5+) = 1
    EXPECT_EQ(eval_one(*cf, 0x00000001u), p.cfg.daz ? 0u : 0x3f800000u);
    EXPECT_EQ(eval_one(*cd, 1), 0x3ff0000000000000ull);  // f64: never flushed
  }
}

// sin/cos: within 2 ulp of the correctly rounded value for every finite
// input (ocml's accuracy target for these functions; measured bound below).
TEST(OcmlSinCos, WithinTwoUlpOfMpfr) {
  auto sample = f32_sample(4, 6000);
  rng r{9};
  for (int i = 0; i < 3000; ++i) sample.push_back(u32(r.next() % 0x48000000u));  // |x| < 2^17 densely
  // Around the small/large reduction threshold 2^17 and near multiples of pi/2.
  for (u32 d = 0; d < 64; ++d) sample.push_back(0x48000000u - 32 + d);
  for (u32 b : {0x3fc90fdbu, 0x40490fdbu, 0x4096cbe4u, 0x5a7d1ff5u, 0x4b3d4a20u}) {
    sample.push_back(b - 1);
    sample.push_back(b);
    sample.push_back(b + 1);
  }
  for (const auto& p : ocml::presets) {
    for (Fn fn : {Fn::sinf, Fn::cosf}) {
      const Impl* impl = find_impl(name_of(p), fn);
      u64 worst = 0;
      for (u32 xb : sample) {
        const float x = f32(xb);
        const u32 got = u32(eval_one(*impl, xb));
        if (!fp_bits<float>(x).is_finite()) {
          if (!p.cfg.finite_only) {
            EXPECT_EQ(got, 0x7fc00000u);
          }
          continue;
        }
        const float xin = daz(p.cfg.daz, x);
        const float want = fn == Fn::sinf ? truth::sinf(xin) : truth::cosf(xin);
        const float g = f32(got);
        ASSERT_FALSE(fp_bits<float>(g).is_nan()) << name_of(p) << std::hex << " x=0x" << xb;
        const u64 d = ulp_steps(g, daz(p.cfg.daz, want));
        if (d > worst) worst = d;
        ASSERT_LE(d, 2u) << name_of(p) << (fn == Fn::sinf ? " sin" : " cos") << std::hex << " x=0x" << xb << " got 0x"
                         << got << " want 0x" << b32(want);
      }
    }
  }
}

TEST(OcmlSinCos, IeeeFacts) {
  EXPECT_EQ(b32(ocml::sin_f32<ocml::gfx90a>(0.0f)), 0u);
  EXPECT_EQ(b32(ocml::sin_f32<ocml::gfx90a>(-0.0f)), 0x80000000u);
  EXPECT_EQ(b32(ocml::cos_f32<ocml::gfx90a>(-0.0f)), 0x3f800000u);
  EXPECT_EQ(b32(ocml::sin_f32<ocml::gfx803>(f32(0x80000001u))), 0x80000001u);      // sin(x) = x, tiny x
  EXPECT_EQ(b32(ocml::sin_f32<ocml::gfx90a_daz>(f32(0x80000001u))), 0x80000000u);  // DAZ: -0
  EXPECT_EQ(b32(ocml::sin_f32<ocml::gfx90a>(f32(0x7f800000u))), 0x7fc00000u);
  EXPECT_EQ(b32(ocml::cos_f32<ocml::gfx90a>(f32(0xff800001u))), 0x7fc00000u);
  // Finite-only builds compute something finite (the reduction reads the bits).
  EXPECT_TRUE(fp_bits<float>(ocml::sin_f32<ocml::gfx90a_finite>(f32(0x7f800000u))).is_finite());
  // Odd/even symmetry holds bit for bit (sign applied by a bit flip).
  rng r{3};
  for (int i = 0; i < 100000; ++i) {
    const u32 b = u32(r.next() % 0x7f800000u);  // finite, non-negative
    EXPECT_EQ(b32(ocml::sin_f32<ocml::gfx90a>(f32(b | 0x80000000u))),
              b32(ocml::sin_f32<ocml::gfx90a>(f32(b))) ^ 0x80000000u);
    EXPECT_EQ(b32(ocml::cos_f32<ocml::gfx803>(f32(b | 0x80000000u))), b32(ocml::cos_f32<ocml::gfx803>(f32(b))));
  }
}

}  // namespace
