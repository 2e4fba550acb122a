// ocml-bc-nv-replaced (src/impls/ocml_bc): AMD's ocml.bc compiled for gfx90a with
// bitexact_ocml_nv.bc (device/replace_ocml_nv.cpp) linked ahead of it, run on
// the CPU, against the H100's outputs on every edge input (vectors/nv/edge.txt,
// column nv: nvcc -ftz=false). Zero differing bits allowed. The committed H100
// block digests are checked by tests/exhaustive/vendor_digest_test.cpp (sampled)
// and tests/heavy/vendor_digest_full_test.cpp (all). docs/replacement.md ("AMD GPU").
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "bitexact/io/hexio.hpp"
#include "bitexact/io/digests.hpp"

using namespace bitexact;

namespace {

constexpr const char* stand_in = "ocml-bc-nv-replaced";

TEST(OcmlBcNvReplaced, MatchesH100EdgeVectors) {
  if (find_impl(stand_in, Fn::sinf) == nullptr)
    GTEST_SKIP() << stand_in << " is not built here (needs clang-15, llvm-15 and rocm-device-libs)";
  const auto f = vectors::load_edges(std::string(BITEXACT_SOURCE_DIR) + "/vectors/nv/edge.txt");
  const auto col = std::find(f.columns.begin(), f.columns.end(), "nv");
  ASSERT_NE(col, f.columns.end()) << "vectors/nv/edge.txt has no nv column";
  const std::size_t c = std::size_t(col - f.columns.begin());
  std::size_t checked = 0, bad = 0;
  for (const auto& row : f.rows) {
    const auto fn = parse_fn(row.fn);
    ASSERT_TRUE(fn) << row.fn;
    if (!fn_desc_of(*fn).ocml_reproduced) continue;  // ocml's own instructions: not in the ocml-bc pipeline
    const Impl* impl = find_impl(stand_in, *fn);
    ASSERT_NE(impl, nullptr) << stand_in << "." << row.fn << " is not registered";
    const int bits = fn_info(*fn).bits;
    const word got = eval_one(*impl, row.args[0], row.args.size() > 1 ? row.args[1] : 0);
    ++checked;
    if (got != row.outputs[c] && ++bad <= 20) {
      // Appended, not `" " + format_hex(...)`: GCC 12 warns -Wrestrict on that
      // operator+ (a false positive, GCC bug 105329).
      std::string args = format_hex(row.args[0], bits);
      if (row.args.size() > 1) (args += ' ') += format_hex(row.args[1], bits);
      ADD_FAILURE() << stand_in << "." << row.fn << "(" << args << ") = " << format_hex(got, bits)
                    << ", H100: " << format_hex(row.outputs[c], bits);
    }
  }
  std::printf("checked %zu edge outputs of %s against the H100\n", checked, stand_in);
  EXPECT_EQ(bad, 0u);
  EXPECT_GT(checked, 5000u);
}

}  // namespace
