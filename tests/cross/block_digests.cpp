// tests/cross/block_digests.cpp — the block digests of the header-only
// reproductions, as a standalone program with no library but the C++ standard
// library and xxhash.h, so that it cross-builds for any CPU (aarch64 in CI:
// tests/cross/cross_check.py runs it under qemu-user against the committed
// digests of vectors/*/digests.json and against the same program built for this
// machine). "The same bits on every CPU" is checked by this program being built
// with another compiler for another instruction set, not by trusting that it
// would be.
//
// It evaluates the scalar functions (bitexact/nv, bitexact/ocml; the list is
// tests/scalar_forms.hpp), and, as implementations nv-span, nv-ftz-span,
// triton-span and ocml*-span, the span forms of the rows that have a SIMD
// kernel (nv_span.hpp's detail::span_kernel and triton_kernel, ocml_span.hpp's
// detail::span_kernel, fmodf's pair kernel, and as
// ptx-span, ptx-ftz-span the SFU rows' on lanes, nv::detail::sfu_lanes; the SIMD layer's NEON and SVE
// targets on aarch64, bitexact/simd/hwy.hpp), whose outputs must be those of
// the implementation of the same name without "-span".
//
// Reads jobs from stdin, one per line:
//   IMPL FN SET SEED FIRST N [VIEW]
// SET is exhaustive, uniform or structured (bitexact/inputs.hpp), FIRST and N
// the range of input indices, VIEW exact (the default) or nan-sign-cleared
// (a NaN output's sign bit cleared first, as the digest sets marked so in
// vectors/ocml: engine.cpp's output_view); prints per job
//   IMPL FN SET SEED FIRST N DIGEST
// DIGEST = XXH3_64bits (seed 0) of the N outputs as little-endian words, the
// digest of vectors/*/digests.json when FIRST is a multiple of N = 2^24 (the
// manifests' "block"). `--list` prints the IMPL FN pairs it has. Bad input:
// one line on stderr, exit 2. Threads: BX_THREADS (default: all cores).
#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../scalar_forms.hpp"
#include "bitexact/functions.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/nv/nv_span.hpp"
#include "bitexact/ocml/ocml_span.hpp"
#include "bitexact/truth/sincosf_fast.hpp"

#include "bitexact/sweep/classify.hpp"

#if BITEXACT_SIMD
#define BITEXACT_SIMD_INCLUDE "bitexact/truth/sincosf_batch-inl.hpp"
#include "bitexact/simd/foreach.hpp"
#undef BITEXACT_SIMD_INCLUDE
#define BITEXACT_SIMD_INCLUDE "sweep/engine-inl.hpp"
#include "bitexact/simd/foreach.hpp"
#endif

#define XXH_INLINE_ALL
#include "xxhash.h"

