// `mpirun -n K bitexact sweep ...` (BITEXACT_MPIEXEC, registered only when
// CMake found MPI): the ranks split the chunks and rank 0 writes exactly the
// files of a single-process run; errors on any rank end every rank with one
// line and exit status 2, never a hang, and leave no output folder (or file in
// one) behind.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "../test_helpers.hpp"

namespace fs = std::filesystem;
using bitexact::testing::cli_result;
using bitexact::testing::line_count;
using bitexact::testing::run_cli;
using bitexact::testing::shell;
using bitexact::testing::slurp;

namespace {

fs::path tmpdir() { return bitexact::testing::scratch_dir("mpi-sweep"); }

// The launcher: CI runs as root, which mpirun refuses unless told; -q keeps
// mpirun's own banners out of stderr; timeout: a hang fails the test instead
// of stalling ctest.
std::string mpiexec() {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  return "timeout 120 " + std::string(BITEXACT_MPIEXEC) + " -q";
}

// --oversubscribe: more ranks than cores may start.
cli_result mpirun(int ranks, const std::string& args) {
  return shell(mpiexec() + " --oversubscribe -n " + std::to_string(ranks) + " " + BITEXACT_CLI + " " + args);
}

// The sweep `args` (without --out) in one process and over `ranks` ranks:
// every file written, and the summary on stdout, byte for byte.
void expect_same_as_one_process(const std::string& name, const std::string& args, int ranks) {
  const fs::path one = tmpdir() / (name + "_one"), many = tmpdir() / (name + "_mpi");
  auto a = run_cli(args + " --out " + one.string());
  ASSERT_EQ(a.status, 0) << a.err;
  auto b = mpirun(ranks, args + " --out " + many.string());
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_EQ(b.err, "") << "rank 0 alone prints, and no progress bar without a terminal";
  EXPECT_EQ(b.out, a.out) << "one summary, from rank 0";
  for (const char* f : {"report.json", "report.csv", "report.html", "state.json"}) {
    ASSERT_TRUE(fs::exists(many / f)) << f;
    EXPECT_EQ(slurp(many / f), slurp(one / f)) << name << ": " << f << " differs";
  }
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(many)) ++files;
  EXPECT_EQ(files, 4) << "nothing else in --out (no temporary files, no per-rank states)";
}

void expect_one_line_error(const cli_result& r, const std::string& needle) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(line_count(r.err), 1) << r.err;
  EXPECT_EQ(r.err.rfind("bitexact: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
}

}  // namespace

TEST(MpiSweep, OneOperandSeveralImplementations) {
  expect_same_as_one_process("sinf_uniform", "sweep sinf --impl nv,nv-ftz,host --inputs uniform:100000:3 --chunk 4096",
                             2);
  expect_same_as_one_process("cosf_binades", "sweep cosf --impl nv,host --inputs binades:40 --chunk 1000", 2);
}

TEST(MpiSweep, TwoOperands) {
  expect_same_as_one_process("fmodf_structured", "sweep fmodf --impl nv,host --inputs structured:60000 --chunk 5000",
                             2);
}

TEST(MpiSweep, MoreRanksThanChunks) {
  // 2 chunks over 3 ranks: one rank has an empty range; 1 chunk over 2 ranks.
  expect_same_as_one_process("three_ranks", "sweep sinf --impl nv,host --inputs uniform:1000 --chunk 600", 3);
  expect_same_as_one_process("one_chunk", "sweep ceilf --impl nv,host --inputs edge", 2);
}

TEST(MpiSweep, TheComparisonCanFail) {
  // Another seed under mpirun: the byte comparison of the other tests must see it.
  const fs::path one = tmpdir() / "seed_one", many = tmpdir() / "seed_mpi";
  ASSERT_EQ(run_cli("sweep sinf --impl nv --inputs uniform:20000:1 --chunk 4096 --out " + one.string()).status, 0);
  ASSERT_EQ(mpirun(2, "sweep sinf --impl nv --inputs uniform:20000:2 --chunk 4096 --out " + many.string()).status, 0);
  EXPECT_NE(slurp(many / "report.json"), slurp(one / "report.json"));
  EXPECT_NE(slurp(many / "report.csv"), slurp(one / "report.csv"));
}

TEST(MpiSweep, BadCommandLineEndsEveryRankWithOneLine) {
  const fs::path d = tmpdir() / "bad";
  expect_one_line_error(mpirun(2, "sweep lgammaf --impl host --inputs uniform:10 --out " + d.string()),
                        "unknown function");
  expect_one_line_error(mpirun(2, "sweep sinf --impl host --inputs uniform:10 --shard 1/2 --out " + d.string()),
                        "--shard does not combine with mpirun");
  expect_one_line_error(mpirun(2, "sweep sinf --impl host --inputs uniform:10 --resume --out " + d.string()),
                        "--resume does not combine with mpirun");
  EXPECT_FALSE(fs::exists(d)) << "nothing written";
}

