// bitexact conformance run [--suite FILE] [--out DIR] [--only NAME]... [--inputs SET] [--skip-missing]
//   Re-run the sweeps of a suite file (conformance/suites.json), write each
//   report into DIR/NAME/, and exit 1 when an implementation breaks a limit.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bitexact/report/report.hpp"
#include "bitexact/sweep/engine.hpp"
#include "bitexact/sweep/suites.hpp"
#include "command.hpp"
#include "options.hpp"
#include "sweep_cli.hpp"

namespace bitexact::cli {
namespace {

constexpr const char* default_suite = "conformance/suites.json";

struct ConfArgs {
  std::string suite = default_suite, out = "out/conformance", inputs;
  std::vector<std::string> only;
  bool skip_missing = false, quiet = false, keep_state = false;
  std::string threads;  // as typed (options.hpp reads it)
};

// The suites of a.suite that a.only selects, checked before anything runs
// (SKIP lines printed for those --skip-missing leaves out).
std::vector<sweep::Suite> load_suites(const ConfArgs& a) {
  namespace fs = std::filesystem;
  if (!fs::exists(a.suite) && a.suite == default_suite)
    throw input_error(
        fmt::format("cannot read the default suite file '{}': it is relative to a clone of bitexact; "
                    "run from the clone, or give --suite FILE",
                    a.suite));
  const unsigned threads = thread_count(a.threads);
  sweep::SuiteFile f = sweep::parse_suites(read_user_file(a.suite), a.suite, {a.only, a.skip_missing, a.inputs});
  for (const auto& [name, impls] : f.skipped)
    std::printf("SKIP %-24s (implementation not registered in this build: %s)\n", name.c_str(), impls.c_str());
  for (auto& s : f.suites) {
    s.o.threads = threads;
    s.o.progress = progress_bar(!a.quiet && ::isatty(2));
  }
  return std::move(f.suites);
}

// The verdict lines of one suite, printed; the number of FAIL lines.
int print_verdicts(const sweep::Suite& s, const nlohmann::json& report) {
  int failures = 0;
  for (const auto& line : sweep::suite_verdicts(s, report, failures)) std::printf("%s\n", line.c_str());
  std::fflush(stdout);
  return failures;
}

int run_conformance(const ConfArgs& a) {
  namespace fs = std::filesystem;
  int failures = 0;
  auto suites = load_suites(a);
  // The whole run holds --out (a second `conformance run` into it stops at
  // once); a failure before anything is written leaves no folder.
  made_for_output top(a.out);
  const output_lock lock(a.out, "conformance run");
  for (auto& suite : suites) {
    sweep::State st = sweep::make_state(suite.o);
    sweep::run(suite.o, st);
    const std::string dir = (fs::path(a.out) / suite.name).string();
    {
      made_for_output made(dir);  // removed again if the reports cannot be written
      report::write_reports(st, dir, a.keep_state);
      made.keep();
    }
    failures += print_verdicts(suite, report::to_json(st));
    top.keep();
  }
  return failures ? 1 : 0;
}

// The lines of `conformance run` again, from the reports it wrote
// (DIR/NAME/report.json): RESULTS.txt re-rendered without sweeping again
// (the committed reports took hours of CPU), e.g. after the line gained a field.
int print_conformance_verdicts(const ConfArgs& a) {
  namespace fs = std::filesystem;
  const std::vector<sweep::Suite> suites = load_suites(a);
  // Every report is read and matched to its suite before a line is printed.
  std::vector<nlohmann::json> reports;
  for (const auto& suite : suites) {
    const std::string path = (fs::path(a.out) / suite.name / "report.json").string();
    nlohmann::json r;
    try {
      r = nlohmann::json::parse(read_user_file(path));
    } catch (const nlohmann::json::exception& e) {
      throw input_error(fmt::format("{}: {}", quote_input(path, 200), json_problem(e.what())));
    }
    try {
      const std::string fn = r.at("function").get<std::string>(), spec = r.at("inputs").at("spec").get<std::string>();
      if (fn != fn_info(suite.o.fn).name || spec != suite.o.inputs.spec)
        throw input_error(fmt::format("{} is a report of {} on {}, suite '{}' sweeps {} on {}", quote_input(path, 200),
                                      fn, spec, suite.name, fn_info(suite.o.fn).name, suite.o.inputs.spec));
      if (!r.value("complete", false)) throw input_error(fmt::format("{} is a partial report", quote_input(path, 200)));
      for (const Impl* impl : suite.o.impls)
        if (!r.at("implementations").contains(impl->name))
          throw input_error(fmt::format("{} has no implementation '{}'", quote_input(path, 200), impl->name));
    } catch (const nlohmann::json::exception& e) {
      throw input_error(fmt::format("{}: {}", quote_input(path, 200), json_problem(e.what())));
    }
    reports.push_back(std::move(r));
  }
  // Every line is made before one is printed: a report that lacks a figure
  // stops the command with nothing on stdout.
  int failures = 0;
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < suites.size(); ++i)
    for (auto& l : sweep::suite_verdicts(suites[i], reports[i], failures)) lines.push_back(std::move(l));
  for (const auto& l : lines) std::printf("%s\n", l.c_str());
  return failures ? 1 : 0;
}

const bool registered = register_command([](CLI::App& app) {
  static ConfArgs a;
  auto* c = app.add_subcommand("conformance", "Conformance suites: re-run the sweeps of a suite file and check limits");
  c->require_subcommand(1);
  c->footer("Example:\n  bitexact conformance run --suite conformance/suites.json --skip-missing --out out/conf");
  auto* r = c->add_subcommand("run", "Run the suites, write DIR/NAME/report.*, exit 1 when a limit is broken");
  r->add_option("--suite", a.suite, "suite file")->capture_default_str();
  r->add_option("--out", a.out, "output folder (one sub-folder per suite)")->capture_default_str();
  r->add_option("--only", a.only, "run only the suite with this name (repeatable)");
  r->add_option("--inputs", a.inputs, "override every suite's input set (e.g. binades:16 for a quick check)");
  r->add_flag("--skip-missing", a.skip_missing, "skip suites naming implementations this build lacks");
  r->add_option("--threads", a.threads, fmt::format("worker threads, 1 to {} (default: all cores)", max_threads))
      ->type_name("N")->check(non_empty());
  r->add_flag("--quiet,-q", a.quiet, "no progress bar");
  r->add_flag("--keep-state", a.keep_state, "also write DIR/NAME/state.json (re-render with 'bitexact merge')");
  r->footer("Example (from a clone of bitexact):\n"
            "  bitexact conformance run --only cosf-nv-vs-ocml --inputs binades:16 --out out/conf");
  r->callback([] {
    int rc = run_conformance(a);
    if (rc) std::exit(rc);
  });
  auto* v = c->add_subcommand(
      "verdicts",
      "Print the lines of 'run' again from the reports it wrote (DIR/NAME/report.json), without sweeping; exit 1 "
      "when a limit is broken");
  v->add_option("--suite", a.suite, "suite file")->capture_default_str();
  v->add_option("--out", a.out, "the folder 'run' wrote (one sub-folder per suite)")->capture_default_str();
  v->add_option("--only", a.only, "only the suite with this name (repeatable)");
  v->add_flag("--skip-missing", a.skip_missing, "skip suites naming implementations this build lacks");
  v->footer("Example (from a clone of bitexact; RESULTS.txt is what 'run' printed):\n"
            "  bitexact conformance verdicts --out conformance/reports --skip-missing > conformance/reports/RESULTS.txt");
  v->callback([] {
    int rc = print_conformance_verdicts(a);
    if (rc) std::exit(rc);
  });
});

}  // namespace
}  // namespace bitexact::cli
