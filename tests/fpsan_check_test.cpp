// The expression language of `bitexact fpsan check` (include/bitexact/fpsan/expr.hpp).
// Expected results come from fpsan.rst @ 1d2da15 (fixed points, ring laws,
// clamp = min(max())), Triton's typing rules for scalars and mixed float
// types, and the identity report's documented failures.
#include <gtest/gtest.h>

#include <map>

#include "bitexact/fpsan/expr.hpp"
#include "bitexact/fpsan/identities.hpp"

namespace fs = bitexact::fpsan;
using fs::dtype;

namespace {

// True when e1 and e2 give the same FpSan bits on `n` random assignments.
bool equivalent(const std::string& e1, const std::string& e2, dtype d, int n = 3000, fs::params p = {}) {
  auto p1 = fs::expr::parse(e1), p2 = fs::expr::parse(e2);
  std::map<std::string, fs::u64> bits;
  fs::expr::env env{d, p, &bits};
  for (int i = 0; i < n; ++i) {
    int k = 0;
    for (const auto* vs : {&p1.variables, &p2.variables})
      for (const auto& v : *vs)
        bits[v] = fs::validate::sample_bits(99, fs::u64(i) * 8 + fs::u64(k++)) & fs::mask_of(fs::width_of(d));
    auto a = fs::expr::result_bits_fpsan(p1, env), b = fs::expr::result_bits_fpsan(p2, env);
    if (a.d != b.d || a.v != b.v) return false;
  }
  return true;
}

}  // namespace

TEST(FpsanCheck, DocumentedIdentitiesAreEquivalent) {
  for (dtype d : fs::all_dtypes) {
    const char* n = fs::format_of(d).name;
    EXPECT_TRUE(equivalent("x * 1.0", "x", d)) << n;
    EXPECT_TRUE(equivalent("x + 0.0", "x", d)) << n;
    EXPECT_TRUE(equivalent("x - x", "0.0", d)) << n;
    EXPECT_TRUE(equivalent("-(-x)", "x", d)) << n;
    EXPECT_TRUE(equivalent("fma(a, b, c)", "a*b + c", d)) << n;
    EXPECT_TRUE(equivalent("a*(b + c)", "a*b + a*c", d)) << n;
    EXPECT_TRUE(equivalent("min(a, b)", "min(b, a)", d)) << n;
    EXPECT_TRUE(equivalent("clamp(x, lo, hi)", "min(max(x, lo), hi)", d)) << n;
    EXPECT_TRUE(equivalent("1.0/(1.0/x)", "x", d)) << n;
    EXPECT_TRUE(equivalent("exp2(a+b)", "exp2(a)*exp2(b)", d)) << n;
    EXPECT_TRUE(equivalent("cos(a-b)", "cos(a)*cos(b) + sin(a)*sin(b)", d)) << n;
    EXPECT_TRUE(equivalent("cos(x)*cos(x) + sin(x)*sin(x)", "1.0", d)) << n;
    // Tags: same op on equal payloads agree; different ops differ.
    EXPECT_TRUE(equivalent("sqrt(x + 0.0)", "sqrt(x)", d)) << n;
    EXPECT_FALSE(equivalent("sqrt(x)", "precise_sqrt(x)", d)) << n;
    EXPECT_FALSE(equivalent("x/x", "1.0", d)) << n;
  }
  // Payload ring, not IEEE: 2.0 is not the payload 2.
  EXPECT_FALSE(equivalent("x * 2.0", "x + x", dtype::f32));
  // -0.0 is not an additive identity except where the format has no -0.
  EXPECT_FALSE(equivalent("x + (-0.0)", "x", dtype::bf16));
  EXPECT_TRUE(equivalent("x + (-0.0)", "x", dtype::e4m3fnuz));
}

