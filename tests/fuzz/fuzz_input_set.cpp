// Fuzz target: input-set specs (sweep::parse_input_set: exhaustive,
// uniform:N[:SEED], structured, binades:N, interval:LO:HI, edge[:SIZE],
// file:PATH) for every function; an accepted set must generate its first and
// last inputs.
#include <vector>

#include "bitexact/functions.hpp"
#include "bitexact/io/hexio.hpp"
#include "bitexact/sweep/engine.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bitexact;
  fuzz::reader r{data, size};
  const auto& table = function_table;
  const std::size_t k = r.byte() % (sizeof(table) / sizeof(table[0]));
  const std::string spec = r.rest();
  if (spec.rfind("file:", 0) == 0) return 0;  // the files are fuzz_operand's and fuzz_vectors'
  const Fn fn = table[k].id;
  try {
    const sweep::InputSet s = sweep::parse_input_set(spec, fn);
    if (s.count == 0) return 0;
    std::vector<word> a(2), b(2);
    s.generate(0, 1, a.data(), b.data());
    s.generate(s.count - 1, s.count, a.data(), b.data());
    (void)s.describe();
  } catch (const input_error&) {
  }
  return 0;
}
