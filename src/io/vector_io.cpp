// Reference vectors in npy, csv, json, bin and hex (bitexact/io/vector_io.hpp).
#include "bitexact/io/vector_io.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include <fmt/format.h>

#include "bitexact/bits.hpp"
#include "bitexact/io/atomic_file.hpp"
#include "bitexact/io/hexio.hpp"
#include "bitexact/io/user_text.hpp"

namespace bitexact::vector_io {
namespace {

constexpr std::size_t chunk_rows = std::size_t(1) << 16;  // rows produced and written at a time

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw input_error(fmt::format("{}: {}", path, what));
}

// Little-endian bytes of n words of `bits` width.
void put_words(std::ostream& os, const word* w, std::size_t n, int bits) {
  char buf[8];
  for (std::size_t i = 0; i < n; ++i) {
    for (int k = 0; k < bits / 8; ++k) buf[k] = char((w[i] >> (8 * k)) & 0xff);
    os.write(buf, bits / 8);
  }
}

std::string decimal(word w, int bits) {
  const double v = bits == 32 ? double(bit_cast<float>(std::uint32_t(w))) : bit_cast<double>(std::uint64_t(w));
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  // 9 / 17 significant digits: enough to read the same float back.
  return bits == 32 ? fmt::format("{:.9g}", v) : fmt::format("{:.17g}", v);
}

std::string npy_header(int bits, std::uint64_t rows, std::size_t columns) {
  std::string dict = fmt::format("{{'descr': '<f{}', 'fortran_order': False, 'shape': ({}, {}), }}", bits / 8, rows,
                                 columns);
  // Magic (6) + version (2) + length (2) + dict + padding + '\n', a multiple of 64.
  const std::size_t total = (10 + dict.size() + 1 + 63) / 64 * 64;
  dict.append(total - 10 - dict.size() - 1, ' ');
  dict += '\n';
  std::string h("\x93NUMPY\x01\x00", 8);
  h += char(dict.size() & 0xff);
  h += char(dict.size() >> 8);
  return h + dict;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, "cannot open for reading");
  // Through the stream, not an istreambuf_iterator: a read error (a folder
  // named as a file) then sets badbit instead of throwing the library's text.
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad() || s.bad()) fail(path, "cannot read (a folder, or a read error)");
  return s.str();
}

word le_word(const unsigned char* p, int bytes) {
  word w = 0;
  for (int k = 0; k < bytes; ++k) w |= word(p[k]) << (8 * k);
  return w;
}

