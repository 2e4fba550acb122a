// The "ocml-bc*" implementations: AMD's ocml bitcode compiled for this CPU
// (src/impls/ocml_bc, docs/ocml-bc.md).
//
// Expected values come from sources independent of that pipeline:
//   - IEEE 754 facts (ceil and fmod are exact operations; special values),
//   - MPFR (bitexact::truth) for the exact results and for sin/cos accuracy,
//   - the C library's frexp/ldexp (exact / correctly rounded) for the models of
//     the AMDGPU frexp/ldexp instructions, and the AMD ISA guide's tables for
//     their special cases.
// DAZ configurations: the GPU flushes f32 denormal inputs and results, so the
// expected value is the IEEE result of the flushed inputs, flushed.
#include <gtest/gtest.h>

#include <xmmintrin.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/truth/truth.hpp"

#ifdef BITEXACT_HAVE_OCML_BC
extern "C" {
float bx_amdgcn_frexp_mant_f32(float);
double bx_amdgcn_frexp_mant_f64(double);
std::int32_t bx_amdgcn_frexp_exp_i32_f32(float);
std::int32_t bx_amdgcn_frexp_exp_i32_f64(double);
float bx_amdgcn_ldexp_f32(float, std::int32_t);
double bx_amdgcn_ldexp_f64(double, std::int32_t);
bool bx_amdgcn_class_f32(float, std::int32_t);
bool bx_amdgcn_class_f64(double, std::int32_t);
float bx_amdgcn_rcp_f32(float);
float bx_canonicalize_f32(float);
}
#endif

namespace {

using bitexact::bit_cast;
using bitexact::Fn;
using bitexact::fp_bits;
using bitexact::word;

struct Config {
  const char* name;
  bool daz;
  bool finite_only;
};
constexpr Config config_rows[] = {
    {"ocml-bc", false, false},
    {"ocml-bc-daz", true, false},
    {"ocml-bc-gfx900-daz", true, false},
    {"ocml-bc-gfx803", false, false},
    {"ocml-bc-gfx803-daz", true, false},
    {"ocml-bc-gfx702", false, false},
    {"ocml-bc-finite", false, true},
    {"ocml-bc-daz-finite", true, true},
    {"ocml-bc-gfx900-daz-finite", true, true},
    {"ocml-bc-gfx803-finite", false, true},
    {"ocml-bc-gfx803-daz-finite", true, true},
    {"ocml-bc-gfx702-finite", false, true},
};

#ifdef BITEXACT_HAVE_OCML_BC
constexpr bool built_configs = true;
#else
constexpr bool built_configs = false;
#endif
// The objects are compiled for x86-64 with FMA and SSE4.1 and registered only
// where the CPU has them.
bool available() { return built_configs && __builtin_cpu_supports("fma") && __builtin_cpu_supports("sse4.1"); }
#define REQUIRE_OCML_BC()                                                                              \
  do {                                                                                                 \
    if (!available()) GTEST_SKIP() << "no ocml-bc: built without llvm-15/rocm-device-libs, or no FMA"; \
  } while (0)

const bitexact::Impl& impl(const char* name, Fn fn) {
  const bitexact::Impl* p = bitexact::find_impl(name, fn);
  if (!p) throw std::runtime_error(std::string("not registered: ") + name);
  return *p;
}

std::uint32_t bits32(float x) { return bit_cast<std::uint32_t>(x); }
std::uint64_t bits64(double x) { return bit_cast<std::uint64_t>(x); }
float f32(std::uint32_t b) { return bit_cast<float>(b); }

float eval(const bitexact::Impl& i, float x) { return f32(std::uint32_t(bitexact::eval_one(i, bits32(x)))); }
float eval(const bitexact::Impl& i, float x, float y) {
  return f32(std::uint32_t(bitexact::eval_one(i, bits32(x), bits32(y))));
}
double eval(const bitexact::Impl& i, double x) { return bit_cast<double>(bitexact::eval_one(i, bits64(x))); }
double eval(const bitexact::Impl& i, double x, double y) {
  return bit_cast<double>(bitexact::eval_one(i, bits64(x), bits64(y)));
}

float flush(float x, bool daz) { return daz ? bitexact::flush_subnormal(x) : x; }

// Random floats: uniform bit patterns, plus patterns concentrated on a range of
// binary exponents (so that tiny, huge and denormal values all occur).
std::vector<float> random_floats(std::mt19937_64& rng, std::size_t n, int min_biased, int max_biased) {
  std::vector<float> v;
  std::uniform_int_distribution<int> e(min_biased, max_biased);
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t b = std::uint32_t(rng());
    if (i % 2) b = (b & 0x807fffffu) | (std::uint32_t(e(rng)) << 23);
    v.push_back(f32(b));
  }
  return v;
}

