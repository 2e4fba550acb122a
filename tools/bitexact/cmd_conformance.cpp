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

#include "bitexact/io/json_fields.hpp"
#include "bitexact/report/report.hpp"
#include "bitexact/sweep/engine.hpp"
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

// Inputs where implementations a and b differ by more than n ulps (n a power of
// two): numbers farther apart than n floats, and every difference of class
// (NaN, Inf or zero against a number, signs of Inf or zero). NaN payloads do
// not count. Read from the report (report::to_json's "pairs").
std::uint64_t inputs_farther_than(const nlohmann::json& report, const std::string& a, const std::string& b,
                                  std::uint64_t n) {
  for (const auto& p : report.at("pairs")) {
    const auto x = p.at("impls").at(0).get<std::string>(), y = p.at("impls").at(1).get<std::string>();
    if (!((x == a && y == b) || (x == b && y == a))) continue;
    std::uint64_t far = 0;
    for (int c = 0; c < static_cast<int>(sweep::Disc::count); ++c)
      if (c != static_cast<int>(sweep::Disc::number_vs_number) && c != static_cast<int>(sweep::Disc::nan_payload))
        far += json_integer<std::uint64_t>(p.at("classes").at(std::string(sweep::disc_name(sweep::Disc(c)))).at("count"), "count");
    const auto& dist = p.at("number_vs_number_ulp_distance");
    for (int bin = sweep::dist_bin(n) + 1; bin < sweep::dist_bins; ++bin)
      far += json_integer_at<std::uint64_t>(dist.at(std::size_t(bin)), "count");
    return far;
  }
  throw input_error(fmt::format("no pair {} / {} in the report", a, b));
}

// A suite of the suite file, checked.
struct Job {
  std::string name;
  sweep::Options o;
  nlohmann::json limits;
};

// The verdict lines of one suite (RESULTS.txt: "PASS NAME IMPL max ..."), one
// per implementation in the suite's order, from its report (report::to_json,
// or a report.json read back: the same numbers, doubles round-trip exactly),
// so that `conformance run` and `conformance verdicts` print the same bytes.
// Returns the number of FAIL lines.
int print_verdicts(const Job& job, const nlohmann::json& report) {
  int failures = 0;
  for (const Impl* impl : job.o.impls) {
    const std::string& name = impl->name;
    const auto& k = report.at("implementations").at(name);
    const auto count = json_integer_at<std::uint64_t>(k, "count"), cr = json_integer_at<std::uint64_t>(k, "correctly_rounded");
    const auto special = json_integer_at<std::uint64_t>(k, "special_mismatches");
    const auto flushed = json_integer_or<std::uint64_t>(k, "flushed", 0);  // report schema 1 has no flushed class
    const double max_ulp = k.at("max_ulp").get<double>();
    const double share = count ? double(cr) / double(count) : 0;
    std::string verdict = "ok", why;
    if (job.limits.contains(name)) {
      const auto& l = job.limits[name];
      if (l.contains("max_ulp") && max_ulp > l["max_ulp"].get<double>())
        why += fmt::format(" max_ulp {} > {}", max_ulp, l["max_ulp"].get<double>());
      if (l.contains("special_mismatches") && special > json_integer_at<std::uint64_t>(l, "special_mismatches"))
        why += fmt::format(" special_mismatches {} > {}", special, json_integer_at<std::uint64_t>(l, "special_mismatches"));
      if (l.contains("min_correctly_rounded_share") && share < l["min_correctly_rounded_share"].get<double>())
        why += fmt::format(" correctly_rounded_share {} < {}", share, l["min_correctly_rounded_share"].get<double>());
      if (l.contains("max_ulp_distance")) {
        const auto& d = l["max_ulp_distance"];
        const std::string to = d["to"].get<std::string>();
        const std::uint64_t n = json_integer_at<std::uint64_t>(d, "ulps");
        const std::uint64_t far = inputs_farther_than(report, name, to, n);
        if (far) why += fmt::format(" {} inputs more than {} ulp from {}", far, n, to);
      }
      verdict = why.empty() ? "PASS" : "FAIL";
    } else {
      verdict = "INFO";
    }
    if (verdict == "FAIL") ++failures;
    // FTZ/DAZ flushes (docs/sweep.md, "Flushed results") are outside max ulp:
    // say how many, as a field appended after the ones that tools parse.
    const std::string flush =
        flushed ? fmt::format(", flushed {} ({:.6f}%)", flushed, count ? 100.0 * double(flushed) / double(count) : 0.0)
                : std::string();
    std::printf("%s %-24s %-10s max %.4g ulp, correctly rounded %.6f%%, special mismatches %llu%s%s\n",
                verdict.c_str(), job.name.c_str(), name.c_str(), max_ulp, 100 * share, (unsigned long long)special,
                flush.c_str(), why.c_str());
  }
  std::fflush(stdout);
  return failures;
}

