// bitexact/ocml/expm1_f32.hpp — bit-exact reproduction of AMD ocml's
// __ocml_expm1_f32 (ROCm-Device-Libs 5.2.3, Debian rocm-device-libs ocml.bc).
//
//   x = q*ln2 + r,  q = rint(x*log2(e)),  ln2 = ln2_hi + ln2_lo (two fmas)
//   expm1(r) ~ r + r*(r*P(r)),  P of degree 5 (Horner, llvm.fmuladd)
//   expm1(x) = 2^q * expm1(r) + (2^q - 1)   (one fma)
// with q = 128 computed as 2 * (2^127 * expm1(r) + (2^127 - 1)) so that 2^q
// does not overflow. Then x > 0x1.62e42ep+6 (~88.72) gives +Inf (dropped in
// finite-only builds) and x < -17 gives -1.
//
// Arithmetic only: llvm.rint (v_rndne_f32), llvm.fma (v_fma_f32 on every ISA:
// the IR calls llvm.fma, not __ocml_fmuladd, for the reduction and the last
// two steps), llvm.fmuladd (the polynomial: fused or not per ISA and denormal
// mode, ocml::fmuladd_fused), llvm.amdgcn.ldexp (v_ldexp_f32) and fptosi
// (v_cvt_i32_f32). The only control variable read is __oclc_finite_only_opt
// (llvm-dis of ocml.bc 5.2.3: no __oclc_ISA_version, __oclc_daz_opt or
// __oclc_unsafe_math_opt); DAZ acts through the f32 flush mode of every
// operation.
//
// NaN inputs have no guard: they run through the arithmetic and come out as
// the input NaN quieted (every NaN operand on the way is that NaN).
//
// Every constant is the f32 value of an IR literal of __ocml_expm1_f32 in
// ocml.bc 5.2.3 (llvm-dis-15 prints f32 constants as doubles).
#pragma once

#include <cstdint>

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"

namespace bitexact::ocml {

namespace detail {
// log2(e) rounded to f32 (IR: fmul float %x, 0x3FF7154760000000).
inline constexpr float expm1_log2e = 0x1.715476p+0f;  // 0x3fb8aa3b
// ln 2 ~ ln2_hi + ln2_lo (Cody-Waite; each product in one fma, IR: %nq = fneg float %q, then
// fma(%nq, 0x3FE62E4300000000, x) and fma(%nq, 0xBE205C6100000000, ...)).
// Both backends fold the fneg into the constant (AMDGPU: v_fmac_f32 v, 0xbf317218,
// v_q and v_fmac_f32 v, 0x3102e308, v_q; x86 the same), so the instructions
// are fma(q, -ln2_hi, x) and fma(q, -ln2_lo, r), written so here. Only the
// sign of a NaN depends on it: a NaN x comes out as x quieted, sign kept.
inline constexpr float expm1_ln2_hi = 0x1.62e43p-1f;    // 0x3f317218
inline constexpr float expm1_ln2_lo = -0x1.05c61p-29f;  // 0xb102e308
// P(r), highest degree first (IR: 0x3F2A267620000000, 0x3F56D2E000000000,
// 0x3F8110FF20000000, 0x3FA5555020000000, 0x3FC5555560000000, 0.5).
inline constexpr float expm1_p5 = 0x1.a26762p-13f;  // 0x395133b1
inline constexpr float expm1_p4 = 0x1.6d2ep-10f;    // 0x3ab69700
inline constexpr float expm1_p3 = 0x1.110ff2p-7f;   // 0x3c0887f9
inline constexpr float expm1_p2 = 0x1.555502p-5f;   // 0x3d2aaa81
inline constexpr float expm1_p1 = 0x1.555556p-3f;   // 0x3e2aaaab
inline constexpr float expm1_p0 = 0x1p-1f;          // 0x3f000000
// Above this x the result is +Inf (IR: fcmp ogt float %x, 0x40562E42E0000000).
inline constexpr float expm1_overflow = 0x1.62e42ep+6f;  // 0x42b17217, ~88.7228
// Below this x the result is -1 (IR: fcmp olt float %x, -1.700000e+01).
inline constexpr float expm1_saturate = -17.0f;  // 0xc1880000
}  // namespace detail

template <config C = gfx90a>
BITEXACT_INLINE float expm1_f32(float x) {
  using namespace amdgcn;
  using namespace detail;
  constexpr bool ftz = C.daz;
  constexpr bool fused = fmuladd_fused(C);
  const float q = rint<ftz>(mul<ftz>(x, expm1_log2e));
  float r = fma<ftz>(q, neg(expm1_ln2_hi), x);
  r = fma<ftz>(q, neg(expm1_ln2_lo), r);
  float p = fmuladd<ftz, fused>(r, expm1_p5, expm1_p4);
  p = fmuladd<ftz, fused>(r, p, expm1_p3);
  p = fmuladd<ftz, fused>(r, p, expm1_p2);
  p = fmuladd<ftz, fused>(r, p, expm1_p1);
  p = fmuladd<ftz, fused>(r, p, expm1_p0);
  const float em = fma<ftz>(r, mul<ftz>(r, p), r);  // expm1(r)
  // fcmp oeq q, 128 (ordered: false for NaN): 2^127, doubled at the end.
  const bool q128 = q == 128.0f;
  // 2^q; q is converted by v_cvt_i32_f32 (saturating, NaN -> 0), which only
  // finite-only builds reach out of range (x > 88.72: 2^q = +Inf).
  const float s = ldexp<ftz>(1.0f, q128 ? 127 : cvt_i32(q));
  float y = fma<ftz>(s, em, add<ftz>(s, -1.0f));
  if (q128) y = mul<ftz>(y, 2.0f);
  if constexpr (!C.finite_only) {
    if (x > expm1_overflow) y = fp_bits<float>::inf().value();
  }
  // Both comparisons read x as the hardware does: under DAZ a subnormal x
  // compares as zero, which is on the same side of either bound.
  if (x < expm1_saturate) y = -1.0f;
  return y;
}

}  // namespace bitexact::ocml
