// bitexact/nv/sfu_interp.hpp — the quadratic table interpolator of NVIDIA's
// special function unit (MUFU), the arithmetic core shared by the models of
// sin/cos/ex2/lg2/rcp/rsqrt/sqrt.approx (nv/*_approx.hpp).
//
// The hardware (Oberman and Siu, "A high-performance area-efficient
// multifunction interpolator", ARITH 2005, the design NVIDIA published for its
// SFU) evaluates f on a fixed-point argument X in [0, 1) with 23 fraction bits
// as a piecewise quadratic: the top m bits of X select a table row (c0, c1,
// c2), the low 23 - m bits are xl, and
//
//     S = c0 2^a0 +- c1 xl 2^a1 +- c2 sq(xl) + bias       (unsigned integers)
//
// where sq is a truncated squarer (below) and S has its binary point at bit
// w: the result's significand is read from S by truncation. The structure
// (m, the term alignments, the squarer's truncation) follows the public
// reverse-engineering of sm_5x..sm_75 in bcarlet/ptx-math; the table rows and
// biases of this project were fitted afresh to the H100's own outputs
// (tools/gen/fit_sfu_tables.cpp) and every op is checked on all 2^32 inputs
// against H100 digests (vectors/nv/sfu_digests.json, docs/nv-fast.md).
#pragma once

#include <cstdint>

#include "bitexact/config.hpp"

namespace bitexact::nv::sfu {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// The squarer's input width and the number of low partial-product columns it
// drops.
inline constexpr int square_in_bits = 17;
inline constexpr int square_dropped_columns = 19;

// sq(x) for x < 2^17: x^2 without the bits of the squaring array's columns
// 0..18. The array of x*x, folded as squarers are built: bit x_i alone in
// column 2i (x_i x_i = x_i) and, for i < j, x_i x_j once in column i + j + 1
// (the pair x_i x_j + x_j x_i). The dropped bits are summed exactly and
// subtracted from the exact square, so the result is what an array that
// never built those columns adds up to.
BITEXACT_INLINE constexpr u64 square_trunc(u32 x) {
  constexpr u64 low = (u64(1) << square_dropped_columns) - 1;
  u64 dropped = 0;
  for (int i = 0; 2 * i < square_dropped_columns; ++i) {
    if (!((x >> i) & 1u)) continue;
    dropped += (u64(1) << (2 * i)) & low;                       // x_i in column 2i
    dropped += (u64(x >> (i + 1)) << (2 * i + 2)) & low;         // x_i x_j, j > i, in column i + j + 1
  }
  return u64(x) * x - dropped;
}

// One op's interpolator: the shape of its table and sum.
struct shape {
  int m;        // index bits: 2^m rows (sqrt/rsqrt: 2^(m+1), one half per exponent parity)
  int a0, a1;   // alignments of the c0 and c1 terms (the c2 term is at 0)
  int w;        // position of the binary point of S
  int s1, s2;   // signs of the c1 and c2 terms: +1 or -1
  int sq_shift; // xl enters the 17-bit squarer shifted left by this (m = 7: 1)
  u64 bias;     // added to every sum (a fraction of the output's last place)
};

struct row {
  u32 c0, c1, c2;
};

// Row i of a table. In a BITEXACT_SFU_NO_TABLES build (the amdgcn bitcode of
// the "nv" personality, device/build_replace_ocml_nv.sh, which must hold no
// global data) the row is chosen by a binary tree of comparisons of i, each
// leaf a row read at a constant index: the optimiser folds those reads into
// immediates and drops the array.
namespace detail {
template <unsigned Lo, unsigned Hi, unsigned N>
BITEXACT_INLINE constexpr row table_row_tree(const row (&t)[N], u32 i) {
  if constexpr (Hi - Lo == 1) {
    return t[Lo];
  } else {
    constexpr unsigned mid = Lo + (Hi - Lo) / 2;
    const row a = table_row_tree<Lo, mid>(t, i);
    const row b = table_row_tree<mid, Hi>(t, i);
    const bool low = i < mid;
    return {low ? a.c0 : b.c0, low ? a.c1 : b.c1, low ? a.c2 : b.c2};
  }
}
}  // namespace detail
template <unsigned N>
BITEXACT_INLINE constexpr row table_row(const row (&t)[N], u32 i) {
#if defined(BITEXACT_SFU_NO_TABLES)
  return detail::table_row_tree<0, N>(t, i);
#else
  return t[i];
#endif
}

// The squarer's output for xl (23 - m bits), scaled back when xl enters it
// shifted (m = 7): what c2 multiplies.
BITEXACT_INLINE constexpr u64 square_of(shape s, u32 xl) {
  return square_trunc(xl << s.sq_shift) >> (2 * s.sq_shift);
}

// S for the row and xl (23 - m bits).
BITEXACT_INLINE constexpr u64 interpolate(shape s, const row& r, u32 xl) {
  const u64 t0 = u64(r.c0) << s.a0;
  const u64 t1 = (u64(r.c1) * xl) << s.a1;
  const u64 t2 = u64(r.c2) * square_of(s, xl);
  u64 sum = t0;
  sum = s.s1 > 0 ? sum + t1 : sum - t1;
  sum = s.s2 > 0 ? sum + t2 : sum - t2;
  return sum + s.bias;
}

// Leading-zero count of a nonzero 64-bit word, on the host and the GPU.
BITEXACT_INLINE int clz64(u64 v) {
#if BITEXACT_DEVICE_PASS && !defined(__clang__)
  return __clzll(static_cast<long long>(v));  // nvcc's device intrinsic
#else  // host compilers, and clang for any target
  return __builtin_clzll(v);
#endif
}

// The binary32 pattern sign | S 2^(scale - w), S != 0, its significand read
// from S by truncation as the SFU's normaliser does (the caller guarantees a
// normal exponent).
BITEXACT_INLINE u32 float_from_sum(u64 sum, int w, int scale, u32 sign) {
  const int p = 63 - clz64(sum);  // leading bit
  const u64 frac = p >= 23 ? sum >> (p - 23) : sum << (23 - p);
  return sign | (u32(127 + p - w + scale) << 23) | (u32(frac) & 0x7fffffu);
}

// The GPU generation a model is for. Only sm_90 (H100) is proved here: every
// model equals the H100 on all 2^32 inputs. Other generations may differ
// (bcarlet/ptx-math found MUFU.SIN/COS changed at sm_70, and sqrt.approx at
// sm_6x); a model named for an arch it was not checked on does not compile.
enum class arch { sm_90 };

// Results the SFU returns for special operands.
inline constexpr u32 nan_bits = 0x7fffffffu;   // every NaN result (the PTX canonical NaN)
inline constexpr u32 inf_bits = 0x7f800000u;
inline constexpr u32 one_bits = 0x3f800000u;
inline constexpr u32 min_normal_bits = 0x00800000u;

}  // namespace bitexact::nv::sfu
