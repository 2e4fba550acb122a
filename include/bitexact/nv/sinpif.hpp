// bitexact/nv/sinpif.hpp — libdevice __nv_sinpif (what `sinpif` calls in
// device code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::sinpif(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::sinpif_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::sinpif_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::sinpif<B>(x)       the same, by build
//
// The two files differ. Both reduce the same way (plain ops: B.ops; reflect
// ops: B.reflect):
//   n = rni(x + x)        (plain fadd; llvm.nvvm.round.f is cvt.rni.f32.f32,
//                          ties to even, without .ftz in every build's PTX)
//   q = (int)n            (CUDA 13.0 llvm.nvvm.f2i.rz, Triton's file `fptosi`:
//                          both cvt.rzi.s32.f32 in the PTX)
//   t = fma(-n, 1/2, x)   x - n/2, exact, |t| <= 1/4  (`fsub -0, n`: plain neg)
// then sin(pi t) (q even) or cos(pi t) (q odd), negated when q & 2, and
//   x == trunc(x) (plain compare; llvm.nvvm.trunc.f is cvt.rzi.f32.f32
//   without .ftz): x * 0 (__nv_fmul_rn), a zero with x's sign.
// * CUDA 13.0 (__internal_sinpi_cospi_kernel; __nvvm_reflect("__CUDA_ARCH")
//   is 900 > 820 on sm_90, the branch taken): two polynomials in s = t^2
//   evaluated side by side, rc = cos(pi t), rs = sin(pi t) = pi t + A(s) s t;
//   the negation is the plain `fsub 0.0, z` (sub.f32 0, z).
// * Triton's file (older): r = fma(t, PI_HI, t * PI_LO) (a plain fmul) ~ pi t,
//   then the sine / cosine kernel of sinf (__internal_sin_cos_kernel: the
//   constants of nv/trig_reduction.hpp), negated by fma(z, -1, 0).
// Builds:
//  * nv: IEEE throughout. A subnormal x gives pi x rounded (t = x).
//  * nv-ftz: every op .ftz. A subnormal x: t = +0 (the fma flushes x and adds
//    it to -n/2 = -0 or +0), the kernel gives +0, and x == trunc(x) holds
//    (setp.neu.ftz compares the flushed x with trunc(x) = -0 or +0), so the
//    result is x * 0 with .ftz: a zero of x's sign.
//  * triton: reflect = 1, plain ops IEEE (sinpi.ptx: add.f32, neg.f32,
//    mul.f32 for t * PI_LO, setp.neu.f32; nothing for LLVM to contract: the
//    product feeds an fma intrinsic). Its product t * PI_LO, when subnormal,
//    is flushed by the .ftz fma that takes it. A subnormal x: t = +0 for both
//    signs, the kernel gives +0, and the IEEE compare sees x != trunc(x) = +-0,
//    so the result is +0 for both signs (nv-ftz: -0 for a negative one).
// Checked here (no GPU): tests/nv_tan_sinpi_test.cpp (IR special values,
// MPFR error within CUDA's 1 ulp bound on sampled inputs). Not yet run
// against the GPU.
#pragma once

#include <cstdint>

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/trig_reduction.hpp"

