// report.html: one self-contained page with inline SVG plots, from the
// template src/report/report_template.html.
//
// Why a template of our own and not a template library: the page's variable
// parts are mostly plot geometry (SVG path data, tick positions) and numbers
// in the report's formats, computed here in either case, so a logic-less
// template language (libmstch-dev, libctemplate-dev) would only receive them
// as finished strings; libmstch-dev also pulls libboost-dev into the set-up
// of the CLI, which issue 32 wants small. So the markup lives in a plain
// template file with fmt's named placeholders (fmt is a dependency already),
// compiled into the library at build time: the installed CLI reads no data
// file. The loops over implementations, pairs and rows stay here.
#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>

#include <fmt/format.h>

#include "bitexact/bits.hpp"
#include "bitexact/report/report.hpp"
#include "render_util.hpp"

namespace bitexact::report {

namespace detail {
extern const std::string_view html_template;  // src/report/report_template.html (generated source)
}

namespace {

using detail::thousands;
using fmt::arg;

// ---- the template ------------------------------------------------------------------------

// The template's fragments by name (its syntax is described at its top).
const std::map<std::string, std::string, std::less<>>& fragments() {
  static const auto parsed = [] {
    constexpr std::string_view open = "<!--= ", close = " =-->";
    std::map<std::string, std::string, std::less<>> out;
    std::string* cur = nullptr;
    std::string_view t = detail::html_template;
    while (!t.empty()) {
      const auto nl = t.find('\n');
      const std::string_view line = t.substr(0, nl);
      t = nl == std::string_view::npos ? std::string_view() : t.substr(nl + 1);
      if (line.size() > open.size() + close.size() && line.substr(0, open.size()) == open &&
          line.substr(line.size() - close.size()) == close) {
        if (cur && !cur->empty()) cur->pop_back();  // the line break before the marker
        cur = &out[std::string(line.substr(open.size(), line.size() - open.size() - close.size()))];
        continue;
      }
      if (cur) *cur += std::string(line) + "\n";
    }
    if (cur && !cur->empty()) cur->pop_back();
    return out;
  }();
  return parsed;
}

// A fragment as it stands (css, page_end, fixed words).
const std::string& text(std::string_view name) {
  const auto& f = fragments();
  const auto it = f.find(name);
  if (it == f.end()) throw std::logic_error(fmt::format("report template: no fragment '{}'", name));
  return it->second;
}

// A fragment with its placeholders filled (arg("name", value)...).
template <class... Args>
std::string fill(std::string_view name, const Args&... args) {
  return fmt::format(fmt::runtime(text(name)), args...);
}

// The lines of a fragment on one line (the stylesheet: one rule a line in the
// template, one line in the page).
std::string one_line(const std::string& s) {
  std::string o;
  for (char c : s)
    if (c != '\n') o += c;
  return o;
}

// ---- text ----------------------------------------------------------------------------------

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

// n of d as a percentage: the form of every renderer (share_text).
std::string pct(std::uint64_t n, std::uint64_t d) { return esc(share_text(n, d)); }

// A result: its bits and, below them, its value (shortest round-trip digits).
std::string value_html(const Model& m, word w) {
  return fill("value", arg("hex", esc(format_hex(w, m.bits))), arg("decimal", esc(format_decimal(w, m.bits))));
}
std::string input_html(const Model& m, word a, word b) {
  return m.arity == 2 ? fill("two_operands", arg("a", value_html(m, a)), arg("b", value_html(m, b)))
                      : value_html(m, a);
}

// ---- plots ---------------------------------------------------------------------------------

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
std::string pow2_svg(const std::string& sign, int e, bool plain_small = true) {
  if (plain_small && e >= -1 && e <= 10) return sign + (e == -1 ? std::string("0.5") : std::to_string(1 << e));
  return fill("pow2", arg("sign", sign), arg("exponent", e));
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
    const std::string anchor = x > p.W - p.mr - 24 ? text("anchor_end") : x < p.ml + 24 ? text("anchor_start") : "";
    o += fill("svg_x_tick", arg("x", x), arg("y1", p.H - p.mb), arg("y2", p.H - p.mb + 4),
              arg("label_y", p.H - p.mb + 17), arg("label", t.label), arg("anchor", anchor));
  }
  return o;
}

std::string frame(const Plot& p, const std::string& title, const std::string& xlabel, const std::string& ylabel,
                  const std::string& body, const std::string& xticks) {
  std::string o = fill("svg_open", arg("width", p.W), arg("height", p.H), arg("left", p.ml), arg("title", esc(title)),
                       arg("top", p.mt), arg("area_width", p.W - p.ml - p.mr), arg("area_height", p.H - p.mt - p.mb));
  // y ticks at powers of two, at least 16 px apart
  const double per_unit = (p.H - p.mt - p.mb) / (p.yhi - p.ylo);
  int step = 1;
  for (int s : {1, 2, 4, 5, 10, 20}) {
    step = s;
    if (s * per_unit >= 16) break;
  }
  for (int l = int(std::ceil(p.ylo)); l <= int(p.yhi); ++l) {
    if (l % step != 0) continue;
    const double y = p.py(l);
    o += fill("svg_y_grid", arg("x1", p.ml), arg("x2", p.W - p.mr), arg("y", y), arg("label_x", p.ml - 5),
              arg("label_y", y + 4), arg("label", pow2_svg("", l)));
  }
  o += xticks;
  o += fill("svg_x_label", arg("x", p.ml + (p.W - p.ml - p.mr) / 2), arg("y", p.H - 4), arg("label", esc(xlabel)));
  o += fill("svg_y_label", arg("y", p.H / 2), arg("label", esc(ylabel)));
  o += body;
  o += text("svg_close");
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
  std::string d;  // SVG path data
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
  if (d.empty()) return fill("svg_nothing", arg("x", p.W / 2 - 40), arg("y", p.H / 2));
  return fill("svg_bars", arg("class", cls), arg("path", d));
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
  for (std::size_t i = 0; i < labels.size(); ++i)
    ticks += fill("svg_category", arg("x", p.px(double(i) + 0.4)), arg("y", p.H - p.mb + 10),
                  arg("label", esc(labels[i])));
  return frame(p, title, "", text("axis_count"), bars(p, v, cls), ticks);
}

// The range of biased exponents [lo, hi] of the first operand where any
// implementation has a result that is not correctly rounded (flushes
// excluded), one binade wider on each side: the plots' x axes show these
// binades, not the whole format (where sinf's [2^-5, 2^17] got 30 pixels).
std::pair<int, int> active_binades(const Model& m, int nexp) {
  int lo = nexp, hi = -1;
  for (const auto& p : m.impls)
    for (const auto& b : p.binades) {
      lo = std::min(lo, b.biased_exponent);
      hi = std::max(hi, b.biased_exponent);
    }
  if (hi < 0) return {1, nexp - 2};  // nothing wrong: the normal range
  return {std::max(0, lo - 1), std::min(nexp - 1, hi + 1)};
}

// The label of biased exponent be: 2^e, or the zero/subnormal and inf/NaN ends.
std::string binade_label(int nexp, int bias, int be, bool negative) {
  if (be == 0) return negative ? "-0/sub" : "0/sub";
  if (be == nexp - 1) return negative ? "-inf/NaN" : "inf/NaN";
  return pow2_svg(negative ? "-" : "", be - bias, false);
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
  // The signed axis of the per-binade plots: negative binades mirrored to the
  // left of the centre (units()), the largest magnitudes outermost. The first
  // unit of binade be of that sign, and the labelled binades' ticks.
  int signed_start(int be, bool negative) const {
    const int half = units();
    return negative ? half - start(be) - weight(be) : half + start(be);
  }
  std::vector<Tick> signed_ticks() const {
    std::vector<Tick> t;
    for (int be = hi; be >= lo; --be)
      if (labelled(be)) t.push_back({signed_start(be, true) + 0.5 * weight(be), binade_label(nexp, bias, be, true)});
    for (int be = lo; be <= hi; ++be)
      if (labelled(be)) t.push_back({signed_start(be, false) + 0.5 * weight(be), binade_label(nexp, bias, be, false)});
    return t;
  }
};

// The three plots of an implementation.
std::string impl_plots(const Model& m, const ImplReport& k, const BinadeAxis& axis) {
  const int nexp = axis.nexp, blo = axis.lo, bhi = axis.hi;
  std::string o;
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
          if (b >= k.bucket_wrong.size() || !k.bucket_wrong[b]) continue;
          const double e = std::max(k.bucket_max[b], std::ldexp(1.0, -1));
          const int w = axis.weight(be);
          for (int i = 0; i < w; ++i) {
            double& x = v[std::size_t(axis.start(be) * per + q * w + i)];
            x = std::max(x, e);
          }
        }
    p.yhi = error_axis_top(v);
    std::vector<Tick> ticks;
    for (int be = blo; be <= bhi; ++be)
      if (axis.labelled(be)) ticks.push_back({double(axis.start(be) * per), binade_label(nexp, axis.bias, be, false)});
    o += frame(p, fill("title_by_input", arg("p", axis.p)), text("axis_input"), text("axis_error"),
               bars(p, v, "b0", 1.0), xtick_row(p, ticks));
  }
  // Per-binade max error, sign-ordered: negative binades (largest magnitude
  // first) on the left, positive on the right.
  {
    const int half = axis.units();
    Plot p;
    p.xlo = 0;
    p.xhi = 2.0 * half;
    std::vector<double> v(std::size_t(2 * half), 0.0);
    for (const auto& b : k.binades) {
      const int be = b.biased_exponent;
      if (be < blo || be > bhi) continue;
      const int w = axis.weight(be), x0 = axis.signed_start(be, b.negative);
      for (int i = 0; i < w; ++i) v[std::size_t(x0 + i)] = std::max(b.max_ulp, std::ldexp(1.0, -1));
    }
    p.yhi = error_axis_top(v);
    o += frame(p, text("title_by_binade"), text("axis_binade"), text("axis_error"), bars(p, v, "b1", 1.0),
               xtick_row(p, axis.signed_ticks(), 50));
  }
  {
    // Numeric bins up to the last one used (at least (1,2]), then the special bins.
    int last = sweep::bins::pow2_first;
    for (int b = sweep::bins::cr; b <= sweep::bins::huge; ++b)
      if (k.histogram[std::size_t(b)]) last = std::max(last, b);
    std::vector<std::string> labels;
    std::vector<std::uint64_t> counts;
    for (int b = 0; b < sweep::bins::count; ++b) {
      if (b > last && b < sweep::bins::zero_sign) continue;
      labels.push_back(b == sweep::bins::cr          ? std::string("0 (correct)")
                       : b == sweep::bins::zero_sign ? std::string("+0 vs -0")
                       : b == sweep::bins::inf       ? std::string("Inf")
                       : b == sweep::bins::nan       ? std::string("NaN")
                                                     : sweep::bin_label(b));
      counts.push_back(k.histogram[std::size_t(b)]);
    }
    o += histogram(text("title_histogram"), labels, counts, "b2");
  }
  (void)m;
  return o;
}

