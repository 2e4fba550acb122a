// Unit tests of the FpSan model (include/bitexact/fpsan/).
//
// Sources of the expected values, named per test:
//  - worked examples derived by hand from the C++ lowering at
//    triton-lang/triton 1d2da15d2b1f1dfe8f64ddcc2acfe530ff406ffd
//    (lib/Conversion/TritonInstrumentToLLVM/FpSanToLLVM.cpp = "ToLLVM",
//     lib/Dialect/TritonInstrument/Transforms/FpSanitizer.cpp = "Sanitizer"),
//    the arithmetic written out in the comments;
//  - tables and assertions of python/test/gluon/test_fpsan.py @ 1d2da15;
//  - properties stated in docs/programming-guide/chapter-3/fpsan.rst @ 1d2da15;
//  - public test vectors (FNV-1a).
// (Triton's numpy oracle itself is compared in fpsan_triton_reference_test.)
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <tuple>

#include "bitexact/fpsan/fpsan.hpp"
#include "bitexact/fpsan/identities.hpp"

namespace fs = bitexact::fpsan;
using fs::dtype;
using fs::u64;

namespace {
using fs::all_revisions;
u64 f32bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
}  // namespace

// ---- worked examples, by hand from the lowering --------------------------------

TEST(FpsanWorked, E4m3fnMixerConstants) {
  // ToLLVM getPayloadMixConfig for e4m3fn: 1.0 = 0x38 (bias 7, 3 fraction
  // bits), shift = ctz(0x38) = 3, magMask = 0x7f.
  // mulA = 14940041 & 0x7f = 0xE3F789 & 0x7f = 0x09.
  // oneMixed = (0x38 * 9) & 0x7f = 504 & 127 = 0x78; 0x78 ^ (0x78 >> 3) = 0x78 ^ 0x0f = 0x77.
  // mulBPos = 0x77^-1 mod 128: 119 = -9, 9 * 57 = 513 = 1 (mod 128), so
  // 119^-1 = -57 = 71 = 0x47. mulBNeg = 71 * 127 = -71 = 57 = 0x39 (mod 128).
  constexpr fs::mixer m = fs::make_mixer(dtype::e4m3fn);
  static_assert(m.shift == 3 && m.mul_a == 0x09 && m.mul_b_pos == 0x47 && m.mul_b_neg == 0x39);
  // embed(2.0 = 0x40): y = 0x40 * 9 & 0x7f = 576 & 127 = 0x40; z = 0x40 ^ 0x08 = 0x48 = 72;
  // w = 72 * 71 & 0x7f = 5112 mod 128 = 120 = 0x78; positive: no sign flip.
  EXPECT_EQ(fs::embed(m, 0x40), 0x78u);
  // embed(-2.0 = 0xc0): same z, times mulBNeg: 72 * 57 = 4104 = 8 (mod 128); | 0x80 = 0x88.
  EXPECT_EQ(fs::embed(m, 0xc0), 0x88u);
  EXPECT_EQ(fs::unembed(m, 0x78), 0x40u);
  EXPECT_EQ(fs::unembed(m, 0x88), 0xc0u);
}

TEST(FpsanWorked, Exp2ClosedForm) {
  // Sanitizer fpsanExp2FromInt: w = 8: k = ceil(8/4) = 2, base c = 1 + 2^2 = 5.
  // exp2(3) = 1 + 3*4 + C(3,2)*16 + C(3,3)*64 = 1 + 12 + 48 + 64 = 125 = 5^3.
  static_assert(fs::exp2(8, 3) == 125);
  // exp2(-1) = 5^-1 mod 256 = 205 (5 * 205 = 1025 = 4*256 + 1).
  static_assert(fs::exp2(8, 0xff) == 205);
  // w = 32: k = 8, c = 257: exp2(1) = 0x101, exp2(2) = 257^2 = 0x10201.
  static_assert(fs::exp2(32, 1) == 0x101 && fs::exp2(32, 2) == 0x10201);
  // w = 64: k = 16: exp2(1) = 1 + 2^16.
  static_assert(fs::exp2(64, 1) == 0x10001);
  // exp(x) = exp2(x * 0x26a29a75); for w = 16 the constant is cut to 0x9a75.
  static_assert(fs::exp(16, 1) == fs::exp2(16, 0x9a75));
  static_assert(fs::exp(32, 1, fs::revision::r2026_07_29) == fs::exp2(32, 0x236ee9bf));
}

