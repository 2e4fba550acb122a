// bitexact/nv/erfinvf.hpp — libdevice __nv_erfinvf (what `erfinvf` calls in
// device code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::erfinvf(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::erfinvf_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::erfinvf_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::erfinvf<B>(x)       the same, by build
//
// Sources: __nv_erfinvf in CUDA 13.0's libdevice.10.bc and in Triton 3.6's
// (IR text), nvcc 13.0's PTX of a kernel calling erfinvf (sm_90, -O3,
// -ftz=false and -ftz=true) and Triton's PTX (triton-ptx/erfinv.ptx, one lane).
//
// Both files, "reflect" ops (B.reflect: llvm.nvvm.*.ftz.f when __CUDA_FTZ is 1)
// and "plain" ones (B.ops: the IR's fneg/fmul/fcmp):
//   w = fma(x, -x, 1)                 1 - x^2 (reflect fma; -x plain)
//   t = -lg2.approx.ftz(w)            -log2(1 - x^2), always the .ftz lg2
//   t > 0x1.066666p+3 (8.2), i.e. |x| > ~0.99829: the tail
//       r = rsqrt.approx.ftz(t)
//       q = Q(r), degree 5 in r, reflect fmas
//       CUDA 13.0: y = (t r) q  (two plain muls; t r ~ sqrt(t)); t = +inf
//                  (x = +-1) gives y = t; result copysign(y, x)
//       Triton:    y = rcp.rn(r) q  (IR `fdiv 1.0, r`: rcp.rn.f32, IEEE, in
//                  its PTX; r = 0 for x = +-1 gives inf, so no special case);
//                  result: y's bits OR x's sign bit
//   else: x P(t), P degree 9 in t, reflect fmas, then a plain mul
// CUDA 13.0 computes x P(t) before the branch (so for every x); Triton only
// off the tail; the bits are the same. y > 0 on the tail (Q > 0.8 for r in
// (0, 0.35]), so OR of the sign and copysign agree; the one real difference
// of the files is (t r) q against rcp.rn(r) q: two different roundings of
// sqrt(t) q, so the tail differs by about an ulp at some inputs (about
// half of the sampled tail inputs), and Triton's exceeds CUDA's documented
// 2 ulp at some (2.08 ulp at x = 0x3f7fcab1 against MPFR).
// NaN: w or t NaN (x NaN, |x| > 1: lg2 of a negative is NaN), t > 8.2 false,
// x P(NaN) is the canonical NaN. |x| = 1: w = 0, t = +inf: +-inf.
// Builds:
//  * nv: IEEE plain ops, non-ftz fmas; a subnormal x gives x P(0) =
//    x 0x1.c5bf88p-1, a subnormal.
//  * nv-ftz: every op .ftz; a subnormal x gives +-0 (mul.ftz flushes x).
//  * triton: reflect fmas .ftz, plain ops IEEE (triton-ptx/erfinv.ptx:
//    neg.f32, mul.f32, rcp.rn.f32, setp.geu.f32 without .ftz; no fmul+fadd
//    pair to contract). Off the tail every plain op sees normal numbers
//    except the final x P(t) when it is below 2^-126: x subnormal, or
//    |x| in [2^-126, ~0x1.21p-126) (P(0) = 0x1.c5bf88p-1 < 1): triton keeps
//    the IEEE subnormal product (nv's bits), nv-ftz gives +-0. So triton
//    equals nv-ftz except on the tail (different algorithm) and where nv's
//    result is subnormal (there triton gives nv's result).
// No mul.f32 + add.f32 pair in nvcc's PTX (the plain muls feed a mul, a
// select or the result), so ptxas has nothing to fuse.
// Checked without a GPU only (MPFR error bounds, IR-derived specials); the
// bit-exactness awaits the GPU comparison. Tests: tests/nv_erfinv_cbrt_test.cpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/lg2_approx.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/rsqrt_approx.hpp"