namespace {
using namespace bitexact;

// One implementation of one function: outputs [first, first + n) of a set.
struct entry {
  std::string impl, fn;
  void (*run)(inputs::set_kind, std::uint64_t seed, std::uint64_t first, std::uint64_t n, unsigned char* out);
  int width;  // bytes per output
};

template <Fn F, typename fn_traits<F>::signature* P>
void run_fn(inputs::set_kind kind, std::uint64_t seed, std::uint64_t first, std::uint64_t n, unsigned char* out) {
  using T = typename fn_traits<F>::type;
  using S = typename float_traits<T>::storage;
  constexpr int A = fn_traits<F>::arity;
  S* o = reinterpret_cast<S*>(out);
  for (std::uint64_t i = 0; i < n; ++i) {
    const auto p = inputs::standard_input<T, A>(kind, seed, first + i);
    T r;
    if constexpr (A == 1)
      r = P(bit_cast<T>(p.x));
    else
      r = P(bit_cast<T>(p.x), bit_cast<T>(p.y));
    o[i] = bit_cast<S>(r);  // the host's byte order: little-endian on x86 and aarch64 Linux
  }
}

// The span form of row F through its SIMD kernel K (nv::detail::span_kernel
// of nv or nv-ftz, nv::detail::triton_kernel; one operand or two), at the level
// dispatch::host_level() gives: NEON or SVE here under qemu (QEMU_CPU picks),
// AVX2 or AVX-512 natively.
template <Fn F, class K>
void run_kernel_span(inputs::set_kind kind, std::uint64_t seed, std::uint64_t first, std::uint64_t n,
                     unsigned char* out) {
  using T = typename fn_traits<F>::type;
  constexpr int A = fn_traits<F>::arity;
  std::vector<T> x(n), y(A == 2 ? n : 0), r(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    const auto p = inputs::standard_input<T, A>(kind, seed, first + i);
    x[i] = bit_cast<T>(p.x);
    if constexpr (A == 2) y[i] = bit_cast<T>(p.y);
  }
  if constexpr (A == 2)
    K::run("block_digests", x, y, r);
  else
    K::run("block_digests", x, r);
  std::memcpy(out, r.data(), n * sizeof(T));
}

// The span form S of SFU row F (nv::NAME_approx, nv::NAME_approx_ftz), on
// SIMD lanes where nv::detail::sfu_lanes<F>.
template <Fn F, void (*S)(std::span<const float>, std::span<float>)>
void run_sfu_span(inputs::set_kind kind, std::uint64_t seed, std::uint64_t first, std::uint64_t n, unsigned char* out) {
  std::vector<float> x(n), r(n);
  for (std::uint64_t i = 0; i < n; ++i)
    x[i] = bit_cast<float>(inputs::standard_input<float, 1>(kind, seed, first + i).x);
  S(x, r);
  std::memcpy(out, r.data(), n * sizeof(float));
}

// The same for ocml row F in configuration C (ocml::detail::span_kernel).
template <Fn F, ocml::config C>
void run_ocml_span(inputs::set_kind kind, std::uint64_t seed, std::uint64_t first, std::uint64_t n,
                   unsigned char* out) {
  using T = typename fn_traits<F>::type;
  std::vector<T> x(n), r(n);
  for (std::uint64_t i = 0; i < n; ++i) x[i] = bit_cast<T>(inputs::standard_input<T, 1>(kind, seed, first + i).x);
  ocml::detail::span_kernel<F>::template run<C>("block_digests", x, r);
  std::memcpy(out, r.data(), n * sizeof(T));
}

// The span form S of a binary32 pair row with a SIMD kernel (fmodf: nv::fmodf,
// fmodf_ftz, fmodf_triton and ocml::fmod_f32<C> on the exact-remainder lanes of
// bitexact/simd/common-inl.hpp).
template <void (*S)(std::span<const float>, std::span<const float>, std::span<float>)>
void run_span2(inputs::set_kind kind, std::uint64_t seed, std::uint64_t first, std::uint64_t n, unsigned char* out) {
  std::vector<float> x(n), y(n), r(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    const auto p = inputs::standard_input<float, 2>(kind, seed, first + i);
    x[i] = bit_cast<float>(p.x);
    y[i] = bit_cast<float>(p.y);
  }
  S(x, y, r);
  std::memcpy(out, r.data(), n * sizeof(float));
}

}  // namespace

