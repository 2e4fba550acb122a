// The sweep engine: chunks of an input set evaluated on all cores, statistics
// accumulated per chunk and merged (exactly, in any order) into one State.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <type_traits>

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "bitexact/dispatch.hpp"
#include "bitexact/io/atomic_file.hpp"
#include "bitexact/io/hexio.hpp"
#include "bitexact/sweep/classify.hpp"
#include "bitexact/sweep/engine.hpp"

#include "bitexact/simd/hwy.hpp"
#if BITEXACT_SIMD
#define BITEXACT_SIMD_INCLUDE "sweep/engine-inl.hpp"
#include "bitexact/simd/foreach.hpp"
#endif

namespace bitexact::sweep {

std::vector<const Impl*> resolve_impls(std::string_view list, Fn fn) {
  std::vector<const Impl*> out;
  std::size_t pos = 0;
  while (pos <= list.size()) {
    auto comma = list.find(',', pos);
    std::string name(list.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos));
    pos = comma == std::string_view::npos ? list.size() + 1 : comma + 1;
    if (name.empty()) throw input_error(fmt::format("empty implementation name in '{}'", list));
    const Impl* p = find_impl(name, fn);
    if (!p) throw input_error(unknown_impl_message(name, fn));
    if (p->correctly_rounded) continue;  // the truth is always there
    for (const Impl* q : out)
      if (q == p) throw input_error(fmt::format("implementation '{}' listed twice", name));
    out.push_back(p);
  }
  return out;
}

// The reference of a sweep: none (no_truth), the one given, or find_truth(fn).
static const Impl* truth_of(const Options& o) {
  if (o.no_truth) return nullptr;
  const Impl* truth = o.truth ? o.truth : find_truth(o.fn);
  if (!truth) throw input_error("no correctly rounded implementation of " + std::string(fn_info(o.fn).name));
  return truth;
}

template <class W, class U>
static void account_t(Fn fn, State& s, const W* a_in, const W* b_in, const W* const* outp, const W* truth_out,
                      std::size_t n, const double* truth_approx, U ulp_from_approx);

State make_state(const Options& o) {
  State s;
  s.fn = o.fn;
  s.inputs = o.inputs;
  const Impl* truth = truth_of(o);
  s.truth = truth ? truth->name : "";
  for (const Impl* p : o.impls) s.impls.push_back(p->name);
  s.digests = o.digests;
  s.view = o.view;
  s.chunk_size = o.chunk_size;
  s.total_chunks = (o.inputs.count + o.chunk_size - 1) / o.chunk_size;
  if (o.shard_n > 1) {
    if (o.shard_k < 1 || o.shard_k > o.shard_n) throw input_error("bad shard (expected K/N with 1 <= K <= N)");
    // contiguous ranges of chunks: shard K of N is [T*(K-1)/N, T*K/N)
    const unsigned __int128 T = s.total_chunks;
    s.shard_lo = std::uint64_t(T * unsigned(o.shard_k - 1) / unsigned(o.shard_n));
    s.shard_hi = std::uint64_t(T * unsigned(o.shard_k) / unsigned(o.shard_n));
    s.shard = fmt::format("{}/{}", o.shard_k, o.shard_n);
  } else {
    s.shard_lo = 0;
    s.shard_hi = s.total_chunks;
  }
  s.init_counters();
  s.special = special_values(o.fn, o.impls, truth);
  return s;
}

namespace {

// The numbers of NaNs, infinities, subnormals and zeros among n words (their
// bits under `magnitude`, the mask without the sign), and the list of the
// positions where two arrays of words differ under `mask`: the per-input work
// of every accounted batch. Branch-free loops; with AVX-512, eight words a
// step (compares into masks counted by masked adds into per-lane counters:
// one instruction a class and step, where popcounts of the masks take three;
// compressed index stores). Integer results: the same on every CPU
// (tests/sweep_engine_test.cpp runs both paths). A counter array incremented
// per word would serialise on its own stores instead.
// W: the function's value type (float, double: run_chunk), or 64-bit words
// (account, for the GPU backend); bits_of gives the bits.
BITEXACT_INLINE word bits_of(word w) { return w; }
BITEXACT_INLINE word bits_of(float v) { return bit_cast<std::uint32_t>(v); }
BITEXACT_INLINE word bits_of(double v) { return bit_cast<std::uint64_t>(v); }

template <class W>
void count_special_classes_scalar(const W* w, std::size_t n, word magnitude, word expmask, word fracmask,
                                  std::uint64_t* c4) {
  std::uint64_t nan = 0, inf = 0, sub = 0, zero = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const word v = bits_of(w[j]) & magnitude;
    nan += v > expmask;
    inf += v == expmask;
    zero += v == 0;
    sub += v - 1 < fracmask;  // 0 < v <= fracmask (v = 0 wraps around)
  }
  c4[0] = nan;
  c4[1] = inf;
  c4[2] = sub;
  c4[3] = zero;
}

// Positions from j0 on.
template <class W>
std::size_t list_differences_scalar(const W* x, const W* y, std::size_t j0, std::size_t n, word mask,
                                    std::uint32_t* list) {
  std::size_t cnt = 0;
  for (std::size_t j = j0; j < n; ++j) {
    list[cnt] = std::uint32_t(j);
    cnt += ((bits_of(x[j]) ^ bits_of(y[j])) & mask) != 0;
  }
  return cnt;
}

