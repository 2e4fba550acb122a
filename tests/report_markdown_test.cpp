// `bitexact report markdown` (report::pairs_markdown): the Markdown summary of
// how implementations disagree.
// Expected values: conformance/reports/nv-vs-ocml.md, first written from the
// committed report.json files by an independent implementation (a Python
// script, docs/history.md), whose class tables and distances it still has;
// since report schema 3 its pair lines are the figure of report::differ_text
// (NaN payloads apart), the class rows minus the NaN payloads.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "bitexact/report/report.hpp"
#include "test_helpers.hpp"

namespace bx = bitexact;
namespace fs = std::filesystem;
using bx::testing::run_cli;
using bx::testing::slurp;

namespace {

TEST(ReportMarkdown, RegeneratesTheCommittedNvVsOcmlSummary) {
  // The summary names its sources as given, relative to the repository root.
  const fs::path here = fs::current_path();
  fs::current_path(BITEXACT_SOURCE_DIR);
  const std::string md =
      bx::report::pairs_markdown({"conformance/reports/sinf-nv-vs-ocml", "conformance/reports/cosf-nv-vs-ocml"});
  fs::current_path(here);
  EXPECT_EQ(md, slurp(fs::path(BITEXACT_SOURCE_DIR) / "conformance/reports/nv-vs-ocml.md"));
}

TEST(ReportMarkdown, EveryDiscrepancyClassHasItsOwnName) {
  std::set<std::string> names;
  for (int d = 0; d < int(bx::sweep::Disc::count); ++d)
    names.insert(std::string(bx::report::disc_label(bx::sweep::Disc(d))));
  EXPECT_EQ(names.size(), std::size_t(bx::sweep::Disc::count));
  EXPECT_EQ(names.count("?"), 0u);
  EXPECT_EQ(bx::report::disc_label(bx::sweep::Disc::zero_sign), "+0 vs -0");
}

// Schema 2 adds a flushed column and each pair's largest distance; the
// expected lines are written out by hand from the report below.
TEST(ReportMarkdown, Schema2ShowsFlushesAndTheLargestDistance) {
  const fs::path dir = fs::temp_directory_path() / ("bx_md2_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "report.json") << R"({"function": "sinf", "truth": "mpfr",
    "inputs": {"count": 1000, "description": "a test set"},
    "implementations": {
      "nv": {"max_ulp": 1.4991, "max_ulp_input": "0x4a47ae3b", "correctly_rounded_share": 0.9, "flushed": 0},
      "nv-ftz": {"max_ulp": 1.4991, "max_ulp_input": "0x4a47ae3b", "correctly_rounded_share": 0.89, "flushed": 16777214}},
    "pairs": [{"impls": ["nv", "nv-ftz"], "differ": 10,
      "classes": {"nan_vs_number": {"count": 0, "witnesses": []}, "inf_vs_number": {"count": 0, "witnesses": []},
        "zero_vs_nonzero": {"count": 6, "witnesses": []},
        "number_vs_number": {"count": 4, "witnesses": [{"input": "0x3f000000", "results": ["0x3ef57744", "0x3ef57746"]}]},
        "nan_payload": {"count": 0, "witnesses": []}, "inf_sign": {"count": 0, "witnesses": []},
        "zero_sign": {"count": 0, "witnesses": []}},
      "number_vs_number_ulp_distance": [{"bin": "1", "count": 0}, {"bin": "2", "count": 3}, {"bin": "(2^1,2^2]", "count": 1}],
      "max_ulp_distance": 3.0, "max_ulp_distance_input": "0x40490fdb",
      "max_ulp_distance_witnesses": [{"input": "0x40490fdb", "results": ["0xb3bbbd2e", "0xb3bbbd31"], "ulp_distance": 3.0}]}]})";
  const std::string md = bx::report::pairs_markdown({dir.string()});
  fs::remove_all(dir);
  EXPECT_NE(md.find("| implementation | max error (ulp) | at input | correctly rounded | flushed (FTZ/DAZ) |\n"
                    "| --- | --- | --- | --- | --- |\n"
                    "| nv | 1.499 | 0x4a47ae3b | 90.0000 % | 0 |\n"
                    "| nv-ftz | 1.499 | 0x4a47ae3b | 89.0000 % | 16,777,214 |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("Largest distance between numeric results: 3 floats, at input 0x40490fdb "
                    "(nv: 0xb3bbbd2e, nv-ftz: 0xb3bbbd31).\n"),
            std::string::npos)
      << md;
}

// A report of schema 2 counted NaN-payload-only differences in a pair's
// `differ`: the summary takes them out, so that it shows the figure of the
// reports written since (issue 33, item 7).
TEST(ReportMarkdown, Schema2DifferLosesItsNanPayloads) {
  const fs::path dir = fs::temp_directory_path() / ("bx_md2n_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "report.json") << R"({"schema": "bitexact-sweep-report/2", "function": "sinf", "truth": "mpfr",
    "inputs": {"count": 1000, "description": "a test set"}, "inputs_evaluated": 1000,
    "implementations": {
      "nv": {"max_ulp": 1.4991, "max_ulp_input": "0x4a47ae3b", "correctly_rounded_share": 0.9},
      "ocml": {"max_ulp": 1.6, "max_ulp_input": "0x4a47ae3b", "correctly_rounded_share": 0.89}},
    "pairs": [{"impls": ["nv", "ocml"], "differ": 110,
      "classes": {"nan_vs_number": {"count": 0, "witnesses": []}, "inf_vs_number": {"count": 0, "witnesses": []},
        "zero_vs_nonzero": {"count": 0, "witnesses": []}, "number_vs_number": {"count": 100, "witnesses": []},
        "nan_payload": {"count": 10, "witnesses": []}, "inf_sign": {"count": 0, "witnesses": []},
        "zero_sign": {"count": 0, "witnesses": []}},
      "number_vs_number_ulp_distance": [{"bin": "1", "count": 100}]}]})";
  const std::string md = bx::report::pairs_markdown({dir.string()});
  fs::remove_all(dir);
  EXPECT_NE(md.find("**nv vs ocml**: differ on 100 of 1,000 inputs (10.00 %), plus 10 with NaN payload only.\n"),
            std::string::npos)
      << md;
}

TEST(ReportMarkdown, CliWritesStdoutOrAFileAndRejectsBadFolders) {
  const std::string dir = std::string(BITEXACT_SOURCE_DIR) + "/conformance/reports/sinf-edge";
  auto r = run_cli("report markdown " + dir);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("## sinf: the edge corpus"), std::string::npos) << r.out.substr(0, 400);
  EXPECT_NE(r.out.find("| NaN vs number |"), std::string::npos);

  const fs::path tmp = fs::temp_directory_path() / ("bx_md_" + std::to_string(::getpid()));
  fs::create_directories(tmp);
  auto w = run_cli("report markdown " + dir + " --out " + (tmp / "summary.md").string());
  ASSERT_EQ(w.status, 0) << w.err;
  EXPECT_EQ(slurp(tmp / "summary.md"), r.out);

  // A folder without report.json, and a report.json that is not a sweep report:
  // one line, exit 2, and --out is not written.
  auto e = run_cli("report markdown " + (tmp / "none").string() + " --out " + (tmp / "bad.md").string());
  EXPECT_EQ(e.status, 2);
  EXPECT_NE(e.err.find("cannot read"), std::string::npos) << e.err;
  EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
  fs::create_directories(tmp / "notreport");
  std::ofstream(tmp / "notreport" / "report.json") << "{\"function\": \"sinf\"}\n";
  e = run_cli("report markdown " + dir + " " + (tmp / "notreport").string() + " --out " + (tmp / "bad.md").string());
  EXPECT_EQ(e.status, 2);
  EXPECT_NE(e.err.find("is not a sweep report"), std::string::npos) << e.err;
  EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
  EXPECT_FALSE(fs::exists(tmp / "bad.md"));
  fs::remove_all(tmp);
}

}  // namespace