// npy: descr '<f4' '<f8' '<u4' '<u8' '<i4' '<i8', C order, shape (n,) or (n, c).
table read_npy(const std::string& path, const std::string& s, int bits, std::size_t columns) {
  if (s.size() < 10 || s.compare(0, 6, "\x93NUMPY") != 0) fail(path, "not a .npy file (no \\x93NUMPY magic)");
  const int major = (unsigned char)s[6];
  std::size_t hlen, start;
  if (major == 1) {
    hlen = le_word(reinterpret_cast<const unsigned char*>(s.data()) + 8, 2);
    start = 10;
  } else if (major == 2 || major == 3) {
    if (s.size() < 12) fail(path, "truncated .npy header");
    hlen = le_word(reinterpret_cast<const unsigned char*>(s.data()) + 8, 4);
    start = 12;
  } else {
    fail(path, fmt::format(".npy version {} is not supported", major));
  }
  if (s.size() < start + hlen) fail(path, "truncated .npy header");
  const std::string h = s.substr(start, hlen);
  auto field = [&](const std::string& key) {
    const auto k = h.find("'" + key + "'");
    if (k == std::string::npos) fail(path, ".npy header has no '" + key + "'");
    auto v = h.find(':', k);
    // A key with no value after it (the header cut short) is malformed; the
    // positions below stay inside h (found by fuzzing: tests/fuzz/fuzz_vectors.cpp).
    if (v == std::string::npos) fail(path, ".npy header has no value for '" + key + "'");
    while (v + 1 < h.size() && h[v + 1] == ' ') ++v;
    if (v + 1 >= h.size()) fail(path, ".npy header has no value for '" + key + "'");
    return v + 1;
  };
  std::size_t d = field("descr");
  const auto d_end = h.find(h[d], d + 1);
  if (d_end == std::string::npos) fail(path, ".npy header's 'descr' is not a quoted string");
  const std::string descr = h.substr(d + 1, d_end - d - 1);
  int width = 0;
  for (const char* t : {"<f4", "<u4", "<i4"})
    if (descr == t) width = 32;
  for (const char* t : {"<f8", "<u8", "<i8"})
    if (descr == t) width = 64;
  if (width == 0)
    fail(path, fmt::format("dtype '{}' is not little-endian float32/float64 (or 32/64-bit integer bits)", descr));
  if (bits != 0 && width != bits) fail(path, fmt::format("dtype '{}' holds {}-bit words, expected {}-bit", descr, width, bits));
  if (h.compare(field("fortran_order"), 4, "True") == 0) fail(path, "Fortran-order arrays are not supported");
  const std::size_t sh = field("shape");
  const std::size_t sh_end = h.find(')', sh);
  if (sh_end == std::string::npos) fail(path, ".npy header's 'shape' is not a tuple");
  const std::string shape = h.substr(sh, sh_end - sh + 1);
  unsigned long long n = 0, c = 1;
  const int got = std::sscanf(shape.c_str(), "(%llu, %llu)", &n, &c);
  if (got < 1) fail(path, "cannot read the .npy shape " + shape);
  if (got == 1) c = 1;
  if (columns != 0 && c != columns)
    fail(path, fmt::format("has {} column(s), expected {}", c, columns));
  const std::size_t bytes = std::size_t(n) * c * (width / 8);
  if (s.size() - start - hlen != bytes)
    fail(path, fmt::format("holds {} bytes of data, shape {} needs {}", s.size() - start - hlen, shape, bytes));
  table t;
  t.bits = width;
  t.columns.assign(c, "");
  t.data.resize(std::size_t(n) * c);
  const auto* p = reinterpret_cast<const unsigned char*>(s.data()) + start + hlen;
  for (std::size_t i = 0; i < t.data.size(); ++i) t.data[i] = le_word(p + i * (width / 8), width / 8);
  return t;
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream is(line);
  while (std::getline(is, cur, sep)) {
    while (!cur.empty() && (cur.back() == '\r' || cur.back() == ' ')) cur.pop_back();
    while (!cur.empty() && cur.front() == ' ') cur.erase(cur.begin());
    out.push_back(cur);
  }
  return out;
}

void check_columns(const std::string& path, std::size_t got, std::size_t want, std::size_t line) {
  if (want != 0 && got != want) fail(path, fmt::format("line {}: {} value(s), expected {}", line, got, want));
}

// csv: a header; columns named *_hex are read (hex bits), or every column if none is.
table read_csv(const std::string& path, const std::string& s, int bits, std::size_t columns) {
  if (bits == 0) fail(path, "CSV needs the word width");
  std::istringstream in(s);
  std::string line;
  if (!std::getline(in, line)) fail(path, "empty CSV file");
  const auto head = split(line, ',');
  std::vector<std::size_t> take;
  for (std::size_t i = 0; i < head.size(); ++i)
    if (head[i].size() > 4 && head[i].compare(head[i].size() - 4, 4, "_hex") == 0) take.push_back(i);
  table t;
  t.bits = bits;
  if (take.empty()) {
    for (std::size_t i = 0; i < head.size(); ++i) take.push_back(i);
    t.columns = head;
  } else {
    for (std::size_t i : take) t.columns.push_back(head[i].substr(0, head[i].size() - 4));
  }
  check_columns(path, take.size(), columns, 1);
  for (std::size_t ln = 2; std::getline(in, line); ++ln) {
    if (line.empty() || line == "\r") continue;
    const auto f = split(line, ',');
    if (f.size() != head.size()) fail(path, fmt::format("line {}: {} fields, the header has {}", ln, f.size(), head.size()));
    for (std::size_t i : take) t.data.push_back(parse_operand(f[i], bits, fmt::format("{} line {}", path, ln)));
  }
  return t;
}

