// bitexact check FN --against IMPL --inputs PATH --outputs PATH
//                [--bitexact | --ulp U | --atol A --rtol R] [--json]
//   A port's outputs against an implementation (docs/porting.md): the share of
//   bit-identical outputs, the largest ULP distance to IMPL and the largest
//   error against the correctly rounded truth (each with its input), another
//   registered implementation that gives every output, the discrepancy classes
//   (after Varity), and the differences grouped by cause with a few examples
//   each (porting::compare; --all: every cause). Exit 0 when every output meets the bar (default
//   --bitexact; --ulp U: at most U representable values from IMPL's; --atol
//   --rtol: |port - impl| <= atol + rtol * |impl|, numpy.isclose's rule), 1
//   when some do not, 2 on bad input. Both NaN always counts as meeting --ulp
//   and --atol/--rtol.
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "bitexact/bits.hpp"
#include "bitexact/porting/porting.hpp"
#include "bitexact/sweep/engine.hpp"
#include "command.hpp"
#include "options.hpp"
#include "port_causes.hpp"

namespace bitexact::cli {
namespace {

struct Args {
  std::string fn, against, inputs, outputs;
  bool bitexact = false, json = false, all = false;
  double ulp = -1, atol = -1, rtol = -1;               // -1: not given
  std::string ulp_text, atol_text, rtol_text;          // as typed (options.hpp reads them)
};

double value(int bits, word w) {
  return bits == 32 ? double(bit_cast<float>(std::uint32_t(w))) : bit_cast<double>(std::uint64_t(w));
}

int run_check(const Args& a) {
  const Impl& impl = resolve_spec(a.against + "." + a.fn);
  const FnInfo& f = fn_info(impl.fn);
  const int modes = int(a.bitexact) + int(a.ulp >= 0) + int(a.atol >= 0 || a.rtol >= 0);
  if (modes > 1) throw input_error("choose one bar: --bitexact, --ulp U, or --atol A --rtol R");
  const porting::port_data p = porting::load(impl.fn, a.inputs, a.outputs);
  if (p.size() == 0) throw input_error(a.inputs + ": no inputs");
  const std::vector<word> ref = porting::evaluate(impl, p);
  const std::string bar = a.ulp >= 0 ? fmt::format("ulp <= {}", a.ulp)
                          : (a.atol >= 0 || a.rtol >= 0)
                              ? fmt::format("|port - {}| <= {} + {} * |{}|", impl.name, std::max(a.atol, 0.0),
                                            std::max(a.rtol, 0.0), impl.name)
                              : std::string("bit-exact");
  auto meets = [&](std::size_t i) {
    if (p.out[i] == ref[i]) return true;
    const std::uint64_t d = porting::ulp_distance(f.bits, p.out[i], ref[i]);
    if (d == 0) return a.ulp >= 0 || a.atol >= 0 || a.rtol >= 0;  // both NaN: payloads only
    if (a.ulp >= 0) return double(d) <= a.ulp;
    if (a.atol >= 0 || a.rtol >= 0) {
      const double x = value(f.bits, p.out[i]), y = value(f.bits, ref[i]);
      if (std::isinf(x) || std::isinf(y)) return x == y;
      return std::fabs(x - y) <= std::max(a.atol, 0.0) + std::max(a.rtol, 0.0) * std::fabs(y);
    }
    return false;
  };
  std::uint64_t failing = 0;
  std::size_t max_e_at = 0;
  double max_e = -1;
  nlohmann::json first = nlohmann::json::array();
  auto hex = [&](word w) { return format_hex(w, f.bits); };
  for (std::size_t i = 0; i < p.size(); ++i) {
    // The port's error against the truth (approximate to 2^-23 ulp; the
    // largest is recomputed exactly below).
    const double e = f.ulp_error_approx(p.a[i], p.b[i], p.out[i]);
    if (!std::isnan(e) && e > max_e) max_e = e, max_e_at = i;
    if (p.out[i] == ref[i]) continue;
    failing += !meets(i);
    if (first.size() < 10) {
      nlohmann::json w = port_witness(p, i);
      w[impl.name] = hex(ref[i]);
      first.push_back(w);
    }
  }
  const porting::comparison cmp = porting::compare(impl, p, ref);
  const std::uint64_t equal = cmp.equal, max_d = cmp.max_distance;
  const std::size_t max_d_at = cmp.max_at;
  // A port that differs may be another registered implementation exactly
  // (a -use_fast_math build is nv-fast, not a bad libdevice): say so first.
  const std::vector<std::string> same = equal == p.size() ? std::vector<std::string>{}
                                                          : porting::reproducing(p, impl.name);
  const double exact_e = max_e >= 0 ? f.ulp_error(p.a[max_e_at], p.b[max_e_at], p.out[max_e_at]) : 0;
  const bool pass = failing == 0;
  if (a.json) {
    nlohmann::json j = {{"fn", std::string(f.name)}, {"against", impl.name}, {"inputs", p.size()},
                        {"bar", bar}, {"pass", pass}, {"failing", failing}, {"bitexact", equal},
                        {"bitexact_share", double(equal) / double(p.size())}};
    // A NaN against a number has no ULP distance.
    j["max_ulp_to_impl"] = equal == p.size()         ? nlohmann::json(0)
                           : max_d == ~std::uint64_t(0) ? nlohmann::json("nan-vs-number")
                                                        : nlohmann::json(max_d);
    if (equal != p.size()) j["max_ulp_to_impl_at"] = port_witness(p, max_d_at);
    j["max_ulp_to_truth"] = exact_e;
    j["max_ulp_to_truth_at"] = port_witness(p, max_e_at);
    j["classes"] = cmp.classes;
    std::map<std::string, std::uint64_t> reasons;
    for (const auto& g : cmp.groups) reasons[g.cause] = g.count;
    j["reasons"] = reasons;
    j["causes"] = cause_json(p, ref, impl.name, cmp);
    j["reproduced_by"] = same;
    j["first_differences"] = first;
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    std::string out = fmt::format("check {} against {}: {} inputs, bar: {}\n", f.name, impl.name, p.size(), bar);
    out += fmt::format("  bit-identical     {}/{} ({:.4f}%)\n", equal, p.size(), 100.0 * double(equal) / double(p.size()));
    if (equal != p.size())
      out += fmt::format("  max ULP to {:<6} {} at x={}\n", impl.name,
                         max_d == ~std::uint64_t(0) ? std::string("NaN vs a number") : std::to_string(max_d),
                         hex(p.a[max_d_at]));
    out += fmt::format("  max ULP to truth  {:.4g} at x={} (the port's own error)\n", exact_e, hex(p.a[max_e_at]));
    if (!same.empty())
      out += fmt::format("  reproduced by     {} (every output bit for bit)\n", fmt::join(same, ", "));
    if (!cmp.classes.empty()) {
      std::vector<std::string> cl;
      for (const auto& [c, n] : cmp.classes) cl.push_back(fmt::format("{} {}", n, c));
      out += fmt::format("  classes           {}\n", fmt::join(cl, ", "));
      out += "  differences by cause:\n" + cause_text(p, ref, impl.name, cmp, a.all ? 0 : shown_causes);
    }
    out += pass ? "PASS\n" : fmt::format("FAIL: {} of {} outputs miss the bar\n", failing, p.size());
    std::fputs(out.c_str(), stdout);
  }
  return pass ? 0 : 1;
}

const bool registered = register_command([](CLI::App& app) {
  static Args a;
  auto* c = app.add_subcommand("check", "Check a port's outputs against an implementation: bit-exact share, ULP "
                                        "distances, discrepancy classes, reasons; exit 0 pass, 1 fail, 2 bad input");
  c->add_option("fn", a.fn, "function: " + function_list())->required();
  c->add_option("--against", a.against, "implementation, e.g. nv, nv-ftz, ocml")->required();
  add_port_files(c, a.inputs, a.outputs);
  c->add_flag("--bitexact", a.bitexact, "every output bit for bit (the default)");
  c->add_option("--ulp", a.ulp_text, "at most U representable values from IMPL's output (U >= 0)")->type_name("U")->check(non_empty());
  c->add_option("--atol", a.atol_text, "absolute tolerance (numpy.isclose), >= 0")->type_name("A")->check(non_empty());
  c->add_option("--rtol", a.rtol_text, "relative tolerance (numpy.isclose), >= 0")->type_name("R")->check(non_empty());
  c->add_flag("--all", a.all, "list every cause of difference (default: the " + std::to_string(shown_causes) +
                                   " most common, with examples)");
  c->add_flag("--json", a.json, "machine-readable result: every cause, with examples");
  c->footer(
      "Example (docs/porting.md):\n"
      "  bitexact vectors export sinf --impl nv --inputs binades:64 --format npy --out ref.npy\n"
      "  bitexact check sinf --against nv --inputs ref.npy --outputs port.npy --ulp 1");
  c->callback([] {
    // CLI11's NonNegativeNumber let "nan" through; a NaN bar passes nothing and says nothing.
    if (!a.ulp_text.empty()) a.ulp = real_number(a.ulp_text, "--ulp", 0, 1e300);
    if (!a.atol_text.empty()) a.atol = real_number(a.atol_text, "--atol", 0, 1e300);
    if (!a.rtol_text.empty()) a.rtol = real_number(a.rtol_text, "--rtol", 0, 1e300);
    const int rc = run_check(a);
    std::fflush(stdout);
    if (rc != 0) std::exit(rc);
  });
});

}  // namespace
}  // namespace bitexact::cli