// The SIMD layer's kernels (sweep/engine-inl.hpp) do the whole vectors, the
// scalar passes the rest.
template <class W>
void count_special_classes(const W* w, std::size_t n, word magnitude, word expmask, word fracmask, std::uint64_t* c4) {
  const std::size_t j = BITEXACT_SIMD_DISPATCH(std::size_t(0), simd_kernels,
                                               count_special_classes(w, n, magnitude, expmask, fracmask, c4));
  if (j == 0) return count_special_classes_scalar(w, n, magnitude, expmask, fracmask, c4);
  std::uint64_t rest[4];
  count_special_classes_scalar(w + j, n - j, magnitude, expmask, fracmask, rest);
  for (int k = 0; k < 4; ++k) c4[k] += rest[k];
}

// The positions j < n where (x[j] ^ y[j]) & mask != 0, in order, into list
// (room for n + 1 entries: the scalar pass writes one past); returns their number.
template <class W>
std::size_t list_differences(const W* x, const W* y, std::size_t n, word mask, std::uint32_t* list) {
  std::size_t j0 = 0;
  const std::size_t cnt =
      BITEXACT_SIMD_DISPATCH(std::size_t(0), simd_kernels, list_differences(x, y, n, mask, list, &j0));
  return cnt + list_differences_scalar(x, y, j0, n, mask, list + cnt);
}

// The fields of the function's format as words, from the typed view fp_bits
// (the engine handles operands of either width as 64-bit words).
struct Classifier {
  int bits;
  word mask, sign, expmask, fracmask;
  int mbits;
  template <class T>
  static Classifier of() {
    using B = fp_bits<T>;
    return {B::traits::total_bits, word(typename B::storage(~0ull)), B::sign_mask, B::exponent_mask, B::fraction_mask,
            B::mantissa_bits};
  }
  static Classifier of(const FnInfo& f) { return f.bits == 32 ? of<float>() : of<double>(); }
  int vclass(word w) const {
    word e = w & expmask, m = w & fracmask;
    if (e == expmask) return m ? int(VClass::nan) : int(VClass::inf);
    if (e == 0) return m ? int(VClass::subnormal) : int(VClass::zero);
    return int(VClass::normal);
  }
  // counts[k] += the number of the n words (masked) of class k (VClass order).
  template <class W>
  void count_classes(const W* w, std::size_t n, std::uint64_t* counts) const {
    std::uint64_t c4[4];
    count_special_classes(w, n, mask & ~sign, expmask, fracmask, c4);
    counts[int(VClass::nan)] += c4[0];
    counts[int(VClass::inf)] += c4[1];
    counts[int(VClass::subnormal)] += c4[2];
    counts[int(VClass::zero)] += c4[3];
    counts[int(VClass::normal)] += n - c4[0] - c4[1] - c4[2] - c4[3];
  }
  bool is_nan(word w) const { return (w & ~sign) > expmask; }
  bool is_zero(word w) const { return (w & ~sign) == 0; }
  bool is_normal(word w) const {  // vclass(w) == normal, branch-free
    const word e = w & expmask;
    return (e != 0) & (e != expmask);
  }
  std::int64_t ordered(word w) const {
    std::int64_t mag = std::int64_t(w & ~sign);
    return (w & sign) ? -mag : mag;
  }
  std::size_t binade(word a) const { return std::size_t(a >> mbits); }  // sign and exponent
  std::size_t bucket(word a) const { return std::size_t(a >> (bits - 12)); }
};

// A worker's arrays for functions of type T.
template <class T>
struct Buffers {
  std::vector<T> a, b, t;           // operands, the truth's results
  std::vector<std::vector<T>> out;  // each implementation's results
};

// Statistics of one chunk (a State used only for its counters). The arrays
// of both types stay, so that they keep their capacity from chunk to chunk.
struct Worker {
  std::vector<word> wa, wb;    // operands as the input set generates them
  std::vector<double> approx;  // the truth's approximations (Eval::values_approx)
  Buffers<float> f32;
  Buffers<double> f64;
  State acc;
  template <class T>
  Buffers<T>& buffers() {
    if constexpr (std::is_same_v<T, float>)
      return f32;
    else
      return f64;
  }
};

void reset_counters(State& acc, const State& like) {
  acc.fn = like.fn;
  acc.impls = like.impls;
  acc.digests = like.digests;
  acc.init_counters();
}

// Is r (not the truth's t) what an FTZ/DAZ unit gives (docs/sweep.md, "Flushed
// results")? Either r is a zero where t is a nonzero subnormal (output
// flushed), or r is the truth at the inputs with their subnormal operands
// read as zeros of their sign (input flushed), possibly with that result
// flushed in turn. Called only for hd::flush_candidate, which is rare
// (subnormal operands or results), so the extra truth call costs nothing.
bool is_flushed(const Classifier& c, Fn fn, word a, word b, word r, word t) {
  if (hd::output_flushed(c.bits, r, t)) return true;
  const int arity = fn_info(fn).arity;
  const word fa = hd::flush_operand(c.bits, a), fb = arity == 2 ? hd::flush_operand(c.bits, b) : b;
  if (fa == a && fb == b) return false;
  const Impl* tr = find_truth(fn);
  if (!tr) return false;
  const word tf = eval_one(*tr, fa, fb) & c.mask;
  return r == tf || (c.is_nan(r) && c.is_nan(tf)) || hd::output_flushed(c.bits, r, tf);
}

