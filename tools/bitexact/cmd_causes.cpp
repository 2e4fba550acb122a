// bitexact causes FN|all [--from nv] [--to triton] [--inputs SET] [--threads N] [--examples K] [--json FILE]
//   Why two builds of a libdevice function give other bits (PyTorch eager =
//   nv, torch.compile = triton, CuPy = nv-ftz): for each input where they
//   differ, the smallest set of build fields (file, reflect, ops, prec_sqrt)
//   that, set to TO's values in FROM, gives TO's bits
//   (bitexact/sweep/build_causes.hpp; docs/eager-vs-compiled.md). The builds
//   between FROM and TO are the reproductions' models, not measured.
//   Text: per function, the inputs, how many differ (NaN payloads apart), and
//   one line per cause: count, share of all inputs, how many of them another
//   set of the same size explains too ("tied": the fixed order chose), the
//   largest ULP distance, the first K inputs with both outputs.
//   --json FILE: {"from", "to", "inputs", "note", "functions": [{"fn", "count",
//   "differing_fields", "not_modelled", "differ", "nan_payload_only", "causes":
//   [{"fields", "together", "nan_payload_only", "count", "share", "tied",
//   "max_ulp", "nan_vs_number", "examples": [{"index", "x", ["y",] FROM, TO}]}]}]},
//   written atomically.
#include <bit>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "bitexact/sweep/build_causes.hpp"
#include "command.hpp"
#include "options.hpp"

