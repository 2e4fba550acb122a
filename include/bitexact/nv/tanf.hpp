// bitexact/nv/tanf.hpp — libdevice __nv_tanf (what `tanf` calls in device
// code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::tanf(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::tanf_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::tanf_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::tanf<B>(x)       the same, by build
//
// (nv::fast::tanf is __tanf, a different function.) Same IR in CUDA 13.0's
// libdevice.10.bc and in Triton 3.6's. Followed from the IR and the PTX of
// nvcc 13.0 (sm_90, -ftz=false/true) and of Triton (triton-ptx/tan.ptx):
//   x = q pi/2 + t        the reduction of sinf/cosf (nv/trig_reduction.hpp,
//                         trig_reduce: Cody-Waite below 105615, Payne-Hanek
//                         above; Inf and NaN give t = NaN, q = 0)
//   s = t * t             the one plain op of the kernel (IR `fmul float`)
//   p = T1 + s (T2 + s (T3 + s (T4 + s (T5 + s T6))))   (reflect fmas)
//   z = fma(p, s * t, t)  (s * t: __nv_fmul_rn, reflect)
//   |t| == 0x1.016878p-11 (reflect fabs, plain compare): z = t
//   q odd: z = rcp.approx.ftz(-z)   (inline asm in the IR: .ftz in every
//                                    build; `fsub -0, z` is the plain neg)
// Builds:
//  * nv: IEEE throughout, but the reciprocal (always rcp.approx.ftz).
//  * nv-ftz: every op .ftz; a subnormal x gives a signed zero.
//  * triton: reflect = 1, plain ops IEEE (tan.ptx: `mul.f32` for x * 2/pi and
//    for s, `setp.eq.f32` on abs.ftz, `neg.f32`; no fmul + fadd pair, so
//    nothing for LLVM or ptxas to contract). s is consumed only by .ftz fmas
//    and mul.rn.ftz, which flush it if it is subnormal; the reduction gives
//    nv-ftz's t (trig_reduction.hpp, "Builds"); neg only matters on a
//    subnormal z, which the .ftz reciprocal flushes to the same signed zero.
//    So every triton result is nv-ftz's.
// Checked: tests/nv_tan_sinpi_test.cpp (IR special values, MPFR error within
// CUDA's 4 ulp bound on sampled inputs, triton == nv-ftz); the GPU's results
// on all 2^32 inputs as digests (vectors/nv/digests.json for nv and nv-ftz,
// vectors/triton/digests.json for triton).
#pragma once

#include <cstdint>

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/trig_reduction.hpp"

namespace bitexact::nv {

namespace tanf_detail {
using ptx::u32;
// tan(t) ~ t + t^3 (T1 + s T2 + ... + s^5 T6), s = t^2 (__internal_tan_kernel).
inline constexpr u32 t6 = 0x3c190000u;  // 0x1.32p-7:     IR 0x3F83200000000000
inline constexpr u32 t5 = 0x3b560000u;  // 0x1.acp-9:     IR 0x3F6AC00000000000
inline constexpr u32 t4 = 0x3cc70000u;  // 0x1.8ep-6:     IR 0x3F98E00000000000
inline constexpr u32 t3 = 0x3d5b0000u;  // 0x1.b6p-5:     IR 0x3FAB600000000000
inline constexpr u32 t2 = 0x3e089438u;  // 0x1.11287p-3:  IR 0x3FC1128700000000
inline constexpr u32 t1 = 0x3eaaaa88u;  // 0x1.55551p-2:  IR 0x3FD5555100000000
// The one reduced argument whose polynomial value libdevice replaces by t
// itself (IR `fcmp oeq float %abs, 0x3F40168780000000`).
inline constexpr u32 keep_t = 0x3a00b43cu;  // 0x1.016878p-11
}  // namespace tanf_detail

// Written against the lane forms (ptx.hpp): the span forms run this source on
// SIMD lanes, with the reduction's vector form (trig_reduce).
template <build B, class F = float>
BITEXACT_INLINE F tanf(F x) {
  using namespace ptx;
  using namespace tanf_detail;
  constexpr mode R = B.reflect, P = B.ops;
  const auto red = nv::detail::trig_reduce<B>(x);
  const F t = red.r;
  const F s = mul_rn_f32<P>(t, t);
  F p = fma_rn_f32<R>(f32_from(t6), s, f32_from(t5));
  p = fma_rn_f32<R>(p, s, f32_from(t4));
  p = fma_rn_f32<R>(p, s, f32_from(t3));
  p = fma_rn_f32<R>(p, s, f32_from(t2));
  p = fma_rn_f32<R>(p, s, f32_from(t1));
  F z = fma_rn_f32<R>(p, mul_rn_f32<R>(s, t), t);
  z = select(setp_eq_f32<P>(abs_f32<R>(t), f32_from(keep_t)), t, z);
  return when((red.q & 1) != 0, [&]() -> F { return rcp_approx_f32<mode::ftz>(neg_f32<P>(z)); },
              [&]() -> F { return z; });
}

BITEXACT_NV_BUILD_FORMS_1(tanf)

}  // namespace bitexact::nv
