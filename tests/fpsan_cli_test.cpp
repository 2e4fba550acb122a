// `bitexact fpsan` CLI contract: eval (hex in, hex out, bad input -> one
// line + exit 2), validate --json, check exit statuses.
// Expected values: Triton's own oracle (conformance/fpsan/triton_reference_vectors.txt,
// from python/test/gluon/test_fpsan.py @ 1d2da15), facts stated in
// docs/programming-guide/chapter-3/fpsan.rst @ 1d2da15, and facts derived by
// hand from the algebra (named at each use).
#include <gtest/gtest.h>

#include "test_helpers.hpp"

#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "bitexact/fpsan/identities.hpp"

namespace {

namespace fs = bitexact::fpsan;
using result = bitexact::testing::cli_result;
using bitexact::testing::run_cli;

// Vectors of one kind and dtype from Triton's oracle: (input line, expected line).
std::pair<std::string, std::string> oracle(const std::string& kind, const std::string& dtype,
                                           const std::string& file = "triton_reference_vectors.txt") {
  std::ifstream in(BITEXACT_SOURCE_DIR "/conformance/fpsan/" + file);
  std::string line, ins, outs;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string k, d;
    ls >> k >> d;
    if (k != kind || d != dtype) continue;
    auto arrow = line.find(" -> ");
    ins += line.substr(k.size() + d.size() + 2, arrow - (k.size() + d.size() + 2)) + "\n";
    outs += line.substr(arrow + 4) + "\n";
  }
  return {ins, outs};
}

}  // namespace

TEST(FpsanCli, EvalMatchesTritonOracle) {
  for (const char* op : {"add", "sub", "mul", "div",  "rem",  "min",   "max", "fma",   "exp",  "exp2",        "sin",
                         "cos", "neg", "log", "log2", "sqrt", "rsqrt", "erf", "floor", "ceil", "precise_sqrt"}) {
    auto [in, expected] = oracle(op, "f32");
    ASSERT_FALSE(in.empty()) << op;
    auto r = run_cli(std::string("fpsan eval ") + op + ".f32", in);
    EXPECT_EQ(r.status, 0) << op << r.err;
    EXPECT_EQ(r.out, expected) << op;
  }
  auto [in, expected] = oracle("exp2", "f64");
  EXPECT_EQ(run_cli("fpsan eval exp2.f64", in).out, expected);
  for (const char* d : {"f64", "f32", "f16", "bf16", "e4m3fn", "e5m2", "e4m3fnuz", "e5m2fnuz"}) {
    auto [ein, eexp] = oracle("embed", d);
    ASSERT_FALSE(ein.empty()) << d;
    EXPECT_EQ(run_cli(std::string("fpsan eval embed.") + d, ein).out, eexp) << d;
    EXPECT_EQ(run_cli(std::string("fpsan eval unembed.") + d, eexp).out, ein) << d;
  }
}

