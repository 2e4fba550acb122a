// The CLI as a numerics engineer uses it (issue 21): numbers as input, no
// silent failure, help that answers. One test per reported bug; each failed on
// the main of 2026-11-25 (noted per test) and passes now.
//
// Expected values: IEEE 754 facts (fmodf(x, inf) = x for finite x, so the
// output of `eval mpfr.fmodf X inf` is the operand X as the CLI read it), and
// MPFR reading the decimal string directly at 24 or 53 bits (one correct
// rounding; the inputs are all in the normal range).
#include <gtest/gtest.h>
#include <mpfr.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bitexact/bits.hpp"
#include "bitexact/nv/version.hpp"
#include "bitexact/ocml/presets.hpp"
#include "test_helpers.hpp"

namespace fs = std::filesystem;
using bitexact::testing::exec_cli;
using bitexact::testing::exec_options;
using bitexact::testing::exec_result;

namespace {

fs::path scratch() { return bitexact::testing::scratch_dir("cli-robust"); }

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> v;
  for (std::string w; in >> w;) v.push_back(w);
  return v;
}

exec_result run(const std::string& args, const std::string& input = "", const exec_options& o = {}) {
  return exec_cli(words(args), input, o);
}

// The operand as the CLI reads it: fmodf(x, inf) returns x for finite x, and
// ceilf(x) = x for the infinities.
std::string read_f32(const std::string& token) {
  const bool infinite = token.find("inf") != std::string::npos;
  auto r = infinite ? exec_cli({"eval", "mpfr.ceilf", token}) : exec_cli({"eval", "mpfr.fmodf", token, "inf"});
  EXPECT_EQ(r.status, 0) << token << ": " << r.err;
  return r.out.empty() ? "" : r.out.substr(0, r.out.size() - 1);
}

// MPFR's one rounding of the string to `prec` bits (normal range only).
std::string mpfr_bits(const char* s, int prec) {
  mpfr_t x;
  mpfr_init2(x, prec);
  char* end = nullptr;
  mpfr_strtofr(x, s, &end, 0, MPFR_RNDN);
  EXPECT_EQ(*end, '\0') << s;
  std::string out = prec == 24 ? fmt::format("0x{:08x}", bitexact::bit_cast<std::uint32_t>(mpfr_get_flt(x, MPFR_RNDN)))
                               : fmt::format("0x{:016x}", bitexact::bit_cast<std::uint64_t>(mpfr_get_d(x, MPFR_RNDN)));
  mpfr_clear(x);
  return out;
}

void expect_one_line_error(const exec_result& r, const std::string& what, const std::string& needle = "") {
  EXPECT_FALSE(r.signaled) << what << ": signal " << r.sig;
  EXPECT_EQ(r.status, 2) << what << "\n" << r.err;
  EXPECT_EQ(r.lines(), 1) << what << "\n" << r.err;
  EXPECT_EQ(r.err.rfind("bitexact: error: ", 0), 0u) << what << "\n" << r.err;
  EXPECT_TRUE(r.out.empty()) << what << "\n" << r.out.substr(0, 200);
  if (!needle.empty()) {
    EXPECT_NE(r.err.find(needle), std::string::npos) << what << "\n" << r.err;
  }
}

bool empty_or_absent(const fs::path& d) { return !fs::exists(d) || fs::is_empty(d); }

}  // namespace

// ---- 1. input: numbers are numbers ------------------------------------------

// Was: `echo 1e6 | bitexact eval nv.sinf` printed 0x000001e6 (sinf of the bits
// 0x1e6, a subnormal), exit 0.
TEST(CliInput, BareDigitsAreDecimalNumbers) {
  auto dec = run("eval nv.sinf", "1e6\n100\n");
  auto hex = run("eval nv.sinf", "0x49742400\n0x42c80000\n");  // 1e6 and 100 are exact floats
  ASSERT_EQ(dec.status, 0) << dec.err;
  EXPECT_EQ(dec.out, hex.out);
  EXPECT_EQ(read_f32("100"), "0x42c80000");
  EXPECT_EQ(read_f32("1"), "0x3f800000");
}