TEST(FpsanWorked, CosSinGenerator) {
  // Sanitizer fpsanCosSinPayload, w = 8: rcp5 = 205; a = -(3*205 mod 256) = -(103) = 153;
  // b = 4*205 mod 256 = 52. g^1 = a + b i: cos(1) = 153, sin(1) = 52,
  // and 153^2 + 52^2 = 26113 = 102*256 + 1.
  static_assert(fs::cos(8, 1) == 153 && fs::sin(8, 1) == 52);
  // g^2 = (a^2 - b^2) + 2ab i = (23409 - 2704) + 2*153*52 i = 20705 + 15912 i
  //     = 0xe1 + 0x28 i (mod 256): 20705 = 80*256 + 225, 15912 = 62*256 + 40.
  static_assert(fs::cos(8, 2) == 0xe1 && fs::sin(8, 2) == 0x28);
  static_assert(fs::cos(8, 0) == 1 && fs::sin(8, 0) == 0);
}

TEST(FpsanWorked, InverseDivRem) {
  // Sanitizer fpsanIntInv, w = 8: 3 * 171 = 513 = 2*256 + 1, so inv(3) = 171.
  static_assert(fs::inv(8, 3) == 171);
  // even u = 6: inverse of 6|1 = 7 is 183 (7 * 183 = 1281 = 5*256 + 1);
  // keep 6's parity: (183 & ~1) | 0 = 182; and back: inv(182) = (inv(183) & ~1) = 6.
  static_assert(fs::inv(8, 6) == 182 && fs::inv(8, 182) == 6);
  static_assert(fs::div(8, 1, 6) == 182);
  // fpsanSRem: -7 rem (2 | 1 = 3) truncates toward zero: -7 = -2*3 - 1 -> -1 = 0xff.
  static_assert(fs::rem(8, 0xf9, 2) == 0xff);
  static_assert(fs::rem(8, 7, 0) == 0);  // den 0 -> 0 | 1 = 1
}

TEST(FpsanWorked, NarrowingFold) {
  // Sanitizer castFloatPayloadToType, 16 -> 8, x = 0x0180 (revision 1d2da15):
  // low = 0x80; canonical = sext(0x80) = 0xff80; residual = 0x0180 ^ 0xff80 = 0xfe00;
  // multiplier = (3511 & 0xff = 0xb7) * 0x0101...01, cut to 16 bits = 0xb7b7;
  // product = 0xfe00 * 0xb7b7 = -0x200 * 0xb7b7 = -0x16f6e00 = 0x9200 (mod 2^16);
  // high = 0x9200 >> 8 = 0x92; high ^ (high >> 4) = 0x92 ^ 0x09 = 0x9b; 0x80 ^ 0x9b = 0x1b.
  static_assert(fs::cast_payload(16, 8, 0x0180) == 0x1b);
  // Older fold (c327a6f): x >= 0, high = 0x0180 >> 8 = 1; (x ^ 1*3511) & 0xff = 0x80 ^ 0xb7 = 0x37.
  static_assert(fs::cast_payload(16, 8, 0x0180, {fs::revision::r2026_07_28, fs::cast_mode::fold}) == 0x37);
  // Homomorphic mode: truncation.
  static_assert(fs::cast_payload(16, 8, 0x0180, {fs::default_revision, fs::cast_mode::homomorphic}) == 0x80);
  // Widening is sign extension.
  static_assert(fs::cast_payload(8, 32, 0x80) == 0xffffff80u && fs::cast_payload(8, 16, 0x7f) == 0x7f);
  // Same width keeps the payload (f16 <-> bf16).
  static_assert(fs::cast_payload(16, 16, 0x1234) == 0x1234);
}

TEST(FpsanWorked, TagsAndHashes) {
  // FNV-1a 64 public test vectors: "" -> offset basis, "a" -> 0xaf63dc4c8601ec8c.
  static_assert(fs::fnv1a64("") == 0xcbf29ce484222325ull);
  static_assert(fs::fnv1a64("a") == 0xaf63dc4c8601ec8cull);
  // fmix64(0) = 0 (every step maps 0 to 0).
  static_assert(fs::murmur_fmix64(0) == 0);
  // Variadic tag of two operands 1, 1 into 32 bits: 1 + rotl(1, 1) = 3, xor hash.
  constexpr fs::tag_operand ops[2] = {{1, 32}, {1, 32}};
  static_assert(fs::extern_tag(32, "a", ops, 2) == (3u ^ 0x8601ec8cu));
  // Inline asm: hash ^ result index.
  static_assert(fs::inline_asm_tag(32, "a", 1, ops, 2) == (3u ^ 0x8601ec8du));
  // A narrower operand is sign-extended: 8-bit 0xff -> 0xffffffff.
  constexpr fs::tag_operand one[1] = {{0xff, 8}};
  static_assert(fs::extern_tag(32, "", one, 1) == (0xffffffffu ^ 0x84222325u));
  // fp4: low nibble first.
  static_assert(fs::unpack_fp4(0x4b).first == 0xb && fs::unpack_fp4(0x4b).second == 0x4);
}

