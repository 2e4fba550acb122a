// The models of the AMDGPU operations in include/bitexact/ocml/amdgcn.hpp.
// Expected values: the C library's exactly specified functions (ldexp, frexp,
// nearbyint, ceil are exact in IEEE 754 / C17 Annex F, so glibc's results are
// the IEEE ones), IEEE 754 facts, and, for the fmuladd lowering table in
// config.hpp, the LLVM 15 AMDGPU backend itself (llc-15) when installed.
#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "bitexact/inputs.hpp"
#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"

namespace {
using namespace bitexact;
namespace g = bitexact::ocml::amdgcn;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

// SplitMix64 seeded with `seed`, one output after the other.
struct rng {
  u64 seed;
  u64 i = 0;
  u64 next() { return inputs::splitmix64(seed, i++); }
};

template <class T, class U>
void check_unary_models(U bits) {
  const T x = bit_cast<T>(bits);
  if (fp_bits<T>(x).is_nan()) {
    EXPECT_EQ(bit_cast<U>(g::rint<false>(x)), bits | fp_bits<T>::quiet_bit);
    return;
  }
  EXPECT_EQ(bit_cast<U>(g::rint<false>(x)), bit_cast<U>(T(std::nearbyint(x))));
  EXPECT_EQ(bit_cast<U>(g::ceil<false>(x)), bit_cast<U>(T(std::ceil(x))));
  if (fp_bits<T>(x).is_finite()) {
    int e = 0;
    const T m = std::frexp(x, &e);
    EXPECT_EQ(g::frexp_exp<false>(x), e);
    EXPECT_EQ(bit_cast<U>(g::frexp_mant<false>(x)), bit_cast<U>(m));
  } else {
    EXPECT_EQ(g::frexp_exp<false>(x), 0);  // v_frexp_exp: 0 for infinities
    EXPECT_EQ(bit_cast<U>(g::frexp_mant<false>(x)), bits);
  }
  for (int n : {-1100, -300, -160, -150, -149, -140, -126, -30, -1, 0, 1, 12, 26, 100, 128, 300, 2000})
    ASSERT_EQ(bit_cast<U>(g::ldexp<false>(x, n)), bit_cast<U>(T(std::ldexp(x, n))))
        << std::hex << bits << std::dec << " n=" << n;
}

TEST(OcmlAmdgcn, RoundingAndExponentOpsMatchIeee) {
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  rng r{1};
  for (int i = 0; i < 200000; ++i) {
    check_unary_models<float>(u32(r.next() >> (i % 9)));
    check_unary_models<double>(r.next() >> (i % 12));
  }
  for (u32 b : {0u, 0x80000000u, 1u, 0x007fffffu, 0x00800000u, 0x3f000000u, 0x3f000001u, 0x3fc00000u, 0x40200000u,
                0x4b000000u, 0x4affffffu, 0x7f7fffffu, 0x7f800000u, 0xff800000u})
    check_unary_models<float>(b);
}

TEST(OcmlAmdgcn, FlushModeAndNaNConventions) {
  const float tiny = bit_cast<float>(0x00000003u);
  EXPECT_EQ(bit_cast<u32>(g::mul<true>(tiny, 2.0f)), 0u);  // input flushed
  EXPECT_EQ(bit_cast<u32>(g::mul<false>(tiny, 2.0f)), 6u);
  EXPECT_EQ(bit_cast<u32>(g::mul<true>(0x1p-100f, -0x1p-30f)), 0x80000000u);  // output flushed, signed
  EXPECT_EQ(bit_cast<u32>(g::ldexp<true>(1.0f, -127)), 0u);
  EXPECT_EQ(bit_cast<u32>(g::ldexp<false>(1.0f, -127)), 0x00400000u);
  EXPECT_EQ(bit_cast<u32>(g::ceil<true>(tiny)), 0u);
  EXPECT_EQ(bit_cast<u32>(g::canonicalize<true>(bit_cast<float>(0x80000001u))), 0x80000000u);
  EXPECT_EQ(bit_cast<u32>(g::canonicalize<false>(bit_cast<float>(0x7f800001u))), 0x7fc00001u);
  // f64 never flushes.
  EXPECT_EQ(bit_cast<u64>(g::mul<true>(bit_cast<double>(u64(3)), 2.0)), 6u);
  // Invalid operation: positive default NaN; NaN operand: quieted, propagated.
  EXPECT_EQ(bit_cast<u32>(g::fma<false>(-INFINITY, 1.0f, INFINITY)), 0x7fc00000u);
  EXPECT_EQ(bit_cast<u32>(g::add<false>(bit_cast<float>(0xff800123u), 1.0f)), 0xffc00123u);
  // Funnel shifts and ctlz as LLVM defines them (amount modulo 32, ctlz(0) = 32).
  EXPECT_EQ(g::fshr(0x12345678u, 0x9abcdef0u, 32u - 8u), 0x3456789au);
  EXPECT_EQ(g::fshr(1u, 2u, 0xffffffffu), 0x2u);  // amount 31: (2 >> 31) | (1 << 1)
  EXPECT_EQ(g::fshl(0x80000001u, 0xc0000000u, 2), 0x00000007u);
  EXPECT_EQ(g::ctlz(0), 32u);
  EXPECT_EQ(g::ctlz(1), 31u);
  EXPECT_TRUE(g::is_class(bit_cast<float>(0x80000001u), g::finite_classes));
  EXPECT_FALSE(g::is_class(bit_cast<float>(0x7f800000u), g::finite_classes));
  EXPECT_EQ(g::cvt_i32(3.75f), 3);
  EXPECT_EQ(g::cvt_i32(-3.75f), -3);
}

// config.hpp's fmuladd_fused() against what llc-15 emits for llvm.fmuladd.f32
// on every ISA of the oclc_isa_version_*.bc libraries, in both denormal modes.
TEST(OcmlConfig, FmuladdLoweringMatchesLlc15) {
  const char* llc = "/usr/lib/llvm-15/bin/llc";
  if (!std::filesystem::exists(llc)) GTEST_SKIP() << "llc-15 not installed";
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("bx_ocml_llc_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  for (const char* mode : {"ieee,ieee", "preserve-sign,preserve-sign"}) {
    {
      std::ofstream f(dir / "f.ll");
      f << "define float @f(float %a, float %b, float %c) #0 {\n"
           "  %r = call float @llvm.fmuladd.f32(float %a, float %b, float %c)\n  ret float %r\n}\n"
           "declare float @llvm.fmuladd.f32(float, float, float)\n"
           "attributes #0 = { \"denormal-fp-math-f32\"=\""
        << mode << "\" }\n";
    }
    const bool daz = std::string(mode)[0] == 'p';
    struct isa {
      const char* cpu;
      int version;
    };
    for (isa i : {isa{"gfx600", 6000},
                  {"gfx601", 6001},
                  {"gfx700", 7000},
                  {"gfx701", 7001},
                  {"gfx702", 7002},
                  {"gfx801", 8001},
                  {"gfx803", 8003},
                  {"gfx810", 8100},
                  {"gfx900", 9000},
                  {"gfx906", 9006},
                  {"gfx908", 9008},
                  {"gfx909", 9009},
                  {"gfx90a", 9010},
                  {"gfx90c", 9012},
                  {"gfx940", 9400},
                  {"gfx1010", 10100},
                  {"gfx1030", 10300},
                  {"gfx1036", 10306}}) {
      const std::string cmd = std::string(llc) + " -mtriple=amdgcn-amd-amdhsa -mcpu=" + i.cpu + " " +
                              (dir / "f.ll").string() + " -o " + (dir / "f.s").string();
      ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
      std::ifstream s(dir / "f.s");
      const std::string text((std::istreambuf_iterator<char>(s)), {});
      const bool fused = text.find("v_fma_f32") != std::string::npos || text.find("v_fmac_f32") != std::string::npos;
      EXPECT_EQ(ocml::fmuladd_fused(ocml::config{i.version, daz, false, false}), fused) << i.cpu << " " << mode;
    }
  }
  fs::remove_all(dir);
}

}  // namespace
