// bitexact/nv/asinf.hpp — libdevice __nv_asinf (what `asinf` and Triton's
// libdevice.asin call on sm_90), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::asinf(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::asinf_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::asinf_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::asinf<B>(x)       the same, by build
//
// Sources: the IR of __nv_asinf in CUDA 13.0's libdevice.10.bc and in Triton
// 3.6's, the PTX of nvcc 13.0 (sm_90 -O3, -ftz=false / -ftz=true) and
// Triton's PTX (triton-ptx/asin.ptx). "Reflect" ops follow
// __nvvm_reflect("__CUDA_FTZ") (B.reflect), "plain" ops the compiler's flush
// mode (B.ops). Both files: asin(a) = a + a^3 p(a^2) for a = |x| <= T, and
// asin(a) = pi/2 - 2 asin(sqrt((1 - a)/2)) above; they differ in T, p, the
// square root and the final steps.
//
// CUDA 13.0 (nvcc builds), T = 0x3f0f5c29 (0.56):
//   a = |x|                                   (fabs by reflect)
//   h = fma(0.5, -a, 0.5)                     (-a: plain neg)
//   sqrt(h) by rsqrt.approx.ftz (.ftz in every build: a bare
//     llvm.nvvm.rsqrt.approx.ftz.f call) and one Newton step:
//     y = rsqrt(h); u = y * h; g = 0.5 * y    (plain muls)
//     s = fma(u, fma(-u, g, 0.5), u)
//   s = a == 1 ? 0 : s                        (rsqrt(0) = inf makes u NaN)
//   v = a > T ? s : a
//   z = fma(p(v^2) * v^2, v, v)               (p: 5 coefficients, reflect fma;
//                                              v^2 and p * v^2 plain muls)
//   a > T: z = fma(0x3f6ee581, 0x3fd774eb, -2 * z)   pi/2 - 2z, pi/2 as an
//       exact product inside the fma (-2 * z a plain mul)
//   z <= inf (not NaN): z = copysign(z, x)
// Triton 3.6's file, T = 0x3f11eb85 (0.57):
//   a = |x|; h = 0.5 * (1 - a)                (plain sub and mul: sub.f32,
//                                              mul.f32 in its PTX)
//   w = sqrtf(h): __nv_sqrtf, i.e. reflect FTZ and __CUDA_PREC_SQRT pick
//       sqrt.rn{.ftz} or sqrt.approx{.ftz}; Triton leaves __CUDA_PREC_SQRT
//       unset (0) with FTZ = 1: sqrt.approx.ftz.f32 (triton-ptx/asin.ptx).
//       Computed for every a (|a| > 1 gives NaN, unused unless a > T).
//   v = a > T ? w : a
//   z = fma(p(v^2) * v^2, v, v)               (other coefficients)
//   a > T: z = fma(-2, z, 0x3fc90fdb)         (pi/2 rounded to float)
//   z <= inf: z = bits(z) | sign bit of x     (IR `or`; PTX setp.num on z)
// Neither PTX has a mul.f32 feeding an add.f32 (the plain muls feed fma
// operands; Triton's sub.f32 feeds a mul), so ptxas fuses nothing.
//
// Builds:
//  * nv: IEEE plain ops; a subnormal x: v = a, z = fma(~0, a, a) = a, x back.
//  * nv-ftz: a subnormal x reads as 0 (abs.ftz): +0 with x's sign.
//  * triton: another polynomial, threshold and square root, so it differs
//    from nv-ftz on ordinary inputs; subnormal x gives +-0 as nv-ftz.
// Special values (every build): asin(+-0) = +-0, asin(+-1) = +-0x3fc90fdb,
// |x| > 1, +-inf and NaN -> 0x7fffffff.
// Tests: tests/nv_atan_family_test.cpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/rsqrt_approx.hpp"
#include "bitexact/nv/sqrt_approx.hpp"

