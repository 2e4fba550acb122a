// bitexact identify FN --inputs PATH --outputs PATH [--json]
//   "Which vendor library produced these numbers?": evaluates every registered
//   implementation of FN on the inputs, ranks them by the share of outputs
//   they reproduce bit for bit, names the best, and explains the best one's
//   remaining differences (bitexact/porting/porting.hpp; docs/porting.md).
//   Files: any format of vectors/README.md (npy, csv, json, bin, hex lines).
//   --json: {"best": NAME, "exact": BOOL, "tied": [NAME, ...], "inputs": N, "matches": [{"impl": NAME,
//   "bitexact_share": S, "equal": K}, ...], "residual": [{"x": .., ["y": ..,]
//   "port": .., "impl": .., "reason": ..}, ...], "reasons": {REASON: COUNT}}.
#include <cstdio>
#include <map>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "bitexact/porting/porting.hpp"
#include "command.hpp"

namespace bitexact::cli {
namespace {

struct Args {
  std::string fn, inputs, outputs;
  bool json = false;
};

// The reason before ";" (the class after it varies by input).
std::string reason_key(const std::string& r) { return r.substr(0, r.find(';')); }

void run_identify(const Args& a) {
  const Fn fn = require_fn(a.fn);
  const FnInfo& f = fn_info(fn);
  const porting::port_data p = porting::load(fn, a.inputs, a.outputs);
  if (p.size() == 0) throw input_error(a.inputs + ": no inputs");
  const std::vector<porting::match> m = porting::rank(p);
  const porting::match& best = m.front();
  const Impl& impl = *find_impl(best.impl, fn);
  const std::vector<word> ref = porting::evaluate(impl, p);
  std::map<std::string, std::uint64_t> reasons;
  nlohmann::json residual = nlohmann::json::array();
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (ref[i] == p.out[i]) continue;
    const std::string r = porting::reason(impl, p.a[i], p.b[i], p.out[i], ref[i]);
    ++reasons[reason_key(r)];
    if (residual.size() < 20) {
      nlohmann::json w = {{"x", format_hex(p.a[i], f.bits)}};
      if (f.arity == 2) w["y"] = format_hex(p.b[i], f.bits);
      w["port"] = format_hex(p.out[i], f.bits);
      w["impl"] = format_hex(ref[i], f.bits);
      w["reason"] = r;
      residual.push_back(w);
    }
  }
  const bool exact = best.equal == p.size();
  // Others that reproduce exactly as many outputs (a reproduction and its
  // vendor-bitcode twin, configurations that agree on these inputs).
  std::vector<std::string> tied;
  for (std::size_t k = 1; k < m.size() && m[k].equal == best.equal; ++k) tied.push_back(m[k].impl);
  if (a.json) {
    nlohmann::json j = {{"fn", std::string(f.name)}, {"inputs", p.size()}, {"best", best.impl}, {"exact", exact},
                         {"tied", tied}};
    j["matches"] = nlohmann::json::array();
    for (const auto& x : m) j["matches"].push_back({{"impl", x.impl}, {"bitexact_share", x.share}, {"equal", x.equal}});
    j["residual"] = residual;
    j["reasons"] = reasons;
    std::printf("%s\n", j.dump(2).c_str());
    return;
  }
  std::string out = fmt::format("identify {}: {} inputs\n", f.name, p.size());
  for (const auto& x : m)
    out += fmt::format("  {:<24} {:>10}/{} bit-identical ({:.4f}%)\n", x.impl, x.equal, p.size(), 100 * x.share);
  if (exact) {
    out += fmt::format("best: {} (every output)\n", best.impl);
    if (!tied.empty()) out += fmt::format("also every output: {}\n", fmt::join(tied, ", "));
  } else {
    out += fmt::format("no registered implementation gives every output; nearest: {} ({} of {} differ)\n", best.impl,
                       p.size() - best.equal, p.size());
    for (const auto& [r, n] : reasons) out += fmt::format("  {:>10}  {}\n", n, r);
    for (const auto& w : residual)
      out += fmt::format("  x={}{} port={} {}={}  {}\n", w["x"].get<std::string>(),
                         f.arity == 2 ? " y=" + w["y"].get<std::string>() : "", w["port"].get<std::string>(),
                         best.impl, w["impl"].get<std::string>(), w["reason"].get<std::string>());
  }
  std::fputs(out.c_str(), stdout);
}

const bool registered = register_command([](CLI::App& app) {
  static Args a;
  auto* id = app.add_subcommand("identify", "Rank every implementation by the share of a port's outputs it reproduces "
                                            "bit for bit; name the best and explain its differences");
  id->add_option("fn", a.fn, "function: " + function_list())->required();
  add_port_files(id, a.inputs, a.outputs);
  id->add_flag("--json", a.json, "machine-readable result");
  id->footer(
      "Example:\n"
      "  bitexact vectors export sinf --impl nv --inputs binades:64 --format npy --out in.npy\n"
      "  bitexact identify sinf --inputs in.npy --outputs in.npy      (an export's last column: nv, nv-ftz, ...)");
  id->callback([] { run_identify(a); });
});

}  // namespace
}  // namespace bitexact::cli