// Was: `echo 100 | bitexact fpsan eval OP.DTYPE` read the bits 0x100. Now
// f32/f64 operands follow eval's rules (100 = 0x42c80000, 1.5 = 0x3fc00000,
// exact floats), and the 16/8-bit formats want 0x bit patterns.
TEST(CliInput, FpsanEvalReadsOperandsLikeEval) {
  auto dec = run("fpsan eval exp.f32", "100\n1.5\n");
  auto hex = run("fpsan eval exp.f32", "0x42c80000\n0x3fc00000\n");
  ASSERT_EQ(dec.status, 0) << dec.err;
  EXPECT_EQ(dec.out, hex.out);
  auto bare = run("fpsan eval exp.bf16", "100\n");
  EXPECT_EQ(bare.status, 2);
  EXPECT_NE(bare.err.find("not a 0x bit pattern"), std::string::npos) << bare.err;
  EXPECT_EQ(run("fpsan eval exp.bf16", "0x0100\n").status, 0);
}

// A token with 0x and no '.' or 'p' stays a bit pattern: 0x1 is the smallest subnormal.
TEST(CliInput, ZeroXWithoutDotOrPIsABitPattern) {
  EXPECT_EQ(read_f32("0x1"), "0x00000001");
  EXPECT_EQ(read_f32("0x3f800000"), "0x3f800000");
  EXPECT_EQ(read_f32("0X7F7FFFFF"), "0x7f7fffff");
  auto r = run("eval host.ceilf", "0x3fc00000\n");  // the contract of DEVELOPERS.md, unchanged
  EXPECT_EQ(r.out, "0x40000000\n");
}

// Decimal and hex-float tokens round once, to nearest-even, to the function's
// type. The first string lies 10^-30 above the midpoint between 1 and
// 1 + 2^-23: correctly rounded it is 1 + 2^-23, but read as a double first it
// becomes the midpoint itself and then rounds to even, 1.
TEST(CliInput, NumbersRoundOnceToTheFunctionsType) {
  const char* above_midpoint = "1.000000059604644775390625000001";
  ASSERT_EQ(bitexact::bit_cast<std::uint32_t>(float(std::strtod(above_midpoint, nullptr))), 0x3f800000u)
      << "the premise: through binary64 this string rounds twice, wrongly";
  EXPECT_EQ(mpfr_bits(above_midpoint, 24), "0x3f800001");
  for (const char* s : {above_midpoint, "1.000000059604644775390625", "0x1.000001p0", "0x1.0000011p0", "0x1.8p3",
                        "-0.5", "3e38", "1e6", "0.1", "-1.17549435e-38", "3.4028235e38", "123456789"})
    EXPECT_EQ(read_f32(s), mpfr_bits(s, 24)) << s;
  // binary64: the same rule with 53 bits.
  for (const char* s : {"0.1", "1e300", "-2.5e-300", "0x1.fffffffffffffp1023", "1.00000000000000011102230246251565"}) {
    auto r = exec_cli({"eval", "mpfr.fmod", s, "inf"});
    EXPECT_EQ(r.out, mpfr_bits(s, 53) + "\n") << s << r.err;
  }
  // IEEE 754 conversion: underflow to a subnormal or zero; a finite number
  // beyond the type's range (which would round to inf) is refused (issue 33,
  // item 12: `eval nv.sinf 1e400` read inf without a word), the largest
  // finite value and what rounds down to it are not.
  for (const char* big : {"1e39", "-1e400", "3.4028236e38", "0x1p128"})
    expect_one_line_error(exec_cli({"eval", "mpfr.ceilf", big}), big, "beyond the largest finite binary32");
  expect_one_line_error(exec_cli({"eval", "mpfr.ceil", "1e309"}), "1e309", "beyond the largest finite binary64");
  expect_one_line_error(exec_cli({"eval", "mpfr.ceilf"}, "1\n1e39\n"), "1e39 on stdin", "beyond the largest");
  EXPECT_EQ(read_f32("3.40282356e38"), "0x7f7fffff");
  EXPECT_EQ(read_f32("1e-45"), "0x00000001");
  EXPECT_EQ(read_f32("1e-50"), "0x00000000");
  EXPECT_EQ(read_f32("inf"), "0x7f800000");
  EXPECT_EQ(read_f32("-inf"), "0xff800000");
  EXPECT_EQ(read_f32("-0"), "0x80000000");
  auto nan = exec_cli({"eval", "mpfr.ceilf", "nan", "--output", "decimal"});
  EXPECT_EQ(nan.out, "nan\n") << nan.err;
}

