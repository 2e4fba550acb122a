// bitexact/io/hexio.hpp — the line format shared by `bitexact eval`, vector files
// and the port checker: one input per line, operands as hex bit patterns
// ("0x3f800000"), separated by single spaces or tabs. Blank lines and lines
// starting with '#' are skipped. Part of bitexact::engine.
//
// What a user types (eval, ulp, sweep --inputs file:/interval:, the port files
// of check/identify/tolerance) is read by parse_operand: a token is a bit
// pattern only with "0x" and without '.' or 'p' ("0x3f800000", "0x1"); any
// other token is a number ("1e6", "-0.5", "inf", "nan", the C99 hex float
// "0x1.8p3"), rounded once, to nearest-even, to the function's type.
// Committed data files keep the strict bit-pattern reader (parse_hex_word).
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

// A user's operand of a `bits`-wide (32: binary32, 64: binary64) function: a bit
// pattern ("0x" and no '.'/'p') or a number converted with correct rounding
// (strtof for binary32, never through binary64, which would round twice;
// strtod for binary64). Other widths (16, 8) take 0x bit patterns only. Throws
// input_error naming `what` and quoting at most ~80 characters of the token.
std::uint64_t parse_operand(std::string_view text, int bits, std::string_view what);

// Read every line of `in` with exactly `arity` operands of `bits` width.
// `source` names the stream in messages ("stdin", a path). read_hex_rows takes
// bit patterns only (committed files); read_operand_rows takes what a user
// types (parse_operand).
std::vector<hex_row> read_hex_rows(std::istream& in, int arity, int bits, std::string_view source, int max_arity = -1);
std::vector<hex_row> read_operand_rows(std::istream& in, int arity, int bits, std::string_view source,
                                       int max_arity = -1);
// Operands given as arguments (`eval nv.sinf 1e6 3e38`): `arity` per input,
// in order, parse_operand's rules ("operand K" in messages). Throws
// input_error when their count is no multiple of arity ("NAME takes 2
// operands per input; 3 operands were given"), and, with unknown_options (a
// command-line parser that passes what it does not know through), calls a
// token like -x or --x that is no operand an unknown option. The CLI's eval,
// ulp and fpsan eval and `python -m bitexact eval` read their operands here.
std::vector<hex_row> read_operand_args(const std::vector<std::string>& args, std::string_view name, int arity,
                                       int bits, bool unknown_options = false);

// "0x%08x" or "0x%016llx" depending on bits.
std::string format_hex(std::uint64_t v, int bits);
// The value of a binary32/binary64 bit pattern in the fewest decimal digits
// that read back (parse_operand) to the same bits: "1e+06", "-0.5", "inf",
// "nan" ("-nan" with the sign bit; NaN payloads only show in hex).
std::string format_decimal(std::uint64_t v, int bits);

}  // namespace bitexact
