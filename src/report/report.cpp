// Reports of a sweep state: JSON (conformance/report-schema.md), CSV and a
// self-contained HTML page with inline SVG plots.
#include "bitexact/engine/report.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "bitexact/bits.hpp"
#include "bitexact/engine/atomic_file.hpp"
#include "bitexact/engine/hexio.hpp"

namespace bitexact::report {

using nlohmann::json;
using sweep::State;

namespace {
// Readable names of the pair discrepancy classes (after Varity), in the order
// of sweep::Disc. report.json, the CSV and the HTML use sweep::disc_name; the
// Markdown summary prints these.
constexpr const char* disc_labels[] = {
    "NaN vs number", "Inf vs number", "zero vs non-zero", "number vs number", "NaN vs NaN, other payload",
    "+Inf vs -Inf",  "+0 vs -0"};
static_assert(std::size(disc_labels) == std::size_t(sweep::Disc::count));

constexpr sweep::Disc every_disc[] = {
    sweep::Disc::nan_vs_number, sweep::Disc::inf_vs_number, sweep::Disc::zero_vs_nonzero, sweep::Disc::number_vs_number,
    sweep::Disc::nan_payload,   sweep::Disc::inf_sign,      sweep::Disc::zero_sign};
static_assert(std::size(every_disc) == std::size_t(sweep::Disc::count));
}  // namespace

std::string_view disc_label(sweep::Disc d) {
  const auto i = std::size_t(d);
  return i < std::size(disc_labels) ? disc_labels[i] : "?";
}

namespace {

// Calls fn(fp_bits<float>{}) or fn(fp_bits<double>{}): the layout of f's operands.
template <class Fn>
auto with_layout(const FnInfo& f, Fn&& fn) {
  return f.bits == 32 ? fn(fp_bits<float>{}) : fn(fp_bits<double>{});
}

struct Fmt {
  const FnInfo& f;
  std::string hex(word w) const { return format_hex(w, f.bits); }
  std::string input(word a, word b) const { return f.arity == 1 ? hex(a) : hex(a) + " " + hex(b); }
  bool is_nan(word w) const {
    return with_layout(f, [w](auto b) { return decltype(b)::from_bits(typename decltype(b)::storage(w)).is_nan(); });
  }
  int ebits() const {
    return with_layout(f, [](auto b) { return decltype(b)::exponent_bits; });
  }
  int mbits() const {
    return with_layout(f, [](auto b) { return decltype(b)::mantissa_bits; });
  }
  int bias() const {
    return with_layout(f, [](auto b) { return decltype(b)::exponent_bias; });
  }
};

// JSON numbers must be finite; errors are finite except in witnesses of special bins.
json num(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

std::string class_name(const FnInfo& f, std::size_t i) {
  if (f.arity == 1) return std::string(sweep::vclass_name(sweep::VClass(i)));
  return std::string(sweep::vclass_name(sweep::VClass(i / 5))) + "," +
         std::string(sweep::vclass_name(sweep::VClass(i % 5)));
}

// Fixed special inputs whose results every report lists (evaluated at report time).
// The order is part of the report format (report.json's special_values).
template <class T>
std::vector<word> special_values() {
  using B = fp_bits<T>;
  return {B::zero().bits,           B::zero(true).bits,      B::inf().bits,
          B::inf(true).bits,        B::quiet_nan().bits,     B::quiet_nan(true).bits,
          B::signaling_nan().bits,  B::min_subnormal().bits, B::min_subnormal(true).bits,
          B::max_subnormal().bits,  B::min_normal().bits,    B::max_normal().bits,
          B::max_normal(true).bits, B::one().bits,           B::one(true).bits};
}

std::vector<std::array<word, 2>> special_inputs(const FnInfo& f) {
  const std::vector<word> v = f.bits == 32 ? special_values<float>() : special_values<double>();
  std::vector<std::array<word, 2>> out;
  if (f.arity == 1) {
    for (word x : v) out.push_back({x, 0});
  } else {
    // x and y from the specials: zeros, infinities, NaN, smallest subnormal, 1.5 / 1
    const word one = with_layout(f, [](auto b) { return word(decltype(b)::one().bits); });
    const word onehalf = f.bits == 32 ? word(fp_bits<float>(1.5f).bits) : word(fp_bits<double>(1.5).bits);
    std::vector<word> xs = {v[0], v[1], v[2], v[3], v[4], v[7], onehalf, v[11]};
    std::vector<word> ys = {v[0], v[1], v[2], v[4], v[7], one};
    for (word x : xs)
      for (word y : ys) out.push_back({x, y});
  }
  return out;
}

json witness_json(const Fmt& F, const sweep::Witness& w, bool pair) {
  json j;
  j["input"] = F.input(w.a, w.b);
  if (pair) {
    j["results"] = json::array({F.hex(w.r), F.hex(w.s)});
    if (w.ulp > 0) j["ulp_distance"] = w.ulp;
  } else {
    j["result"] = F.hex(w.r);
    j["truth"] = F.hex(w.s);
    j["ulp"] = num(w.ulp);
  }
  return j;
}

}  // namespace

json to_json(const State& s) {
  const FnInfo& f = fn_info(s.fn);
  const Fmt F{f};
  json j;
  j["schema"] = "bitexact-sweep-report/1";
  j["function"] = std::string(f.name);
  j["arity"] = f.arity;
  j["bits"] = f.bits;
  j["inputs"] = {{"spec", s.inputs.spec}, {"count", s.inputs.count}, {"description", s.inputs.describe()}};
  j["complete"] = s.complete();
  j["inputs_evaluated"] = s.count;
  j["truth"] = s.truth;
  j["ulp_error"] =
      "|result - exact| / ulp(exact), ulp(v) = 2^(e-p+1) for 2^e <= |v| < 2^(e+1), e clamped to the "
      "normal range; computed only for results that are not correctly rounded";
  json ic = json::object();
  for (std::size_t i = 0; i < s.in_class_count.size(); ++i)
    if (s.in_class_count[i]) ic[class_name(f, i)] = s.in_class_count[i];
  j["input_classes"] = ic;
  json oc = json::object();
  for (std::size_t i = 0; i < 5; ++i)
    if (s.out_class_count[i]) oc[std::string(sweep::vclass_name(sweep::VClass(i)))] = s.out_class_count[i];
  j["truth_output_classes"] = oc;

  const Impl* truth = find_impl(s.truth, s.fn);
  const auto specials = special_inputs(f);
  auto eval_specials = [&](const Impl* p) {
    std::vector<word> a, b, out(specials.size());
    for (auto& x : specials) a.push_back(x[0]), b.push_back(x[1]);
    const word* args[2] = {a.data(), b.data()};
    p->eval(args, out.data(), out.size());
    return out;
  };
  std::vector<word> truth_special;
  if (truth) truth_special = eval_specials(truth);

  json impls = json::object();
  for (std::size_t i = 0; i < s.impls.size(); ++i) {
    const auto& st = s.impl_stats[i];
    const Impl* p = find_impl(s.impls[i], s.fn);
    json k;
    k["description"] = p ? p->description : std::string("(not registered in this build)");
    k["count"] = st.count;
    k["correctly_rounded"] = st.correctly_rounded;
    k["correctly_rounded_share"] = st.count ? double(st.correctly_rounded) / double(st.count) : 0.0;
    k["not_correctly_rounded"] = st.count - st.correctly_rounded;
    k["max_ulp"] = st.max.value;
    k["max_ulp_input"] = st.max.at.w.empty() ? json(nullptr) : json(F.input(st.max.at.w[0].a, st.max.at.w[0].b));
    json mw = json::array();
    for (const auto& w : st.max.at.w) mw.push_back(witness_json(F, w, false));
    k["max_ulp_witnesses"] = mw;
    k["special_mismatches"] = st.special_mismatches();
    json sw = json::array();
    for (const auto& w : st.special_witness.w) sw.push_back(witness_json(F, w, false));
    k["special_witnesses"] = sw;
    k["nan_payload_differs"] = st.nan_payload_differs;
    json h = json::array();
    for (int b = 0; b < sweep::bins::count; ++b) h.push_back({{"bin", sweep::bin_label(b)}, {"count", st.hist[b]}});
    k["histogram"] = h;
    json bn = json::array();
    const int nexp = 1 << F.ebits();
    for (std::size_t b = 0; b < st.binade_wrong.size(); ++b) {
      if (!st.binade_wrong[b]) continue;
      const int be = int(b) % nexp;
      json e;
      e["sign"] = b >= std::size_t(nexp) ? "-" : "+";
      e["biased_exponent"] = be;
      e["range"] = be == 0          ? std::string("zero/subnormal")
                   : be == nexp - 1 ? std::string("inf/nan")
                                    : fmt::format("[2^{},2^{})", be - F.bias(), be - F.bias() + 1);
      e["not_correctly_rounded"] = st.binade_wrong[b];
      e["max_ulp"] = st.binade_max[b];
      if (st.binade_max[b] > 0) e["max_ulp_input"] = F.input(st.binade_witness[b].a, st.binade_witness[b].b);
      bn.push_back(e);
    }
    k["binades"] = bn;
    json icl = json::object();
    for (std::size_t c = 0; c < st.in_class_wrong.size(); ++c)
      if (s.in_class_count[c])
        icl[class_name(f, c)] = {{"count", s.in_class_count[c]},
                                 {"not_correctly_rounded", st.in_class_wrong[c]},
                                 {"max_ulp", st.in_class_max[c]}};
    k["input_classes"] = icl;
    json ocl = json::object();
    for (std::size_t c = 0; c < 5; ++c)
      if (s.out_class_count[c])
        ocl[std::string(sweep::vclass_name(sweep::VClass(c)))] = {{"count", s.out_class_count[c]},
                                                                  {"not_correctly_rounded", st.out_class_wrong[c]}};
    k["truth_output_classes"] = ocl;
    json sv = json::array();
    if (p && truth) {
      auto out = eval_specials(p);
      for (std::size_t q = 0; q < specials.size(); ++q) {
        const word r = out[q], t = truth_special[q];
        sv.push_back({{"input", F.input(specials[q][0], specials[q][1])},
                      {"result", F.hex(r)},
                      {"truth", F.hex(t)},
                      {"correctly_rounded", r == t || (F.is_nan(r) && F.is_nan(t))}});
      }
    }
    k["special_values"] = sv;
    impls[s.impls[i]] = k;
  }
  j["implementations"] = impls;

  json pairs = json::array();
  std::size_t pi = 0;
  for (std::size_t a = 0; a < s.impls.size(); ++a)
    for (std::size_t b = a + 1; b < s.impls.size(); ++b, ++pi) {
      const auto& p = s.pair_stats[pi];
      json k;
      k["impls"] = json::array({s.impls[a], s.impls[b]});
      k["differ"] = p.differ;
      k["adjacent"] = p.dist[0];
      json cl = json::object();
      for (int c = 0; c < int(sweep::Disc::count); ++c) {
        json w = json::array();
        for (const auto& x : p.witness[c].w) w.push_back(witness_json(F, x, true));
        cl[std::string(sweep::disc_name(sweep::Disc(c)))] = {{"count", p.cls[c]}, {"witnesses", w}};
      }
      k["classes"] = cl;
      json d = json::array();
      for (int b2 = 0; b2 < sweep::dist_bins; ++b2)
        d.push_back({{"bin", sweep::dist_label(b2)}, {"count", p.dist[b2]}});
      k["number_vs_number_ulp_distance"] = d;
      pairs.push_back(k);
    }
  j["pairs"] = pairs;
  return j;
}

std::string to_csv(const State& s) {
  const json j = to_json(s);
  std::ostringstream o;
  o << "row,impl,other,function,inputs,count,correctly_rounded,correctly_rounded_share,max_ulp,max_ulp_input,"
       "special_mismatches,differ,adjacent";
  for (sweep::Disc d : every_disc) o << "," << sweep::disc_name(d);
  o << "\n";
  const std::string fn = j["function"], in = j["inputs"]["spec"];
  auto quote = [](const std::string& x) {
    std::string q = "\"";
    for (char c : x) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  for (const auto& name : s.impls) {
    const auto& k = j["implementations"][name];
    o << "impl," << name << ",," << fn << "," << quote(in) << "," << k["count"].get<std::uint64_t>() << ","
      << k["correctly_rounded"].get<std::uint64_t>() << ","
      << fmt::format("{:.9f}", k["correctly_rounded_share"].get<double>()) << ","
      << fmt::format("{}", k["max_ulp"].get<double>()) << ","
      << (k["max_ulp_input"].is_null() ? std::string() : k["max_ulp_input"].get<std::string>()) << ","
      << k["special_mismatches"].get<std::uint64_t>() << ",," << std::string(std::size(every_disc), ',') << "\n";
  }
  for (const auto& p : j["pairs"]) {
    const auto& c = p["classes"];
    o << "pair," << p["impls"][0].get<std::string>() << "," << p["impls"][1].get<std::string>() << "," << fn << ","
      << quote(in) << "," << s.count << ",,,,,," << p["differ"].get<std::uint64_t>() << ","
      << p["adjacent"].get<std::uint64_t>();
    for (sweep::Disc d : every_disc) o << "," << c[std::string(sweep::disc_name(d))]["count"].get<std::uint64_t>();
    o << "\n";
  }
  return o.str();
}

// ---- HTML -----------------------------------------------------------------------------

namespace {

std::string esc(const std::string& x) {
  std::string o;
  for (char c : x) {
    switch (c) {
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '&':
        o += "&amp;";
        break;
      case '"':
        o += "&quot;";
        break;
      default:
        o += c;
    }
  }
  return o;
}

// A plot frame: W x H pixels, plot area with margins; y is log2 from ylo to yhi.
struct Plot {
  double W = 720, H = 220, ml = 56, mr = 12, mt = 24, mb = 36;
  double xlo = 0, xhi = 1, ylo = -1, yhi = 21;  // y in log2 units
  double px(double x) const { return ml + (x - xlo) / (xhi - xlo) * (W - ml - mr); }
  double py(double l2) const {
    double c = std::min(std::max(l2, ylo), yhi);
    return H - mb - (c - ylo) / (yhi - ylo) * (H - mt - mb);
  }
};

std::string frame(const Plot& p, const std::string& title, const std::string& xlabel, const std::string& ylabel,
                  const std::string& body, const std::string& xticks) {
  std::string o = fmt::format(
      "<svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\">\n"
      "<text x=\"{2}\" y=\"15\" class=\"t\">{3}</text>\n"
      "<rect x=\"{2}\" y=\"{4}\" width=\"{5}\" height=\"{6}\" class=\"area\"/>\n",
      p.W, p.H, p.ml, esc(title), p.mt, p.W - p.ml - p.mr, p.H - p.mt - p.mb);
  // y ticks at powers of two
  const int step = p.yhi - p.ylo > 12 ? 4 : p.yhi - p.ylo > 6 ? 2 : 1;
  for (int l = int(std::ceil(p.ylo)); l <= int(p.yhi); l += step) {
    double y = p.py(l);
    o += fmt::format(
        "<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" class=\"grid\"/>"
        "<text x=\"{3}\" y=\"{4:.1f}\" class=\"yl\">2^{5}</text>\n",
        p.ml, p.W - p.mr, y, p.ml - 4, y + 4, l);
  }
  o += xticks;
  o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"xl\">{}</text>\n", p.ml + (p.W - p.ml - p.mr) / 2, p.H - 2,
                   esc(xlabel));
  o += fmt::format("<text x=\"12\" y=\"{:.1f}\" class=\"yl2\" transform=\"rotate(-90 12 {:.1f})\">{}</text>\n", p.H / 2,
                   p.H / 2, esc(ylabel));
  o += body;
  o += "</svg>\n";
  return o;
}

// Top of a log2 error axis that starts at 2^-1: just above the largest value.
double error_axis_top(const std::vector<double>& v) {
  double m = 1;
  for (double x : v)
    if (std::isfinite(x)) m = std::max(m, x);
  return std::min(21.0, std::max(1.0, std::ceil(std::log2(m) + 0.25)));
}

// Bars on a log2 y axis: values v[i] > 0 at x = i (value 0 draws nothing).
// More values than pixel columns are drawn as one bar per column (their maximum).
std::string bars(const Plot& p, const std::vector<double>& v, const std::string& cls, double width_frac = 0.8) {
  std::string d;
  const double y0 = p.py(p.ylo);
  const double per_px = (p.xhi - p.xlo) / (p.W - p.ml - p.mr);
  if (per_px > 1) {
    const int cols = int(p.W - p.ml - p.mr);
    for (int c = 0; c < cols; ++c) {
      double m = 0;
      for (std::size_t i = std::size_t(c * per_px); i < std::min(v.size(), std::size_t((c + 1) * per_px)); ++i)
        m = std::max(m, v[i]);
      if (m > 0) d += fmt::format("M{} {:.0f}h1V{:.1f}h-1Z", int(p.ml) + c, y0, p.py(std::log2(m)));
    }
  } else {
    const double bw = std::max(1.0, (p.px(1) - p.px(0)) * width_frac);
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!(v[i] > 0)) continue;
      double x = p.px(double(i)), y = p.py(std::log2(v[i]));
      d += fmt::format("M{:.1f} {:.1f}h{:.1f}V{:.1f}h{:.1f}Z", x, y0, bw, y, -bw);
    }
  }
  if (d.empty()) return "<text x=\"300\" y=\"110\" class=\"none\">nothing to plot</text>\n";
  return fmt::format("<path class=\"{}\" d=\"{}\"/>\n", cls, d);
}

// Histogram with categorical x labels.
std::string histogram(const std::string& title, const std::vector<std::string>& labels,
                      const std::vector<std::uint64_t>& counts, const std::string& cls) {
  Plot p;
  p.W = 720;
  p.H = 240;
  p.mb = 70;
  p.xlo = 0;
  p.xhi = double(labels.size());
  double mx = 1;
  for (auto c : counts) mx = std::max(mx, double(c));
  p.ylo = -0.5;
  p.yhi = std::ceil(std::log2(mx)) + 0.5;
  std::vector<double> v(counts.begin(), counts.end());
  std::string ticks;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    double x = p.px(double(i) + 0.4);
    ticks += fmt::format(
        "<text x=\"{0:.1f}\" y=\"{1:.1f}\" class=\"xt\" transform=\"rotate(60 {0:.1f} {1:.1f})\">{2}</text>\n", x,
        p.H - p.mb + 10, esc(labels[i]));
  }
  return frame(p, title, "", "count", bars(p, v, cls), ticks);
}

}  // namespace