namespace bitexact::nv {

namespace erfinvf_detail {
using ptx::u32;
// P(t) = p9 t^9 + ... + p0 (|x| <= ~0.99829), IR literal -> binary32 bits.
inline constexpr u32 p9 = 0xaf8a6370u;  // IR 0xBDF14C6E00000000: -0x1.14c6e0p-32
inline constexpr u32 p8 = 0x3221f645u;  // IR 0x3E443EC8A0000000:  0x1.43ec8ap-27
inline constexpr u32 p7 = 0xb4016fdau;  // IR 0xBE802DFB40000000: -0x1.02dfb4p-23
inline constexpr u32 p6 = 0x3468f846u;  // IR 0x3E8D1F08C0000000:  0x1.d1f08cp-23
inline constexpr u32 p5 = 0x370742aau;  // IR 0x3EE0E85540000000:  0x1.0e8554p-17
inline constexpr u32 p4 = 0xb804db4du;  // IR 0xBF009B69A0000000: -0x1.09b69ap-15
inline constexpr u32 p3 = 0xba4afea1u;  // IR 0xBF495FD420000000: -0x1.95fd42p-11
inline constexpr u32 p2 = 0x3bb5c027u;  // IR 0x3F76B804E0000000:  0x1.6b804ep-8
inline constexpr u32 p1 = 0x3e24ae0fu;  // IR 0x3FC495C1E0000000:  0x1.495c1ep-3
inline constexpr u32 p0 = 0x3f62dfc4u;  // IR 0x3FEC5BF880000000:  0x1.c5bf88p-1 (~sqrt(pi)/2)
// Q(r) = q5 r^5 + ... + q0 (the tail), both files the same.
inline constexpr u32 q5 = 0xbf1704a1u;  // IR 0xBFE2E09420000000: -0x1.2e0942p-1
inline constexpr u32 q4 = 0xbf29baa5u;  // IR 0xBFE53754A0000000: -0x1.53754ap-1
inline constexpr u32 q3 = 0x3fcc6adcu;  // IR 0x3FF98D5B80000000:  0x1.98d5b8p+0
inline constexpr u32 q2 = 0xbf2cdaedu;  // IR 0xBFE59B5DA0000000: -0x1.59b5dap-1
inline constexpr u32 q1 = 0xbdc30537u;  // IR 0xBFB860A6E0000000: -0x1.860a6ep-4
inline constexpr u32 q0 = 0x3f55d9b9u;  // IR 0x3FEABB3720000000:  0x1.abb372p-1
inline constexpr u32 tail_above = 0x41033333u;  // IR 0x4020666660000000: 0x1.066666p+3 (8.2)
inline constexpr u32 one = 0x3f800000u;
inline constexpr u32 pos_inf = 0x7f800000u;
}  // namespace erfinvf_detail

// F: float, or SIMD lanes (ptx.hpp's lane forms), every build.
template <build B, class F = float>
BITEXACT_INLINE F erfinvf(F x) {
  using namespace ptx;
  using namespace erfinvf_detail;
  constexpr mode R = B.reflect;
  constexpr mode O = B.ops;
  const F w = fma_rn_f32<R>(x, neg_f32<O>(x), f32_from(one));
  const F t = neg_f32<O>(lg2_approx_f32<mode::ftz>(w));
  // fcmp ogt t, 8.2 (the PTX tests lg2 >= -8.2 unordered and branches off:
  // the same predicate)
  return when(
      setp_gt_f32<O>(t, f32_from(tail_above)),
      [&]() -> F {
        const F r = rsqrt_approx_f32<mode::ftz>(t);
        F q = fma_rn_f32<R>(f32_from(q5), r, f32_from(q4));
        q = fma_rn_f32<R>(q, r, f32_from(q3));
        q = fma_rn_f32<R>(q, r, f32_from(q2));
        q = fma_rn_f32<R>(q, r, f32_from(q1));
        q = fma_rn_f32<R>(q, r, f32_from(q0));
        if constexpr (B.file == libdevice_file::triton3_6) {
          const F y = mul_rn_f32<O>(q, rcp_rn_f32<O>(r));
          return f32_from(bits_of(y) | (bits_of(x) & 0x80000000u));
        } else {
          const F y = mul_rn_f32<O>(mul_rn_f32<O>(t, r), q);
          return copysign_f32(x, select(setp_eq_f32<O>(t, f32_from(pos_inf)), t, y));
        }
      },
      [&]() -> F {
        F p = fma_rn_f32<R>(f32_from(p9), t, f32_from(p8));
        p = fma_rn_f32<R>(p, t, f32_from(p7));
        p = fma_rn_f32<R>(p, t, f32_from(p6));
        p = fma_rn_f32<R>(p, t, f32_from(p5));
        p = fma_rn_f32<R>(p, t, f32_from(p4));
        p = fma_rn_f32<R>(p, t, f32_from(p3));
        p = fma_rn_f32<R>(p, t, f32_from(p2));
        p = fma_rn_f32<R>(p, t, f32_from(p1));
        p = fma_rn_f32<R>(p, t, f32_from(p0));
        return mul_rn_f32<O>(x, p);
      });
}

BITEXACT_NV_BUILD_FORMS_1(erfinvf)

}  // namespace bitexact::nv
