// Reports of a sweep state: JSON (conformance/report-schema.md), CSV and a
// self-contained HTML page with inline SVG plots.
#include "bitexact/report/report.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "bitexact/bits.hpp"
#include "bitexact/io/atomic_file.hpp"
#include "bitexact/io/hexio.hpp"

namespace bitexact::report {

using nlohmann::json;
using sweep::State;

// Version 2: implementations' `flushed` and `flush_witnesses`, pairs'
// `max_ulp_distance*`, CSV columns appended (conformance/report-schema.md).
constexpr std::string_view schema = "bitexact-sweep-report/2";

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
  j["schema"] = std::string(schema);
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
    // FTZ/DAZ flushes: their own class, outside the histogram and max_ulp.
    k["flushed"] = st.flushed;
    json fw = json::array();
    for (const auto& w : st.flush_witness.w)
      fw.push_back({{"input", F.input(w.a, w.b)}, {"result", F.hex(w.r)}, {"truth", F.hex(w.s)}});
    k["flush_witnesses"] = fw;
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
      // Where the two differ most: the largest number_vs_number distance and
      // the smallest inputs reaching it.
      k["max_ulp_distance"] = p.max_dist.value;
      k["max_ulp_distance_input"] =
          p.max_dist.at.w.empty() ? json(nullptr) : json(F.input(p.max_dist.at.w[0].a, p.max_dist.at.w[0].b));
      json mw = json::array();
      for (const auto& x : p.max_dist.at.w) mw.push_back(witness_json(F, x, true));
      k["max_ulp_distance_witnesses"] = mw;
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
  // Schema 2 appends its columns, so the earlier ones keep their positions.
  o << ",flushed,max_ulp_distance,max_ulp_distance_input\n";
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
      << k["special_mismatches"].get<std::uint64_t>() << ",," << std::string(std::size(every_disc), ',') << ","
      << k["flushed"].get<std::uint64_t>() << ",,\n";
  }
  for (const auto& p : j["pairs"]) {
    const auto& c = p["classes"];
    o << "pair," << p["impls"][0].get<std::string>() << "," << p["impls"][1].get<std::string>() << "," << fn << ","
      << quote(in) << "," << s.count << ",,,,,," << p["differ"].get<std::uint64_t>() << ","
      << p["adjacent"].get<std::uint64_t>();
    for (sweep::Disc d : every_disc) o << "," << c[std::string(sweep::disc_name(d))]["count"].get<std::uint64_t>();
    o << ",," << fmt::format("{}", p["max_ulp_distance"].get<double>()) << ","
      << (p["max_ulp_distance_input"].is_null() ? std::string() : p["max_ulp_distance_input"].get<std::string>())
      << "\n";
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
  double W = 1000, H = 240, ml = 60, mr = 14, mt = 24, mb = 42;
  double xlo = 0, xhi = 1, ylo = -1, yhi = 21;  // y in log2 units
  double px(double x) const { return ml + (x - xlo) / (xhi - xlo) * (W - ml - mr); }
  double py(double l2) const {
    double c = std::min(std::max(l2, ylo), yhi);
    return H - mb - (c - ylo) / (yhi - ylo) * (H - mt - mb);
  }
};

// 2^e as SVG text: small exponents as plain numbers (0.5, 1, 2, ... 1024),
// others with a raised exponent.
std::string pow2_svg(const std::string& prefix, int e, bool plain_small = true) {
  if (plain_small && e >= -1 && e <= 10) return prefix + (e == -1 ? std::string("0.5") : std::to_string(1 << e));
  return fmt::format("{}2<tspan dy=\"-5\" class=\"sup\">{}</tspan>", prefix, e);
}

// An x-axis tick: its position (in x units) and its SVG label.
struct Tick {
  double x;
  std::string label;
};