// The truth's sinf/cosf fast layer (header-only, no MPFR), as implementations
// truth-fast (the scalar functions, input by input) and truth-fast-span (the
// batch's SIMD kernel, bitexact/truth/sincosf_batch-inl.hpp, which src/truth's
// truth::sinf_batch runs; its undecided lanes through the scalar functions).
// Output per input, 12 bytes: the approximation y (NaN where there is none,
// as the batch stores it) and the result in round-to-nearest where the fast
// layer decides it, else 0xffffffff (MPFR's case, not evaluated here).
namespace bitexact::truth {
namespace {
template <bool Sin>
void fast_one(float x, float& out, double& y) {
  const bool ok = Sin ? detail::sinf_approx(x, y) : detail::cosf_approx(x, y);
  if (!ok || (bit_cast<std::uint32_t>(x) & 0x7fffffffu) == 0) y = std::nan("");
  if (!(Sin ? detail::sinf_fast(x, rounding::nearest, out) : detail::cosf_fast(x, rounding::nearest, out)))
    out = bit_cast<float>(0xffffffffu);
}

void put(unsigned char* out, std::uint64_t i, float r, double y) {
  std::memcpy(out + 12 * i, &y, 8);
  std::memcpy(out + 12 * i + 8, &r, 4);
}

template <bool Sin>
void run_fast(inputs::set_kind kind, std::uint64_t seed, std::uint64_t first, std::uint64_t n, unsigned char* out) {
  for (std::uint64_t i = 0; i < n; ++i) {
    float r;
    double y;
    fast_one<Sin>(bit_cast<float>(std::uint32_t(inputs::standard_input<float, 1>(kind, seed, first + i).x)), r, y);
    put(out, i, r, y);
  }
}

template <bool Sin>
void run_fast_span(inputs::set_kind kind, std::uint64_t seed, std::uint64_t first, std::uint64_t n,
                   unsigned char* out) {
  std::vector<float> x(n), r(n);
  std::vector<double> y(n);
  for (std::uint64_t i = 0; i < n; ++i)
    x[i] = bit_cast<float>(std::uint32_t(inputs::standard_input<float, 1>(kind, seed, first + i).x));
  const std::size_t done = BITEXACT_SIMD_DISPATCH(
      std::size_t(0), detail, sincosf_batch<Sin>(x.data(), r.data(), y.data(), n, &fast_one<Sin>));
  for (std::size_t i = done; i < n; ++i) fast_one<Sin>(x[i], r[i], y[i]);
  for (std::uint64_t i = 0; i < n; ++i) put(out, i, r[i], y[i]);
}
}  // namespace
}  // namespace bitexact::truth