// `bitexact eval nv.sinf 1e6 3e38` takes operands as arguments, in order, -inf included.
TEST(CliInput, OperandsAsArguments) {
  auto args = exec_cli({"eval", "nv.sinf", "1e6", "3e38", "-inf", "0x3f800000"});
  auto in = run("eval nv.sinf", "1e6\n3e38\n-inf\n0x3f800000\n");
  ASSERT_EQ(args.status, 0) << args.err;
  EXPECT_EQ(args.out, in.out);
  EXPECT_EQ(std::count(args.out.begin(), args.out.end(), '\n'), 4);
  EXPECT_EQ(exec_cli({"eval", "nv.sinf", "--", "-inf"}).out, exec_cli({"eval", "nv.sinf", "-inf"}).out);
  auto two = exec_cli({"eval", "mpfr.fmodf", "5.5", "2", "-7", "3", "--output", "decimal"});
  EXPECT_EQ(two.out, "1.5\n-1\n") << two.err;  // fmod is exact
  expect_one_line_error(exec_cli({"eval", "mpfr.fmodf", "5.5", "2", "1"}), "odd operand count", "2 operands");
  expect_one_line_error(exec_cli({"eval", "nv.sinf", "--bogus"}), "unknown option", "unknown option '--bogus'");
  auto ulp = exec_cli({"ulp", "mpfr.sinf", "1", "--output", "both"});
  EXPECT_EQ(ulp.out, "0x3f576aa4 0.84147096 0.470\n") << ulp.err;  // sin(1) correctly rounded
}

// --output decimal prints the shortest decimal that reads back to the same bits.
TEST(CliInput, DecimalOutputReadsBackToTheSameBits) {
  std::mt19937_64 rng(21);
  std::string in;
  // Finite values (fmodf(x, inf) = x); NaN payloads only show in hex.
  std::vector<std::uint32_t> xs = {0x00000001, 0x007fffff, 0x00800000, 0x7f7fffff, 0x80000000, 0x3f800000};
  for (int i = 0; i < 3000; ++i) {
    std::uint32_t x = std::uint32_t(rng());
    if ((x & 0x7f800000) != 0x7f800000) xs.push_back(x);
  }
  for (auto x : xs) in += fmt::format("0x{:08x} inf\n", x);
  auto dec = run("eval mpfr.fmodf --output decimal", in);
  ASSERT_EQ(dec.status, 0) << dec.err;
  std::string back_in;
  std::istringstream ds(dec.out);
  for (std::string d; std::getline(ds, d);) back_in += d + " inf\n";
  auto back = run("eval mpfr.fmodf", back_in);
  ASSERT_EQ(back.status, 0) << back.err;
  std::istringstream bs(back.out), ds2(dec.out);
  std::string line, d;
  for (auto x : xs) {
    std::getline(bs, line);
    std::getline(ds2, d);
    ASSERT_EQ(line, fmt::format("0x{:08x}", x)) << "printed as " << d;
  }
  auto both = exec_cli({"eval", "mpfr.fmodf", "0x3fc00000", "inf", "--output", "both"});
  EXPECT_EQ(both.out, "0x3fc00000 1.5\n");
  expect_one_line_error(exec_cli({"eval", "nv.sinf", "1", "--output", "octal"}), "--output octal", "hex, decimal");
}

