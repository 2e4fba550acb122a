// bitexact/ocml/trigpi_reduction_f32.hpp — the argument reduction and the
// kernel polynomials shared by ocml's single-precision sinpi and cospi
// (ROCm-Device-Libs 5.2.3, ocml.bc: __ocmlpriv_trigpired_f32 and
// __ocmlpriv_sincospired_f32). Internal to bitexact/ocml/sinpi_f32.hpp and
// cospi_f32.hpp.
//
// For a = |x| the reduction returns r and the quadrant n (0..3) with
// a = n/2 + r (mod 2), |r| <= 1/4:
//   v = a > 1 ? 2*fract(a/2) : a        (v in [0, 2]; a/2 = +Inf gives v = 0)
//   q = rint(2v),  r = q*(-1/2) + v,  n = q & 3
// Every step is exact: a/2 and 2*fract(a/2) are exact scalings, fract of a
// non-negative float is exact, and r = v - q/2 is a multiple of ulp(v) no
// larger than v. The kernel gives sin(pi*r) ~ pi*r + r^3*S(r^2) and
// cos(pi*r) ~ 1 + r^2*C(r^2), every Horner step llvm.fmuladd (fused or not
// per ISA and denormal mode: ocml::fmuladd_fused).
//
// Arithmetic only: fmul, llvm.amdgcn.fract (v_fract_f32, amdgcn::fract),
// llvm.amdgcn.class (v_cmp_class_f32), llvm.rint (v_rndne_f32),
// llvm.fmuladd, fptosi (v_cvt_i32_f32). No control variable is read here.
//
// Every constant is the f32 value of an IR literal of ocml.bc 5.2.3
// (llvm-dis-15 prints f32 constants as doubles).
#pragma once

#include <cstdint>

#include "bitexact/ocml/amdgcn.hpp"
#include "bitexact/ocml/ocml_config.hpp"

namespace bitexact::ocml::detail {

// __ocmlpriv_sincospired_f32: sin(pi*r) = fmuladd(r, pi, (r^2*r) * S(r^2)),
// S highest degree first (IR: 0x3FCEB54820000000, 0xBFE3E497C0000000,
// 0x400468E6C0000000, 0xC014ABC1C0000000), pi rounded to f32
// (IR: 0x400921FB60000000).
inline constexpr float sinpi_s3 = 0x1.eb5482p-3f;   // 0x3e75aa41
inline constexpr float sinpi_s2 = -0x1.3e497cp-1f;  // 0xbf1f24be
inline constexpr float sinpi_s1 = 0x1.468e6cp+1f;   // 0x40234736
inline constexpr float sinpi_s0 = -0x1.4abc1cp+2f;  // 0xc0a55e0e
inline constexpr float sinpi_pi = 0x1.921fb6p+1f;   // 0x40490fdb
// cos(pi*r) = 1 + r^2*C(r^2), C highest degree first (IR: 0x3FA97CA880000000,
// 0x3FCC85D3A0000000, 0xBFF55A3B40000000, 0x40103C1A60000000,
// 0xC013BD3CC0000000, then 1.0).
inline constexpr float cospi_c4 = 0x1.97ca88p-5f;   // 0x3d4be544
inline constexpr float cospi_c3 = 0x1.c85d3ap-3f;   // 0x3e642e9d
inline constexpr float cospi_c2 = -0x1.55a3b4p+0f;  // 0xbfaad1da
inline constexpr float cospi_c1 = 0x1.03c1a6p+2f;   // 0x4081e0d3
inline constexpr float cospi_c0 = -0x1.3bd3ccp+2f;  // 0xc09de9e6

struct reduced_pi {
  float r;        // reduced argument, |r| <= 1/4
  unsigned quad;  // quadrant, 0..3
};

// __ocmlpriv_trigpired_f32 on a = |x| (NaN allowed: a > 1 is false for it).
template <config C>
BITEXACT_INLINE reduced_pi trigpi_reduce(float a) {
  using namespace amdgcn;
  constexpr bool ftz = C.daz;
  constexpr bool fused = fmuladd_fused(C);
  const float h = mul<ftz>(a, 0.5f);
  const float f = is_class(h, neg_inf | pos_inf) ? 0.0f : mul<ftz>(fract<ftz>(h), 2.0f);
  const float v = a > 1.0f ? f : a;  // fcmp ogt: a select, v is not flushed here
  const float q = rint<ftz>(mul<ftz>(v, 2.0f));
  const float r = fmuladd<ftz, fused>(q, -0.5f, v);
  return {r, unsigned(cvt_i32(q)) & 3u};
}

struct sincospi_pair {
  float s;  // ~ sin(pi*r)
  float c;  // ~ cos(pi*r)
};

// __ocmlpriv_sincospired_f32.
template <config C>
BITEXACT_INLINE sincospi_pair sincospi_kernel(float r) {
  using namespace amdgcn;
  constexpr bool ftz = C.daz;
  constexpr bool fused = fmuladd_fused(C);
  const float r2 = mul<ftz>(r, r);
  float ps = fmuladd<ftz, fused>(r2, sinpi_s3, sinpi_s2);
  ps = fmuladd<ftz, fused>(r2, ps, sinpi_s1);
  ps = fmuladd<ftz, fused>(r2, ps, sinpi_s0);
  const float s = fmuladd<ftz, fused>(r, sinpi_pi, mul<ftz>(mul<ftz>(r2, r), ps));
  float pc = fmuladd<ftz, fused>(r2, cospi_c4, cospi_c3);
  pc = fmuladd<ftz, fused>(r2, pc, cospi_c2);
  pc = fmuladd<ftz, fused>(r2, pc, cospi_c1);
  pc = fmuladd<ftz, fused>(r2, pc, cospi_c0);
  const float c = fmuladd<ftz, fused>(r2, pc, 1.0f);
  return {s, c};
}

}  // namespace bitexact::ocml::detail
