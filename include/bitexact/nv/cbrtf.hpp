// bitexact/nv/cbrtf.hpp — libdevice __nv_cbrtf (what `cbrtf` calls in device
// code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::cbrtf(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::cbrtf_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::cbrtf_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::cbrtf<B>(x)       the same, by build
//
// Sources: __nv_cbrtf in CUDA 13.0's libdevice.10.bc and in Triton 3.6's
// (IR text), nvcc 13.0's PTX (sm_90, -O3, -ftz=false/true) and Triton's PTX
// (triton-ptx/cbrt.ptx, one lane). "reflect" ops follow B.reflect, "plain"
// ones (the IR's fmul/fneg/fadd/fcmp) B.ops. a = |x| (reflect fabs).
//   CUDA 13.0: one Newton step on a^(-2/3), then to a^(1/3):
//     e = ex2.approx.ftz(-0x1.555556p-1 * lg2.approx(a))   a^(-2/3); lg2 is
//         the reflect one (lg2.approx.f32 in nv: exact on subnormals)
//     s = a e                                   ~ a^(1/3)      (plain mul)
//     m = (-s) e                                               (plain)
//     y = fma(s, 0x1.555556p-2 * fma(s, m, 1), s)   s (1 + (1 - s^2 e)/3)
//   Triton: Newton on the cube root itself:
//     e = ex2.approx.ftz(0x1.555556p-2 * lg2.approx.ftz(a))   a^(1/3)
//     d = fma(rcp.approx.ftz(e e), -a, e)        e - a/e^2  (rcp: libdevice's
//                                                 inline asm, .ftz everywhere)
//     y = fma(d, -0x1.555556p-2, e)              e - (e - a/e^2)/3
//   both: y = -y for x < 0 (plain fcmp olt, fneg); x + x == x (0, +-inf:
//   plain fadd, fcmp oeq) returns x + x. NaN: canonical NaN either way.
// Builds:
//  * nv: IEEE; a subnormal a goes through the non-ftz lg2 and comes out
//    right (e ~ 2^99, s normal).
//  * nv-ftz: a subnormal x: a = 0, lg2 = -inf, e = +inf, s = 0 inf = NaN,
//    but x + x (.ftz) is +-0 and compares equal to x (.ftz): +-0.
//  * triton: reflect ops .ftz, plain IEEE (its PTX: mul.f32, add.f32,
//    setp.eq.f32, setp.lt.f32, neg.f32). A subnormal x: a = 0 (abs.ftz),
//    lg2 = -inf, e = 0, rcp(0) = +inf, fma(inf, -0, 0) = NaN, y NaN; the
//    IEEE x + x = 2x differs from x, so the result is that NaN: the
//    canonical 0x7fffffff for a positive x, 0xffffffff for a negative one
//    (the negation is a sign flip there, below). A normal x: e e is never subnormal (e >= 2^-42.1) and
//    no plain op sees a subnormal, but the algorithm differs from CUDA
//    13.0's, so triton differs from nv-ftz at many normal inputs, and its
//    error exceeds CUDA 13.0's 1 ulp at some (1.12 ulp at x = 0x1ff33b17,
//    tests/nv_erfinv_cbrt_test.cpp).
// nvcc's PTX computes m as -(e s) (mul then neg): the same bits. No plain
// mul.f32 feeds an add.f32 in either PTX (the products feed ex2, an fma,
// a mul or rcp), so nothing for ptxas to fuse.
// Checked without a GPU only (MPFR error bounds, IR-derived specials); the
// bit-exactness awaits the GPU comparison. Tests: tests/nv_erfinv_cbrt_test.cpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/lg2_approx.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace cbrtf_detail {
using ptx::u32;
inline constexpr u32 minus_two_thirds = 0xbf2aaaabu;  // IR 0xBFE5555560000000: -0x1.555556p-1
inline constexpr u32 one_third = 0x3eaaaaabu;         // IR 0x3FD5555560000000:  0x1.555556p-2
inline constexpr u32 minus_one_third = 0xbeaaaaabu;   // IR 0xBFD5555560000000: -0x1.555556p-2 (Triton)
inline constexpr u32 one = 0x3f800000u;
}  // namespace cbrtf_detail

// F: float, or SIMD lanes (ptx.hpp's lane forms), every build.
template <build B, class F = float>
BITEXACT_INLINE F cbrtf(F x) {
  using namespace ptx;
  using namespace cbrtf_detail;
  constexpr mode R = B.reflect;
  constexpr mode O = B.ops;
  const F a = abs_f32<R>(x);
  const F y = [&]() -> F {
    if constexpr (B.file == libdevice_file::triton3_6) {
      const F e = ex2_approx_f32<mode::ftz>(mul_rn_f32<O>(f32_from(one_third), lg2_approx_f32<R>(a)));
      const F r = rcp_approx_f32<mode::ftz>(mul_rn_f32<O>(e, e));
      const F d = fma_rn_f32<R>(r, neg_f32<O>(a), e);
      return fma_rn_f32<R>(d, f32_from(minus_one_third), e);
    } else {
      const F e = ex2_approx_f32<mode::ftz>(mul_rn_f32<O>(f32_from(minus_two_thirds), lg2_approx_f32<R>(a)));
      const F s = mul_rn_f32<O>(a, e);
      const F m = mul_rn_f32<O>(neg_f32<O>(s), e);
      const F c = mul_rn_f32<O>(f32_from(one_third), fma_rn_f32<R>(s, m, f32_from(one)));
      return fma_rn_f32<R>(s, c, s);
    }
  }();
  const auto negative = setp_lt_f32<O>(x, f32_from(0));
  const F signed_y = [&]() -> F {
    if constexpr (B.file == libdevice_file::triton3_6)
      // Triton's PTX has neg.f32 feeding a selp, and there ptxas flips the sign
      // bit and nothing else: a NaN keeps its payload (the H200, triton
      // libdevice.cbrt of every negative subnormal x is 0xffffffff: the
      // canonical NaN with the sign set; frameworks run of issue 34).
      return select(negative, f32_from(bits_of(y) ^ 0x80000000u), y);
    else
      return select(negative, neg_f32<O>(y), y);
  }();
  const F xx = add_rn_f32<O>(x, x);
  return select(setp_eq_f32<O>(xx, x), xx, signed_y);
}

BITEXACT_NV_BUILD_FORMS_1(cbrtf)

}  // namespace bitexact::nv
