// bitexact/sweep/engine.hpp — the conformance sweep engine.
//
// One engine for every function, implementation and backend: it evaluates a
// function's implementations (entries of the registry, bitexact/registry/registry.hpp) and
// the truth (the registry's "mpfr") on an input set, in chunks, on all cores
// (TBB), and accumulates statistics per implementation against the truth and
// per pair of implementations.
//
// Every statistic is mergeable exactly and independently of order: integer
// counts, histograms with fixed bins, maxima whose witness is the smallest
// input (ties broken by input bits), and "the K smallest inputs" witness sets.
// So chunks, threads, shards (--shard) and resumed runs (--resume) all give
// bit-identical states and reports. See docs/sweep.md and
// conformance/report-schema.md.
//
// Part of the compiled library bitexact::engine.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bitexact/io/hexio.hpp"  // input_error
#include "bitexact/registry/registry.hpp"

namespace bitexact::sweep {

// ---- input sets ----------------------------------------------------------------

// An input set is an indexed sequence of inputs: input i can be produced on its
// own from its index, so any index range (a chunk, a shard) is regenerated
// independently and identically. This is bitexact's one vocabulary of input
// sets: sweeps, reports, committed digests (vectors/*/digests.json) and tests
// all name their inputs with it.
//   exhaustive          every bit pattern (one-argument 32-bit functions: 2^32)
//   uniform:N[:SEED]    N uniformly random bit patterns per operand; operand k of
//                       input i is inputs::uniform32/64(SEED, i, k) (bitexact/inputs.hpp,
//                       the generator the device kernels use; SEED default 1).
//                       "random:N[:SEED]" is the same set (its older name).
//   structured:N[:SEED] N inputs of inputs::structured_pair / structured_single
//                       (fmod-like pairs, ceil-like single operands; SEED default 1)
//   binades:N           N random inputs per (sign, binade) stratum; for two
//                       operands, per pair of strata (x stratum, y stratum)
//   interval:LO:HI      every input in [LO, HI] (one-argument functions)
//   edge[:SIZE]         the edge corpus (bitexact/sweep/corpus.hpp); with SIZE, the
//                       corpus repeated/truncated to exactly SIZE inputs
//   file:PATH           hex lines as `bitexact eval` reads them
// exhaustive, uniform and structured are the standard sets (standard_sets below).
struct InputSet {
  enum class Kind { exhaustive, uniform, binades, edge, file, interval, structured };
  Kind kind = Kind::exhaustive;
  Fn fn = Fn::sinf;
  std::string spec;                       // canonical spec ("uniform:1000:1")
  std::uint64_t count = 0;                // number of inputs
  std::uint64_t param = 0;                // N of uniform/structured/binades, SIZE of edge (0 = natural size),
                                          // interval: the ordered key of its first input
  std::uint64_t seed = 1;                 // uniform / structured / binades
  std::string path;                       // file
  std::uint64_t digest = 0;               // file / edge: xxhash of the inputs (guards resume and merge)
  std::vector<std::array<word, 2>> rows;  // edge / file: the inputs