// The sweep engine's accounting kernels (src/sweep/engine-inl.hpp: the
// counts of special values, the lists of differing positions, the counts per
// binade, the split of a list into ordinary results and the rest), as
// implementations engine (this file's scalar passes, the contracts the
// kernels state) and engine-span (the kernels on the whole vectors, these
// passes on the rest), on 32-bit lanes (floats) and 64-bit lanes (the
// engine's words). Integer work and exact comparisons, so the same results
// on every target; this shows it for NEON and SVE.
//
// Input index g, in blocks of 256: the first half of a block 128 consecutive
// floats (vectors of one binade, as in a sweep), the second half scattered
// ones (every class), both from a hash of the block; nv's sinf and ocml's
// sin_f32 (gfx90a) of them as the two outputs compared (they differ on about
// a tenth of the inputs), and errors from a hash (every test of `ordinary`:
// zero, negative, infinite, NaN, subnormal, near and away from powers of two).
// Output: each block's results in 256 x 32 bytes, input g taking its slot, so
// that any split of a window among threads gives the same bytes.
namespace bitexact::sweep {
namespace {
constexpr std::uint64_t eblock = 256;

std::uint64_t mix(std::uint64_t v) {  // splitmix64's finaliser
  v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ull;
  v = (v ^ (v >> 27)) * 0x94d049bb133111ebull;
  return v ^ (v >> 31);
}

double error_of(std::uint64_t h) {
  switch (h & 15) {
    case 0:
      return 0.0;
    case 1:
      return -1.5;
    case 2:
      return HUGE_VAL;
    case 3:
      return std::nan("");
    case 4:
      return bit_cast<double>(h >> 12);  // subnormal
    case 5:
      return std::ldexp(1.0, int((h >> 8) % 20));  // a power of two
    case 6:
      return bit_cast<double>(((1023 + (h >> 8) % 20) << 52) | ((std::uint64_t(1) << 32) + ((h >> 40) & 1)));
    default:
      return bit_cast<double>(((1021 + (h >> 8) % 24) << 52) | (h >> 12));
  }
}

struct ref_passes {  // engine.cpp's scalar passes, as their contracts state them
  template <class W>
  static std::uint64_t bits(W v) {
    if constexpr (sizeof(W) == 4)
      return bit_cast<std::uint32_t>(v);
    else
      return std::uint64_t(v);
  }
  template <class W>
  static void count_special(const W* w, std::size_t n, std::uint64_t mag, std::uint64_t em, std::uint64_t fm,
                            std::uint64_t* c4) {
    for (std::size_t j = 0; j < n; ++j) {
      const std::uint64_t v = bits(w[j]) & mag;
      c4[0] += v > em;
      c4[1] += v == em;
      c4[2] += v != 0 && v <= fm;
      c4[3] += v == 0;
    }
  }
  template <class W>
  static std::size_t list(const W* x, const W* y, std::size_t j0, std::size_t n, std::uint64_t mask,
                          std::uint32_t* out) {
    std::size_t cnt = 0;
    for (std::size_t j = j0; j < n; ++j)
      if ((bits(x[j]) ^ bits(y[j])) & mask) out[cnt++] = std::uint32_t(j);
    return cnt;
  }
  template <class W>
  static void binades(const W* w, std::size_t j0, std::size_t n, std::uint64_t mask, int shift, std::uint32_t* tally) {
    for (std::size_t j = j0; j < n; ++j) ++tally[(bits(w[j]) & mask) >> shift];
  }
  static bool normal(std::uint32_t w) {
    const std::uint32_t e = w & 0x7f800000u;
    return e != 0 && e != 0x7f800000u;
  }
  // adjacent_pairs' test: x and y finite nonzero numbers one float apart,
  // the operand not below `below`.
  static bool adjacent(std::uint32_t a, std::uint32_t x, std::uint32_t y, std::uint32_t below) {
    const auto number = [](std::uint32_t w) { return (w & 0x7fffffffu) != 0 && (w & 0x7fffffffu) < 0x7f800000u; };
    return number(x) && number(y) && (x - y == 1 || y - x == 1) && a >= below;
  }
  // scan_run: the run of entries from s0 whose sa >> shift is that of the
  // first; its largest error, its first entry at it, and how many are.
  static std::size_t scan_run(const std::uint32_t* sa, const double* se, std::size_t s0, std::size_t ns, int shift,
                              std::uint64_t* h, double& m, std::size_t& at, std::size_t& ties) {
    std::size_t s = s0;
    m = 0;
    for (; s < ns && sa[s] >> shift == sa[s0] >> shift; ++s) {
      m = std::max(m, se[s]);
      ++h[hd::ulp_bin(se[s])];
    }
    ties = 0;
    for (std::size_t k = s0; k < s; ++k)
      if (se[k] == m && ties++ == 0) at = k;
    return s;
  }
  // ordinary: entries q0.. of the list, appended to sj/se (from ns) and rest (from nr).
  static void ordinary(const float* a, const float* o, const float* t, const std::uint32_t* list, std::size_t q0,
                       std::size_t cnt, const double* errs, std::uint32_t* sj, std::uint32_t* sa, double* se,
                       std::size_t& ns, std::uint32_t* rest, std::size_t& nr) {
    for (std::size_t q = q0; q < cnt; ++q) {
      const std::size_t j = list[q];
      const std::uint32_t r = bit_cast<std::uint32_t>(o[j]) & 0x7fffffffu;
      const double e = errs[q];
      if (normal(bit_cast<std::uint32_t>(a[j])) && normal(bit_cast<std::uint32_t>(t[j])) && r < 0x7f800001u && r != 0 &&
          e > 0 && e < HUGE_VAL && !hd::near_bin_boundary(e)) {
        sj[ns] = std::uint32_t(j);
        sa[ns] = bit_cast<std::uint32_t>(a[j]);
        se[ns++] = e;
      } else {
        rest[nr++] = std::uint32_t(q);
      }
    }
  }
};

// One block's results into rec (eblock x 32 bytes, zeros past the results).
template <bool Span>
void engine_block(std::uint64_t blk, unsigned char* rec) {
  constexpr std::size_t n = eblock, pad = 64;
  std::vector<float> a(n + pad), o(n + pad), t(n + pad);
  std::vector<std::uint64_t> wa(n + pad), wo(n + pad), wt(n + pad);
  const std::uint64_t h0 = mix(blk);
  for (std::size_t j = 0; j < n; ++j) {
    const std::uint32_t b = j < n / 2 ? std::uint32_t(h0 + j) : std::uint32_t(mix(h0 + j));
    a[j] = bit_cast<float>(b);
    o[j] = nv::sinf(a[j]);
    t[j] = ocml::sin_f32<ocml::gfx90a>(a[j]);
    wa[j] = bit_cast<std::uint32_t>(a[j]);
    wo[j] = bit_cast<std::uint32_t>(o[j]);
    wt[j] = bit_cast<std::uint32_t>(t[j]);
  }
  std::vector<unsigned char> res;
  const auto put = [&](const void* p, std::size_t bytes) {
    res.insert(res.end(), static_cast<const unsigned char*>(p), static_cast<const unsigned char*>(p) + bytes);
  };
  const auto run = [&]<class W>(const W* va, const W* vo, const W* vt, std::uint64_t mask) {
    std::uint64_t c4[4] = {0, 0, 0, 0};
    std::size_t j = 0;
    if constexpr (Span)
      j = BITEXACT_SIMD_DISPATCH(std::size_t(0), simd_kernels,
                                 count_special_classes(vt, n, 0x7fffffffu, 0x7f800000u, 0x7fffffu, c4));
    ref_passes::count_special(vt + j, n - j, 0x7fffffffu, 0x7f800000u, 0x7fffffu, c4);
    put(c4, sizeof c4);
    std::vector<std::uint32_t> list(n + pad);
    std::size_t cnt = 0, j0 = 0;
    if constexpr (Span)
      cnt = BITEXACT_SIMD_DISPATCH(std::size_t(0), simd_kernels, list_differences(vo, vt, n, mask, list.data(), &j0));
    cnt += ref_passes::list(vo, vt, j0, n, mask, list.data() + cnt);
    put(&cnt, sizeof cnt);
    put(list.data(), cnt * 4);
    std::vector<std::uint32_t> tally(512, 0);
    j = 0;
    if constexpr (Span)
      j = BITEXACT_SIMD_DISPATCH(std::size_t(0), simd_kernels, count_binades(va, n, mask, 23, tally.data()));
    ref_passes::binades(va, j, n, mask, 23, tally.data());
    for (std::uint32_t k = 0; k < 512; ++k)
      if (tally[k]) put(&k, 4), put(&tally[k], 4);
    list.resize(cnt);
    return list;
  };
  run(wa.data(), wo.data(), wt.data(), 0xffffffffu);
  std::vector<std::uint32_t> list = run(a.data(), o.data(), t.data(), 0xffffffffu);
  const std::size_t cnt = list.size();
  list.resize(cnt + pad);
  std::vector<double> errs(cnt + pad);
  for (std::size_t q = 0; q < cnt; ++q) errs[q] = error_of(mix(h0 ^ (q + 1)));
  std::vector<std::uint32_t> sj(cnt + pad), sa(cnt + pad), rest(cnt + pad);
  std::vector<double> se(cnt + pad);
  std::size_t ns = 0, nr = 0, q0 = 0;
  if constexpr (Span)
    ns = BITEXACT_SIMD_DISPATCH(std::size_t(0), simd_kernels,
                                ordinary(1, a.data(), nullptr, o.data(), t.data(), list.data(), cnt, errs.data(),
                                         sj.data(), sa.data(), se.data(), 0, rest.data(), &nr, &q0));
  ref_passes::ordinary(a.data(), o.data(), t.data(), list.data(), q0, cnt, errs.data(), sj.data(), sa.data(), se.data(),
                       ns, rest.data(), nr);
  put(&ns, sizeof ns);
  put(sj.data(), ns * 4);
  put(sa.data(), ns * 4);
  put(se.data(), ns * 8);
  put(&nr, sizeof nr);
  put(rest.data(), nr * 4);
  // The runs' scans of the ordinary entries (scan_run), run by run, folded
  // into one word, and their histogram.
  std::uint64_t runs = 0, hist[24] = {};
  for (std::size_t s0 = 0, s1 = 0; s0 < ns; s0 = s1) {
    double m = 0;
    std::size_t at = 0, ties = 0;
    s1 = 0;
    if constexpr (Span)
      s1 = BITEXACT_SIMD_DISPATCH(std::size_t(0), simd_kernels,
                                  scan_run(sa.data(), se.data(), s0, ns, 20, hist, &m, &at, &ties));
    if (s1 == 0) s1 = ref_passes::scan_run(sa.data(), se.data(), s0, ns, 20, hist, m, at, ties);
    for (const std::uint64_t v :
         {std::uint64_t(s1), bit_cast<std::uint64_t>(m), std::uint64_t(at), std::uint64_t(ties)})
      runs = mix(runs ^ v);
  }
  put(&runs, sizeof runs);
  put(hist, sizeof hist);
  // The pair pass (adjacent_pairs) of nv's and ocml's results: per binade,
  // the differences and the adjacent ones, with or without the kernel's
  // counting (the positions it leaves, and those past its vectors, counted
  // here), and the binades it marks. Half the blocks with no bound.
  const std::uint32_t below = blk & 1 ? 0 : std::uint32_t(h0 >> 40);
  std::vector<std::uint64_t> differ(512), adjacent(512), left(512);  // left: adjacent ones not counted by the kernel
  std::vector<double> mark(512);
  std::uint64_t adj = 0;
  std::size_t done = 0, nrest = 0;
  if constexpr (Span)
    nrest = BITEXACT_SIMD_DISPATCH(std::size_t(0), simd_kernels,
                                   adjacent_pairs(a.data(), o.data(), t.data(), n, below, 23, differ.data(),
                                                  mark.data(), &adj, rest.data(), &done));
  for (std::size_t b = 0; b < 512; ++b) adjacent[b] = differ[b];  // (the kernel counts only adjacent ones)
  for (std::size_t k = 0; k < nrest + (n - done); ++k) {
    const std::size_t j = k < nrest ? rest[k] : done + (k - nrest);
    const std::uint32_t aw = bit_cast<std::uint32_t>(a[j]), x = bit_cast<std::uint32_t>(o[j]),
                        y = bit_cast<std::uint32_t>(t[j]);
    if (x == y) continue;
    ++differ[aw >> 23];
    if (ref_passes::adjacent(aw, x, y, below)) ++adjacent[aw >> 23], ++left[aw >> 23], ++adj;
  }
  // A binade's mark: the kernel's (largest distance 1), or adjacent ones left.
  std::uint64_t pairs = 0;
  for (std::size_t b = 0; b < 512; ++b)
    for (const std::uint64_t v : {differ[b], adjacent[b], std::uint64_t(mark[b] == 1.0 || left[b] > 0)})
      pairs = mix(pairs ^ v);
  put(&pairs, sizeof pairs);
  put(&adj, sizeof adj);
  if (res.size() > eblock * 32) std::abort();  // (at most about 7 KiB)
  std::memset(rec, 0, eblock * 32);
  std::memcpy(rec, res.data(), res.size());
}

template <bool Span>
void run_engine(inputs::set_kind, std::uint64_t, std::uint64_t first, std::uint64_t n, unsigned char* out) {
  std::vector<unsigned char> rec(eblock * 32);
  for (std::uint64_t g = first; g < first + n;) {
    const std::uint64_t blk = g / eblock, end = std::min(first + n, (blk + 1) * eblock);
    engine_block<Span>(blk, rec.data());
    std::memcpy(out + (g - first) * 32, rec.data() + (g % eblock) * 32, (end - g) * 32);
    g = end;
  }
}
}  // namespace
}  // namespace bitexact::sweep