void account_impl(const Classifier& c, Fn fn, ImplStats& st, word a, word b, word r, word t, int in_cls, int out_cls,
                  const double* approx_e) {
  if (c.is_nan(r) && c.is_nan(t)) {  // both NaN: correct, payload noted
    ++st.correctly_rounded;          // (bin 0 is filled from correctly_rounded per chunk)
    ++st.nan_payload_differs;
    return;
  }
  Witness w{a, b, r, t, 0};
  if (hd::flush_candidate(c.bits, fn_info(fn).arity, a, b, r, t) && is_flushed(c, fn, a, b, r, t)) {
    // A flush is documented behaviour, not an error of 2^23 ulps: its own
    // class, out of the histogram, the maxima and the plots, but still not
    // correctly rounded in the per-class counts.
    ++st.flushed;
    ++st.in_class_wrong[in_cls];
    ++st.out_class_wrong[out_cls];
    st.flush_witness.offer(w);
    return;
  }
  int bin;
  double e;
  if (c.is_nan(r) || c.is_nan(t)) {
    bin = bins::nan;
    e = std::nan("");
  } else if (c.is_zero(r) && c.is_zero(t)) {
    bin = bins::zero_sign;
    e = 0;
  } else {
    // From the truth's approximation when the caller computed it (approx_e).
    e = approx_e ? ulp_error_from_approx(fn, a, b, r, *approx_e) : ulp_error(fn, a, b, r);
    if (std::isnan(e))
      bin = bins::nan;
    else if (std::isinf(e))
      bin = bins::inf;
    else
      bin = ulp_bin(e);
  }
  w.ulp = e;
  ++st.hist[bin];
  const std::size_t bi = c.binade(a), bu = c.bucket(a);
  ++st.binade_wrong[bi];
  ++st.bucket_wrong[bu];
  ++st.in_class_wrong[in_cls];
  ++st.out_class_wrong[out_cls];
  if (bin >= bins::zero_sign) {
    st.special_witness.offer(w);
    return;
  }
  if (st.max.at.w.empty() || e >= st.max.value) st.max.offer(e, w);  // (offer's own first test, inline)
  if (st.binade_wrong[bi] == 1 || e > st.binade_max[bi] || (e == st.binade_max[bi] && w < st.binade_witness[bi])) {
    st.binade_max[bi] = e;
    st.binade_witness[bi] = w;
  }
  st.bucket_max[bu] = std::max(st.bucket_max[bu], e);
  st.in_class_max[in_cls] = std::max(st.in_class_max[in_cls], e);
}

// The run of ordinary results from s0 on whose operand 0 is in the bucket of
// the first: its end, its largest error (m), the first entry reaching it (at)
// and how many do (ties: the witnesses at m are those entries), and its
// errors' bins counted into h. sa: the operands' bits, entry by entry, where
// account_listed's vector pass gave them (floats): then the SIMD layer's
// scan (sweep/engine-inl.hpp) does it. A function of its own so that the
// maximum stays in a register (the caller makes calls, across which no
// vector register survives).
template <class W>
[[gnu::noinline]] std::size_t scan_run(const Classifier& c, const W* a_in, word mask, const std::uint32_t* sj,
                                       const std::uint32_t* sa, const double* se, std::size_t s0, std::size_t ns,
                                       std::uint64_t (*h)[bins::count], double& m_out, std::size_t& at_out,
                                       std::size_t& ties_out) {
  if (sa) {
    const std::size_t s1 = BITEXACT_SIMD_DISPATCH(
        std::size_t(0), simd_kernels, scan_run(sa, se, s0, ns, c.bits - 12, h[0], &m_out, &at_out, &ties_out));
    if (s1 > s0) return s1;
  }
  const auto bucket = [&](std::size_t s) { return c.bucket(sa ? word(sa[s]) : bits_of(a_in[sj[s]]) & mask); };
  const std::size_t bu = bucket(s0);
  // (Locals, not the out-parameters: the counts' stores could alias those.)
  double m = 0;
  std::size_t at = s0, ties = 0;
  const std::size_t s = hd::scan_errors(
      se, s0, ns, [&](std::size_t k) { return bucket(k) == bu; }, [&](std::size_t k, int bin) { ++h[k & 3][bin]; }, m,
      at, ties);
  m_out = m;
  at_out = at;
  ties_out = ties;
  return s;
}