  // Operands of inputs [lo, hi) into a[0..n) and b[0..n) (b only for arity 2).
  void generate(std::uint64_t lo, std::uint64_t hi, word* a, word* b) const;
  std::string describe() const;  // one line for reports
  // "exhaustive", "uniform", "structured", "binades", ...: the spec's keyword.
  std::string_view kind_name() const;
};

// Parse an input-set spec for `fn`; throws input_error (one line) when the spec
// is malformed, does not fit the function, or a file cannot be read/parsed.
InputSet parse_input_set(std::string_view spec, Fn fn);

// The standard set `kind` ("exhaustive", "uniform", "structured") of fn with
// `count` inputs and `seed`; throws input_error when it does not fit fn.
InputSet standard_set(Fn fn, std::string_view kind, std::uint64_t seed, std::uint64_t count);
// The standard sets of fn (the SEED column of bitexact/functions.def): one-operand
// binary32 functions "exhaustive"; the others "uniform" with seed SEED and
// "structured" with seed SEED + 1, `count` inputs each. The committed digests
// of every vendor directory and the device kernels use these.
std::vector<InputSet> standard_sets(Fn fn, std::uint64_t count = std::uint64_t(1) << 30);

// The counter-based generator of binades:N: splitmix64 of (seed, index).
std::uint64_t splitmix64(std::uint64_t seed, std::uint64_t index);

// ---- mergeable statistics ---------------------------------------------------------

// What a block digest is taken over. "exact": the output words as they are.
// "nan-sign-cleared": NaN outputs with their sign bit cleared (payload kept);
// for results whose NaN sign the ground truth cannot establish (ocml.bc run
// on x86 makes x86's negative default NaN where AMD makes a positive one:
// docs/ocml.md, finite-only fmod outside its contract).
enum class output_view { exact, nan_sign_cleared };
std::string_view view_name(output_view v);
output_view parse_view(std::string_view name);  // throws input_error on an unknown name

// XXH3_64bits (seed 0) of n outputs stored as little-endian words of `bits`
// width: the digest the device kernels compute over each block.
std::uint64_t digest_block(const word* out, std::size_t n, int bits);

// An input as an ordered key (operand 0, operand 1) and, for witnesses, the outputs.
struct Witness {
  word a = 0, b = 0;  // operands (b = 0 for one-argument functions)
  word r = 0, s = 0;  // outputs: (impl, truth) or (first impl, second impl)
  double ulp = 0;     // ULP error (impl vs truth witnesses) or ULP distance (pairs)
  // Pair witnesses: the truth's output at this input (0 in sweeps without a
  // truth), kept so that reports show it without evaluating the truth again.
  word t = 0;
  bool operator<(const Witness& o) const { return a != o.a ? a < o.a : b < o.b; }
  bool same_input(const Witness& o) const { return a == o.a && b == o.b; }
};

// The K smallest inputs (by operand bits) among those offered. Merge = union,
// keep the K smallest: exact and order-independent.
struct WitnessSet {
  static constexpr std::size_t K = 4;
  std::vector<Witness> w;  // sorted, unique inputs, at most K
  void offer(const Witness& x);
  void merge(const WitnessSet& o);
  bool operator==(const WitnessSet& o) const;
};

// A maximum with its witnesses (the K smallest inputs reaching it).
struct MaxWitness {
  double value = 0;  // 0 and no witness = nothing recorded
  WitnessSet at;
  void offer(double v, const Witness& x);
  void merge(const MaxWitness& o);
  bool operator==(const MaxWitness& o) const { return value == o.value && at == o.at; }
};

// Histogram bins of the ULP error of an implementation against the truth.
// Bin 0 holds correctly rounded results; the others hold the rest by error e:
//   (0,0.5] (0.5,1] (1,2] (2,4] ... (2^19,2^20] >2^20, then special bins:
//   zero_sign (+0 vs -0), inf (infinite error: an infinity against a finite
//   value, or infinities of opposite sign), nan (exactly one of the two is NaN).
namespace bins {
constexpr int cr = 0;
constexpr int half = 1;        // (0, 0.5]
constexpr int one = 2;         // (0.5, 1]
constexpr int pow2_first = 3;  // (1,2] .. (2^19,2^20] are 3..22
constexpr int huge = 23;       // > 2^20
constexpr int zero_sign = 24;
constexpr int inf = 25;
constexpr int nan = 26;
constexpr int count = 27;
}  // namespace bins
int ulp_bin(double e);  // numeric bins only (e > 0 finite)
std::string bin_label(int bin);

// Pair discrepancy classes (after Varity, Laguna 2020), for outputs whose bits differ.
enum class Disc : int {
  nan_vs_number = 0,  // exactly one is NaN
  inf_vs_number,      // exactly one is infinite (neither NaN)
  zero_vs_nonzero,    // exactly one is zero (both finite)
  number_vs_number,   // both finite non-zero (ULP distance histogram)
  nan_payload,        // both NaN, different bits
  inf_sign,           // +inf vs -inf
  zero_sign,          // +0 vs -0
  count
};
std::string_view disc_name(Disc d);
// The class of two outputs of `bits` width whose bits differ (the sweep's
// pair statistics and the porting tools).
Disc discrepancy(int bits, word x, word y);
// ULP-distance bins of number_vs_number pairs: 1, 2, (2,4], ..., (2^19,2^20], >2^20.
constexpr int dist_bins = 22;
int dist_bin(std::uint64_t steps);
std::string dist_label(int bin);

// Input / output value classes used for special-value behaviour.
enum class VClass : int { zero = 0, subnormal, normal, inf, nan, count };
std::string_view vclass_name(VClass c);

struct ImplStats {
  std::uint64_t count = 0;
  std::uint64_t correctly_rounded = 0;    // same bits as the truth, or both NaN
  std::uint64_t nan_payload_differs = 0;  // both NaN with other bits (counted as correct)
  std::array<std::uint64_t, bins::count> hist{};
  MaxWitness max;  // largest finite error among non-CR results
  // Indexed by the (sign, biased exponent) of operand 0: 2 * 2^exponent_bits entries.
  std::vector<double> binade_max;
  std::vector<std::uint64_t> binade_wrong;
  std::vector<Witness> binade_witness;  // smallest input at binade_max (valid when wrong>0)
  // Indexed by the top 12 bits of operand 0 (4096 buckets), for the error-vs-input plot.
  std::vector<double> bucket_max;
  std::vector<std::uint64_t> bucket_wrong;
  // Indexed by input class (one operand: 5; two: 25) and by truth-output class.
  std::vector<std::uint64_t> in_class_wrong;
  std::vector<double> in_class_max;
  std::array<std::uint64_t, 5> out_class_wrong{};
  WitnessSet special_witness;  // smallest inputs with a special-bin error
  // FTZ/DAZ flushes (docs/sweep.md, "Flushed results"): results that are
  // what flushing subnormals to zero gives. Not correctly rounded, but kept
  // out of the histogram, the maxima, the binade and bucket counters (the
  // plots); still counted per input and output class.
  std::uint64_t flushed = 0;
  WitnessSet flush_witness;  // smallest flushed inputs (ulp 0)