namespace {

template <Fn F>
void add_span_forms(std::vector<entry>& t) {
  const int w = int(sizeof(typename fn_traits<F>::type));
  const std::string fn(fn_desc_of(F).name);
  if constexpr (nv::detail::span_kernel<F, nv::mode::ieee>::simd) {
    t.push_back({"nv-span", fn, &run_kernel_span<F, nv::detail::span_kernel<F, nv::mode::ieee>>, w});
    t.push_back({"nv-ftz-span", fn, &run_kernel_span<F, nv::detail::span_kernel<F, nv::mode::ftz>>, w});
  }
  if constexpr (nv::detail::triton_kernel<F>::simd)
    t.push_back({"triton-span", fn, &run_kernel_span<F, nv::detail::triton_kernel<F>>, w});
  if constexpr (ocml::detail::span_kernel<F>::simd) {
#define BITEXACT_OCML_CONFIG(tag, suffix, mcpu, daz, finite, release, what) \
  t.push_back({"ocml" suffix "-span", fn, &run_ocml_span<F, ocml::tag>, w});
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG
  }
}

template <Fn F, void (*Plain)(std::span<const float>, std::span<float>),
          void (*Ftz)(std::span<const float>, std::span<float>)>
void add_sfu_span_forms(std::vector<entry>& t) {
  if constexpr (nv::detail::sfu_lanes<F>) {
    t.push_back({"ptx-span", std::string(fn_desc_of(F).name), &run_sfu_span<F, Plain>, 4});
    t.push_back({"ptx-ftz-span", std::string(fn_desc_of(F).name), &run_sfu_span<F, Ftz>, 4});
  }
}

std::vector<entry> table() {
  std::vector<entry> t;
  testing::for_each_scalar_form([&]<Fn F, auto P>(const char* impl) {
    t.push_back({impl, std::string(fn_desc_of(F).name), &run_fn<F, P>, int(sizeof(typename fn_traits<F>::type))});
  });
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) add_span_forms<Fn::name>(t);
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
  // fmodf's span forms (a pair row: no span_kernel entry).
  t.push_back({"nv-span", "fmodf", &run_span2<&nv::fmodf>, 4});
  t.push_back({"nv-ftz-span", "fmodf", &run_span2<&nv::fmodf_ftz>, 4});
  t.push_back({"triton-span", "fmodf", &run_span2<&nv::fmodf_triton>, 4});
#define BITEXACT_OCML_CONFIG(tag, suffix, mcpu, daz, finite, release, what) \
  t.push_back({"ocml" suffix "-span", "fmodf", &run_span2<&ocml::fmod_f32<ocml::tag>>, 4});
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)
#define BX_SFU_SPAN_1(name) add_sfu_span_forms<Fn::name, &nv::name, &nv::name##_ftz>(t);
#define BX_SFU_SPAN_2(name)
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) BX_SFU_SPAN_##arity(name)
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BX_SFU_SPAN_1
#undef BX_SFU_SPAN_2
#undef BITEXACT_FUNCTION
  t.push_back({"truth-fast", "sinf", &truth::run_fast<true>, 12});
  t.push_back({"truth-fast-span", "sinf", &truth::run_fast_span<true>, 12});
  t.push_back({"truth-fast", "cosf", &truth::run_fast<false>, 12});
  t.push_back({"truth-fast-span", "cosf", &truth::run_fast_span<false>, 12});
  t.push_back({"engine", "sinf", &sweep::run_engine<false>, 32});
  t.push_back({"engine-span", "sinf", &sweep::run_engine<true>, 32});
  return t;
}

