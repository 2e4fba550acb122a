// `bitexact sweep`, `merge`, `corpus` and `conformance run` through the CLI
// binary (BITEXACT_CLI): reports, shards + merge, stop/kill + resume, and the
// one-line errors with exit status 2 that leave nothing half-written.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "bitexact/io/hexio.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/sweep/engine.hpp"

#include "test_helpers.hpp"

namespace fs = std::filesystem;
using bitexact::testing::line_count;
using bitexact::testing::run_cli;
using bitexact::testing::slurp;

namespace {

fs::path tmpdir() { return bitexact::testing::scratch_dir("sweep-cli"); }

void expect_usage_error(const std::string& args, const std::string& needle, const fs::path& out_dir = {}) {
  auto r = run_cli(args);
  EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
  EXPECT_EQ(line_count(r.err), 1) << r.err;
  EXPECT_EQ(r.err.rfind("bitexact: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  if (!out_dir.empty()) {
    EXPECT_FALSE(fs::exists(out_dir / "report.json")) << args;
  }
}

// Starts `sweep sinf --impl host --inputs random:200000:SEED` with a
// checkpoint after every chunk into `out`, in the background, and returns once
// its first checkpoint exists (or after a few seconds): the caller kills it.
pid_t start_checkpointing_sweep(const fs::path& out, const char* seed) {
  const std::string inputs = std::string("random:200000:") + seed, dir = out.string();
  const pid_t pid = fork();
  if (pid == 0) {
    execl(BITEXACT_CLI, BITEXACT_CLI, "sweep", "sinf", "--impl", "host", "--inputs", inputs.c_str(), "--chunk",
          "2000", "--threads", "2", "--checkpoint-seconds", "0", "--out", dir.c_str(), (char*)nullptr);
    _exit(127);
  }
  for (int i = 0; pid > 0 && i < 4000 && !fs::exists(out / "state.json"); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return pid;
}

}  // namespace

TEST(SweepCli, WritesTheThreeReports) {
  const fs::path d = tmpdir() / "basic";
  auto r = run_cli("sweep sinf --impl host --inputs random:3000 --out " + d.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << "no progress bar when stderr is not a terminal: " << r.err;
  for (const char* f : {"report.json", "report.csv", "report.html", "state.json"}) EXPECT_TRUE(fs::exists(d / f)) << f;
  auto j = nlohmann::json::parse(slurp(d / "report.json"));
  EXPECT_EQ(j["function"], "sinf");
  EXPECT_EQ(j["inputs"]["spec"], "uniform:3000:1");  // random: is the older name of uniform:
  EXPECT_EQ(j["inputs"]["count"], 3000);
  ASSERT_TRUE(j["implementations"].contains("host"));
  const auto& h = j["implementations"]["host"];
  for (const char* k : {"max_ulp", "max_ulp_input", "correctly_rounded", "count", "histogram", "binades",
                        "special_values", "input_classes"})
    EXPECT_TRUE(h.contains(k)) << k;
  EXPECT_EQ(h["count"], 3000);
  std::uint64_t sum = 0;
  for (const auto& b : h["histogram"]) sum += b["count"].get<std::uint64_t>();
  EXPECT_EQ(sum, 3000u) << "histogram bins partition the inputs";
  const std::string csv = slurp(d / "report.csv");
  EXPECT_EQ(csv.rfind("row,impl,other,function,inputs,count,correctly_rounded", 0), 0u);
  EXPECT_NE(csv.find("\nimpl,host,,sinf,"), std::string::npos);
}

TEST(SweepCli, ShardsThenMergeEqualTheSingleRun) {
  const fs::path a = tmpdir() / "m_all", s1 = tmpdir() / "m_s1", s2 = tmpdir() / "m_s2", s3 = tmpdir() / "m_s3",
                 m = tmpdir() / "m_merged";
  const std::string common = "sweep cosf --impl host --inputs binades:8 --chunk 300 ";
  ASSERT_EQ(run_cli(common + "--out " + a.string()).status, 0);
  ASSERT_EQ(run_cli(common + "--shard 1/3 --out " + s1.string()).status, 0);
  ASSERT_EQ(run_cli(common + "--shard 2/3 --out " + s2.string()).status, 0);
  ASSERT_EQ(run_cli(common + "--shard 3/3 --out " + s3.string()).status, 0);
  EXPECT_FALSE(fs::exists(s1 / "report.json")) << "a shard alone writes only its state";
  auto r = run_cli("merge " + s3.string() + " " + s1.string() + " " + s2.string() + " --out " + m.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(m / "report.json"), slurp(a / "report.json"));
  EXPECT_EQ(slurp(m / "report.csv"), slurp(a / "report.csv"));
  EXPECT_EQ(slurp(m / "report.html"), slurp(a / "report.html"));
  // overlapping shards are refused
  expect_usage_error("merge " + s1.string() + " " + s1.string() + " --out " + (tmpdir() / "m_bad").string(), "overlap",
                     tmpdir() / "m_bad");
}

TEST(SweepCli, StopThenResumeEqualsTheUninterruptedRun) {
  const fs::path a = tmpdir() / "r_all", b = tmpdir() / "r_stop";
  const std::string common = "sweep sinf --impl host --inputs random:20000:4 --chunk 1000 --threads 2 ";
  ASSERT_EQ(run_cli(common + "--out " + a.string()).status, 0);
  auto r = run_cli(common + "--stop-after-chunks 4 --out " + b.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("--resume"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(b / "report.json"));
  auto st = nlohmann::json::parse(slurp(b / "state.json"));
  EXPECT_GE(st["count"].get<std::uint64_t>(), 4000u);
  EXPECT_LT(st["count"].get<std::uint64_t>(), 20000u);
  // resuming with another definition is refused
  expect_usage_error("sweep sinf --impl host --inputs random:20001:4 --chunk 1000 --resume --out " + b.string(),
                     "different sweep");
  r = run_cli(common + "--resume --out " + b.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(b / "report.json"), slurp(a / "report.json"));
}

TEST(SweepCli, KilledRunResumesToTheSameResult) {
  const fs::path a = tmpdir() / "k_all", b = tmpdir() / "k_kill";
  const std::string common = "sweep sinf --impl host --inputs random:200000:8 --chunk 2000 --threads 2 ";
  ASSERT_EQ(run_cli(common + "--out " + a.string()).status, 0);
  fs::create_directories(b);
  // Kill it (SIGKILL: no chance to clean up) once a checkpoint exists.
  const pid_t pid = start_checkpointing_sweep(b, "8");
  ASSERT_GT(pid, 0);
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(fs::exists(b / "state.json"));
  auto st = nlohmann::json::parse(slurp(b / "state.json"));  // never half-written
  auto r = run_cli(common + "--resume --out " + b.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(b / "report.json"), slurp(a / "report.json"));
}

// Two writers of one --out: the second stops at once, in one line naming the
// first (exit 2), and writes nothing; the lock dies with its holder, SIGKILL
// included, so the killed sweep's --resume runs; a finished command leaves no
// lock file. The first holder here is this test (flock on the folder's
// .bitexact.lock, as a sweep holds it), then a real sweep killed mid-run.
TEST(SweepCli, TwoWritersOfOneOutFolder) {
  const fs::path d = tmpdir() / "locked", ref = tmpdir() / "lock_ref";
  const std::string common = "sweep sinf --impl host --inputs random:200000:9 --chunk 2000 --threads 2 ";
  ASSERT_EQ(run_cli(common + "--out " + ref.string()).status, 0);
  const fs::path suite = tmpdir() / "lock-suite.json";
  std::ofstream(suite) << R"({"suites": [{"name": "t", "function": "sinf", "impls": ["host"],
                                           "inputs": "interval:0x3f800000:0x3f800010"}]})";
  fs::remove_all(d);
  fs::create_directories(d);
  const int fd = ::open((d / ".bitexact.lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
  const std::string who = "pid 4242, sweep, since 2026-11-29T00:00:00Z\n";
  ASSERT_EQ(::write(fd, who.data(), who.size()), ssize_t(who.size()));
  for (const std::string& cmd : {common + "--out " + d.string(), common + "--resume --out " + d.string(),
                                 "merge " + ref.string() + " --out " + d.string(),
                                 "conformance run --suite " + suite.string() + " --out " + d.string()}) {
    auto r = run_cli(cmd);
    EXPECT_EQ(r.status, 2) << cmd << "\n" << r.err;
    EXPECT_EQ(line_count(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("is in use by another bitexact (pid 4242, sweep, since 2026-11-29T00:00:00Z)"),
              std::string::npos)
        << cmd << "\n" << r.err;
  }
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(d)) left.push_back(e.path().filename().string());
  EXPECT_EQ(left, std::vector<std::string>{".bitexact.lock"}) << "nothing written beside the holder's lock";
  ::close(fd);  // the holder ends without removing its file (as a killed one would)

  // A real sweep, killed while it holds the folder: a second one is refused
  // while it runs; after the kill the stale file is no lock, --resume runs.
  const pid_t pid = start_checkpointing_sweep(d, "9");
  ASSERT_GT(pid, 0);
  auto second = run_cli(common + "--out " + d.string());
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the first sweep ended before it was killed: the test proves nothing";
  EXPECT_EQ(second.status, 2) << second.err;
  EXPECT_NE(second.err.find("in use by another bitexact (pid " + std::to_string(pid) + ", sweep, since "),
            std::string::npos)
      << second.err;
  auto r = run_cli(common + "--resume --out " + d.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(d / "report.json"), slurp(ref / "report.json"));
  EXPECT_FALSE(fs::exists(d / ".bitexact.lock")) << "a command that ends normally removes its lock file";
  EXPECT_FALSE(fs::exists(ref / ".bitexact.lock"));
}

TEST(SweepCli, BadInputIsOneLineAndExit2) {
  const fs::path d = tmpdir() / "bad";
  const fs::path bad = tmpdir() / "bad.hex", two = tmpdir() / "two.hex", empty = tmpdir() / "empty.hex";
  std::ofstream(bad) << "0x3f800000\n0xzz\n";
  std::ofstream(two) << "0x3f800000 0x40000000\n";
  std::ofstream(empty) << "# nothing\n";
  expect_usage_error("sweep sinf --impl host --inputs file:" + bad.string() + " --out " + d.string(), "line 2", d);
  expect_usage_error("sweep sinf --impl host --inputs file:" + two.string() + " --out " + d.string(), "operand", d);
  expect_usage_error("sweep sinf --impl host --inputs file:" + empty.string() + " --out " + d.string(), "no inputs", d);
  expect_usage_error("sweep sinf --impl host --inputs file:/nonexistent.hex --out " + d.string(), "cannot read", d);
  expect_usage_error("sweep sinf --impl nosuch --inputs random:10 --out " + d.string(), "unknown implementation", d);
  expect_usage_error("sweep lgammaf --impl host --inputs random:10 --out " + d.string(), "unknown function", d);
  expect_usage_error("sweep fmodf --impl host --inputs exhaustive --out " + d.string(), "exhaustive", d);
  expect_usage_error("sweep sinf --impl host --inputs random:10 --shard 3/2 --out " + d.string(), "shard", d);
  expect_usage_error("sweep sinf --impl host --inputs random:10 --resume --out " + (tmpdir() / "none").string(),
                     "no state");
  expect_usage_error("merge " + (tmpdir() / "none").string() + " --out " + d.string(), "cannot read", d);
  // A good file works, including two-operand functions.
  std::ofstream(tmpdir() / "good2.hex") << "# x y\n0x40b00000 0x40000000\n0x7f800000 0x3f800000\n";
  auto r = run_cli("sweep fmodf --impl host --inputs file:" + (tmpdir() / "good2.hex").string() + " --out " +
               (tmpdir() / "good2").string());
  EXPECT_EQ(r.status, 0) << r.err;
  auto j = nlohmann::json::parse(slurp(tmpdir() / "good2" / "report.json"));
  EXPECT_EQ(j["implementations"]["host"]["correctly_rounded"], 2) << "fmodf is exact in glibc (IEEE 754 remainder)";
}

TEST(SweepCli, CorpusIsReadableAsAnInputFile) {
  auto r = run_cli("corpus fmodf");
  ASSERT_EQ(r.status, 0);
  const fs::path f = tmpdir() / "corpus.hex";
  std::ofstream(f) << r.out;
  // every data line is preceded by a "# why" line
  std::istringstream in(r.out);
  std::string line, prev;
  int data = 0;
  while (std::getline(in, line)) {
    if (line.rfind("0x", 0) == 0) {
      ++data;
      EXPECT_EQ(prev.rfind("# ", 0), 0u) << line;
    }
    prev = line;
  }
  auto s = run_cli("sweep fmodf --impl host --inputs file:" + f.string() + " --out " + (tmpdir() / "cf").string());
  ASSERT_EQ(s.status, 0) << s.err;
  auto j = nlohmann::json::parse(slurp(tmpdir() / "cf" / "report.json"));
  EXPECT_EQ(j["inputs"]["count"], data);
  auto e = run_cli("sweep fmodf --impl host --inputs edge --out " + (tmpdir() / "ce").string());
  ASSERT_EQ(e.status, 0) << e.err;
  auto je = nlohmann::json::parse(slurp(tmpdir() / "ce" / "report.json"));
  EXPECT_EQ(je["inputs"]["count"], data) << "the edge input set is the corpus";
  for (int n : {1, 33, 1024}) {
    auto z = run_cli("corpus sinf --size " + std::to_string(n));
    int k = 0;
    std::istringstream zin(z.out);
    while (std::getline(zin, line)) k += line.rfind("0x", 0) == 0;
    EXPECT_EQ(k, n);
  }
}

TEST(SweepCli, ConformanceRunChecksLimits) {
  const fs::path suite = tmpdir() / "suite.json";
  std::ofstream(suite) << R"({"suites": [
    {"name": "ceilf-host", "function": "ceilf", "impls": ["host"], "inputs": "edge",
     "limits": {"host": {"max_ulp": 0, "special_mismatches": 0, "source": "IEEE 754: ceil is exact"}}}]})";
  auto r = run_cli("conformance run --suite " + suite.string() + " --out " + (tmpdir() / "conf").string());
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("PASS ceilf-host"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(tmpdir() / "conf" / "ceilf-host" / "report.html"));
  // A limit no implementation can meet (share > 1) must fail with status 1.
  std::ofstream(suite) << R"({"suites": [
    {"name": "ceilf-host", "function": "ceilf", "impls": ["host"], "inputs": "random:100",
     "limits": {"host": {"min_correctly_rounded_share": 1.5}}}]})";
  r = run_cli("conformance run --suite " + suite.string() + " --out " + (tmpdir() / "conf").string());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("FAIL ceilf-host"), std::string::npos) << r.out;
  // max_ulp_distance: sinf of the 16 smallest subnormals is x itself without
  // FTZ (CUDA: sinf(x) = x for tiny x) and +0 with FTZ (subnormal operands are
  // flushed), a zero-vs-nonzero difference: more than 1 ulp, so FAIL. Near 1.0
  // no operand or result is subnormal, the two agree and the limit holds.
  std::ofstream(suite) << R"({"suites": [
    {"name": "tiny", "function": "sinf", "impls": ["nv", "nv-ftz"], "inputs": "interval:0x00000001:0x00000010",
     "limits": {"nv-ftz": {"max_ulp_distance": {"to": "nv", "ulps": 1}}}}]})";
  r = run_cli("conformance run --suite " + suite.string() + " --out " + (tmpdir() / "conf").string());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("FAIL tiny                     nv-ftz     "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("16 inputs more than 1 ulp from nv"), std::string::npos) << r.out;
  std::ofstream(suite) << R"({"suites": [
    {"name": "one", "function": "sinf", "impls": ["nv", "nv-ftz"], "inputs": "interval:0x3f800000:0x3f800100",
     "limits": {"nv-ftz": {"max_ulp_distance": {"to": "nv", "ulps": 1}}}}]})";
  r = run_cli("conformance run --suite " + suite.string() + " --out " + (tmpdir() / "conf").string());
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  std::ofstream(suite) << R"({"suites": [
    {"name": "one", "function": "sinf", "impls": ["nv", "nv-ftz"], "inputs": "edge",
     "limits": {"nv-ftz": {"max_ulp_distance": {"to": "host", "ulps": 3}}}}]})";
  expect_usage_error("conformance run --suite " + suite.string() + " --out " + (tmpdir() / "conf").string(),
                     "max_ulp_distance");
  // Malformed suites: exit 2.
  std::ofstream(suite) << R"({"suites": [{"name": "x", "function": "ceilf", "impls": ["nosuch"], "inputs": "edge"}]})";
  expect_usage_error("conformance run --suite " + suite.string() + " --out " + (tmpdir() / "conf").string(),
                     "unknown implementation");
  r = run_cli("conformance run --skip-missing --suite " + suite.string() + " --out " + (tmpdir() / "conf").string());
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("SKIP x"), std::string::npos);
}

