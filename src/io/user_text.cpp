// Input shown back in messages (bitexact/io/user_text.hpp).
#include "bitexact/io/user_text.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "bitexact/io/hexio.hpp"  // input_error

namespace bitexact {
namespace {

// Length of the valid UTF-8 sequence at s[i] that is safe to print (not a C1
// control, U+0080..U+009F), or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  std::size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((b(i + k) & 0xc0) != 0x80) return 0;
  if (c == 0xc2 && b(i + 1) < 0xa0) return 0;                           // C1 controls
  if ((c == 0xe0 && b(i + 1) < 0xa0) || (c == 0xf0 && b(i + 1) < 0x90)) return 0;  // overlong
  if ((c == 0xed && b(i + 1) >= 0xa0) || (c == 0xf4 && b(i + 1) >= 0x90)) return 0;  // surrogates, > U+10FFFF
  return n;
}

// Appends the escaped form of s[i...] to out until out would pass `max` bytes;
// returns the index of the first byte not shown.
std::size_t escape_into(std::string& out, std::string_view s, std::size_t max) {
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    std::string piece;
    std::size_t used = 1;
    if (c >= 0x20 && c < 0x7f) {
      piece = char(c);
    } else if (c == '\n') {
      piece = "\\n";
    } else if (c == '\t') {
      piece = "\\t";
    } else if (c == '\r') {
      piece = "\\r";
    } else if (std::size_t n = c >= 0x80 ? utf8_length(s, i) : 0; n) {
      piece = std::string(s.substr(i, n));
      used = n;
    } else {
      piece = fmt::format("\\x{:02x}", c);
    }
    if (out.size() + piece.size() > max) break;
    out += piece;
    i += used;
  }
  return i;
}

}  // namespace

std::string quote_input(std::string_view text, std::size_t max) {
  std::string out = "'";
  const std::size_t shown = escape_into(out, text, max + 1);
  if (shown == text.size()) return out + "'";
  return out + fmt::format("...' ({} bytes)", text.size());
}

std::string one_line(std::string_view text, std::size_t max) {
  std::string out;
  if (escape_into(out, text, max) < text.size()) out += "...";
  return out;
}

std::string read_user_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw input_error(fmt::format("cannot read {}: it is a folder", quote_input(path, 200)));
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw input_error(
        fmt::format("cannot read {}{}", quote_input(path, 200), errno ? std::string(": ") + std::strerror(errno) : ""));
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad() || s.bad()) throw input_error(fmt::format("cannot read {}: read error", quote_input(path, 200)));
  return s.str();
}

std::string json_problem(std::string_view what) {
  constexpr std::string_view tag = "[json.exception.";
  const std::size_t at = what.find(tag);
  if (at == std::string_view::npos) return std::string(what);
  const std::string_view before = what.substr(0, at);
  std::string_view rest = what.substr(at);
  const std::size_t close = rest.find("] ");
  const std::string_view id = rest.substr(tag.size(), close == std::string_view::npos ? 0 : close - tag.size());
  const std::string_view text = close == std::string_view::npos ? std::string_view() : rest.substr(close + 2);
  // The cases a user's malformed file produces; the rest in general words.
  auto between = [&](std::string_view from, std::string_view to) -> std::string {
    const std::size_t a = text.find(from);
    if (a == std::string_view::npos) return "";
    const std::size_t b = text.find(to, a + from.size());
    return std::string(text.substr(a + from.size(), b == std::string_view::npos ? b : b - a - from.size()));
  };
  std::string words;
  if (id == "out_of_range.403") {
    const std::string key = between("key '", "'");
    words = key.empty() ? "a field is missing" : fmt::format("missing field \"{}\"", one_line(key, 60));
  } else if (id.substr(0, 11) == "type_error.") {
    const std::string want = between("type must be ", ","), got = between("but is ", "\n");
    words = !want.empty() && !got.empty() ? fmt::format("a field holds a {} where a {} is expected", got, want)
                                          : "a field has the wrong type";
  } else if (id == "out_of_range.401") {
    words = "an array is shorter than expected";
  } else if (id.substr(0, 12) == "parse_error.") {
    const std::string line = between("at line ", ","), col = between("column ", ":");
    words = !line.empty() && !col.empty() ? fmt::format("not valid JSON (line {}, column {})", line, col)
                                          : "not valid JSON";
  } else if (id.substr(0, 13) == "out_of_range.") {
    words = "a number is out of range";
  } else {
    words = "the JSON does not have the expected structure";
  }
  return std::string(before) + words;
}

}  // namespace bitexact
