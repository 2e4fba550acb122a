// Where two implementations differ, through the CLI (BITEXACT_CLI), on a
// crafted input file of cosf: NaN inputs (nv and ocml return NaNs with other
// payloads), the binades around libdevice's switch to Payne–Hanek at 105615
// and ocml's at 131072, and binades where both agree. The expected figures
// come from `bitexact eval nv.cosf` and `bitexact eval ocml.cosf` on the same
// inputs, counted here: not from the sweep engine or the report model.
//   - one "differ" (different bits, not both NaN) and one "NaN payload only"
//     figure, the same in report.json, report.csv, report.html, `bitexact
//     report markdown` and the sweep's stdout (issue 33, item 7);
//   - the pairs' per-binade counts: inputs, differing inputs and largest
//     distance per (sign, binade) of the input, in report.json, the Markdown
//     table and the page's plot (issue 33, item 8).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_helpers.hpp"

namespace fs = std::filesystem;
using bitexact::testing::run_cli;
using bitexact::testing::slurp;

namespace {

std::string hex(std::uint32_t w) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", w);
  return b;
}

std::string grouped(std::uint64_t v) {  // the reports' thousands separator, written out here
  std::string d = std::to_string(v), o;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i && (d.size() - i) % 3 == 0) o += ',';
    o += d[i];
  }
  return o;
}

std::string percent(std::uint64_t n, std::uint64_t d) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f %%", 100.0 * double(n) / double(d));
  return b;
}

bool is_nan(std::uint32_t w) { return (w & 0x7fffffffu) > 0x7f800000u; }
bool is_number(std::uint32_t w) { return (w & 0x7f800000u) != 0x7f800000u && (w & 0x7fffffffu) != 0; }
std::int64_t ordered(std::uint32_t w) {
  const std::int64_t mag = w & 0x7fffffffu;
  return (w & 0x80000000u) ? -mag : mag;
}

// Per (sign, biased exponent) of the input, as x >> 23.
struct Binade {
  std::uint64_t inputs = 0, differ = 0;
  std::uint64_t max_distance = 0;
};

struct Case {
  std::vector<std::uint32_t> inputs;
  std::uint64_t differ = 0, nan_payload_only = 0;
  std::map<unsigned, Binade> binades;
  fs::path dir;
  std::string out;  // the sweep's stdout
};

// Crafted inputs: 300 per binade for |x| in [2^-12, 2^20), both signs, with
// mantissas spread over the binade; zeros, infinities, a subnormal and NaNs
// with several payloads.
std::vector<std::uint32_t> crafted_inputs() {
  std::vector<std::uint32_t> in = {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x00000001,
                                   0x7fc00000, 0x7f800001, 0xffc00001, 0x7fffffff, 0x7fa5a5a5};
  for (std::uint32_t sign : {0u, 1u})
    for (int e = -12; e < 20; ++e)
      for (std::uint32_t i = 0; i < 300; ++i)
        in.push_back(sign << 31 | std::uint32_t(127 + e) << 23 | ((i * 27961u + 4099u * std::uint32_t(e + 12)) & 0x7fffffu));
  return in;
}

std::vector<std::uint32_t> eval(const std::string& impl, const std::string& stdin_text, std::size_t n) {
  const auto r = run_cli("eval " + impl, stdin_text);
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::uint32_t> out;
  std::istringstream s(r.out);
  for (std::string line; std::getline(s, line);) out.push_back(std::uint32_t(std::stoul(line, nullptr, 16)));
  EXPECT_EQ(out.size(), n);
  return out;
}

// The sweep of the crafted inputs, and the figures expected of it.
const Case& the_case() {
  static const Case c = [] {
    Case c;
    c.inputs = crafted_inputs();
    c.dir = bitexact::testing::scratch_dir("report-pairs");
    std::string text;
    for (auto x : c.inputs) text += hex(x) + "\n";
    std::ofstream(c.dir / "inputs.txt") << text;
    const auto nv = eval("nv.cosf", text, c.inputs.size());
    const auto ocml = eval("ocml.cosf", text, c.inputs.size());
    for (std::size_t i = 0; i < c.inputs.size() && i < nv.size() && i < ocml.size(); ++i) {
      Binade& b = c.binades[c.inputs[i] >> 23];
      ++b.inputs;
      const std::uint32_t x = nv[i], y = ocml[i];
      if (x == y) continue;
      if (is_nan(x) && is_nan(y)) {
        ++c.nan_payload_only;
        continue;
      }
      ++c.differ;
      ++b.differ;
      if (is_number(x) && is_number(y)) {
        const std::int64_t d = ordered(x) - ordered(y);
        b.max_distance = std::max<std::uint64_t>(b.max_distance, std::uint64_t(d < 0 ? -d : d));
      }
    }
    const auto r = run_cli("sweep cosf --impl nv,ocml -q --inputs file:" + (c.dir / "inputs.txt").string() +
                           " --out " + (c.dir / "sweep").string());
    EXPECT_EQ(r.status, 0) << r.err;
    c.out = r.out;
    return c;
  }();
  return c;
}


}  // namespace

