// The CLI contract of DEVELOPERS.md: hex in, hex out; bad input -> one line, exit 2.
// Expected values: IEEE 754 facts (exact results) and MPFR via the mpfr impl.
#include <gtest/gtest.h>

#include "test_helpers.hpp"

#include <sys/wait.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace {

using result = bitexact::testing::cli_result;
using bitexact::testing::line_count;
using bitexact::testing::run_cli;
using bitexact::testing::shell;

TEST(Cli, HostCeilfExactValues) {
  // ceilf is exact: 1.5 -> 2, -1.5 -> -1, -0.5 -> -0.
  auto r = run_cli("eval host.ceilf", "0x3fc00000\n0xbfc00000\n0xbf000000\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "0x40000000\n0xbf800000\n0x80000000\n");
}

TEST(Cli, TwoOperandsPerLine) {
  // fmod(5.5, 2) = 1.5 exactly; fmod(-7, 3) = -1.
  auto r = run_cli("eval mpfr.fmod",
                   "0x4016000000000000 0x4000000000000000\n"
                   "0xc01c000000000000 0x4008000000000000\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "0x3ff8000000000000\n0xbff0000000000000\n");
}

TEST(Cli, SfuInstructionsGiveTheH100Bits) {
  // Expected: the H100's own outputs (device/sfu_probe.cu dump, 2026-11-25):
  // sin.approx.ftz.f32 of 1 and 2, rcp.approx.ftz.f32 of 1.5, ex2.approx.ftz.f32
  // of 0.5 and -0.75. libdevice sinf(1) is 0x3f576aa5, the correctly rounded sin(1) 0x3f576aa4.
  auto r = run_cli("eval ptx-ftz.sin_approx", "0x3f800000\n0x40000000\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "0x3f576aa3\n0x3f68c7b6\n");
  r = run_cli("eval ptx-ftz.rcp_approx", "0x3fc00000\n");
  EXPECT_EQ(r.out, "0x3f2aaaab\n");
  r = run_cli("eval ptx.ex2_approx", "0x3f000000\n0xbf400000\n");
  EXPECT_EQ(r.out, "0x3fb504f3\n0x3f1837f0\n");
  // An approximation has no libdevice or ocml form: one line, exit 2.
  r = run_cli("eval nv.sin_approx", "0x3f800000\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("has no function 'sin_approx'"), std::string::npos) << r.err;
}

TEST(Cli, UnknownFunctionIsOneLineExit2) {
  auto r = run_cli("eval nv.lgammaf", "0x3f800000\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown function 'lgammaf'"), std::string::npos) << r.err;
  EXPECT_EQ(line_count(r.err), 1) << r.err;
  EXPECT_TRUE(r.out.empty());
}

// An unknown implementation: one line, exit 2, naming the implementations
// that have the function.
TEST(Cli, UnknownImplementation) {
  auto r = run_cli("eval nope.sinf", "0x3f800000\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown implementation 'nope' (sinf is in: "), std::string::npos) << r.err;
  for (const char* have : {" nv ", " ocml ", " mpfr "}) EXPECT_NE(r.err.find(have), std::string::npos) << r.err;
  EXPECT_EQ(line_count(r.err), 1) << r.err;
  EXPECT_TRUE(r.out.empty());
}

// BITEXACT_ISA (bitexact/dispatch.hpp) caps the host paths' instructions: a
// value the library does not know is one line, exit 2, before any work; every
// level gives the same bits (here nv and ocml sinf on every input class).
TEST(Cli, IsaCapIsCheckedAndChangesNoBit) {
  const std::string cli = BITEXACT_CLI;
  auto bad = shell("BITEXACT_ISA=avx1024 " + cli + " eval nv.sinf 1e6");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("BITEXACT_ISA='avx1024' is not one of baseline, fma, avx2, avx512"), std::string::npos)
      << bad.err;
  EXPECT_EQ(line_count(bad.err), 1) << bad.err;
  EXPECT_TRUE(bad.out.empty());
  const std::string inputs = "printf '1e6\\n0x7f7fffff\\n3.5\\n-0\\n0x00000001\\n0x7fc00001\\n-105615\\n1e-40\\n' | ";
  for (const char* impl : {"nv.sinf", "nv-ftz.cosf", "ocml.sinf"}) {
    std::string first;
    for (const char* isa : {"avx512", "avx2", "fma", "baseline"}) {
      auto r = shell(inputs + "BITEXACT_ISA=" + isa + " " + cli + " eval " + impl);
      ASSERT_EQ(r.status, 0) << isa << ": " << r.err;
      EXPECT_EQ(line_count(r.out), 8) << r.out;
      if (first.empty())
        first = r.out;
      else
        EXPECT_EQ(r.out, first) << impl << " at " << isa;
    }
  }
}

// A known implementation without the function (issue 34's bad input): one
// line, exit 2, why (ocml: the AMD instruction its code calls, from
// ocml/not_reproduced.def; host: the C library), and where the function is.
TEST(Cli, ImplementationWithoutTheFunctionSaysWhyAndWhereItIs) {
  struct bad_case {
    const char* spec;
    const char* why;
  };
  for (const bad_case c : {bad_case{"ocml.expf", "v_exp_f32"}, bad_case{"ocml-daz.tanf", "v_rcp_f32"},
                           bad_case{"host.erfinvf", "C library has no erfinvf"}}) {
    const auto r = run_cli(std::string("eval ") + c.spec + " 1");
    EXPECT_EQ(r.status, 2) << c.spec;
    EXPECT_NE(r.err.find("has no function"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(c.why), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" is in: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" nv "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" triton"), std::string::npos) << r.err;
    EXPECT_EQ(line_count(r.err), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << c.spec;
  }
}

// `bitexact list` names the libdevice file of `triton` by the SHA-256 that the
// GPU run read from Triton's wheel (vectors/triton/digests.json's manifest,
// written by tools/scripts/device/triton_libdevice.py) and says which releases
// ship it.
TEST(Cli, ListNamesTritonsLibdeviceFile) {
  std::ifstream f(std::string(BITEXACT_SOURCE_DIR) + "/vectors/triton/digests.json");
  std::stringstream text;
  text << f.rdbuf();
  const std::string s = text.str(), key = "\"sha256\": \"";
  const auto at = s.find(key);
  ASSERT_NE(at, std::string::npos);
  const std::string sha = s.substr(at + key.size(), 64);
  const auto r = run_cli("list");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string triton_line;
  std::istringstream lines(r.out);
  for (std::string l; std::getline(lines, l);)
    if (l.starts_with("triton ")) triton_line = l;
  EXPECT_NE(triton_line.find("SHA-256 " + sha), std::string::npos) << triton_line;
  EXPECT_NE(triton_line.find("Triton release from 2.0 to 3.8"), std::string::npos) << triton_line;
}

TEST(Cli, MalformedLineNamesLineAndWritesNothing) {
  auto r = run_cli("eval host.sinf", "0x3f800000\n0xzz\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("stdin line 2"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << "partial output: " << r.out;
}

TEST(Cli, WrongArity) {
  auto r = run_cli("eval host.fmodf", "0x3f800000\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("expected 2 operands"), std::string::npos) << r.err;
  auto r2 = run_cli("eval host.sinf", "0x3f800000 0x3f800000\n");
  EXPECT_EQ(r2.status, 2);
  EXPECT_NE(r2.err.find("got more"), std::string::npos) << r2.err;
}

TEST(Cli, TooWideForFloat) {
  auto r = run_cli("eval host.sinf", "0x13f800000\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("32-bit"), std::string::npos) << r.err;
}

TEST(Cli, ListNamesRequiredImplementations) {
  auto r = run_cli("list", "");
  EXPECT_EQ(r.status, 0);
  for (const char* name : {"host", "mpfr"}) EXPECT_NE(r.out.find(name), std::string::npos) << name;
}

// Issue 33, item 9: `bitexact list` printed, for an implementation whose
// functions have different descriptions, the last function's ("nv-fast ...
// __fdividef (div.approx.ftz)", ptx and ptx-ftz both "PTX tanh.approx.f32").
// Its line now says what the implementation is as a whole (never one
// function's description where they differ), and `list IMPL` gives each
// function's own.
TEST(Cli, ListDescribesEachImplementationAsAWhole) {
  auto r = run_cli("list", "");
  ASSERT_EQ(r.status, 0) << r.err;
  std::map<std::string, std::string> line;  // name -> the rest of its line
  std::istringstream in(r.out);
  for (std::string l; std::getline(in, l);) line[l.substr(0, l.find(' '))] = l;
  for (const char* impl : {"nv", "nv-ftz", "nv-fast", "nv-intrinsics", "ptx", "ptx-ftz"}) {
    SCOPED_TRACE(impl);
    ASSERT_TRUE(line.count(impl));
    auto per = run_cli(std::string("list ") + impl, "");
    ASSERT_EQ(per.status, 0) << per.err;
    std::set<std::string> descriptions;  // each function's, from `list IMPL`: "IMPL.FN  DESCRIPTION"
    std::istringstream pin(per.out);
    for (std::string l; std::getline(pin, l);) {
      ASSERT_EQ(l.rfind(std::string(impl) + ".", 0), 0u) << l;
      const auto d = l.find_first_not_of(' ', l.find(' '));
      ASSERT_NE(d, std::string::npos) << l;
      descriptions.insert(l.substr(d));
    }
    ASSERT_GT(descriptions.size(), 1u) << "these implementations' functions are described differently";
    for (const auto& d : descriptions) EXPECT_FALSE(line[impl].ends_with(d)) << line[impl] << "\nends with " << d;
  }
  EXPECT_NE(line["ptx"].substr(line["ptx"].rfind("  ")), line["ptx-ftz"].substr(line["ptx-ftz"].rfind("  ")));
  EXPECT_NE(line["ptx-ftz"].find(".ftz.f32"), std::string::npos) << line["ptx-ftz"];
  auto bad = run_cli("list nope", "");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bitexact::testing::line_count(bad.err), 1) << bad.err;
  EXPECT_NE(bad.err.find("unknown implementation 'nope'"), std::string::npos) << bad.err;
}

// Issue 33, item 5: `vectors export --format csv --out x.npy` wrote CSV into
// a .npy and exited 0, and `identify cosf` on a sinf export said nothing
// although its manifest says fn: sinf. The extension decides the format where
// --format is not given, a contradiction is refused before anything is
// written, and another function's outputs are refused with the function named.
TEST(Cli, ExportFormatFollowsTheNameAndManifestsAreChecked) {
  const auto dir = bitexact::testing::fresh_dir("export-format");
  const std::string npy = (dir / "x.npy").string(), csv = (dir / "e.csv").string();
  auto bad = run_cli("vectors export sinf --impl nv --inputs edge --format csv --out " + npy);
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bitexact::testing::line_count(bad.err), 1) << bad.err;
  EXPECT_NE(bad.err.find("does not match --out"), std::string::npos) << bad.err;
  EXPECT_FALSE(std::filesystem::exists(npy));
  EXPECT_FALSE(std::filesystem::exists(npy + ".manifest.json"));

  auto ok = run_cli("vectors export sinf --impl nv --inputs edge --out " + csv);
  ASSERT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(bitexact::testing::slurp(csv).rfind("x_hex,x,out_hex,out\n", 0), 0u) << "a .csv name gives CSV";

  for (const char* cmd : {"identify cosf", "check cosf --against nv"}) {
    auto r = run_cli(std::string(cmd) + " --inputs " + csv + " --outputs " + csv);
    EXPECT_EQ(r.status, 2) << cmd;
    EXPECT_EQ(bitexact::testing::line_count(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("outputs of sinf, not cosf"), std::string::npos) << cmd << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  auto same = run_cli("check sinf --against nv --inputs " + csv + " --outputs " + csv);
  EXPECT_EQ(same.status, 0) << same.err;
  std::filesystem::remove_all(dir);
}

// Issue 33, item 6: an export over 2^32 inputs ran for minutes with no
// progress and no word about its size. The size is said before any work (here
// the write then fails at once: the folder does not exist), a file that cannot
// fit is refused at once, and --progress draws the sweep's bar.
TEST(Cli, ExportSaysItsSizeAndShowsProgress) {
  const auto dir = bitexact::testing::fresh_dir("export-size");
  auto r = run_cli("vectors export sinf --impl nv --inputs exhaustive --out " + (dir / "no" / "x.npy").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("vectors export: 4294967296 rows, 32.0 GiB as npy\n", 0), 0u) << r.err;
  // 10^12 rows of two floats: 7450.6 GiB, more than any disk this runs on.
  const std::string huge = (dir / "huge.npy").string();
  r = run_cli("vectors export sinf --impl nv --inputs uniform:1000000000000 --out " + huge);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(bitexact::testing::line_count(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("need 7450.6 GiB as npy"), std::string::npos) << r.err;
  EXPECT_TRUE(std::filesystem::is_empty(dir)) << "nothing written";
  r = run_cli("vectors export sinf --impl nv --inputs uniform:300000 --progress --out " + (dir / "u.npy").string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("] 100.0%"), std::string::npos) << r.err;
  r = run_cli("vectors export sinf --impl nv --inputs uniform:300000 --out " + (dir / "v.npy").string());
  EXPECT_TRUE(r.err.empty()) << "no terminal, no bar: " << r.err;
  std::filesystem::remove_all(dir);
}

}  // namespace

// `digests print` shows a committed set in the format of the device sweeps, and
// `digests compute` recomputes it here: for nv.sinf the expected lines are the
// H100's (vectors/nv/digests.json), recomputed from the reproduction.
TEST(Cli, DigestsPrintAndComputeAgreeWithTheCommittedH100Digests) {
  const std::string file = std::string(BITEXACT_SOURCE_DIR) + "/vectors/nv/digests.json";
  auto p = run_cli("digests print " + file + " --impl nv --fn sinf");
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(std::count(p.out.begin(), p.out.end(), '\n'), 256);
  EXPECT_EQ(p.out.rfind("0x00000000 0x", 0), 0u) << p.out.substr(0, 40);
  auto c = run_cli("digests compute nv.sinf --set exhaustive --blocks 0:2");
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(c.out, p.out.substr(0, c.out.size()));
  EXPECT_EQ(std::count(c.out.begin(), c.out.end(), '\n'), 2);
  // One-line errors, exit 2.
  for (const char* bad : {"digests print /nonexistent.json --impl nv --fn sinf",
                          "digests print VEC --impl nv --fn fmod",  // two sets match
                          "digests print VEC --impl nosuch --fn sinf", "digests compute nv.sinf --set uniform",
                          "digests compute nv.sinf --set exhaustive --blocks 9:3"}) {
    std::string args = bad;
    if (auto k = args.find("VEC"); k != std::string::npos) args.replace(k, 3, file);
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(line_count(r.err), 1) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
}

// `digests agree`: ceil (f64) is exact in IEEE arithmetic and both vendors
// return a quieted input NaN, so the H100's digests and ocml.bc's must be equal
// on every block of both ceil sets; a set compared with itself agrees fully.
TEST(Cli, DigestsAgreeCountsEqualBlocksAcrossVendors) {
  const std::string nv = std::string(BITEXACT_SOURCE_DIR) + "/vectors/nv/digests.json";
  const std::string ocml = std::string(BITEXACT_SOURCE_DIR) + "/vectors/ocml/digests.json";
  auto r = run_cli("digests agree " + nv + ":nv " + ocml + ":ocml");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("ceil uniform seed 5: 64/64 blocks"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ceil structured seed 6: 64/64 blocks"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("sinf exhaustive seed 0: "), std::string::npos) << r.out;
  auto self = run_cli("digests agree " + nv + ":nv " + nv + ":nv");
  EXPECT_NE(self.out.find("sinf exhaustive seed 0: 256/256 blocks"), std::string::npos) << self.out;
  for (const std::string& bad : {"digests agree " + nv + " " + ocml + ":ocml",            // no :IMPL
                                 "digests agree " + nv + ":nosuch " + ocml + ":ocml"}) {  // nothing in common
    auto e = run_cli(bad);
    EXPECT_EQ(e.status, 2) << bad;
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
    EXPECT_TRUE(e.out.empty());
  }
}