// The verdict lines (conformance/reports/RESULTS.txt) give the FTZ/DAZ flushes
// as a field appended to the line, only where there are some; `conformance
// verdicts` prints the same lines again from the reports, without sweeping.
TEST(SweepCli, ConformanceLinesCountFlushes) {
  const fs::path suite = tmpdir() / "flush-suite.json", out = tmpdir() / "flush-conf";
  // sinf of the 16 smallest subnormals: nv returns x (correctly rounded),
  // nv-ftz +0 (the operand flushed): 16 flushes of 16. Near 1.0 nothing is
  // subnormal: no flushes. A max_ulp_distance limit that fails, for the exit
  // status and the reason at the end of the line.
  std::ofstream(suite) << R"({"suites": [
    {"name": "tiny", "function": "sinf", "impls": ["nv", "nv-ftz"], "inputs": "interval:0x00000001:0x00000010",
     "limits": {"nv-ftz": {"max_ulp_distance": {"to": "nv", "ulps": 1}}}},
    {"name": "one", "function": "sinf", "impls": ["nv-ftz"], "inputs": "interval:0x3f800000:0x3f800100"}]})";
  auto r = run_cli("conformance run --suite " + suite.string() + " --out " + out.string());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  std::vector<std::string> got;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) got.push_back(line);
  ASSERT_EQ(got.size(), 3u) << r.out;
  // nv: sinf(x) = x for these x, correctly rounded; nv-ftz: +0, never
  // correctly rounded, every result flushed, none in max ulp.
  EXPECT_EQ(got[0], "INFO tiny                     nv         max 0 ulp, correctly rounded 100.000000%, "
                    "special mismatches 0") << "no flushed field where there are none";
  EXPECT_EQ(got[1], "FAIL tiny                     nv-ftz     max 0 ulp, correctly rounded 0.000000%, "
                    "special mismatches 0, flushed 16 (100.000000%) 16 inputs more than 1 ulp from nv")
      << "the existing fields unchanged, flushed appended before the reason";
  EXPECT_EQ(got[2].rfind("INFO one                      nv-ftz     max ", 0), 0u) << got[2];
  EXPECT_EQ(got[2].find("flushed"), std::string::npos) << got[2];
  EXPECT_NE(got[2].find(", special mismatches 0"), std::string::npos) << got[2];
  auto v = run_cli("conformance verdicts --suite " + suite.string() + " --out " + out.string());
  EXPECT_EQ(v.status, 1) << v.err;
  EXPECT_EQ(v.out, r.out) << "the same lines from report.json";
  EXPECT_EQ(v.err, "");
  // A report of another sweep, or none: one line, exit 2, nothing printed.
  std::ofstream(suite) << R"({"suites": [
    {"name": "tiny", "function": "sinf", "impls": ["nv"], "inputs": "interval:0x00000001:0x00000020"}]})";
  expect_usage_error("conformance verdicts --suite " + suite.string() + " --out " + out.string(), "is a report of");
  expect_usage_error("conformance verdicts --suite " + suite.string() + " --out " + (tmpdir() / "none").string(),
                     "cannot read");
}

