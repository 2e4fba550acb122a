// Fuzz target: report.json as `bitexact report markdown` reads it
// (report::read_model), then rendered to Markdown. read_model's contract:
// input_error for an unknown function or malformed input, the JSON library's
// exception for a missing or mistyped field (the CLI prints either as one
// line, exit 2).
#include <nlohmann/json.hpp>

#include "bitexact/io/hexio.hpp"
#include "bitexact/report/model.hpp"
#include "bitexact/report/report.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bitexact;
  nlohmann::ordered_json j;
  try {
    j = nlohmann::ordered_json::parse(fuzz::text(data, size));
  } catch (const nlohmann::json::exception&) {  // not JSON, or a number beyond a double (out_of_range)
    return 0;
  }
  try {
    const report::Model m = report::read_model(j);
    (void)report::render_markdown({{"fuzz", m}});
  } catch (const input_error&) {
  } catch (const nlohmann::json::exception&) {
  }
  return 0;
}