[[noreturn]] void fail(const std::string& msg) {
  std::fprintf(stderr, "block_digests: %s\n", msg.c_str());
  std::exit(2);
}

template <class W>
void clear_nan_signs(unsigned char* p, std::uint64_t n, W inf) {
  const W sign = W(1) << (8 * sizeof(W) - 1);
  for (std::uint64_t i = 0; i < n; ++i) {
    W w;
    std::memcpy(&w, p + i * sizeof(W), sizeof(W));
    if ((w & (sign - 1)) > inf) w &= ~sign;
    std::memcpy(p + i * sizeof(W), &w, sizeof(W));
  }
}

bool parse_u64(const std::string& s, std::uint64_t& v) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos || s.size() > 19) return false;
  v = std::strtoull(s.c_str(), nullptr, 10);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<entry> t = table();
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const auto& e : t) std::printf("%s %s\n", e.impl.c_str(), e.fn.c_str());
    return 0;
  }
  if (argc != 1) fail("usage: block_digests [--list] < jobs (lines: IMPL FN SET SEED FIRST N)");
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  if (const char* e = std::getenv("BX_THREADS")) {
    std::uint64_t v = 0;
    if (!parse_u64(e, v) || v == 0 || v > 4096) fail(std::string("BX_THREADS must be 1 to 4096, not '") + e + "'");
    threads = unsigned(v);
  }
  // Read every job first: a bad line stops the program before it prints anything.
  struct job {
    const entry* e;
    inputs::set_kind kind;
    std::string set;
    std::uint64_t seed, first, n;
    bool clear_nan_sign;
  };
  std::vector<job> jobs;
  std::string line;
  for (int ln = 1; std::getline(std::cin, line); ++ln) {
    std::istringstream in(line);
    std::string impl, fn, set, seed, first, n, view = "exact", extra;
    if (!(in >> impl)) continue;
    if (!(in >> fn >> set >> seed >> first >> n) || (in >> view && in >> extra))
      fail("line " + std::to_string(ln) + ": expected IMPL FN SET SEED FIRST N [VIEW]");
    if (view != "exact" && view != "nan-sign-cleared")
      fail("line " + std::to_string(ln) + ": VIEW must be exact or nan-sign-cleared, not '" + view + "'");
    job j{nullptr, inputs::set_kind::exhaustive, set, 0, 0, 0, view == "nan-sign-cleared"};
    for (const auto& e : t)
      if (e.impl == impl && e.fn == fn) j.e = &e;
    if (!j.e) fail("line " + std::to_string(ln) + ": no implementation " + impl + "." + fn + " here (--list)");
    if (set == "exhaustive")
      j.kind = inputs::set_kind::exhaustive;
    else if (set == "uniform")
      j.kind = inputs::set_kind::uniform;
    else if (set == "structured")
      j.kind = inputs::set_kind::structured;
    else
      fail("line " + std::to_string(ln) + ": set must be exhaustive, uniform or structured, not '" + set + "'");
    if (!parse_u64(seed, j.seed) || !parse_u64(first, j.first) || !parse_u64(n, j.n) || j.n == 0 ||
        j.n > (std::uint64_t(1) << 26))
      fail("line " + std::to_string(ln) + ": SEED, FIRST must be numbers and N from 1 to 2^26");
    jobs.push_back(j);
  }
  std::vector<unsigned char> buf;
  for (const job& j : jobs) {
    const std::uint64_t w = std::uint64_t(j.e->width);
    buf.resize(j.n * w);
    const std::uint64_t per = (j.n + threads - 1) / threads;
    std::vector<std::thread> th;
    for (unsigned k = 0; k < threads; ++k) {
      const std::uint64_t b = std::min(j.n, per * k), e = std::min(j.n, b + per);
      if (b < e) th.emplace_back([&, b, e] { j.e->run(j.kind, j.seed, j.first + b, e - b, buf.data() + b * w); });
    }
    for (auto& x : th) x.join();
    if (j.clear_nan_sign) {
      if (w == 4)
        clear_nan_signs<std::uint32_t>(buf.data(), j.n, 0x7f800000u);
      else
        clear_nan_signs<std::uint64_t>(buf.data(), j.n, 0x7ff0000000000000ull);
    }
    std::printf("%s %s %s %" PRIu64 " %" PRIu64 " %" PRIu64 " 0x%016" PRIx64 "\n", j.e->impl.c_str(), j.e->fn.c_str(),
                j.set.c_str(), j.seed, j.first, j.n, std::uint64_t(XXH3_64bits(buf.data(), buf.size())));
    std::fflush(stdout);
  }
  return 0;
}