const std::vector<float>& special_floats() {
  static const std::vector<float> v = [] {
    std::vector<float> s;
    for (std::uint32_t b : {0x00000000u, 0x00000001u, 0x007fffffu, 0x00800000u, 0x3f000000u, 0x3f800000u, 0x3fc00000u,
                            0x40490fdbu, 0x3fc90fdbu, 0x47ffff00u, 0x48000000u, 0x4b000000u, 0x4b7fffffu, 0x7f7fffffu,
                            0x7f800000u, 0x7fc00000u, 0x7fa00001u, 0x7fffffffu}) {
      s.push_back(f32(b));
      s.push_back(f32(b | 0x80000000u));
    }
    return s;
  }();
  return v;
}

TEST(OcmlBc, EveryConfigurationIsRegisteredForEveryFunction) {
  REQUIRE_OCML_BC();
  for (const Config& c : config_rows)
    for (const auto& f : bitexact::functions())
      if (bitexact::fn_desc_of(f.id).ocml_reproduced)  // the rows ocml is reproduced for
        EXPECT_NE(bitexact::find_impl(c.name, f.id), nullptr) << c.name << "." << f.name;
      else
        EXPECT_EQ(bitexact::find_impl(c.name, f.id), nullptr) << c.name << "." << f.name << ": ocml/not_reproduced.def";
}

// ceil is exact: the IEEE result of the (flushed) input.
TEST(OcmlBc, CeilIsExactAgainstMpfr) {
  REQUIRE_OCML_BC();
  std::mt19937_64 rng(1);
  auto xs = random_floats(rng, 20000, 100, 160);
  xs.insert(xs.end(), special_floats().begin(), special_floats().end());
  for (const Config& c : config_rows) {
    const auto& cf = impl(c.name, Fn::ceilf);
    for (float x : xs) {
      if (c.finite_only && !std::isfinite(x)) continue;
      float got = eval(cf, x);
      float want = bitexact::truth::ceilf(flush(x, c.daz));
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(got)) << c.name << " ceilf " << std::hexfloat << x;
      } else {
        ASSERT_EQ(bits32(got), bits32(want)) << c.name << " ceilf " << std::hexfloat << x;
      }
    }
    const auto& cd = impl(c.name, Fn::ceil);
    std::uniform_int_distribution<int> e(900, 1100);
    for (int i = 0; i < 20000; ++i) {
      std::uint64_t b = rng();
      if (i % 2) b = (b & 0x800fffffffffffffull) | (std::uint64_t(e(rng)) << 52);
      double x = bit_cast<double>(b);
      if (c.finite_only && !std::isfinite(x)) continue;
      double got = eval(cd, x), want = bitexact::truth::ceil(x);  // f64: never flushed
      if (std::isnan(want))
        EXPECT_TRUE(std::isnan(got)) << c.name;
      else
        ASSERT_EQ(bits64(got), bits64(want)) << c.name << " ceil " << std::hexfloat << x;
    }
  }
}