// The results of one implementation that differ from the truth, at the
// positions list[0..cnt) (increasing), with their approximate ULP errors when
// the truth gave them (errs, as account_impl takes them).
//
// Nearly all of them are ordinary: numbers on both sides, normal operands
// and truth, no flush, a finite error away from a bin boundary. Those are
// set aside with their final errors and accounted per run of neighbouring
// inputs in the same bucket (top 12 bits of operand 0, which fix its binade):
// the counters take the run's count once, the maxima its maximum, and only
// the run's entries at that maximum are offered as witnesses. Every other
// result takes account_impl. All the statistics are order-independent
// aggregates (sums, maxima, the K smallest witnesses at a maximum), so the
// State is the one account_impl gives for every result (tested by
// SweepEngine.BatchedAccountingGivesTheSameState). About 5x less work per
// differing result than account_impl, whose branches on the error's value
// mispredict.
template <class W>
void account_listed(const Classifier& c, Fn fn, ImplStats& st, const W* a_in, const W* b_in, const W* o,
                    const W* truth_out, const std::uint32_t* list, std::size_t cnt, const double* errs) {
  const FnInfo& f = fn_info(fn);
  const int arity = f.arity;
  const word mask = c.mask;
  const int normal_in = arity == 1 ? int(VClass::normal) : int(VClass::normal) * 5 + int(VClass::normal);
  thread_local std::vector<std::uint32_t> sj, sa, rest;  // positions of the ordinary results, operands, others' q
  thread_local std::vector<double> se;                   // the ordinary results' errors
  // (The operands' bits are kept for floats: the runs' scans read them.)
  constexpr bool keep_operands = std::is_same_v<W, float>;
  sj.resize(cnt + 16);
  se.resize(cnt + 16);
  if (keep_operands) sa.resize(cnt + 16);
  std::size_t ns = 0, q0 = 0, nrest = 0;
  // The vector pass (sweep/engine-inl.hpp) on the whole vectors of the list.
  if constexpr (std::is_same_v<W, float>)
    if (errs && detail::account_batched) {
      rest.resize(cnt + 16);
      ns = BITEXACT_SIMD_DISPATCH(std::size_t(0), simd_kernels,
                                  ordinary(arity, a_in, b_in, o, truth_out, list, cnt, errs, sj.data(), sa.data(),
                                           se.data(), 0, rest.data(), &nrest, &q0));
    }
  // The results the vector pass set aside (rest), then those after it.
  for (std::size_t k = 0; k < nrest + (cnt - q0); ++k) {
    const std::size_t q = k < nrest ? rest[k] : q0 + (k - nrest);
    const std::size_t j = list[q];
    const word a = bits_of(a_in[j]) & mask, b = arity == 2 ? bits_of(b_in[j]) & mask : word(0);
    const word r = bits_of(o[j]) & mask, t = bits_of(truth_out[j]) & mask;
    // (Each condition named first: one branch for all of them, without
    // clang's -Wbitwise-instead-of-logical on calls joined by &.)
    const bool normal_a = c.is_normal(a), normal_b = arity == 1 || c.is_normal(b), normal_t = c.is_normal(t);
    const bool nan_r = c.is_nan(r), zero_r = c.is_zero(r), flush = hd::flush_candidate(c.bits, arity, a, b, r, t);
    const bool ordinary = detail::account_batched & normal_a & normal_b & normal_t & !nan_r & !zero_r & !flush;
    if (ordinary) [[likely]] {
      // account_impl's error: from the approximation (exact near a bin
      // boundary), or the exact form.
      const double e =
          errs ? (hd::near_bin_boundary(errs[q]) ? f.ulp_error(a, b, r) : errs[q]) : ulp_error(fn, a, b, r);
      if (e > 0 && e < HUGE_VAL) [[likely]] {
        sj[ns] = std::uint32_t(j);
        if (keep_operands) sa[ns] = std::uint32_t(a);
        se[ns] = e;
        ++ns;
        continue;
      }
    }
    const int in_cls = arity == 1 ? c.vclass(a) : c.vclass(a) * 5 + c.vclass(b);
    account_impl(c, fn, st, a, b, r, t, in_cls, c.vclass(t), errs ? &errs[q] : nullptr);
  }
  // Histogram: four interleaved copies, so that neighbouring results in the
  // same bin do not wait on each other's increments.
  std::uint64_t h[4][bins::count] = {};
  const std::uint32_t* sjp = sj.data();
  const double* sep = se.data();
  for (std::size_t s0 = 0; s0 < ns;) {
    const word a0 = bits_of(a_in[sjp[s0]]) & mask;
    const std::size_t bu = c.bucket(a0), bi = c.binade(a0);
    double m;
    std::size_t at, ties;
    const std::size_t s1 =
        scan_run(c, a_in, mask, sjp, keep_operands ? sa.data() : nullptr, sep, s0, ns, h, m, at, ties);
    const std::uint64_t k = s1 - s0;
    bool first = st.binade_wrong[bi] == 0;
    st.binade_wrong[bi] += k;
    st.bucket_wrong[bu] += k;
    st.in_class_wrong[normal_in] += k;
    st.out_class_wrong[int(VClass::normal)] += k;
    if (m > st.bucket_max[bu]) st.bucket_max[bu] = m;
    if (m > st.in_class_max[normal_in]) st.in_class_max[normal_in] = m;
    const bool to_max = st.max.at.w.empty() || m >= st.max.value;
    if (to_max || first || m >= st.binade_max[bi])
      for (std::size_t s = at, seen = 0; seen < ties; ++s) {  // (the ties lie in [at, s1))
        if (sep[s] != m) continue;
        ++seen;
        const std::size_t j = sjp[s];
        const Witness w{bits_of(a_in[j]) & mask, arity == 2 ? bits_of(b_in[j]) & mask : word(0), bits_of(o[j]) & mask,
                        bits_of(truth_out[j]) & mask, m};
        if (to_max) st.max.offer(m, w);
        if (first || m > st.binade_max[bi] || (m == st.binade_max[bi] && w < st.binade_witness[bi])) {
          st.binade_max[bi] = m;
          st.binade_witness[bi] = w;
          first = false;
        }
      }
    s0 = s1;
  }
  for (int k = 0; k < bins::count; ++k) st.hist[k] += h[0][k] + h[1][k] + h[2][k] + h[3][k];
}

void account_pair(const Classifier& c, PairStats& p, word a, word b, word x, word y, word t) {
  const Disc d = discrepancy(c.bits, x, y);
  double dist = 0;
  if (d == Disc::number_vs_number) {
    std::int64_t ox = c.ordered(x), oy = c.ordered(y);
    std::uint64_t steps = ox > oy ? std::uint64_t(ox) - std::uint64_t(oy) : std::uint64_t(oy) - std::uint64_t(ox);
    ++p.dist[dist_bin(steps)];
    dist = double(steps);
  }
  ++p.differ;
  ++p.cls[int(d)];
  if (d != Disc::nan_payload) {
    const std::size_t bi = c.binade(a);
    ++p.binade_differ[bi];
    p.binade_max_dist[bi] = std::max(p.binade_max_dist[bi], dist);
  }
  const Witness w{a, b, x, y, dist, t};
  p.witness[int(d)].offer(w);
  if (d == Disc::number_vs_number) p.max_dist.offer(dist, w);
}