// ---- Triton 3.8.0, by hand from release/3.8.x 10f6be36 -------------------------
// (lib/Conversion/TritonInstrumentToLLVM/FpSanToLLVM.cpp = "ToLLVM@3.8",
//  lib/Dialect/TritonInstrument/Transforms/FpSanitizer.cpp = "Sanitizer@3.8")

TEST(FpsanWorked380, E4m3fnMixerWith922291) {
  // ToLLVM@3.8 getPayloadMixConfig: mulA = 922291 & 0x7f; 922291 = 0xE12B3, low 7 bits 0x33 = 51.
  // 1.0 = 0x38 = 56, shift = ctz(0x38) = 3. oneMixed = 56 * 51 = 2856 = 22*128 + 40 -> 40 = 0x28;
  // 0x28 ^ (0x28 >> 3) = 0x28 ^ 0x05 = 0x2d = 45. mulBPos = 45^-1 mod 128: Euclid
  // 128 = 2*45 + 38, 45 = 38 + 7, 38 = 5*7 + 3, 7 = 2*3 + 1 gives 1 = 37*45 - 13*128, so 37 = 0x25
  // (45 * 37 = 1665 = 13*128 + 1). mulBNeg = -37 mod 128 = 91 = 0x5b.
  constexpr fs::mixer m = fs::make_mixer(dtype::e4m3fn, fs::revision::triton_3_8_0);
  static_assert(m.mul_a == 0x33 && m.shift == 3 && m.mul_b_pos == 0x25 && m.mul_b_neg == 0x5b);
  // embed(2.0 = 0x40): y = 0x40 * 51 = 3264 = 25*128 + 64 -> 0x40; z = 0x40 ^ 0x08 = 0x48 = 72;
  // 72 * 37 = 2664 = 20*128 + 104 -> 0x68, sign clear.
  EXPECT_EQ(fs::embed(m, 0x40), 0x68u);
  // embed(-2.0 = 0xc0): same z, times mulBNeg: 72 * 91 = 6552 = 51*128 + 24 -> 0x18 | 0x80 = 0x98.
  EXPECT_EQ(fs::embed(m, 0xc0), 0x98u);
  EXPECT_EQ(fs::unembed(m, 0x68), 0x40u);
}

TEST(FpsanWorked380, NarrowingTruncates) {
  // Sanitizer@3.8 TruncFOpPattern / FpToFpPattern call castSignedIntValueToType,
  // which emits arith.trunci when narrowing: 16 -> 8 of 0x0180 keeps 0x80
  // (1d2da15's fold gives 0x1b, see NarrowingFold), 32 -> 16 of 0x12345678 keeps 0x5678.
  constexpr fs::params r38{fs::revision::triton_3_8_0, fs::cast_mode::fold};
  static_assert(fs::cast_payload(16, 8, 0x0180, r38) == 0x80);
  static_assert(fs::cast_payload(32, 16, 0x12345678, r38) == 0x5678);
  // Widening is arith.extsi there too.
  static_assert(fs::cast_payload(8, 32, 0x80, r38) == 0xffffff80u);
  // So downcasting commutes with the ring operations (what 1d2da15 breaks on
  // purpose): (0x0003 * 0x0101) mod 2^16 = 0x0303 -> 0x03 = 0x03 * 0x01.
  static_assert(fs::cast_payload(16, 8, fs::mul(16, 0x0003, 0x0101), r38) ==
                fs::mul(8, fs::cast_payload(16, 8, 0x0003, r38), fs::cast_payload(16, 8, 0x0101, r38)));
}

TEST(FpsanWorked380, ExpScaleAndClosedForm) {
  // Sanitizer@3.8 fpsanExp multiplies by getU32ConstantLike(0x236ee9bf), i.e. the
  // constant cut to w bits, then fpsanExp2FromInt (the closed form of #10561,
  // which 3.8 has). w = 8, payload 1: x = 0xbf = 191; k = 2:
  //   1 + 191*4 + C(191,2)*16 + C(191,3)*64 (mod 256)
  //   191*4 = 764 = 252; C(191,2) = 18145 = 1 (mod 16) -> 16;
  //   C(191,3): x reduced to 3 bits = 7, C(7,3) = 35 = 3 (mod 4) -> 192;
  //   1 + 252 + 16 + 192 = 461 = 205 (mod 256)   (= 5^191 = 5^63 = 5^-1: 5 has order 64)
  static_assert(fs::exp(8, 1, fs::revision::triton_3_8_0) == 205);
  // w = 32, payload 1: exp2(0x236ee9bf) with base 257, the same as c327a6f.
  static_assert(fs::exp(32, 1, fs::revision::triton_3_8_0) == fs::exp2(32, 0x236ee9bf));
}