// fmod is exact (IEEE 754 remainder-like operation with truncation): the result
// must equal MPFR's bit for bit, sign included, for every finite pair.
TEST(OcmlBc, FmodfIsExactAgainstMpfr) {
  REQUIRE_OCML_BC();
  std::mt19937_64 rng(2);
  auto xs = random_floats(rng, 20000, 0, 254);
  auto ys = random_floats(rng, 20000, 0, 254);
  for (const Config& c : config_rows) {
    const auto& f = impl(c.name, Fn::fmodf);
    for (std::size_t i = 0; i < xs.size(); ++i) {
      float x = flush(xs[i], c.daz), y = flush(ys[i], c.daz);
      // Finite-only: ocml assumes no NaN/Inf operand or result (fmod(x, 0) is NaN).
      if (c.finite_only && (!std::isfinite(x) || !std::isfinite(y) || y == 0.0f)) continue;
      float got = eval(f, xs[i], ys[i]);
      float want = flush(bitexact::truth::fmodf(x, y), c.daz);
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(got)) << c.name;
      } else {
        ASSERT_EQ(bits32(got), bits32(want)) << c.name << " fmodf " << std::hexfloat << xs[i] << " " << ys[i];
      }
    }
  }
}

TEST(OcmlBc, FmodfNearbyExponents) {
  // Quotients from 1 to 2^40 with full-width significands: every step of the
  // long-division loop of ocml's fmod, including the last partial one.
  REQUIRE_OCML_BC();
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<int> ex(1, 254), gap(0, 40);
  for (const Config& c : config_rows) {
    const auto& f = impl(c.name, Fn::fmodf);
    for (int i = 0; i < 20000; ++i) {
      int ey = ex(rng), exx = std::min(254, ey + gap(rng));
      float x = f32((std::uint32_t(rng()) & 0x807fffffu) | std::uint32_t(exx) << 23);
      float y = f32((std::uint32_t(rng()) & 0x807fffffu) | std::uint32_t(ey) << 23);
      float got = eval(f, x, y);
      float want = flush(bitexact::truth::fmodf(x, y), c.daz);
      ASSERT_EQ(bits32(got), bits32(want)) << c.name << " fmodf " << std::hexfloat << x << " " << y;
    }
  }
}

TEST(OcmlBc, FmodIsExactAgainstMpfr) {
  REQUIRE_OCML_BC();
  std::mt19937_64 rng(4);
  std::uniform_int_distribution<int> ex(0, 2046), gap(0, 200);
  for (const Config& c : config_rows) {
    const auto& f = impl(c.name, Fn::fmod);
    for (int i = 0; i < 20000; ++i) {
      std::uint64_t bx = rng(), by = rng();
      if (i % 2) {  // nearby exponents
        int ey = ex(rng), exx = std::min(2046, ey + gap(rng));
        bx = (bx & 0x800fffffffffffffull) | std::uint64_t(exx) << 52;
        by = (by & 0x800fffffffffffffull) | std::uint64_t(ey) << 52;
      }
      double x = bit_cast<double>(bx), y = bit_cast<double>(by);
      if (c.finite_only && (!std::isfinite(x) || !std::isfinite(y) || y == 0.0)) continue;
      double got = eval(f, x, y), want = bitexact::truth::fmod(x, y);  // f64: never flushed
      if (std::isnan(want))
        EXPECT_TRUE(std::isnan(got)) << c.name;
      else
        ASSERT_EQ(bits64(got), bits64(want)) << c.name << " fmod " << std::hexfloat << x << " " << y;
    }
  }
}

