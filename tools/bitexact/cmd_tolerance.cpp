// bitexact tolerance FN [--inputs SET] [--low bf16,fp16,tf32] [--accept A,...] [--reject-share S] [--json]
// bitexact tolerance --reference R --accept A1,A2,... --reject L1,... [--bits 32|64] [--reject-share S] [--json]
//   Proposes the tightest atol/rtol for a test that compares with
//   numpy.isclose / torch.allclose semantics (|out - ref| <= atol + rtol * |ref|),
//   in the manner of Tensara: every accepted implementation must pass on every
//   input, while the same computation done in a lower precision should fail on
//   at least the chosen share of the inputs (docs/porting.md).
//   First form: the reference is the correctly rounded truth; accepted are the
//   registered implementations (default: all but the truth and the finite-only
//   ocml configurations); rejected are the
//   function computed in each --low format (operands rounded to it, the exact
//   result rounded to it). Second form: any kernel's outputs, from files (the
//   formats of vectors/README.md), one column each (or an export's last).
//   Three proposals: atol = rtol = t (the default proposal), rtol only, atol
//   only; each with the rejected share per low-precision computation. Results
//   whose reference is NaN or infinite must match exactly and are not fitted.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bitexact/bits.hpp"
#include "bitexact/porting/porting.hpp"
#include "bitexact/sweep/engine.hpp"
#include "bitexact/io/vector_io.hpp"
#include "command.hpp"
#include "options.hpp"

namespace bitexact::cli {
namespace {

struct Args {
  std::string fn, inputs = "binades:64", low = "bf16,fp16,tf32", accept, reject, reference;
  int bits = 0;
  double reject_share = 0.5;
  std::string bits_text, reject_share_text;  // as typed (options.hpp reads them)
  bool json = false;
};

// A binary floating-point format: significand bits (with the implicit one) and
// the exponent range of its normal numbers.
struct low_format {
  std::string name;
  int p, emin, emax;
};
const std::vector<low_format> low_formats = {
    {"bf16", 8, -126, 127}, {"fp16", 11, -14, 15}, {"tf32", 11, -126, 127}, {"fp32", 24, -126, 127}};

// v rounded to nearest-even in the format (subnormals and overflow to infinity
// included). Exact: every step is a power-of-two scaling or nearbyint of a
// double that holds v exactly (v comes from a binary32/binary64 value and the
// formats are no wider than binary32 in range).
double round_to(double v, const low_format& f) {
  if (v == 0 || !std::isfinite(v)) return v;
  const int e = std::max(std::ilogb(v), f.emin);
  const double q = std::ldexp(1.0, e - (f.p - 1));  // the format's quantum at v
  const double r = std::nearbyint(v / q) * q;
  return std::fabs(r) >= std::ldexp(1.0, f.emax + 1) ? std::copysign(INFINITY, v) : r;
}

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string t; std::getline(ss, t, ',');)
    if (!t.empty()) out.push_back(t);
  return out;
}

double val(int bits, word w) {
  return bits == 32 ? double(bit_cast<float>(std::uint32_t(w))) : bit_cast<double>(std::uint64_t(w));
}

struct candidate {
  std::string name;
  std::vector<double> out;
};

