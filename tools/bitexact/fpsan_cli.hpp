// Shared declarations of the `bitexact fpsan` subcommands (cmd_fpsan.cpp,
// fpsan_check.cpp, fpsan_report.cpp).
#pragma once

#include <string>
#include <vector>

#include "bitexact/engine/hexio.hpp"
#include "bitexact/fpsan/identities.hpp"

namespace bitexact::cli {

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

}  // namespace bitexact::cli