// The suites of a.suite that a.only selects, checked before anything runs
// (SKIP lines printed for those --skip-missing leaves out).
std::vector<Job> load_jobs(const ConfArgs& a) {
  namespace fs = std::filesystem;
  if (!fs::exists(a.suite) && a.suite == default_suite)
    throw input_error(fmt::format("cannot read the default suite file '{}': it is relative to a clone of bitexact; "
                                  "run from the clone, or give --suite FILE",
                                  a.suite));
  const std::string suite = quote_input(a.suite, 200);
  const std::string text = read_user_file(a.suite);
  const unsigned threads = thread_count(a.threads);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw input_error(fmt::format("suite file {}: {}", suite, json_problem(e.what())));
  }
  if (!j.is_object() || !j.contains("suites") || !j["suites"].is_array())
    throw input_error(fmt::format("suite file {} has no \"suites\" array", suite));

  // Validate everything before running anything.
  std::vector<Job> jobs;
  for (const auto& s : j["suites"]) {
    auto str = [&](const char* key) -> std::string {
      if (!s.contains(key) || !s[key].is_string())
        throw input_error(fmt::format("suite file '{}': a suite lacks the string \"{}\"", a.suite, key));
      return s[key].get<std::string>();
    };
    Job job;
    job.name = str("name");
    if (!a.only.empty() && std::find(a.only.begin(), a.only.end(), job.name) == a.only.end()) continue;
    auto fn = parse_fn(str("function"));
    if (!fn) throw input_error(fmt::format("suite '{}': unknown function '{}'", job.name, str("function")));
    std::string impl_list;
    if (!s.contains("impls") || !s["impls"].is_array())
      throw input_error(fmt::format("suite '{}': \"impls\" must be an array of names", job.name));
    bool missing = false;
    for (const auto& n : s["impls"]) {
      if (!n.is_string()) throw input_error(fmt::format("suite '{}': \"impls\" must be an array of names", job.name));
      if (!find_impl(n.get<std::string>(), *fn)) missing = true;
      impl_list += (impl_list.empty() ? "" : ",") + n.get<std::string>();
    }
    if (missing && a.skip_missing) {
      std::printf("SKIP %-24s (implementation not registered in this build: %s)\n", job.name.c_str(),
                  impl_list.c_str());
      continue;
    }
    try {
      job.o.fn = *fn;
      job.o.impls = sweep::resolve_impls(impl_list, *fn);
      if (job.o.impls.empty())
        throw input_error("\"impls\" names no implementation besides the truth (mpfr), which is in every sweep");
      job.o.inputs = sweep::parse_input_set(a.inputs.empty() ? str("inputs") : a.inputs, *fn);
    } catch (const input_error& e) {
      throw input_error(fmt::format("suite '{}': {}", job.name, e.what()));
    }
    job.o.threads = threads;
    job.o.progress = progress_bar(!a.quiet && ::isatty(2));
    job.limits = s.value("limits", nlohmann::json::object());
    for (auto it = job.limits.begin(); it != job.limits.end(); ++it) {
      if (!find_impl(it.key(), *fn) || !it->is_object())
        throw input_error(fmt::format("suite '{}': limits for unknown implementation '{}'", job.name, it.key()));
      for (auto l = it->begin(); l != it->end(); ++l) {
        if (l.key() == "max_ulp_distance") {
          // {"to": IMPL, "ulps": N}: every output within N ulps of IMPL's (N a power of two).
          const auto& d = *l;
          const bool ok = d.is_object() && d.contains("to") && d["to"].is_string() && d.contains("ulps") &&
                          d["ulps"].is_number_unsigned();
          const std::uint64_t n = ok ? json_integer_at<std::uint64_t>(d, "ulps") : 0;
          if (!ok || n == 0 || n > (1u << 20) || (n & (n - 1)) != 0)
            throw input_error(
                fmt::format("suite '{}': max_ulp_distance needs {{\"to\": IMPL, \"ulps\": N}} with N "
                            "a power of two up to 2^20",
                            job.name));
          const std::string to = d["to"].get<std::string>();
          if (std::none_of(job.o.impls.begin(), job.o.impls.end(), [&](const Impl* im) { return im->name == to; }) ||
              to == it.key())
            throw input_error(
                fmt::format("suite '{}': max_ulp_distance compares with '{}', which must be "
                            "another implementation of the suite",
                            job.name, to));
          continue;
        }
        if (l.key() != "max_ulp" && l.key() != "special_mismatches" && l.key() != "min_correctly_rounded_share" &&
            l.key() != "source")
          throw input_error(fmt::format("suite '{}': unknown limit '{}'", job.name, l.key()));
        // Checked now, not after the sweeps (where a wrong type ended the run).
        const bool ok = l.key() == "source"               ? l->is_string()
                        : l.key() == "special_mismatches" ? l->is_number_unsigned()
                                                          : l->is_number();
        if (!ok)
          throw input_error(fmt::format("suite '{}': limit '{}' must be {}", job.name, l.key(),
                                        l.key() == "source"               ? "a string"
                                        : l.key() == "special_mismatches" ? "a whole number"
                                                                          : "a number"));
      }
    }
    jobs.push_back(std::move(job));
  }
  for (const auto& name : a.only)
    if (std::none_of(jobs.begin(), jobs.end(), [&](const Job& jb) { return jb.name == name; }) &&
        std::none_of(j["suites"].begin(), j["suites"].end(),
                     [&](const nlohmann::json& s) { return s.value("name", "") == name; }))
      throw input_error(fmt::format("no suite named '{}' in '{}'", name, a.suite));

  return jobs;
}