TEST(FpsanCheck, CastsAndTyping) {
  // test_downcast_placement_payload_semantics: the two placements differ
  // (fold mode); truncation makes them agree.
  EXPECT_FALSE(equivalent("(a*b).to(bf16)", "a.to(bf16)*b.to(bf16)", dtype::f32));
  EXPECT_TRUE(equivalent("(a*b).to(bf16)", "a.to(bf16)*b.to(bf16)", dtype::f32, 3000,
                         {fs::default_revision, fs::cast_mode::homomorphic}));
  // Upcast then downcast is the identity; Triton spellings are accepted.
  EXPECT_TRUE(equivalent("x.to(tl.float32).to(tl.bfloat16)", "x", dtype::bf16));
  // Same-width casts keep the payload: f16 -> e4m3fn -> e5m2 = f16 -> e5m2.
  EXPECT_TRUE(equivalent("x.to(float8e4nv).to(e5m2)", "x.to(e5m2)", dtype::f16));
  // f16 with bf16 promotes to f32 (Triton's rule), so the result is an f32.
  auto pr = fs::expr::parse("a.to(f16) + b.to(bf16)");
  std::map<std::string, fs::u64> bits{{"a", 0x3f800000}, {"b", 0x3f800000}};
  fs::expr::env env{dtype::f32, {}, &bits};
  auto r = fs::expr::result_bits_fpsan(pr, env);
  EXPECT_EQ(r.d, dtype::f32);
  // 1.0 + 1.0 under FpSan is the payload 2, whatever float that unembeds to.
  EXPECT_EQ(fs::embed(fs::mixer_for(dtype::f32), r.v), 2u);
  // fp8 of two kinds: no implicit promotion.
  EXPECT_THROW(fs::expr::result_bits_fpsan(fs::expr::parse("a.to(e4m3fn) + b.to(e5m2)"), env), fs::expr::parse_error);
}

TEST(FpsanCheck, DepthIsBounded) {
  // max_depth nested levels parse; one more is an error, not a stack overflow.
  auto nest = [](int n) { return std::string(std::size_t(n), '(') + "x" + std::string(std::size_t(n), ')'); };
  EXPECT_NO_THROW(fs::expr::parse(nest(fs::expr::max_depth - 1)));
  EXPECT_THROW(fs::expr::parse(nest(fs::expr::max_depth + 1)), fs::expr::parse_error);
  std::string chain = "x";
  for (int i = 0; i < fs::expr::max_depth + 5; ++i) chain += "*x";
  EXPECT_THROW(fs::expr::parse(chain), fs::expr::parse_error);
}

TEST(FpsanCheck, Triton380Algebra) {
  // Triton 3.8.0 truncates when narrowing (release/3.8.x castSignedIntValueToType),
  // so downcasts commute with + and * there; its clamp is not rewritten.
  const fs::params r38{fs::revision::triton_3_8_0, fs::cast_mode::fold};
  EXPECT_TRUE(equivalent("(a*b).to(bf16)", "a.to(bf16)*b.to(bf16)", dtype::f32, 3000, r38));
  EXPECT_TRUE(equivalent("(a+b).to(e5m2)", "a.to(e5m2)+b.to(e5m2)", dtype::f16, 3000, r38));
  EXPECT_TRUE(equivalent("sin(a+b)", "sin(a)*cos(b)+cos(a)*sin(b)", dtype::f32, 3000, r38));
  EXPECT_THROW(equivalent("clamp(x, a, b)", "x", dtype::f32, 10, r38), fs::expr::parse_error);
}

TEST(FpsanCheck, ParseErrors) {
  for (const char* bad : {"", "a +", "(a", "a)", "foo(a)", "min(a)", "a.to(f7)", "a $ b", "fma(a,b)"})
    EXPECT_THROW(fs::expr::parse(bad), fs::expr::parse_error) << bad;
  auto p = fs::expr::parse("sin(a+b) * -c.to(f16) % 2.5e-1");
  EXPECT_EQ(p.variables, (std::vector<std::string>{"a", "b", "c"}));
}