// The inputs list[0, cnt) (increasing) where a pair's outputs x and y
// differ. Nearly all are two finite nonzero numbers (number_vs_number) a
// float or two apart: those are accounted inline, per run of neighbouring
// inputs in one binade of operand 0 (its counters and maximum once a run),
// with the witness sets' and the maximum's own first tests inline, so that
// only an offer that can change a set is made. Every other entry takes
// account_pair. Order-independent aggregates again: the PairStats are those
// of account_pair on every entry (SweepEngine.BatchedAccountingGivesTheSameState),
// at about a third of its cost (a call, a Witness and two offers an entry).
template <class W>
void account_pairs_listed(const Classifier& c, PairStats& p, int arity, const W* a_in, const W* b_in, const W* x,
                          const W* y, const W* truth_out, const std::uint32_t* list, std::size_t cnt) {
  const word mask = c.mask;
  const auto at = [&](const W* v, std::size_t j) { return v ? bits_of(v[j]) & mask : word(0); };
  WitnessSet& ws = p.witness[int(Disc::number_vs_number)];
  MaxWitness& mx = p.max_dist;
  std::uint64_t numbers = 0, adjacent = 0;  // number_vs_number entries; those with distance 1
  std::size_t run_bi = 0;                   // the run: its binade, length and largest distance
  std::uint64_t run_k = 0;
  double run_max = 0;
  const auto end_run = [&] {
    if (run_k == 0) return;
    p.binade_differ[run_bi] += run_k;
    p.binade_max_dist[run_bi] = std::max(p.binade_max_dist[run_bi], run_max);
  };
  for (std::size_t q = 0; q < cnt; ++q) {
    const std::size_t j = list[q];
    const word xw = at(x, j), yw = at(y, j), a = at(a_in, j), b = arity == 2 ? at(b_in, j) : word(0);
    // Finite and nonzero both: 1 <= |w| < the exponent mask (0 wraps around).
    const bool numbers_both = ((xw & ~c.sign) - 1 < c.expmask - 1) & ((yw & ~c.sign) - 1 < c.expmask - 1);
    if (!numbers_both || !detail::account_batched) [[unlikely]] {
      account_pair(c, p, a, b, xw, yw, at(truth_out, j));
      continue;
    }
    const std::int64_t ox = c.ordered(xw), oy = c.ordered(yw);
    const std::uint64_t steps = ox > oy ? std::uint64_t(ox) - std::uint64_t(oy) : std::uint64_t(oy) - std::uint64_t(ox);
    const double dist = double(steps);
    ++numbers;
    if (steps == 1)
      ++adjacent;
    else
      ++p.dist[dist_bin(steps)];
    const std::size_t bi = c.binade(a);
    if (bi != run_bi || run_k == 0) {
      end_run();
      run_bi = bi;
      run_k = 0;
      run_max = 0;
    }
    ++run_k;
    run_max = std::max(run_max, dist);
    const Witness key{a, b};
    const bool to_set = ws.w.size() < WitnessSet::K || key < ws.w.back();
    const bool to_max = mx.at.w.empty() || dist > mx.value ||
                        (dist == mx.value && (mx.at.w.size() < WitnessSet::K || key < mx.at.w.back()));
    if (to_set || to_max) [[unlikely]] {
      const Witness w{a, b, xw, yw, dist, at(truth_out, j)};
      if (to_set) ws.offer(w);
      if (to_max) mx.offer(dist, w);
    }
  }
  end_run();
  p.differ += numbers;
  p.cls[int(Disc::number_vs_number)] += numbers;
  p.dist[dist_bin(1)] += adjacent;
}

// Every input of [0, n) where a pair's outputs x and y differ, into p (list:
// room for n + 16 positions). For floats of one operand, nearly every pair
// sweep, the SIMD layer's pass (adjacent_pairs, sweep/engine-inl.hpp) counts
// the vectors of adjacent results whose offers could change nothing, as
// account_pairs_listed would; that takes the others. Such a vector needs the
// pair's witness sets full, so until they are (the first differences of a
// chunk) account_pairs_listed takes windows of 256 inputs itself. The sets
// only improve, so an input above their bounds at the start of the pass is
// above them to its end.
template <class W>
void account_pairs(const Classifier& c, PairStats& p, int arity, const W* a_in, const W* b_in, const W* x, const W* y,
                   const W* truth_out, std::size_t n, std::uint32_t* list) {
  std::size_t j0 = 0;
  const auto from_j0 = [&](const W* v) { return v ? v + j0 : v; };
  const auto listed = [&](std::size_t cnt) {
    account_pairs_listed(c, p, arity, from_j0(a_in), from_j0(b_in), from_j0(x), from_j0(y), from_j0(truth_out), list,
                         cnt);
  };
  if constexpr (std::is_same_v<W, float>) {
    if (arity == 1 && detail::account_batched) {
      const WitnessSet& ws = p.witness[int(Disc::number_vs_number)];
      const MaxWitness& mx = p.max_dist;
      const auto full = [&] {
        return ws.w.size() == WitnessSet::K && (mx.value > 1 || (mx.value == 1 && mx.at.w.size() == WitnessSet::K));
      };
      for (; j0 < n && !full(); j0 += std::min<std::size_t>(256, n - j0))
        listed(list_differences(x + j0, y + j0, std::min<std::size_t>(256, n - j0), c.mask, list));
      if (j0 < n) {
        // An adjacent pair's offer could change a set only below this input
        // (the maximum's set: while the maximum is 1).
        word below = ws.w.back().a;
        if (mx.value == 1) below = std::min(below, mx.at.w.back().a);
        std::size_t done = 0;
        std::uint64_t adjacent = 0;
        const std::size_t nr = BITEXACT_SIMD_DISPATCH(
            std::size_t(0), simd_kernels,
            adjacent_pairs(a_in + j0, x + j0, y + j0, n - j0, std::uint32_t(below), c.mbits, p.binade_differ.data(),
                           p.binade_max_dist.data(), &adjacent, list, &done));
        p.differ += adjacent;
        p.cls[int(Disc::number_vs_number)] += adjacent;
        p.dist[dist_bin(1)] += adjacent;
        listed(nr);
        j0 += done;
      }
    }
  }
  listed(list_differences(x + j0, y + j0, n - j0, c.mask, list));
}