TEST(FpsanWorked380, ExpfIsTaggedAndClampIsNotRewritten) {
  // Sanitizer@3.8 getKnownExtern lists __nv_fast_expf but not __nv_expf (added by
  // #10834), so __nv_expf(x) is the structural tag: x's payload xor
  // fnv1a64("__nv_expf") cut to 32 bits (one operand, rotated by 0).
  using V38 = fs::value<float, fs::revision::triton_3_8_0>;
  const V38 x = V38::from_bits(0x3f800000);  // payload 1
  constexpr auto r38 = fs::revision::triton_3_8_0;
  EXPECT_EQ((fs::extern_elementwise<float, r38>("__nv_expf", x).payload()),
            (1u ^ fs::fnv1a64("__nv_expf")) & 0xffffffffu);
  EXPECT_EQ((fs::extern_elementwise<float, r38>("__nv_fast_expf", x)), exp(x));
  // Sanitizer@3.8's pattern list has no ClampFOpPattern and no
  // ElementwiseInlineAsmPattern: the model refuses both (value<> at compile time).
  static_assert(!fs::rewrites_clamp(fs::revision::triton_3_8_0) && !fs::rewrites_inline_asm(fs::revision::triton_3_8_0));
  static_assert(fs::rewrites_clamp(fs::revision::r2026_07_28) && fs::rewrites_inline_asm(fs::revision::r2026_07_28));
}

// ---- test_fpsan.py tables and assertions ---------------------------------------

TEST(FpsanTritonTables, CommonConstantValuation) {
  // test_float_payload_common_constant_valuation: trailing zeros of the f32
  // payload of common model constants.
  struct {
    double c;
    int tz;
  } table[] = {{240.0, 0}, {448.0, 0}, {57344.0, 2}, {1 / 240.0, 0}, {1 / 448.0, 0},
               {1.702, 0}, {2.5, 1},   {2.827, 0},   {1e-5, 0},      {1e-6, 0}};
  for (auto t : table) {
    u64 p = fs::embed(fs::mixer_for(dtype::f32), f32bits(float(t.c)));
    EXPECT_EQ(fs::count_trailing_zeros(p), t.tz) << t.c;
  }
}

TEST(FpsanTritonTables, UnaryOpIds) {
  // OP_TO_ID_U64 of test_fpsan.py = the UnaryOpId order of FpSanitizer.cpp.
  EXPECT_EQ(int(fs::unary_tag::exp), 0);
  EXPECT_EQ(int(fs::unary_tag::log), 1);
  EXPECT_EQ(int(fs::unary_tag::exp2), 2);
  EXPECT_EQ(int(fs::unary_tag::log2), 3);
  EXPECT_EQ(int(fs::unary_tag::cos), 4);
  EXPECT_EQ(int(fs::unary_tag::sin), 5);
  EXPECT_EQ(int(fs::unary_tag::sqrt), 6);
  EXPECT_EQ(int(fs::unary_tag::rsqrt), 7);
  EXPECT_EQ(int(fs::unary_tag::erf), 8);
  EXPECT_EQ(int(fs::unary_tag::floor), 9);
  EXPECT_EQ(int(fs::unary_tag::ceil), 10);
  EXPECT_EQ(int(fs::unary_tag::precise_sqrt), 11);  // "sqrt_rn"
}

TEST(FpsanTritonTables, DowncastIsNotMultiplicative) {
  // test_float_payload_downcast_is_not_multiplicative.
  EXPECT_NE(fs::cast_payload(16, 8, fs::mul(16, 0x0003, 0x0101)),
            fs::mul(8, fs::cast_payload(16, 8, 0x0003), fs::cast_payload(16, 8, 0x0101)));
  EXPECT_NE(fs::cast_payload(32, 16, fs::mul(32, 0x3, 0x23456)),
            fs::mul(16, fs::cast_payload(32, 16, 0x3), fs::cast_payload(32, 16, 0x23456)));
}

TEST(FpsanTritonTables, UpcastDowncastIdentityAndEveryDiscardedBitMatters) {
  // test_float_payload_upcast_downcast_identity and
  // test_float_payload_downcast_mixes_every_discarded_bit (random payloads,
  // including 0, 1, all ones, the source and destination sign bits).
  const int pairs[][2] = {{8, 16}, {8, 32}, {16, 32}, {16, 64}, {32, 64}};
  for (auto [s, d] : pairs)
    for (u64 i = 0; i < 4096; ++i) {
      u64 x = i < 3 ? (i == 2 ? fs::mask_of(s) : i) : fs::validate::sample_bits(s * 257 + d, i) & fs::mask_of(s);
      for (auto r : all_revisions)
        ASSERT_EQ(fs::cast_payload(d, s, fs::cast_payload(s, d, x, {r}), {r}), x) << s << "->" << d;
    }
  const int down[][2] = {{16, 8}, {32, 8}, {32, 16}, {64, 8}, {64, 16}, {64, 32}};
  for (auto [s, d] : down)
    for (u64 i = 0; i < 512; ++i) {
      const u64 special[] = {0, 1, fs::mask_of(s), fs::sign_bit_of(s), fs::sign_bit_of(d)};
      u64 x = i < 5 ? special[i] : fs::validate::sample_bits(s * 257 + d, i) & fs::mask_of(s);
      u64 base = fs::cast_payload(s, d, x);
      for (int b = d; b < s; ++b)
        ASSERT_NE(fs::cast_payload(s, d, x ^ (u64(1) << b)), base) << s << "->" << d << " bit " << b;
    }
}

