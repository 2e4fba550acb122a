// Shared by the exhaustive and heavy digest tests: recompute a reproduction's
// block digests over a committed input set and compare with the vendor's.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "bitexact/hexio.hpp"
#include "bitexact/vectors.hpp"

namespace bitexact::testing {

// Checks every set of every vectors/*/digests.json. For a set of more than
// `full_limit` inputs only the first `partial_blocks` blocks are checked.
inline void check_all_digests(std::uint64_t full_limit, std::uint64_t partial_blocks) {
  namespace fs = std::filesystem;
  std::size_t files = 0;
  for (const auto& d : fs::directory_iterator(fs::path(BITEXACT_SOURCE_DIR) / "vectors")) {
    const fs::path p = d.path() / "digests.json";
    if (!fs::exists(p)) continue;
    ++files;
    auto file = vectors::load_digests(p.string());
    for (const auto& s : file.sets) {
      auto fn = parse_fn(s.fn);
      ASSERT_TRUE(fn) << s.fn;
      const Impl* impl = find_impl(s.impl, *fn);
      ASSERT_NE(impl, nullptr) << s.impl << "." << s.fn << " is not registered";
      const bool full = s.set.count <= full_limit;
      const std::uint64_t nblocks = full ? s.digests.size() : std::min<std::uint64_t>(partial_blocks, s.digests.size());
      auto t0 = std::chrono::steady_clock::now();
      auto got = vectors::compute_digests(*impl, s.set, s.block, 0, nblocks);
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::uint64_t bad = 0;
      for (std::uint64_t b = 0; b < nblocks; ++b)
        if (got[b] != s.digests[b] && ++bad <= 8)
          ADD_FAILURE() << p.parent_path().filename() << " " << s.impl << "." << s.fn << " "
                        << s.set.kind << " block " << b << " (inputs " << b * s.block << ".."
                        << (b + 1) * s.block - 1 << "): digest " << format_hex(got[b], 64)
                        << ", vendor " << format_hex(s.digests[b], 64);
      std::printf("%-6s %-8s %-7s %-10s %4llu/%zu blocks (%llu inputs) %s in %.1f s\n",
                  p.parent_path().filename().c_str(), s.impl.c_str(), s.fn.c_str(),
                  s.set.kind.c_str(), (unsigned long long)nblocks, s.digests.size(),
                  (unsigned long long)(nblocks * s.block), bad ? "MISMATCH" : "equal", secs);
      std::fflush(stdout);
      EXPECT_EQ(bad, 0u);
    }
  }
  EXPECT_GE(files, 1u);
}

}  // namespace bitexact::testing
