// src/gpu/cuda_stats.cu — the CUDA sweep backend's statistics kernel and its
// input generator (interface: src/gpu/kernels.hpp).
//
// One thread per input: the truth from bitexact::truth's fast layer (the same
// host/device code the CPU engine's "mpfr" implementation runs first), the
// ULP error of every output that differs from it (the same fast formula as
// the CPU engine's), and the engine's statistics (sweep::State), accumulated
// with the same rules (bitexact/sweep/classify.hpp). An input whose truth the
// fast layer cannot decide, or one of whose errors needs MPFR (no fast form,
// or near a histogram bin boundary), is not accounted here: its index goes to
// a list that the host accounts with the CPU engine's own code. So the GPU's
// statistics plus the host's equal, bit for bit, what the CPU engine computes.
// Two passes over the same inputs: the statistics (counters, histograms,
// maxima, the witness sets of special and pair differences), then the
// witnesses of the maxima, once the maxima are final (warp_witness_at_max).
// Every lock a warp can wait on is rare: the witness sets are kept per block
// in shared memory and merged once per block, and only the few inputs at a
// final maximum lock its set. (Global locks taken per offer made the
// exhaustive sinf sweep take 45 s on an H100; now it takes under 1 s.)
//
// Built with -ftz=false (a flushed subnormal would change the truth and the
// errors) and -fmad=false (belt and braces: the truth headers pin every
// operation already); by hipcc for the HIP backend with IEEE f32 denormals (no
// -fgpu-flush-denormals-to-zero) and -ffp-contract=off, the same rules.
//
// Warp code is written for any width (gpu::warp_size: 32 lanes on NVIDIA, 64
// on AMD) through src/gpu/gpu_runtime.hpp; on CUDA it is the code it was.
// The runtime first: under hipcc it declares the device intrinsics
// (__ull2double_rn, __clzll, ...) the truth headers call; nvcc includes
// cuda_runtime.h by itself.
#include "gpu_runtime.hpp"

#include <cstdint>

#include "bitexact/sweep/classify.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/truth/fast_layer.hpp"
#include "kernels.hpp"