// Bits must say so: bare hex digits are an error naming the 0x form.
TEST(CliInput, BitPatternsNeedTheirPrefix) {
  expect_one_line_error(run("eval nv.sinf", "3f800000\n"), "bare hex", "0x3f800000");
  expect_one_line_error(run("eval nv.sinf", "0x1\n1.5.5\n"), "two dots", "stdin line 2");
  expect_one_line_error(exec_cli({"eval", "nv.sinf", "-0x10"}), "signed hex integer", "-0x1p4");
  expect_one_line_error(run("eval nv.sinf", "0x13f800000\n"), "too wide", "32-bit");
}

// The same rules wherever operands come from the user: --inputs interval: and
// file:, and the port files of check.
TEST(CliInput, SameRulesInIntervalsFilesAndPortFiles) {
  const fs::path d = scratch() / "iv";
  auto r = run("sweep sinf --impl nv --inputs interval:1:2 -q --out " + d.string());
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream rep(d / "report.json");
  EXPECT_EQ(nlohmann::json::parse(rep)["inputs"]["spec"], "interval:0x3f800000:0x40000000");
  std::ofstream(scratch() / "dec.txt") << "# decimal and hex\n1e6\n-0.5\n0x3f800000\n0x1.8p3\n";
  const fs::path f = scratch() / "fi";
  r = run("sweep sinf --impl nv --inputs file:" + (scratch() / "dec.txt").string() + " -q --out " + f.string());
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream frep(f / "report.json");
  EXPECT_EQ(nlohmann::json::parse(frep)["inputs"]["count"], 4);
  // A port of ceilf written by hand in decimal: 1.5 -> 2, -0.5 -> -0 (IEEE ceil).
  std::ofstream(scratch() / "port_in.txt") << "1.5\n-0.5\n100\n";
  std::ofstream(scratch() / "port_out.txt") << "2\n-0\n100\n";
  r = run("check ceilf --against mpfr --inputs " + (scratch() / "port_in.txt").string() + " --outputs " +
          (scratch() / "port_out.txt").string());
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("PASS"), std::string::npos) << r.out;
}

// ---- 2. no silent failure ------------------------------------------------------

// Was: --chunk -1 (and 2^64-1) evaluated nothing and wrote a report marked
// complete with 0 inputs; --threads 0 and --checkpoint-seconds -5 ran.
TEST(CliNoSilentFailure, SweepNumericOptionsAreChecked) {
  const fs::path d = scratch() / "num";
  for (const std::string bad :
       {"--chunk -1", "--chunk 18446744073709551615", "--chunk 0", "--chunk 1e3", "--threads 0", "--threads -2",
        "--checkpoint-seconds -5", "--checkpoint-seconds nan", "--checkpoint-seconds inf", "--stop-after-chunks -1",
        "--shard 0/2", "--shard 1/-1", "--shard 3/2x"}) {
    auto r = run("sweep sinf --impl nv --inputs random:100 -q --out " + d.string() + " " + bad);
    expect_one_line_error(r, bad);
    EXPECT_TRUE(empty_or_absent(d)) << bad;
  }
}

// Was: --impl mpfr alone wrote an empty report; --impl '' ran every
// implementation while --impl nv, was an error.
TEST(CliNoSilentFailure, ImplListNamesAnImplementationBesidesTheTruth) {
  const fs::path d = scratch() / "impl";
  const std::string base = "--inputs random:100 -q --out " + d.string();
  expect_one_line_error(run("sweep sinf --impl mpfr " + base), "--impl mpfr", "truth");
  auto empty = words("sweep sinf " + base);
  empty.insert(empty.begin() + 2, {"--impl", ""});
  expect_one_line_error(exec_cli(empty), "--impl ''", "--impl is empty");
  expect_one_line_error(run("sweep sinf --impl nv, " + base), "--impl nv,", "empty implementation name");
  EXPECT_TRUE(empty_or_absent(d));
}