// Tick labels along the x axis, each at least `gap` pixels after the last one
// drawn (a label that would overlap the previous one is left out).
std::string xtick_row(const Plot& p, const std::vector<Tick>& ticks, double gap = 46) {
  std::string o;
  double last = -1e9;
  for (const auto& t : ticks) {
    const double x = p.px(t.x);
    if (x < p.ml - 1 || x > p.W - p.mr + 1 || x - last < gap) continue;
    last = x;
    // Labels at the ends of the axis stay inside the picture.
    const char* anchor = x > p.W - p.mr - 24 ? " style=\"text-anchor:end\"" : x < p.ml + 24 ? " style=\"text-anchor:start\"" : "";
    o += fmt::format(
        "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" class=\"tick\"/>"
        "<text x=\"{0:.1f}\" y=\"{3:.1f}\" class=\"xl\"{5}>{4}</text>\n",
        x, p.H - p.mb, p.H - p.mb + 4, p.H - p.mb + 17, t.label, anchor);
  }
  return o;
}

std::string frame(const Plot& p, const std::string& title, const std::string& xlabel, const std::string& ylabel,
                  const std::string& body, const std::string& xticks) {
  std::string o = fmt::format(
      "<svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\">\n"
      "<text x=\"{2}\" y=\"15\" class=\"t\">{3}</text>\n"
      "<rect x=\"{2}\" y=\"{4}\" width=\"{5}\" height=\"{6}\" class=\"area\"/>\n",
      p.W, p.H, p.ml, esc(title), p.mt, p.W - p.ml - p.mr, p.H - p.mt - p.mb);
  // y ticks at powers of two, at least 16 px apart
  const double per_unit = (p.H - p.mt - p.mb) / (p.yhi - p.ylo);
  int step = 1;
  for (int s : {1, 2, 4, 5, 10, 20}) {
    step = s;
    if (s * per_unit >= 16) break;
  }
  for (int l = int(std::ceil(p.ylo)); l <= int(p.yhi); ++l) {
    if (l % step != 0) continue;
    double y = p.py(l);
    o += fmt::format(
        "<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" class=\"grid\"/>"
        "<text x=\"{3}\" y=\"{4:.1f}\" class=\"yl\">{5}</text>\n",
        p.ml, p.W - p.mr, y, p.ml - 5, y + 4, pow2_svg("", l));
  }
  o += xticks;
  o += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"xl\">{}</text>\n", p.ml + (p.W - p.ml - p.mr) / 2, p.H - 4,
                   esc(xlabel));
  o += fmt::format("<text x=\"14\" y=\"{:.1f}\" class=\"yl2\" transform=\"rotate(-90 14 {:.1f})\">{}</text>\n", p.H / 2,
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
  if (d.empty())
    return fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" class=\"none\">nothing to plot</text>\n", p.W / 2 - 40,
                       p.H / 2);
  return fmt::format("<path class=\"{}\" d=\"{}\"/>\n", cls, d);
}

// Histogram with categorical x labels (rotated, one per bar: bars are at
// least 20 px apart, so the labels do not overlap).
std::string histogram(const std::string& title, const std::vector<std::string>& labels,
                      const std::vector<std::uint64_t>& counts, const std::string& cls) {
  Plot p;
  p.W = std::min(1000.0, std::max(560.0, 160 + 34.0 * double(labels.size())));
  p.H = 250;
  p.mb = 80;
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
        "<text x=\"{0:.1f}\" y=\"{1:.1f}\" class=\"xt\" transform=\"rotate(50 {0:.1f} {1:.1f})\">{2}</text>\n", x,
        p.H - p.mb + 10, esc(labels[i]));
  }
  return frame(p, title, "", "count", bars(p, v, cls), ticks);
}

// A ULP error or distance with 4 significant digits ("1.499", "8.387e6").
std::string ulp4(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return "inf";
  std::string o = fmt::format("{:.4g}", v);
  const auto e = o.find('e');
  if (e == std::string::npos) return o;
  std::string mant = o.substr(0, e), ex = o.substr(e + 1);
  if (!ex.empty() && ex[0] == '+') ex.erase(0, 1);
  const bool neg = !ex.empty() && ex[0] == '-';
  if (neg) ex.erase(0, 1);
  while (ex.size() > 1 && ex[0] == '0') ex.erase(0, 1);
  return mant + "e" + (neg ? "-" : "") + ex;
}

// n of d as a percentage with two decimals; never "100.00 %" or "0.00 %"
// unless exactly so.
std::string pct(std::uint64_t n, std::uint64_t d) {
  if (d == 0) return "—";
  if (n == d) return "100 %";
  if (n == 0) return "0 %";
  const double v = 100.0 * double(n) / double(d);
  if (v >= 99.995) return "&gt; 99.99 %";
  if (v < 0.005) return "&lt; 0.01 %";
  return fmt::format("{:.2f} %", v);
}

