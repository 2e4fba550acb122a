// bitexact/nv/ex2_approx.hpp — ex2.approx.f32 and .ftz (sm_90): MUFU.EX2
// and the IEEE wrapper of the plain form. docs/nv-fast.md.
//
// MUFU.EX2, x normal: x = n + f with n an integer and X = floor(|f| 2^23)
// the fraction in fixed point (bits of x below 2^-23 are dropped); for x < 0
// with X != 0, X becomes its complement 2^23 - 1 - X and n = trunc(x) - 1, so
// that X stands for 1 + f. Row X >> 17, xl = X mod 2^17, S ~ 2^57 2^(X 2^-23):
//   S = c0 2^32 + c1 xl 2^19 + c2 sq(xl) + bias
// result = S read as 1.f, times 2^n: +inf for n > 127, +0 for n < -126 (no
// subnormal results). Subnormal x and +-0 give 1, -inf gives +0, +inf +inf.
// Plain form: x < -126 is halved first and the result squared (IEEE), which
// reaches the subnormal results.
#pragma once

#include "bitexact/bits.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/sfu_interp.hpp"

namespace bitexact::nv {
namespace sfu {

BITEXACT_INLINE constexpr shape ex2_shape() { return {6, 32, 19, 57, +1, +1, 0, 0xbf100000ull}; }

// Table rows {c0, c1, c2}: fitted to the H100's own outputs by
// tools/gen/fit_sfu_tables.cpp (device/sfu_probe.cu dump, NVIDIA H100 80GB HBM3,
// driver 580.159.04, CUDA 13.0); each row is the only integer solution near
// the least-squares fit, and the whole op is checked on all 2^32 inputs
// against the H100's digests (vectors/nv/sfu_digests.json).
BITEXACT_INLINE row ex2_row(u32 i) {
  static constexpr row table[64] = {
      {0x2000003, 0x058b9, 0x1ee}, {0x205934a, 0x059b0, 0x1f5}, {0x20b361e, 0x05aaa, 0x1fa}, {0x210e8a5, 0x05ba7, 0x1ff},
      {0x216ab12, 0x05ca6, 0x206}, {0x21c7d89, 0x05da9, 0x209}, {0x222603c, 0x05eae, 0x20f}, {0x2285359, 0x05fb6, 0x214},
      {0x22e570c, 0x060c0, 0x21d}, {0x2346b81, 0x061ce, 0x222}, {0x23a90e8, 0x062df, 0x227}, {0x240c775, 0x063f2, 0x22f},
      {0x2470f51, 0x06509, 0x234}, {0x24d68b0, 0x06623, 0x238}, {0x253d3c3, 0x0673f, 0x241}, {0x25a50b9, 0x0685f, 0x247},
      {0x260dfc5, 0x06982, 0x24d}, {0x267811a, 0x06aa8, 0x254}, {0x26e34e9, 0x06bd2, 0x258}, {0x274fb6a, 0x06cfe, 0x261},
      {0x27bd4cc, 0x06e2e, 0x267}, {0x282c148, 0x06f61, 0x26e}, {0x289c10e, 0x07098, 0x273}, {0x290d459, 0x071d2, 0x279},
      {0x297fb5d, 0x0730f, 0x281}, {0x29f3651, 0x07450, 0x287}, {0x2a6856d, 0x07594, 0x28f}, {0x2ade8ea, 0x076dc, 0x295},
      {0x2b560fe, 0x07827, 0x29e}, {0x2bcede5, 0x07976, 0x2a5}, {0x2c48fda, 0x07ac8, 0x2ae}, {0x2cc4713, 0x07c1f, 0x2b3},
      {0x2d413cf, 0x07d79, 0x2bb}, {0x2dbf64b, 0x07ed7, 0x2c1}, {0x2e3eec1, 0x08038, 0x2cb}, {0x2ebfd6d, 0x0819e, 0x2d1},
      {0x2f42291, 0x08307, 0x2da}, {0x2fc5e6a, 0x08474, 0x2e3}, {0x304b137, 0x085e5, 0x2ec}, {0x30d1b36, 0x0875b, 0x2f1},
      {0x3159cab, 0x088d4, 0x2fb}, {0x31e35d6, 0x08a51, 0x305}, {0x326e6fa, 0x08bd3, 0x30b}, {0x32fb057, 0x08d59, 0x313},
      {0x3389233, 0x08ee3, 0x31c}, {0x3418cd2, 0x09071, 0x326}, {0x34aa079, 0x09204, 0x32d}, {0x353cd6d, 0x0939b, 0x336},
      {0x35d13f7, 0x09536, 0x341}, {0x366745a, 0x096d6, 0x34a}, {0x36feee1, 0x0987b, 0x351}, {0x37983d6, 0x09a24, 0x35a},
      {0x3833380, 0x09bd1, 0x366}, {0x38cfe2a, 0x09d84, 0x36d}, {0x396e41f, 0x09f3b, 0x377}, {0x3a0e5ad, 0x0a0f7, 0x380},
      {0x3ab0320, 0x0a2b7, 0x38d}, {0x3b53cc4, 0x0a47d, 0x395}, {0x3bf92ea, 0x0a648, 0x39d}, {0x3ca05e0, 0x0a817, 0x3aa},
      {0x3d495f8, 0x0a9ec, 0x3b2}, {0x3df4382, 0x0abc5, 0x3bf}, {0x3ea0ecf, 0x0ada4, 0x3c9}, {0x3f4f834, 0x0af88, 0x3d4},
  };
  return table_row(table, i);
}

BITEXACT_INLINE float mufu_ex2(float x) {
  const u32 b = bit_cast<u32>(x), sign = b >> 31, a = b & 0x7fffffffu;
  if (a > inf_bits) return bit_cast<float>(nan_bits);
  if (a == inf_bits) return sign ? 0.0f : x;
  if (a < min_normal_bits) return 1.0f;
  const int e = int(a >> 23) - 127;
  if (e >= 8) return sign ? 0.0f : bit_cast<float>(inf_bits);  // |x| >= 256
  const u32 sig = (a & 0x7fffffu) | 0x800000u;  // |x| = sig 2^(e - 23)
  // |x| 2^23 = sig 2^e: integer part above bit 23, fixed-point fraction below.
  const u64 fixed = e >= 0 ? u64(sig) << e : (e > -24 ? u64(sig >> -e) : 0);
  int n = int(fixed >> 23);
  u32 X = u32(fixed) & 0x7fffffu;
  if (sign) {
    n = -n;
    if (X != 0) X = ~X & 0x7fffffu, n -= 1;
  }
  if (n > 127) return bit_cast<float>(inf_bits);
  if (n < -126) return 0.0f;
  const u64 S = interpolate(ex2_shape(), ex2_row(X >> 17), X & 0x1ffffu);
  return bit_cast<float>(float_from_sum(S, 57, n, 0));
}

// The lane form (bitexact/nv/ptx_lanes-inl.hpp).
template <ptx::lanes V>
BITEXACT_INLINE V mufu_ex2(V x) {
  return V::mufu_ex2(x);
}

}  // namespace sfu

namespace ptx {
template <mode M, sfu::arch A = sfu::arch::sm_90, class F = float>
BITEXACT_INLINE F ex2_approx_model(F x) {
  static_assert(A == sfu::arch::sm_90, "the SFU model is proved for sm_90 only (docs/nv-fast.md)");
  if constexpr (M == mode::ftz) {
    return sfu::mufu_ex2(x);
  } else {
    // FSETP.GEU x, -126: NaN and x >= -126 go straight to the unit.
    const auto b = bits_of(x);
    const auto direct = !((b > 0xc2fc0000u) & (b <= 0xff800000u));
    if constexpr (lanes<F>) {
      // One pass through the unit on lanes: its input and the squaring
      // chosen per lane (each lane's ops are those of its side; the other
      // side's are computed, unused, and mark nothing: the IEEE mul's rule).
      // `when` would run the unit twice on a vector holding both kinds, as
      // random bit patterns nearly always do.
      const F r = sfu::mufu_ex2(select(direct, x, mul_rn_f32<mode::ieee>(x, 0.5f)));
      return select(direct, r, mul_rn_f32<mode::ieee>(r, r));
    } else {
      return when(
          direct, [&] { return sfu::mufu_ex2(x); },
          [&] {
            const F r = sfu::mufu_ex2(mul_rn_f32<mode::ieee>(x, 0.5f));
            return mul_rn_f32<mode::ieee>(r, r);
          });
    }
  }
}
// ex2.approx{.ftz}.f32: the instruction on an NVIDIA GPU, the model elsewhere.
template <mode M>
BITEXACT_INLINE float ex2_approx_f32(float x) {
#if defined(__CUDA_ARCH__)
  float r;
  if constexpr (M == mode::ftz)
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
#else
  return ex2_approx_model<M>(x);
#endif
}
template <mode M, lanes V>
BITEXACT_INLINE V ex2_approx_f32(V x) {
  return ex2_approx_model<M>(x);
}
}  // namespace ptx
}  // namespace bitexact::nv
