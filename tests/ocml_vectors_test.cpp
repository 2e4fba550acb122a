// The committed ocml edge vectors (vectors/ocml/edge/): ±0, ±min subnormal,
// ±max, ±Inf, quiet and signalling NaNs, the 2^17 reduction threshold and
// neighbours, the exponents where the Payne-Hanek window changes, large
// arguments; for fmod their cross product and exact-quotient cases.
//
// Source of expected values: ocml.bc 5.2.3 (Debian rocm-device-libs) executed
// on the CPU by src/impls/ocml_bc, recorded by `bitexact ocml-vectors`. This test
// runs without that implementation being built.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "bitexact/io/hexio.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/ocml/presets.hpp"

namespace {

using namespace bitexact;

TEST(OcmlVectors, ManifestNamesVersionAndEveryConfiguration) {
  std::ifstream in(std::string(BITEXACT_SOURCE_DIR) + "/vectors/ocml/MANIFEST.txt");
  ASSERT_TRUE(in) << "vectors/ocml/MANIFEST.txt missing";
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(text.find("ocml_version 5.2.3"), std::string::npos);
  for (const auto& p : ocml::presets)
    EXPECT_NE(text.find("config ocml-bc" + std::string(p.suffix) + " "), std::string::npos) << p.suffix;
}

TEST(OcmlVectors, ReproductionMatchesRecordedOcmlBcOutputs) {
  std::size_t rows_checked = 0, nan_sign = 0;
  for (std::size_t pi = 0; pi < std::size(ocml::presets); ++pi) {
    const auto& p = ocml::presets[pi];
    for (const auto& fi : functions()) {
      if (!fn_desc_of(fi.id).ocml_reproduced) continue;  // ocml/not_reproduced.def
      const std::string path = std::string(BITEXACT_SOURCE_DIR) + "/vectors/ocml/edge/ocml-bc" + std::string(p.suffix) +
                               "." + std::string(fi.name) + ".txt";
      std::ifstream in(path);
      ASSERT_TRUE(in) << path << " missing (regenerate with `bitexact ocml-vectors --out vectors/ocml`)";
      const auto rows = read_hex_rows(in, fi.arity + 1, fi.bits, path);
      ASSERT_GT(rows.size(), 20u) << path;
      const Impl* mine = find_impl("ocml" + std::string(p.suffix), fi.id);
      ASSERT_NE(mine, nullptr);
      for (const auto& r : rows) {
        const word got = eval_one(*mine, r.v[0], fi.arity == 2 ? r.v[1] : 0);
        const word want = r.v[fi.arity];
        if (got == want) {
          ++rows_checked;
          continue;
        }
        // The one documented divergence (docs/ocml.md, "Known divergence"): sign of
        // an invalid-operation NaN in finite-only fmod and expm1f outside their contract.
        const word sign = word(1) << (fi.bits - 1);
        const word expo = fi.bits == 32 ? word(0x7f800000u) : word(0x7ff0000000000000ull);
        auto is_nan = [&](word w) { return (w & (sign - 1)) > expo; };
        if (ocml::nan_sign_unobservable(p.cfg, fi.id) && is_nan(got) && (got ^ want) == sign) {
          ++nan_sign;
          continue;
        }
        ADD_FAILURE() << "ocml" << p.suffix << "." << fi.name << " x=" << format_hex(r.v[0], fi.bits)
                      << (fi.arity == 2 ? " y=" + format_hex(r.v[1], fi.bits) : "") << " got "
                      << format_hex(got, fi.bits) << " want " << format_hex(want, fi.bits);
      }
    }
  }
  std::printf(
      "[ocml vectors] %zu rows bit-exact against recorded ocml.bc outputs; %zu finite-only fmod/expm1f "
      "rows differ only in the sign of an invalid-operation NaN\n",
      rows_checked, nan_sign);
  EXPECT_GT(rows_checked, 50000u);
}

}  // namespace
