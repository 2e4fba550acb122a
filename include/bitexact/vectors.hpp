// bitexact/vectors.hpp — reference vectors and block digests (part of bitexact::engine).
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
#include <vector>

#include <nlohmann/json.hpp>

#include "bitexact/impl.hpp"

namespace bitexact::vectors {

// Named input sets:
//   "exhaustive"  input i is the bit pattern i (one-argument f32 functions only)
//   "uniform"     uniform bit patterns: operand k of input i is word_at(seed, i, k)
//                 (upper 32 bits for f32)
//   "structured"  inputs::structured_pair (fmod) / inputs::structured_single (ceil)
struct input_set {
  std::string kind;  // "exhaustive" | "uniform" | "structured"
  std::uint64_t seed = 0;
  std::uint64_t count = 0;
};

// Operands of inputs [begin, begin + n) of set `s` for function `fn` into a and b
// (b may be null for one-argument functions). Throws input_error on a set that
// does not apply to the function.
void generate(Fn fn, const input_set& s, std::uint64_t begin, std::size_t n, word* a, word* b);

// XXH3_64bits (seed 0) of n outputs stored as little-endian words of `bits` width.
std::uint64_t digest_block(const word* out, std::size_t n, int bits);

// Digests of blocks [first_block, first_block + nblocks) of `impl` over `s`,
// computed in parallel on all cores.
std::vector<std::uint64_t> compute_digests(const Impl& impl, const input_set& s,
                                           std::uint64_t block, std::uint64_t first_block,
                                           std::uint64_t nblocks);

struct digest_set {
  std::string fn, impl;
  input_set set;
  std::uint64_t block = 0;
  std::vector<std::uint64_t> digests;
};
struct digest_file {
  nlohmann::json manifest;
  std::vector<digest_set> sets;
};
// Reads a digests.json; throws input_error naming the file and the problem.
digest_file load_digests(const std::string& path);
nlohmann::json to_json(const digest_file& f);

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
