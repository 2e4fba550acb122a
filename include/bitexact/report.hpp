// bitexact/report.hpp — the reports of a sweep: report.json (schema in
// conformance/report-schema.md), report.csv (one row per implementation and per
// pair) and report.html (one self-contained page with inline SVG plots).
// Part of the compiled library bitexact::engine.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "bitexact/atomic_file.hpp"
#include "bitexact/sweep.hpp"

namespace bitexact::report {

// The report of a (complete or partial) sweep state. Deterministic: the same
// state gives the same bytes (no dates, host names or timings).
nlohmann::json to_json(const sweep::State& s);
std::string to_csv(const sweep::State& s);
std::string to_html(const sweep::State& s);

// Write DIR/report.json, DIR/report.csv and DIR/report.html. All three are
// produced in memory first, then each is written atomically (temporary file
// renamed over the target), so an error leaves nothing half-written.
void write_reports(const sweep::State& s, const std::string& dir);

// Former name of bitexact::write_file_atomic (bitexact/atomic_file.hpp), kept
// while src/sweep/engine.cpp still calls it; new code calls write_file_atomic.
inline void write_atomic(const std::string& path, const std::string& content) { write_file_atomic(path, content); }

}  // namespace bitexact::report
