// bitexact/nv/acosf.hpp — libdevice __nv_acosf (what `acosf` and Triton's
// libdevice.acos call on sm_90), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::acosf(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::acosf_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::acosf_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::acosf<B>(x)       the same, by build
//
// Sources: the IR of __nv_acosf in CUDA 13.0's libdevice.10.bc and in Triton
// 3.6's, the PTX of nvcc 13.0 (sm_90 -O3, -ftz=false / -ftz=true) and
// Triton's PTX (triton-ptx/acos.ptx). The square-root front end and the odd
// kernel v + v^3 p(v^2) are asinf's (nv/asinf.hpp), with acos's own
// coefficients in CUDA 13.0's file and asin's in Triton's.
//
// CUDA 13.0 (nvcc builds), T = 0x3f0f5c29 (0.56), a = |x|:
//   s = sqrt((1 - a)/2) as in asinf (rsqrt.approx.ftz + a Newton step; 0 at a == 1)
//   v = copysign(a > T ? s : a, x)            (the sign goes INTO the kernel)
//   z = fma(p(v^2) * v^2, v, v)               (p: 6 coefficients, reflect fma)
//   y = fma(0x3f6ee581, 0x3fd774eb, a > T ? z : -z)     pi/2 +- z
//   r = x > T ? z : y                         (plain compare on x itself)
//   a > T: r = 2 * r                          (IR fmul 2.0; PTX add.f32 r, r:
//                                              the same bits in every case)
//   So: x > T: 2z; x < -T: 2(pi/2 + z) with z < 0; |x| <= T: pi/2 - z.
// Triton 3.6's file, T = 0x3f11eb85 (0.57), a = |x|:
//   w = sqrtf(0.5 * (1 - a)) as in its asinf (sqrt.approx.ftz.f32 for Triton)
//   v = a > T ? w : a                         (no sign)
//   z = fma(p(v^2) * v^2, v, v)               (asinf's coefficients)
//   r = a > T ? 2 * z : 0x3fc90fdb - z        (plain mul / sub; PTX add.f32
//                                              z, z and sub.f32)
//   x < 0: r = 0x40490fdb - r                 (pi rounded; plain setp.lt on
//                                              x, IEEE in Triton: a negative
//                                              subnormal x counts, but then
//                                              r = pi/2 and pi - pi/2 is exact)
// No mul.f32 feeds an add.f32 in either PTX: ptxas fuses nothing.
//
// Builds:
//  * nv: a subnormal x: v = x, z = x, y = pi/2 - x rounded = 0x3fc90fdb.
//  * nv-ftz: a subnormal x reads as +-0 (abs.ftz; copysign keeps x's sign, so
//    v = -0 for a negative one): 0x3fc90fdb as well.
//  * triton: another algorithm; differs from nv-ftz on ordinary inputs.
// Special values (every build): acos(+-0) = 0x3fc90fdb, acos(1) = +0,
// acos(-1) = 0x40490fdb, |x| > 1, +-inf and NaN -> 0x7fffffff.
// Tests: tests/nv_atan_family_test.cpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/asinf.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace acosf_detail {
using ptx::u32;
inline constexpr u32 two = 0x40000000u;
inline constexpr u32 pi = 0x40490fdbu;  // 0x1.921fb6p1: IR 0x400921FB60000000
// CUDA 13.0 __internal_acosf_kernel, highest degree first.
template <mode R, class F = float>
BITEXACT_INLINE F cuda_acos_poly(F s) {
  using namespace ptx;
  F p = fma_rn_f32<R>(f32_from(0x3d10ecefu), s,    // 0x1.21d9dep-5: IR 0x3FA21D9DE0000000
                      f32_from(0x3c8b1abbu));      // 0x1.163576p-6: IR 0x3F91635760000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3cfc028cu));  // 0x1.f80518p-6: IR 0x3F9F805180000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3d372139u));  // 0x1.6e4272p-5: IR 0x3FA6E42720000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3d9993dbu));  // 0x1.3327b6p-4: IR 0x3FB3327B60000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3e2aaac6u));  // 0x1.55558cp-3: IR 0x3FC55558C0000000
  return p;
}
}  // namespace acosf_detail

// Written against ptx.hpp's lane forms (F: float or SIMD lanes), every build.
template <build B, class F = float>
BITEXACT_INLINE F acosf(F x) {
  using namespace ptx;
  using namespace asinf_detail;
  using namespace acosf_detail;
  constexpr mode R = B.reflect, P = B.ops;
  const F a = abs_f32<R>(x);
  if constexpr (B.file == libdevice_file::cuda13_0) {
    const F s = cuda_half_sqrt<B>(a);
    const auto big = setp_gt_f32<P>(a, f32_from(cuda_t));
    const F z = odd_poly<B, F, cuda_acos_poly<R, F>>(copysign_f32(x, select(big, s, a)));
    const F y = fma_rn_f32<R>(f32_from(pio2_a), f32_from(pio2_b), select(big, z, neg_f32<P>(z)));
    const F r = select(setp_gt_f32<P>(x, f32_from(cuda_t)), z, y);
    return when(
        big, [&]() -> F { return mul_rn_f32<P>(f32_from(two), r); }, [&]() -> F { return r; });
  } else {
    const F w = triton_half_sqrt<B>(a);
    const auto big = setp_gt_f32<P>(a, f32_from(triton_t));
    const F z = odd_poly<B, F, triton_poly<R, F>>(select(big, w, a));
    const F r = when(
        big, [&]() -> F { return mul_rn_f32<P>(f32_from(two), z); },
        [&]() -> F { return sub_rn_f32<P>(f32_from(pio2), z); });
    return when(
        setp_lt_f32<P>(x, 0.0f), [&]() -> F { return sub_rn_f32<P>(f32_from(pi), r); }, [&]() -> F { return r; });
  }
}

BITEXACT_NV_BUILD_FORMS_1(acosf)

}  // namespace bitexact::nv
