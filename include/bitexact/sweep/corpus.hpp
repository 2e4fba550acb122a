// bitexact/sweep/corpus.hpp — the edge corpus: the inputs where implementations of a
// function are most likely to differ, each with the reason it is there.
//
// `bitexact corpus FN` prints it as hex lines with a "# why" comment, the format
// `bitexact sweep --inputs file:PATH` and `bitexact eval` read; the sweep input
// set `edge` is this corpus. Part of the compiled library bitexact::engine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "bitexact/registry/registry.hpp"

namespace bitexact::corpus {

struct Entry {
  word a = 0, b = 0;  // operands (b unused for one-argument functions)
  std::string why;
};

// The edge corpus of fn, deterministic, without duplicate inputs (first reason kept).
std::vector<Entry> edge(Fn fn);

// The corpus resized to exactly n entries (repeated cyclically, or truncated):
// the shapes used by batched/tiled APIs. n = 0 gives the natural size; n above
// max_size throws input_error before anything is allocated (every entry
// carries its reason as text, ~100 bytes).
inline constexpr std::size_t max_size = std::size_t(1) << 20;
std::vector<Entry> sized(Fn fn, std::size_t n);

// Batch sizes of the tile-program bug study (1, 33, 1024, 10000, 65537 elements).
const std::vector<std::size_t>& batch_shapes();

// ---- nearest floats to multiples of pi/2 -----------------------------------------

// min over m in [lo, hi) of |m * alpha - k| (k the nearest integer), found by
// the continued-fraction expansion of alpha (no scan): the `keep` best m, best
// first, with their distances. alpha is given as an exact dyadic string
// evaluated by MPFR at `prec` bits by the caller through the functions below.
struct Approx {
  std::uint64_t m = 0;  // the multiplier
  double dist = 0;      // |m*alpha - k| (relative precision ~ 2^-50)
  long double k = 0;    // nearest integer (may be large)
};

// alpha = num / 2^shift with a given multiplier of 2/pi: alpha = 2^e * (2/pi).
// Returns the `keep` m in [lo, hi) whose m*alpha is closest to an integer.
std::vector<Approx> closest_to_integers_two_over_pi(int e, std::uint64_t lo, std::uint64_t hi, std::size_t keep);

// The same search for an arbitrary alpha given as a decimal or hex string
// (MPFR syntax), for tests against a brute-force scan.
std::vector<Approx> closest_to_integers(const std::string& alpha, std::uint64_t lo, std::uint64_t hi, std::size_t keep);

// Binary32 x > 0 nearest to multiples of pi/2, `per_binade` per binade from
// [1,2) to [2^127, 2^128) (raw bits, with |x*2/pi - k| as the distance).
struct PiHalfCase {
  std::uint32_t bits;
  double dist;  // |x * 2/pi - k|
  double k;     // the multiple of pi/2 (as a double; exact below 2^53)
};
std::vector<PiHalfCase> nearest_to_pi_over_2_f32(std::size_t per_binade);

}  // namespace bitexact::corpus
