// bitexact/fpsan/fpsan_check.hpp — the FpSan tools behind `bitexact fpsan check`
// and `bitexact fpsan validate --markdown` (src/fpsan/fpsan_check.cpp,
// src/fpsan/fpsan_report.cpp; the CLI command is tools/bitexact/cmd_fpsan.cpp).
// Part of the compiled library bitexact::engine.
#pragma once

#include <string>
#include <vector>

#include "bitexact/io/hexio.hpp"
#include "bitexact/fpsan/identities.hpp"

namespace bitexact::fpsan {

// `bitexact fpsan check`: returns the exit status (0 equivalent, 1 not).
int run_fpsan_check(const std::string& e1, const std::string& e2, fpsan::dtype d, double samples,
                    unsigned long long seed, const fpsan::params& p);

// One algebra revision's validation results.
struct revision_results {
  fpsan::params algebra;
  std::vector<fpsan::validate::result> results;
};

// The markdown report of `validate --markdown` (conformance/fpsan/report.md):
// the first run in full, then every identity per run (revision).
std::string fpsan_markdown_report(const std::vector<revision_results>& runs, unsigned long long samples);

}  // namespace bitexact::fpsan
