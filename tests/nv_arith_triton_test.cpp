// tests/nv_arith_triton_test.cpp — the Triton 3.6 forms of the nv arithmetic
// rows (nv/fmodf.hpp, nv/fmod.hpp, nv/ceilf.hpp, nv/ceil.hpp) without a GPU.
// Expected values come from:
//  * fmodf_triton: the exact fmod (std::fmod, exact in binary32 arithmetic)
//    of the flushed operands (fabs.ftz), with the IR's special cases (NaN
//    results 0x7fffffff) and its flush of a subnormal result on the fast path
//    only (|x| <= 2^23 |y|: the result is an fma.rn.ftz; the slow path ends
//    with IEEE multiplications in Triton's build); and the rule the Triton
//    bridge composed and the H100 confirmed (nv-ftz, but nv where x and y are
//    normal and |x| > 2^23 |y|: vectors/device-logs/triton_bridge_h100_ftz.txt);
//  * fmod_triton: nv::fmod, except x's NaN (quieted) when both operands are
//    NaN (the same H100 run);
//  * ceilf_triton: ceil of the flushed operand (cvt.rpi.ftz.f32.f32 in
//    Triton's PTX), so nv::ceilf_ftz; ceil_triton: nv::ceil (same IR, no FTZ
//    for f64).
// It also checks triton_form for these rows, and that the nvcc forms are
// still the functions of the per-mode kernel (the exhaustive and vector tests
// in tests/nv_arith_test.cpp and tests/exhaustive/ check their bits).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "bitexact/nv/ceil.hpp"
#include "bitexact/nv/ceilf.hpp"
#include "bitexact/nv/fmod.hpp"
#include "bitexact/nv/fmodf.hpp"

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
namespace nv = bitexact::nv;
using bitexact::Fn;