table read_json(const std::string& path, const std::string& s, int bits, std::size_t columns) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(s);
  } catch (const std::exception& e) {
    fail(path, json_problem(e.what()));
  }
  if (!j.is_object() || !j.contains("rows") || !j["rows"].is_array()) fail(path, "JSON has no \"rows\" array");
  table t;
  t.bits = bits;
  if (j.contains("manifest") && j["manifest"].is_object() && j["manifest"].contains("bits")) {
    const auto& jb = j["manifest"]["bits"];
    const int b = jb == 32 ? 32 : jb == 64 ? 64 : 0;
    if (b == 0) fail(path, "manifest \"bits\" must be 32 or 64");
    if (bits != 0 && b != bits) fail(path, fmt::format("holds {}-bit words, expected {}-bit", b, bits));
    t.bits = b;
  }
  if (t.bits == 0) fail(path, "the word width is not known: the JSON has no manifest \"bits\"");
  if (j.contains("manifest") && j["manifest"].is_object()) t.manifest = j["manifest"];
  if (j.contains("columns")) {
    if (!j["columns"].is_array() || !std::all_of(j["columns"].begin(), j["columns"].end(),
                                                  [](const nlohmann::json& c) { return c.is_string(); }))
      fail(path, "\"columns\" must be an array of names");
    t.columns = j["columns"].get<std::vector<std::string>>();
  }
  std::size_t ln = 0;
  for (const auto& row : j["rows"]) {
    ++ln;
    if (!row.is_array()) fail(path, fmt::format("row {} is not an array", ln));
    if (t.columns.empty()) t.columns.assign(row.size(), "");
    if (row.size() != t.columns.size())
      fail(path, fmt::format("row {}: {} value(s), expected {}", ln, row.size(), t.columns.size()));
    for (const auto& v : row) {
      if (!v.is_string()) fail(path, fmt::format("row {}: values must be strings (\"0x3f800000\", \"1.5\")", ln));
      t.data.push_back(parse_operand(v.get<std::string>(), t.bits, fmt::format("{} row {}", path, ln)));
    }
  }
  check_columns(path, t.columns.size(), columns, 1);
  return t;
}

table read_bin(const std::string& path, const std::string& s, int bits, std::size_t columns) {
  if (bits == 0 || columns == 0) fail(path, "a .bin file needs the word width and the number of columns");
  const std::size_t row_bytes = columns * (bits / 8);
  if (s.size() % row_bytes != 0)
    fail(path, fmt::format("{} bytes is not a whole number of rows of {} {}-bit words", s.size(), columns, bits));
  table t;
  t.bits = bits;
  t.columns.assign(columns, "");
  t.data.resize(s.size() / (bits / 8));
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  for (std::size_t i = 0; i < t.data.size(); ++i) t.data[i] = le_word(p + i * (bits / 8), bits / 8);
  return t;
}

table read_hex(const std::string& path, const std::string& s, int bits, std::size_t columns) {
  if (bits == 0) fail(path, "hex lines need the word width");
  table t;
  t.bits = bits;
  std::istringstream in(s);
  std::string line;
  for (std::size_t ln = 1; std::getline(in, line); ++ln) {
    if (line.empty() || line[0] == '#' || line == "\r") continue;
    std::istringstream ls(line);
    std::vector<word> row;
    for (std::string tok; ls >> tok;) row.push_back(parse_operand(tok, bits, fmt::format("{} line {}", path, ln)));
    if (t.columns.empty()) t.columns.assign(row.size(), "");
    if (row.size() != t.columns.size())
      fail(path, fmt::format("line {}: {} value(s), the first line has {}", ln, row.size(), t.columns.size()));
    t.data.insert(t.data.end(), row.begin(), row.end());
  }
  check_columns(path, t.columns.size(), columns, 1);
  return t;
}

}  // namespace

format parse_format(std::string_view name) {
  if (name == "npy") return format::npy;
  if (name == "csv") return format::csv;
  if (name == "json") return format::json;
  if (name == "bin") return format::bin;
  if (name == "hex") return format::hex;
  throw input_error(fmt::format("unknown format '{}' (npy, csv, json, bin, hex)", name));
}

std::string_view format_name(format f) {
  switch (f) {
    case format::npy: return "npy";
    case format::csv: return "csv";
    case format::json: return "json";
    case format::bin: return "bin";
    case format::hex: return "hex";
  }
  return "?";
}