namespace bitexact::nv {

namespace asinf_detail {
using ptx::u32;
inline constexpr u32 half = 0x3f000000u;
inline constexpr u32 one = 0x3f800000u;
inline constexpr u32 minus_two = 0xc0000000u;
inline constexpr u32 inf = 0x7f800000u;       // IR i32 2139095040
inline constexpr u32 pio2_a = 0x3f6ee581u;    // 0x1.ddcb02p-1: IR 0x3FEDDCB020000000
inline constexpr u32 pio2_b = 0x3fd774ebu;    // 0x1.aee9d6p0:  IR 0x3FFAEE9D60000000
inline constexpr u32 pio2 = 0x3fc90fdbu;      // 0x1.921fb6p0:  IR 0x3FF921FB60000000
inline constexpr u32 cuda_t = 0x3f0f5c29u;    // 0x1.1eb852p-1 (0.56): IR 0x3FE1EB8520000000
inline constexpr u32 triton_t = 0x3f11eb85u;  // 0x1.23d70ap-1 (0.57): IR 0x3FE23D70A0000000
// CUDA 13.0 __internal_asinf_kernel, highest degree first.
template <mode R, class F = float>
BITEXACT_INLINE F cuda_asin_poly(F s) {
  using namespace ptx;
  F p = fma_rn_f32<R>(f32_from(0x3d4dd2f7u), s,    // 0x1.9ba5eep-5: IR 0x3FA9BA5EE0000000
                      f32_from(0x3c99ca97u));      // 0x1.33952ep-6: IR 0x3F933952E0000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3d3f90e8u));  // 0x1.7f21dp-5:  IR 0x3FA7F21D00000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3d993ccfu));  // 0x1.32799ep-4: IR 0x3FB32799E0000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3e2aac04u));  // 0x1.555808p-3: IR 0x3FC5558080000000
  return p;
}
// Triton 3.6's kernel (its asinf and acosf share it), highest degree first.
template <mode R, class F = float>
BITEXACT_INLINE F triton_poly(F s) {
  using namespace ptx;
  F p = fma_rn_f32<R>(f32_from(0x3d53f941u), s,    // 0x1.a7f282p-5: IR 0x3FAA7F2820000000
                      f32_from(0x3c94d2e9u));      // 0x1.29a5d2p-6: IR 0x3F929A5D20000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3d3f841fu));  // 0x1.7f083ep-5: IR 0x3FA7F083E0000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3d994929u));  // 0x1.329252p-4: IR 0x3FB3292520000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3e2aab94u));  // 0x1.555728p-3: IR 0x3FC5557280000000
  return p;
}

// CUDA 13.0's sqrt((1 - a) / 2) for a = |x| (asinf and acosf): an rsqrt and
// one Newton step, 0 for a == 1.
template <build B, class F = float>
BITEXACT_INLINE F cuda_half_sqrt(F a) {
  using namespace ptx;
  constexpr mode R = B.reflect, P = B.ops;
  const F h = fma_rn_f32<R>(f32_from(half), neg_f32<P>(a), f32_from(half));
  const F y = rsqrt_approx_f32<mode::ftz>(h);
  const F u = mul_rn_f32<P>(y, h);
  const F g = mul_rn_f32<P>(f32_from(half), y);
  const F e = fma_rn_f32<R>(neg_f32<P>(u), g, f32_from(half));
  const F s = fma_rn_f32<R>(u, e, u);
  return select(setp_eq_f32<P>(a, f32_from(one)), 0.0f, s);
}
// Triton's sqrtf(0.5 * (1 - a)) (asinf and acosf): __nv_sqrtf by reflects.
template <build B, class F = float>
BITEXACT_INLINE F triton_half_sqrt(F a) {
  using namespace ptx;
  constexpr mode R = B.reflect, P = B.ops;
  const F h = mul_rn_f32<P>(f32_from(half), sub_rn_f32<P>(f32_from(one), a));
  if constexpr (B.prec_sqrt)
    return sqrt_rn_f32<R>(h);
  else
    return sqrt_approx_f32<R>(h);
}
// v + v^3 p(v^2): the kernel both files share in form (the polynomial Poly;
// F: float or SIMD lanes).
template <build B, class F, F (*Poly)(F)>
BITEXACT_INLINE F odd_poly(F v) {
  using namespace ptx;
  constexpr mode P = B.ops;
  const F v2 = mul_rn_f32<P>(v, v);
  return fma_rn_f32<B.reflect>(mul_rn_f32<P>(Poly(v2), v2), v, v);
}
}  // namespace asinf_detail

// Written against ptx.hpp's lane forms (F: float or SIMD lanes), every build.
template <build B, class F = float>
BITEXACT_INLINE F asinf(F x) {
  using namespace ptx;
  using namespace asinf_detail;
  constexpr mode R = B.reflect, P = B.ops;
  const F a = abs_f32<R>(x);
  if constexpr (B.file == libdevice_file::cuda13_0) {
    const F s = cuda_half_sqrt<B>(a);
    const auto big = setp_gt_f32<P>(a, f32_from(cuda_t));
    const F z = odd_poly<B, F, cuda_asin_poly<R, F>>(select(big, s, a));
    const F w = when(
        big,
        [&]() -> F { return fma_rn_f32<R>(f32_from(pio2_a), f32_from(pio2_b), mul_rn_f32<P>(f32_from(minus_two), z)); },
        [&]() -> F { return z; });
    return select(setp_ge_f32<P>(f32_from(inf), w), copysign_f32(x, w), w);  // fcmp ole w, inf
  } else {
    const F w = triton_half_sqrt<B>(a);
    const auto big = setp_gt_f32<P>(a, f32_from(triton_t));
    const F p = odd_poly<B, F, triton_poly<R, F>>(select(big, w, a));
    const F z = when(
        big, [&]() -> F { return fma_rn_f32<R>(f32_from(minus_two), p, f32_from(pio2)); }, [&]() -> F { return p; });
    // fcmp ole z, inf: x's sign bit or'ed in
    return select(setp_ge_f32<P>(f32_from(inf), z), f32_from(bits_of(z) | (bits_of(x) & 0x80000000u)), z);
  }
}

BITEXACT_NV_BUILD_FORMS_1(asinf)

}  // namespace bitexact::nv