  void init(const FnInfo& f);
  // Results in the special bins (wrong signed zero, infinity or NaN).
  std::uint64_t special_mismatches() const { return hist[bins::zero_sign] + hist[bins::inf] + hist[bins::nan]; }

  void merge(const ImplStats& o);
  bool operator==(const ImplStats& o) const;
};

// Two implementations "differ" at an input when their results' bits differ and
// they are not both NaN: cls[nan_payload] (both NaN, other payloads) is the
// one difference kept apart. `differ` counts every difference of bits, the
// NaN-payload-only ones included; the report model subtracts them
// (report::PairReport::differ), and every renderer shows that one figure.
struct PairStats {
  std::uint64_t differ = 0;  // different bits (NaN payloads included)
  std::array<std::uint64_t, static_cast<int>(Disc::count)> cls{};
  std::array<WitnessSet, static_cast<int>(Disc::count)> witness;
  std::array<std::uint64_t, dist_bins> dist{};
  // The largest distance in floats between two number_vs_number results and
  // the K smallest inputs reaching it (r, s: the two results, ulp: the distance).
  MaxWitness max_dist;
  // Indexed like ImplStats::binade_wrong, by the (sign, biased exponent) of
  // operand 0: the inputs where the two differ (NaN payloads not included),
  // and the largest number_vs_number distance there (0: none). With
  // State::binade_count they give the share that differs per binade.
  std::vector<std::uint64_t> binade_differ;
  std::vector<double> binade_max_dist;
  void init(const FnInfo& f);
  void merge(const PairStats& o);
  bool operator==(const PairStats& o) const;
};

// A sorted set of disjoint half-open chunk ranges [lo, hi).
struct ChunkSet {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> r;
  void add(std::uint64_t lo, std::uint64_t hi);
  void merge(const ChunkSet& o);  // throws std::runtime_error on overlap
  bool contains(std::uint64_t c) const;
  bool intersects(const ChunkSet& o) const;
  std::uint64_t size() const;
  bool operator==(const ChunkSet& o) const { return r == o.r; }
};

// The fixed special inputs whose results every report lists (report.json's
// special_values, in this order, which is part of the report format): zeros,
// infinities, NaNs, the subnormal and normal bounds, +-1; for two operands,
// pairs of them.
std::vector<std::array<word, 2>> special_inputs(Fn fn);

// Every implementation's and the truth's results at special_inputs. Empty
// (no inputs) in sweeps without a truth.
struct SpecialValues {
  std::vector<std::array<word, 2>> inputs;
  std::vector<word> truth;
  std::vector<std::vector<word>> results;  // parallel to State::impls; empty: not registered when evaluated
  bool operator==(const SpecialValues& o) const = default;
};
// Evaluated now; truth nullptr: empty.
SpecialValues special_values(Fn fn, const std::vector<const Impl*>& impls, const Impl* truth);

// Everything a sweep knows: its definition, the completed chunks, and counters.
struct State {
  Fn fn = Fn::sinf;
  InputSet inputs;
  std::string truth;               // registry name of the reference ("mpfr")
  std::vector<std::string> impls;  // implementations compared (truth excluded)
  std::uint64_t chunk_size = 65536;
  std::uint64_t total_chunks = 0;
  std::string shard;                         // "K/N" or "" for the whole set
  std::uint64_t shard_lo = 0, shard_hi = 0;  // chunk range this state is responsible for
  ChunkSet done;
  std::uint64_t count = 0;                         // inputs evaluated
  std::vector<std::uint64_t> in_class_count;       // per input class
  // Inputs per (sign, biased exponent) of operand 0 (index: the operand's
  // bits shifted right by the mantissa width), the denominators of the pairs'
  // per-binade shares: counted in sweeps of two or more implementations
  // only (all zero otherwise).
  std::vector<std::uint64_t> binade_count;
  std::array<std::uint64_t, 5> out_class_count{};  // per truth-output class
  std::vector<ImplStats> impl_stats;               // parallel to impls (empty counters without a truth)
  std::vector<PairStats> pair_stats;               // (i, j) with i < j, in order (0,1) (0,2) .. (1,2) ..
  // Block digests (Options::digests): per implementation, the XXH3-64 digest of
  // each done chunk's outputs (digest_block, under `view`), keyed by chunk.
  bool digests = false;
  output_view view = output_view::exact;
  std::vector<std::map<std::uint64_t, std::uint64_t>> chunk_digests;  // parallel to impls
  // The results at the special inputs (special_inputs), evaluated once when
  // the state is made: reports list them without running an implementation.
  SpecialValues special;

