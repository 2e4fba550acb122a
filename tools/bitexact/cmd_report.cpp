// bitexact report markdown DIR... [--out FILE]
//   Markdown summary of how the implementations of sweep reports disagree
//   (conformance/reports/nv-vs-ocml.md), read from each DIR/report.json.
#include <cstdio>

#include "bitexact/report/report.hpp"
#include "command.hpp"

namespace bitexact::cli {
namespace {

void run_markdown(const std::vector<std::string>& dirs, const std::string& out) {
  const std::string md = report::pairs_markdown(dirs);  // everything is read before anything is written
  if (out.empty())
    std::fwrite(md.data(), 1, md.size(), stdout);
  else
    write_file_atomic(out, md);
}

const bool registered = register_command([](CLI::App& app) {
  auto* c = app.add_subcommand("report", "Render sweep reports (DIR/report.json) in other forms");
  c->require_subcommand(1);
  c->footer("Example:\n  bitexact report markdown out/sinf out/cosf --out summary.md");
  static std::vector<std::string> dirs;
  static std::string out;
  auto* m = c->add_subcommand("markdown",
                              "Markdown summary of how the implementations disagree: errors, and per pair the "
                              "differing inputs by class with witnesses and ULP distances");
  m->add_option("dirs", dirs, "sweep report folders (each with report.json)")->required();
  m->add_option("--out", out, "write the summary to FILE (atomically) instead of stdout");
  m->footer("Example:\n  bitexact report markdown conformance/reports/sinf-nv-vs-ocml conformance/reports/cosf-nv-vs-ocml");
  m->callback([] { run_markdown(dirs, out); });
});

}  // namespace
}  // namespace bitexact::cli