// ---- fp_bits views of the IEEE-style holders (format.hpp) --------------------------

// Expected values: IEEE 754 binary16 encodings; bfloat16 = binary32's top 16
// bits; OCP FP8 E5M2 (OCP 8-bit Floating Point Specification 1.0, table 1):
// binary16's exponent with 2 fraction bits and IEEE special values.
TEST(FpsanFormats, IeeeHoldersBuildIeeeSpecials) {
  using H = bitexact::fp_bits<fs::half>;
  using BF = bitexact::fp_bits<fs::bfloat16>;
  using E5 = bitexact::fp_bits<fs::float8_e5m2>;
  EXPECT_EQ(H::one().bits, 0x3c00u);
  EXPECT_EQ(H::inf(true).bits, 0xfc00u);
  EXPECT_EQ(H::quiet_nan().bits, 0x7e00u);
  EXPECT_EQ(H::signaling_nan().bits, 0x7c01u);
  EXPECT_EQ(H::max_normal().bits, 0x7bffu);
  EXPECT_EQ(H::min_normal().bits, 0x0400u);
  EXPECT_EQ(BF::one().bits, 0x3f80u);
  EXPECT_EQ(BF::inf().bits, 0x7f80u);
  EXPECT_EQ(BF::quiet_nan().bits, 0x7fc0u);
  EXPECT_EQ(BF::max_normal(true).bits, 0xff7fu);
  EXPECT_EQ(E5::one().bits, 0x3cu);
  EXPECT_EQ(E5::inf().bits, 0x7cu);
  EXPECT_EQ(E5::inf(true).bits, 0xfcu);
  EXPECT_EQ(E5::quiet_nan().bits, 0x7eu);
  EXPECT_EQ(E5::max_normal().bits, 0x7bu);  // 57344
  EXPECT_EQ(E5::zero(true).bits, 0x80u);
  // The narrow formats: e5m2 0x7d is a NaN, 0x7c an infinity, 0x7b finite.
  EXPECT_TRUE(E5::from_bits(0x7d).is_nan());
  EXPECT_TRUE(E5::from_bits(0xfc).is_inf());
  EXPECT_TRUE(E5::from_bits(0x7b).is_finite());
  EXPECT_TRUE(H::from_bits(0x83ff).is_subnormal());
  EXPECT_TRUE(BF::from_bits(0xff81).is_signaling_nan());
  // The views agree with the formats' descriptions.
  for (auto [d, mb, eb] : {std::tuple{dtype::f16, H::mantissa_bits, H::exponent_bits},
                           std::tuple{dtype::bf16, BF::mantissa_bits, BF::exponent_bits},
                           std::tuple{dtype::e5m2, E5::mantissa_bits, E5::exponent_bits}}) {
    EXPECT_EQ(fs::format_of(d).mantissa_bits, mb);
    EXPECT_EQ(fs::format_of(d).exponent_bits, eb);
  }
  EXPECT_EQ(fs::ieee::nan_bits(dtype::f16), 0x7e00u);
  EXPECT_EQ(fs::ieee::encode(dtype::e5m2, -1e9), 0xfcu);  // overflow: -inf
}

// ---- fpsan.rst: fixed points and the bijection, every format and revision ----------

TEST(FpsanDocs, FixedPoints) {
  // "embed(+0.0) = 0, embed(+1.0) = 1, embed(-1.0) = all-ones".
  for (auto r : all_revisions)
    for (dtype d : fs::all_dtypes) {
      const fs::format f = fs::format_of(d);
      const fs::mixer m = fs::make_mixer(d, r);
      EXPECT_EQ(fs::embed(m, 0), 0u) << f.name;
      EXPECT_EQ(fs::embed(m, f.one_bits()), 1u) << f.name;
      EXPECT_EQ(fs::embed(m, f.one_bits() | fs::sign_bit_of(f.width)), fs::mask_of(f.width)) << f.name;
    }
  // 1.0's bits per format as Triton's _FLOAT_DTYPE_INFO table lists them.
  EXPECT_EQ(fs::format_of(dtype::f64).one_bits(), 0x3FF0000000000000u);
  EXPECT_EQ(fs::format_of(dtype::f32).one_bits(), 0x3F800000u);
  EXPECT_EQ(fs::format_of(dtype::f16).one_bits(), 0x3C00u);
  EXPECT_EQ(fs::format_of(dtype::bf16).one_bits(), 0x3F80u);
  EXPECT_EQ(fs::format_of(dtype::e4m3fn).one_bits(), 0x38u);
  EXPECT_EQ(fs::format_of(dtype::e5m2).one_bits(), 0x3Cu);
  EXPECT_EQ(fs::format_of(dtype::e4m3fnuz).one_bits(), 0x40u);
  EXPECT_EQ(fs::format_of(dtype::e5m2fnuz).one_bits(), 0x40u);
}

