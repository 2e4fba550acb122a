// The reports of a sweep: one model (src/report/model.cpp), built once, and
// its renderers (src/report/render_*.cpp); the Markdown summary reads the
// models back from report.json files.
#include "bitexact/report/report.hpp"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "bitexact/io/atomic_file.hpp"
#include "bitexact/io/hexio.hpp"

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