namespace bitexact::cuda_sweep {
inline namespace BITEXACT_GPU_ABI {  // cuda or hip (src/gpu/gpu_runtime.hpp)
namespace {

namespace hd = bitexact::sweep::hd;
using word = std::uint64_t;
using gpu::lanes_t;
using gpu::warp_size;

// ---- generation of standard sets -----------------------------------------------

template <Fn F>
__global__ void k_generate(gen_kind kind, u64 seed, u64 base, u64 n, void* a_out, void* b_out) {
  using T = typename fn_traits<F>::type;
  using W = typename float_traits<T>::storage;
  constexpr int N = fn_traits<F>::arity;
  W* a = static_cast<W*>(a_out);
  W* b = static_cast<W*>(b_out);
  for (u64 i = u64(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += u64(gridDim.x) * blockDim.x) {
    if (kind == gen_kind::exhaustive) {
      a[i] = W(base + i);
      continue;
    }
    const auto k = kind == gen_kind::uniform ? inputs::set_kind::uniform : inputs::set_kind::structured;
    const auto p = inputs::standard_input<T, N>(k, seed, base + i);
    a[i] = p.x;
    if constexpr (N == 2) b[i] = p.y;
  }
}

// ---- the truth and the fast ULP errors ---------------------------------------------
// From the row's entry of the truth's fast layer (bitexact/truth/fast_layer.hpp:
// the same functions the CPU truth calls, so a row without them does not
// compile in any build).

// The correctly rounded result (true), or false when only MPFR can decide.
template <Fn F>
__device__ bool truth_of(word a, word b, word& t) {
  using T = typename fn_traits<F>::type;
  using W = typename float_traits<T>::storage;
  T r;
  if (!truth::fast::row<F>::value(bit_cast<T>(W(a)), bit_cast<T>(W(b)), truth::rounding::nearest, r)) return false;
  t = bit_cast<W>(r);
  return true;
}

// The ULP error the CPU engine would compute (sweep::ulp_error: the fast form
// unless near a bin boundary), or -1 when that takes MPFR. Only called for a
// finite-or-infinite, non-NaN pair of outputs that are not both zero.
template <Fn F>
__device__ double fast_ulp(word a, word b, word r) {
  using T = typename fn_traits<F>::type;
  using W = typename float_traits<T>::storage;
  const double e = truth::fast::row<F>::ulp_error(bit_cast<T>(W(a)), bit_cast<T>(W(b)), bit_cast<T>(W(r)));
  if (e < 0 || e != e) return -1.0;  // NaN cannot happen here (no NaN output); be safe
  return hd::near_bin_boundary(e) ? -1.0 : e;
}

// ---- witness sets under spin locks ------------------------------------------------

// Every caller goes through gpu::one_lane_at_a_time (lanes of one AMD
// wavefront cannot wait for each other's locks).
__device__ void lock(int* l) {
  while (atomicCAS(l, 0, 1) != 0) gpu::pause();
  __threadfence();
}
__device__ void unlock(int* l) {
  __threadfence();
  atomicExch(l, 0);
}
__device__ bool less(const DevWitness& x, const DevWitness& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; }
// The filters in front of the locks read the sets' current state from L2
// (volatile): a read through L1 may stay stale for the whole kernel (an empty
// set, no key bound), and then every offer reaches the lock.
__device__ u64 fresh_load(const u64* p) { return *static_cast<const volatile u64*>(p); }
__device__ int fresh_load(const int* p) { return *static_cast<const volatile int*>(p); }

// sweep::WitnessSet::offer on a locked set.
__device__ void insert_locked(DevWitnessSet& s, const DevWitness& x, int k) {
  if (s.n == k && !less(x, s.w[k - 1])) return;
  int pos = 0;
  while (pos < s.n && less(s.w[pos], x)) ++pos;
  if (pos < s.n && s.w[pos].a == x.a && s.w[pos].b == x.b) return;  // same input
  const int last = s.n < k ? s.n : k - 1;
  for (int i = last; i > pos; --i) s.w[i] = s.w[i - 1];
  s.w[pos] = x;
  if (s.n < k) ++s.n;
  if (s.n == k) *static_cast<volatile u64*>(&s.key_hi) = s.w[k - 1].a;
}

// The rank of this lane's (a, b) among the lanes of `lanes` (every lane of
// `lanes` must call it): how many of them hold a smaller input.
__device__ int rank_among(lanes_t lanes, u64 a, u64 b) {
  int rank = 0;
  for (lanes_t m = lanes; m != 0; m &= m - 1) {
    const int l = gpu::first_lane(m);
    const u64 al = gpu::shfl(lanes, a, l), bl = gpu::shfl(lanes, b, l);
    rank += al < a || (al == a && bl < b);
  }
  return rank;
}

// sweep::WitnessSet::offer for every lane of the warp at once (all lanes of
// the warp call it; s == nullptr: no offer). Lanes offering to the same set are
// grouped, and only the K smallest inputs of a group can enter, so at most K
// lanes of a warp take a set's lock. Without this filter every lane of a warp
// whose inputs all differ (a whole NaN binade, a fast-math sine) queued on the
// same spin lock, and the exhaustive sweeps spent seconds per 2^26 inputs there.
__device__ void warp_offer(DevWitnessSet* s, const DevWitness& x) {
  // key_hi only decreases once the set is full: an input above it never
  // enters. Most offers end here, before any grouping.
  const bool keep = s != nullptr && !(fresh_load(&s->n) == witness_k && x.a > fresh_load(&s->key_hi));
  const lanes_t want = gpu::ballot(keep);
  if (!keep) return;
  const lanes_t peers = gpu::match_any(want, reinterpret_cast<unsigned long long>(s));
  if (rank_among(peers, x.a, x.b) >= witness_k) return;
  gpu::one_lane_at_a_time([&] {
    lock(&s->lock);
    insert_locked(*s, x, witness_k);
    unlock(&s->lock);
  });
}

// sweep::MaxWitness (k = K), or the binade rule (k = 1: the smallest input at
// the maximum), in two passes. The statistics pass only raises the maximum
// (atomicMax, no lock): locking there, every warp that saw a new largest error
// of a binade queued on that binade's lock, and the exhaustive sinf sweep
// spent most of its time in that queue. The witness pass (the same inputs and
// errors again) knows the final maximum: only lanes whose error equals it
// offer themselves, at most k per warp, for the k smallest inputs. e > 0, so
// its bits order as values and 0 means none.
__device__ void warp_witness_at_max(DevMax* m, u64 eb, const DevWitness& x, int k) {
  const bool keep = m != nullptr && eb == m->value_bits &&
                    !(fresh_load(&m->at.n) == k && x.a > fresh_load(&m->at.key_hi));
  const lanes_t want = gpu::ballot(keep);
  if (!keep) return;
  const lanes_t peers = gpu::match_any(want, reinterpret_cast<unsigned long long>(m));
  if (rank_among(peers, x.a, x.b) >= k) return;
  gpu::one_lane_at_a_time([&] {
    lock(&m->at.lock);
    insert_locked(m->at, x, k);
    unlock(&m->at.lock);
  });
}

// *p = max(*p, v): a read first (most errors are below the maximum already),
// then a reduction without a result (RED), which the warp does not wait for.
__device__ void atomic_max_bits(u64* p, u64 v) {
  if (v > fresh_load(p)) atomicMax(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
}
__device__ void add(u64* p, u64 v) {
  atomicAdd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
}

// Adds 1 at arr[key] for every lane with key >= 0, one atomic per distinct key
// in the warp. All lanes of the warp must call it together. Keys are mostly
// the same across a warp (neighbouring inputs share binade, bucket and class):
// that case costs two votes and a shuffle; gpu::match_any groups the others.
template <class C>
__device__ void warp_count_by_key(C* arr, long long key) {
  const lanes_t want = gpu::ballot(key >= 0);
  if (want == 0) return;
  const int lane = gpu::lane(), first = gpu::first_lane(want);
  const long long k0 = gpu::shfl(gpu::full_warp, key, first);
  if (gpu::all(key < 0 || key == k0)) {
    if (lane == first) atomicAdd(&arr[k0], C(gpu::lane_count(want)));
    return;
  }
  const lanes_t peers = gpu::match_any(gpu::full_warp, static_cast<unsigned long long>(key));
  if (key >= 0 && lane == gpu::first_lane(peers)) atomicAdd(&arr[key], C(gpu::lane_count(peers)));
}
__device__ void warp_count(u64* arr, long long key) {
  warp_count_by_key(reinterpret_cast<unsigned long long*>(arr), key);
}

// Inputs per binade of operand 0 (sweep::State::binade_count), every input
// of the sweep: counted per warp in runs kept in registers (the same on every
// lane). A warp's consecutive iterations are mostly in one binade (the whole
// GPU works through one region of an exhaustive or interval set at a time), so
// an atomic per iteration would have every warp of the GPU queue on one word.
struct BinadeRun {
  long long key = -1;
  u64 n = 0;
};
__device__ void flush_run(u64* arr, BinadeRun& run) {
  if (run.n && gpu::lane() == 0) add(&arr[run.key], run.n);
  run.n = 0;
}
// All lanes of the warp call it together.
__device__ void count_binade(u64* arr, BinadeRun& run, bool live, int binade) {
  const lanes_t want = gpu::ballot(live);
  if (want == 0) return;
  const long long k0 = gpu::shfl(gpu::full_warp, static_cast<long long>(binade), gpu::first_lane(want));
  if (gpu::all(!live || binade == k0)) {
    if (k0 != run.key) {
      flush_run(arr, run);
      run.key = k0;
    }
    run.n += u64(gpu::lane_count(want));
    return;
  }
  warp_count(arr, live ? binade : -1);  // a warp across binades: as the other counters
}

// Per-block counters (shared memory), flushed to the global statistics once
// per block. Layout: per implementation [differs, nan_payload, hist[27],
// in_class_wrong[25], out_class_wrong[5]], per pair [differ, cls[7],
// dist[22]], then count, in_class[25], out_class[5], deferred.
constexpr int impl_words = 2 + hist_bins + 25 + 5;
constexpr int pair_words = 1 + disc_count + dist_bins;
constexpr int count_words = 1 + 25 + 5 + 1;
constexpr int max_impls = 8;  // checked by the host side

// Witnesses = false: the statistics pass (everything but the witnesses of the
// maxima, whose values it computes); true: the witness pass (see
// warp_witness_at_max), which recomputes the same truth and errors.
template <Fn F, bool Witnesses>
__global__ void k_stats(const void* a_in, const void* b_in, const void* const* outs, int ni, u64 n, DevStats st) {
  using T = typename fn_traits<F>::type;
  using W = typename float_traits<T>::storage;
  constexpr int bits = int(8 * sizeof(W));
  constexpr int arity = fn_traits<F>::arity;
  constexpr int ebits = bits == 32 ? 8 : 11, mbits = bits == 32 ? 23 : 52;
  const int nb = 2 << ebits;  // binades: (sign, biased exponent)
  const int np = ni * (ni - 1) / 2;
  extern __shared__ unsigned long long sh_raw[];  // 8-byte aligned
  unsigned int* sh = reinterpret_cast<unsigned int*>(sh_raw);
  unsigned int* sh_impl = sh;
  unsigned int* sh_pair = sh + ni * impl_words;
  unsigned int* sh_cnt = sh_pair + np * pair_words;
  const int words = ni * impl_words + np * pair_words + count_words;
  // The block's own witness sets (special results per implementation, then
  // each pair's classes), merged into the global ones once at the end: the
  // offers of a block contend for a shared-memory lock among its own warps,
  // instead of every warp of the GPU queueing on one global lock when a batch
  // starts and the global sets are still empty.
  DevWitnessSet* sh_sets = reinterpret_cast<DevWitnessSet*>(sh_raw + (words + 1) / 2);
  const int nsets = ni + np * disc_count;
  for (int i = threadIdx.x; i < words; i += blockDim.x) sh[i] = 0;
  for (int i = threadIdx.x; i < nsets; i += blockDim.x) {
    sh_sets[i].lock = 0;
    sh_sets[i].n = 0;
    sh_sets[i].key_hi = ~u64(0);
  }
  __syncthreads();

  const W* A = static_cast<const W*>(a_in);
  const W* B = static_cast<const W*>(b_in);
  // Blocks are whole warps (256 threads: 8 CUDA warps, 4 AMD wavefronts).
  const int lane = gpu::lane();
  const u64 warp = (u64(blockIdx.x) * blockDim.x + threadIdx.x) / warp_size;
  const u64 warps = (u64(gridDim.x) * blockDim.x) / warp_size;
  BinadeRun binade_run;
  // Warp-uniform loop: every lane runs every iteration (warp_count needs all of them).
  for (u64 base = warp * warp_size; base < n; base += warps * warp_size) {
    const u64 j = base + lane;
    const bool valid = j < n;
    word a = 0, b = 0, t = 0;
    bool deferred = !valid;
    if (valid) {
      a = A[j];
      b = arity == 2 ? word(B[j]) : 0;
      deferred = !truth_of<F>(a, b, t);
    }
    // Deferral: any output whose error only MPFR can give, and any output
    // that may be an FTZ/DAZ flush (the host's rule decides those: it needs
    // the truth at the flushed inputs; they are rare, subnormal operands or
    // results).
    for (int i = 0; i < ni && !deferred; ++i) {
      const word r = static_cast<const W*>(outs[i])[j];
      if (hd::flush_candidate(bits, arity, a, b, r, t)) {
        deferred = true;
        break;
      }
      if (r == t || hd::is_nan(bits, r) || hd::is_nan(bits, t) || (hd::is_zero(bits, r) && hd::is_zero(bits, t)))
        continue;
      if (fast_ulp<F>(a, b, r) < 0) deferred = true;
    }
    if (!Witnesses && valid && deferred) {
      const u64 k = atomicAdd(reinterpret_cast<unsigned long long*>(&st.counts->deferred), 1ull);
      if (k < st.deferred_capacity) st.deferred[k] = j;
    }
    const bool live = valid && !deferred;
    const int in_cls = live ? (arity == 1 ? hd::vclass(bits, a) : hd::vclass(bits, a) * 5 + hd::vclass(bits, b)) : 0;
    const int out_cls = live ? hd::vclass(bits, t) : 0;
    // Every live lane counts here: aggregated per warp (a shared-memory atomic
    // per lane on the same word would serialise the warp).
    if (!Witnesses) {
      warp_count_by_key(sh_cnt, live ? 0 : -1);
      warp_count_by_key(sh_cnt, live ? 1 + in_cls : -1);
      warp_count_by_key(sh_cnt, live ? 26 + out_cls : -1);
    }
    const int binade = int(a >> mbits);  // sign and exponent
    const int bucket = int(a >> (bits - 12));
    if (!Witnesses && ni > 1) count_binade(st.binade_count, binade_run, live, binade);  // as sweep::account
    bool any = false;
    for (int i = 0; i < ni; ++i) {
      const word r = live ? word(static_cast<const W*>(outs[i])[j]) : t;
      const bool wrong = r != t;
      any |= wrong;
      long long binade_key = -1, bucket_key = -1;
      // Witness offers, made below by the whole warp at once.
      DevWitnessSet* special_to = nullptr;
      DevMax *max_to = nullptr, *binade_to = nullptr;
      DevWitness w{a, b, r, t, 0.0};
      double e = 0;
      if (wrong) {
        unsigned int* c = sh_impl + i * impl_words;
        if (!Witnesses) atomicAdd(&c[0], 1u);
        const bool rn = hd::is_nan(bits, r), tn = hd::is_nan(bits, t);
        if (rn && tn) {
          if (!Witnesses) atomicAdd(&c[1], 1u);  // correct, payload noted
        } else {
          int bin;
          if (rn || tn) {
            bin = 26;  // bins::nan
            e = __longlong_as_double(0x7ff8000000000000ll);
          } else if (hd::is_zero(bits, r) && hd::is_zero(bits, t)) {
            bin = 24;  // bins::zero_sign
          } else {
            e = fast_ulp<F>(a, b, r);  // >= 0: deferred inputs never get here
            bin = e == __longlong_as_double(0x7ff0000000000000ll) ? 25 : hd::ulp_bin(e);
          }
          w.ulp = e;
          DevImpl& di = st.impls[i];
          if (bin < 24) {
            max_to = &di.max;
            binade_to = &st.binade_witness[size_t(i) * nb + binade];
          }
          if (!Witnesses) {
            atomicAdd(&c[2 + bin], 1u);
            atomicAdd(&c[2 + hist_bins + in_cls], 1u);
            atomicAdd(&c[2 + hist_bins + 25 + out_cls], 1u);
            binade_key = binade;
            bucket_key = bucket;
            if (bin >= 24) {
              special_to = &sh_sets[i];
            } else {
              const u64 eb = bit_cast<u64>(e);
              atomic_max_bits(&max_to->value_bits, eb);
              atomic_max_bits(&binade_to->value_bits, eb);
              atomic_max_bits(&st.bucket_max[size_t(i) * bucket_count + bucket], eb);
              atomic_max_bits(&di.in_class_max[in_cls], eb);
            }
          }
        }
      }
      if (Witnesses) {
        warp_witness_at_max(max_to, bit_cast<u64>(e), w, witness_k);
        warp_witness_at_max(binade_to, bit_cast<u64>(e), w, 1);
        continue;
      }
      // Both NaN counts as correct but still as "not the truth's bits" for the
      // binade and bucket counters? No: account_impl returns before them.
      if (wrong && hd::is_nan(bits, r) && hd::is_nan(bits, t)) binade_key = bucket_key = -1;
      warp_offer(special_to, w);
      warp_count(st.binade_wrong + size_t(i) * nb, binade_key);
      warp_count(st.bucket_wrong + size_t(i) * bucket_count, bucket_key);
    }
    // Pairs: every lane runs every pair (warp_offer and warp_witness_at_max
    // are collective); the warp skips them when no lane has a wrong output
    // (then no pair differs). The largest number_vs_number distance is
    // raised in the statistics pass and gets its witnesses in the witness
    // pass, as the implementations' maxima do.
    if (gpu::any(live && any)) {
      int pi = 0;
      for (int i = 0; i < ni; ++i)
        for (int k = i + 1; k < ni; ++k, ++pi) {
          DevWitnessSet* to = nullptr;
          DevMax* max_to = nullptr;
          DevWitness pw{};
          double dist = 0;
          long long binade_key = -1;  // a difference that is not a NaN payload only
          if (live && any) {
            const word x = static_cast<const W*>(outs[i])[j], y = static_cast<const W*>(outs[k])[j];
            if (x != y) {
              const int d = hd::discrepancy(bits, x, y);
              unsigned int* c = sh_pair + pi * pair_words;
              if (d == 3) {  // number_vs_number
                const u64 steps = hd::ordered_distance(bits, x, y);
                dist = double(steps);
                max_to = &st.pairs[pi].max_dist;
                if (!Witnesses) {
                  atomicAdd(&c[1 + disc_count + hd::dist_bin(steps)], 1u);
                  atomic_max_bits(&max_to->value_bits, bit_cast<u64>(dist));
                }
              }
              if (!Witnesses) {
                atomicAdd(&c[0], 1u);
                atomicAdd(&c[1 + d], 1u);
                to = &sh_sets[ni + pi * disc_count + d];
                if (d != 4) {  // nan_payload
                  binade_key = binade;
                  if (d == 3) atomic_max_bits(&st.pair_binade_max[size_t(pi) * nb + binade], bit_cast<u64>(dist));
                }
              }
              pw = DevWitness{a, b, x, y, dist};
            }
          }
          if (Witnesses) {
            warp_witness_at_max(max_to, bit_cast<u64>(dist), pw, witness_k);
          } else {
            warp_offer(to, pw);
            warp_count(st.pair_binade_differ + size_t(pi) * nb, binade_key);
          }
        }
    }
  }
  if (Witnesses) return;
  flush_run(st.binade_count, binade_run);
  __syncthreads();
  // Merge the block's witness sets into the global ones.
  for (int q = threadIdx.x; q < nsets; q += blockDim.x) {
    const DevWitnessSet& b = sh_sets[q];
    if (b.n == 0) continue;
    DevWitnessSet& g = q < ni ? st.impls[q].special : st.pairs[(q - ni) / disc_count].witness[(q - ni) % disc_count];
    if (fresh_load(&g.n) == witness_k && b.w[0].a > fresh_load(&g.key_hi)) continue;
    gpu::one_lane_at_a_time([&] {
      lock(&g.lock);
      for (int k = 0; k < b.n; ++k) insert_locked(g, b.w[k], witness_k);
      unlock(&g.lock);
    });
  }
  // Flush the block's counters.
  for (int w = threadIdx.x; w < words; w += blockDim.x) {
    const unsigned int v = sh[w];
    if (v == 0) continue;
    u64* dst;
    if (w < ni * impl_words) {
      const int i = w / impl_words, o = w % impl_words;
      DevImpl& di = st.impls[i];
      dst = o == 0                       ? &di.differs
            : o == 1                     ? &di.nan_payload
            : o < 2 + hist_bins          ? &di.hist[o - 2]
            : o < 2 + hist_bins + 25     ? &di.in_class_wrong[o - 2 - hist_bins]
                                         : &di.out_class_wrong[o - 2 - hist_bins - 25];
    } else if (w < ni * impl_words + np * pair_words) {
      const int q = w - ni * impl_words, p = q / pair_words, o = q % pair_words;
      DevPair& dp = st.pairs[p];
      dst = o == 0 ? &dp.differ : o < 1 + disc_count ? &dp.cls[o - 1] : &dp.dist[o - 1 - disc_count];
    } else {
      const int o = w - ni * impl_words - np * pair_words;
      DevCounts& dc = *st.counts;
      dst = o == 0 ? &dc.count : o < 26 ? &dc.in_class[o - 1] : o < 31 ? &dc.out_class[o - 26] : &dc.deferred;
    }
    add(dst, v);
  }
}

template <Fn F>
__global__ void k_gather(const u64* idx, u64 m, const void* a_in, const void* b_in, const void* const* outs, int ni,
                         u64* rows) {
  using W = typename float_traits<typename fn_traits<F>::type>::storage;
  const u64 q = u64(blockIdx.x) * blockDim.x + threadIdx.x;
  if (q >= m) return;
  const u64 j = idx[q];
  u64* row = rows + q * u64(2 + ni);
  row[0] = static_cast<const W*>(a_in)[j];
  row[1] = fn_traits<F>::arity == 2 ? u64(static_cast<const W*>(b_in)[j]) : 0;
  for (int i = 0; i < ni; ++i) row[2 + i] = static_cast<const W*>(outs[i])[j];
}

template <class Launch>
int dispatch(Fn fn, Launch&& launch) {
  int rc = 0;
  for_each_fn([&](auto f) {
    if (decltype(f)::value == fn) rc = launch(f);
  });
  return rc;
}

}  // namespace

int launch_generate(Fn fn, gen_kind kind, u64 seed, u64 base, u64 n, void* a, void* b, void* stream) {
  return dispatch(fn, [&](auto f) {
    k_generate<decltype(f)::value><<<132 * 8, 256, 0, static_cast<gpu::stream_t>(stream)>>>(kind, seed, base, n, a, b);
    return int(gpu::last_error());
  });
}

int launch_gather(Fn fn, const u64* idx, u64 m, const void* a, const void* b, const void* const* outs, int ni,
                  u64* rows, void* stream) {
  if (m == 0) return 0;
  return dispatch(fn, [&](auto f) {
    k_gather<decltype(f)::value>
        <<<unsigned((m + 255) / 256), 256, 0, static_cast<gpu::stream_t>(stream)>>>(idx, m, a, b, outs, ni, rows);
    return int(gpu::last_error());
  });
}

int launch_stats(Fn fn, const void* a, const void* b, const void* const* outs, int ni, u64 n, DevStats stats,
                 void* stream) {
  if (ni < 1 || ni > max_impls) return int(gpu::invalid_value);
  const int np = ni * (ni - 1) / 2;
  const int words = ni * impl_words + np * pair_words + count_words;
  const size_t shared = size_t((words + 1) / 2) * 8 + size_t(ni + np * disc_count) * sizeof(DevWitnessSet);
  const int sms = gpu::multiprocessors(132);
  return dispatch(fn, [&](auto f) {
    const auto st = static_cast<gpu::stream_t>(stream);
    k_stats<decltype(f)::value, false><<<sms * 8, 256, shared, st>>>(a, b, outs, ni, n, stats);
    if (const gpu::error_t e = gpu::last_error(); e != gpu::success) return int(e);
    k_stats<decltype(f)::value, true><<<sms * 8, 256, shared, st>>>(a, b, outs, ni, n, stats);
    return int(gpu::last_error());
  });
}

}  // inline namespace BITEXACT_GPU_ABI
}  // namespace bitexact::cuda_sweep