// Feeds outputs into a streaming XXH3 state as little-endian words of `bits`
// width under `view` (x86-64 and the GPUs are little-endian). W: the engine's
// 64-bit words, or binary32 results held as floats (the same bytes).
template <class W>
void digest_update(XXH3_state_t& st, const W* out, std::size_t n, int bits, output_view view) {
  const word sign = word(1) << (bits - 1);
  const word inf = bits == 32 ? word(fp_bits<float>::inf().bits) : word(fp_bits<double>::inf().bits);
  auto seen = [&](word w) { return view == output_view::nan_sign_cleared && (w & (sign - 1)) > inf ? w & ~sign : w; };
  if (view == output_view::exact && sizeof(W) * 8 == unsigned(bits)) {  // already the digested bytes
    XXH3_64bits_update(&st, out, n * sizeof(W));
    return;
  }
  if (bits == 64) {
    word buf[512];
    for (std::size_t i = 0; i < n;) {
      const std::size_t m = std::min<std::size_t>(512, n - i);
      for (std::size_t j = 0; j < m; ++j) buf[j] = seen(bits_of(out[i + j]));
      XXH3_64bits_update(&st, buf, m * 8);
      i += m;
    }
    return;
  }
  std::uint32_t buf[1024];
  for (std::size_t i = 0; i < n;) {
    const std::size_t m = std::min<std::size_t>(1024, n - i);
    for (std::size_t j = 0; j < m; ++j) buf[j] = std::uint32_t(seen(bits_of(out[i + j])));
    XXH3_64bits_update(&st, buf, m * 4);
    i += m;
  }
}

// Inputs evaluated at once within a chunk: a chunk may be large (a digest
// block is 2^24 inputs) while the buffers stay in cache.
constexpr std::uint64_t eval_batch = 16384;

// One chunk, on values of the function's type T throughout: the operands,
// every implementation's and the truth's typed evaluation (with the truth's
// approximations where it has them), the digests and the accounting.
template <class T>
void run_chunk_t(const Options& o, const std::vector<const Impl*>& impls, const Impl* truth, std::uint64_t chunk,
                 Worker& wk, const State& like) {
  using S = typename float_traits<T>::storage;
  const FnInfo& f = fn_info(o.fn);
  const std::uint64_t lo = chunk * o.chunk_size;
  const std::uint64_t hi = std::min(lo + o.chunk_size, o.inputs.count);
  const std::size_t ni = impls.size();
  reset_counters(wk.acc, like);
  State& s = wk.acc;
  std::vector<XXH3_state_t> digest(o.digests ? ni : 0);
  for (auto& d : digest) XXH3_64bits_reset(&d);
  Buffers<T>& v = wk.buffers<T>();
  std::vector<const T*> outp(ni);
  const Eval<T>* te = truth ? &truth->as<T>() : nullptr;
  const bool with_approx = te && te->values_approx && detail::truth_approximations;

  for (std::uint64_t blo = lo; blo < hi; blo += eval_batch) {
    const std::size_t n = std::min(eval_batch, hi - blo);
    v.a.resize(n);
    v.b.resize(n);
    v.t.resize(n);
    v.out.resize(ni);
    for (auto& r : v.out) r.resize(n);
    if (o.inputs.kind == InputSet::Kind::exhaustive) {  // the bit patterns themselves
      for (std::size_t j = 0; j < n; ++j) v.a[j] = bit_cast<T>(S(blo + j));
    } else {
      // b: zeros for one-operand functions (written once, when the vector
      // grows; generate leaves it alone), operands for two.
      wk.wa.resize(n);
      if (f.arity == 2)
        wk.wb.assign(n, 0);
      else
        wk.wb.resize(n);
      o.inputs.generate(blo, blo + n, wk.wa.data(), wk.wb.data());
      for (std::size_t j = 0; j < n; ++j) v.a[j] = bit_cast<T>(S(wk.wa[j]));
      if (f.arity == 2)
        for (std::size_t j = 0; j < n; ++j) v.b[j] = bit_cast<T>(S(wk.wb[j]));
    }
    const T* y = f.arity == 2 ? v.b.data() : nullptr;
    if (with_approx) {
      wk.approx.resize(n);
      te->values_approx(v.a.data(), y, v.t.data(), wk.approx.data(), n);
    } else if (te) {
      te->values(v.a.data(), y, v.t.data(), n);
    }
    for (std::size_t i = 0; i < ni; ++i) {
      impls[i]->as<T>().values(v.a.data(), y, v.out[i].data(), n);
      outp[i] = v.out[i].data();
      if (o.digests) digest_update(digest[i], outp[i], n, f.bits, o.view);
    }
    account_t(o.fn, s, v.a.data(), v.b.data(), outp.data(), te ? v.t.data() : nullptr, n,
              with_approx ? wk.approx.data() : nullptr, with_approx ? te->ulp_from_approx : nullptr);
  }
  if (o.digests)
    for (std::size_t i = 0; i < ni; ++i) s.chunk_digests[i][chunk] = XXH3_64bits_digest(&digest[i]);
}

