// bitexact/nv/erfcf.hpp — bit-exact reproduction of libdevice __nv_erfcf
// (binary32 erfc), for every build of nv/build.hpp:
//
//   bitexact::nv::erfcf(x)          nvcc -ftz=false, CUDA 13.0 libdevice ("nv")
//   bitexact::nv::erfcf_ftz(x)      nvcc -ftz=true, CUDA 13.0 libdevice ("nv-ftz")
//   bitexact::nv::erfcf_triton(x)   Triton 3.6 libdevice.erfc on sm_90 ("triton")
//   bitexact::nv::erfcf<B>(x)       the same, chosen by a build B
//
// Sources: __nv_erfcf in CUDA 13.0's libdevice.10.bc and in Triton 3.6's
// bundled libdevice.10.bc (both read as IR text), nvcc 13.0's PTX of a kernel
// calling erfcf (-arch=sm_90 -O3, -ftz=false and -ftz=true), and Triton's PTX
// of a kernel calling libdevice.erfc (one lane of four).
//
// Algorithm (both files), with a = |x|; no branch, one straight line:
//   1. t = (a - 4) / (a + 4), as q = (a - 4) * rcp(a + 4) corrected once:
//      t = q + rcp * ((a - (4 (q + 1))) - q a)      (three fmas)
//   2. p = P(t), degree 10, Horner fmas:  erfc(a) ~ exp(-a^2) p / (1 + 2a)
//   3. p / (1 + 2a): d = rcp(1 + 2a), m = p d, corrected once:
//      f = m + d ((a (-2 m) + p) - m)
//   4. exp(-a^2) with its rounding error: e = (-a) a; __internal_expf_kernel
//      (Cody-Waite: j = trunc(e log2 e) clamped to +-126, two fmas with ln 2
//      hi/lo, ex2.approx.ftz of the remainder times log2 e, 2^j built in the
//      exponent field by adding 12582912 + 127 = 0x1.8000fep+23 and shifting
//      left by 23), then times (1 + (a^2 + e)) for the error of e:
//      E = fma(s, fma(-a, a, -e), s), s = 2^r 2^j.
//   5. erfc(a) = f E, and 0 for a > 0x4120e148 (~10.055); for x < 0 the
//      result is 2 - erfc(|x|).
//   The reciprocals are rcp.approx.ftz (inline asm in libdevice: .ftz in
//   every build), the exponential ex2.approx.ftz (called as the .ftz
//   intrinsic), j's truncation cvt.rzi.f32.f32 (llvm.nvvm.trunc.f: never
//   .ftz).
//   NaN: every step NaN, neither compare true: canonical NaN 0x7fffffff.
//   +inf: step 1 is NaN (inf * 0), but a > 10.055 gives +0; -inf: 2.
//
// The two files' IR is the same up to value names, except that Triton's
// clamps j with an and/or of the sign bit where CUDA 13.0 calls llvm.copysign
// (copysign(126, j)): the same bits. So every difference between the builds
// is the flush mode of the instructions:
//   * nvcc_ieee: every f32 instruction IEEE (but the .ftz rcp and ex2).
//   * nvcc_ftz: every one .ftz (cvt.rzi excepted).
//   * triton3_6: abs, mul.rn, fma.rn .ftz (the reflect, as nvcc_ftz); the
//     plain IR operations add/sub/mul/neg and the compares (setp.gt, setp.lt)
//     IEEE. Where an IEEE one can see or make a subnormal:
//     - x < 0 is tested on x itself (setp.lt.f32 x, 0): a negative subnormal
//       x gives 2 - erfc(+0) where nvcc_ftz, whose setp.lt.ftz flushes x to
//       -0, gives erfc(+0). Both are 1 if erfc(+0) computes to 1 (it does:
//       tests/nv_erfcf_test.cpp).
//     - s = 2^r 2^j (plain mul): with j = -126 and 2^r < 1 the product is
//       subnormal; IEEE keeps it (and rounds (1 - 2^-24) 2^-126 up to 2^-126,
//       which the next fma.rn.ftz does not flush), nvcc_ftz flushes it.
//     - f E (plain mul): erfc(a) below 2^-126, a from about 9.194:
//       triton3_6 returns the IEEE subnormal product, nvcc_ftz flushes it
//       to +0. From a ~ 9.345 on (a^2 log2 e >= 126, j clamped to -126) s
//       itself is subnormal, the fma.rn.ftz after it flushes it, and both
//       give +0 (nvcc_ieee keeps its subnormals up to a = 10.055).
//     - e = (-a) a: tiny or subnormal only for a < 2^-62, where it feeds
//       .ftz instructions only (as in erff, no a has an IEEE a*a of 2^-126
//       with a 24-bit rounding below it); everything else that is plain
//       (a +- 4, q + 1, m (-2), the difference in step 3, the exponent
//       field sum, the product feeding ex2) is 0 or far from 2^-126.
//
// Contraction: nvcc's PTX has plain mul.f32 and add/sub.f32 (no .rn) where
// the IR has plain fmul/fadd/fsub; each feeds an fma operand, ex2, an
// integer shift, or a selp, so no mul+add pair is left for ptxas to fuse
// (the last one, f E, reaches `2 - .` only through the a > 10.055 selp).
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {
namespace erfcf_detail {

using ptx::u32;
// Constants of __nv_erfcf, the same in both files: IR literal (a double, or
// an i32 bitcast) -> binary32 bits as in the PTX -> value.
inline constexpr u32 four = 0x40800000u;       // 4.0 (t = (a - 4) / (a + 4))
inline constexpr u32 minus_four = 0xc0800000u;  // -4.0
// P(t) = c10 t^10 + ... + c0.
inline constexpr u32 c10 = 0x3a69a091u;  // 0x3F4D341220000000:  0x1.d34122p-11
inline constexpr u32 c9 = 0x3be6e05bu;   // 0x3F7CDC0B60000000:  0x1.cdc0b6p-8
inline constexpr u32 c8 = 0xbc81fb4bu;   // 0xBF903F6960000000: -0x1.03f696p-6
inline constexpr u32 c7 = 0x3d15373bu;   // 0x3FA2A6E760000000:  0x1.2a6e76p-5
inline constexpr u32 c6 = 0xbd887c5au;   // 0xBFB10F8B40000000: -0x1.10f8b4p-4
inline constexpr u32 c5 = 0x3dc021d5u;   // 0x3FB8043AA0000000:  0x1.8043aap-4
inline constexpr u32 c4 = 0xbdced424u;   // 0xBFB9DA8480000000: -0x1.9da848p-4
inline constexpr u32 c3 = 0x3d8b74deu;   // 0x3FB16E9BC0000000:  0x1.16e9bcp-4
inline constexpr u32 c2 = 0x3c7bf170u;   // 0x3F8F7E2E00000000:  0x1.f7e2e0p-7
inline constexpr u32 c1 = 0xbe0ef8d4u;   // 0xBFC1DF1A80000000: -0x1.1df1a8p-3
inline constexpr u32 c0 = 0x3f9dd2c9u;   // 0x3FF3BA5920000000:  0x1.3ba592p+0
// __internal_expf_kernel, inlined:
inline constexpr u32 log2e = 0x3fb8aa3bu;      // i32 1069066811: 0x1.715476p+0
inline constexpr u32 ln2_hi_neg = 0xbf317218u;  // -(i32 1060205080 = 0x1.62e430p-1)
inline constexpr u32 ln2_lo_neg = 0x3102e308u;  // -(i32 -1325210872 = -0x1.05c610p-29)
inline constexpr u32 j_max = 0x42fc0000u;       // 126.0: |j| clamp (fcmp ogt, copysign)
inline constexpr u32 exp_bias = 0x4b40007fu;    // i32 1262485504 (0x1.8p+23) + 127.0 + 0.0,
                                                // folded: j + this has j + 127 in its low bits
inline constexpr u32 zero_above = 0x4120e148u;  // 0x40241C2900000000: 0x1.41c290p+3 ~ 10.055
inline constexpr u32 one = 0x3f800000u;
inline constexpr u32 two = 0x40000000u;
inline constexpr u32 minus_two = 0xc0000000u;

}  // namespace erfcf_detail

template <build B, class F = float>
BITEXACT_INLINE F erfcf(F x) {
  using namespace ptx;
  using namespace erfcf_detail;
  constexpr mode R = B.reflect;  // fabs / fma / mul.rn: llvm.nvvm.*.ftz.f when the reflect is 1
  constexpr mode O = B.ops;      // the plain fadd / fsub / fmul / fcmp
  // sub.f32 a, b is add.f32 a, -b: the negation is exact and flushes alike.
  auto sub = [](auto a, auto b) -> F { return add_rn_f32<O>(a, f32_from(bits_of(b) ^ 0x80000000u)); };
  const F a = abs_f32<R>(x);
  // 1. t = (a - 4) / (a + 4)
  const F r1 = rcp_approx_f32<mode::ftz>(add_rn_f32<O>(a, f32_from(four)));
  const F q = mul_rn_f32<R>(sub(a, f32_from(four)), r1);
  const F f10 = fma_rn_f32<R>(f32_from(minus_four), add_rn_f32<O>(q, f32_from(one)), a);
  const F f12 = fma_rn_f32<R>(neg_f32<O>(q), a, f10);
  const F t = fma_rn_f32<R>(r1, f12, q);
  // 2. p = P(t)
  F p = fma_rn_f32<R>(f32_from(c10), t, f32_from(c9));
  p = fma_rn_f32<R>(p, t, f32_from(c8));
  p = fma_rn_f32<R>(p, t, f32_from(c7));
  p = fma_rn_f32<R>(p, t, f32_from(c6));
  p = fma_rn_f32<R>(p, t, f32_from(c5));
  p = fma_rn_f32<R>(p, t, f32_from(c4));
  p = fma_rn_f32<R>(p, t, f32_from(c3));
  p = fma_rn_f32<R>(p, t, f32_from(c2));
  p = fma_rn_f32<R>(p, t, f32_from(c1));
  p = fma_rn_f32<R>(p, t, f32_from(c0));
  // 3. f = p / (1 + 2a)
  const F r2 = rcp_approx_f32<mode::ftz>(fma_rn_f32<R>(f32_from(two), a, f32_from(one)));
  const F m = mul_rn_f32<R>(p, r2);
  const F g = fma_rn_f32<R>(a, mul_rn_f32<O>(f32_from(minus_two), m), p);
  const F f = fma_rn_f32<R>(sub(g, m), r2, m);
  // 4. E = exp(-a^2), e = (-a) a as the IR has it (nvcc's PTX negates a*a
  // instead: the same bits, NaN included).
  const F e = mul_rn_f32<O>(neg_f32<O>(a), a);
  const F j0 = cvt_rzi_f32_f32<mode::ieee>(mul_rn_f32<R>(e, f32_from(log2e)));
  // fcmp ogt |j0|, 126 (setp.gt = setp.lt with the operands swapped)
  const F j = select(setp_lt_f32<O>(f32_from(j_max), abs_f32<R>(j0)), copysign_f32(j0, f32_from(j_max)), j0);
  F rr = fma_rn_f32<R>(j, f32_from(ln2_hi_neg), e);
  rr = fma_rn_f32<R>(j, f32_from(ln2_lo_neg), rr);
  const F scale = f32_from(bits_of(add_rn_f32<O>(j, f32_from(exp_bias))) << 23);  // 2^j
  const F s = mul_rn_f32<O>(ex2_approx_f32<mode::ftz>(mul_rn_f32<O>(rr, f32_from(log2e))), scale);
  const F err = fma_rn_f32<R>(neg_f32<O>(a), a, neg_f32<O>(e));  // -a^2 - e
  const F E = fma_rn_f32<R>(s, err, s);
  // 5.
  F res = select(setp_lt_f32<O>(f32_from(zero_above), a), f32_from(0), mul_rn_f32<O>(f, E));  // fcmp ogt a, 10.055
  return select(setp_lt_f32<O>(x, f32_from(0)), sub(f32_from(two), res), res);
}

BITEXACT_NV_BUILD_FORMS_1(erfcf)

}  // namespace bitexact::nv
