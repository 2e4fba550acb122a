// bitexact/nv/tanh_approx.hpp — tanh.approx.f32 (sm_90): MUFU.TANH.
// docs/nv-fast.md.
//
// MUFU.TANH is the SFU's quadratic interpolator (nv/sfu_interp.hpp: the same
// truncated squarer, the result read from the sum by truncation) on a table
// of 51 rows, but unlike the other units it works in absolute fixed point:
// the sum S has its binary point at bit 57 for every row and the result is
// read from it directly, so the error is about 2^-24 absolute (up to ~110
// ulps of a result near 2^-8). The rows cover |x| in [2^-8, 8): one segment
// per binade for 2^-8..2^-6, two for 2^-6..2^-4, four for 2^-4..1, eight in
// [1, 2), sixteen in [2, 4), eight in [4, 8); within its segment x is cut
// to 17 bits, xl = (mantissa >> (6 - b)) mod 2^17 for 2^b segments per
// binade (the low mantissa bits are lost). Then
//   S = c0 2^33 + c1 xl 2^a1 - c2 sq(xl)      (c0: 24 bits, units 2^-24)
// with a1 fixed per binade (the unit of c1 grows as the slope falls). The
// result is sign | S read as a float (binary point at bit 57, truncated).
// |x| < 2^-8 (subnormals and zeros too: the unit does not flush) gives x;
// |x| >= 8 and +-inf give +-1; NaN gives the canonical NaN.
// PTX has no .ftz form of tanh.approx: both implementations run this op.
#pragma once

#include "bitexact/bits.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/sfu_interp.hpp"