void run_chunk(const Options& o, const std::vector<const Impl*>& impls, const Impl* truth, std::uint64_t chunk,
               Worker& wk, const State& like) {
  if (fn_info(o.fn).bits == 32)
    run_chunk_t<float>(o, impls, truth, chunk, wk, like);
  else
    run_chunk_t<double>(o, impls, truth, chunk, wk, like);
}

}  // namespace

// binades[k] += the number of the n operands in binade k (Classifier::binade).
// Four interleaved tallies: consecutive inputs mostly share a binade (an
// exhaustive set's always do), and one tally would make each increment wait
// for the store of the previous one.
template <class W>
static void count_binades(const Classifier& c, const W* a_in, std::size_t n, std::vector<std::uint64_t>& binades) {
  const std::size_t nb = binades.size();
  thread_local std::vector<std::uint32_t> tally;
  const word mask = c.mask;
  for (std::size_t j0 = 0; j0 < n;) {
    // blocks of 2^30 inputs: a uint32_t tally holds them
    const std::size_t j1 = std::min(n, j0 + (std::size_t(1) << 30));
    tally.assign(4 * nb, 0);
    std::uint32_t* t = tally.data();
    // The SIMD layer's pass (sweep/engine-inl.hpp) on the whole vectors.
    std::size_t j =
        j0 + BITEXACT_SIMD_DISPATCH(std::size_t(0), simd_kernels, count_binades(a_in + j0, j1 - j0, mask, c.mbits, t));
    for (; j + 4 <= j1; j += 4) {
      ++t[c.binade(bits_of(a_in[j]) & mask)];
      ++t[nb + c.binade(bits_of(a_in[j + 1]) & mask)];
      ++t[2 * nb + c.binade(bits_of(a_in[j + 2]) & mask)];
      ++t[3 * nb + c.binade(bits_of(a_in[j + 3]) & mask)];
    }
    for (; j < j1; ++j) ++t[c.binade(bits_of(a_in[j]) & mask)];
    for (std::size_t k = 0; k < nb; ++k) binades[k] += std::uint64_t(t[k]) + t[nb + k] + t[2 * nb + k] + t[3 * nb + k];
    j0 = j1;
  }
}

// The statistics of n evaluated inputs (the body of every chunk, and of the
// inputs the CUDA backend hands back to the host).
// W: the function's value type (run_chunk), with U the truth's
// Eval<W>::ulp_from_approx, or 64-bit words (account).
template <class W, class U>
static void account_t(Fn fn, State& s, const W* a_in, const W* b_in, const W* const* outp, const W* truth_out,
                      std::size_t n, const double* truth_approx, U ulp_from_approx) {
  const bool from_approx = truth_approx && ulp_from_approx;
  const FnInfo& f = fn_info(fn);
  const Classifier c = Classifier::of(f);
  const std::size_t ni = s.impls.size();
  std::vector<std::uint64_t> differs(ni, 0);
  std::array<std::uint64_t, 25> in_cnt{};
  std::array<std::uint64_t, 5> out_cnt{};
  const word mask = c.mask;
  // Class counts first, in passes of their own: for one operand (and for the
  // truth's outputs) as branch-free sums the compiler vectorises, where one
  // counter array incremented per input would serialise on its own stores.
  if (f.arity == 1) {
    c.count_classes(a_in, n, in_cnt.data());
  } else {
    for (std::size_t j = 0; j < n; ++j)
      ++in_cnt[c.vclass(bits_of(a_in[j]) & mask) * 5 + c.vclass(bits_of(b_in[j]) & mask)];
  }
  if (truth_out) c.count_classes(truth_out, n, out_cnt.data());
  // Only the pairs' shares need them: sweeps of one implementation (block
  // digests over 2^32 inputs among them) do without the pass.
  if (ni > 1) count_binades(c, a_in, n, s.binade_count);
  // Pair slot (i, k), i < k, in s.pair_stats: row by row.
  auto pair_index = [ni](std::size_t i, std::size_t k) { return i * (2 * ni - i - 1) / 2 + (k - i - 1); };
  const int arity = f.arity;
  thread_local std::vector<std::uint32_t> idx;
  idx.resize(n + 16);  // list_differences may write past its count
  // Every pair of implementations, at the inputs where its two differ (a
  // branch-free scan, as for the truth below; the order of the calls does not
  // change the State).
  auto pairs = [&] {
    for (std::size_t i = 0; i < ni; ++i)
      for (std::size_t k = i + 1; k < ni; ++k) {
        account_pairs(c, s.pair_stats[pair_index(i, k)], arity, a_in, b_in, outp[i], outp[k], truth_out, n, idx.data());
      }
  };
  if (!truth_out) {  // no reference: every pair is compared directly
    pairs();
  } else {
    // Per implementation, first the list of the inputs where it differs from
    // the truth (a branch-free scan: most results are correctly rounded), then
    // those inputs one by one. Every statistic is an order-independent
    // aggregate (counts, maxima, the K smallest witnesses), so the order of
    // the calls does not change the State.
    thread_local std::vector<double> errs;
    for (std::size_t i = 0; i < ni; ++i) {
      const W* o = outp[i];
      std::uint32_t* list = idx.data();
      const std::size_t cnt = list_differences(o, truth_out, n, mask, list);
      differs[i] = cnt;
      // Their ULP errors from the truth's approximations, all at once (not
      // all are used: NaN, zero and flushed results have their own classes).
      if (from_approx) {
        errs.resize(cnt);
        ulp_from_approx(a_in, b_in, truth_approx, o, list, cnt, errs.data());
      }
      account_listed(c, fn, s.impl_stats[i], a_in, b_in, o, truth_out, list, cnt, from_approx ? errs.data() : nullptr);
    }
    pairs();
  }
  s.count += n;
  for (std::size_t k = 0; k < s.in_class_count.size(); ++k) s.in_class_count[k] += in_cnt[k];
  for (std::size_t k = 0; k < 5; ++k) s.out_class_count[k] += out_cnt[k];
  for (std::size_t i = 0; i < ni; ++i) {
    auto& st = s.impl_stats[i];
    st.count += n;
    if (!truth_out) continue;
    // Correct = same bits as the truth, plus both-NaN (counted by account_impl).
    st.correctly_rounded += n - differs[i];
    st.hist[bins::cr] = st.correctly_rounded;
  }
}