TEST(FpsanCli, EvalCastsAndFixedPoints) {
  // fpsan.rst: 0, +1, -1 are stable across conversions; embed(+0) = 0,
  // embed(+1) = 1, embed(-1) = all ones.
  auto r = run_cli("fpsan eval to_bf16.f32", "0x00000000\n0x3f800000\n0xbf800000\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "0x0000\n0x3f80\n0xbf80\n");
  EXPECT_EQ(run_cli("fpsan eval to_f64.e5m2", "0x3c\n").out, "0x3ff0000000000000\n");
  EXPECT_EQ(run_cli("fpsan eval embed.e4m3fn", "0x00\n0x38\n0xb8\n").out, "0x00\n0x01\n0xff\n");
  // Hand-derived (tests/fpsan_model_test.cpp E4m3fnMixerConstants): embed(2.0) = 0x78.
  EXPECT_EQ(run_cli("fpsan eval embed.e4m3fn", "0x40\n").out, "0x78\n");
  // Homomorphic mode narrows by truncation: the payload 2^16 + 1 of f32 ...
  // becomes 1 = +1.0 in bf16. unembed.f32 gives its bits first.
  auto bits = run_cli("fpsan eval unembed.f32", "0x00010001\n").out;
  bits.pop_back();
  EXPECT_EQ(run_cli("fpsan eval to_bf16.f32 --homomorphic-casts", bits + "\n").out, "0x3f80\n");
  EXPECT_NE(run_cli("fpsan eval to_bf16.f32", bits + "\n").out, "0x3f80\n");
}

TEST(FpsanCli, BadInputIsOneLineExit2) {
  for (auto [args, input, needle] :
       {std::tuple<std::string, std::string, std::string>{"fpsan eval add.f32", "0x3f800000\n", "line 1"},
        {"fpsan eval sin.f16", "0x3c00\n0x12345\n", "line 2"},
        {"fpsan eval sin.f17", "0x3c00\n", "unknown dtype"},
        {"fpsan eval tan.f32", "0x3c00\n", "unknown op"},
        {"fpsan eval to_f8.f32", "0x3c00\n", "unknown dtype"},
        {"fpsan eval sin", "", "OP.DTYPE"},
        {"fpsan validate --dtype f12", "", "unknown dtype"},
        {"fpsan check 'a+' 'a'", "", "column"},
        {"fpsan check 'foo(a)' 'a'", "", "unknown function"},
        {"fpsan check 'a.to(f7)' 'a'", "", "unknown dtype"},
        // Issue 33, item 12: these were accepted (2.5 samples truncated to 2,
        // "--version foo" printed the version) or misread (three operands).
        {"fpsan check 'a+b' 'b+a' --samples 2.5", "", "whole number"},
        {"fpsan validate --dtype e4m3fn --samples 2.5", "", "whole number"},
        {"fpsan eval add.f32 1 2 3", "", "takes 2 operands per input"},
        {"fpsan eval sin.f16 1.0", "", "0x bit pattern"},
        {"--version foo", "", "--version takes no other arguments"}}) {
    auto r = run_cli(args, input);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find(needle), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
}

TEST(FpsanCli, ValidateJsonOnE4m3fn) {
  // Expected from the algebra, not from the implementation:
  //  - div_self fails exactly on the even payloads: 2^(8-1) = 128 of 256;
  //  - add_negzero fails on every input (embed(-0.0) = 0x80, adding it never
  //    returns x);
  //  - exp_via_exp2 fails outside f32 (exp's scale constant is the f32
  //    payload of log2(e); docs/fpsan.md);
  //  - every other identity holds on all 8-bit inputs/pairs/triples (the
  //    ones fpsan.rst promises, and theorems of the algebra: docs/fpsan.md).
  auto r = run_cli("fpsan validate --dtype e4m3fn --json");
  ASSERT_EQ(r.status, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  // One result per identity of the validator's table, in its order.
  ASSERT_EQ(j.size(), std::size(fs::validate::identities));
  std::map<std::string, nlohmann::json> by;
  for (std::size_t i = 0; i < j.size(); ++i) {
    EXPECT_EQ(j[i]["dtype"], "e4m3fn");
    EXPECT_EQ(j[i]["identity"], fs::validate::identities[i].name);
    by[j[i]["identity"]] = j[i];
  }
  EXPECT_EQ(by["div_self"]["checked"], 256);
  EXPECT_EQ(by["div_self"]["violations"], 128);
  EXPECT_EQ(by["add_negzero"]["violations"], 256);
  EXPECT_EQ(by["fma_expand"]["checked"], 1 << 24);
  EXPECT_EQ(by["exp2_add"]["checked"], 1 << 16);
  const std::set<std::string> fail = {"div_self", "add_negzero", "exp_via_exp2"};
  for (const auto& def : fs::validate::identities) {
    if (fail.count(def.name)) {
      EXPECT_GT(by[def.name]["violations"], 0) << def.name;
      EXPECT_TRUE(by[def.name]["witness"].is_string()) << def.name;
    } else {
      EXPECT_EQ(by[def.name]["violations"], 0) << def.name;
      EXPECT_TRUE(by[def.name]["witness"].is_null()) << def.name;
    }
  }
}

TEST(FpsanCli, CheckExitStatus) {
  // The examples: angle addition holds under FpSan; a downcast after
  // the multiply differs from multiplying downcast operands (test_fpsan.py
  // test_downcast_placement_payload_semantics asserts they differ).
  auto r = run_cli("fpsan check 'sin(a+b)' 'sin(a)*cos(b)+cos(a)*sin(b)' --dtype f32 --samples 2000");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("EQUIVALENT"), std::string::npos);
  r = run_cli("fpsan check '(a*b).to(bf16)' 'a.to(bf16)*b.to(bf16)' --dtype f32 --samples 2000");
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("counterexample"), std::string::npos);
  // ... but with homomorphic casts (truncation is a ring homomorphism) they agree.
  r = run_cli(
      "fpsan check '(a*b).to(bf16)' 'a.to(bf16)*b.to(bf16)' --dtype f32 --samples 2000 "
      "--homomorphic-casts");
  EXPECT_EQ(r.status, 0) << r.out;
  // test_exp_exp2_scaled_identity: exp(x) == exp2(x * 1.44269504) in f32.
  EXPECT_EQ(run_cli("fpsan check 'exp(x)' 'exp2(x*1.44269504)' --samples 2000").status, 0);
  // exp(-x) == 1/exp(x) (test_exp_neg_reciprocal_identity).
  EXPECT_EQ(run_cli("fpsan check 'exp(-x)' '1.0/exp(x)' --samples 2000").status, 0);
  // fpsan.rst: x / x = 1 is not guaranteed.
  EXPECT_EQ(run_cli("fpsan check 'x/x' '1.0' --dtype f16 --samples 2000").status, 1);
  // fpsan.rst: fn(a.to(f16)).to(bf16) == fn(a) for bf16 a.
  EXPECT_EQ(run_cli("fpsan check 'sin(a.to(f16)).to(bf16)' 'sin(a)' --dtype bf16 --samples 2000").status, 0);
}

// ---- revisions by Triton release ------------------------------------------------

TEST(FpsanCli, Triton380MatchesItsReleaseOracle) {
  // conformance/fpsan/triton_reference_vectors_triton-3.8.0.txt: the helpers of
  // test_fpsan.py @ release/3.8.x 10f6be36, restated by gen_release_reference.py.
  const std::string file = "triton_reference_vectors_triton-3.8.0.txt";
  for (const char* op : {"add", "mul", "div", "rem", "exp", "exp2", "sin", "cos", "sqrt", "fma"}) {
    auto [in, expected] = oracle(op, "f32", file);
    ASSERT_FALSE(in.empty()) << op;
    auto r = run_cli(std::string("fpsan eval ") + op + ".f32 --revision triton-3.8.0", in);
    EXPECT_EQ(r.status, 0) << op << r.err;
    EXPECT_EQ(r.out, expected) << op;
    // The pinned main's algebra gives other bits for most of them.
    if (std::string(op) != "fma" && std::string(op) != "add") {
      EXPECT_NE(run_cli(std::string("fpsan eval ") + op + ".f32", in).out, expected) << op;
    }
  }
  for (const char* d : {"f32", "bf16", "e4m3fn"}) {
    auto [ein, eexp] = oracle("embed", d, file);
    EXPECT_EQ(run_cli(std::string("fpsan eval embed.") + d + " --revision triton-3.8.0", ein).out, eexp) << d;
  }
  // triton-3.9.0 is the pinned main's algebra (docs/fpsan.md says on what evidence).
  auto [in, expected] = oracle("exp", "f32");
  EXPECT_EQ(run_cli("fpsan eval exp.f32 --revision triton-3.9.0", in).out, expected);
}

TEST(FpsanCli, Triton380CastsTruncateAndClampIsRefused) {
  // Hand-derived: the f32 payload 2^16 + 1 narrows to 1 = +1.0 in bf16 by
  // truncation (castSignedIntValueToType @ release/3.8.x), as with
  // --homomorphic-casts on main; main's fold does not give +1.0.
  auto bits = run_cli("fpsan eval unembed.f32 --revision triton-3.8.0", "0x00010001\n").out;
  EXPECT_EQ(run_cli("fpsan eval to_bf16.f32 --revision triton-3.8.0", bits).out, "0x3f80\n");
  // So the downcast-placement rewrite is FpSan-equivalent in 3.8.0 only.
  const std::string placement = "fpsan check '(a*b).to(bf16)' 'a.to(bf16)*b.to(bf16)' --samples 2000";
  EXPECT_EQ(run_cli(placement + " --revision triton-3.8.0").status, 0);
  EXPECT_EQ(run_cli(placement + " --revision triton-3.9.0").status, 1);
  // tt.clamp is not rewritten in 3.8.0: eval and check refuse it (exit 2, one line).
  for (auto [args, input] : {std::pair<std::string, std::string>{"fpsan eval clamp.f32 --revision triton-3.8.0",
                                                                  "0x3f800000 0x00000000 0x40000000\n"},
                             {"fpsan check 'clamp(x, a, b)' 'x' --revision triton-3.8.0", ""}}) {
    auto r = run_cli(args, input);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find("#10707"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
}

TEST(FpsanCli, BadRevisionIsOneLineListingTheKnownOnes) {
  for (const char* sub : {"eval add.f32", "validate", "check a a"})
    for (const char* bad : {"3.8.0", "triton-3.7.0", "main", "1D2DA15"}) {
      auto r = run_cli(std::string("fpsan ") + sub + " --revision " + bad, "0x3f800000 0x3f800000\n");
      EXPECT_EQ(r.status, 2) << sub << " " << bad;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      EXPECT_NE(r.err.find(std::string("unknown revision '") + bad + "'"), std::string::npos) << r.err;
      for (const char* known : {"1d2da15", "triton-3.9.0", "triton-3.8.0", "4a4243f", "c327a6f"})
        EXPECT_NE(r.err.find(known), std::string::npos) << known << " missing from: " << r.err;
      EXPECT_TRUE(r.out.empty());
    }
}

TEST(FpsanCli, ValidateAllRevisionsComparesThem) {
  // --revision all: one result per revision, identity and dtype. The expected
  // verdicts follow from the algebra: truncation (3.8.0) commutes with the
  // ring operations, the fold of every main revision does not; 3.8.0 tags
  // __nv_expf (tests/fpsan_model_test.cpp, FpsanWorked380).
  auto r = run_cli("fpsan validate --revision all --dtype bf16 --samples 2000 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.size(), 4 * std::size(fs::validate::identities));
  std::map<std::string, std::map<std::string, nlohmann::json>> by;
  for (const auto& e : j) by[e["revision"]][e["identity"]] = e;
  EXPECT_EQ(by["triton-3.8.0"]["downcast_mul"]["violations"], 0);
  EXPECT_GT(by["triton-3.8.0"]["downcast_mul"]["checked"], 0);
  EXPECT_GT(by["1d2da15"]["downcast_mul"]["violations"], 0);
  EXPECT_GT(by["c327a6f"]["downcast_add"]["violations"], 0);
  EXPECT_EQ(by["1d2da15"]["extern_expf"]["checked"], 0);  // f32 only
  auto f32 = nlohmann::json::parse(
      run_cli("fpsan validate --revision triton-3.8.0 --dtype f32 --samples 2000 --json").out);
  for (const auto& e : f32)
    if (e["identity"] == "extern_expf") {
      EXPECT_EQ(e["violations"], e["checked"]);
    }
}

// Was: --write-report into a folder that does not exist failed with "cannot
// write .../report.md" (issue 21); it makes the folder, as sweep --out does.
TEST(FpsanCli, WriteReportMakesItsFolder) {
  namespace stdfs = std::filesystem;
  const stdfs::path dir = stdfs::temp_directory_path() / ("bx_fpsan_wr_" + std::to_string(::getpid())) / "new";
  stdfs::remove_all(dir.parent_path());
  auto r = run_cli("fpsan validate --dtype bf16 --samples 200 --write-report " + dir.string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(stdfs::exists(dir / "report.md"));
  EXPECT_TRUE(stdfs::exists(dir / "report.json"));
  stdfs::remove_all(dir.parent_path());
}

// ---- check: grammar, functions, depth -------------------------------------------

TEST(FpsanCli, CheckHelpStatesGrammarAndFunctions) {
  auto r = run_cli("fpsan check --help");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* s : {"expr    :=", "primary :=", ".to(", "fma(a,b,c)", "clamp(x,lo,hi)", "precise_sqrt",
                        "triton-3.8.0", "nested levels"})
    EXPECT_NE(r.out.find(s), std::string::npos) << s;
  r = run_cli("fpsan check 'abs(x)' 'x'");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown function 'abs' (functions: fma(a,b,c) min(a,b) max(a,b) clamp"), std::string::npos)
      << r.err;
}

TEST(FpsanCli, DeepExpressionsAreOneLineExit2) {
  // Before the bound, ~7,000 nested parentheses or 10,000 nested calls
  // overflowed the parser's stack (a crash, not exit 2).
  auto nest = [](const std::string& open, int n, const std::string& close) {
    std::string e;
    for (int i = 0; i < n; ++i) e += open;
    e += "x";
    for (int i = 0; i < n; ++i) e += close;
    return e;
  };
  std::string chain = "x";
  for (int i = 0; i < 20000; ++i) chain += "+x";
  for (const std::string& e : {nest("(", 7000, ")"), nest("sin(", 10000, ")"), nest("-", 100000, ""), chain}) {
    auto r = run_cli("fpsan check '" + e + "' 'x' --samples 2");
    EXPECT_EQ(r.status, 2) << e.substr(0, 20);
    EXPECT_NE(r.err.find("expression too deep"), std::string::npos) << r.err.substr(0, 300);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
    EXPECT_LT(r.err.size(), 300u);
  }
  // 200 levels are fine.
  EXPECT_EQ(run_cli("fpsan check '" + nest("(", 200, ")") + "' 'x' --samples 2").status, 0);
}

// Issue 33, item 12: `fpsan eval OP.DTYPE X Y` failed ("arguments were not
// expected", listed reversed); it takes the operands after the name as `eval`
// does, with the same results as the same operands on stdin, and its help
// shows fpsan examples.
TEST(FpsanCli, EvalTakesOperandsAfterTheName) {
  auto [ins, outs] = oracle("add", "f32");
  ASSERT_FALSE(ins.empty());
  std::istringstream lines(ins), expected(outs);
  int n = 0;
  for (std::string in, out; std::getline(lines, in) && std::getline(expected, out) && n < 20; ++n) {
    auto r = run_cli("fpsan eval add.f32 " + in);
    EXPECT_EQ(r.status, 0) << in << ": " << r.err;
    EXPECT_EQ(r.out, out + "\n") << in;
  }
  EXPECT_EQ(n, 20);
  auto two = run_cli("fpsan eval mul.f32 1 2 3 4");
  auto piped = run_cli("fpsan eval mul.f32", "1 2\n3 4\n");
  EXPECT_EQ(two.status, 0) << two.err;
  EXPECT_EQ(two.out, piped.out);
  EXPECT_EQ(std::count(two.out.begin(), two.out.end(), '\n'), 2) << two.out;
  auto help = run_cli("fpsan eval --help");
  EXPECT_NE(help.out.find("bitexact fpsan eval add.f32 0x3f800000 0x40000000"), std::string::npos) << help.out;
  EXPECT_EQ(help.out.find("eval nv.sinf"), std::string::npos) << help.out;
  for (const char* cmd : {"fpsan --help", "fpsan validate --help"}) {
    auto h = run_cli(cmd);
    EXPECT_EQ(h.status, 0) << cmd;
    EXPECT_EQ(h.out.find("eval nv.sinf"), std::string::npos) << cmd << "\n" << h.out;
    EXPECT_NE(h.out.find("bitexact fpsan "), std::string::npos) << cmd << "\n" << h.out;
  }
}