namespace bitexact::nv {
namespace sfu {

// The binary point of MUFU.TANH's sum and the position of c0's last bit.
inline constexpr int tanh_w = 57;
inline constexpr int tanh_a0 = 33;

// Per binade e of |x| in -8..2: the first table row, log2 of the segments in
// the binade, and the alignment a1 of the c1 term (fitted with the rows).
struct tanh_binade {
  u32 first_row;
  int seg_bits;
  int a1;
};
BITEXACT_INLINE tanh_binade tanh_binade_of(int e) {
  static constexpr tanh_binade t[11] = {
      {0, 0, 16},  {1, 0, 17},  {2, 0, 18},  {3, 1, 18},  {5, 1, 19},  {7, 2, 19},
      {11, 2, 20}, {15, 2, 21}, {19, 3, 20}, {27, 4, 18}, {43, 3, 20},
  };
  return t[e + 8];
}

// Table rows {c0, c1, c2}: fitted to the H100's own outputs by
// tools/gen/fit_sfu_tables.cpp (tanh mode; tanh.approx.f32 dumps of 2026-11-26,
// NVIDIA H100 80GB HBM3, driver 580.159.04, CUDA 13.0): for each row the only
// (c1, c2) near the least-squares fit and the c0 that meet every dumped
// output; the whole op is checked on all 2^32 inputs against the H100's
// digests (vectors/nv-sfu/digests.json).
BITEXACT_INLINE row tanh_row(u32 i) {
  static constexpr row table[51] = {
      {0x010000, 0x10000, 0x0001}, {0x01fffe, 0xfffc, 0x0006}, {0x03ffec, 0xfff4, 0x0034}, {0x07ff56, 0xffc4, 0x0052},
      {0x0bfdc2, 0xff72, 0x006e}, {0x0ffaac, 0xff0c, 0x027c}, {0x17ee0c, 0xfdd0, 0x0378}, {0x1fd59a, 0xfc14, 0x045e},
      {0x27ad76, 0xf9e4, 0x0548}, {0x2f71fc, 0xf740, 0x062c}, {0x371fa0, 0xf42a, 0x06f6}, {0x3eb2f0, 0xf0c4, 0x2054},
      {0x4d7e4c, 0xe8a8, 0x25b0}, {0x5bbd40, 0xdf37, 0x29f8}, {0x695ca0, 0xd4b3, 0x2d38}, {0x764d28, 0xc973, 0xc090},
      {0x8dfa50, 0xb13e, 0xc480}, {0xa29968, 0x9897, 0xbcb0}, {0xb43388, 0x80f3, 0xad38}, {0xc2f848, 0xd68a, 0x997c},
      {0xcf2eb8, 0xb02e, 0x8478}, {0xd92988, 0x8f1a, 0x6fa0}, {0xe13cb4, 0x733d, 0x5c8c}, {0xe7b820, 0x5c26, 0x4ba8},
      {0xece3c4, 0x4948, 0x3d48}, {0xf0fe38, 0x3a02, 0x3120}, {0xf43c7c, 0x2dc4, 0x2734}, {0xf6caa0, 0x900a, 0x1f25},
      {0xf8ccc1, 0x710e, 0x1897}, {0xfa6005, 0x5892, 0x1355}, {0xfb9bcd, 0x4552, 0x0f34}, {0xfc92d1, 0x362e, 0x0be7},
      {0xfd53d5, 0x2a53, 0x0954}, {0xfdea8f, 0x2109, 0x074b}, {0xfe602d, 0x19c7, 0x05b4}, {0xfebbee, 0x141a, 0x0473},
      {0xff037a, 0x0fac, 0x0379}, {0xff3b40, 0x0c37, 0x02b5}, {0xff66b9, 0x0985, 0x021d}, {0xff8898, 0x076b, 0x01a5},
      {0xffa2fd, 0x05c7, 0x0147}, {0xffb78d, 0x0480, 0x00fe}, {0xffc792, 0x0381, 0x00c5}, {0xffd430, 0x0293, 0x06d8},
      {0xffefe0, 0x00f3, 0x0288}, {0xfffa10, 0x0059, 0x00e8}, {0xfffdd0, 0x0021, 0x0058}, {0xffff34, 0x000c, 0x0020},
      {0xffffb4, 0x0005, 0x0010}, {0xffffe4, 0x0002, 0x0008}, {0xfffff4, 0x0001, 0x0004},
  };
  return table[i];
}

// Row, xl and a1 of |x| (bits a) in [2^-8, 8).
struct tanh_arg {
  u32 row, xl;
  int a1;
};
BITEXACT_INLINE tanh_arg tanh_split(u32 a) {
  const tanh_binade b = tanh_binade_of(int(a >> 23) - 127);
  const u32 m = a & 0x7fffffu;
  return {b.first_row + (m >> (23 - b.seg_bits)), (m >> (6 - b.seg_bits)) & 0x1ffffu, b.a1};
}

// S for |x| in [2^-8, 8) (binary point at bit tanh_w).
BITEXACT_INLINE u64 tanh_sum(u32 a) {
  const tanh_arg t = tanh_split(a);
  const row r = tanh_row(t.row);
  return (u64(r.c0) << tanh_a0) + ((u64(r.c1) * t.xl) << t.a1) - u64(r.c2) * square_trunc(t.xl);
}

BITEXACT_INLINE float mufu_tanh(float x) {
  const u32 b = bit_cast<u32>(x), sign = b & 0x80000000u, a = b & 0x7fffffffu;
  if (a > inf_bits) return bit_cast<float>(nan_bits);
  if (a < 0x3b800000u) return x;                        // |x| < 2^-8: x itself
  if (a >= 0x41000000u) return bit_cast<float>(sign | one_bits);  // |x| >= 8, inf
  return bit_cast<float>(float_from_sum(tanh_sum(a), tanh_w, 0, sign));
}

}  // namespace sfu

namespace ptx {
// tanh.approx.f32 has no .ftz form and MUFU.TANH flushes nothing: both modes
// are the one instruction (implementation ptx-ftz registers it unchanged).
template <mode M, sfu::arch A = sfu::arch::sm_90, class F>
BITEXACT_INLINE F tanh_approx_model(F x) {
  static_assert(A == sfu::arch::sm_90, "the SFU model is proved for sm_90 only (docs/nv-fast.md)");
  if constexpr (lanes<F>)
    return F::mufu_tanh(x);  // the lane form (bitexact/nv/ptx_lanes-inl.hpp)
  else
    return sfu::mufu_tanh(x);
}
// tanh.approx.f32: the instruction on an NVIDIA GPU, the model elsewhere.
template <mode M>
BITEXACT_INLINE float tanh_approx_f32(float x) {
#if defined(__CUDA_ARCH__)
  float r;
  asm("tanh.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
#else
  return tanh_approx_model<M>(x);
#endif
}
template <mode M, lanes V>
BITEXACT_INLINE V tanh_approx_f32(V x) {
  return tanh_approx_model<M>(x);
}
}  // namespace ptx
}  // namespace bitexact::nv