void run_tolerance(const Args& a) {
  std::vector<double> ref;
  std::vector<candidate> accepted, rejected;
  std::string what;
  // Where an output is: its operands where they are known (first form; it said
  // "at input 10724"), else its row in the files.
  std::function<std::string(std::size_t)> where = [](std::size_t i) { return fmt::format("row {}", i); };
  if (!a.reference.empty()) {
    if (a.accept.empty() || a.reject.empty()) throw input_error("--reference needs --accept and --reject files");
    auto load = [&](const std::string& path) {
      const vector_io::table t = vector_io::read(path, std::nullopt, a.bits, 0);
      std::vector<double> v;
      const std::size_t c = t.columns.size();
      for (std::size_t i = 0; i < t.rows(); ++i) v.push_back(val(t.bits, t.data[i * c + c - 1]));
      return v;
    };
    ref = load(a.reference);
    for (const auto& f : split_list(a.accept)) accepted.push_back({f, load(f)});
    for (const auto& f : split_list(a.reject)) rejected.push_back({f, load(f)});
    for (const auto* group : {&accepted, &rejected})
      for (const auto& c : *group)
        if (c.out.size() != ref.size())
          throw input_error(fmt::format("{} has {} outputs, the reference {}", c.name, c.out.size(), ref.size()));
    what = fmt::format("reference {}, {} outputs", a.reference, ref.size());
  } else {
    const Fn fn = require_fn(a.fn);
    const FnInfo& f = fn_info(fn);
    const Impl* truth = find_truth(fn);
    if (truth == nullptr) throw input_error("no correctly rounded implementation registered for " + a.fn);
    const sweep::InputSet set = sweep::parse_input_set(a.inputs, fn);
    if (set.count > (std::uint64_t(1) << 26)) throw input_error(a.inputs + ": more than 2^26 inputs; take a sample");
    porting::port_data p{fn, std::vector<word>(set.count), std::vector<word>(set.count), {}};
    set.generate(0, set.count, p.a.data(), p.b.data());
    p.out.assign(set.count, 0);
    auto values = [&](const std::vector<word>& w) {
      std::vector<double> v(w.size());
      for (std::size_t i = 0; i < w.size(); ++i) v[i] = val(f.bits, w[i]);
      return v;
    };
    ref = values(porting::evaluate(*truth, p));
    std::vector<std::string> names = split_list(a.accept);
    // Default: the vendors' accurate implementations: every implementation but
    // the truth, the fast-math approximations (nv-fast, nv-intrinsics, ptx:
    // with them no tolerance rejects bf16) and the finite-only ocml
    // configurations, which promise nothing for NaN and infinite operands.
    if (names.empty())
      for (const Impl* i : all_impls())
        if (i->fn == fn && !i->correctly_rounded && !i->gpu && !i->approximate &&
            i->name.find("finite") == std::string::npos)
          names.push_back(i->name);
    for (const auto& n : names) {
      const Impl* i = find_impl(n, fn);
      if (i == nullptr) throw input_error(fmt::format("unknown implementation '{}' of {}", n, a.fn));
      accepted.push_back({n, values(porting::evaluate(*i, p))});
    }
    for (const auto& ln : split_list(a.low)) {
      const auto lf = std::find_if(low_formats.begin(), low_formats.end(), [&](const auto& x) { return x.name == ln; });
      if (lf == low_formats.end()) throw input_error(fmt::format("unknown format '{}' (bf16, fp16, tf32, fp32)", ln));
      if (lf->name == "fp32" && f.bits == 32) throw input_error("fp32 is not lower than " + a.fn + "'s precision");
      // The computation in the low format: rounded operands, exact result rounded.
      porting::port_data q = p;
      auto rnd = [&](word w) {
        const double r = round_to(val(f.bits, w), *lf);
        return f.bits == 32 ? word(bit_cast<std::uint32_t>(float(r))) : word(bit_cast<std::uint64_t>(r));
      };
      for (std::size_t i = 0; i < q.a.size(); ++i) q.a[i] = rnd(q.a[i]), q.b[i] = rnd(q.b[i]);
      std::vector<double> out = values(porting::evaluate(*truth, q));
      for (double& v : out) v = round_to(v, *lf);
      rejected.push_back({ln, out});
    }
    what = fmt::format("{} on {} ({} inputs), reference: {}", a.fn, a.inputs, set.count, truth->name);
    where = [x = std::move(p.a), y = std::move(p.b), bits = f.bits, arity = f.arity](std::size_t i) {
      auto operand = [bits](const char* name, word w) {
        return fmt::format("{}={} ({})", name, format_value(w, bits, output_form::hex),
                           format_value(w, bits, output_form::decimal));
      };
      return arity == 2 ? operand("x", x[i]) + ", " + operand("y", y[i]) : operand("x", x[i]);
    };
  }

  // Fit on inputs whose reference is finite; the others must match exactly.
  std::uint64_t special_mismatch = 0;
  double t_both = 0, t_rel = 0, t_abs = 0;
  std::string worst_both, worst_rel, worst_abs;
  for (const auto& c : accepted)
    for (std::size_t i = 0; i < ref.size(); ++i) {
      const double r = ref[i], x = c.out[i];
      if (!std::isfinite(r)) {
        const bool same = std::isnan(r) ? std::isnan(x) : x == r;
        special_mismatch += !same;
        continue;
      }
      const double d = std::isfinite(x) ? std::fabs(x - r) : INFINITY;
      const double both = d / (1 + std::fabs(r)), rel = r == 0 ? (d == 0 ? 0 : INFINITY) : d / std::fabs(r);
      if (both > t_both) t_both = both, worst_both = fmt::format("{} at {}", c.name, where(i));
      if (rel > t_rel) t_rel = rel, worst_rel = fmt::format("{} at {}", c.name, where(i));
      if (d > t_abs) t_abs = d, worst_abs = fmt::format("{} at {}", c.name, where(i));
    }
  // Two significant digits, rounded up (a test's constant), still accepting all.
  auto nice = [](double t) {
    if (t == 0 || !std::isfinite(t)) return t;
    const double e = std::pow(10.0, std::floor(std::log10(t)) - 1);
    return std::ceil(t / e) * e;
  };
  struct proposal {
    std::string name;
    double atol, rtol;
    std::string limited_by;
  };
  const std::vector<proposal> props = {{"atol = rtol", nice(t_both), nice(t_both), worst_both},
                                       {"rtol only", 0, nice(t_rel), worst_rel},
                                       {"atol only", nice(t_abs), 0, worst_abs}};
  auto rejected_share = [&](const candidate& c, const proposal& pr) {
    std::uint64_t fail = 0, n = 0;
    for (std::size_t i = 0; i < ref.size(); ++i) {
      if (!std::isfinite(ref[i])) continue;
      ++n;
      const double d = std::isfinite(c.out[i]) ? std::fabs(c.out[i] - ref[i]) : INFINITY;
      fail += !(d <= pr.atol + pr.rtol * std::fabs(ref[i]));
    }
    return n ? double(fail) / double(n) : 0.0;
  };
  nlohmann::json j = {{"what", what}, {"accepted", nlohmann::json::array()}, {"rejected", nlohmann::json::array()},
                      {"special_mismatches", special_mismatch}, {"reject_share_wanted", a.reject_share}};
  for (const auto& c : accepted) j["accepted"].push_back(c.name);
  for (const auto& c : rejected) j["rejected"].push_back(c.name);
  j["proposals"] = nlohmann::json::array();
  std::string text = fmt::format("tolerance: {}\n  accepted: {}\n", what, j["accepted"].dump());
  if (special_mismatch)
    text += fmt::format("  warning: {} NaN/infinite reference results differ in an accepted implementation; no "
                        "tolerance accepts them\n", special_mismatch);
  for (const auto& pr : props) {
    nlohmann::json pj = {{"name", pr.name}, {"atol", pr.atol}, {"rtol", pr.rtol}, {"limited_by", pr.limited_by}};
    text += fmt::format("  {:<12} atol={:<10.3g} rtol={:<10.3g} (tightest accepted: {})\n", pr.name, pr.atol, pr.rtol,
                        pr.limited_by.empty() ? "every accepted output is exact" : pr.limited_by);
    bool separates = true;
    for (const auto& c : rejected) {
      const double s = rejected_share(c, pr);
      pj["rejected_share"][c.name] = s;
      separates = separates && s >= a.reject_share;
      text += fmt::format("      rejects {:<6} on {:.2f}% of the inputs{}\n", c.name, 100 * s,
                          s >= a.reject_share ? "" : fmt::format(" (< {:.0f}% wanted)", 100 * a.reject_share));
    }
    pj["separates"] = separates;
    j["proposals"].push_back(pj);
  }
  j["proposal"] = j["proposals"][0];
  text += fmt::format("proposal: atol={:.3g}, rtol={:.3g}{}\n", props[0].atol, props[0].rtol,
                      j["proposals"][0]["separates"].get<bool>()
                          ? ""
                          : " — it does not reject every lower-precision computation on the wanted share");
  std::fputs(a.json ? (j.dump(2) + "\n").c_str() : text.c_str(), stdout);
}

