// bitexact/report/model.hpp — the report of a sweep as plain data: every figure
// that report.json, report.csv, report.html and the Markdown summary show,
// built once from the sweep state (build_model) or read back from a
// report.json (read_model). The renderers (bitexact/report/report.hpp) only
// format it: none reads the State, another renderer's output, or evaluates an
// implementation or the truth (the sweep kept what the report needs of them:
// sweep::State::special, sweep::Witness::t).
// Part of the compiled library bitexact::engine.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bitexact/sweep/engine.hpp"

namespace bitexact::report {

// An input: operand a, and b for two-operand functions (0 otherwise).
struct Input {
  word a = 0, b = 0;
};

// Witnesses as the sweep keeps them (sweep::Witness): against the truth, r is
// the result, s the truth, ulp the error; for pairs, r and s are the two
// implementations' results, ulp their distance in floats and t the truth.
using sweep::Witness;

// A row of the per-class tables (input classes, truth-output classes).
struct ClassRow {
  std::string name;  // "normal", "zero,nan", ...
  std::uint64_t count = 0;
  std::uint64_t not_correctly_rounded = 0;
  double max_ulp = 0;  // input classes only
};

// A (sign, binade) of the first operand with results that are not correctly rounded.
struct Binade {
  bool negative = false;
  int biased_exponent = 0;
  std::uint64_t not_correctly_rounded = 0;
  double max_ulp = 0;
  Input max_ulp_input;  // meaningful when max_ulp > 0
};

struct SpecialValue {
  Input input;
  word result = 0, truth = 0;
  bool correctly_rounded = false;  // same bits, or both NaN
};

// One implementation against the truth.
struct ImplReport {
  std::string name;
  std::string description;  // the registry's, or "(not registered in this build)"
  std::uint64_t count = 0;
  std::uint64_t correctly_rounded = 0;
  std::uint64_t not_correctly_rounded = 0;
  double correctly_rounded_share = 0;  // correctly_rounded / count (0 when count is 0)
  double max_ulp = 0;
  std::optional<Input> max_ulp_input;  // the first of max_ulp_witnesses
  std::vector<Witness> max_ulp_witnesses;
  std::uint64_t special_mismatches = 0;  // results in the special bins
  std::vector<Witness> special_witnesses;
  std::uint64_t nan_payload_differs = 0;
  // FTZ/DAZ flushes (docs/sweep.md); absent in report.json of schema 1,
  // whose Markdown summary has no flushed column.
  std::optional<std::uint64_t> flushed;
  std::vector<Witness> flush_witnesses;
  std::array<std::uint64_t, sweep::bins::count> histogram{};  // labels: sweep::bin_label
  std::vector<Binade> binades;                                 // positive first, by biased exponent
  std::vector<ClassRow> input_classes;                         // classes with inputs, in class order
  std::vector<ClassRow> truth_output_classes;                  // the same
  std::vector<SpecialValue> special_values;                    // in sweep::special_inputs order
  // The error-against-input plot: max error and count of results that are
  // not correctly rounded per bucket of the top 12 bits of operand 0 (not
  // in report.json).
  std::vector<double> bucket_max;
  std::vector<std::uint64_t> bucket_wrong;
};

// A (sign, binade) of the first operand where two implementations differ.
struct PairBinade {
  bool negative = false;
  int biased_exponent = 0;
  std::uint64_t inputs = 0;  // inputs of the sweep in this binade
  std::uint64_t differ = 0;  // of which the two differ (PairReport::differ's rule)
  double max_distance = 0;   // largest number_vs_number distance here (0: none)
};

// One pair of implementations: the inputs where their results differ.
// "Differ" has one meaning in every renderer and on the sweep's stdout: the
// results' bits differ and they are not both NaN. Two NaNs with other
// payloads are counted apart (nan_payload_only).
struct PairReport {
  std::string a, b;                    // names, in the sweep's order
  std::uint64_t differ = 0;            // different bits, not both NaN
  std::uint64_t nan_payload_only = 0;  // both NaN with other bits: count(Disc::nan_payload)
  std::uint64_t not_numeric = 0;       // differ that are not number vs number
  std::array<std::uint64_t, std::size_t(sweep::Disc::count)> classes{};
  std::array<std::vector<Witness>, std::size_t(sweep::Disc::count)> witnesses;
  std::vector<std::uint64_t> distance;  // number_vs_number ULP distance bins (sweep::dist_label); [0]: neighbours
  double max_distance = 0;
  std::optional<Input> max_distance_input;  // the first of max_distance_witnesses
  std::vector<Witness> max_distance_witnesses;
  // Where they differ: the binades with differ > 0, positive first, by biased
  // exponent (a binade without an entry has no differing input).
  std::vector<PairBinade> binades;
  std::uint64_t adjacent() const { return distance.empty() ? 0 : distance[0]; }
  std::uint64_t count(sweep::Disc d) const { return classes[std::size_t(d)]; }
};

struct Model {
  std::string schema;  // "bitexact-sweep-report/3"
  std::string function;
  int arity = 1, bits = 32;
  std::string inputs_spec;
  std::uint64_t inputs_count = 0;
  std::string inputs_description;
  bool complete = false;
  std::uint64_t evaluated = 0;  // inputs evaluated
  std::string truth;            // registry name of the reference; "" without one
  std::string ulp_error;        // how ULP errors are defined (one sentence)
  std::vector<std::pair<std::string, std::uint64_t>> input_classes;         // classes with inputs
  std::vector<std::pair<std::string, std::uint64_t>> truth_output_classes;  // the same
  // Inputs per (sign, biased exponent) of the first operand, indexed as
  // sweep::State::binade_count (for the plots; not in report.json, whose pair
  // binades carry their own input counts; empty when read back).
  std::vector<std::uint64_t> binade_inputs;
  std::vector<ImplReport> impls;  // the sweep's order (report.json: an object, keys sorted)
  std::vector<PairReport> pairs;  // (0,1) (0,2) .. (1,2) ..
};

// The report of a (complete or partial) sweep state. Deterministic: the same
// state gives the same model (no dates, host names or timings).
Model build_model(const sweep::State& s);

// The model as far as a report.json holds it: what the Markdown summary shows
// (function, inputs, truth, the implementations' errors and shares, the
// pairs' counts, witnesses, distances and binades) and the other counts of
// implementations and pairs; not the implementations' binades, classes,
// histograms, special values or plot data. A report of schema 1 or 2 counted
// NaN-payload-only differences in `differ`: they are taken out here. Keeps the file's order of implementations (hence
// ordered_json). Throws nlohmann::json::exception when a field the summary
// needs is missing, input_error on an unknown function or a malformed input.
Model read_model(const nlohmann::ordered_json& report);

}  // namespace bitexact::report