// Where two implementations differ, per binade of the first operand, on the
// signed binade axis of the error plots (negative inputs left, magnitudes
// growing outwards, the central binades wider): above, the share of the
// binade's inputs where they differ (linear, from 0 to the first of 1, 2, 5,
// 10, 20, 50 or 100 % that holds the largest share); below, the largest
// distance in floats between their numeric results there (log2). A vendor's
// switch of algorithm at some |x| is where the share or the distance changes.
// A grey mark on the axis: a binade with inputs (without one: no inputs).
std::string pair_binade_plot(const Model& m, const PairReport& pr, const BinadeAxis& full) {
  int lo = full.nexp, hi = -1;
  for (const auto& b : pr.binades) {
    lo = std::min(lo, b.biased_exponent);
    hi = std::max(hi, b.biased_exponent);
  }
  if (hi < 0) return fill("pair_binades_none");
  const BinadeAxis axis{std::max(0, lo - 1), std::min(full.nexp - 1, hi + 1), full.nexp, full.bias, full.p};
  const int half = axis.units();
  Plot share;  // x layout and the share panel
  share.H = 330;
  share.mt = 24;
  share.mb = 180;  // the distance panel and the axis below it
  share.xlo = 0;
  share.xhi = 2.0 * half;
  double most = 0;
  for (const auto& b : pr.binades)
    if (b.inputs) most = std::max(most, double(b.differ) / double(b.inputs));
  share.ylo = 0;
  share.yhi = 1;
  for (double t : {0.01, 0.02, 0.05, 0.1, 0.2, 0.5})
    if (most <= t) {
      share.yhi = t;
      break;
    }
  Plot dist = share;  // the distance panel: the same x, log2 y
  dist.mt = 176;
  dist.mb = 42;
  double top = 1;
  for (const auto& b : pr.binades) top = std::max(top, b.max_distance);
  dist.ylo = -0.6;
  dist.yhi = std::max(1.0, std::ceil(std::log2(top) + 0.25));
  auto share_y = [&](double v) { return share.H - share.mb - v / share.yhi * (share.H - share.mt - share.mb); };

  std::string o = fill("svg_open_pair", arg("width", share.W), arg("height", share.H), arg("left", share.ml),
                       arg("title", esc(fill("title_pair_binades", arg("a", pr.a), arg("b", pr.b)))));
  for (const Plot* p : {&share, &dist})
    o += fill("svg_area", arg("x", p->ml), arg("y", p->mt), arg("width", p->W - p->ml - p->mr),
              arg("height", p->H - p->mt - p->mb));
  for (int q = 0; q <= 5; ++q) {
    const double v = share.yhi * q / 5, y = share_y(v);
    o += fill("svg_y_grid", arg("x1", share.ml), arg("x2", share.W - share.mr), arg("y", y),
              arg("label_x", share.ml - 5), arg("label_y", y + 4), arg("label", fmt::format("{:g} %", 100 * v)));
  }
  for (int l = 0; l <= int(dist.yhi); ++l) {
    const double y = dist.py(l);
    o += fill("svg_y_grid", arg("x1", dist.ml), arg("x2", dist.W - dist.mr), arg("y", y), arg("label_x", dist.ml - 5),
              arg("label_y", y + 4), arg("label", pow2_svg("", l)));
  }
  o += fill("svg_y_label", arg("y", (share.mt + share.H - share.mb) / 2), arg("label", text("axis_share")));
  o += fill("svg_y_label", arg("y", (dist.mt + dist.H - dist.mb) / 2), arg("label", text("axis_distance")));
  // Bars, a pixel apart where binades are wide enough.
  std::string shares, distances, covered;
  auto span = [&](int be, bool negative) {
    const int x0 = axis.signed_start(be, negative);
    const double xa = share.px(x0), xb = share.px(x0 + axis.weight(be));
    const double gap = xb - xa >= 3 ? 1 : 0;
    return std::pair<double, double>(xa, std::max(0.5, xb - xa - gap));
  };
  const std::size_t nexp = std::size_t(axis.nexp);
  for (int sg = 0; sg < 2; ++sg)
    for (int be = axis.lo; be <= axis.hi; ++be) {
      const std::size_t k = std::size_t(sg) * nexp + std::size_t(be);
      if (k >= m.binade_inputs.size() || !m.binade_inputs[k]) continue;
      const auto [x, w] = span(be, sg == 1);
      covered += fmt::format("M{:.1f} {:.1f}h{:.1f}v3h{:.1f}Z", x, share.H - share.mb, w, -w);
    }
  for (const auto& b : pr.binades) {
    if (b.biased_exponent < axis.lo || b.biased_exponent > axis.hi || !b.inputs) continue;
    const auto [x, w] = span(b.biased_exponent, b.negative);
    const double v = double(b.differ) / double(b.inputs);
    // at least a pixel: a binade where a few inputs differ is not "none"
    const double y0 = share_y(0), y1 = std::min(share_y(v), y0 - 1);
    shares += fmt::format("M{:.1f} {:.1f}h{:.1f}V{:.1f}h{:.1f}Z", x, y0, w, y1, -w);
    if (b.max_distance > 0)
      distances += fmt::format("M{:.1f} {:.1f}h{:.1f}V{:.1f}h{:.1f}Z", x, dist.py(dist.ylo), w,
                               dist.py(std::log2(b.max_distance)), -w);
  }
  if (!covered.empty()) o += fill("svg_bars", arg("class", "cov"), arg("path", covered));
  o += fill("svg_bars", arg("class", "b0"), arg("path", shares));
  if (!distances.empty()) o += fill("svg_bars", arg("class", "b1"), arg("path", distances));
  o += xtick_row(dist, axis.signed_ticks(), 50);
  o += fill("svg_x_label", arg("x", share.ml + (share.W - share.ml - share.mr) / 2), arg("y", share.H - 4),
            arg("label", text("axis_binade")));
  o += text("svg_close");
  // The same runs as the Markdown summary's table.
  o += text("pair_runs_head");
  for (const auto& r : detail::binade_runs(m, pr))
    o += fill("pair_runs_row", arg("sign", r.negative ? "−" : "+"), arg("range", esc(detail::run_range(m, r))),
              arg("differ", thousands(r.differ)), arg("inputs", thousands(r.inputs)), arg("share", pct(r.differ, r.inputs)),
              arg("distance", r.max_distance > 0 ? ulp4(r.max_distance) : std::string("—")));
  o += text("table_end");
  return o;
}

}  // namespace

