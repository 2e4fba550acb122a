// report.html renders in a real browser: headless Chromium loads the file,
// runs its script (which counts plot paths with a non-empty rendered box) and
// dumps the DOM. Skipped when chromium is not installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "bitexact/report/report.hpp"
#include "bitexact/sweep/engine.hpp"
#include "test_helpers.hpp"

namespace bx = bitexact;
namespace fs = std::filesystem;
using bx::testing::slurp;

namespace {
std::string chromium() {
  for (const char* c : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
    if (fs::exists(c)) return c;
  return "";
}
bx::sweep::State small_sweep(const std::string& impls = "host", const std::string& inputs = "binades:64") {
  bx::sweep::Options o;
  o.fn = bx::Fn::sinf;
  o.impls = bx::sweep::resolve_impls(impls, o.fn);
  o.inputs = bx::sweep::parse_input_set(inputs, o.fn);
  auto s = bx::sweep::make_state(o);
  bx::sweep::run(o, s);
  return s;
}
// NVIDIA against AMD with the FTZ variant: pairs, a largest distance and flushes.
bx::sweep::State vendor_sweep() { return small_sweep("nv,nv-ftz,ocml", "binades:128"); }
}  // namespace

TEST(ReportHtml, SelfContained) {
  const std::string html = bx::report::to_html(small_sweep());
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // only the SVG namespace
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  // three plots for the implementation: error vs input, per binade, histogram
  std::size_t svgs = 0;
  for (std::size_t p = html.find("<svg"); p != std::string::npos; p = html.find("<svg", p + 1)) ++svgs;
  EXPECT_EQ(svgs, 3u);
}

// The pair summary comes first, says which value is which implementation,
// and keeps NaN payloads apart; flushes have their own column beside the
// special mismatches; no raw JSON keys as headers.
TEST(ReportHtml, PairSummaryFirstAndFlushesApart) {
  const auto s = vendor_sweep();
  const std::string html = bx::report::to_html(s);
  const auto summary = html.find("id=\"pair-summary\"");
  ASSERT_NE(summary, std::string::npos);
  EXPECT_LT(summary, html.find("<h2>Implementations against the truth"));
  EXPECT_LT(summary, html.find("<h2>Implementation <code>"));
  EXPECT_EQ(std::count(html.begin(), html.end(), '\n') > 0, true);
  std::size_t tables = 0;
  for (auto p = html.find("class=\"pair-summary\""); p != std::string::npos; p = html.find("class=\"pair-summary\"", p + 1))
    ++tables;
  EXPECT_EQ(tables, 3u);  // one per pair
  EXPECT_NE(html.find("<code>nv</code> returns</th><th class=\"l\"><code>ocml</code> returns"), std::string::npos);
  EXPECT_NE(html.find("largest distance (floats)"), std::string::npos);
  EXPECT_NE(html.find("NaN payload only"), std::string::npos);
  EXPECT_NE(html.find("<th>special mismatches</th><th>flushed (FTZ/DAZ)</th>"), std::string::npos);
  EXPECT_NE(html.find("flushed (FTZ/DAZ)</span>"), std::string::npos);  // flush witnesses listed
  for (const char* raw : {"nan_vs_number", "number_vs_number", "zero_vs_nonzero", "0.899"})
    EXPECT_EQ(html.find(raw), std::string::npos) << raw;
  // nv-ftz's flushes are not its max error: it is within CUDA's 2 ulp, like nv.
  EXPECT_LE(s.impl_stats[1].max.value, 2.0);
  EXPECT_GT(s.impl_stats[1].flushed, 0u);
}

TEST(ReportHtml, NumbersAreReadable) {
  const std::string html = bx::report::to_html(vendor_sweep());
  // shares as percentages, ULPs with 4 significant digits
  EXPECT_TRUE(std::regex_search(html, std::regex("<td>[0-9]{1,2}\\.[0-9]{2} %</td>"))) << "a percentage";
  EXPECT_FALSE(std::regex_search(html, std::regex("<td>[0-9]\\.[0-9]{6,}</td>"))) << "no long fractions";
  EXPECT_FALSE(std::regex_search(html, std::regex("<td>(<b>)?[0-9]+\\.[0-9]{4,}(</b>)?</td>"))) << "no ULPs with 17 digits";
}

TEST(ReportJson, TopLevelKeys) {
  auto j = bx::report::to_json(small_sweep());
  for (const char* k : {"schema", "function", "inputs", "truth", "implementations", "pairs", "complete"})
    EXPECT_TRUE(j.contains(k)) << k;
  for (const char* k : {"max_ulp", "max_ulp_input", "correctly_rounded", "count"})
    EXPECT_TRUE(j["implementations"]["host"].contains(k)) << k;
  EXPECT_EQ(j["inputs"]["count"], 64u * 512u);
}

TEST(ReportHtml, RendersInHeadlessChromium) {
  const std::string chrome = chromium();
  if (chrome.empty()) GTEST_SKIP() << "chromium not installed (apt-get install chromium)";
  char tmpl[] = "/tmp/bx-report-html-XXXXXX";
  const fs::path dir(mkdtemp(tmpl));
  bx::report::write_reports(small_sweep(), dir.string());
  const fs::path dom = dir / "dom.html", png = dir / "shot.png";
  const std::string flags =
      " --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update "
      "--disable-sync --no-first-run --user-data-dir=" +
      (dir / "profile").string() + " ";
  const std::string url = "file://" + (dir / "report.html").string();
  ASSERT_EQ(std::system((chrome + flags + "--dump-dom " + url + " >" + dom.string() + " 2>/dev/null").c_str()), 0);
  const std::string d = slurp(dom);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(d, m, std::regex("data-rendered-paths=\"([0-9]+)\""))) << d.substr(0, 400);
  // every plot of the host implementation has a non-empty path after layout
  EXPECT_GE(std::stoi(m[1]), 3);
  ASSERT_TRUE(std::regex_search(d, m, std::regex("data-plots=\"([0-9]+)\"")));
  EXPECT_EQ(std::stoi(m[1]), 3);
  // The vendor sweep: three implementations (three plots each) and three
  // pairs (a plot by binade and a distance histogram each); its pair summary
  // and flush column survive the browser's parsing.
  const fs::path vdir = dir / "vendor";
  bx::report::write_reports(vendor_sweep(), vdir.string());
  const std::string vurl = "file://" + (vdir / "report.html").string();
  ASSERT_EQ(std::system((chrome + flags + "--dump-dom " + vurl + " >" + dom.string() + " 2>/dev/null").c_str()), 0);
  const std::string vd = slurp(dom);
  ASSERT_TRUE(std::regex_search(vd, m, std::regex("data-plots=\"([0-9]+)\"")));
  EXPECT_EQ(std::stoi(m[1]), 15);
  ASSERT_TRUE(std::regex_search(vd, m, std::regex("data-rendered-paths=\"([0-9]+)\"")));
  EXPECT_GE(std::stoi(m[1]), 12);
  // Where the pairs differ, by binade (issue 33, item 8): per pair at least
  // the share bars and the marks of the binades with inputs are laid out with
  // a size (nv vs nv-ftz differ by flushes only: no distance bars).
  ASSERT_TRUE(std::regex_search(vd, m, std::regex("data-pair-paths=\"([0-9]+)\"")));
  EXPECT_GE(std::stoi(m[1]), 6);
  EXPECT_NE(vd.find("where nv and ocml differ"), std::string::npos);
  EXPECT_NE(vd.find("id=\"pair-summary\""), std::string::npos);
  EXPECT_NE(vd.find("flushed (FTZ/DAZ)"), std::string::npos);
  // BITEXACT_SCREENSHOT=PATH keeps a screenshot of the vendor report
  // (conformance/report-screenshot.png is one).
  if (const char* keep = std::getenv("BITEXACT_SCREENSHOT")) {
    EXPECT_EQ(std::system((chrome + flags + "--hide-scrollbars --window-size=1150,1900 --screenshot=" + keep + " " +
                           vurl + " >/dev/null 2>&1")
                              .c_str()),
              0);
  }
  // a screenshot that is not blank: a PNG of a page with plots compresses to far more than a blank one
  ASSERT_EQ(std::system((chrome + flags + "--window-size=1000,900 --screenshot=" + png.string() + " " + url +
                         " >/dev/null 2>&1")
                            .c_str()),
            0);
  ASSERT_TRUE(fs::exists(png));
  EXPECT_GT(fs::file_size(png), 20000u);
  fs::remove_all(dir);
}