// C99/IEEE special cases of fmod. Finite-only configurations are excluded: there
// ocml assumes these inputs never occur.
TEST(OcmlBc, FmodSpecialValues) {
  REQUIRE_OCML_BC();
  const float inf = std::numeric_limits<float>::infinity(), nan = std::nanf("");
  for (const Config& c : config_rows) {
    // fmod(1.5 * 2^-126, -2^-126) = 0.5 * 2^-126 exactly: a denormal, flushed to +0
    // when f32 denormals are flushed.
    const auto& f = impl(c.name, Fn::fmodf);
    EXPECT_EQ(bits32(eval(f, f32(0x00c00000u), f32(0x80800000u))), c.daz ? 0u : 0x00400000u) << c.name;
    EXPECT_EQ(bits32(eval(f, f32(0x80c00000u), f32(0x00800000u))), c.daz ? 0x80000000u : 0x80400000u) << c.name;
    if (c.finite_only) continue;
    EXPECT_TRUE(std::isnan(eval(f, 1.0f, 0.0f))) << c.name;
    EXPECT_TRUE(std::isnan(eval(f, inf, 1.0f))) << c.name;
    EXPECT_TRUE(std::isnan(eval(f, nan, 1.0f))) << c.name;
    EXPECT_TRUE(std::isnan(eval(f, 1.0f, nan))) << c.name;
    EXPECT_EQ(bits32(eval(f, -3.5f, inf)), bits32(-3.5f)) << c.name;
    EXPECT_EQ(bits32(eval(f, -0.0f, 2.0f)), bits32(-0.0f)) << c.name;
    EXPECT_EQ(bits32(eval(f, -6.0f, 3.0f)), bits32(-0.0f)) << c.name;
    const auto& d = impl(c.name, Fn::fmod);
    EXPECT_TRUE(std::isnan(eval(d, 1.0, 0.0))) << c.name;
    EXPECT_TRUE(std::isnan(eval(d, double(inf), 1.0))) << c.name;
    EXPECT_EQ(bits64(eval(d, -3.5, double(inf))), bits64(-3.5)) << c.name;
    EXPECT_EQ(bits64(eval(d, -6.0, 3.0)), bits64(-0.0)) << c.name;
  }
}

// Accuracy of sin/cos against MPFR. The OCML user guide (ROCm device-libs,
// doc/OCML.md, "Supported functions") gives 4 ULP as the f32 maximum error of
// sin and cos (and 0 for fmod, "correctly rounded" for ceil). The largest error
// seen on 400 000 random inputs is 2 ULP (docs/ocml-bc.md).
TEST(OcmlBc, SinCosWithinDocumentedUlpBound) {
  REQUIRE_OCML_BC();
  constexpr std::uint32_t max_ulp_allowed = 4;
  std::mt19937_64 rng(5);
  auto xs = random_floats(rng, 6000, 90, 200);
  auto more = random_floats(rng, 2000, 0, 254);
  xs.insert(xs.end(), more.begin(), more.end());
  for (const Config& c : config_rows) {
    for (Fn fn : {Fn::sinf, Fn::cosf}) {
      const auto& f = impl(c.name, fn);
      for (float x : xs) {
        if (!std::isfinite(x)) continue;
        float got = eval(f, x);
        float in = flush(x, c.daz);
        float want = fn == Fn::sinf ? bitexact::truth::sinf(in) : bitexact::truth::cosf(in);
        ASSERT_FALSE(std::isnan(got)) << c.name << std::hexfloat << " " << x;
        EXPECT_LE(bitexact::ulp_steps(flush(got, c.daz), flush(want, c.daz)), max_ulp_allowed)
            << c.name << (fn == Fn::sinf ? " sinf " : " cosf ") << std::hexfloat << x << " got " << got << " want "
            << want;
      }
    }
  }
}

TEST(OcmlBc, SinCosSpecialValues) {
  REQUIRE_OCML_BC();
  const float inf = std::numeric_limits<float>::infinity();
  for (const Config& c : config_rows) {
    const auto& s = impl(c.name, Fn::sinf);
    const auto& co = impl(c.name, Fn::cosf);
    EXPECT_EQ(bits32(eval(s, 0.0f)), 0u) << c.name;              // sin(+0) = +0
    EXPECT_EQ(bits32(eval(s, -0.0f)), 0x80000000u) << c.name;    // sin(-0) = -0
    EXPECT_EQ(bits32(eval(co, -0.0f)), bits32(1.0f)) << c.name;  // cos(0) = 1
    // A denormal input: sin(x) rounds to x under IEEE, to a signed zero when flushed.
    float d = f32(0x80000005u);
    EXPECT_EQ(bits32(eval(s, d)), bits32(flush(d, c.daz))) << c.name;
    if (c.finite_only) continue;
    EXPECT_TRUE(std::isnan(eval(s, inf))) << c.name;
    EXPECT_TRUE(std::isnan(eval(s, -inf))) << c.name;
    EXPECT_TRUE(std::isnan(eval(co, inf))) << c.name;
    EXPECT_TRUE(std::isnan(eval(co, std::nanf("")))) << c.name;
  }
}