// Was: edge:0 and corpus --size 0 gave the whole corpus; --size -1 ended in
// "internal error: vector::reserve" and --size 4000000000 in std::bad_alloc.
TEST(CliNoSilentFailure, CorpusSizesAreCheckedBeforeAllocating) {
  for (const char* size : {"0", "-1", "4000000000", "1048577", "1e3"})
    expect_one_line_error(exec_cli({"corpus", "sinf", "--size", size}), std::string("--size ") + size, "1048576");
  // Given empty, an option is not "left out": --size '' printed the whole corpus.
  expect_one_line_error(exec_cli({"corpus", "sinf", "--size", ""}), "--size ''", "empty value");
  expect_one_line_error(exec_cli({"sweep", "sinf", "--threads", "", "--out", (scratch() / "e").string()}),
                        "--threads ''", "empty value");
  auto ok = exec_cli({"corpus", "sinf", "--size", "3"});
  EXPECT_EQ(ok.status, 0) << ok.err;
  const fs::path d = scratch() / "edge0";
  for (const char* set : {"edge:0", "edge:4000000000", "edge:-1"})
    expect_one_line_error(exec_cli({"sweep", "sinf", "--impl", "nv", "--inputs", set, "--out", d.string()}), set);
  EXPECT_TRUE(empty_or_absent(d));
}

// The other numeric options: each out-of-range value is one line, exit 2.
TEST(CliNoSilentFailure, EveryNumericOptionIsChecked) {
  const std::string in = (scratch() / "port_in.txt").string();
  std::ofstream(in) << "1.5\n";
  for (const std::string& bad : std::vector<std::string>{"ulp nv.sinf 1 --digits -1", "ulp nv.sinf 1 --digits 18", "check ceilf --against nv --inputs " + in +
        " --outputs " + in + " --ulp nan", "check ceilf --against nv --inputs " + in + " --outputs " + in +
        " --atol -1", "tolerance sinf --reject-share nan", "tolerance sinf --reject-share 2", "tolerance sinf --bits 7",
        "conformance run --threads 0 --suite " + in, "digests compute nv.sinf --set uniform --seed -1",
        "digests compute nv.sinf --set uniform --count -5", "digests print " + in + " --impl nv --fn sinf --seed x",
        "sweep sinf --impl nv --inputs random:99999999999999999999 --out " + (scratch() / "n").string(),
        "sweep sinf --impl nv --inputs interval:2:1 --out " + (scratch() / "n").string()})
    expect_one_line_error(run(bad), bad);
}

// Was: a 5 MB line was echoed whole in the "one-line" error, and binary
// garbage put control bytes on the terminal.
TEST(CliNoSilentFailure, ErrorsQuoteLittleAndEscapeControlBytes) {
  auto big = run("eval nv.sinf", "0x" + std::string(5 << 20, '1') + "\n");
  expect_one_line_error(big, "5 MB line", "bytes)");
  EXPECT_LT(big.err.size(), 300u);
  std::string garbage;
  std::mt19937 rng(7);
  for (int i = 0; i < 400; ++i) garbage += char(rng() % 256 == 10 ? 'x' : rng() % 256);
  for (const auto& r : {run("eval nv.sinf", garbage), exec_cli({"eval", "nv.sinf", garbage.substr(0, 60)})}) {
    expect_one_line_error(r, "garbage");
    for (std::size_t i = 0; i + 1 < r.err.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(r.err[i]);
      EXPECT_TRUE(c >= 0x20 && c != 0x7f) << "control byte " << int(c) << " at " << i << ": " << r.err;
    }
  }
}

