// `bitexact sweep --backend cuda` without a GPU (CI): the reports the backend
// wrote on an H100 (vectors/cuda/) are byte-identical to the CPU backend's, and
// every way of asking for a GPU that is not there is a one-line error with
// exit status 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "bitexact/gpu/backend.hpp"
#include "test_helpers.hpp"

namespace bitexact {
namespace {

namespace fs = std::filesystem;
using testing::run_cli;
using testing::slurp;

// N of "schema": "bitexact-sweep-report/N" in a report's text; 0 if absent.
int schema_version(const std::string& report) {
  const std::string key = "\"bitexact-sweep-report/";
  const auto p = report.find(key);
  return p == std::string::npos ? 0 : std::atoi(report.c_str() + p + key.size());
}

struct GpuReport {
  const char* file;  // in vectors/cuda/
  const char* args;  // the sweep, without --backend and --out
};

class CudaReports : public ::testing::TestWithParam<GpuReport> {};

TEST_P(CudaReports, CpuBackendWritesTheSameBytes) {
  const GpuReport& c = GetParam();
  const std::string gpu = slurp(fs::path(BITEXACT_SOURCE_DIR) / "vectors/cuda" / c.file);
  ASSERT_GT(gpu.size(), 1000u) << c.file;
  const fs::path out = testing::scratch_path("cuda_reports", c.file);
  fs::remove_all(out);
  const auto r = run_cli(std::string("sweep ") + c.args + " --backend cpu -q --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string cpu = slurp(out / "report.json");
  // A committed report of an older schema predates the format the CPU writes
  // now; it is regenerated on a GPU machine, never rewritten here (see
  // vectors/cuda/README.md). Skip it, loudly, rather than compare formats.
  const int gpu_v = schema_version(gpu), cpu_v = schema_version(cpu);
  if (gpu_v > 0 && gpu_v < cpu_v) {
    fs::remove_all(out);
    GTEST_SKIP() << "vectors/cuda/" << c.file << " has report schema " << gpu_v << ", the CPU backend writes "
                 << cpu_v << ": regenerate it on a GPU machine (vectors/cuda/README.md)";
  }
  EXPECT_TRUE(cpu == gpu) << c.file << ": the CPU backend's report differs from the one the H100 wrote";
  fs::remove_all(out);
}

INSTANTIATE_TEST_SUITE_P(H100, CudaReports,
                         ::testing::Values(GpuReport{"sinf_uniform4000000_nv_nv-ftz_ocml.report.json",
                                                     "sinf --impl nv,nv-ftz,ocml --inputs uniform:4000000"},
                                           GpuReport{"fmodf_structured1000000_nv_nv-ftz_ocml-daz.report.json",
                                                     "fmodf --impl nv,nv-ftz,ocml-daz --inputs structured:1000000"}));

// The comparison can fail: another sweep gives other bytes.
TEST(CudaReports, ADifferentSweepDiffers) {
  const std::string gpu =
      slurp(fs::path(BITEXACT_SOURCE_DIR) / "vectors/cuda/sinf_uniform4000000_nv_nv-ftz_ocml.report.json");
  const fs::path out = testing::scratch_path("cuda_reports", "other");
  fs::remove_all(out);
  const auto r = run_cli("sweep sinf --impl nv,nv-ftz,ocml --inputs uniform:4000000:7 -q --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(slurp(out / "report.json"), gpu);
  fs::remove_all(out);
}

void expect_one_line_exit2(const std::string& args, const std::string& needle) {
  const fs::path out = testing::scratch_path("cuda_errors", "out");
  fs::remove_all(out);
  const auto r = run_cli(args + " --out " + out.string());
  EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << args << ": " << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(fs::exists(out / "report.json")) << "nothing half-written";
}

TEST(CudaBackendCli, UnknownBackendIsAOneLineError) {
  expect_one_line_exit2("sweep sinf --impl nv --inputs uniform:100 --backend tpu", "unknown --backend");
}

// --backend hip (the CUDA sources built by hipcc) with no AMD GPU, as on every
// machine of this project: exactly one line naming the problem, exit 2, and
// no output folder at all. A build without hipcc says that instead.
TEST(HipBackendCli, NoAmdGpuIsOneLineAndWritesNothing) {
  if (sweep::hip::device_count() > 0) GTEST_SKIP() << "an AMD GPU is visible: this test is for machines without one";
  const fs::path out = testing::scratch_path("hip_errors", "out");
  fs::remove_all(out);
  const auto r = run_cli("sweep sinf --backend hip --impl nv --inputs uniform:100 --out " + out.string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_FALSE(fs::exists(out)) << "nothing half-written";
  if (sweep::hip::built()) {
    EXPECT_EQ(r.err.rfind("bitexact: error: --backend hip: no usable AMD GPU (hipGetDeviceCount: ", 0), 0u) << r.err;
    // The native ocml functions, outside a HIP sweep, need the AMD GPU too.
    expect_one_line_exit2("sweep sinf --impl native-ocml,ocml --inputs uniform:100", "needs an AMD GPU");
    const auto e = run_cli("eval native-ocml.sinf", "0x3f800000\n");
    EXPECT_EQ(e.status, 2) << e.err;
    EXPECT_NE(e.err.find("need an AMD GPU"), std::string::npos) << e.err;
  } else {
    EXPECT_EQ(r.err.rfind("bitexact: error: --backend hip: this build has no HIP backend", 0), 0u) << r.err;
  }
}

TEST(CudaBackendCli, NoGpuIsAOneLineError) {
  if (sweep::cuda::device_count() > 0) GTEST_SKIP() << "a GPU is visible: tools/scripts/device/run_cuda_sweep_check.sh covers it";
  expect_one_line_exit2("sweep sinf --impl nv --inputs uniform:100 --backend cuda", "no usable GPU");
  if (sweep::cuda::built()) {
    expect_one_line_exit2("sweep sinf --impl native-nv,nv --inputs uniform:100", "needs a GPU");
    const auto r = run_cli("eval native-nv.sinf", "0x3f800000\n");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("need a GPU"), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace bitexact

// Under mpirun each rank takes its share of the host's GPUs (cmd_sweep's
// run_mpi): expected shares written out by hand for 4 GPUs.
TEST(CudaBackendGpus, RanksOfAHostSplitItsGpus) {
  using bitexact::sweep::cuda::share_of_host;
  EXPECT_TRUE(share_of_host(0, 1, 4).empty());  // one rank: every GPU
  EXPECT_TRUE(share_of_host(1, 2, 0).empty());  // no GPU: nothing to choose
  EXPECT_EQ(share_of_host(0, 4, 4), std::vector<int>{0});
  EXPECT_EQ(share_of_host(3, 4, 4), std::vector<int>{3});
  EXPECT_EQ(share_of_host(0, 2, 4), (std::vector<int>{0, 2}));
  EXPECT_EQ(share_of_host(1, 2, 4), (std::vector<int>{1, 3}));
  EXPECT_EQ(share_of_host(1, 3, 4), std::vector<int>{1});
  EXPECT_EQ(share_of_host(0, 3, 4), (std::vector<int>{0, 3}));
  EXPECT_EQ(share_of_host(5, 8, 4), std::vector<int>{1});  // more ranks than GPUs: shared
}
