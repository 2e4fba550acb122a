// The committed reference sets (vectors/sets/, tools/gen/gen_reference_sets.sh):
// each is exactly what `bitexact vectors export` gives today for its manifest
// (function, implementation, input set), so a changed reproduction cannot
// leave stale vectors behind; and the nv and nv-ftz edge sets equal the
// H100's own outputs (vectors/nv/edge.txt), the independent source, on every
// input the two share. (The
// ocml sets' reproduction is tied to ocml.bc by the digest tests.)
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "bitexact/io/hexio.hpp"
#include "bitexact/io/vector_io.hpp"
#include "test_helpers.hpp"

namespace bitexact {
namespace {

namespace fs = std::filesystem;

using testing::slurp;

std::vector<fs::path> manifests() {
  std::vector<fs::path> m;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(BITEXACT_SOURCE_DIR) / "vectors" / "sets"))
    if (e.path().string().ends_with(".npy.manifest.json")) m.push_back(e.path());
  std::sort(m.begin(), m.end());
  return m;
}

TEST(ReferenceSets, EveryImplementationAndFunctionIsCommitted) {
  std::map<std::string, int> per_impl;
  for (const auto& m : manifests()) ++per_impl[nlohmann::json::parse(slurp(m))["impl"].get<std::string>()];
  for (const char* impl : {"nv", "nv-ftz", "mpfr", "ocml", "ocml-daz"}) EXPECT_EQ(per_impl[impl], 12) << impl;
  EXPECT_EQ(per_impl.size(), 15u);
}

TEST(ReferenceSets, EqualTodaysExport) {
  const auto all = manifests();
  ASSERT_GT(all.size(), 100u);
  for (const auto& m : all) {
    const auto j = nlohmann::json::parse(slurp(m));
    const fs::path npy = m.string().substr(0, m.string().size() - std::string(".manifest.json").size());
    const fs::path fresh = testing::scratch_path("sets", npy.filename().string());
    const auto r = testing::run_cli("vectors export " + j["fn"].get<std::string>() + " --impl " +
                                    j["impl"].get<std::string>() + " --inputs " + j["inputs"].get<std::string>() +
                                    " --format npy --out " + fresh.string());
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(slurp(npy) == slurp(fresh)) << npy << " differs from a fresh export: regenerate with "
                                            << "tools/gen/gen_reference_sets.sh if the change is intended";
    EXPECT_EQ(nlohmann::json::parse(slurp(fresh.string() + ".manifest.json"))["digest_out"], j["digest_out"]) << m;
  }
}

TEST(ReferenceSets, NvEdgeSetsAreTheH100s) {
  // fn x [y] -> {nv, nv-ftz} from the H100 run.
  std::map<std::string, std::pair<std::string, std::string>> h100;
  std::ifstream edge(fs::path(BITEXACT_SOURCE_DIR) / "vectors" / "nv" / "edge.txt");
  for (std::string line; std::getline(edge, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::vector<std::string> f;
    for (std::string t; ls >> t;) f.push_back(t);
    std::string key = f[0];
    for (std::size_t k = 1; k + 2 < f.size(); ++k) key += " " + f[k];
    h100[key] = {f[f.size() - 2], f.back()};
  }
  std::size_t checked = 0;
  for (const char* impl : {"nv", "nv-ftz"})
    for (const auto& m : manifests()) {
      const auto j = nlohmann::json::parse(slurp(m));
      if (j["impl"] != impl || j["inputs"] != "edge") continue;
      const int bits = j["bits"];
      const std::string fn = j["fn"];
      const std::size_t cols = j["columns"].size();
      const fs::path npy = m.string().substr(0, m.string().size() - std::string(".manifest.json").size());
      const auto t = vector_io::read(npy.string(), std::nullopt, bits, cols);
      for (std::size_t i = 0; i < t.rows(); ++i) {
        std::string key = fn;
        // Appended, not `" " + format_hex(...)`: GCC 12 warns -Wrestrict on that
        // operator+ (a false positive, GCC bug 105329).
        for (std::size_t k = 0; k + 1 < cols; ++k) (key += ' ') += format_hex(t.data[i * cols + k], bits);
        // The engine's edge corpus holds more inputs than the device run's
        // vectors/edge_inputs.txt; those in both are compared.
        const auto it = h100.find(key);
        if (it == h100.end()) continue;
        const std::string want = std::string(impl) == "nv" ? it->second.first : it->second.second;
        EXPECT_EQ(format_hex(t.data[i * cols + cols - 1], bits), want) << impl << " " << key;
        ++checked;
      }
    }
  EXPECT_GT(checked, 800u);  // 866 today: the inputs both edge lists hold
}

}  // namespace
}  // namespace bitexact
