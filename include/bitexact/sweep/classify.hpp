// bitexact/sweep/classify.hpp — the sweep engine's classification rules as
// host AND device code: value classes, pair discrepancy classes, histogram
// bins, and the bin-boundary test that decides when a fast ULP error is not
// good enough. The CPU engine (src/sweep/) and the CUDA backend's kernels
// (src/gpu/cuda_stats.cu) both call these, so a statistic cannot be binned
// differently on the two.
//
// Header-only and free of the engine's other headers (no JSON, no STL
// containers), so nvcc can compile it for the GPU.
#pragma once

#include <cstddef>
#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/config.hpp"

namespace bitexact::sweep::hd {

using word = std::uint64_t;

// Sign, exponent field and fraction masks of a format of `bits` width.
BITEXACT_INLINE constexpr word sign_mask(int bits) { return word(1) << (bits - 1); }
BITEXACT_INLINE constexpr word exp_mask(int bits) {
  return bits == 32 ? word(0x7f800000u) : word(0x7ff0000000000000ull);
}
BITEXACT_INLINE constexpr word frac_mask(int bits) { return bits == 32 ? word(0x007fffffu) : word(0x000fffffffffffffull); }

// sweep::VClass: 0 zero, 1 subnormal, 2 normal, 3 inf, 4 nan.
BITEXACT_INLINE constexpr int vclass(int bits, word w) {
  const word e = w & exp_mask(bits), m = w & frac_mask(bits);
  if (e == exp_mask(bits)) return m ? 4 : 3;
  if (e == 0) return m ? 1 : 0;
  return 2;
}
BITEXACT_INLINE constexpr bool is_nan(int bits, word w) { return (w & ~sign_mask(bits)) > exp_mask(bits); }
BITEXACT_INLINE constexpr bool is_zero(int bits, word w) { return (w & ~sign_mask(bits)) == 0; }

// sweep::Disc of two outputs whose bits differ: 0 nan_vs_number,
// 1 inf_vs_number, 2 zero_vs_nonzero, 3 number_vs_number, 4 nan_payload,
// 5 inf_sign, 6 zero_sign.
BITEXACT_INLINE constexpr int discrepancy(int bits, word x, word y) {
  const word sign = sign_mask(bits), inf = exp_mask(bits);
  const word ax = x & ~sign, ay = y & ~sign;
  const bool nx = ax > inf, ny = ay > inf;
  if (nx && ny) return 4;
  if (nx || ny) return 0;
  if (ax == inf && ay == inf) return 5;
  if (ax == inf || ay == inf) return 1;
  if (ax == 0 && ay == 0) return 6;
  if (ax == 0 || ay == 0) return 2;
  return 3;
}

// FTZ/DAZ flushes (docs/sweep.md, "Flushed results"). A result r that differs
// from the truth t (and is not NaN where t is NaN) is a flush candidate when r
// is a zero where t is a nonzero subnormal (output flushed), or when an
// operand is a nonzero subnormal (input read as zero: whether r is what the
// flushed inputs give takes the truth at those inputs, which the host
// decides). Candidates are rare (subnormal operands or results), so the GPU
// hands every one of them to the host and the CPU's rule alone decides.
BITEXACT_INLINE constexpr bool is_subnormal(int bits, word w) { return vclass(bits, w) == 1; }
BITEXACT_INLINE constexpr bool output_flushed(int bits, word r, word t) {
  return is_zero(bits, r) && is_subnormal(bits, t);
}
BITEXACT_INLINE constexpr bool flush_candidate(int bits, int arity, word a, word b, word r, word t) {
  if (r == t || (is_nan(bits, r) && is_nan(bits, t))) return false;
  return output_flushed(bits, r, t) || is_subnormal(bits, a) || (arity == 2 && is_subnormal(bits, b));
}
// An operand as an FTZ/DAZ unit reads it: a nonzero subnormal becomes the
// zero of its sign.
BITEXACT_INLINE constexpr word flush_operand(int bits, word w) {
  return is_subnormal(bits, w) ? (w & sign_mask(bits)) : w;
}

// Distance in representable steps between two finite outputs.
BITEXACT_INLINE constexpr std::uint64_t ordered_distance(int bits, word x, word y) {
  const word sign = sign_mask(bits);
  const std::int64_t ox = (x & sign) ? -std::int64_t(x & ~sign) : std::int64_t(x & ~sign);
  const std::int64_t oy = (y & sign) ? -std::int64_t(y & ~sign) : std::int64_t(y & ~sign);
  return ox > oy ? std::uint64_t(ox) - std::uint64_t(oy) : std::uint64_t(oy) - std::uint64_t(ox);
}

// 2^k as a double, 0 <= k <= 1023 (exact, no libm).
BITEXACT_INLINE constexpr double pow2(int k) { return bit_cast<double>(std::uint64_t(1023 + k) << 52); }

// sweep::ulp_bin: the histogram bin of a finite ULP error e > 0:
// 1 (0,0.5], 2 (0.5,1], 3.. (2^(k-1),2^k] for k = 1..20, 23 above 2^20.
// That is 2 + ceil(log2 e) clamped to [1, 23], and ceil(log2 e) is the
// exponent of e plus one when its fraction is nonzero; branch-free, because
// the sweep bins one result in ten and the bins of neighbouring results
// alternate unpredictably (tests/sweep_engine_test.cpp checks it against the
// comparisons it replaces). A subnormal e has exponent field 0: bin 1.
BITEXACT_INLINE int ulp_bin(double e) {
  const std::uint64_t u = bit_cast<std::uint64_t>(e);
  const int k = int(u >> 52) - 1023 + int((u & 0x000fffffffffffffull) != 0);
  const int b = k + 2;
  return b < 1 ? 1 : b > 23 ? 23 : b;
}

// The sweep's scan of a run of ULP errors e[s..] (src/sweep/: engine.cpp's
// scan_run and its SIMD kernel's last entries), entry by entry while
// in_run(s): continuing from the m, at and ties it is given, the largest
// error in m, the first entry reaching it in at and how many do in ties;
// each entry's bin to count(s, ulp_bin). Branch-free. Returns where it stopped.
template <class InRun, class Count>
BITEXACT_INLINE std::size_t scan_errors(const double* e, std::size_t s, std::size_t ns, InRun in_run, Count count,
                                        double& m, std::size_t& at, std::size_t& ties) {
  for (; s < ns && in_run(s); ++s) {
    const double v = e[s];
    const bool above = v > m;
    at = above ? s : at;
    ties = above ? 1 : ties + (v == m);
    m = above ? v : m;
    count(s, ulp_bin(v));
  }
  return s;
}

// sweep::dist_bin: ULP-distance bins of number_vs_number pairs: 1, 2,
// (2,4], ..., (2^19,2^20], >2^20.
BITEXACT_INLINE constexpr int dist_bin(std::uint64_t steps) {
  if (steps <= 1) return 0;
  if (steps == 2) return 1;
  for (int k = 2; k <= 20; ++k)
    if (steps <= (std::uint64_t(1) << k)) return k;
  return 21;
}

// Within 2^-20 (relative) of a power of two: a histogram bin boundary, where a
// fast ULP error (within 2^-23 ulp) could put the result in the wrong bin, so
// the sweep uses the exact (MPFR) error there. Decided on the bits: e =
// (1 + f 2^-52) 2^E is near 2^E when f <= 2^32 and near 2^(E+1) when
// f >= 2^52 - 2^32 (that is frexp's m <= 1/2 + 2^-21 or m >= 1 - 2^-21).
BITEXACT_INLINE bool near_bin_boundary(double e) {
  const std::uint64_t u = bit_cast<std::uint64_t>(e);
  const std::uint64_t biased = (u >> 52) & 0x7ff, f = u & 0x000fffffffffffffull;
  if (!(e > 0) || biased == 0x7ff) return false;  // not positive, inf or NaN
  if (biased == 0) return true;  // subnormal error: never a real ULP error; let MPFR decide
  return f <= (std::uint64_t(1) << 32) || f >= (std::uint64_t(1) << 52) - (std::uint64_t(1) << 32);
}

}  // namespace bitexact::sweep::hd
