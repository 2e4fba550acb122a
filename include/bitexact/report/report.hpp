// bitexact/report/report.hpp — the reports of a sweep: report.json (schema in
// conformance/report-schema.md), report.csv (one row per implementation and per
// pair) and report.html (one self-contained page with inline SVG plots); and a
// Markdown summary of the pairs of several reports (`bitexact report markdown`).
// Each is a renderer of the report model (bitexact/report/model.hpp), built once
// from the sweep state: the renderers format its figures and compute none.
// Part of the compiled library bitexact::engine.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bitexact/io/atomic_file.hpp"
#include "bitexact/report/model.hpp"
#include "bitexact/sweep/engine.hpp"

namespace bitexact::report {

// ---- renderers of the model (src/report/render_*.cpp) ----------------------------------
nlohmann::json render_json(const Model& m);
std::string render_csv(const Model& m);
std::string render_html(const Model& m);  // from src/report/report_template.html
// The Markdown summary of several reports, each with the path it was read
// from (named in its section).
std::string render_markdown(const std::vector<std::pair<std::string, Model>>& reports);

// The report of a (complete or partial) sweep state: render_*(build_model(s)).
// Deterministic: the same state gives the same bytes (no dates, host names or
// timings).
nlohmann::json to_json(const sweep::State& s);
std::string to_csv(const sweep::State& s);
std::string to_html(const sweep::State& s);

// n of d as a share for people, the one form of every renderer and of the
// sweep's stdout: "9.03 %" (two decimals), "100 %" and "0 %" only when
// exactly so, "> 99.99 %" and "< 0.01 %" next to them, "—" when d is 0.
std::string share_text(std::uint64_t n, std::uint64_t d);
// How a pair's differences read everywhere (the Markdown summary, the sweep's
// stdout): "differ on 903,282 of 10,000,000 inputs (9.03 %), plus 39,058 with
// NaN payload only" (PairReport::differ of the inputs evaluated).
std::string differ_text(const Model& m, const PairReport& p);

// Readable name of a pair discrepancy class ("NaN vs number", "+0 vs -0", ...)
// for people; report.json, CSV and HTML use the keys of sweep::disc_name.
std::string_view disc_label(sweep::Disc d);

// Markdown summary of how implementations disagree (e.g.
// conformance/reports/nv-vs-ocml.md), from the report.json of each sweep
// folder given (read_model, then render_markdown): per report, every
// implementation's error against the truth; per pair, the inputs with
// different output bits by discrepancy class with the first witness, and the
// ULP distances of the numeric ones. Throws input_error naming a folder whose
// report.json cannot be read or lacks a field.
std::string pairs_markdown(const std::vector<std::string>& report_dirs);

// Write DIR/report.json, DIR/report.csv and DIR/report.html (one model, three
// renderers), and with `with_state` DIR/state.json (the state, as --resume
// and `bitexact merge` read it). All are produced in memory first, then
// written together with write_files_atomic: all of them or none, so an error
// leaves nothing half-written (DIR itself is created when missing; see
// made_for_output for removing it again).
void write_reports(const sweep::State& s, const std::string& dir, bool with_state = false);

}  // namespace bitexact::report
