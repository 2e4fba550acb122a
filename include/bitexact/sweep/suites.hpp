// bitexact/sweep/suites.hpp — conformance suites (conformance/suites.json):
// the suite file, read and checked whole before any sweep runs, and the
// verdict lines of a suite's limits on a finished report (RESULTS.txt). The
// CLI's `conformance run` and `conformance verdicts` are these plus the
// sweeps and the files (tools/bitexact/cmd_conformance.cpp); the fuzz target
// tests/fuzz/fuzz_suites.cpp feeds both arbitrary text. docs/sweep.md
// ("Conformance suites") describes the file. Part of bitexact::engine.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bitexact/sweep/engine.hpp"

namespace bitexact::sweep {

// One suite: a sweep (fn, impls, inputs of `o`; the caller adds threads,
// progress) and its limits per implementation, checked:
//   "max_ulp": number, "special_mismatches": whole number,
//   "min_correctly_rounded_share": number, "source": string,
//   "max_ulp_distance": {"to": IMPL of the suite, "ulps": 2^k <= 2^20}.
struct Suite {
  std::string name;
  Options o;
  nlohmann::json limits;  // an object: implementation name -> its limits
};

struct SuiteSelection {
  std::vector<std::string> only;  // these names (empty: every suite); each must exist
  bool skip_missing = false;      // leave out suites naming implementations this build lacks
  std::string inputs;             // an input set for every suite instead of its own ("": its own)
};

struct SuiteFile {
  std::vector<Suite> suites;                                 // in the file's order
  std::vector<std::pair<std::string, std::string>> skipped;  // (name, impl list) left out by skip_missing
};

// The suites of a suite file's text. `origin` names the file in messages.
// Throws input_error (one line, naming the suite and the problem) for text
// that is not JSON, a suite that does not check out, or an --only name that
// is not in the file.
SuiteFile parse_suites(const std::string& text, const std::string& origin, const SuiteSelection& sel);

// The verdict lines of one suite from its report (report::to_json, or a
// report.json read back: the same numbers, doubles round-trip exactly), one
// per implementation in the suite's order:
//   PASS|FAIL|INFO NAME IMPL max U ulp, correctly rounded P%, special mismatches N[, flushed ...][ why...]
// INFO where the suite sets no limits for the implementation. `failures`
// counts the FAIL lines. Throws input_error for a report that lacks a figure
// or holds one of the wrong type.
std::vector<std::string> suite_verdicts(const Suite& s, const nlohmann::json& report, int& failures);

}  // namespace bitexact::sweep