std::string render_html(const Model& m) {
  std::string o = fill("page_head", arg("function", esc(m.function)), arg("css", one_line(text("css"))),
                       arg("spec", esc(m.inputs_spec)), arg("description", esc(m.inputs_description)),
                       arg("evaluated", thousands(m.evaluated)),
                       arg("status", text(m.complete ? "status_complete" : "status_partial")),
                       arg("truth", esc(m.truth)), arg("ulp_error", esc(m.ulp_error)));
  const std::string truth_head = fill("truth_head", arg("truth", esc(m.truth)));
  const std::string none = "—";
  const auto [nexp, bias] = detail::exponents(m.bits);
  const int precision = (m.bits == 32 ? fp_bits<float>::mantissa_bits : fp_bits<double>::mantissa_bits) + 1;

  // Where the implementations differ, first: one table per pair.
  if (!m.pairs.empty()) {
    o += text("pairs_intro");
    for (const auto& p : m.pairs) {
      std::string largest = text("pair_largest_none");
      if (!p.max_distance_witnesses.empty()) {
        const auto& w = p.max_distance_witnesses[0];
        largest = fill("pair_largest", arg("distance", ulp4(p.max_distance)), arg("input", input_html(m, w.a, w.b)),
                       arg("result_a", value_html(m, w.r)), arg("result_b", value_html(m, w.s)),
                       arg("truth", m.truth.empty() ? none : value_html(m, w.t)));
      }
      o += fill("pair_summary", arg("a", esc(p.a)), arg("b", esc(p.b)), arg("truth_head", truth_head),
                arg("differing", thousands(p.differ)), arg("share", pct(p.differ, m.evaluated)),
                arg("numeric", thousands(p.count(sweep::Disc::number_vs_number))),
                arg("neighbours", thousands(p.adjacent())), arg("not_numeric", thousands(p.not_numeric)),
                arg("largest", largest), arg("payload", thousands(p.nan_payload_only)));
      o += pair_binade_plot(m, p, BinadeAxis{0, nexp - 1, nexp, bias, precision});
    }
  }

  // Summary table
  o += text("impl_summary_head");
  for (const auto& k : m.impls) {
    const std::uint64_t flushed = k.flushed.value_or(0);
    o += fill("impl_summary_row", arg("name", esc(k.name)), arg("count", thousands(k.count)),
              arg("correctly_rounded", thousands(k.correctly_rounded)), arg("share", pct(k.correctly_rounded, k.count)),
              arg("max_ulp", ulp4(k.max_ulp)),
              arg("at", k.max_ulp_input ? esc(detail::input_text(m, *k.max_ulp_input)) : none),
              arg("special_class", k.special_mismatches ? "bad" : "ok"), arg("special", thousands(k.special_mismatches)),
              arg("flushed_class", flushed ? "flush" : "ok"), arg("flushed", thousands(flushed)));
  }
  o += text("impl_summary_end");

  const auto [blo, bhi] = active_binades(m, nexp);
  const BinadeAxis axis{blo, bhi, nexp, bias, precision};
  for (const auto& k : m.impls) {
    o += fill("impl_head", arg("name", esc(k.name)), arg("description", esc(k.description)));
    const std::uint64_t flushed = k.flushed.value_or(0);
    if (flushed) o += fill("impl_flushed", arg("flushed", thousands(flushed)), arg("share", pct(flushed, k.count)));
    o += impl_plots(m, k, axis);
    // Witnesses
    o += text("witness_head");
    auto row = [&](const Witness& w, const std::string& kind, const std::string& err) {
      o += fill("witness_row", arg("input", input_html(m, w.a, w.b)), arg("kind", kind),
                arg("result", value_html(m, w.r)), arg("truth", value_html(m, w.s)), arg("error", err));
    };
    for (const auto& w : k.max_ulp_witnesses) row(w, text("kind_max"), ulp4(w.ulp));
    for (const auto& w : k.special_witnesses) row(w, text("kind_special"), ulp4(w.ulp));
    for (const auto& w : k.flush_witnesses) row(w, text("kind_flushed"), none);
    o += text("table_end");
    // Input classes, by name (the order the page has always had) + special values
    o += text("classes_head");
    std::vector<const ClassRow*> classes;
    for (const auto& c : k.input_classes) classes.push_back(&c);
    std::sort(classes.begin(), classes.end(), [](const ClassRow* x, const ClassRow* y) { return x->name < y->name; });
    for (const ClassRow* c : classes)
      o += fill("classes_row", arg("name", esc(c->name)), arg("count", thousands(c->count)),
                arg("not_correctly_rounded", thousands(c->not_correctly_rounded)), arg("max_ulp", ulp4(c->max_ulp)));
    o += text("table_end");
    o += text("specials_head");
    for (const auto& v : k.special_values)
      o += fill("specials_row", arg("input", esc(detail::input_text(m, v.input))),
                arg("result", esc(detail::hex(m, v.result))), arg("truth", esc(detail::hex(m, v.truth))),
                arg("ok", text(v.correctly_rounded ? "ok_yes" : "ok_no")));
    o += text("specials_end");
  }

  if (!m.pairs.empty()) {
    o += text("pairs_detail_head");
    for (int c = 0; c < int(sweep::Disc::count); ++c)
      o += fill("th", arg("text", esc(std::string(disc_label(sweep::Disc(c))))));
    o += text("row_end");
    for (const auto& p : m.pairs) {
      o += fill("pairs_detail_row", arg("a", esc(p.a)), arg("b", esc(p.b)), arg("differ", thousands(p.differ)),
                arg("adjacent", thousands(p.adjacent())));
      for (int c = 0; c < int(sweep::Disc::count); ++c)
        o += fill("td", arg("text", thousands(p.classes[std::size_t(c)])));
      o += text("row_end");
    }
    o += text("table_end");
    for (const auto& p : m.pairs) {
      int last = 3;  // distance bins up to the last one used, at least (2,4]
      for (std::size_t d = 0; d < p.distance.size(); ++d)
        if (p.distance[d]) last = std::max(last, int(d));
      std::vector<std::string> labels;
      std::vector<std::uint64_t> counts;
      for (int d = 0; d <= last; ++d) {
        labels.push_back(sweep::dist_label(d));
        counts.push_back(std::size_t(d) < p.distance.size() ? p.distance[std::size_t(d)] : 0);
      }
      o += histogram(fill("title_distance", arg("a", p.a), arg("b", p.b)), labels, counts, "b1");
      o += fill("pair_witness_head", arg("a", esc(p.a)), arg("b", esc(p.b)));
      auto row = [&](const std::string& cls, const Witness& w) {
        o += fill("pair_witness_row", arg("class", cls), arg("input", input_html(m, w.a, w.b)),
                  arg("result_a", value_html(m, w.r)), arg("result_b", value_html(m, w.s)),
                  arg("distance", w.ulp > 0 ? ulp4(w.ulp) : none));
      };
      for (const auto& w : p.max_distance_witnesses) row(text("largest_distance"), w);
      for (int c = 0; c < int(sweep::Disc::count); ++c)
        for (const auto& w : p.witnesses[std::size_t(c)]) row(esc(std::string(disc_label(sweep::Disc(c)))), w);
      o += text("table_end");
    }
  }
  // After load, a script counts the plot paths that have a non-empty rendered box, all and those of the
  // pairs' plots by binade (used by the tests).
  o += text("page_end");
  return o;
}

}  // namespace bitexact::report
