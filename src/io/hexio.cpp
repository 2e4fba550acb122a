#include "bitexact/io/hexio.hpp"

#include <algorithm>
#include <cmath>
#include <cctype>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "bitexact/bits.hpp"
#include "bitexact/io/user_text.hpp"

namespace bitexact {
namespace {

bool has_hex_prefix(std::string_view t) { return t.size() >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X'); }

bool is_hex_digit(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

[[noreturn]] void not_an_operand(std::string_view t, int bits, std::string_view what) {
  // Bare hex digits are the old way of writing bits: say how to write them now.
  const bool bare_hex = !t.empty() && t.size() <= std::size_t(bits / 4) &&
                        std::all_of(t.begin(), t.end(), is_hex_digit);
  throw input_error(fmt::format("{}: {} is neither a number (1.5, -2e-3, inf, nan, 0x1.8p3) nor a bit pattern{}", what,
                                quote_input(t),
                                bare_hex ? fmt::format(" (bit patterns start with 0x: 0x{})", t)
                                         : fmt::format(" (0x{})", bits == 32 ? "3f800000" : "3ff0000000000000")));
}

template <class Parse>
std::vector<hex_row> read_rows(std::istream& in, int arity, int bits, std::string_view source, int max_arity,
                               Parse parse) {
  if (max_arity < 0) max_arity = arity;
  std::vector<hex_row> rows;
  std::string line;
  std::size_t lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string_view s(line);
    std::size_t first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos || s[first] == '#') continue;
    hex_row row;
    int n = 0;
    std::size_t pos = first;
    const std::string where = fmt::format("{} line {}", source, lineno);
    while (pos < s.size()) {
      std::size_t end = s.find_first_of(" \t", pos);
      if (end == std::string_view::npos) end = s.size();
      if (n >= max_arity)
        throw input_error(
            fmt::format("{}: expected {} operand{} per line, got more", where,
                        arity == max_arity ? std::to_string(arity) : fmt::format("{}-{}", arity, max_arity),
                        max_arity == 1 ? "" : "s"));
      row.v[n++] = parse(s.substr(pos, end - pos), bits, where);
      pos = s.find_first_not_of(" \t", end);
      if (pos == std::string_view::npos) break;
    }
    if (n < arity)
      throw input_error(
          fmt::format("{}: expected {} operand{} per line, got {}", where, arity, arity == 1 ? "" : "s", n));
    rows.push_back(row);
  }
  if (in.bad()) throw input_error(fmt::format("{}: read error", source));
  return rows;
}

}  // namespace

std::uint64_t parse_hex_word(std::string_view t, int bits, std::string_view what) {
  std::string_view orig = t;
  if (has_hex_prefix(t)) t.remove_prefix(2);
  const std::size_t max_digits = static_cast<std::size_t>(bits / 4);
  if (t.empty() || t.size() > max_digits)
    throw input_error(fmt::format("{}: {} is not a {}-bit hex pattern", what, quote_input(orig), bits));
  std::uint64_t v = 0;
  for (char c : t) {
    if (!is_hex_digit(c))
      throw input_error(fmt::format("{}: {} is not a {}-bit hex pattern", what, quote_input(orig), bits));
    const int d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    v = (v << 4) | static_cast<std::uint64_t>(d);
  }
  return v;
}

std::uint64_t parse_operand(std::string_view t, int bits, std::string_view what) {
  const bool dot_or_p = t.find_first_of(".pP") != std::string_view::npos;
  if (bits != 32 && bits != 64) {
    // 16- and 8-bit formats (FpSan's f16 bf16 fp8): bit patterns only, and
    // with 0x, so that "100" is never silently read as the bits 0x100.
    if (!has_hex_prefix(t) || dot_or_p)
      throw input_error(fmt::format("{}: {} is not a 0x bit pattern ({}-bit formats take 0x bit patterns only)", what,
                                    quote_input(t), bits));
    return parse_hex_word(t, bits, what);
  }
  if (has_hex_prefix(t) && !dot_or_p) return parse_hex_word(t, bits, what);
  const std::string_view unsigned_part = t.empty() || (t[0] != '+' && t[0] != '-') ? t : t.substr(1);
  // "-0x10": strtod would read the integer -16, but it looks like negated bits.
  if (has_hex_prefix(unsigned_part) && !dot_or_p)
    throw input_error(fmt::format("{}: {} is a signed hex integer: write bits as 0x... (no sign), or a hex float "
                                  "with a p exponent (-0x1p4)",
                                  what, quote_input(t)));
  // strtof/strtod want a NUL-terminated string and skip leading spaces, which a
  // token never has; and a token with a NUL inside is no number.
  if (t.empty() || t.size() > 4096 || std::isspace(static_cast<unsigned char>(t[0])) ||
      t.find('\0') != std::string_view::npos)
    not_an_operand(t, bits, what);
  const std::string s(t);
  char* end = nullptr;
  std::uint64_t w;
  // Correctly rounded to nearest-even in glibc (no intermediate binary64 for
  // binary32); underflow gives a subnormal or zero, as IEEE 754 conversion
  // does (errno's ERANGE is not an error here).
  bool infinite;
  if (bits == 32) {
    const float f = std::strtof(s.c_str(), &end);
    w = bit_cast<std::uint32_t>(f);
    infinite = std::isinf(f);
  } else {
    const double d = std::strtod(s.c_str(), &end);
    w = bit_cast<std::uint64_t>(d);
    infinite = std::isinf(d);
  }
  if (end != s.c_str() + s.size()) not_an_operand(t, bits, what);
  // A finite number beyond the type's range would round to inf (IEEE 754),
  // which is seldom what was meant by 1e400: refused, inf is written as inf.
  const bool says_inf = std::search(t.begin(), t.end(), std::begin("inf"), std::end("inf") - 1, [](char a, char b) {
                          return (a | 0x20) == b;
                        }) != t.end();
  if (infinite && !says_inf)
    throw input_error(fmt::format("{}: {} is beyond the largest finite binary{} ({}): write inf for infinity", what,
                                  quote_input(t), bits, bits == 32 ? "3.4028235e+38" : "1.7976931348623157e+308"));
  return w;
}

std::vector<hex_row> read_hex_rows(std::istream& in, int arity, int bits, std::string_view source, int max_arity) {
  return read_rows(in, arity, bits, source, max_arity, parse_hex_word);
}

std::vector<hex_row> read_operand_rows(std::istream& in, int arity, int bits, std::string_view source,
                                       int max_arity) {
  return read_rows(in, arity, bits, source, max_arity, parse_operand);
}

std::vector<hex_row> read_operand_args(const std::vector<std::string>& args, std::string_view name, int arity,
                                       int bits, bool unknown_options) {
  if (args.size() % std::size_t(arity) != 0)
    throw input_error(fmt::format("{} takes {} operands per input; {} operand{} given", name, arity, args.size(),
                                  args.size() == 1 ? " was" : "s were"));
  std::vector<hex_row> rows(args.size() / std::size_t(arity));
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& t = args[i];
    const bool option_like =
        unknown_options && t.size() > 1 && t[0] == '-' && (t[1] == '-' || std::isalpha(static_cast<unsigned char>(t[1])));
    try {
      rows[i / std::size_t(arity)].v[i % std::size_t(arity)] = parse_operand(t, bits, fmt::format("operand {}", i + 1));
    } catch (const input_error&) {
      if (option_like) throw input_error(fmt::format("unknown option {} (see --help)", quote_input(t)));
      throw;
    }
  }
  return rows;
}

std::string format_hex(std::uint64_t v, int bits) {
  return bits == 64   ? fmt::format("0x{:016x}", v)
         : bits == 32 ? fmt::format("0x{:08x}", v)
         : bits == 16 ? fmt::format("0x{:04x}", v)
                      : fmt::format("0x{:02x}", v);
}

std::string format_decimal(std::uint64_t v, int bits) {
  // fmt's default float format is the shortest that reads back to the same value.
  return bits == 32 ? fmt::format("{}", bit_cast<float>(std::uint32_t(v))) : fmt::format("{}", bit_cast<double>(v));
}

}  // namespace bitexact
