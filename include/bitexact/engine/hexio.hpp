// bitexact/engine/hexio.hpp — the line format shared by `bitexact eval`, vector files
// and the port checker: one input per line, operands as hex bit patterns
// ("0x3f800000"), separated by single spaces or tabs. Blank lines and lines
// starting with '#' are skipped. Part of bitexact::engine.
#pragma once

#include <array>
#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace bitexact {

// A problem with user input: the CLI prints what() on one line and exits 2.
struct input_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct hex_row {
  std::array<std::uint64_t, 3> v{};
};

// Parse one hex bit pattern of exactly the given width (at most bits/4 hex
// digits, "0x" prefix optional). Throws input_error naming `what` on failure.
std::uint64_t parse_hex_word(std::string_view text, int bits, std::string_view what);

// Read every line of `in` with exactly `arity` operands of `bits` width.
// `source` names the stream in messages ("stdin", a path).
std::vector<hex_row> read_hex_rows(std::istream& in, int arity, int bits, std::string_view source, int max_arity = -1);

// "0x%08x" or "0x%016llx" depending on bits.
std::string format_hex(std::uint64_t v, int bits);

}  // namespace bitexact
