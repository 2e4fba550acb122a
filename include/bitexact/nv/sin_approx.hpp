// bitexact/nv/sin_approx.hpp — sin.approx.f32 and .ftz (sm_90): FMUL.RZ by
// 1/(2 pi) and MUFU.SIN; the quadrant logic that MUFU.COS shares
// (nv/cos_approx.hpp). docs/nv-fast.md.
//
// ptxas compiles both forms to the same two instructions (SASS, sm_90):
//   t = x * 0x3e22f983 (1/(2 pi) as a float), rounded toward zero
//   MUFU.SIN t        (t in revolutions)
// The unit takes F = floor(|t| 2^25) mod 2^25: the quadrant F >> 23 and the
// fraction r = F mod 2^23 (so bits of t below 2^-25 are lost: |x| < ~2e-7
// gives +-0, and |t| >= 2^22 is always a multiple of a quarter turn). Odd
// quadrants use the complement 2^23 - 1 - r; then row r >> 17, xl = r mod
// 2^17 and S ~ 2^56 sin(pi/2 r 2^-23):
//   S = c0 2^31 + c1 xl 2^19 - c2 sq(xl) + bias
// read as the result's magnitude (binary point at bit 56, +-0 when S = 0).
// NaN and +-inf give the canonical NaN.
#pragma once

#include "bitexact/bits.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/sfu_interp.hpp"