int run_conformance(const ConfArgs& a) {
  namespace fs = std::filesystem;
  int failures = 0;
  auto jobs = load_jobs(a);
  // The whole run holds --out (a second `conformance run` into it stops at
  // once); a failure before anything is written leaves no folder.
  made_for_output top(a.out);
  const output_lock lock(a.out, "conformance run");
  for (auto& job : jobs) {
    sweep::State st = sweep::make_state(job.o);
    sweep::run(job.o, st);
    const std::string dir = (fs::path(a.out) / job.name).string();
    {
      made_for_output made(dir);  // removed again if the reports cannot be written
      report::write_reports(st, dir, a.keep_state);
      made.keep();
    }
    failures += print_verdicts(job, report::to_json(st));
    top.keep();
  }
  return failures ? 1 : 0;
}

// The lines of `conformance run` again, from the reports it wrote
// (DIR/NAME/report.json): RESULTS.txt re-rendered without sweeping again
// (the committed reports took hours of CPU), e.g. after the line gained a field.
int print_conformance_verdicts(const ConfArgs& a) {
  namespace fs = std::filesystem;
  const std::vector<Job> jobs = load_jobs(a);
  // Every report is read and matched to its suite before a line is printed.
  std::vector<nlohmann::json> reports;
  for (const auto& job : jobs) {
    const std::string path = (fs::path(a.out) / job.name / "report.json").string();
    nlohmann::json r;
    try {
      r = nlohmann::json::parse(read_user_file(path));
    } catch (const nlohmann::json::exception& e) {
      throw input_error(fmt::format("{}: {}", quote_input(path, 200), json_problem(e.what())));
    }
    try {
      const std::string fn = r.at("function").get<std::string>(), spec = r.at("inputs").at("spec").get<std::string>();
      if (fn != fn_info(job.o.fn).name || spec != job.o.inputs.spec)
        throw input_error(fmt::format("{} is a report of {} on {}, suite '{}' sweeps {} on {}", quote_input(path, 200),
                                      fn, spec, job.name, fn_info(job.o.fn).name, job.o.inputs.spec));
      if (!r.value("complete", false)) throw input_error(fmt::format("{} is a partial report", quote_input(path, 200)));
      for (const Impl* impl : job.o.impls)
        if (!r.at("implementations").contains(impl->name))
          throw input_error(fmt::format("{} has no implementation '{}'", quote_input(path, 200), impl->name));
    } catch (const nlohmann::json::exception& e) {
      throw input_error(fmt::format("{}: {}", quote_input(path, 200), json_problem(e.what())));
    }
    reports.push_back(std::move(r));
  }
  int failures = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    try {
      failures += print_verdicts(jobs[i], reports[i]);
    } catch (const nlohmann::json::exception& e) {
      throw input_error(fmt::format("report of suite '{}': {}", jobs[i].name, json_problem(e.what())));
    }
  }
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
