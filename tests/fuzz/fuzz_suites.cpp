// Fuzz target: conformance suite files (sweep::parse_suites, what `conformance
// run` and `conformance verdicts` read from conformance/suites.json) and the
// verdicts of an accepted suite's limits on a report (sweep::suite_verdicts):
// the text is the suite file; the report is a sweep of the first accepted
// suite on 32 inputs of the edge corpus (its own input set is parsed, not
// swept), with one of its figures damaged when a selector byte asks, as a
// report.json read back could be.
#include <string>

#include "bitexact/report/report.hpp"
#include "bitexact/sweep/suites.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bitexact;
  fuzz::reader r{data, size};
  const std::uint8_t sel = r.byte(), damage = r.byte();
  sweep::SuiteSelection s;
  s.skip_missing = sel & 1;
  if (sel & 2) s.inputs = "edge:16";  // conformance run --inputs
  if (sel & 4) s.only = {"sinf-nv"};
  const std::string text = r.rest();
  sweep::SuiteFile f;
  try {
    f = sweep::parse_suites(text, "fuzz.json", s);
  } catch (const input_error&) {
    return 0;
  }
  if (f.suites.empty()) return 0;
  auto& suite = f.suites.front();
  if (suite.o.impls.empty()) fuzz::finding("an accepted suite with no implementation");
  suite.o.threads = 1;
  suite.o.inputs = sweep::parse_input_set("edge:32", suite.o.fn);
  sweep::State st = sweep::make_state(suite.o);
  sweep::run(suite.o, st);
  nlohmann::json report = report::to_json(st);
  int failures = 0;
  if (damage & 1) {  // a figure of the wrong type, or missing
    auto& k = report["implementations"][suite.o.impls.front()->name];
    if (damage & 2)
      k["count"] = 1.5;
    else
      k.erase("max_ulp");
    try {
      sweep::suite_verdicts(suite, report, failures);
    } catch (const input_error&) {
      return 0;
    }
    fuzz::finding("suite_verdicts accepted a damaged report");
  }
  const auto lines = sweep::suite_verdicts(suite, report, failures);
  if (lines.size() != suite.o.impls.size()) fuzz::finding("not one verdict line per implementation");
  return 0;
}
