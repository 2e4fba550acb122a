// Fuzz target: the operand reader of `bitexact eval` and every text input
// (bitexact/io/hexio.hpp: parse_operand, parse_hex_word, read_operand_rows),
// both widths. Accepted operands must survive a round trip through the hex
// form the CLI prints.
#include <sstream>

#include "bitexact/io/hexio.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bitexact;
  fuzz::reader r{data, size};
  const std::uint8_t sel = r.byte();
  const int bits = (sel & 1) ? 64 : 32;
  const int arity = 1 + ((sel >> 1) & 1);
  const std::string s = r.rest();
  try {
    const std::uint64_t w = parse_operand(s, bits, "operand");
    if (bits == 32 && w > 0xffffffffu) fuzz::finding("parse_operand gave a 32-bit operand wider than 32 bits");
    if (parse_hex_word(format_hex(w, bits), bits, "round trip") != w) fuzz::finding("hex round trip changed an operand");
  } catch (const input_error&) {
  }
  try {
    parse_hex_word(s, bits, "word");
  } catch (const input_error&) {
  }
  try {
    std::istringstream in(s);
    for (const hex_row& row : read_operand_rows(in, arity, bits, "fuzz"))
      for (int k = 0; k < arity; ++k)
        if (bits == 32 && row.v[std::size_t(k)] > 0xffffffffu) fuzz::finding("read_operand_rows: a wide 32-bit operand");
  } catch (const input_error&) {
  }
  return 0;
}
