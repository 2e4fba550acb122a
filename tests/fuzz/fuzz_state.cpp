// Fuzz target: a sweep checkpoint, state.json (sweep::State::from_json), what
// `--resume` and `merge` read. A state that is accepted must write back out
// to JSON that reads back as the same state.
#include <nlohmann/json.hpp>

#include "bitexact/io/hexio.hpp"
#include "bitexact/sweep/engine.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bitexact;
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(fuzz::text(data, size));
  } catch (const nlohmann::json::exception&) {  // not JSON, or a number beyond a double (out_of_range)
    return 0;
  }
  try {
    const sweep::State s = sweep::State::from_json(j);
    const sweep::State again = sweep::State::from_json(s.to_json());
    if (!(again == s)) fuzz::finding("state.json: to_json then from_json changed the state");
  } catch (const input_error&) {
  }
  return 0;
}
