// bitexact/nv/atan2f.hpp — libdevice __nv_atan2f(a, b) = atan(a / b) in
// (-pi, pi] (what `atan2f(y, x)` and Triton's libdevice.atan2 call on sm_90),
// bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::atan2f(a, b)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::atan2f_ftz(a, b)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::atan2f_triton(a, b)   Triton 3.6        ("triton")
//   bitexact::nv::atan2f<B>(a, b)       the same, by build
//
// Sources: the IR of __nv_atan2f in CUDA 13.0's libdevice.10.bc and in
// Triton 3.6's, the PTX of nvcc 13.0 (sm_90 -O3, -ftz=false / -ftz=true) and
// Triton's PTX (triton-ptx/atan2.ptx). "Reflect" ops follow
// __nvvm_reflect("__CUDA_FTZ") (B.reflect), "plain" ops B.ops. "b < 0" is
// always the sign BIT of b (IR icmp slt on its bits): true for -0 and -NaN.
//
// CUDA 13.0 (nvcc builds):
//   A = |a|, C = |b| (fabs by reflect); big = A > C (plain)
//   q = div.rn(min, max)          (llvm.nvvm.div.rn{.ftz}.f by reflect: the
//       correctly rounded quotient; max = big ? A : C)
//   r = fma(p(q^2) * q^2, q, q)   (p: 8 coefficients, reflect fma)
//   big, b < 0:  r = fma(0x3f6ee581, 0x3fd774eb, r)     pi/2 + r
//   big, b >= 0: r = fma(0x3f6ee581, 0x3fd774eb, -r)    pi/2 - r
//   !big, b < 0: r = fma(0x3feee581, 0x3fd774eb, -r)    pi - r (pi as
//       2 * 0x3f6ee581 times 0x3fd774eb, exact)
//   max == 0: r = b < 0 ? 0x40490fdb : 0      (pi; a and b both zero)
//   else C == A: r = b < 0 ? 0x4016cbe4 : 0x3f490fdb   (3pi/4, pi/4: equal
//       magnitudes, inf/inf included)
//   C + A NaN (plain add; isnan through fabs by reflect): return C + A
//   return copysign(r, a)
// Triton 3.6's file:
//   A = |a|, C = |b| (reflect: abs.ftz for Triton)
//   C == 0 and A == 0: return (b < 0 ? pi : 0) | sign bit of a
//   C == inf and A == inf: return (b < 0 ? 3pi/4 : pi/4) | sign bit of a
//   q = min(A, C) / max(A, C)     (fmax/fmin by reflect: max.ftz / min.ftz;
//       an IEEE fdiv: div.rn.f32, NOT flushed, in Triton's PTX)
//   r = atanf's Triton kernel of q (nv/atanf.hpp)
//   A > C: r = 0x3fc90fdb - r;  b < 0: r = 0x40490fdb - r   (plain subs)
//   r = bits(r) | sign bit of a
//   C + A (plain add) NaN: return C + A
// No mul.f32 feeds an add.f32 in either PTX: ptxas fuses nothing.
//
// Builds:
//  * nv: IEEE; a subnormal quotient is kept (r = q).
//  * nv-ftz: every op .ftz: subnormal a or b read as 0, a quotient below
//    2^-126 is 0 (div.rn.ftz), and then r = 0.
//  * triton: another kernel (a rational function), so it differs from nv-ftz
//    on ordinary inputs. Subnormal a or b read as 0 (abs.ftz). A subnormal
//    quotient is not flushed by div.rn.f32 but by the kernel's .ftz fma:
//    r = +0, as in nv-ftz.
// Special values (every build, C99 Annex F): atan2(+-0, +0) = +-0,
// atan2(+-0, -0) = +-pi, atan2(+-inf, +-inf) = +-pi/4 or +-3pi/4,
// atan2(+-y, +inf) = +-0, atan2(+-y, -inf) = +-pi, atan2(+-inf, x) = +-pi/2;
// a NaN operand -> C + A = 0x7fffffff.
// Tests: tests/nv_atan_family_test.cpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/atanf.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace atan2f_detail {
using ptx::u32;
inline constexpr u32 pi_a = 0x3feee581u;       // 0x1.ddcb02p0 = 2 * pio2_a: IR 0x3FFDDCB020000000
inline constexpr u32 pi = 0x40490fdbu;         // 0x1.921fb6p1: IR 0x400921FB60000000
inline constexpr u32 three_pio4 = 0x4016cbe4u; // 0x1.2d97c8p1: IR 0x4002D97C80000000
inline constexpr u32 pio4 = 0x3f490fdbu;       // 0x1.921fb6p-1: IR 0x3FE921FB60000000
// CUDA 13.0 __internal_atan2f_kernel, highest degree first.
template <mode R, class F>
BITEXACT_INLINE F cuda_atan2_poly(F s) {
  using namespace ptx;
  F p = fma_rn_f32<R>(f32_from(0x3b33710bu), s,    // 0x1.66e216p-9:  IR 0x3F666E2160000000
                      f32_from(0xbc807748u));      // -0x1.00ee9p-6:  IR 0xBF900EE900000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3d2cdab2u));  // 0x1.59b564p-5:  IR 0x3FA59B5640000000
  p = fma_rn_f32<R>(p, s, f32_from(0xbd992d10u));  // -0x1.325a2p-4:  IR 0xBFB325A200000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3dd9ea6cu));  // 0x1.b3d4d8p-4:  IR 0x3FBB3D4D80000000
  p = fma_rn_f32<R>(p, s, f32_from(0xbe117cb1u));  // -0x1.22f962p-3: IR 0xBFC22F9620000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3e4cbce0u));  // 0x1.9979cp-3:   IR 0x3FC9979C00000000
  p = fma_rn_f32<R>(p, s, f32_from(0xbeaaaa7du));  // -0x1.5554fap-2: IR 0xBFD5554FA0000000
  return p;
}
}  // namespace atan2f_detail

