// bitexact/nv/detail/sinhcosh_core.hpp — the e^|x| / 4 that libdevice's
// __nv_sinhf and __nv_coshf build their results from (the part of
// __internal_expf_kernel they inline), the same IR in CUDA 13.0's and in
// Triton 3.6's libdevice.10.bc:
//   ax = |x|                                (reflect abs)
//   t  = trunc(ax * log2(e))                (reflect mul.rn; llvm.nvvm.trunc.f
//                                            is cvt.rzi.f32.f32, never .ftz)
//   j  = |t| > 126 ? 126 with t's sign : t  (plain compare; CUDA 13.0 writes
//        copysign(126, t), Triton's file ORs t's sign bit into 126: the same)
//   r  = fma(j, -ln2_lo, fma(j, -ln2_hi, ax))          (reflect)
//   b  = ex2.approx.ftz(r * log2(e)) * bits((j + 0x1.8000fap23) << 23)
//        (plain mul, add and mul; the scale is 2^(j - 2))
// so that b ~ e^ax / 4, finite for ax up to about 89.4 and +inf beyond.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv::detail {

namespace sinhcosh_constants {
using ptx::u32;
inline constexpr u32 log2_e = 0x3fb8aa3bu;          // 0x1.715476p0: IR i32 1069066811
inline constexpr u32 c126 = 0x42fc0000u;            // 126.0
inline constexpr u32 minus_ln2_hi = 0xbf317218u;    // -0x1.62e43p-1: IR `fsub -0.0, i32 1060205080`
inline constexpr u32 minus_ln2_lo = 0x3102e308u;    // 0x1.05c61p-29: IR `fsub -0.0, i32 -1325210872`
// 0x1.8p23 + 127 - 2 = 0x1.8000fap23: IR `fadd (fadd i32 1262485504, 127), -2`, folded.
inline constexpr u32 shifter_125 = 0x4b40007du;
}  // namespace sinhcosh_constants

// ax = |x| as the IR computes it (reflect abs); returns b ~ e^ax / 4.
template <build B, class F = float>
BITEXACT_INLINE F sinhcosh_quarter_exp(F ax) {
  using namespace ptx;
  using namespace sinhcosh_constants;
  constexpr mode R = B.reflect, P = B.ops;
  const F t = cvt_rzi_f32_f32<mode::ieee>(mul_rn_f32<R>(ax, f32_from(log2_e)));
  const F j = select(setp_gt_f32<P>(abs_f32<R>(t), f32_from(c126)), copysign_f32(t, f32_from(c126)), t);
  F r = fma_rn_f32<R>(j, f32_from(minus_ln2_hi), ax);
  r = fma_rn_f32<R>(j, f32_from(minus_ln2_lo), r);
  const F z = mul_rn_f32<P>(r, f32_from(log2_e));
  const F scale = f32_from(bits_of(add_rn_f32<P>(j, f32_from(shifter_125))) << 23);
  return mul_rn_f32<P>(ex2_approx_f32<mode::ftz>(z), scale);
}

}  // namespace bitexact::nv::detail