// Issue 33, item 7: the HTML's top table, its pair section, the Markdown
// summary and report.json had two different figures; stdout had none.
TEST(ReportPairs, OneDifferFigureEverywhere) {
  const Case& c = the_case();
  // The case has both kinds of difference, or it shows nothing.
  ASSERT_GT(c.differ, 100u);
  ASSERT_GE(c.nan_payload_only, 4u);
  const std::uint64_t n = c.inputs.size();
  const fs::path d = c.dir / "sweep";
  const std::string differ = grouped(c.differ), payload = grouped(c.nan_payload_only);
  const std::string sentence =
      "differ on " + differ + " of " + grouped(n) + " inputs (" + percent(c.differ, n) + "), plus " + payload +
      " with NaN payload only";

  // stdout: one line for the pair
  EXPECT_NE(c.out.find("nv vs ocml: " + sentence + "\n"), std::string::npos) << c.out;

  // report.json
  const auto j = nlohmann::json::parse(slurp(d / "report.json"));
  ASSERT_EQ(j["pairs"].size(), 1u);
  const auto& p = j["pairs"][0];
  EXPECT_EQ(p["differ"], c.differ);
  EXPECT_EQ(p.value("nan_payload_only", ~std::uint64_t(0)), c.nan_payload_only);
  EXPECT_EQ(p["classes"]["nan_payload"]["count"], c.nan_payload_only);

  // report.csv: the pair row's differ and nan_payload columns
  const auto rows = bitexact::testing::csv_rows(slurp(d / "report.csv"));
  ASSERT_EQ(rows.size(), 4u);  // header, two implementations, the pair
  const auto col = [&](const std::string& name) {
    for (std::size_t i = 0; i < rows[0].size(); ++i)
      if (rows[0][i] == name) return i;
    ADD_FAILURE() << "no column " << name;
    return std::size_t(0);
  };
  EXPECT_EQ(rows[3][col("differ")], std::to_string(c.differ));
  EXPECT_EQ(rows[3][col("nan_payload")], std::to_string(c.nan_payload_only));

  // report.html: the summary at the top (figure, share, NaN payload only) and the pairs in detail
  const std::string html = slurp(d / "report.html");
  EXPECT_NE(html.find("<tr><td>" + differ + "</td><td>" + percent(c.differ, n) + "</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>" + payload + "</td></tr>\n</table>"), std::string::npos);
  EXPECT_NE(html.find("<code>nv</code> vs <code>ocml</code></td><td>" + differ + "</td>"), std::string::npos);
  EXPECT_EQ(html.find(grouped(c.differ + c.nan_payload_only)), std::string::npos) << "no second figure";

  // bitexact report markdown
  const auto md = run_cli("report markdown " + d.string());
  ASSERT_EQ(md.status, 0) << md.err;
  EXPECT_NE(md.out.find("**nv vs ocml**: " + sentence + "."), std::string::npos) << md.out;
  EXPECT_EQ(md.out.find(grouped(c.differ + c.nan_payload_only)), std::string::npos) << "no second figure";
}

// Issue 33, item 8: where a pair differs, per binade of the input.
TEST(ReportPairs, WhereTheyDifferByBinade) {
  const Case& c = the_case();
  const fs::path d = c.dir / "sweep";
  const auto j = nlohmann::json::parse(slurp(d / "report.json"));
  ASSERT_EQ(j["pairs"].size(), 1u);
  ASSERT_TRUE(j["pairs"][0].contains("binades"));
  std::map<unsigned, Binade> got;
  for (const auto& b : j["pairs"][0]["binades"]) {
    const unsigned k = (b["sign"] == "-" ? 256u : 0u) + b["biased_exponent"].get<unsigned>();
    EXPECT_EQ(got.count(k), 0u) << "binade listed twice: " << b.dump();
    got[k] = {b["inputs"].get<std::uint64_t>(), b["differ"].get<std::uint64_t>(),
              b["max_ulp_distance"].get<std::uint64_t>()};
  }
  std::size_t with = 0, without = 0;
  for (const auto& [k, e] : c.binades) {
    if (!e.differ) {
      ++without;
      EXPECT_EQ(got.count(k), 0u) << "binade " << k << " has no differences";
      continue;
    }
    ++with;
    ASSERT_EQ(got.count(k), 1u) << "binade " << k;
    EXPECT_EQ(got[k].inputs, e.inputs) << "binade " << k;
    EXPECT_EQ(got[k].differ, e.differ) << "binade " << k;
    EXPECT_EQ(got[k].max_distance, e.max_distance) << "binade " << k;
  }
  EXPECT_EQ(got.size(), with);
  // The case has binades of both kinds.
  EXPECT_GT(with, 4u);
  EXPECT_GT(without, 4u);

  // The Markdown summary's table of binade runs accounts for every difference.
  const auto md = run_cli("report markdown " + d.string());
  ASSERT_EQ(md.status, 0) << md.err;
  const std::regex row(R"(\| ([+-]) \| ([^|]+) \| ([0-9,]+) \| ([0-9,]+) \| ([^|]+) \| ([^|]+) \|)");
  std::uint64_t differ = 0, inputs = 0, expected_inputs = 0;
  auto number = [](std::string s) {
    s.erase(std::remove(s.begin(), s.end(), ','), s.end());
    return std::stoull(s);
  };
  for (auto it = std::sregex_iterator(md.out.begin(), md.out.end(), row); it != std::sregex_iterator(); ++it) {
    differ += number((*it)[3]);
    inputs += number((*it)[4]);
  }
  for (const auto& [k, e] : c.binades)
    if (e.differ) expected_inputs += e.inputs;
  EXPECT_EQ(differ, c.differ) << md.out;
  EXPECT_EQ(inputs, expected_inputs) << md.out;

  // The page: a plot of the pair by binade, and the same runs as a table.
  const std::string html = slurp(d / "report.html");
  EXPECT_NE(html.find("where nv and ocml differ"), std::string::npos);
  EXPECT_NE(html.find("<table class=\"pair-binades\">"), std::string::npos);
}
