// bitexact/nv/fmodf.hpp — CUDA 13.0 libdevice __nv_fmodf, bit for bit.
//
// Source: /usr/local/cuda/nvvm/libdevice/libdevice.10.bc (CUDA 13.0),
// function __nv_fmodf, which nvcc (NVVM 7.0.1, -arch=sm_90) lowers to the PTX
// this file follows instruction by instruction. __nvvm_reflect("__CUDA_FTZ")
// picks the .ftz forms (nvcc -ftz=true); every plain f32 instruction of the
// function then also carries .ftz, except the first remainder fma and the two
// cvt.rzi, which are .ftz-free in both builds.
//
// Algorithm (with ax = |x|, ay = |y|):
//  * ax < ay: the result is x itself (after FTZ flushing).
//  * ay <= ax <= 2^23 ay ("fast path"): the quotient q = trunc(ax / ay) comes
//    from div.approx; the remainder r = ax - q ay (one fma) tells whether q is
//    off; q is corrected by -2..+3 and the result is fma(-ay, q, ax).
//  * ax > 2^23 ay, or a NaN ("slow path"): long division on the significands
//    mx, my in [1, 2): up to 23 quotient bits per step, each step's quotient
//    from rcp.approx(my) refined by two Newton corrections and a
//    round-toward-zero fma, then truncated; the partial remainder is
//    rescaled by adding to its exponent field. The last remainder is scaled by
//    2^(e_y) with two multiplications (exact, except FTZ flushing).
//  * Finally a non-NaN result takes the sign of x; a NaN is returned as is.
// Every result is exact (equal to the mathematical fmod) in IEEE mode; FTZ
// flushes subnormal inputs and subnormal results. NaN results are 0x7fffffff.
// See docs/nv-arith.md.
#pragma once

#include "bitexact/nv/ptx_fp.hpp"

namespace bitexact::nv {
namespace fmodf_detail {

using ptx::u32;
// Constants of __nv_fmodf (libdevice.10.bc, CUDA 13.0), as in its PTX.
inline constexpr u32 k_two23 = 0x4b000000u;      // 2^23: fast path iff ax <= 2^23 * ay
inline constexpr u32 k_minus3 = 0xc0400000u;     // -3.0: third quotient correction
inline constexpr u32 k_one = 0x3f800000u;        // 1.0: quotient corrections; also the
                                                 // exponent field of a value in [1, 2)
inline constexpr u32 k_step_max = 0x0b800000u;   // 23 << 23: at most 23 quotient bits a step
inline constexpr u32 k_two_m23 = 0x34000000u;    // 2^-23: final rescaling of the remainder
inline constexpr u32 k_mant_mask = 0x007fffffu;  // significand field
inline constexpr u32 k_exp_mask = 0xff800000u;   // sign + exponent fields
inline constexpr u32 k_max_finite = 0x7f7fffffu; // |x| above this: inf or NaN

// The whole of __nv_fmodf. `rcp_perturb_ulps` moves the rcp.approx seed of
// the slow path and the reciprocal inside div.approx (tests only: they show
// the result does not depend on the exact approximation).
BITEXACT_INLINE float kernel(float x, float y, bool ftz, int rcp_perturb_ulps = 0) {
  using namespace ptx;
  const round_mode rn = round_mode::rn;
  const float ay = abs_f32(y, ftz);
  float ans = abs_f32(x, ftz);  // ax; becomes the unsigned result
  if (!setp_lt(ans, ay, ftz)) {
    const float ax = ans;
    const float ay23 = mul_f32(ay, f32_from(k_two23), ftz);
    if (!setp_gtu(ax, ay23, ftz)) {
      // ---- fast path: ay <= ax <= 2^23 ay ------------------------------------
      float q = cvt_rzi_f32(div_approx_f32(ax, ay, ftz, rcp_perturb_ulps), false);
      const float nay = neg_f32(ay, ftz);
      const float r = fma_f32(nay, q, ax, rn, false);  // .ftz-free in both builds
      if (bits_of(r) >= bits_of(ay)) {  // unsigned: r >= ay, or r negative
        const float one = f32_from(k_one), minus_one = f32_from(k_one | 0x80000000u);
        if (bits_of(r) > 0x80000000u) {  // r < 0: q was 1 or 2 too large
          const float q1 = add_f32(q, minus_one, ftz);
          const float q2 = add_f32(q1, minus_one, ftz);
          q = setp_lt(r, nay, ftz) ? q2 : q1;
        } else {  // r >= ay: q was 1 to 3 too small
          q = add_f32(q, one, ftz);
          if (!setp_ltu(r, add_f32(ay, ay, ftz), ftz)) {
            const float q2 = add_f32(q, one, ftz);
            const float t = fma_f32(f32_from(k_minus3), ay, r, rn, ftz);
            q = setp_ge(t, f32_from(0), ftz) ? add_f32(q2, one, ftz) : q2;
          }
        }
      }
      ans = fma_f32(nay, q, ax, rn, ftz);
    } else {
      // ---- slow path: ax > 2^23 ay, or NaN operands --------------------------
      const u32 bx = bits_of(ax), by23 = bits_of(ay23);
      u32 rem = (bx & k_mant_mask) | k_one;  // partial remainder, starts as mx
      // Exponent gap e_x - (e_y23 - 23), kept in the exponent field position.
      u32 gap = (bx - ((by23 - k_step_max) & k_exp_mask)) & k_exp_mask;
      if (gap != 0) {
        const float my = f32_from((by23 & k_mant_mask) | k_one);
        const float rcp = rcp_approx_ftz_f32(my, rcp_perturb_ulps);
        const float nmy = neg_f32(my, ftz);
        do {
          const u32 step = gap < k_step_max ? gap : k_step_max;
          const float v = f32_from(rem + step);  // remainder * 2^(step >> 23)
          const float q0 = fma_f32(v, rcp, f32_from(0x80000000u), rn, ftz);
          const float e0 = fma_f32(nmy, q0, v, rn, ftz);
          const float q1 = fma_f32(e0, rcp, q0, rn, ftz);
          const float e1 = fma_f32(nmy, q1, v, rn, ftz);
          const float q2 = fma_f32(e1, rcp, q1, round_mode::rz, ftz);
          const float qt = cvt_rzi_f32(q2, false);
          rem = bits_of(fma_f32(nmy, qt, v, rn, ftz));
          gap -= step;
        } while (gap != 0 && rem != 0);
      }
      const bool nan_result = bx > k_max_finite || setp_leu(ay, f32_from(0), ftz);
      const float scale = f32_from(nan_result ? f32_canonical_nan : (by23 & k_exp_mask));
      ans = mul_f32(scale, mul_f32(f32_from(rem), f32_from(k_two_m23), ftz), ftz);
    }
  }
  // isnan(|ans|) ? ans : copysign(x, ans)
  if (setp_gtu(abs_f32(ans, ftz), f32_from(0x7f800000u), ftz)) return ans;
  return copysign_f32(x, ans);
}

}  // namespace fmodf_detail

// __nv_fmodf as built by nvcc -ftz=false (IEEE subnormals).
BITEXACT_INLINE float fmodf(float x, float y) { return fmodf_detail::kernel(x, y, false); }
// __nv_fmodf as built by nvcc -ftz=true (__CUDA_FTZ=1).
BITEXACT_INLINE float fmodf_ftz(float x, float y) { return fmodf_detail::kernel(x, y, true); }

}  // namespace bitexact::nv
