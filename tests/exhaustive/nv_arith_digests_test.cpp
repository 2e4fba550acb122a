// The H100 is the final word: recompute the block digests of the fmodf, fmod,
// ceil (nv and nv-ftz) reproductions over the committed input sets and compare
// them with the digests of the native libdevice outputs in vectors/nv/digests.json
// (each block: 2^24 consecutive inputs of a set). ceilf's 2^32-input sets are
// covered in full here too. Expected values: the H100 (device/nv_native.cu).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "bitexact/hexio.hpp"
#include "bitexact/impl.hpp"
#include "bitexact/vectors.hpp"

namespace {

using namespace bitexact;

// Blocks checked per set: all of them with BITEXACT_NV_ARITH_ALL_BLOCKS=1,
// otherwise the first `default_blocks` (CI time).
void check_sets(const std::string& fn_name, std::uint64_t default_blocks) {
  const auto path = std::filesystem::path(BITEXACT_SOURCE_DIR) / "vectors" / "nv" / "digests.json";
  ASSERT_TRUE(std::filesystem::exists(path)) << path;
  const bool all = std::getenv("BITEXACT_NV_ARITH_ALL_BLOCKS") != nullptr;
  const auto file = vectors::load_digests(path.string());
  int sets = 0;
  for (const auto& s : file.sets) {
    if (s.fn != fn_name) continue;
    ++sets;
    const Impl* impl = find_impl(s.impl, *parse_fn(s.fn));
    ASSERT_NE(impl, nullptr) << s.impl << "." << s.fn;
    const std::uint64_t nblocks = all ? s.digests.size() : std::min<std::uint64_t>(default_blocks, s.digests.size());
    const auto t0 = std::chrono::steady_clock::now();
    const auto got = vectors::compute_digests(*impl, s.set, s.block, 0, nblocks);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::uint64_t bad = 0;
    for (std::uint64_t b = 0; b < nblocks; ++b)
      if (got[b] != s.digests[b] && ++bad <= 4)
        ADD_FAILURE() << s.impl << "." << s.fn << " " << s.set.kind << " block " << b
                      << ": digest " << format_hex(got[b], 64) << ", H100 " << format_hex(s.digests[b], 64);
    std::printf("%-7s %-6s %-10s %3llu/%zu blocks %s (%.1f s)\n", s.impl.c_str(), s.fn.c_str(),
                s.set.kind.c_str(), (unsigned long long)nblocks, s.digests.size(),
                bad ? "MISMATCH" : "equal", secs);
    std::fflush(stdout);
    EXPECT_EQ(bad, 0u);
  }
  EXPECT_GE(sets, 2);
}

TEST(NvArithDigests, Fmodf) { check_sets("fmodf", 1); }
TEST(NvArithDigests, Fmod) { check_sets("fmod", 1); }
TEST(NvArithDigests, Ceil) { check_sets("ceil", 2); }
TEST(NvArithDigests, Ceilf) { check_sets("ceilf", 256); }

}  // namespace