// The batch evaluators change MXCSR only for their own duration.
TEST(OcmlBc, MxcsrIsRestored) {
  REQUIRE_OCML_BC();
  const unsigned before = _mm_getcsr();
  (void)eval(impl("ocml-bc-daz", Fn::sinf), 1.0f);
  (void)eval(impl("ocml-bc", Fn::fmodf), 1.0f, 0.75f);
  EXPECT_EQ(_mm_getcsr(), before);
}

#ifdef BITEXACT_HAVE_OCML_BC
// ---- the models of the AMDGPU instructions (amdgcn_intrinsics.cpp) ----------

// frexp and ldexp of the C library are exact / correctly rounded for finite
// values (ISO C 7.12.6.4, 7.12.6.6), so they are an independent reference.
TEST(AmdgcnModel, FrexpMatchesCLibraryOnFiniteValues) {
  std::mt19937_64 rng(6);
  for (int i = 0; i < 100000; ++i) {
    float x = f32(std::uint32_t(rng()));
    double xd = bit_cast<double>(rng());
    if (std::isfinite(x)) {
      int e;
      float m = std::frexp(x, &e);
      ASSERT_EQ(bits32(bx_amdgcn_frexp_mant_f32(x)), bits32(m)) << std::hexfloat << x;
      ASSERT_EQ(bx_amdgcn_frexp_exp_i32_f32(x), e) << std::hexfloat << x;
    }
    if (std::isfinite(xd)) {
      int e;
      double m = std::frexp(xd, &e);
      ASSERT_EQ(bits64(bx_amdgcn_frexp_mant_f64(xd)), bits64(m)) << std::hexfloat << xd;
      ASSERT_EQ(bx_amdgcn_frexp_exp_i32_f64(xd), e) << std::hexfloat << xd;
    }
  }
}

// AMD ISA, V_FREXP_MANT / V_FREXP_EXP_I32: Inf and NaN give the input back (a NaN
// quiet) and exponent 0.
TEST(AmdgcnModel, FrexpSpecialCasesFollowTheIsaGuide) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(bits32(bx_amdgcn_frexp_mant_f32(-inf)), bits32(-inf));
  EXPECT_EQ(bx_amdgcn_frexp_exp_i32_f32(inf), 0);
  EXPECT_EQ(bx_amdgcn_frexp_exp_i32_f32(f32(0x7fc00000u)), 0);
  EXPECT_EQ(bits32(bx_amdgcn_frexp_mant_f32(f32(0xffa00001u))), 0xffe00001u);
  EXPECT_EQ(bx_amdgcn_frexp_exp_i32_f64(-std::numeric_limits<double>::infinity()), 0);
}

TEST(AmdgcnModel, LdexpMatchesCLibrary) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> n(-400, 400);
  for (int i = 0; i < 200000; ++i) {
    float x = f32(std::uint32_t(rng()));
    int k = i % 1000 == 0 ? int(rng()) : n(rng);
    float want = std::ldexp(x, k);
    float got = bx_amdgcn_ldexp_f32(x, k);
    if (std::isnan(x)) {
      ASSERT_EQ(bits32(got), bits32(x) | 0x00400000u);  // quieted, payload kept
    } else {
      ASSERT_EQ(bits32(got), bits32(want)) << std::hexfloat << x << " " << k;
    }
    double xd = bit_cast<double>(rng());
    int kd = n(rng) * 6;
    if (!std::isnan(xd)) {
      ASSERT_EQ(bits64(bx_amdgcn_ldexp_f64(xd, kd)), bits64(std::ldexp(xd, kd))) << std::hexfloat << xd << " " << kd;
    }
  }
}

