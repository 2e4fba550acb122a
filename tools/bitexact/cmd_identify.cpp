// bitexact identify FN --inputs PATH --outputs PATH [--json]
//   "Which vendor library produced these numbers?": evaluates every registered
//   implementation of FN on the inputs, ranks them by the share of outputs they
//   explain (bit-identical, or different for a known cause such as FTZ or
//   libdevice's slow path; then bit-identical share), names the best, and
//   groups its remaining differences by cause (bitexact/porting/porting.hpp;
//   docs/porting.md).
//   Files: any format of vectors/README.md (npy, csv, json, bin, hex lines).
//   --json: {"best": NAME, "exact": BOOL, "tied": [NAME, ...], "inputs": N, "matches": [{"impl": NAME,
//   "bitexact_share": S, "equal": K, "explained": E, "explained_share": S2}, ...], "residual": [{"x": ..,
//   ["y": ..,] "port": .., "impl": .., "reason": ..}, ...] (each cause's examples), "reasons": {CAUSE: COUNT},
//   "causes": [{"cause", "known", "count", "examples"}]}.
#include <cstdio>
#include <algorithm>
#include <map>
#include <string_view>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "bitexact/porting/porting.hpp"
#include "command.hpp"
#include "port_causes.hpp"

namespace bitexact::cli {
namespace {

struct Args {
  std::string fn, inputs, outputs;
  bool json = false, all = false;
};

// Implementations listed in text unless --all: the ranking's head is what a
// porter reads; the tail is dozens of configurations that tie.
constexpr std::size_t shown_matches = 8;

void run_identify(const Args& a) {
  const Fn fn = require_fn(a.fn);
  const FnInfo& f = fn_info(fn);
  const porting::port_data p = porting::load(fn, a.inputs, a.outputs);
  if (p.size() == 0) throw input_error(a.inputs + ": no inputs");
  const std::vector<porting::match> m = porting::rank(p);
  const porting::match& best = m.front();
  const Impl& impl = *find_impl(best.impl, fn);
  const std::vector<word> ref = porting::evaluate(impl, p);
  const porting::comparison& c = best.detail;
  const bool exact = best.equal() == p.size();
  // Others that explain and reproduce exactly as many outputs (a reproduction
  // and its vendor-bitcode twin, configurations that agree on these inputs).
  std::vector<std::string> tied;
  for (std::size_t k = 1; k < m.size() && m[k].equal() == best.equal() && m[k].explained() == best.explained(); ++k)
    tied.push_back(m[k].impl);
  if (a.json) {
    nlohmann::json j = {{"fn", std::string(f.name)}, {"inputs", p.size()}, {"best", best.impl}, {"exact", exact},
                         {"tied", tied}};
    j["matches"] = nlohmann::json::array();
    for (const auto& x : m)
      j["matches"].push_back({{"impl", x.impl},
                              {"bitexact_share", x.share()},
                              {"equal", x.equal()},
                              {"explained", x.explained()},
                              {"explained_share", x.explained_share()}});
    nlohmann::json residual = nlohmann::json::array();
    std::map<std::string, std::uint64_t> reasons;
    for (const auto& g : c.groups) {
      reasons[g.cause] = g.count;
      for (std::size_t i : g.examples) {
        nlohmann::json w = port_witness(p, i);
        w["impl"] = format_hex(ref[i], f.bits);
        w["reason"] = g.cause;
        residual.push_back(w);
      }
    }
    j["residual"] = residual;
    j["reasons"] = reasons;
    j["causes"] = cause_json(p, ref, best.impl, c);
    std::printf("%s\n", j.dump(2).c_str());
    return;
  }
  std::string out = fmt::format("identify {}: {} inputs\n", f.name, p.size());
  // Columns: bit-identical outputs, and the share explained (bit-identical or
  // different for a known cause), which orders the list.
  const std::size_t shown = a.all ? m.size() : std::min(m.size(), shown_matches);
  std::vector<std::string> identical(shown);
  std::size_t w = std::string_view("bit-identical").size();
  for (std::size_t k = 0; k < shown; ++k) {
    identical[k] = fmt::format("{}/{} ({:.4f}%)", m[k].equal(), p.size(), 100 * m[k].share());
    w = std::max(w, identical[k].size());
  }
  out += fmt::format("  {:<24} {:>{}}  {:>9}\n", "implementation", "bit-identical", w, "explained");
  for (std::size_t k = 0; k < shown; ++k)
    out += fmt::format("  {:<24} {:>{}}  {:>8.4f}%\n", m[k].impl, identical[k], w, 100 * m[k].explained_share());
  if (shown < m.size()) out += fmt::format("  ... {} more (--all lists them)\n", m.size() - shown);
  if (exact) {
    out += fmt::format("best: {} (every output)\n", best.impl);
    if (!tied.empty()) out += fmt::format("also every output: {}\n", fmt::join(tied, ", "));
  } else {
    out += fmt::format("no registered implementation gives every output; nearest: {} ({} of {} differ{})\n",
                       best.impl, c.differ(p.size()), p.size(),
                       c.explained == c.differ(p.size()) ? ", each for a known cause" : "");
    out += cause_text(p, ref, best.impl, c, a.all ? 0 : shown_causes);
  }
  std::fputs(out.c_str(), stdout);
}

const bool registered = register_command([](CLI::App& app) {
  static Args a;
  auto* id = app.add_subcommand("identify", "Rank every implementation by the share of a port's outputs it reproduces "
                                            "bit for bit; name the best and explain its differences");
  id->add_option("fn", a.fn, "function: " + function_list())->required();
  add_port_files(id, a.inputs, a.outputs);
  id->add_flag("--all", a.all, "list every implementation and every cause (default: the first " +
                                    std::to_string(shown_matches) + " and the " + std::to_string(shown_causes) +
                                    " most common causes)");
  id->add_flag("--json", a.json, "machine-readable result: every implementation and cause");
  id->footer(
      "Example:\n"
      "  bitexact vectors export sinf --impl nv --inputs binades:64 --format npy --out in.npy\n"
      "  bitexact identify sinf --inputs in.npy --outputs in.npy      (an export's last column: nv, nv-ftz, ...)");
  id->callback([] { run_identify(a); });
});

}  // namespace
}  // namespace bitexact::cli