namespace bitexact::nv {

namespace sinpif_detail {
using ptx::u32;
inline constexpr u32 half = 0x3f000000u;  // 0.5 (IR 5.000000e-01)
// CUDA 13.0, __internal_sinpi_cospi_kernel (sm_90 branch):
// rs = fma(PI, t, A(s) * (s t)),  A(s) = (a3 s + a2) s + a1
inline constexpr u32 a3 = 0xbf17acc9u;  // -0x1.2f5992p-1: IR 0xBFE2F59920000000
inline constexpr u32 a2 = 0x40233590u;  // 0x1.466b2p+1:   IR 0x400466B200000000
inline constexpr u32 a1 = 0xc0a55df6u;  // -0x1.4abbecp+2: IR 0xC014ABBEC0000000
// rc = fma(C(s), s, 1),  C(s) = ((b3 s + b2) s + b1) s + b0
inline constexpr u32 b3 = 0x3e684e12u;  // 0x1.d09c24p-3:  IR 0x3FCD09C240000000
inline constexpr u32 b2 = 0xbfaad2e0u;  // -0x1.55a5cp+0:  IR 0xBFF55A5C00000000
inline constexpr u32 b1 = 0x4081e0cfu;  // 0x1.03c19ep+2:  IR 0x40103C19E0000000
inline constexpr u32 b0 = 0xc09de9e6u;  // -0x1.3bd3ccp+2: IR 0xC013BD3CC0000000
inline constexpr u32 pi = 0x40490fdbu;  // 0x1.921fb6p+1 (pi rounded): IR 0x400921FB60000000
// Triton's file: r = fma(t, pi_hi, t * pi_lo).
inline constexpr u32 pi_hi = 0x40490fdau;  // 0x1.921fb4p+1:  IR 0x400921FB40000000
inline constexpr u32 pi_lo = 0x34222169u;  // 0x1.4442d2p-23: IR 0x3E84442D20000000

// x = n/2 + t: t, and q = (int)n (the quadrant of pi x). F: float or SIMD
// lanes (ptx.hpp's lane forms), Q: std::int32_t or the lanes' integers.
template <class F, class Q>
struct reduced {
  F t;
  Q q;
};
template <build B, class F>
BITEXACT_INLINE auto reduce(F x) {
  using namespace ptx;
  const F n = cvt_rni_f32_f32<mode::ieee>(add_rn_f32<B.ops>(x, x));
  const F t = fma_rn_f32<B.reflect>(neg_f32<B.ops>(n), f32_from(half), x);
  const auto q = cvt_rzi_s32_f32<mode::ieee>(n);
  return reduced<F, decltype(q)>{t, q};
}

// sin(pi x) for quadrant q of t: rs or rc, negated when q & 2. Both files'
// bodies are written against the lane forms too.
template <build B, class F, class Q>
BITEXACT_INLINE F kernel(F t, Q q) {
  using namespace ptx;
  constexpr mode R = B.reflect, P = B.ops;
  if constexpr (B.file == libdevice_file::cuda13_0) {
    const F s = mul_rn_f32<R>(t, t);
    F a = fma_rn_f32<R>(f32_from(a3), s, f32_from(a2));
    F b = fma_rn_f32<R>(f32_from(b3), s, f32_from(b2));
    a = fma_rn_f32<R>(a, s, f32_from(a1));
    b = fma_rn_f32<R>(b, s, f32_from(b1));
    const F st = fma_rn_f32<R>(s, t, 0.0f);
    b = fma_rn_f32<R>(b, s, f32_from(b0));
    const F w = fma_rn_f32<R>(a, st, 0.0f);
    const F rc = fma_rn_f32<R>(b, s, 1.0f);
    const F rs = fma_rn_f32<R>(f32_from(pi), t, w);
    const F z = select((q & 1) != 0, rc, rs);
    return select((q & 2) != 0, sub_rn_f32<P>(0.0f, z), z);
  } else {
    // __internal_sin_cos_kernel of sinf (trig_reduction.hpp's trig_poly),
    // written out with the instruction models.
    using namespace nv::detail;
    const F r = fma_rn_f32<R>(t, f32_from(pi_hi), mul_rn_f32<P>(t, f32_from(pi_lo)));
    const F s = mul_rn_f32<R>(r, r);
    const auto odd = (q & 1) != 0;
    const F m = select(odd, 1.0f, r);
    const F u = fma_rn_f32<R>(s, m, 0.0f);
    F p = select(odd, fma_rn_f32<R>(trig_cos_c4, s, trig_cos_c3), trig_sin_s3);
    p = fma_rn_f32<R>(p, s, select(odd, trig_cos_c2, trig_sin_s2));
    p = fma_rn_f32<R>(p, s, select(odd, trig_cos_c1, trig_sin_s1));
    const F z = fma_rn_f32<R>(p, u, m);
    return select((q & 2) != 0, fma_rn_f32<R>(z, -1.0f, 0.0f), z);
  }
}
}  // namespace sinpif_detail

template <build B, class F = float>
BITEXACT_INLINE F sinpif(F x) {
  using namespace ptx;
  const auto red = sinpif_detail::reduce<B>(x);
  const F z = sinpif_detail::kernel<B>(red.t, red.q);
  // An integer x (and +-Inf): sin(pi x) = +-0, x's sign (Inf * 0: NaN).
  return select(setp_eq_f32<B.ops>(x, cvt_rzi_f32_f32<mode::ieee>(x)), mul_rn_f32<B.reflect>(x, 0.0f), z);
}

BITEXACT_NV_BUILD_FORMS_1(sinpif)

}  // namespace bitexact::nv