// 1234567 -> "1,234,567"
std::string grouped(std::uint64_t v) {
  std::string d = std::to_string(v), o;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i && (d.size() - i) % 3 == 0) o += ',';
    o += d[i];
  }
  return o;
}

// A result: its bits and, below them, its value (shortest round-trip digits).
std::string value_html(const FnInfo& f, word w) {
  return "<code>" + esc(format_hex(w, f.bits)) + "</code> <span class=\"v\">" + esc(format_decimal(w, f.bits)) +
         "</span>";
}

// The range of biased exponents [lo, hi] of the first operand where any
// implementation has a result that is not correctly rounded (flushes
// excluded), one binade wider on each side: the plots' x axes show these
// binades, not the whole format (where sinf's [2^-5, 2^17] got 30 pixels).
std::pair<int, int> active_binades(const State& s, int nexp) {
  int lo = nexp, hi = -1;
  for (const auto& st : s.impl_stats)
    for (std::size_t b = 0; b < st.binade_wrong.size(); ++b)
      if (st.binade_wrong[b]) {
        const int be = int(b) % nexp;
        lo = std::min(lo, be);
        hi = std::max(hi, be);
      }
  if (hi < 0) return {1, nexp - 2};  // nothing wrong: the normal range
  return {std::max(0, lo - 1), std::min(nexp - 1, hi + 1)};
}

// The label of biased exponent be: 2^e, or the zero/subnormal and inf/NaN ends.
std::string binade_label(const Fmt& F, int be, bool negative) {
  const int nexp = 1 << F.ebits();
  if (be == 0) return negative ? "-0/sub" : "0/sub";
  if (be == nexp - 1) return negative ? "-inf/NaN" : "inf/NaN";
  return pow2_svg(negative ? "-" : "", be - F.bias(), false);
}