std::string to_html(const State& s) {
  const json j = to_json(s);
  const FnInfo& f = fn_info(s.fn);
  const Fmt F{f};
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>bitexact sweep: " << f.name
    << "</title>\n<style>\n"
       "body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1100px}"
       "table{border-collapse:collapse;margin:0.5em 0 1em}td,th{border:1px solid #ccc;padding:2px 6px;"
       "font-size:13px;text-align:right}th{background:#f0f0f0}td.l,th.l{text-align:left}"
       "code{font-size:13px}.plot{display:block;margin:0.5em 0}.t{font-size:13px;font-weight:bold}"
       ".area{fill:#fafafa;stroke:#999}.grid{stroke:#e3e3e3}.yl{font-size:10px;text-anchor:end}"
       ".yl2{font-size:11px;text-anchor:middle}.xl{font-size:11px;text-anchor:middle}.xt{font-size:10px}"
       ".none{font-size:12px;fill:#777}.b0{fill:#c0392b}.b1{fill:#2471a3}.b2{fill:#1e8449}.ok{color:#1e8449}"
       ".bad{color:#c0392b}\n</style></head><body>\n";
  o << "<h1>bitexact sweep: <code>" << f.name << "</code></h1>\n";
  o << "<p>Inputs: <code>" << esc(s.inputs.spec) << "</code> — " << esc(s.inputs.describe())
    << ". Evaluated: " << s.count << (s.complete() ? " (complete)" : " (<b>partial</b>)") << ". Truth: <code>"
    << esc(s.truth)
    << "</code> (correctly rounded, nearest-even). ULP error: " << esc(j["ulp_error"].get<std::string>()) << ".</p>\n";

  // Summary table
  o << "<h2>Summary</h2>\n<table><tr><th class=\"l\">implementation</th><th>inputs</th><th>correctly "
       "rounded</th><th>share</th><th>max ULP</th><th class=\"l\">at input</th><th>special mismatches</th></tr>\n";
  for (const auto& name : s.impls) {
    const auto& k = j["implementations"][name];
    o << fmt::format(
        "<tr><td class=\"l\"><code>{}</code></td><td>{}</td><td>{}</td><td>{:.6f}</td><td>{}</td><td "
        "class=\"l\"><code>{}</code></td><td class=\"{}\">{}</td></tr>\n",
        esc(name), k["count"].get<std::uint64_t>(), k["correctly_rounded"].get<std::uint64_t>(),
        k["correctly_rounded_share"].get<double>(), k["max_ulp"].get<double>(),
        k["max_ulp_input"].is_null() ? "—" : esc(k["max_ulp_input"].get<std::string>()),
        k["special_mismatches"].get<std::uint64_t>() ? "bad" : "ok", k["special_mismatches"].get<std::uint64_t>());
  }
  o << "</table>\n";

  const int nexp = 1 << F.ebits();
  for (std::size_t i = 0; i < s.impls.size(); ++i) {
    const auto& st = s.impl_stats[i];
    const auto& k = j["implementations"][s.impls[i]];
    o << "<h2>Implementation <code>" << esc(s.impls[i]) << "</code></h2>\n<p>"
      << esc(k["description"].get<std::string>()) << "</p>\n";
    // Error against input: 4096 buckets ordered from -max to +max.
    {
      Plot p;
      p.xlo = 0;
      p.xhi = 4096;
      std::vector<double> v(4096, 0.0);
      for (std::size_t b = 0; b < 4096; ++b) {
        std::size_t x = b >= 2048 ? 2047 - (b - 2048) : 2048 + b;
        if (st.bucket_wrong[b]) v[x] = std::max(st.bucket_max[b], std::ldexp(1.0, -1));
      }
      p.yhi = error_axis_top(v);
      // ticks at -2^E, -1, 1, 2^E: the bucket of a power of two is its top 12 bits
      std::string ticks;
      // big: about half the largest exponent (2^64 for binary32, 2^512 for binary64).
      const int mb = F.mbits(), big = (F.bias() + 1) / 2;
      for (int e : {-big, 0, big}) {
        const double mag = double((word(e + F.bias()) << mb) >> (f.bits - 12));
        const std::string lab = e == 0 ? "1" : fmt::format("2^{}", e);
        ticks += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"xl\">{}</text>\n", p.px(2048 + mag),
                             p.H - p.mb + 14, lab);
        ticks += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"xl\">-{}</text>\n", p.px(2047 - mag),
                             p.H - p.mb + 14, lab);
      }
      ticks += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"xl\">0</text>\n", p.px(2048), p.H - p.mb + 14);
      o << frame(p, "max ULP error against input (4096 buckets of the input bits, sign-ordered)", "input",
                 "max ULP error", bars(p, v, "b0", 1.0), ticks);
    }
    // Per-binade max error.
    {
      Plot p;
      p.xlo = 0;
      p.xhi = 2.0 * nexp;
      std::vector<double> v(2 * nexp, 0.0);
      for (std::size_t b = 0; b < st.binade_wrong.size(); ++b) {
        std::size_t x = b >= std::size_t(nexp) ? std::size_t(nexp) - 1 - (b - nexp) : nexp + b;
        if (st.binade_wrong[b]) v[x] = std::max(st.binade_max[b], std::ldexp(1.0, -1));
      }
      p.yhi = error_axis_top(v);
      std::string ticks;
      // The smallest and largest normal exponents, their halves and 0.
      const int bias = F.bias();
      const std::vector<int> exps = {1 - bias, -(bias + 1) / 2, 0, (bias + 1) / 2, bias};
      for (int e : exps) {
        const int be = e + F.bias();
        ticks += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"xl\">2^{}</text>\n", p.px(nexp + be),
                             p.H - p.mb + 14, e);
        ticks += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"xl\">-2^{}</text>\n", p.px(nexp - 1 - be),
                             p.H - p.mb + 26, e);
      }
      o << frame(p, "max ULP error per binade of the input (negative binades left)", "binade of the input",
                 "max ULP error", bars(p, v, "b1", 1.0), ticks);
    }
    {
      std::vector<std::string> labels;
      std::vector<std::uint64_t> counts;
      for (int b = 0; b < sweep::bins::count; ++b) {
        labels.push_back(sweep::bin_label(b));
        counts.push_back(st.hist[b]);
      }
      o << histogram("histogram of the ULP error (bin 0: correctly rounded)", labels, counts, "b2");
    }
    // Witnesses
    o << "<table><tr><th class=\"l\">max-error witnesses</th><th class=\"l\">result</th><th "
         "class=\"l\">truth</th><th>ULP</th></tr>\n";
    for (const auto& w : k["max_ulp_witnesses"])
      o << "<tr><td class=\"l\"><code>" << esc(w["input"].get<std::string>()) << "</code></td><td class=\"l\"><code>"
        << esc(w["result"].get<std::string>()) << "</code></td><td class=\"l\"><code>"
        << esc(w["truth"].get<std::string>()) << "</code></td><td>" << w["ulp"].dump() << "</td></tr>\n";
    for (const auto& w : k["special_witnesses"])
      o << "<tr><td class=\"l\"><code>" << esc(w["input"].get<std::string>())
        << "</code> (special)</td><td class=\"l\"><code>" << esc(w["result"].get<std::string>())
        << "</code></td><td class=\"l\"><code>" << esc(w["truth"].get<std::string>()) << "</code></td><td>"
        << esc(w["ulp"].dump()) << "</td></tr>\n";
    o << "</table>\n";
    // Input classes + special values
    o << "<table><tr><th class=\"l\">input class</th><th>inputs</th><th>not correctly rounded</th><th>max "
         "ULP</th></tr>\n";
    for (auto it = k["input_classes"].begin(); it != k["input_classes"].end(); ++it)
      o << "<tr><td class=\"l\">" << esc(it.key()) << "</td><td>" << (*it)["count"] << "</td><td>"
        << (*it)["not_correctly_rounded"] << "</td><td>" << (*it)["max_ulp"] << "</td></tr>\n";
    o << "</table>\n<details><summary>special values</summary><table><tr><th class=\"l\">input</th><th "
         "class=\"l\">result</th><th class=\"l\">truth</th><th class=\"l\">ok</th></tr>\n";
    for (const auto& w : k["special_values"])
      o << "<tr><td class=\"l\"><code>" << esc(w["input"].get<std::string>()) << "</code></td><td class=\"l\"><code>"
        << esc(w["result"].get<std::string>()) << "</code></td><td class=\"l\"><code>"
        << esc(w["truth"].get<std::string>()) << "</code></td><td class=\"l\">"
        << (w["correctly_rounded"].get<bool>() ? "yes" : "<b class=\"bad\">no</b>") << "</td></tr>\n";
    o << "</table></details>\n";
  }

  if (!j["pairs"].empty()) {
    o << "<h2>Pairs of implementations</h2>\n<table><tr><th class=\"l\">pair</th><th>differing</th><th>adjacent "
         "floats</th>";
    for (int c = 0; c < int(sweep::Disc::count); ++c) o << "<th>" << sweep::disc_name(sweep::Disc(c)) << "</th>";
    o << "</tr>\n";
    for (const auto& p : j["pairs"]) {
      o << "<tr><td class=\"l\"><code>" << esc(p["impls"][0].get<std::string>()) << "</code> vs <code>"
        << esc(p["impls"][1].get<std::string>()) << "</code></td><td>" << p["differ"] << "</td><td>" << p["adjacent"]
        << "</td>";
      for (int c = 0; c < int(sweep::Disc::count); ++c)
        o << "<td>" << p["classes"][std::string(sweep::disc_name(sweep::Disc(c)))]["count"] << "</td>";
      o << "</tr>\n";
    }
    o << "</table>\n";
    std::size_t pi = 0;
    for (const auto& p : j["pairs"]) {
      const auto& ps = s.pair_stats[pi++];
      std::vector<std::string> labels;
      std::vector<std::uint64_t> counts;
      for (int b = 0; b < sweep::dist_bins; ++b) {
        labels.push_back(sweep::dist_label(b));
        counts.push_back(ps.dist[b]);
      }
      o << histogram(p["impls"][0].get<std::string>() + " vs " + p["impls"][1].get<std::string>() +
                         ": ULP distance between differing finite results",
                     labels, counts, "b1");
      o << "<table><tr><th class=\"l\">class</th><th class=\"l\">witness input</th><th class=\"l\">results</th></tr>\n";
      for (auto it = p["classes"].begin(); it != p["classes"].end(); ++it)
        for (const auto& w : (*it)["witnesses"])
          o << "<tr><td class=\"l\">" << esc(it.key()) << "</td><td class=\"l\"><code>"
            << esc(w["input"].get<std::string>()) << "</code></td><td class=\"l\"><code>"
            << esc(w["results"][0].get<std::string>()) << " " << esc(w["results"][1].get<std::string>())
            << "</code></td></tr>\n";
      o << "</table>\n";
    }
  }
  // After load, count the plot paths that have a non-empty rendered box (used by the tests).
  o << "<script>\n(function(){var n=0;"
       "document.querySelectorAll('svg.plot path').forEach(function(p){var b=p.getBBox();"
       "if(b.width>0&&b.height>0)n++;});document.body.setAttribute('data-rendered-paths',String(n));"
       "document.body.setAttribute('data-plots',String(document.querySelectorAll('svg.plot').length));})();\n"
       "</script>\n</body></html>\n";
  return o.str();
}