// Was: merge of {} and digests print of bad JSON printed
// "[json.exception.out_of_range.403] ...".
TEST(CliNoSilentFailure, NoLibraryExceptionText) {
  const fs::path s = scratch() / "badstate";
  fs::create_directories(s);
  std::ofstream(s / "state.json") << "{}";
  std::ofstream(scratch() / "empty.json") << "{}";
  std::ofstream(scratch() / "broken.json") << "{\"manifest\": ";
  std::ofstream(scratch() / "rows.json") << R"({"manifest": {"bits": "x"}, "rows": [["1"]]})";
  std::ofstream(scratch() / "suite.json") << R"({"suites": [{"name": "x", "function": "ceilf", "impls": ["nv"],
      "inputs": "random:10", "limits": {"nv": {"max_ulp": "zero"}}}]})";
  const fs::path report = scratch() / "badreport";
  fs::create_directories(report);
  std::ofstream(report / "report.json") << R"({"function": 3})";
  const std::string e = (scratch() / "empty.json").string();
  for (const std::string& cmd :
       {"merge " + s.string() + " --out " + (scratch() / "m").string(), "digests print " + e + " --impl nv --fn sinf",
        "digests print " + (scratch() / "broken.json").string() + " --impl nv --fn sinf",
        "digests agree " + e + ":nv " + e + ":ocml",
        "check sinf --against nv --inputs " + (scratch() / "rows.json").string() + " --outputs " + e,
        "conformance run --suite " + (scratch() / "suite.json").string() + " --out " + (scratch() / "c").string(),
        "report markdown " + report.string()}) {
    auto r = run(cmd);
    expect_one_line_error(r, cmd);
    EXPECT_EQ(r.err.find("json.exception"), std::string::npos) << cmd << ": " << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << cmd << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists(scratch() / "m"));
}

// Was: under `ulimit -f` the sweep died of SIGXFSZ and left state.json.tmp-PID.
TEST(CliNoSilentFailure, FileSizeLimitEndsLikeAFullDisk) {
  exec_options lim;
  lim.file_size_limit = 4096;
  const fs::path d = scratch() / "fsize";
  auto r = run("sweep sinf --impl nv,ocml,host --inputs random:100000 -q --out " + d.string(), "", lim);
  expect_one_line_error(r, "sweep under ulimit -f", "File too large");
  EXPECT_TRUE(!fs::exists(d)) << "the folder it made is removed again";
  // Every level it made (was: only the last, leaving nest/a behind).
  const fs::path nest = scratch() / "fsize-nest";
  r = run("sweep sinf --impl nv,ocml,host --inputs random:100000 -q --out " + (nest / "a" / "b").string(), "", lim);
  expect_one_line_error(r, "sweep under ulimit -f, nested folder", "File too large");
  EXPECT_FALSE(fs::exists(nest));
  // Into a folder that was there: nothing left in it, no temporary file.
  fs::create_directories(d);
  r = run("sweep sinf --impl nv,ocml,host --inputs random:100000 -q --out " + d.string(), "", lim);
  expect_one_line_error(r, "sweep under ulimit -f, existing folder", "File too large");
  EXPECT_TRUE(fs::is_empty(d));
  // Standard output that cannot be written is an error too, not exit 0.
  auto c = run("corpus sinf", "", lim);
  EXPECT_EQ(c.status, 2) << c.err;
  EXPECT_NE(c.err.find("File too large"), std::string::npos) << c.err;
}

// Standard output on a full device (/dev/full: ENOSPC from the kernel): one
// line and exit 2 for every command, help and --version included (was exit 0
// for those, which CLI11 prints).
TEST(CliNoSilentFailure, FullStdoutIsAnErrorForEveryCommand) {
  for (const std::string args : {"eval nv.sinf 1", "ulp nv.sinf 1", "list", "corpus sinf", "--version", "--help",
                                 "--help-all", "sweep --help", "fpsan eval add.f32 0x3f800000 0x3f800000"}) {
    const auto r = bitexact::testing::shell("{ " + std::string(BITEXACT_CLI) + " " + args + " >/dev/full; }");
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err, "bitexact: error: cannot write the output: No space left on device\n") << args;
  }
}

