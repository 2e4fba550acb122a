// bitexact/io/digests.hpp — reference vectors and block digests (part of bitexact::engine).
//
// A GPU can evaluate all 2^32 inputs of a function in milliseconds, but its 16 GiB
// of outputs cannot be committed. What is committed instead (vectors/<vendor>/):
//   digests.json : for each (function, implementation, input set) the XXH3-64
//                  digest of every block of 2^24 consecutive outputs, with a
//                  manifest saying where and how they were produced;
//   edge.txt     : the edge inputs of vectors/edge_inputs.txt with each output.
// Input sets are pure functions of (seed, index) (bitexact/inputs.hpp), so any
// block can be regenerated on a CPU and its digest recomputed from a reproduction.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "bitexact/registry/registry.hpp"
#include "bitexact/sweep/engine.hpp"

namespace bitexact::vectors {

// Block digests are a statistic of the sweep engine (sweep::block_digests,
// State::chunk_digests) over the standard input sets (sweep::standard_sets);
// this file reads and writes the committed files.
inline constexpr std::uint64_t standard_block = std::uint64_t(1) << 24;
using sweep::output_view;
using sweep::parse_view;
using sweep::view_name;

// k block indices of n spread evenly, always including the last block (which
// holds the Inf/NaN patterns of an exhaustive set): (i+1)*n/k - 1, i < k.
std::vector<std::uint64_t> spread_blocks(std::uint64_t n, std::uint64_t k);

struct digest_set {
  std::string fn;
  std::string impl;     // the reproduction whose outputs must match
  std::string truth;    // optional: the implementation the digests were computed from
  sweep::InputSet set;  // a standard set: exhaustive, uniform or structured
  std::uint64_t block = 0;
  output_view view = output_view::exact;
  std::vector<std::uint64_t> digests;
};
struct digest_file {
  nlohmann::json manifest;
  std::vector<digest_set> sets;
};
// Reads a digests.json; throws input_error naming the file and the problem.
digest_file load_digests(const std::string& path);
nlohmann::json to_json(const digest_file& f);
// Adds `d` to `f`, replacing a set with the same fn, impl, kind and seed.
void upsert(digest_file& f, digest_set d);

// One row of an edge-vector file: function, operands, and one output per column.
struct edge_row {
  std::string fn;
  std::vector<std::uint64_t> args;
  std::vector<std::uint64_t> outputs;
};
struct edge_file {
  std::vector<std::string> columns;  // implementation names of the output columns
  std::vector<edge_row> rows;
};
// Format: a header line "# columns: fn x [y] IMPL1 IMPL2 ..." then lines
// "FN X [Y] OUT1 OUT2 ..." in hex; '#' lines are comments.
edge_file load_edges(const std::string& path);

}  // namespace bitexact::vectors
