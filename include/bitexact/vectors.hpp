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
#include <string_view>
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

// The committed sets of every vendor directory, so that digests of different
// vendors over the same set can be compared block by block: one-argument f32
// functions "exhaustive"; the others "uniform" and "structured" with
// `count` inputs and these seeds (device/nv_native.cu uses the same):
// fmodf 1/2, fmod 3/4, ceil 5/6.
std::vector<input_set> standard_sets(Fn fn, std::uint64_t count = std::uint64_t(1) << 30);
inline constexpr std::uint64_t standard_block = std::uint64_t(1) << 24;

// Operands of inputs [begin, begin + n) of set `s` for function `fn` into a and b
// (b may be null for one-argument functions). Throws input_error on a set that
// does not apply to the function.
void generate(Fn fn, const input_set& s, std::uint64_t begin, std::size_t n, word* a, word* b);

// What a digest is taken over. "exact": the output words as they are.
// "nan-sign-cleared": NaN outputs with their sign bit cleared (payload kept);
// for results whose NaN sign the ground truth cannot establish (ocml.bc run
// on x86 makes x86's negative default NaN where AMD makes a positive one:
// docs/ocml.md, finite-only fmod outside its contract).
enum class output_view { exact, nan_sign_cleared };
std::string_view view_name(output_view v);
// Throws input_error on an unknown name.
output_view parse_view(std::string_view name);

// XXH3_64bits (seed 0) of n outputs stored as little-endian words of `bits` width.
std::uint64_t digest_block(const word* out, std::size_t n, int bits);

// Digests of the blocks `blocks` (indices, each covering inputs
// [index*block, (index+1)*block)) of `impl` over `s`, in parallel on all cores.
std::vector<std::uint64_t> compute_digests(const Impl& impl, const input_set& s, std::uint64_t block,
                                           const std::vector<std::uint64_t>& blocks,
                                           output_view view = output_view::exact);
// Blocks [first_block, first_block + nblocks).
std::vector<std::uint64_t> compute_digests(const Impl& impl, const input_set& s,
                                           std::uint64_t block, std::uint64_t first_block,
                                           std::uint64_t nblocks,
                                           output_view view = output_view::exact);
// k block indices of n spread evenly, always including the last block (which
// holds the Inf/NaN patterns of an exhaustive set): (i+1)*n/k - 1, i < k.
std::vector<std::uint64_t> spread_blocks(std::uint64_t n, std::uint64_t k);

struct digest_set {
  std::string fn;
  std::string impl;   // the reproduction whose outputs must match
  std::string truth;  // optional: the implementation the digests were computed from
  input_set set;
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