// ---- 3. help ----------------------------------------------------------------------

TEST(CliHelp, VersionNamesWhatIsReproduced) {
  auto r = run("--version");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("bitexact ", 0), 0u) << r.out;
  const auto& nv = bitexact::nv::releases_reproduced[0];
  EXPECT_NE(r.out.find(fmt::format("CUDA {}.{}", nv.cuda_major, nv.cuda_minor)), std::string::npos) << r.out;
  const auto& o = bitexact::ocml::presets[0].cfg.rel;
  EXPECT_NE(r.out.find(fmt::format("ROCm device-libs {}.{}.{}", o.major, o.minor, o.patch)), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("FpSan"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1d2da15"), std::string::npos) << r.out;  // the default revision (fpsan_ops.hpp)
}

// Was: "A subcommand is required" for an unknown one.
TEST(CliHelp, UnknownSubcommandIsNamed) {
  expect_one_line_error(run("foo"), "foo", "unknown subcommand 'foo'");
  expect_one_line_error(run("digests foo"), "digests foo", "unknown subcommand 'foo' of 'bitexact digests'");
  expect_one_line_error(run("digests"), "digests", "needs a subcommand: print, compute, agree");
  expect_one_line_error(run(""), "no subcommand", "needs a subcommand");
}

// Was: --help-all went one level deep.
TEST(CliHelp, HelpAllIsRecursive) {
  auto r = run("--help-all");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* nested : {" digests print ", " digests compute ", " conformance run ", " report markdown ",
                             " vectors export ", " fpsan check ", " sweep ", " eval "})
    EXPECT_NE(r.out.find(nested), std::string::npos) << nested;
}

// Every command of this CLI (the fpsan ones have their own owner) has a help
// with an example.
TEST(CliHelp, EveryCommandHasAnExample) {
  for (const char* cmd : {"", "eval", "list", "ulp", "sweep", "merge", "corpus", "report", "report markdown",
                          "conformance", "conformance run", "digests", "digests print", "digests compute",
                          "digests agree", "vectors", "vectors export", "identify", "check", "tolerance",
                          "causes", "ocml-vectors"}) {
    auto r = run(std::string(cmd) + " --help");
    EXPECT_EQ(r.status, 0) << cmd << r.err;
    EXPECT_NE(r.out.find("Example"), std::string::npos) << cmd << ":\n" << r.out;
  }
}

// Was: interval: missing from sweep --help; no input rules in eval/ulp --help.
TEST(CliHelp, InputSetsAndOperandRulesAreDocumented) {
  auto s = run("sweep --help");
  for (const char* set : {"exhaustive", "uniform:N", "structured:N", "binades:N", "interval:LO:HI", "edge[:SIZE]",
                          "file:PATH"})
    EXPECT_NE(s.out.find(set), std::string::npos) << set;
  for (const char* cmd : {"eval --help", "ulp --help"}) {
    auto r = run(cmd);
    for (const char* rule : {"0x1.8p3", "bit pattern", "nearest-even", "--output"})
      EXPECT_NE(r.out.find(rule), std::string::npos) << cmd << ": " << rule;
  }
}

// ocml-vectors rewrites committed data: it is listed apart.
TEST(CliHelp, MaintainerCommandsAreListedApart) {
  auto r = run("--help");
  const auto group = r.out.find("Maintainer subcommands");
  ASSERT_NE(group, std::string::npos) << r.out;
  EXPECT_GT(r.out.find("ocml-vectors"), group);
  EXPECT_LT(r.out.find("  sweep"), group);
}

// Was: outside a clone, `conformance run` said it could not read the suite file, nothing more.
TEST(CliHelp, ConformanceRunOutsideTheRepoHintsSuite) {
  exec_options o;
  o.cwd = scratch();
  expect_one_line_error(run("conformance run --out c", "", o), "conformance run", "--suite FILE");
}
