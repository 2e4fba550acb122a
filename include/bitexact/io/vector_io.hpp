// bitexact/io/vector_io.hpp — reference vectors in formats other tools read
// (part of bitexact::engine; vectors/README.md documents the formats).
//
// A vector table is rows of bit patterns, all of one width (32 or 64 bits):
// the operands of one input, then its result (columns "x", ["y",] "out").
// The formats keep every bit, NaN payloads included:
//   npy   NumPy 1.0, dtype '<f4' or '<f8', shape (rows, columns), C order
//   csv   a header, then per column its hex bits and its decimal value
//   json  {"manifest": {...}, "columns": [...], "rows": [["0x..", ...], ...]}
//   bin   the words, little-endian, row by row (the manifest says the shape)
//   hex   one row per line, hex words separated by spaces (as `eval` reads)
// Files are written atomically (nothing half-written on error); npy, csv and
// bin get their manifest in PATH.manifest.json.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "bitexact/registry/registry.hpp"

namespace bitexact::vector_io {

enum class format { npy, csv, json, bin, hex };
// "npy" "csv" "json" "bin" "hex"; throws input_error naming the choices otherwise.
format parse_format(std::string_view name);
std::string_view format_name(format f);
// The format a file name says by its extension (.npy .csv .json .bin .hex),
// or nothing for any other name.
std::optional<format> format_of_path(std::string_view path);

struct table {
  int bits = 32;                     // width of every word
  std::vector<std::string> columns;  // "x", "y", "out"
  std::vector<word> data;            // row-major
  // What `write` recorded with an export (the "manifest" object of a json
  // file, or PATH.manifest.json beside npy/csv/bin); null where there is none
  // or it does not parse (the data alone is still read).
  nlohmann::json manifest;
  std::size_t rows() const { return columns.empty() ? 0 : data.size() / columns.size(); }
};

// Streams `rows` rows of `columns.size()` words each, produced in order chunk
// by chunk by `fill(first_row, n, out)` (which writes n rows into out), to
// `path` in format f, atomically. `manifest`, with format, bits, columns and
// rows added, goes into the json file (before the rows) or into
// PATH.manifest.json for npy/csv/bin (after them, so `fill` may still add to
// it; the data file is removed again if the manifest cannot be written). hex
// writes no manifest.
using fill_fn = std::function<void(std::uint64_t first_row, std::size_t n, word* out)>;
void write(const std::string& path, format f, int bits, const std::vector<std::string>& columns, std::uint64_t rows,
           const fill_fn& fill, const nlohmann::json& manifest);

// Reads a table. The format comes from `f` or else the file name (.npy .csv
// .json .bin, anything else hex). `bits` is required for bin and hex (the
// words' width), checked against the file for the others; `columns` (the
// expected number, 0 = any) is checked for every format, and bin needs it.
// Throws input_error naming the file and the problem (wrong dtype, ragged
// rows, bad hex, a size that is not a whole number of rows).
table read(const std::string& path, std::optional<format> f, int bits, std::size_t columns);

}  // namespace bitexact::vector_io