// The binades of the input as the plots lay them out: those with |e| <= p
// (the precision: 24 for binary32, 53 for binary64), where inputs have both
// an integer part and a fraction and most computation happens, are four
// times as wide as the others; [2^-5, 2^17] of sinf gets a quarter of the
// axis instead of 30 pixels.
struct BinadeAxis {
  int lo, hi, nexp, bias, p;
  int weight(int be) const {
    const int e = be - bias;
    return be > 0 && be < nexp - 1 && e >= -p && e <= p ? 4 : 1;
  }
  int units() const {
    int n = 0;
    for (int be = lo; be <= hi; ++be) n += weight(be);
    return n;
  }
  int start(int be) const {  // first unit of binade be
    int n = 0;
    for (int b = lo; b < be; ++b) n += weight(b);
    return n;
  }
  // Exponents labelled: every 4th in the wide part, every 16th outside, and the ends.
  bool labelled(int be) const {
    const int e = be - bias;
    return be == 0 || be == nexp - 1 || (weight(be) == 4 ? e % 4 == 0 : e % 16 == 0);
  }
};

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
       "code{font-size:13px}.v{font-size:11px;color:#555}.plot{display:block;margin:0.5em 0}"
       ".t{font-size:13px;font-weight:bold}.area{fill:#fafafa;stroke:#999}.grid{stroke:#e3e3e3}.tick{stroke:#999}"
       ".yl{font-size:11px;text-anchor:end}.sup{font-size:8px}.yl2{font-size:11px;text-anchor:middle}"
       ".xl{font-size:11px;text-anchor:middle}.xt{font-size:11px}"
       ".none{font-size:12px;fill:#777}.b0{fill:#c0392b}.b1{fill:#2471a3}.b2{fill:#1e8449}.ok{color:#1e8449}"
       ".bad{color:#c0392b}.flush{color:#9a6700}h3{margin:0.8em 0 0.2em}\n</style></head><body>\n";
  o << "<h1>bitexact sweep: <code>" << f.name << "</code></h1>\n";
  o << "<p>Inputs: <code>" << esc(s.inputs.spec) << "</code> — " << esc(s.inputs.describe())
    << ". Evaluated: " << grouped(s.count) << (s.complete() ? " (complete)" : " (<b>partial</b>)")
    << ". Truth: <code>" << esc(s.truth)
    << "</code> (correctly rounded, nearest-even). ULP error: " << esc(j["ulp_error"].get<std::string>()) << ".</p>\n";

  const Impl* truth = find_impl(s.truth, s.fn);
  const std::string truth_head = "truth (<code>" + esc(s.truth) + "</code>)";

  // Where the implementations differ, first: one table per pair.
  if (!j["pairs"].empty()) {
    o << "<h2 id=\"pair-summary\">Where the implementations differ</h2>\n"
         "<p>Per pair: inputs whose results have different bits (two NaNs with different payloads counted apart), "
         "those where both results are numbers (finite, non-zero), and the largest distance between such results "
         "in floats with the smallest input reaching it.</p>\n";
    std::size_t pi = 0;
    for (const auto& p : j["pairs"]) {
      const auto& ps = s.pair_stats[pi++];
      const std::string a = p["impls"][0].get<std::string>(), b = p["impls"][1].get<std::string>();
      const auto cnt = [&](sweep::Disc d) { return ps.cls[int(d)]; };
      const std::uint64_t payload = cnt(sweep::Disc::nan_payload);
      const std::uint64_t differing = ps.differ - payload, numeric = cnt(sweep::Disc::number_vs_number);
      o << "<h3><code>" << esc(a) << "</code> vs <code>" << esc(b) << "</code></h3>\n"
        << "<table class=\"pair-summary\"><tr><th>differing results</th><th>share of inputs</th><th>both numbers"
           "</th><th>of which neighbours</th><th>NaN, Inf, zero or sign</th><th>largest distance (floats)</th>"
           "<th class=\"l\">at input</th><th class=\"l\"><code>"
        << esc(a) << "</code> returns</th><th class=\"l\"><code>" << esc(b) << "</code> returns</th><th class=\"l\">"
        << truth_head << "</th><th>NaN payload only</th></tr>\n<tr><td>" << grouped(differing) << "</td><td>"
        << pct(differing, s.count) << "</td><td>" << grouped(numeric) << "</td><td>" << grouped(ps.dist[0])
        << "</td><td>" << grouped(differing - numeric) << "</td>";
      if (ps.max_dist.at.w.empty()) {
        o << "<td>—</td><td class=\"l\">—</td><td class=\"l\">—</td><td class=\"l\">—</td><td class=\"l\">—</td>";
      } else {
        const auto& w = ps.max_dist.at.w[0];
        o << "<td><b>" << ulp4(ps.max_dist.value) << "</b></td><td class=\"l\">" << value_html(f, w.a)
          << (f.arity == 2 ? ", " + value_html(f, w.b) : std::string()) << "</td><td class=\"l\">"
          << value_html(f, w.r) << "</td><td class=\"l\">" << value_html(f, w.s) << "</td><td class=\"l\">"
          << (truth ? value_html(f, eval_one(*truth, w.a, w.b)) : std::string("—")) << "</td>";
      }
      o << "<td>" << grouped(payload) << "</td></tr>\n</table>\n";
    }
  }

  // Summary table
  o << "<h2>Implementations against the truth</h2>\n<table class=\"impl-summary\"><tr><th "
       "class=\"l\">implementation</th><th>inputs</th><th>correctly rounded</th><th>share</th><th>max ULP "
       "error</th><th class=\"l\">at input</th><th>special mismatches</th><th>flushed (FTZ/DAZ)</th></tr>\n";
  for (std::size_t i = 0; i < s.impls.size(); ++i) {
    const auto& name = s.impls[i];
    const auto& st = s.impl_stats[i];
    const auto& k = j["implementations"][name];
    o << fmt::format(
        "<tr><td class=\"l\"><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td "
        "class=\"l\"><code>{}</code></td><td class=\"{}\">{}</td><td class=\"{}\">{}</td></tr>\n",
        esc(name), grouped(st.count), grouped(st.correctly_rounded), pct(st.correctly_rounded, st.count),
        ulp4(st.max.value), k["max_ulp_input"].is_null() ? "—" : esc(k["max_ulp_input"].get<std::string>()),
        st.special_mismatches() ? "bad" : "ok", grouped(st.special_mismatches()), st.flushed ? "flush" : "ok",
        grouped(st.flushed));
  }
  o << "</table>\n<p>Flushed: results that are what flushing subnormals to zero gives (a zero where the truth is "
       "subnormal, or the truth at the inputs with subnormal operands read as zero); they are counted apart and "
       "kept out of the max ULP error, the histograms and the plots.</p>\n";

  const int nexp = 1 << F.ebits();
  const auto [blo, bhi] = active_binades(s, nexp);
  const BinadeAxis axis{blo, bhi, nexp, F.bias(), F.mbits() + 1};
  for (std::size_t i = 0; i < s.impls.size(); ++i) {
    const auto& st = s.impl_stats[i];
    const auto& k = j["implementations"][s.impls[i]];
    o << "<h2>Implementation <code>" << esc(s.impls[i]) << "</code></h2>\n<p>"
      << esc(k["description"].get<std::string>()) << "</p>\n";
    if (st.flushed)
      o << "<p class=\"flush\">" << grouped(st.flushed) << " results (" << pct(st.flushed, st.count)
        << ") are FTZ/DAZ flushes: not in the plots, the histogram or the max ULP error (witnesses below).</p>\n";
    // Error against |input|: the buckets of the input bits (8 per binade for
    // binary32), both signs together, over the binades where something is
    // wrong, the central binades wider (BinadeAxis).
    {
      const int per = 4096 / (2 * nexp) > 0 ? 4096 / (2 * nexp) : 1;
      Plot p;
      p.xlo = 0;
      p.xhi = double(axis.units() * per);
      std::vector<double> v(std::size_t(axis.units() * per), 0.0);
      for (int sg = 0; sg < 2; ++sg)
        for (int be = blo; be <= bhi; ++be)
          for (int q = 0; q < per; ++q) {
            const std::size_t b = std::size_t((sg * nexp + be) * per + q);
            if (b >= st.bucket_wrong.size() || !st.bucket_wrong[b]) continue;
            const double e = std::max(st.bucket_max[b], std::ldexp(1.0, -1));
            const int w = axis.weight(be);
            for (int k = 0; k < w; ++k) {
              double& x = v[std::size_t(axis.start(be) * per + q * w + k)];
              x = std::max(x, e);
            }
          }
      p.yhi = error_axis_top(v);
      std::vector<Tick> ticks;
      for (int be = blo; be <= bhi; ++be)
        if (axis.labelled(be)) ticks.push_back({double(axis.start(be) * per), binade_label(F, be, false)});
      o << frame(p,
                 fmt::format("max ULP error against |input| (both signs; the binades with errors, 2^-{0} to 2^{0} "
                             "drawn wider)",
                             axis.p),
                 "|input|",
                 "max ULP error", bars(p, v, "b0", 1.0), xtick_row(p, ticks));
    }
    // Per-binade max error, sign-ordered: negative binades (largest magnitude
    // first) on the left, positive on the right.
    {
      const int half = axis.units();
      Plot p;
      p.xlo = 0;
      p.xhi = 2.0 * half;
      std::vector<double> v(std::size_t(2 * half), 0.0);
      for (int sg = 0; sg < 2; ++sg)
        for (int be = blo; be <= bhi; ++be) {
          const std::size_t b = std::size_t(sg * nexp + be);
          if (!st.binade_wrong[b]) continue;
          const int w = axis.weight(be);
          const int x0 = sg ? half - axis.start(be) - w : half + axis.start(be);
          for (int k = 0; k < w; ++k) v[std::size_t(x0 + k)] = std::max(st.binade_max[b], std::ldexp(1.0, -1));
        }
      p.yhi = error_axis_top(v);
      std::vector<Tick> ticks;
      for (int be = bhi; be >= blo; --be)
        if (axis.labelled(be))
          ticks.push_back({double(half - axis.start(be)) - 0.5 * axis.weight(be), binade_label(F, be, true)});
      for (int be = blo; be <= bhi; ++be)
        if (axis.labelled(be))
          ticks.push_back({double(half + axis.start(be)) + 0.5 * axis.weight(be), binade_label(F, be, false)});
      o << frame(p, "max ULP error per binade of the input (negative inputs left, positive right)",
                 "binade of the input", "max ULP error", bars(p, v, "b1", 1.0), xtick_row(p, ticks, 50));
    }
    {
      // Numeric bins up to the last one used (at least (1,2]), then the special bins.
      int last = sweep::bins::pow2_first;
      for (int b = sweep::bins::cr; b <= sweep::bins::huge; ++b)
        if (st.hist[b]) last = std::max(last, b);
      std::vector<std::string> labels;
      std::vector<std::uint64_t> counts;
      for (int b = 0; b < sweep::bins::count; ++b) {
        if (b > last && b < sweep::bins::zero_sign) continue;
        labels.push_back(b == sweep::bins::cr          ? std::string("0 (correct)")
                         : b == sweep::bins::zero_sign ? std::string("+0 vs -0")
                         : b == sweep::bins::inf       ? std::string("Inf")
                         : b == sweep::bins::nan       ? std::string("NaN")
                                                       : sweep::bin_label(b));
        counts.push_back(st.hist[b]);
      }
      o << histogram("histogram of the ULP error (flushes not included)", labels, counts, "b2");
    }
    // Witnesses
    o << "<table><tr><th class=\"l\">witness input</th><th class=\"l\">kind</th><th class=\"l\">result</th><th "
         "class=\"l\">truth</th><th>ULP error</th></tr>\n";
    auto row = [&](const sweep::Witness& w, const std::string& kind, const std::string& err) {
      o << "<tr><td class=\"l\">" << value_html(f, w.a) << (f.arity == 2 ? ", " + value_html(f, w.b) : std::string())
        << "</td><td class=\"l\">" << kind << "</td><td class=\"l\">" << value_html(f, w.r) << "</td><td class=\"l\">"
        << value_html(f, w.s) << "</td><td>" << err << "</td></tr>\n";
    };
    for (const auto& w : st.max.at.w) row(w, "max error", ulp4(w.ulp));
    for (const auto& w : st.special_witness.w) row(w, "<span class=\"bad\">special</span>", ulp4(w.ulp));
    for (const auto& w : st.flush_witness.w) row(w, "<span class=\"flush\">flushed (FTZ/DAZ)</span>", "—");
    o << "</table>\n";
    // Input classes + special values
    o << "<table><tr><th class=\"l\">input class</th><th>inputs</th><th>not correctly rounded</th><th>max "
         "ULP error</th></tr>\n";
    for (auto it = k["input_classes"].begin(); it != k["input_classes"].end(); ++it)
      o << "<tr><td class=\"l\">" << esc(it.key()) << "</td><td>" << grouped((*it)["count"].get<std::uint64_t>())
        << "</td><td>" << grouped((*it)["not_correctly_rounded"].get<std::uint64_t>()) << "</td><td>"
        << ulp4((*it)["max_ulp"].get<double>()) << "</td></tr>\n";
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
    o << "<h2>Pairs of implementations in detail</h2>\n<table><tr><th class=\"l\">pair</th><th>different bits</th>"
         "<th>neighbouring floats</th>";
    for (int c = 0; c < int(sweep::Disc::count); ++c) o << "<th>" << esc(std::string(disc_label(sweep::Disc(c)))) << "</th>";
    o << "</tr>\n";
    for (const auto& p : j["pairs"]) {
      o << "<tr><td class=\"l\"><code>" << esc(p["impls"][0].get<std::string>()) << "</code> vs <code>"
        << esc(p["impls"][1].get<std::string>()) << "</code></td><td>" << grouped(p["differ"].get<std::uint64_t>())
        << "</td><td>" << grouped(p["adjacent"].get<std::uint64_t>()) << "</td>";
      for (int c = 0; c < int(sweep::Disc::count); ++c)
        o << "<td>" << grouped(p["classes"][std::string(sweep::disc_name(sweep::Disc(c)))]["count"].get<std::uint64_t>())
          << "</td>";
      o << "</tr>\n";
    }
    o << "</table>\n";
    std::size_t pi = 0;
    for (const auto& p : j["pairs"]) {
      const auto& ps = s.pair_stats[pi++];
      const std::string a = p["impls"][0].get<std::string>(), b = p["impls"][1].get<std::string>();
      int last = 3;  // distance bins up to the last one used, at least (2,4]
      for (int d = 0; d < sweep::dist_bins; ++d)
        if (ps.dist[d]) last = std::max(last, d);
      std::vector<std::string> labels;
      std::vector<std::uint64_t> counts;
      for (int d = 0; d <= last; ++d) {
        labels.push_back(sweep::dist_label(d));
        counts.push_back(ps.dist[d]);
      }
      o << histogram(a + " vs " + b + ": distance in floats between differing numeric results", labels, counts, "b1");
      o << "<table><tr><th class=\"l\">class</th><th class=\"l\">witness input</th><th class=\"l\"><code>" << esc(a)
        << "</code> returns</th><th class=\"l\"><code>" << esc(b) << "</code> returns</th><th>distance</th></tr>\n";
      auto row = [&](const std::string& cls, const sweep::Witness& w) {
        o << "<tr><td class=\"l\">" << cls << "</td><td class=\"l\">" << value_html(f, w.a)
          << (f.arity == 2 ? ", " + value_html(f, w.b) : std::string()) << "</td><td class=\"l\">"
          << value_html(f, w.r) << "</td><td class=\"l\">" << value_html(f, w.s) << "</td><td>"
          << (w.ulp > 0 ? ulp4(w.ulp) : std::string("—")) << "</td></tr>\n";
      };
      for (const auto& w : ps.max_dist.at.w) row("<b>largest distance</b>", w);
      for (int c = 0; c < int(sweep::Disc::count); ++c)
        for (const auto& w : ps.witness[c].w) row(esc(std::string(disc_label(sweep::Disc(c)))), w);
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
  // Reports of schema 2 on add the flushed results (a column) and each pair's
  // largest distance (a line); a schema-1 report gives the summary it gave.
  bool flush_column = false;
  for (const auto& [name, k] : r.at("implementations").items()) flush_column |= k.contains("flushed");
  if (flush_column) {
    out[out.size() - 2] += " flushed (FTZ/DAZ) |";
    out.back() += " --- |";
  }
  for (const auto& [name, k] : r.at("implementations").items()) {
    const auto& at = k.at("max_ulp_input");
    std::string line = fmt::format("| {} | {:.4g} | {} | {:.4f} % |", name, k.at("max_ulp").get<double>(),
                                   at.is_null() ? std::string("—") : at.get<std::string>(),
                                   100 * k.at("correctly_rounded_share").get<double>());
    if (flush_column) line += " " + thousands(k.value("flushed", std::uint64_t(0))) + " |";
    out.push_back(line);
  }
  out.push_back("");
  for (const auto& p : r.at("pairs")) {
    const std::uint64_t differ = p.at("differ").get<std::uint64_t>();
    const std::string ia = p.at("impls").at(0).get<std::string>(), ib = p.at("impls").at(1).get<std::string>();
    out.push_back(fmt::format("**{} vs {}**: different bits on {} of {} inputs ({:.2f} %).", ia, ib,
                              thousands(differ), thousands(n), n ? 100.0 * double(differ) / double(n) : 0.0));
    out.push_back("");
    if (p.contains("max_ulp_distance_witnesses") && !p.at("max_ulp_distance_witnesses").empty()) {
      // Where the two differ most, at a glance.
      const auto& w = p.at("max_ulp_distance_witnesses").at(0);
      out.push_back(fmt::format("Largest distance between numeric results: {:.4g} floats, at input {} ({}: {}, {}: {}).",
                                p.at("max_ulp_distance").get<double>(), w.at("input").get<std::string>(), ia,
                                w.at("results").at(0).get<std::string>(), ib, w.at("results").at(1).get<std::string>()));
      out.push_back("");
    }
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

void write_reports(const State& s, const std::string& dir, bool with_state) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw input_error("cannot create output folder '" + dir + "': " + ec.message());
  std::vector<file_content> files = {{(fs::path(dir) / "report.json").string(), to_json(s).dump(1) + "\n"},
                                     {(fs::path(dir) / "report.csv").string(), to_csv(s)},
                                     {(fs::path(dir) / "report.html").string(), to_html(s)}};
  if (with_state) files.push_back({(fs::path(dir) / "state.json").string(), s.to_json().dump(1) + "\n"});
  // All or none: a failure half-way (a full disk at report.html) must not
  // leave the new report.json beside an old or missing report.html.
  write_files_atomic(files);
}

}  // namespace bitexact::report
