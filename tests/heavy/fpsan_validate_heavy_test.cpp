// Heavy FpSan runs (ctest -L heavy; hours on 2 cores — see bench_fpsan's
// estimate and docs/fpsan.md):
//  1. embed/unembed is a bijection on all 2^32 f32 bit patterns;
//  2. every identity on f32 and f64 with 10^9 random samples (the default
//     report uses 10^6), each with the same verdict (holds / fails) as the
//     committed conformance/fpsan/report.json, for one algebra revision:
//     BITEXACT_FPSAN_REVISION (any --revision name; default 1d2da15), e.g.
//       BITEXACT_FPSAN_REVISION=triton-3.8.0 ctest --test-dir build -L heavy -R FpsanHeavy
// Expected values: the bijection is the recipe's defining property
// (fpsan.rst "a bijection between floating-point bit-patterns and a w-bit
// integer payload"); the verdicts are those of the committed report, whose
// failures are explained from the algebra in docs/fpsan.md.
#include <gtest/gtest.h>
#include <tbb/parallel_reduce.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "bitexact/fpsan/fpsan_ops.hpp"
#include "bitexact/fpsan/identities.hpp"

namespace fs = bitexact::fpsan;

namespace {
fs::params heavy_revision() {
  const char* env = std::getenv("BITEXACT_FPSAN_REVISION");
  return bitexact::fpsan_ops::parse_params(env ? env : "", false);
}
}  // namespace

TEST(FpsanHeavy, F32EmbedIsABijectionOnAll2To32Patterns) {
  const fs::mixer m = fs::make_mixer(fs::dtype::f32, heavy_revision().rev);
  const unsigned long long bad = tbb::parallel_reduce(
      tbb::blocked_range<std::uint64_t>(0, 1ull << 32, 1 << 16), 0ull,
      [&](const tbb::blocked_range<std::uint64_t>& r, unsigned long long n) {
        for (std::uint64_t x = r.begin(); x != r.end(); ++x)
          n += fs::unembed(m, fs::embed(m, x)) != x || fs::embed(m, fs::unembed(m, x)) != x;
        return n;
      },
      [](unsigned long long a, unsigned long long b) { return a + b; });
  EXPECT_EQ(bad, 0u);
}

TEST(FpsanHeavy, IdentitiesWith1e9SamplesAgreeWithTheReport) {
  std::ifstream in(BITEXACT_SOURCE_DIR "/conformance/fpsan/report.json");
  ASSERT_TRUE(in.good());
  auto report = nlohmann::json::parse(in);
  const fs::params p = heavy_revision();
  const std::string rev = bitexact::fpsan_ops::revision_short_name(p.rev);
  std::printf("revision %s\n", bitexact::fpsan_ops::revision_name(p.rev));
  int seen = 0;
  for (const auto& e : report) {
    const std::string d = e["dtype"], id = e["identity"];
    if ((d != "f32" && d != "f64") || e["revision"] != rev) continue;
    const fs::dtype t = d == "f32" ? fs::dtype::f32 : fs::dtype::f64;
    auto r = fs::validate::run(t, id, 1000000000ull, p);
    ++seen;
    EXPECT_EQ(r.violations == 0, e["violations"] == 0) << id << " " << d << " " << r.witness;
    std::printf("%-15s %-4s checked %llu violations %llu\n", id.c_str(), d.c_str(), r.checked, r.violations);
    std::fflush(stdout);
  }
  EXPECT_EQ(seen, 2 * fs::validate::identity_count);
}