// --check-digests: a digests.json whose blocks are computed here by evaluating
// nv.expf and triton.expf directly through the registry (Impl::eval, not the
// sweep engine) over the set's inputs; the sweep must find every block equal,
// then name the block of a digest changed on purpose and exit 1.
namespace {
std::uint64_t direct_block_digest(const char* impl, bitexact::Fn fn, const bitexact::sweep::InputSet& set,
                                  std::uint64_t lo, std::uint64_t hi) {
  const bitexact::Impl* p = bitexact::find_impl(impl, fn);
  EXPECT_NE(p, nullptr) << impl;
  std::vector<bitexact::word> a(hi - lo), out(hi - lo);
  set.generate(lo, hi, a.data(), nullptr);
  const bitexact::word* args[1] = {a.data()};
  p->eval(args, out.data(), out.size());
  return bitexact::sweep::digest_block(out.data(), out.size(), 32);
}
}  // namespace

TEST(SweepCli, CheckDigestsComparesEveryBlockWithTheCommittedFile) {
  using namespace bitexact;
  const fs::path d = tmpdir() / "digests";
  fs::create_directories(d);
  const std::uint64_t count = 4096, block = 1024;
  const sweep::InputSet set = sweep::parse_input_set("uniform:4096:7", Fn::expf);
  nlohmann::json j{{"manifest", {{"about", "sweep_cli_test"}}}, {"sets", nlohmann::json::array()}};
  for (const char* impl : {"nv", "triton"}) {
    nlohmann::json s{{"fn", "expf"}, {"impl", impl}, {"set", "uniform"}, {"seed", 7}, {"count", count},
                     {"block", block}, {"digests", nlohmann::json::array()}};
    for (std::uint64_t b = 0; b < count / block; ++b)
      s["digests"].push_back(format_hex(direct_block_digest(impl, Fn::expf, set, b * block, (b + 1) * block), 64));
    j["sets"].push_back(s);
  }
  std::ofstream(d / "digests.json") << j.dump(1);
  const std::string sweep = "sweep expf --impl nv,nv-ftz,triton --inputs uniform:4096:7 --check-digests " +
                            (d / "digests.json").string() + " --out ";
  auto r = run_cli(sweep + (d / "ok").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("digests " + (d / "digests.json").string() + " nv.expf uniform:4096:7: 4/4 blocks equal"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("triton.expf uniform:4096:7: 4/4 blocks equal"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("nv-ftz.expf uniform"), std::string::npos) << "no committed set, nothing to say: " << r.out;

  // One digest changed: the report is still written, the line names block 2, exit 1.
  std::string bad = j["sets"][1]["digests"][2];
  bad.back() = bad.back() == '0' ? '1' : '0';
  j["sets"][1]["digests"][2] = bad;
  std::ofstream(d / "bad.json") << j.dump(1);
  r = run_cli("sweep expf --impl nv,triton --inputs uniform:4096:7 --check-digests " + (d / "bad.json").string() +
              " --out " + (d / "bad").string());
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.out.find("triton.expf uniform:4096:7: 3/4 blocks equal (MISMATCH; first blocks 2)"), std::string::npos)
      << r.out;
  EXPECT_TRUE(fs::exists(d / "bad" / "report.json"));

  // Bad combinations: one line, exit 2, nothing written.
  expect_usage_error(sweep + (d / "e1").string() + " --shard 1/2", "does not combine with --shard", d / "e1");
  expect_usage_error(sweep + (d / "e2").string() + " --chunk 512", "the chunk must be the digests' block (1024)",
                     d / "e2");
  expect_usage_error("sweep expf --impl nv --inputs uniform:4096:8 --check-digests " + (d / "digests.json").string() +
                         " --out " + (d / "e3").string(),
                     "holds no set of expf over uniform:4096:8", d / "e3");
  expect_usage_error("sweep expf --impl nv --inputs uniform:4096:7 --check-digests " + (d / "none.json").string() +
                         " --out " + (d / "e4").string(),
                     "none.json", d / "e4");
}