  // Index in pair_stats of implementations i and j (i != j, either order).
  std::size_t pair_index(std::size_t i, std::size_t j) const {
    if (i > j) std::swap(i, j);
    return i * (2 * impls.size() - i - 1) / 2 + (j - i - 1);
  }

  void init_counters();
  // Adds o's counters (counts, classes, binades, statistics, digests) to
  // these; no check that the states belong together (merge checks).
  void merge_counters(const State& o);
  void merge(const State& o);  // throws input_error when incompatible
  bool complete() const { return done.size() == total_chunks; }
  bool operator==(const State& o) const;

  nlohmann::json to_json() const;
  static State from_json(const nlohmann::json& j);  // throws input_error
};

// ---- the engine -----------------------------------------------------------------

struct Progress {
  std::uint64_t done_inputs, total_inputs;
  double seconds;
};

struct Options {
  Fn fn = Fn::sinf;
  std::vector<const Impl*> impls;          // compared implementations (truth excluded)
  const Impl* truth = nullptr;             // nullptr: find_truth(fn), the correctly rounded one
  bool no_truth = false;                   // evaluate no truth: no per-implementation
                                           // statistics, only pairs and digests
  bool digests = false;                    // digest every chunk's outputs (State::chunk_digests)
  output_view view = output_view::exact;   // what the digests are taken over
  std::vector<std::uint64_t> only_chunks;  // run just these chunks (empty: the whole shard)
  InputSet inputs;
  std::uint64_t chunk_size = 65536;
  int shard_k = 0, shard_n = 1;  // 1-based K of N; 0/1 = everything
  unsigned threads = 0;          // 0: all cores
  // CUDA backend: the visible devices this process uses (empty: all of them).
  // Under mpirun each rank takes its share of the host's GPUs.
  std::vector<int> gpus;
  std::string checkpoint_path;   // "" = no checkpoints
  double checkpoint_seconds = 5;
  std::uint64_t stop_after_chunks = 0;            // debug: stop after this many new chunks (0 = never)
  std::function<void(const Progress&)> progress;  // called from one thread at a time
  const std::atomic<bool>* cancel = nullptr;      // set to stop early (e.g. SIGINT)
};

// A fresh state for these options (no chunk done).
State make_state(const Options& o);

// Run the chunks of `state`'s range that are not done yet and update `state`.
// Returns true when every chunk of the range is done (false: stopped early).
bool run(const Options& o, State& state);

// The statistics of n inputs whose outputs are already known, exactly as the
// engine accounts the inputs of a chunk: a[j], b[j] the operands (b unused for
// one-operand functions), outs[i][j] the output of implementation i of s.impls,
// truth[j] the truth's output (nullptr: a sweep without truth). `s` must be a
// partial from fresh_partial (counters of the same implementations). The
// CUDA backend uses it for the inputs it hands back to the host, as 64-bit
// words. (The engine's own chunks are accounted the same way on values of the
// function's type, with the truth's approximations where it has them.)
void account(Fn fn, State& s, const word* a, const word* b, const word* const* outs, const word* truth, std::size_t n);
namespace detail {
// account's batched path for ordinary differing results (src/sweep/engine.cpp,
// account_listed); tests turn it off to compare with one-by-one accounting.
inline bool account_batched = true;
// The ULP errors from the truth's approximations (Eval::values_approx and
// ulp_from_approx) where it has them; tests turn it off to compare with
// FnInfo::ulp_error_approx (the same values, bit for bit).
inline bool truth_approximations = true;
}  // namespace detail
// The chunks of the state's range (or of Options::only_chunks) not done yet,
// in order: the work of a run, whatever the backend.
std::vector<std::uint64_t> chunks_to_do(const Options& o, const State& state);
// Sets Witness::t of every pair witness of `s` to the truth's output at its
// input: for backends whose pair statistics are made where the truth is not
// at hand (the GPU's), and for states written before Witness::t existed.
void set_pair_truth(State& s, const Impl& truth);
// A state with the counters of `like` (implementations, function, digests) all zero.
State fresh_partial(const State& like);
// Adds the counters (not the chunk sets) of a partial to `dst`.
void merge_partial(State& dst, const State& part);

// The block digests of `impl` over blocks `blocks` of `set` (block = inputs per
// block): a sweep with no truth, chunk = block, digests on, on all cores.
std::vector<std::uint64_t> block_digests(const Impl& impl, const InputSet& set, std::uint64_t block,
                                         const std::vector<std::uint64_t>& blocks,
                                         output_view view = output_view::exact);

// ULP error of `result` against the exact value of the function at (a, b),
// with the rules of bitexact::truth (docs/sweep.md). Slow (MPFR); the engine
// calls it only for results that are not correctly rounded.
double ulp_error(Fn fn, word a, word b, word result);
// The same from `approx`, the value of FnInfo::ulp_error_approx for this
// result computed elsewhere (Impl::ulp_from_approx): it, or the exact error
// near a histogram bin boundary.
double ulp_error_from_approx(Fn fn, word a, word b, word result, double approx);

// Parse "nv,ocml,host" into registry entries for fn; throws input_error.
std::vector<const Impl*> resolve_impls(std::string_view list, Fn fn);

}  // namespace bitexact::sweep