namespace bitexact::cli {
namespace {

struct Args {
  std::string fn, from = "nv", to = "triton", inputs = "uniform:1000000", threads, examples = "3", json;
};

nlohmann::json fields_json(unsigned fields) {
  nlohmann::json j = nlohmann::json::array();
  for (unsigned i = 0; i < nv::build_field_count; ++i)
    if (fields & (1u << i)) j.push_back(sweep::fields_text(1u << i));
  return j;
}

std::string share(std::uint64_t n, std::uint64_t of) { return fmt::format("{:.4f}%", of ? 100.0 * double(n) / double(of) : 0.0); }

// A cause as text: "prec_sqrt", "file+reflect (together)": more than one field
// and no proper subset gives TO's bits.
std::string cause_label(const sweep::cause_group& g, unsigned differing) {
  std::string s = sweep::fields_text(g.fields);
  if (g.fields == differing && std::popcount(g.fields) > 1) s += " (together)";
  if (g.nan_payload) s += ", NaN payload";
  return s;
}

// The largest distance, "+NaN" when some outputs are NaN against a number,
// "NaN" when all are (payload-only groups: "-").
std::string ulp_text(const sweep::cause_group& g) {
  if (g.nan_payload) return "-";
  if (g.nan_vs_number == g.count) return "NaN";
  return g.nan_vs_number ? fmt::format("{} +NaN", g.max_ulp) : fmt::format("{}", g.max_ulp);
}

std::string section_text(const sweep::causes_result& r, const std::string& from, const std::string& to) {
  const int bits = fn_desc_of(r.fn).bits;
  const bool two = fn_desc_of(r.fn).arity == 2;
  std::string out = fmt::format("{}: {} vs {} on {}, {} inputs\n", fn_desc_of(r.fn).name, from, to, r.inputs, r.count);
  out += fmt::format("  fields that differ: {}\n", sweep::fields_text(r.differing));
  if (!r.unmodelled.empty()) {
    std::vector<std::string> s;
    for (unsigned m : r.unmodelled) s.push_back(sweep::fields_text(m));
    out += fmt::format("  not modelled, so not tried: {}\n", fmt::join(s, ", "));
  }
  out += fmt::format("  differ: {} ({}); NaN payload only: {} ({})\n", r.differ, share(r.differ, r.count),
                     r.nan_payload, share(r.nan_payload, r.count));
  if (r.groups.empty()) return out;
  out += fmt::format("  {:<28} {:>10} {:>9} {:>10} {:>14}  examples ({}: {} {})\n", "cause", "count", "share", "tied",
                     "max ulp", two ? "x y" : "x", from, to);
  for (const sweep::cause_group& g : r.groups) {
    std::vector<std::string> ex;
    for (const sweep::cause_example& e : g.examples)
      ex.push_back(two ? fmt::format("{} {}: {} {}", format_hex(e.a, bits), format_hex(e.b, bits),
                                     format_hex(e.from, bits), format_hex(e.to, bits))
                       : fmt::format("{}: {} {}", format_hex(e.a, bits), format_hex(e.from, bits),
                                     format_hex(e.to, bits)));
    out += fmt::format("  {:<28} {:>10} {:>9} {:>10} {:>14}  {}\n", cause_label(g, r.differing), g.count,
                       share(g.count, r.count), g.tied, ulp_text(g), fmt::join(ex, "; "));
  }
  return out;
}

nlohmann::json section_json(const sweep::causes_result& r, const std::string& from, const std::string& to) {
  const int bits = fn_desc_of(r.fn).bits;
  nlohmann::json j = {{"fn", std::string(fn_desc_of(r.fn).name)},
                      {"count", r.count},
                      {"differing_fields", fields_json(r.differing)},
                      {"differ", r.differ},
                      {"nan_payload_only", r.nan_payload}};
  j["not_modelled"] = nlohmann::json::array();
  for (unsigned m : r.unmodelled) j["not_modelled"].push_back(fields_json(m));
  j["causes"] = nlohmann::json::array();
  for (const sweep::cause_group& g : r.groups) {
    nlohmann::json ex = nlohmann::json::array();
    for (const sweep::cause_example& e : g.examples) {
      nlohmann::json w = {{"index", e.index}, {"x", format_hex(e.a, bits)}};
      if (fn_desc_of(r.fn).arity == 2) w["y"] = format_hex(e.b, bits);
      w[from] = format_hex(e.from, bits);
      w[to] = format_hex(e.to, bits);
      ex.push_back(w);
    }
    j["causes"].push_back({{"fields", fields_json(g.fields)},
                           {"together", g.fields == r.differing && std::popcount(g.fields) > 1},
                           {"nan_payload_only", g.nan_payload},
                           {"count", g.count},
                           {"share", r.count ? double(g.count) / double(r.count) : 0.0},
                           {"tied", g.tied},
                           {"max_ulp", g.max_ulp},
                           {"nan_vs_number", g.nan_vs_number},
                           {"examples", ex}});
  }
  return j;
}

// One line of the closing summary of `all`: the function, its differences and
// its causes by count.
std::string summary_line(const sweep::causes_result& r) {
  std::vector<std::string> c;
  for (const sweep::cause_group& g : r.groups) c.push_back(fmt::format("{} {}", cause_label(g, r.differing), g.count));
  return fmt::format("  {:<9} {:>10} {:>9}  {}\n", fn_desc_of(r.fn).name, r.differ + r.nan_payload,
                     share(r.differ + r.nan_payload, r.count), c.empty() ? "-" : fmt::format("{}", fmt::join(c, ", ")));
}

// The functions with builds, "sinf cosf ...": for the help and messages.
std::string build_function_list() {
  std::string s;
  for (const FnInfo& f : all_functions())
    if (sweep::has_builds(f.id)) s += (s.empty() ? "" : " ") + std::string(f.name);
  return s;
}

nv::build require_build(const std::string& name, const char* option) {
  const auto b = sweep::parse_build(name);
  if (!b)
    throw input_error(fmt::format("{} {}: unknown build (builds: {})", option, quote_input(name), sweep::build_names()));
  return *b;
}

void run_causes(const Args& a) {
  // Everything is checked before anything runs or is written.
  std::vector<Fn> fns;
  if (a.fn == "all") {
    for (const FnInfo& f : all_functions())
      if (sweep::has_builds(f.id)) fns.push_back(f.id);
  } else {
    const Fn fn = require_fn(a.fn);
    if (!sweep::has_builds(fn))
      throw input_error(fmt::format("{} has no libdevice reproduction by build (causes covers: {})", a.fn,
                                    build_function_list()));
    fns.push_back(fn);
  }
  const nv::build from = require_build(a.from, "--from"), to = require_build(a.to, "--to");
  if (from == to) throw input_error(fmt::format("--from and --to are both {}: nothing can differ", quote_input(a.from)));
  std::vector<sweep::causes_options> runs;
  const unsigned threads = thread_count(a.threads);
  const std::size_t examples = std::size_t(whole_number(a.examples, "--examples", 0, 1000));
  for (Fn fn : fns) {
    sweep::causes_options o;
    o.fn = fn;
    o.from = from;
    o.to = to;
    o.inputs = sweep::parse_input_set(a.inputs, fn);
    o.threads = threads;
    o.examples = examples;
    runs.push_back(std::move(o));
  }
  if (!a.json.empty()) {
    namespace fs = std::filesystem;
    const fs::path p(a.json), dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
      throw input_error(fmt::format("--json {}: no folder {}", quote_input(a.json), quote_input(dir.string())));
    if (fs::is_directory(p, ec)) throw input_error(fmt::format("--json {}: a folder", quote_input(a.json)));
  }

  nlohmann::json j = {{"from", a.from},
                      {"to", a.to},
                      {"inputs", runs.front().inputs.spec},
                      {"note",
                       "causes are sets of build fields; builds other than nv, nv-ftz and triton are the "
                       "reproductions' models, not measured on a GPU (docs/eager-vs-compiled.md)"},
                      {"functions", nlohmann::json::array()}};
  std::string summary;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const sweep::causes_result r = sweep::run_causes(runs[i]);
    if (i) std::fputs("\n", stdout);
    std::fputs(section_text(r, a.from, a.to).c_str(), stdout);
    std::fflush(stdout);
    summary += summary_line(r);
    j["functions"].push_back(section_json(r, a.from, a.to));
  }
  if (runs.size() > 1)
    std::printf("\nsummary, %s vs %s on %s: inputs that differ (NaN payloads included) and their causes\n%s",
                a.from.c_str(), a.to.c_str(), runs.front().inputs.spec.c_str(), summary.c_str());
  if (!a.json.empty()) write_file_atomic(a.json, j.dump(1) + "\n");
}

const bool registered = register_command([](CLI::App& app) {
  static Args a;
  auto* c = app.add_subcommand(
      "causes",
      "Why two builds of a libdevice function differ (nv: PyTorch eager, triton: torch.compile, nv-ftz: CuPy): per "
      "input, the smallest set of build fields (file, reflect, ops, prec_sqrt) that explains it");
  c->add_option("fn", a.fn, "function, or all of them: all " + build_function_list())->required();
  c->add_option("--from", a.from, "build compared from: nv, nv-ftz or triton")->capture_default_str();
  c->add_option("--to", a.to, "build compared to: nv, nv-ftz or triton")->capture_default_str();
  c->add_option("--inputs", a.inputs, "input set (below)")->capture_default_str();
  c->add_option("--threads", a.threads, fmt::format("worker threads, 1 to {} (default: all cores)", max_threads))
      ->type_name("N")->check(non_empty());
  c->add_option("--examples", a.examples, "example inputs per cause, 0 to 1000 (the first of the set)")
      ->type_name("K")->check(non_empty())->capture_default_str();
  c->add_option("--json", a.json, "also write every count and example to FILE (atomically)")->type_name("FILE");
  c->footer(std::string(input_set_rules) +
            "\nA cause: FROM with the fields of the cause set to TO's values gives TO's bits at that input, and\n"
            "no smaller set does (among sets of one size the smaller mask: file 1, reflect 2, ops 4, prec_sqrt 8;\n"
            "'tied' counts the inputs another set of that size explains too). Builds other than nv, nv-ftz and\n"
            "triton are the reproductions' models, not measured on a GPU (docs/eager-vs-compiled.md).\n"
            "Examples:\n"
            "  bitexact causes sqrtf --from nv --to triton --inputs uniform:100000\n"
            "  bitexact causes all --from nv --to triton --inputs uniform:1048576:1 --json causes.json");
  c->callback([] { run_causes(a); });
});

}  // namespace
}  // namespace bitexact::cli
