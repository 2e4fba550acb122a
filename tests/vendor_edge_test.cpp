// Every committed edge vector (vectors/*/edge.txt) against the registered
// reproduction of the same name. Expected values come from the vendor's ground
// truth recorded in the file: the H100 for vectors/nv, the ocml bitcode executed
// on the CPU for vectors/ocml. Zero differing bits allowed.
#include <gtest/gtest.h>

#include <filesystem>

#include "bitexact/io/hexio.hpp"
#include "bitexact/io/digests.hpp"

namespace fs = std::filesystem;
using namespace bitexact;

namespace {

std::vector<fs::path> edge_files() {
  std::vector<fs::path> out;
  for (const auto& d : fs::directory_iterator(fs::path(BITEXACT_SOURCE_DIR) / "vectors"))
    if (d.is_directory() && fs::exists(d.path() / "edge.txt")) out.push_back(d.path() / "edge.txt");
  return out;
}

TEST(VendorEdge, NvidiaFileIsPresent) {
  EXPECT_TRUE(fs::exists(fs::path(BITEXACT_SOURCE_DIR) / "vectors/nv/edge.txt"));
}

TEST(VendorEdge, EveryRowBitExact) {
  std::size_t checked = 0;
  for (const auto& path : edge_files()) {
    auto f = vectors::load_edges(path.string());
    for (std::size_t c = 0; c < f.columns.size(); ++c) {
      const std::string& impl_name = f.columns[c];
      std::size_t bad = 0;
      for (const auto& row : f.rows) {
        const Impl* impl = find_impl(impl_name, *parse_fn(row.fn));
        ASSERT_NE(impl, nullptr) << impl_name << "." << row.fn << " is not registered (" << path << ")";
        const int bits = fn_info(impl->fn).bits;
        word got = eval_one(*impl, row.args[0], row.args.size() > 1 ? row.args[1] : 0);
        ++checked;
        if (got != row.outputs[c] && ++bad <= 20) {
          // Appended, not `" " + format_hex(...)`: GCC 12 warns -Wrestrict on that
          // operator+ (a false positive, GCC bug 105329).
          std::string args = format_hex(row.args[0], bits);
          if (row.args.size() > 1) (args += ' ') += format_hex(row.args[1], bits);
          ADD_FAILURE() << path.filename() << " " << impl_name << "." << row.fn << "(" << args
                        << ") = " << format_hex(got, bits) << ", vendor: " << format_hex(row.outputs[c], bits);
        }
      }
      EXPECT_EQ(bad, 0u) << impl_name << " in " << path;
    }
  }
  std::printf("checked %zu edge outputs\n", checked);
  EXPECT_GT(checked, 10000u);
}

}  // namespace