TEST(FpsanExhaustive, BijectionAndInverseInvolution8And16Bit) {
  // Every bit pattern of every 8- and 16-bit format, every revision:
  // unembed(embed(x)) = x and embed(unembed(p)) = p (so embed is a bijection),
  // the sign bit is kept, and FpSan's division inverse is an involution
  // (inv(inv(u)) = u, both at the payload and at the float level: 1/(1/x) = x).
  for (auto r : all_revisions)
    for (dtype d : fs::all_dtypes) {
      const int w = fs::width_of(d);
      if (w > 16) continue;
      const fs::mixer m = fs::make_mixer(d, r);
      std::vector<bool> hit(std::size_t(1) << w);
      for (u64 x = 0; x < (u64(1) << w); ++x) {
        const u64 p = fs::embed(m, x);
        ASSERT_LT(p, u64(1) << w);
        ASSERT_EQ(fs::unembed(m, p), x) << fs::format_of(d).name;
        ASSERT_EQ(fs::embed(m, fs::unembed(m, x)), x);
        ASSERT_EQ(p & fs::sign_bit_of(w), x & fs::sign_bit_of(w));
        ASSERT_FALSE(hit[p]);
        hit[p] = true;
        ASSERT_EQ(fs::inv(w, fs::inv(w, x)), x);
        ASSERT_EQ(fs::inv(w, x) & 1, x & 1);
        if (x & 1) {
          ASSERT_EQ(fs::mul(w, x, fs::inv(w, x)), 1u);
        }
      }
    }
}

TEST(FpsanSampled, Bijection32And64Bit) {
  for (auto r : all_revisions)
    for (dtype d : {dtype::f32, dtype::f64}) {
      const fs::mixer m = fs::make_mixer(d, r);
      const u64 mask = fs::mask_of(m.width);
      for (u64 i = 0; i < 200000; ++i) {
        const u64 x = fs::validate::sample_bits(77, i) & mask;
        ASSERT_EQ(fs::unembed(m, fs::embed(m, x)), x);
        ASSERT_EQ(fs::embed(m, fs::unembed(m, x)), x);
        ASSERT_EQ(fs::inv(m.width, fs::inv(m.width, x)), x);
      }
    }
}

TEST(FpsanDocs, RingMinMaxClampProperties) {
  // fpsan.rst "Add, Sub, Neg, Mul" and "Min, Max, and Clamp": x - x = 0,
  // x + (-x) = 0, -(-x) = x, commutativity, associativity, distributivity,
  // min/max idempotent, commutative, associative, clamp = min(max(x, lo), hi).
  for (dtype d : fs::all_dtypes) {
    const int w = fs::width_of(d);
    const u64 m = fs::mask_of(w);
    for (u64 i = 0; i < 20000; ++i) {
      u64 x = fs::validate::sample_bits(1, 3 * i) & m, y = fs::validate::sample_bits(1, 3 * i + 1) & m,
          z = fs::validate::sample_bits(1, 3 * i + 2) & m;
      auto A = [&](fs::op o, u64 a, u64 b = 0) { return fs::apply_bits(o, d, a, b); };
      ASSERT_EQ(A(fs::op::sub, x, x), 0u);
      ASSERT_EQ(A(fs::op::add, x, A(fs::op::neg, x)), 0u);
      ASSERT_EQ(A(fs::op::neg, A(fs::op::neg, x)), x);
      ASSERT_EQ(A(fs::op::add, x, y), A(fs::op::add, y, x));
      ASSERT_EQ(A(fs::op::mul, x, y), A(fs::op::mul, y, x));
      ASSERT_EQ(A(fs::op::add, A(fs::op::add, x, y), z), A(fs::op::add, x, A(fs::op::add, y, z)));
      ASSERT_EQ(A(fs::op::mul, A(fs::op::mul, x, y), z), A(fs::op::mul, x, A(fs::op::mul, y, z)));
      ASSERT_EQ(A(fs::op::mul, x, A(fs::op::add, y, z)), A(fs::op::add, A(fs::op::mul, x, y), A(fs::op::mul, x, z)));
      ASSERT_EQ(A(fs::op::min, x, x), x);
      ASSERT_EQ(A(fs::op::max, x, x), x);
      ASSERT_EQ(A(fs::op::min, x, y), A(fs::op::min, y, x));
      ASSERT_EQ(A(fs::op::max, A(fs::op::max, x, y), z), A(fs::op::max, x, A(fs::op::max, y, z)));
      ASSERT_EQ(fs::clamp_bits(d, x, y, z), A(fs::op::min, A(fs::op::max, x, y), z));
      // x - 0 = x and x / 1 = x
      ASSERT_EQ(A(fs::op::sub, x, 0), x);
      ASSERT_EQ(A(fs::op::div, x, fs::format_of(d).one_bits()), x);
    }
  }
}