const bool registered = register_command([](CLI::App& app) {
  static Args a;
  auto* t = app.add_subcommand("tolerance", "Propose the tightest atol/rtol that accepts every implementation and "
                                            "rejects the computation in a lower precision (Tensara's rule)");
  t->add_option("fn", a.fn, "function: " + function_list());
  t->add_option("--inputs", a.inputs, "input set (default binades:64)");
  t->add_option("--low", a.low, "lower precisions to reject: bf16, fp16, tf32, fp32 (f64 functions)");
  t->add_option("--accept", a.accept, "implementations (first form) or output files (with --reference), comma-separated");
  t->add_option("--reference", a.reference, "reference outputs file (second form)");
  t->add_option("--reject", a.reject, "output files of lower-precision computations (second form)");
  t->add_option("--bits", a.bits_text, "word width of hex/csv/bin files: 32 or 64 (npy and json say it themselves)")
      ->type_name("32|64")->check(non_empty());
  t->add_option("--reject-share", a.reject_share_text,
                "share of inputs the low precision must fail on, 0 to 1 (default 0.5)")
      ->type_name("S")->check(non_empty());
  t->add_flag("--json", a.json, "machine-readable result");
  t->footer(std::string(input_set_rules) +
            "\nExamples:\n"
            "  bitexact tolerance sinf --low bf16,fp16\n"
            "  bitexact tolerance --reference ref.npy --accept gpu_a.npy,gpu_b.npy --reject bf16.npy");
  t->callback([] {
    if (!a.bits_text.empty()) {
      a.bits = int(whole_number(a.bits_text, "--bits", 32, 64));
      if (a.bits != 32 && a.bits != 64) throw input_error("--bits must be 32 or 64");
    }
    // CLI::Range let "nan" through (every comparison with NaN is false).
    if (!a.reject_share_text.empty()) a.reject_share = real_number(a.reject_share_text, "--reject-share", 0, 1);
    if (a.fn.empty() == a.reference.empty()) throw input_error("give FN, or --reference with --accept and --reject");
    run_tolerance(a);
  });
});

}  // namespace
}  // namespace bitexact::cli