// ---- Markdown summary of pairs -------------------------------------------------------

namespace {

// 1234567 -> "1,234,567"
std::string thousands(std::uint64_t v) {
  std::string d = std::to_string(v), o;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i && (d.size() - i) % 3 == 0) o += ',';
    o += d[i];
  }
  return o;
}

std::string join(const std::vector<std::string>& lines, const char* sep) {
  std::string o;
  for (std::size_t i = 0; i < lines.size(); ++i) o += (i ? sep : "") + lines[i];
  return o;
}

// The lines of one report's section. The key order of "implementations" is
// the file's (ordered_json), which for reports written by to_json is sorted.
std::vector<std::string> markdown_section(const std::string& source, const nlohmann::ordered_json& r) {
  const std::uint64_t n = r.at("inputs").at("count").get<std::uint64_t>();
  std::vector<std::string> out = {fmt::format("## {}: {}", r.at("function").get<std::string>(),
                                              r.at("inputs").at("description").get<std::string>()),
                                  "",
                                  fmt::format("Source: `{}` (truth: {}).", source, r.at("truth").get<std::string>()),
                                  "",
                                  "| implementation | max error (ulp) | at input | correctly rounded |",
                                  "| --- | --- | --- | --- |"};
  for (const auto& [name, k] : r.at("implementations").items()) {
    const auto& at = k.at("max_ulp_input");
    out.push_back(fmt::format("| {} | {:.4g} | {} | {:.4f} % |", name, k.at("max_ulp").get<double>(),
                              at.is_null() ? std::string("—") : at.get<std::string>(),
                              100 * k.at("correctly_rounded_share").get<double>()));
  }
  out.push_back("");
  for (const auto& p : r.at("pairs")) {
    const std::uint64_t differ = p.at("differ").get<std::uint64_t>();
    out.push_back(fmt::format("**{} vs {}**: different bits on {} of {} inputs ({:.2f} %).",
                              p.at("impls").at(0).get<std::string>(), p.at("impls").at(1).get<std::string>(),
                              thousands(differ), thousands(n), n ? 100.0 * double(differ) / double(n) : 0.0));
    out.push_back("");
    out.push_back("| class | inputs | first witness (input: outputs) |");
    out.push_back("| --- | ---: | --- |");
    for (int d = 0; d < int(sweep::Disc::count); ++d) {
      const auto& c = p.at("classes").at(std::string(sweep::disc_name(sweep::Disc(d))));
      std::string witness;
      if (!c.at("witnesses").empty()) {
        const auto& w = c.at("witnesses").at(0);
        std::vector<std::string> results;
        for (const auto& x : w.at("results")) results.push_back(x.get<std::string>());
        witness = w.at("input").get<std::string>() + ": " + join(results, " / ");
      }
      out.push_back(fmt::format("| {} | {} | {} |", disc_label(sweep::Disc(d)),
                                thousands(c.at("count").get<std::uint64_t>()), witness));
    }
    std::vector<std::string> dist;
    for (const auto& b : p.at("number_vs_number_ulp_distance"))
      if (const auto count = b.at("count").get<std::uint64_t>())
        dist.push_back(b.at("bin").get<std::string>() + ": " + thousands(count));
    if (!dist.empty()) {
      out.push_back("");
      out.push_back("Number vs number, ULP distance: " + join(dist, ", ") + ".");
    }
    out.push_back("");
  }
  return out;
}

}  // namespace