TEST(FpsanDocs, CastsKeepConstantsAndSameWidthIsPayloadIdentity) {
  // "0, +1, and -1 remain stable across the conversion"; and same-width
  // conversions keep the payload: fn(a.to(f16)).to(bf16) == fn(a) for bf16 a.
  for (dtype a : fs::all_dtypes)
    for (dtype b : fs::all_dtypes)
      for (auto mode : {fs::cast_mode::fold, fs::cast_mode::homomorphic}) {
        const fs::params p{fs::default_revision, mode};
        const fs::format fa = fs::format_of(a), fb = fs::format_of(b);
        EXPECT_EQ(fs::cast_bits(a, b, 0, p), 0u);
        EXPECT_EQ(fs::cast_bits(a, b, fa.one_bits(), p), fb.one_bits());
        EXPECT_EQ(fs::cast_bits(a, b, fa.one_bits() | fs::sign_bit_of(fa.width), p),
                  fb.one_bits() | fs::sign_bit_of(fb.width));
      }
  for (u64 x = 0; x < 65536; ++x) {
    u64 via = fs::cast_bits(dtype::f16, dtype::bf16,
                            fs::apply_bits(fs::op::sin, dtype::f16, fs::cast_bits(dtype::bf16, dtype::f16, x)));
    ASSERT_EQ(via, fs::apply_bits(fs::op::sin, dtype::bf16, x));
  }
}

// ---- fpsan::value<T> ----------------------------------------------------------------

template <class T>
T swiglu_like(T gate, T linear) {
  // Generic code: runs on float or on fpsan::value<float> unchanged.
  T sig = gate * fma(gate, T(0.5f), T(0.5f));
  return fma(sig, linear, exp(sig) / sin(linear)) - max(gate, linear);
}

TEST(FpsanValue, MatchesTheOpLevelModel) {
  using V = fs::value<float>;
  for (u64 i = 0; i < 10000; ++i) {
    u64 xb = fs::validate::sample_bits(5, 2 * i) & 0xffffffffu,
        yb = fs::validate::sample_bits(5, 2 * i + 1) & 0xffffffffu;
    V x = V::from_bits(xb), y = V::from_bits(yb);
    auto A = [](fs::op o, u64 a, u64 b = 0, u64 c = 0) { return fs::apply_bits(o, dtype::f32, a, b, c); };
    ASSERT_EQ((x + y).bits(), A(fs::op::add, xb, yb));
    ASSERT_EQ((x - y).bits(), A(fs::op::sub, xb, yb));
    ASSERT_EQ((x * y).bits(), A(fs::op::mul, xb, yb));
    ASSERT_EQ((x / y).bits(), A(fs::op::div, xb, yb));
    ASSERT_EQ((x % y).bits(), A(fs::op::rem, xb, yb));
    ASSERT_EQ((-x).bits(), A(fs::op::neg, xb));
    ASSERT_EQ(exp(x).bits(), A(fs::op::exp, xb));
    ASSERT_EQ(sqrt(x).bits(), A(fs::op::sqrt, xb));
    ASSERT_EQ(x.to<fs::bfloat16>().bits(), fs::cast_bits(dtype::f32, dtype::bf16, xb));
    // Composition through unembed/embed equals the payload-space composition.
    const u64 g = swiglu_like(x, y).bits();
    const u64 sig = A(fs::op::mul, xb, A(fs::op::fma, xb, f32bits(0.5f), f32bits(0.5f)));
    const u64 ref = A(fs::op::sub, A(fs::op::fma, sig, yb, A(fs::op::div, A(fs::op::exp, sig), A(fs::op::sin, yb))),
                      A(fs::op::max, xb, yb));
    ASSERT_EQ(g, ref);
  }
  // Literals mix in: x * 1.0f = x, x + 0.0f = x (fpsan.rst fixed points).
  V x = V::from_bits(0x12345678);
  EXPECT_EQ((x * 1.0f).bits(), 0x12345678u);
  EXPECT_EQ((x + 0.0f).bits(), 0x12345678u);
  EXPECT_EQ(x.to_float(), std::bit_cast<float>(0x12345678u));
  // The revision is a parameter: exp's scale constant differs before #11101.
  using Old = fs::value<float, fs::revision::r2026_07_29>;
  EXPECT_EQ(exp(Old(1.0f)).payload(), fs::exp2(32, 0x236ee9bf));
  EXPECT_EQ(exp(V(1.0f)).payload(), fs::exp2(32, 0x26a29a75));
  // Known libdevice externs get the op's rewrite; others are tagged.
  EXPECT_EQ(fs::extern_elementwise<float>("__nv_expf", x), exp(x));
  EXPECT_EQ(fs::extern_elementwise<float>("__nv_fmaf", x, x, x), fma(x, x, x));
  EXPECT_NE(fs::extern_elementwise<float>("__nv_sqrtf", x), sqrt(x));
  // Dot with mixed operand types accumulates in the accumulator's ring.
  fs::value<fs::float8_e4m3fn> a[2] = {fs::float8_e4m3fn{0x38}, fs::float8_e4m3fn{0xb8}};  // 1, -1
  fs::value<fs::half> b[2] = {fs::half{0x3c00}, fs::half{0x3c00}};                         // 1, 1
  EXPECT_EQ(fs::dot(V(3.0f), a, b, 2), V(3.0f));                                           // 3 + 1*1 + (-1)*1
}