TEST(MpiSweep, OneFailingRankEndsEveryRank) {
  // Another command line on rank 1 (an MPMD launch), as a file missing on one
  // host would: rank 0 has checked its own and waits for rank 1's verdict.
  const fs::path d = tmpdir() / "bad_rank";
  const fs::path good = tmpdir() / "good.hex";
  std::ofstream(good) << "0x3f800000\n0x40000000\n";
  const std::string launch = mpiexec() + " -n 1 " + BITEXACT_CLI,
                    sweep = " sweep sinf --impl host --chunk 1 --out " + d.string() + " --inputs ";
  auto r =
      shell(launch + sweep + "file:" + good.string() + " : -n 1 " + BITEXACT_CLI + sweep + "file:/nonexistent.hex");
  expect_one_line_error(r, "MPI rank 1: cannot read");
  // Ranks that ran different sweeps: rank 0 finds out at the merge.
  r = shell(launch + sweep + "uniform:2 : -n 1 " + BITEXACT_CLI + sweep + "uniform:2:5");
  expect_one_line_error(r, "cannot merge");
  EXPECT_FALSE(fs::exists(d)) << "nothing written, not even the folder";
}

// Was: rank 0 made --out while checking the command line, so a run that failed
// later (on another rank, at the merge, at the write) left an empty folder,
// and a write failing at report.html left report.json and report.csv.
TEST(MpiSweep, AFailedRunLeavesNoFolderBehind) {
  const fs::path d = tmpdir() / "failed" / "out";
  const fs::path good = tmpdir() / "good1.hex";
  std::ofstream(good) << "0x3f800000\n";
  const std::string launch = mpiexec() + " -n 1 " + BITEXACT_CLI,
                    sweep = " sweep sinf --impl host --chunk 1 --out " + d.string() + " --inputs ";
  // A rank failing after rank 0 checked its share.
  expect_one_line_error(
      shell(launch + sweep + "file:" + good.string() + " : -n 1 " + BITEXACT_CLI + sweep + "file:/nonexistent.hex"),
      "MPI rank 1: cannot read");
  EXPECT_FALSE(fs::exists(tmpdir() / "failed")) << "no folder, at any level";
  // The ranks' states failing to merge, after the sweep.
  expect_one_line_error(shell(launch + sweep + "uniform:2 : -n 1 " + BITEXACT_CLI + sweep + "uniform:2:5"),
                        "cannot merge");
  EXPECT_FALSE(fs::exists(tmpdir() / "failed"));
  // Writing failing half-way (a file-size limit on the ranks: report.json
  // fits, report.html does not): none of the files, and no folder.
  const std::string args = "sweep sinf --impl nv,host --inputs uniform:1000 --chunk 10 -q --out ";
  expect_one_line_error(shell(mpiexec() + " --oversubscribe -n 2 sh -c 'ulimit -f 70; exec " + BITEXACT_CLI + " " +
                              args + d.string() + "'"),
                        "File too large");
  EXPECT_FALSE(fs::exists(tmpdir() / "failed"));
  // A folder that was there stays, as it was: a folder named report.csv
  // stops the writing after report.json was in place; report.json goes again.
  const fs::path had = tmpdir() / "had";
  fs::create_directories(had / "report.csv");
  std::ofstream(had / "report.csv" / "x") << "x";
  std::ofstream(had / "mine.txt") << "the user's";
  expect_one_line_error(mpirun(2, args + had.string()), "report.csv");
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(had)) ++files;
  EXPECT_EQ(files, 2) << "mine.txt and report.csv only";
  EXPECT_EQ(slurp(had / "mine.txt"), "the user's");
  // An --out that cannot be made: said before the sweep, nothing made.
  expect_one_line_error(mpirun(2, args + (had / "mine.txt" / "sub").string()), "is not a folder");
  // And a good run still makes the whole path.
  ASSERT_EQ(mpirun(2, args + d.string()).status, 0);
  EXPECT_TRUE(fs::exists(d / "report.html"));
  EXPECT_TRUE(fs::exists(d / "state.json"));
}

// A rank that dies mid-sweep (SIGKILL: the OOM killer, a node lost, a
// crash): mpirun ends the other ranks, none waits forever in a collective,
// rank 0 says in one line why it stopped, and nothing is written. Rank 1 is
// killed two seconds into an exhaustive sweep (minutes on any host), then
// rank 0 in the same way.
TEST(MpiSweep, AKilledRankStopsEveryRank) {
  const fs::path d = tmpdir() / "killed" / "out";
  const std::string sweep =
      std::string(BITEXACT_CLI) + " sweep sinf --impl nv,host --inputs exhaustive -q --out " + d.string();
  const std::string killed = " sh -c '" + sweep + " & p=$!; sleep 2; kill -9 $p; wait $p'";
  for (const int victim : {1, 0}) {
    const std::string cmd = victim == 1 ? mpiexec() + " -n 1 " + sweep + " : -n 1" + killed
                                        : mpiexec() + " -n 1" + killed + " : -n 1 " + sweep;
    const auto r = shell(cmd);
    EXPECT_NE(r.status, 0) << "rank " << victim << " killed";
    EXPECT_NE(r.status, 124) << "a rank hung after rank " << victim << " died (the timeout ended it)";
    if (victim == 1) {
      EXPECT_NE(r.err.find("bitexact: sweep stopped by SIGTERM"), std::string::npos) << r.err;
    }
    EXPECT_EQ(r.err.find("bitexact: error"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(tmpdir() / "killed")) << "nothing written, not even the folder";
  }
}