float F(u32 u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
u32 B(float f) {
  u32 u;
  std::memcpy(&u, &f, 4);
  return u;
}
double D(u64 u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}
u64 B64(double d) {
  u64 u;
  std::memcpy(&u, &d, 8);
  return u;
}

constexpr u32 kNaN = 0x7fffffffu;
bool is_nan(u32 u) { return (u & 0x7fffffffu) > 0x7f800000u; }
bool is_subnormal(u32 u) { return (u & 0x7f800000u) == 0 && (u & 0x007fffffu) != 0; }
bool is_normal(u32 u) { return (u & 0x7f800000u) != 0 && (u & 0x7f800000u) != 0x7f800000u; }
u32 flush(u32 u) { return is_subnormal(u) ? (u & 0x80000000u) : u; }

static_assert(nv::triton_form<Fn::fmodf> == &nv::fmodf_triton);
static_assert(nv::triton_form<Fn::fmod> == &nv::fmod_triton);
static_assert(nv::triton_form<Fn::ceilf> == &nv::ceilf_triton);
static_assert(nv::triton_form<Fn::ceil> == &nv::ceil_triton);

// Pairs: random bit patterns, pairs with exponent gaps around the fast/slow
// path boundary (2^23), subnormal operands, and special values.
std::vector<std::pair<u32, u32>> fmodf_pairs(std::size_t n) {
  std::mt19937_64 g(0x666d6f64ull);
  std::vector<std::pair<u32, u32>> v;
  const u32 specials[] = {0u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u, 0x00000001u,
                          0x807fffffu, 0x00800000u, 0x3f800000u, 0x7f7fffffu, 0x4b000000u, 0x34000000u};
  for (u32 a : specials)
    for (u32 b : specials) v.push_back({a, b});
  for (std::size_t i = 0; i < n; ++i) {
    u32 x = u32(g()), y = u32(g());
    switch (i % 4) {
      case 0: break;
      case 1: {  // |x| / |y| near 2^23, either side
        const int ey = 1 + int(g() % 200);
        const int ex = std::min(254, ey + 20 + int(g() % 8));
        x = (x & 0x807fffffu) | (u32(ex) << 23);
        y = (y & 0x807fffffu) | (u32(ey) << 23);
        break;
      }
      case 2: {  // small y (results often subnormal), any x
        y = (y & 0x80ffffffu) & ~(u32(0x7e) << 24);
        break;
      }
      case 3:  // subnormal x or y
        if (g() & 1) x &= 0x807fffffu;
        else y &= 0x807fffffu;
        break;
    }
    v.push_back({x, y});
  }
  return v;
}

// What Triton's build returns, from the exact fmod and the IR's paths.
u32 fmodf_triton_expected(u32 xb, u32 yb) {
  const u32 xf = flush(xb), yf = flush(yb);
  const float x = F(xf), y = F(yf);
  if (is_nan(xf) || is_nan(yf) || std::isinf(x) || y == 0) return kNaN;
  const float r = std::fmod(x, y);  // exact; the sign of x (also for +-0)
  u32 rb = B(r);
  const bool fast = std::fabs(double(x)) <= std::fabs(double(y)) * 8388608.0;
  if (fast && std::fabs(x) >= std::fabs(y)) rb = flush(rb);  // fma.rn.ftz result
  return (rb & 0x7fffffffu) | (xb & 0x80000000u);
}

TEST(NvArithTriton, FmodfTritonIsExactWithFlushes) {
  std::size_t slow_subnormal = 0;
  for (const auto& [xb, yb] : fmodf_pairs(std::size_t(1) << 21)) {
    const u32 want = fmodf_triton_expected(xb, yb);
    const u32 got = B(nv::fmodf_triton(F(xb), F(yb)));
    ASSERT_EQ(got, want) << std::hex << "x=0x" << xb << " y=0x" << yb;
    if (is_subnormal(got)) ++slow_subnormal;
  }
  // The pairs reach the case that tells Triton from nv-ftz.
  EXPECT_GT(slow_subnormal, 1000u);
}

// The rule measured on the H100 (Triton bridge): nv-ftz, but nv where x and y
// are normal and |x| > 2^23 |y|.
TEST(NvArithTriton, FmodfTritonIsTheBridgeComposition) {
  std::size_t from_nv = 0;
  for (const auto& [xb, yb] : fmodf_pairs(std::size_t(1) << 21)) {
    const float x = F(xb), y = F(yb);
    const bool long_path = is_normal(xb) && is_normal(yb) && !(std::fabs(x) <= 8388608.0f * std::fabs(y));
    const u32 want = B(long_path ? nv::fmodf(x, y) : nv::fmodf_ftz(x, y));
    if (long_path && want != B(nv::fmodf_ftz(x, y))) ++from_nv;
    ASSERT_EQ(B(nv::fmodf_triton(x, y)), want) << std::hex << "x=0x" << xb << " y=0x" << yb;
  }
  EXPECT_GT(from_nv, 1000u);
}

// Subnormal y: flushed to 0 by fabs.ftz, so NaN (the slow path's `ay <= 0`
// test, or the fast path's 0/0); subnormal x: +-0 with x's sign.
TEST(NvArithTriton, FmodfTritonSubnormalOperands) {
  EXPECT_EQ(B(nv::fmodf_triton(1.0f, F(0x00000001u))), kNaN);
  EXPECT_EQ(B(nv::fmodf_triton(F(0x7f7fffffu), F(0x807fffffu))), kNaN);
  EXPECT_EQ(B(nv::fmodf_triton(F(0x00000001u), F(0x00000001u))), kNaN);
  EXPECT_EQ(B(nv::fmodf_triton(F(0x00000005u), 3.0f)), 0u);
  EXPECT_EQ(B(nv::fmodf_triton(F(0x80000005u), 3.0f)), 0x80000000u);
  // A subnormal result on the slow path (|x| > 2^23 |y|): kept by Triton's
  // IEEE multiplications, flushed by nvcc -ftz=true. x = 2^-102, y the first
  // float from 0x00c00001 up whose exact remainder (binary64 fmod, exact) is
  // nonzero and below 2^-126.
  const float x = std::ldexp(1.0f, -102);
  u32 yb = 0x00c00001u;
  while (!(std::fmod(double(x), double(F(yb))) > 0 && std::fmod(double(x), double(F(yb))) < std::ldexp(1.0, -126)))
    ++yb;
  const float y = F(yb);
  const double exact = std::fmod(double(x), double(y));
  EXPECT_EQ(B(nv::fmodf_triton(x, y)), B(float(exact)));
  EXPECT_EQ(B(nv::fmodf_triton(-x, y)), B(float(-exact)));
  EXPECT_EQ(B(nv::fmodf_ftz(x, y)), 0u);
  EXPECT_EQ(B(nv::fmodf(x, y)), B(float(exact)));
}

TEST(NvArithTriton, FmodTritonIsNvFmodButForNaNPairs) {
  std::mt19937_64 g(0x666d6f6464ull);
  const u64 nans[] = {0x7ff8000000000000ull, 0xfff8000000000001ull, 0x7ff0000000000001ull, 0x7ff4000000000abcull,
                      0xfff0000000000002ull};
  // Both NaN: x's NaN, quieted.
  for (u64 a : nans)
    for (u64 b : nans)
      EXPECT_EQ(B64(nv::fmod_triton(D(a), D(b))), a | 0x0008000000000000ull) << std::hex << a << " " << b;
  // One NaN: that NaN quieted, as nv::fmod.
  for (u64 a : nans)
    for (double o : {0.0, -1.5, double(INFINITY)}) {
      EXPECT_EQ(B64(nv::fmod_triton(D(a), o)), a | 0x0008000000000000ull);
      EXPECT_EQ(B64(nv::fmod_triton(o, D(a))), a | 0x0008000000000000ull);
    }
  for (int i = 0; i < (1 << 16); ++i) {
    u64 a = g(), b = g();
    if (i % 2) b = (b & 0x800fffffffffffffull) | (((a >> 52) & 0x7ff) - std::min<u64>((a >> 52) & 0x7ff, g() % 80)) << 52;
    const double x = D(a), y = D(b);
    if (std::isnan(x) && std::isnan(y)) continue;
    ASSERT_EQ(B64(nv::fmod_triton(x, y)), B64(nv::fmod(x, y))) << std::hex << a << " " << b;
  }
}

TEST(NvArithTriton, CeilfTritonIsCeilOfTheFlushedOperand) {
  std::mt19937 g(0x6365696c);
  auto check = [](u32 xb) {
    const u32 xf = flush(xb);
    const u32 want = is_nan(xf) ? kNaN : B(std::ceil(F(xf)));
    ASSERT_EQ(B(nv::ceilf_triton(F(xb))), want) << std::hex << xb;
    ASSERT_EQ(B(nv::ceilf_triton(F(xb))), B(nv::ceilf_ftz(F(xb)))) << std::hex << xb;
  };
  for (u32 xb : {0u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00800000u, 0xbf000000u,
                 0x3f000000u, 0x4b000000u, 0x4affffffu, 0xcaffffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xff800001u})
    check(xb);
  for (int i = 0; i < (1 << 22); ++i) check(g());
  // Every subnormal, both signs.
  for (u32 m = 1; m < 0x00800000u; m += 97) check(m), check(m | 0x80000000u);
}

TEST(NvArithTriton, CeilTritonIsNvCeil) {
  std::mt19937_64 g(0x6365696c64ull);
  for (int i = 0; i < (1 << 20); ++i) {
    const double x = D(g());
    ASSERT_EQ(B64(nv::ceil_triton(x)), B64(nv::ceil(x)));
  }
  EXPECT_EQ(B64(nv::ceil_triton(D(1))), B64(1.0));  // a subnormal is not flushed (no FTZ in f64)
}

// The nvcc forms are the kernel's per-mode instantiations, as before the
// build template (their bits are checked by tests/nv_arith_test.cpp).
TEST(NvArithTriton, NvccFormsUnchanged) {
  namespace fd = nv::fmodf_detail;
  for (const auto& [xb, yb] : fmodf_pairs(std::size_t(1) << 16)) {
    const float x = F(xb), y = F(yb);
    ASSERT_EQ(B(nv::fmodf(x, y)), B(fd::kernel<nv::mode::ieee>(x, y)));
    ASSERT_EQ(B(nv::fmodf_ftz(x, y)), B(fd::kernel<nv::mode::ftz>(x, y)));
    ASSERT_EQ(B(nv::ceilf(x)), B(nv::ptx::cvt_rpi_f32_f32<nv::mode::ieee>(x)));
    ASSERT_EQ(B(nv::ceilf_ftz(x)), B(nv::ptx::cvt_rpi_f32_f32<nv::mode::ftz>(x)));
  }
}

}  // namespace