TEST(FpsanValue, ConstexprEvaluation) {
  constexpr fs::value<double> one = 1.0;
  static_assert(one.payload() == 1);
  static_assert((one + one).payload() == 2);
  static_assert(exp2(fs::value<double>::from_payload(0)).payload() == 1);
}

// ---- the facts that make the identities theorems (docs/fpsan.md) ------------------

TEST(FpsanTheorems, GeneratorOrdersDivide2PowW) {
  for (int w : {8, 16, 32, 64}) {
    const u64 m = fs::mask_of(w);
    // cos/sin: g = cos(1) + i sin(1) satisfies g^(2^w) = 1 (square w times), so
    // x -> g^x is a homomorphism of Z/2^w: the angle formulas, cos_even and
    // sin_odd hold for all payloads; the norm a^2 + b^2 = 1 gives pythagoras.
    u64 c = fs::cos(w, 1), s = fs::sin(w, 1);
    EXPECT_EQ((c * c + s * s) & m, 1u) << w;
    for (int i = 0; i < w; ++i) {
      u64 c2 = (c * c - s * s) & m, s2 = (2 * c * s) & m;
      c = c2;
      s = s2;
    }
    EXPECT_EQ(c, 1u) << w;
    EXPECT_EQ(s, 0u) << w;
    // exp2: the base 1 + 2^k, k = ceil(w/4), also has order dividing 2^w.
    u64 e = fs::exp2(w, 1);
    EXPECT_EQ(e, (1 + (u64(1) << ((w + 3) / 4))) & m);
    for (int i = 0; i < w; ++i) e = (e * e) & m;
    EXPECT_EQ(e, 1u) << w;
    // The closed form equals the power computed by square-and-multiply.
    for (u64 i = 0; i < 2000; ++i) {
      const u64 x = fs::validate::sample_bits(w, i) & m;
      u64 pw = 1, b = fs::exp2(w, 1);
      for (int bit = 0; bit < w; ++bit, b = (b * b) & m)
        if ((x >> bit) & 1) pw = (pw * b) & m;
      ASSERT_EQ(fs::exp2(w, x), pw) << w << " " << x;
    }
    // exp2 results are odd, so FpSan's inverse of them is the true inverse
    // (exp2_neg, exp_neg).
    EXPECT_EQ(fs::exp2(w, 12345) & 1, 1u);
  }
}

TEST(FpsanTheorems, TagHashesDistinctInEveryWidth) {
  // tagged(x, op) = ((xK) ^ H(op)) K with K odd: two ops agree on some x iff
  // their H agree mod 2^w. So tags_distinct holds for all x iff these 8 hashes
  // are pairwise different in each width.
  for (int w : {8, 16, 32, 64})
    for (int i = 0; i < 8; ++i)
      for (int j = i + 1; j < 8; ++j)
        EXPECT_NE(fs::unary_tag_hash(w, fs::tagged_ops[i]), fs::unary_tag_hash(w, fs::tagged_ops[j]))
            << w << " " << i << " " << j;
}

TEST(FpsanTheorems, ExpScaleIsTheF32PayloadOfLog2e) {
  // exp(x) = exp2(x * L); exp_via_exp2 holds iff L = embed(round_D(1.44269504)) mod 2^w.
  // In f32 (both revisions' constants), L is exactly that payload.
  for (auto r : {fs::revision::r2026_08_20, fs::revision::r2026_07_29})
    EXPECT_EQ(fs::embed(fs::make_mixer(dtype::f32, r), f32bits(1.44269504f)), fs::exp_scale_u32(r));
}