void account(Fn fn, State& s, const word* a_in, const word* b_in, const word* const* outp, const word* truth_out,
             std::size_t n) {
  // (No approximations: the ULP errors come from FnInfo::ulp_error_approx.)
  using no_approx =
      void (*)(const word*, const word*, const double*, const word*, const std::uint32_t*, std::size_t, double*);
  account_t(fn, s, a_in, b_in, outp, truth_out, n, nullptr, no_approx(nullptr));
}

State fresh_partial(const State& like) {
  State acc;
  reset_counters(acc, like);
  return acc;
}

void merge_partial(State& dst, const State& part) { dst.merge_counters(part); }

std::vector<std::uint64_t> chunks_to_do(const Options& o, const State& state) {
  std::vector<std::uint64_t> todo;
  if (o.only_chunks.empty()) {
    for (std::uint64_t c = state.shard_lo; c < state.shard_hi; ++c)
      if (!state.done.contains(c)) todo.push_back(c);
  } else {
    for (std::uint64_t c : o.only_chunks) {
      if (c < state.shard_lo || c >= state.shard_hi)
        throw input_error(fmt::format("chunk {} is outside the sweep's range", c));
      if (!state.done.contains(c) && (todo.empty() || todo.back() != c)) todo.push_back(c);
    }
  }
  return todo;
}

bool run(const Options& o, State& state) {
  const Impl* truth = truth_of(o);
  const std::vector<std::uint64_t> todo = chunks_to_do(o, state);

  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  auto last_ckpt = t0, last_progress = t0;
  std::mutex mu;
  std::atomic<bool> stop{false};
  std::uint64_t new_chunks = 0;
  std::uint64_t done_inputs = state.count;
  const std::uint64_t total_inputs = [&] {
    std::uint64_t hi = std::min(state.shard_hi * o.chunk_size, o.inputs.count);
    return hi - std::min(state.shard_lo * o.chunk_size, hi);
  }();

  auto checkpoint = [&] {
    if (o.checkpoint_path.empty()) return;
    write_file_atomic(o.checkpoint_path, state.to_json().dump(1) + "\n");
  };

  tbb::enumerable_thread_specific<Worker> workers;
  auto body = [&](std::size_t idx) {
    if (stop.load(std::memory_order_relaxed) || (o.cancel && o.cancel->load(std::memory_order_relaxed))) {
      stop = true;
      return;
    }
    Worker& wk = workers.local();
    const std::uint64_t chunk = todo[idx];
    run_chunk(o, o.impls, truth, chunk, wk, state);
    std::lock_guard lock(mu);
    state.merge_counters(wk.acc);
    state.done.add(chunk, chunk + 1);
    done_inputs += wk.acc.count;
    ++new_chunks;
    if (o.stop_after_chunks && new_chunks >= o.stop_after_chunks) stop = true;
    const auto now = clock::now();
    if (o.progress && now - last_progress >= std::chrono::milliseconds(200)) {
      last_progress = now;
      o.progress({done_inputs, total_inputs, std::chrono::duration<double>(now - t0).count()});
    }
    if (now - last_ckpt >= std::chrono::duration<double>(o.checkpoint_seconds)) {
      last_ckpt = now;
      checkpoint();
    }
  };

  const int threads = o.threads ? int(o.threads) : tbb::this_task_arena::max_concurrency();
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, todo.size(), 1),
        [&](const tbb::blocked_range<std::size_t>& r) {
          for (std::size_t i = r.begin(); i != r.end(); ++i) body(i);
        },
        tbb::simple_partitioner());
  });
  if (o.progress) o.progress({done_inputs, total_inputs, std::chrono::duration<double>(clock::now() - t0).count()});
  checkpoint();
  for (std::uint64_t c : todo)
    if (!state.done.contains(c)) return false;
  return true;
}

std::string_view view_name(output_view v) { return v == output_view::exact ? "exact" : "nan-sign-cleared"; }

output_view parse_view(std::string_view name) {
  if (name == "exact") return output_view::exact;
  if (name == "nan-sign-cleared") return output_view::nan_sign_cleared;
  throw input_error(fmt::format("unknown output view '{}' (exact, nan-sign-cleared)", name));
}

std::uint64_t digest_block(const word* out, std::size_t n, int bits) {
  XXH3_state_t st;
  XXH3_64bits_reset(&st);
  digest_update(st, out, n, bits, output_view::exact);
  return XXH3_64bits_digest(&st);
}

std::vector<std::uint64_t> block_digests(const Impl& impl, const InputSet& set, std::uint64_t block,
                                         const std::vector<std::uint64_t>& blocks, output_view view) {
  Options o;
  o.fn = impl.fn;
  o.impls = {&impl};
  o.no_truth = true;
  o.digests = true;
  o.view = view;
  o.inputs = set;
  o.chunk_size = block;
  o.only_chunks = blocks;
  std::sort(o.only_chunks.begin(), o.only_chunks.end());
  State s = make_state(o);
  run(o, s);
  std::vector<std::uint64_t> out;
  for (std::uint64_t b : blocks) out.push_back(s.chunk_digests[0].at(b));
  return out;
}

}  // namespace bitexact::sweep