TEST(AmdgcnModel, FlushesF32UnderMxcsrDazFtzOnly) {
  const unsigned saved = _mm_getcsr();
  const float tiny = f32(0x00000003u);
  EXPECT_EQ(bits32(bx_amdgcn_ldexp_f32(1.0f, -130)), bits32(std::ldexp(1.0f, -130)));
  EXPECT_EQ(bits32(bx_canonicalize_f32(tiny)), bits32(tiny));
  _mm_setcsr(saved | 0x8040u);  // FTZ | DAZ
  const std::uint32_t ldexp_flushed = bits32(bx_amdgcn_ldexp_f32(-1.0f, -130));
  const std::uint32_t canon_flushed = bits32(bx_canonicalize_f32(tiny));
  const std::uint32_t ldexp_in_flushed = bits32(bx_amdgcn_ldexp_f32(tiny, 100));
  const double d_kept = bx_amdgcn_ldexp_f64(1.0, -1060);
  _mm_setcsr(saved);
  EXPECT_EQ(ldexp_flushed, 0x80000000u);
  EXPECT_EQ(canon_flushed, 0u);
  EXPECT_EQ(ldexp_in_flushed, 0u);
  EXPECT_EQ(d_kept, std::ldexp(1.0, -1060));  // f64 is never flushed
}

// V_CMP_CLASS mask bits, AMD ISA guide: 0 sNaN, 1 qNaN, 2 -Inf, 3 -normal,
// 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +Inf.
TEST(AmdgcnModel, ClassBits) {
  const std::pair<std::uint32_t, int> cases[] = {{0x7f800001u, 0}, {0xffc00000u, 1}, {0xff800000u, 2}, {0xbf800000u, 3},
                                                 {0x80000001u, 4}, {0x80000000u, 5}, {0x00000000u, 6}, {0x007fffffu, 7},
                                                 {0x00800000u, 8}, {0x7f800000u, 9}};
  for (auto [b, k] : cases)
    for (int bit = 0; bit < 10; ++bit)
      EXPECT_EQ(bx_amdgcn_class_f32(f32(b), 1 << bit), bit == k) << std::hex << b << " " << bit;
  const std::pair<std::uint64_t, int> cases64[] = {
      {0x7ff0000000000001ull, 0}, {0xfff8000000000000ull, 1}, {0xfff0000000000000ull, 2}, {0xbff0000000000000ull, 3},
      {0x8000000000000001ull, 4}, {0x8000000000000000ull, 5}, {0x0000000000000000ull, 6}, {0x000fffffffffffffull, 7},
      {0x0010000000000000ull, 8}, {0x7ff0000000000000ull, 9}};
  for (auto [b, k] : cases64)
    for (int bit = 0; bit < 10; ++bit)
      EXPECT_EQ(bx_amdgcn_class_f64(bit_cast<double>(b), 1 << bit), bit == k) << std::hex << b << " " << bit;
  // Several bits at once: ocml's "finite" test uses mask 0x1f8.
  EXPECT_TRUE(bx_amdgcn_class_f32(1.0f, 0x1f8));
  EXPECT_FALSE(bx_amdgcn_class_f32(f32(0x7f800000u), 0x1f8));
}

TEST(AmdgcnModel, RcpIsTheCorrectlyRoundedReciprocal) {
  std::mt19937_64 rng(8);
  for (int i = 0; i < 10000; ++i) {
    float x = f32((std::uint32_t(rng()) & 0x807fffffu) | 0x3f800000u);  // [1, 2)
    EXPECT_EQ(bits32(bx_amdgcn_rcp_f32(x)), bits32(float(1.0 / double(x))));
  }
  EXPECT_EQ(bits32(bx_amdgcn_rcp_f32(-0.0f)), 0xff800000u);
  // Denormal inputs and results are flushed whatever the mode (see the model).
  EXPECT_EQ(bits32(bx_amdgcn_rcp_f32(f32(0x80000001u))), 0xff800000u);
  EXPECT_EQ(bits32(bx_amdgcn_rcp_f32(f32(0x7f000000u))), 0u);  // 1/2^127 = 2^-127
}
#endif

}  // namespace
