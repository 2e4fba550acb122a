#include "bitexact/engine/hexio.hpp"

#include <fmt/format.h>

namespace bitexact {

std::uint64_t parse_hex_word(std::string_view t, int bits, std::string_view what) {
  std::string_view orig = t;
  if (t.size() >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) t.remove_prefix(2);
  const std::size_t max_digits = static_cast<std::size_t>(bits / 4);
  if (t.empty() || t.size() > max_digits)
    throw input_error(fmt::format("{}: '{}' is not a {}-bit hex pattern", what, orig, bits));
  std::uint64_t v = 0;
  for (char c : t) {
    int d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      d = c - 'A' + 10;
    else
      throw input_error(fmt::format("{}: '{}' is not a {}-bit hex pattern", what, orig, bits));
    v = (v << 4) | static_cast<std::uint64_t>(d);
  }
  return v;
}

std::vector<hex_row> read_hex_rows(std::istream& in, int arity, int bits, std::string_view source, int max_arity) {
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
      row.v[n++] = parse_hex_word(s.substr(pos, end - pos), bits, where);
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

std::string format_hex(std::uint64_t v, int bits) {
  return bits == 64   ? fmt::format("0x{:016x}", v)
         : bits == 32 ? fmt::format("0x{:08x}", v)
         : bits == 16 ? fmt::format("0x{:04x}", v)
                      : fmt::format("0x{:02x}", v);
}

}  // namespace bitexact