namespace bitexact::nv {
namespace sfu {

BITEXACT_INLINE constexpr shape sin_shape() { return {6, 31, 19, 56, +1, -1, 0, 0x0ull}; }
// The multiplier ptxas puts before MUFU.SIN / MUFU.COS: 1/(2 pi) rounded to
// binary32 (0x1.45f306p-3, SASS "FMUL.RZ R, R, 0.15915493667125701904").
inline constexpr u32 inv_two_pi_bits = 0x3e22f983u;

// Table rows {c0, c1, c2}: fitted to the H100's own outputs by
// tools/gen/fit_sfu_tables.cpp (device/sfu_probe.cu dump, NVIDIA H100 80GB HBM3,
// driver 580.159.04, CUDA 13.0); each row is the only integer solution near
// the least-squares fit, and the whole op is checked on all 2^32 inputs
// against the H100's digests (vectors/nv/sfu_digests.json).
BITEXACT_INLINE row sin_row(u32 i) {
  static constexpr row table[64] = {
      {0x0000000, 0x06489, 0x00e}, {0x00c90a7, 0x06482, 0x030}, {0x0191f64, 0x0646a, 0x04c}, {0x025aa3e, 0x06444, 0x06e},
      {0x0322f4a, 0x0640d, 0x089}, {0x03eac9a, 0x063c8, 0x0ab}, {0x04b203d, 0x06373, 0x0c9}, {0x057884e, 0x0630e, 0x0e5},
      {0x063e2dd, 0x0629b, 0x106}, {0x0702e08, 0x06218, 0x124}, {0x07c67e4, 0x06186, 0x142}, {0x0888e92, 0x060e5, 0x160},
      {0x094a02f, 0x06035, 0x17d}, {0x0a09ae5, 0x05f76, 0x19a}, {0x0ac7cd1, 0x05ea9, 0x1b9}, {0x0b84426, 0x05dcd, 0x1d6},
      {0x0c3ef15, 0x05ce2, 0x1f1}, {0x0cf7bcb, 0x05be9, 0x20d}, {0x0dae87f, 0x05ae2, 0x229}, {0x0e63374, 0x059cd, 0x245},
      {0x0f15aea, 0x058aa, 0x260}, {0x0fc5d24, 0x0577a, 0x27d}, {0x1073876, 0x0563c, 0x298}, {0x111eb36, 0x054f0, 0x2b0},
      {0x11c73b0, 0x05398, 0x2cb}, {0x126d054, 0x05232, 0x2e2}, {0x130ff7e, 0x050c0, 0x2fb}, {0x13affa2, 0x04f42, 0x316},
      {0x144cf2f, 0x04db7, 0x32c}, {0x14e6ca9, 0x04c21, 0x347}, {0x157d690, 0x04a7e, 0x35b}, {0x1610b72, 0x048d0, 0x371},
      {0x16a09e5, 0x04717, 0x388}, {0x172d082, 0x04553, 0x39e}, {0x17b5df2, 0x04384, 0x3b2}, {0x183b0df, 0x041ab, 0x3c7},
      {0x18bc804, 0x03fc8, 0x3dc}, {0x193a226, 0x03dda, 0x3ec}, {0x19b3e02, 0x03be4, 0x401}, {0x1a29a79, 0x039e4, 0x413},
      {0x1a9b660, 0x037db, 0x423}, {0x1b090a7, 0x035c9, 0x432}, {0x1b72832, 0x033b0, 0x445}, {0x1bd7c09, 0x0318e, 0x453},
      {0x1c38b2c, 0x02f65, 0x463}, {0x1c954b0, 0x02d34, 0x470}, {0x1ced7ae, 0x02afc, 0x47c}, {0x1d4134c, 0x028be, 0x48a},
      {0x1d906bd, 0x02679, 0x494}, {0x1ddb13a, 0x0242f, 0x4a1}, {0x1e2120e, 0x021df, 0x4ac}, {0x1e6288f, 0x01f89, 0x4b3},
      {0x1e9f416, 0x01d2f, 0x4bd}, {0x1ed7411, 0x01ad0, 0x4c4}, {0x1f0a7ed, 0x0186e, 0x4ce}, {0x1f38f3c, 0x01607, 0x4d4},
      {0x1f6297e, 0x0139d, 0x4da}, {0x1f87650, 0x01130, 0x4df}, {0x1fa7559, 0x00ec0, 0x4e2}, {0x1fc2647, 0x00c4f, 0x4ea},
      {0x1fd88d9, 0x009db, 0x4ec}, {0x1fe9cdd, 0x00765, 0x4ec}, {0x1ff621e, 0x004ef, 0x4ef}, {0x1ffd886, 0x00278, 0x4f1},
  };
  return table[i];
}

// F = floor(|t| 2^25) mod 2^25 for t = x * 1/(2 pi) rounded toward zero; x
// finite. The product of the significands is exact in 48 bits; t keeps its
// top 24 (RZ). Subnormal x give |t| < 2^-25: F = 0.
BITEXACT_INLINE u32 sincos_turns(u32 ax) {
  if (ax < min_normal_bits) return 0;
  const u64 p = u64((ax & 0x7fffffu) | 0x800000u) * ((inv_two_pi_bits & 0x7fffffu) | 0x800000u);
  const int top = int(p >> 47);                         // p in [2^46, 2^48)
  const u64 sig = p >> (23 + top);                      // t's significand, truncated
  // |x| = mx 2^(e-23), t = sig 2^(e-25+top): F = floor(t 2^25) = sig 2^(e-1+top)
  const int sh = int(ax >> 23) - 127 - 1 + top;
  const u64 F = sh >= 0 ? (sh >= 40 ? 0 : sig << sh) : (sh <= -40 ? 0 : sig >> -sh);
  return u32(F) & 0x1ffffffu;
}

// The unit's quadrant-0 polynomial on r (23 bits), with the sign given.
BITEXACT_INLINE float sincos_eval(u32 r, u32 sign) {
  const u64 S = interpolate(sin_shape(), sin_row(r >> 17), r & 0x1ffffu);
  if (S == 0) return bit_cast<float>(sign);
  return bit_cast<float>(float_from_sum(S, 56, 0, sign));
}

BITEXACT_INLINE float mufu_sin_of(float x) {  // MUFU.SIN(FMUL.RZ(x, 1/(2 pi)))
  const u32 b = bit_cast<u32>(x), a = b & 0x7fffffffu;
  if (a >= inf_bits) return bit_cast<float>(nan_bits);
  const u32 F = sincos_turns(a), q = F >> 23;
  u32 r = F & 0x7fffffu;
  if (q & 1u) r = ~r & 0x7fffffu;
  return sincos_eval(r, (b & 0x80000000u) ^ ((q & 2u) << 30));
}

BITEXACT_INLINE float mufu_cos_of(float x) {  // MUFU.COS(FMUL.RZ(x, 1/(2 pi)))
  const u32 a = bit_cast<u32>(x) & 0x7fffffffu;
  if (a >= inf_bits) return bit_cast<float>(nan_bits);
  const u32 F = sincos_turns(a), q = F >> 23;
  u32 r = F & 0x7fffffu;
  if (!(q & 1u)) r = ~r & 0x7fffffu;
  return sincos_eval(r, ((q + 1u) & 2u) << 30);
}

}  // namespace sfu

namespace ptx {
// Both forms are the same SASS: the .ftz qualifier changes nothing.
template <mode M, sfu::arch A = sfu::arch::sm_90, class F>
BITEXACT_INLINE F sin_approx_model(F x) {
  static_assert(A == sfu::arch::sm_90, "the SFU model is proved for sm_90 only (docs/nv-fast.md)");
  if constexpr (lanes<F>)
    return F::mufu_sin_of(x);  // the lane form (bitexact/nv/ptx_lanes-inl.hpp)
  else
    return sfu::mufu_sin_of(x);
}
// sin.approx{.ftz}.f32: the instructions on an NVIDIA GPU, the model elsewhere.
template <mode M>
BITEXACT_INLINE float sin_approx_f32(float x) {
#if defined(__CUDA_ARCH__)
  float r;
  if constexpr (M == mode::ftz)
    asm("sin.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("sin.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
#else
  return sin_approx_model<M>(x);
#endif
}
template <mode M, lanes V>
BITEXACT_INLINE V sin_approx_f32(V x) {
  return sin_approx_model<M>(x);
}
}  // namespace ptx
}  // namespace bitexact::nv
