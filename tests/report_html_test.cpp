// report.html renders in a real browser: headless Chromium loads the file,
// runs its script (which counts plot paths with a non-empty rendered box) and
// dumps the DOM. Skipped when chromium is not installed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "bitexact/engine/report.hpp"
#include "bitexact/engine/sweep.hpp"

namespace bx = bitexact;
namespace fs = std::filesystem;

namespace {
std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
std::string chromium() {
  for (const char* c : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
    if (fs::exists(c)) return c;
  return "";
}
bx::sweep::State small_sweep() {
  bx::sweep::Options o;
  o.fn = bx::Fn::sinf;
  o.impls = bx::sweep::resolve_impls("host", o.fn);
  o.inputs = bx::sweep::parse_input_set("binades:64", o.fn);
  auto s = bx::sweep::make_state(o);
  bx::sweep::run(o, s);
  return s;
}
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
  // a screenshot that is not blank: a PNG of a page with plots compresses to far more than a blank one
  ASSERT_EQ(std::system((chrome + flags + "--window-size=1000,900 --screenshot=" + png.string() + " " + url +
                         " >/dev/null 2>&1")
                            .c_str()),
            0);
  ASSERT_TRUE(fs::exists(png));
  EXPECT_GT(fs::file_size(png), 20000u);
  fs::remove_all(dir);
}