void write(const std::string& path, format f, int bits, const std::vector<std::string>& columns, std::uint64_t rows,
           const fill_fn& fill, const nlohmann::json& caller_manifest) {
  const std::size_t c = columns.size();
  // Read when it is written: for npy/csv/bin after the data, so that `fill`
  // may still add to the caller's object (a digest of what it produced).
  auto manifest_now = [&] {
    nlohmann::json m = caller_manifest;
    m["format"] = format_name(f);
    m["bits"] = bits;
    m["columns"] = columns;
    m["rows"] = rows;
    if (f == format::npy) m["dtype"] = bits == 32 ? "<f4" : "<f8";
    return m;
  };
  write_file_atomic(path, [&](std::ostream& os) {
    if (f == format::npy) os << npy_header(bits, rows, c);
    if (f == format::csv) {
      for (std::size_t k = 0; k < c; ++k) os << (k ? "," : "") << columns[k] << "_hex," << columns[k];
      os << '\n';
    }
    if (f == format::json) os << "{\"manifest\": " << manifest_now().dump() << ",\n\"columns\": " << nlohmann::json(columns).dump()
                              << ",\n\"rows\": [";
    std::vector<word> buf(chunk_rows * c);
    for (std::uint64_t first = 0; first < rows; first += chunk_rows) {
      const std::size_t n = std::size_t(std::min<std::uint64_t>(chunk_rows, rows - first));
      fill(first, n, buf.data());
      switch (f) {
        case format::npy:
        case format::bin: put_words(os, buf.data(), n * c, bits); break;
        case format::csv:
          for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t k = 0; k < c; ++k)
              os << (k ? "," : "") << format_hex(buf[i * c + k], bits) << ',' << decimal(buf[i * c + k], bits);
            os << '\n';
          }
          break;
        case format::json:
          for (std::size_t i = 0; i < n; ++i) {
            os << (first + i ? ",\n[" : "\n[");
            for (std::size_t k = 0; k < c; ++k) os << (k ? ",\"" : "\"") << format_hex(buf[i * c + k], bits) << '"';
            os << ']';
          }
          break;
        case format::hex:
          for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t k = 0; k < c; ++k) os << (k ? " " : "") << format_hex(buf[i * c + k], bits);
            os << '\n';
          }
          break;
      }
    }
    if (f == format::json) os << "\n]}\n";
  });
  if (f == format::npy || f == format::csv || f == format::bin) {
    const std::string mpath = path + ".manifest.json";
    try {
      write_file_atomic(mpath, manifest_now().dump(2) + "\n");
    } catch (...) {
      std::remove(path.c_str());  // no data file without its manifest
      throw;
    }
  }
}

std::optional<format> format_of_path(std::string_view path) {
  for (format f : {format::npy, format::csv, format::json, format::bin, format::hex}) {
    std::string e = ".";  // appended: GCC 12 warns -Wrestrict on "." + std::string (bug 105329)
    e += format_name(f);
    if (path.size() > e.size() && path.substr(path.size() - e.size()) == e) return f;
  }
  return std::nullopt;
}

table read(const std::string& path, std::optional<format> f, int bits, std::size_t columns) {
  if (!f) f = format_of_path(path).value_or(format::hex);
  const std::string s = read_all(path);
  table t;
  switch (*f) {
    case format::npy: t = read_npy(path, s, bits, columns); break;
    case format::csv: t = read_csv(path, s, bits, columns); break;
    case format::json: return read_json(path, s, bits, columns);  // its manifest is inside
    case format::bin: t = read_bin(path, s, bits, columns); break;
    case format::hex: return read_hex(path, s, bits, columns);    // hex has none
  }
  // npy, csv and bin: the manifest `write` put beside the file, if any.
  const std::string mpath = path + ".manifest.json";
  std::error_code ec;
  if (std::filesystem::is_regular_file(mpath, ec)) {
    try {
      t.manifest = nlohmann::json::parse(read_all(mpath), nullptr, /*allow_exceptions=*/false);
    } catch (const input_error&) {  // unreadable: as if absent
    }
    if (t.manifest.is_discarded()) t.manifest = nullptr;
  }
  return t;
}

}  // namespace bitexact::vector_io