std::string pairs_markdown(const std::vector<std::string>& report_dirs) {
  namespace fs = std::filesystem;
  std::vector<std::string> parts = {"# How the implementations disagree", "",
                                    "Generated by `bitexact report markdown` from the sweep reports named below.", ""};
  for (const auto& dir : report_dirs) {
    const std::string path = (fs::path(dir) / "report.json").string();
    std::ifstream in(path);
    if (!in) throw input_error(fmt::format("cannot read '{}'", path));
    try {
      const auto r = nlohmann::ordered_json::parse(in);
      parts.push_back(join(markdown_section(path, r), "\n"));
    } catch (const nlohmann::json::exception& e) {
      throw input_error(fmt::format("'{}' is not a sweep report: {}", path, e.what()));
    }
  }
  return join(parts, "\n") + "\n";
}

void write_reports(const State& s, const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw input_error("cannot create output folder '" + dir + "': " + ec.message());
  const std::string js = to_json(s).dump(1) + "\n", csv = to_csv(s), html = to_html(s);
  write_file_atomic((fs::path(dir) / "report.json").string(), js);
  write_file_atomic((fs::path(dir) / "report.csv").string(), csv);
  write_file_atomic((fs::path(dir) / "report.html").string(), html);
}

}  // namespace bitexact::report
