// bitexact/nv/lg2_approx.hpp — lg2.approx.f32 and .ftz (sm_90): MUFU.LG2
// and the IEEE wrapper of the plain form. docs/nv-fast.md.
//
// MUFU.LG2, x = (1 + X 2^-23) 2^e normal and positive, x != 1: row X >> 17,
// xl = X mod 2^17, S ~ 2^56 log2(1 + X 2^-23):
//   S = c0 2^30 + c1 xl 2^18 - c2 sq(xl) + bias
// then V = S + e 2^56, negated by one's complement (-V - 1) when negative,
// with its low 20 bits cleared, read as the result's magnitude (binary point at bit 56), negative when x < 1. lg2(1) = +0;
// subnormal x count as zero (-inf), x < 0 gives NaN, +inf gives +inf.
// Plain form: |x| < 2^-126 is scaled by 2^24 first and 24 subtracted after
// (IEEE mul and add).
#pragma once

#include "bitexact/bits.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/sfu_interp.hpp"

namespace bitexact::nv {
namespace sfu {

BITEXACT_INLINE constexpr shape lg2_shape() { return {6, 30, 18, 56, +1, -1, 0, 0xd140000ull}; }
inline constexpr int lg2_dropped_bits = 20;  // low bits of V cleared before normalising

// Table rows {c0, c1, c2}: fitted to the H100's own outputs by
// tools/gen/fit_sfu_tables.cpp (device/sfu_probe.cu dump, NVIDIA H100 80GB HBM3,
// driver 580.159.04, CUDA 13.0); each row is the only integer solution near
// the least-squares fit, and the whole op is checked on all 2^32 inputs
// against the H100's digests (vectors/nv/sfu_digests.json).
BITEXACT_INLINE row lg2_row(u32 i) {
  static constexpr row table[64] = {
      {0x0000007, 0x0b8a8, 0x2d7}, {0x016e79a, 0x0b5d1, 0x2c1}, {0x02d75b0, 0x0b310, 0x2ad}, {0x043acea, 0x0b064, 0x299},
      {0x0598fe5, 0x0adcc, 0x286}, {0x06f2112, 0x0ab47, 0x273}, {0x08462cc, 0x0a8d5, 0x262}, {0x0995753, 0x0a674, 0x250},
      {0x0ae00db, 0x0a424, 0x240}, {0x0c26165, 0x0a1e4, 0x22f}, {0x0d67af8, 0x09fb4, 0x220}, {0x0ea4f79, 0x09d93, 0x212},
      {0x0fde0bc, 0x09b81, 0x206}, {0x111307f, 0x0997c, 0x1f8}, {0x124407f, 0x09784, 0x1eb}, {0x1371254, 0x09599, 0x1df},
      {0x149a789, 0x093ba, 0x1d2}, {0x15c01ab, 0x091e7, 0x1c7}, {0x16e2225, 0x09020, 0x1bd}, {0x1800a5c, 0x08e63, 0x1b1},
      {0x191bbaf, 0x08cb2, 0x1a9}, {0x1a33763, 0x08b0a, 0x19e}, {0x1b47ec1, 0x0896c, 0x194}, {0x1c592fe, 0x087d8, 0x18c},
      {0x1d67542, 0x0864c, 0x181}, {0x1e726ad, 0x084ca, 0x179}, {0x1f7a85a, 0x08350, 0x170}, {0x207fb55, 0x081df, 0x169},
      {0x21820a2, 0x08076, 0x162}, {0x2281945, 0x07f14, 0x15a}, {0x237e62a, 0x07dba, 0x153}, {0x247883e, 0x07c67, 0x14b},
      {0x257006d, 0x07b1c, 0x146}, {0x2664f90, 0x079d7, 0x13f}, {0x2757685, 0x07898, 0x137}, {0x2847617, 0x07761, 0x133},
      {0x2934f10, 0x0762f, 0x12c}, {0x2a20236, 0x07503, 0x125}, {0x2b0904d, 0x073de, 0x121}, {0x2befa03, 0x072be, 0x11b},
      {0x2cd4014, 0x071a3, 0x114}, {0x2db6331, 0x0708e, 0x10f}, {0x2e96400, 0x06f7e, 0x10a}, {0x2f74320, 0x06e74, 0x106},
      {0x305013d, 0x06d6e, 0x101}, {0x3129ef1, 0x06c6d, 0x0fd}, {0x3201cc9, 0x06b71, 0x0f9}, {0x32d7b60, 0x06a79, 0x0f4},
      {0x33abb44, 0x06985, 0x0ee}, {0x347dd03, 0x06896, 0x0ea}, {0x354e124, 0x067ac, 0x0e8}, {0x361c826, 0x066c5, 0x0e3},
      {0x36e9296, 0x065e2, 0x0df}, {0x37b40e7, 0x06503, 0x0db}, {0x387d39b, 0x06428, 0x0d8}, {0x3944b21, 0x06350, 0x0d3},
      {0x3a0a7ef, 0x0627d, 0x0d1}, {0x3acea7d, 0x061ac, 0x0cc}, {0x3b9133a, 0x060df, 0x0c9}, {0x3c52288, 0x06016, 0x0c7},
      {0x3d118dd, 0x05f4f, 0x0c3}, {0x3dcf693, 0x05e8c, 0x0c0}, {0x3e8bc15, 0x05dcc, 0x0bd}, {0x3f469c4, 0x05d0f, 0x0ba},
  };
  return table[i];
}

BITEXACT_INLINE float mufu_lg2(float x) {
  const u32 b = bit_cast<u32>(x), a = b & 0x7fffffffu;
  if (a > inf_bits) return bit_cast<float>(nan_bits);
  if (a < min_normal_bits) return bit_cast<float>(0x80000000u | inf_bits);  // -inf
  if (b >> 31) return bit_cast<float>(nan_bits);
  if (a == inf_bits) return x;
  if (a == one_bits) return 0.0f;
  const int e = int(a >> 23) - 127;
  const u32 X = a & 0x7fffffu;
  const u64 S = interpolate(lg2_shape(), lg2_row(X >> 17), X & 0x1ffffu);
  const std::int64_t v = std::int64_t(S) + std::int64_t(e) * (std::int64_t(1) << 56);
  const u64 V = u64(v < 0 ? ~v : v) & ~((u64(1) << lg2_dropped_bits) - 1);  // one's complement
  if (V == 0) return bit_cast<float>(e < 0 ? 0x80000000u : 0u);
  return bit_cast<float>(float_from_sum(V, 56, 0, e < 0 ? 0x80000000u : 0u));
}

// The lane form (bitexact/nv/ptx_lanes-inl.hpp).
template <ptx::lanes V>
BITEXACT_INLINE V mufu_lg2(V x) {
  return V::mufu_lg2(x);
}

}  // namespace sfu

namespace ptx {
template <mode M, sfu::arch A = sfu::arch::sm_90, class F = float>
BITEXACT_INLINE F lg2_approx_model(F x) {
  static_assert(A == sfu::arch::sm_90, "the SFU model is proved for sm_90 only (docs/nv-fast.md)");
  if constexpr (M == mode::ftz) {
    return sfu::mufu_lg2(x);
  } else {
    const auto a = bits_of(x) & 0x7fffffffu;
    return when(
        a >= sfu::min_normal_bits, [&] { return sfu::mufu_lg2(x); },
        [&] {
          const F r = sfu::mufu_lg2(mul_rn_f32<mode::ieee>(x, f32_from(0x4b800000u)));  // x 2^24
          return add_rn_f32<mode::ieee>(r, f32_from(0xc1c00000u));                      // - 24
        });
  }
}
// lg2.approx{.ftz}.f32: the instruction on an NVIDIA GPU, the model elsewhere.
template <mode M>
BITEXACT_INLINE float lg2_approx_f32(float x) {
#if defined(__CUDA_ARCH__)
  float r;
  if constexpr (M == mode::ftz)
    asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("lg2.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
#else
  return lg2_approx_model<M>(x);
#endif
}
template <mode M, lanes V>
BITEXACT_INLINE V lg2_approx_f32(V x) {
  return lg2_approx_model<M>(x);
}
}  // namespace ptx
}  // namespace bitexact::nv