// Written against the lane forms (ptx.hpp): the span forms run this source on
// SIMD lanes. The IR's branches and early returns are selects here: both
// sides are computed and the IR's side is taken (the unused one may be a NaN
// or an infinity, which the models compute like any other value).
template <build B, class F = float>
BITEXACT_INLINE F atan2f(F a, F b) {
  using namespace ptx;
  using namespace atanf_detail;
  using namespace atan2f_detail;
  constexpr mode R = B.reflect, P = B.ops;
  const F C = abs_f32<R>(b), A = abs_f32<R>(a);
  const auto b_neg = (bits_of(b) >> 31) != 0u;
  const auto a_sign = bits_of(a) & 0x80000000u;
  if constexpr (B.file == libdevice_file::cuda13_0) {
    const auto big = setp_gt_f32<P>(A, C);
    const F mx = select(big, A, C), mn = select(big, C, A);
    const F q = div_rn_f32<R>(mn, mx);
    const F s = mul_rn_f32<P>(q, q);
    const F p = cuda_atan2_poly<R>(s);
    F r = fma_rn_f32<R>(mul_rn_f32<P>(p, s), q, q);
    // big: pi/2 - r (b >= 0) or pi/2 + r; else b < 0: pi - r.
    const F nr = neg_f32<P>(r);
    r = select(big, fma_rn_f32<R>(f32_from(pio2_a), f32_from(pio2_b), select(b_neg, r, nr)),
               select(b_neg, fma_rn_f32<R>(f32_from(pi_a), f32_from(pio2_b), nr), r));
    const F sum = add_rn_f32<P>(C, A);
    r = select(setp_eq_f32<P>(mx, 0.0f), f32_from(select(b_neg, pi, 0u)),
               select(setp_eq_f32<P>(C, A), f32_from(select(b_neg, three_pio4, pio4)), r));
    // __nv_isnanf(sum): !(fabs(sum) <= inf), fabs by reflect, compare plain.
    return select(setp_ge_f32<P>(f32_from(inf), abs_f32<R>(sum)), copysign_f32(a, r), sum);
  } else {
    const F mx = max_f32<R>(A, C), mn = min_f32<R>(A, C);
    F r = triton_kernel<B>(div_rn_f32<P>(mn, mx));
    r = select(setp_gt_f32<P>(A, C), sub_rn_f32<P>(f32_from(pio2), r), r);
    r = select(b_neg, sub_rn_f32<P>(f32_from(pi), r), r);
    r = f32_from(bits_of(r) | a_sign);
    const F sum = add_rn_f32<P>(C, A);
    r = select(setp_ge_f32<P>(f32_from(inf), sum), r, sum);
    // Both zero, or both infinite: the IR's early returns. (Each condition
    // named first: with floats they are bools, and clang warns on & between
    // two calls; lanes have no && to use instead.)
    const auto c_zero = setp_eq_f32<P>(C, 0.0f), a_zero = setp_eq_f32<P>(A, 0.0f);
    const auto c_inf = setp_eq_f32<P>(C, f32_from(inf)), a_inf = setp_eq_f32<P>(A, f32_from(inf));
    const auto both_zero = c_zero & a_zero;
    const auto both_inf = c_inf & a_inf;
    r = select(both_inf, f32_from(select(b_neg, three_pio4, pio4) | a_sign), r);
    return select(both_zero, f32_from(select(b_neg, pi, 0u) | a_sign), r);
  }
}

BITEXACT_NV_BUILD_FORMS_2(atan2f)

}  // namespace bitexact::nv
