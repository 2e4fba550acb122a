// The reports of a sweep: one model (src/report/model.cpp), built once, and
// its renderers (src/report/render_*.cpp); the Markdown summary reads the
// models back from report.json files.
#include "bitexact/report/report.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "bitexact/io/atomic_file.hpp"
#include "bitexact/bits.hpp"
#include "bitexact/io/hexio.hpp"
#include "render_util.hpp"

namespace bitexact::report {

namespace {
// Readable names of the pair discrepancy classes (after Varity), in the order
// of sweep::Disc. report.json and the CSV use sweep::disc_name; the HTML page
// and the Markdown summary print these.
constexpr const char* disc_labels[] = {
    "NaN vs number", "Inf vs number", "zero vs non-zero", "number vs number", "NaN vs NaN, other payload",
    "+Inf vs -Inf",  "+0 vs -0"};
static_assert(std::size(disc_labels) == std::size_t(sweep::Disc::count));
}  // namespace

std::string_view disc_label(sweep::Disc d) {
  const auto i = std::size_t(d);
  return i < std::size(disc_labels) ? disc_labels[i] : "?";
}

std::string share_text(std::uint64_t n, std::uint64_t d) {
  if (d == 0) return "—";
  if (n == d) return "100 %";
  if (n == 0) return "0 %";
  const double v = 100.0 * double(n) / double(d);
  if (v >= 99.995) return "> 99.99 %";
  if (v < 0.005) return "< 0.01 %";
  return fmt::format("{:.2f} %", v);
}

std::string differ_text(const Model& m, const PairReport& p) {
  // Reports of schema 1 did not say how many inputs were evaluated.
  const std::uint64_t n = m.evaluated ? m.evaluated : m.inputs_count;
  return fmt::format("differ on {} of {} inputs ({}), plus {} with NaN payload only", detail::thousands(p.differ),
                     detail::thousands(n), share_text(p.differ, n), detail::thousands(p.nan_payload_only));
}

namespace detail {

std::vector<BinadeRun> binade_runs(const Model& m, const PairReport& p) {
  const int nexp = exponents(m.bits).count;
  // The largest distance's bin (sweep::dist_label's), -1 for none.
  auto bin = [](double d) { return d > 0 ? sweep::dist_bin(std::uint64_t(d)) : -1; };
  std::vector<BinadeRun> runs;
  double first_share = 0;
  for (const auto& b : p.binades) {
    const double share = b.inputs ? double(b.differ) / double(b.inputs) : 0.0;
    BinadeRun* r = runs.empty() ? nullptr : &runs.back();
    const bool joins = r && r->negative == b.negative && r->last + 1 == b.biased_exponent &&
                       b.biased_exponent != nexp - 1 && share <= 2 * first_share && 2 * share >= first_share &&
                       bin(b.max_distance) == bin(r->max_distance);
    if (!joins) {
      runs.push_back({b.negative, b.biased_exponent, b.biased_exponent, 0, 0, 0.0});
      r = &runs.back();
      first_share = share;
    }
    r->last = b.biased_exponent;
    r->inputs += b.inputs;
    r->differ += b.differ;
    r->max_distance = std::max(r->max_distance, b.max_distance);
  }
  return runs;
}

std::string run_range(const Model& m, const BinadeRun& r) {
  const auto [nexp, bias] = exponents(m.bits);
  if (r.first == nexp - 1) return "inf/NaN";
  std::string o = "[";
  o += r.first == 0 ? std::string("0") : fmt::format("2^{}", r.first - bias);
  o += fmt::format(", 2^{})", r.last + 1 - bias);
  return o;
}

}  // namespace detail

nlohmann::json to_json(const sweep::State& s) { return render_json(build_model(s)); }
std::string to_csv(const sweep::State& s) { return render_csv(build_model(s)); }
std::string to_html(const sweep::State& s) { return render_html(build_model(s)); }

std::string pairs_markdown(const std::vector<std::string>& report_dirs) {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, Model>> reports;
  for (const auto& dir : report_dirs) {
    const std::string path = (fs::path(dir) / "report.json").string();
    std::ifstream in(path);
    if (!in) throw input_error(fmt::format("cannot read '{}'", path));
    try {
      reports.emplace_back(path, read_model(nlohmann::ordered_json::parse(in)));
    } catch (const nlohmann::json::exception& e) {
      throw input_error(fmt::format("'{}' is not a sweep report: {}", path, e.what()));
    } catch (const input_error& e) {
      throw input_error(fmt::format("'{}' is not a sweep report: {}", path, e.what()));
    }
  }
  return render_markdown(reports);
}

void write_reports(const sweep::State& s, const std::string& dir, bool with_state) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw input_error("cannot create output folder '" + dir + "': " + ec.message());
  const Model m = build_model(s);
  std::vector<file_content> files = {{(fs::path(dir) / "report.json").string(), render_json(m).dump(1) + "\n"},
                                     {(fs::path(dir) / "report.csv").string(), render_csv(m)},
                                     {(fs::path(dir) / "report.html").string(), render_html(m)}};
  if (with_state) files.push_back({(fs::path(dir) / "state.json").string(), s.to_json().dump(1) + "\n"});
  // All or none: a failure half-way (a full disk at report.html) must not
  // leave the new report.json beside an old or missing report.html.
  write_files_atomic(files);
}

}  // namespace bitexact::report
