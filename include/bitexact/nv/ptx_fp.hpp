// bitexact/nv/ptx_fp.hpp — bit-level models of the PTX floating-point
// instructions that libdevice's fmodf, fmod, ceilf and ceil execute on sm_90.
//
// Every model is written with integer operations and exact binary64
// arithmetic only, never with native binary32 arithmetic or conversions:
// a native `a * b` on floats becomes `mul.ftz.f32` when the including CUDA
// file is built with `nvcc -ftz=true`, and `(double)f` becomes
// `cvt.ftz.f64.f32`, which would silently change the IEEE models on a device.
// binary64 has no FTZ mode in PTX, and the binary64 operations used here are
// exact or are immediately corrected (TwoSum), so they give the same bits on
// any IEEE host and on the GPU, with or without contraction.
//
// PTX facts modelled (PTX ISA 9.0, sm_90):
//  * .f32 operations that return a NaN return the canonical NaN 0x7fffffff.
//  * `.ftz` flushes subnormal inputs and subnormal results to a zero of the
//    same sign. Whether a result is subnormal is decided after rounding here;
//    every result that reaches an FTZ flush in fmodf is exact, so the two
//    conventions cannot be told apart by these functions.
//  * .f64 NaN results propagate the payload of an input NaN, quieted (see
//    add_rn_f64_nan and cvt_rpi_f64; measured on the H100).
#pragma once

#include <cstdint>

#include "bitexact/bits.hpp"

namespace bitexact::nv::ptx {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// PTX: the one NaN any .f32 arithmetic instruction returns.
inline constexpr u32 f32_canonical_nan = 0x7fffffffu;

enum class round_mode { rn, rz };

BITEXACT_INLINE constexpr u32 bits_of(float x) { return bit_cast<u32>(x); }
BITEXACT_INLINE constexpr u64 bits_of(double x) { return bit_cast<u64>(x); }
BITEXACT_INLINE constexpr float f32_from(u32 b) { return bit_cast<float>(b); }
BITEXACT_INLINE constexpr double f64_from(u64 b) { return bit_cast<double>(b); }

BITEXACT_INLINE constexpr bool is_nan(float x) { return (bits_of(x) & 0x7fffffffu) > 0x7f800000u; }
BITEXACT_INLINE constexpr bool is_nan(double x) {
  return (bits_of(x) & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}
BITEXACT_INLINE constexpr bool is_finite(float x) { return (bits_of(x) & 0x7f800000u) != 0x7f800000u; }

// Input flush of a `.ftz` instruction (and the output flush, see round_to_f32).
BITEXACT_INLINE constexpr float daz(float x, bool ftz) { return ftz ? flush_subnormal(x) : x; }

// Exact binary32 -> binary64 widening, by bit manipulation (see the header note).
BITEXACT_INLINE constexpr double widen(float x) {
  const u32 b = bits_of(x);
  const u64 sign = u64(b >> 31) << 63;
  int e = int((b >> 23) & 0xffu);
  u64 m = b & 0x7fffffu;
  if (e == 0xff) return f64_from(sign | 0x7ff0000000000000ull | (m << 29));
  if (e == 0) {
    if (m == 0) return f64_from(sign);
    e = 1;  // subnormal: value m * 2^-149; normalise the significand
    while ((m & 0x800000u) == 0) {
      m <<= 1;
      --e;
    }
    m &= 0x7fffffu;
  }
  return f64_from(sign | (u64(e - 127 + 1023) << 52) | (m << 29));
}

// Round the exact real  hi + dir * eps  to binary32, where hi is a binary64
// number and eps an infinitesimal (smaller than any binary64 ulp of hi):
// dir is the sign of what remains after hi (0: hi is exact). This is how an
// exact product, sum or quotient computed in binary64 (plus its error term)
// becomes a correctly rounded binary32 result with one rounding only.
BITEXACT_INLINE constexpr float round_to_f32(double hi, int dir, round_mode mode, bool ftz) {
  const u64 b = bits_of(hi);
  const u32 sign = u32(b >> 32) & 0x80000000u;
  const int e = int((b >> 52) & 0x7ffu);
  const u64 frac = b & 0x000fffffffffffffull;
  if (e == 0x7ff) return f32_from(frac ? f32_canonical_nan : (sign | 0x7f800000u));
  if (e == 0 && frac == 0) return f32_from(sign);  // exact zero keeps its sign
  const int dmag = sign ? -dir : dir;  // residual direction in magnitude terms
  const int E = (e == 0 ? 1 : e) - 1023;  // unbiased exponent of hi's binade
  const u64 sig = e == 0 ? frac : (frac | (u64(1) << 52));
  if (E > 127)  // beyond the binary32 range, whatever the rounding
    return f32_from(sign | (mode == round_mode::rn ? 0x7f800000u : 0x7f7fffffu));
  // Quantum of the binary32 result: 2^(E-23) for normals, 2^-149 below 2^-126.
  const int qexp = E >= -126 ? E - 23 : -149;
  const int shift = qexp - (E - 52);  // low bits of sig below the quantum (>= 29)
  u64 q = 0, rem = 1, half = 2;       // shift > 54: everything is far below half
  if (shift <= 54) {
    q = sig >> shift;
    rem = sig & ((u64(1) << shift) - 1);
    half = u64(1) << (shift - 1);
  }
  u64 mag;
  if (mode == round_mode::rn) {
    bool up;
    if (rem != half) up = rem > half;
    else up = dmag > 0 || (dmag == 0 && (q & 1));
    mag = q + (up ? 1 : 0);
  } else {
    mag = (rem == 0 && dmag < 0) ? q - 1 : q;
  }
  // Bits of a binary32 with biased exponent B and integer significand mag:
  // ((B - 1) << 23) + mag; the addition carries into the exponent by itself.
  const u32 base = u32((E >= -126 ? E + 126 : 0)) << 23;
  u32 r = base + u32(mag);
  if (ftz && r < 0x00800000u) r = 0;  // .ftz: subnormal results become zero
  return f32_from(sign | r);
}

// Error-free sum: s + err == a + b exactly (Knuth's TwoSum; no overflow here).
BITEXACT_INLINE constexpr double two_sum(double a, double b, double& err) {
  const double s = a + b;
  const double bb = s - a;
  err = (a - (s - bb)) + (b - bb);
  return s;
}
BITEXACT_INLINE constexpr int sign_of(double v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

// ---- comparisons (setp) --------------------------------------------------------
// setp.{lt,le,gt,ge}{.ftz}.f32 are false when either operand is NaN; the
// "u" forms (ltu, gtu, leu) are their negations' complements (true when unordered).
BITEXACT_INLINE constexpr bool setp_lt(float a, float b, bool ftz) {
  a = daz(a, ftz), b = daz(b, ftz);
  return !is_nan(a) && !is_nan(b) && ordered(a) < ordered(b);
}
BITEXACT_INLINE constexpr bool setp_le(float a, float b, bool ftz) {
  a = daz(a, ftz), b = daz(b, ftz);
  return !is_nan(a) && !is_nan(b) && ordered(a) <= ordered(b);
}
BITEXACT_INLINE constexpr bool setp_ge(float a, float b, bool ftz) { return setp_le(b, a, ftz); }
BITEXACT_INLINE constexpr bool setp_gtu(float a, float b, bool ftz) { return !setp_le(a, b, ftz); }
BITEXACT_INLINE constexpr bool setp_ltu(float a, float b, bool ftz) { return !setp_ge(a, b, ftz); }
BITEXACT_INLINE constexpr bool setp_leu(float a, float b, bool ftz) { return !setp_lt(b, a, ftz); }

// ---- abs, neg, copysign ----------------------------------------------------------
// abs/neg change the sign bit only (a NaN keeps its payload); .ftz flushes first.
BITEXACT_INLINE constexpr float abs_f32(float x, bool ftz) {
  return f32_from(bits_of(daz(x, ftz)) & 0x7fffffffu);
}
BITEXACT_INLINE constexpr float neg_f32(float x, bool ftz) {
  return f32_from(bits_of(daz(x, ftz)) ^ 0x80000000u);
}
// PTX `copysign.f32 d, a, b`: b's magnitude with a's sign (a bit operation).
BITEXACT_INLINE constexpr float copysign_f32(float sign_src, float mag_src) {
  return f32_from((bits_of(mag_src) & 0x7fffffffu) | (bits_of(sign_src) & 0x80000000u));
}

// ---- mul / add / fma ----------------------------------------------------------------
// mul.rn{.ftz}.f32: the binary64 product of two binary32 numbers is exact.
BITEXACT_INLINE float mul_f32(float a, float b, bool ftz) {
  a = daz(a, ftz), b = daz(b, ftz);
  const double p = bitexact::mul(widen(a), widen(b));  // exact (or inf / NaN for specials)
  return round_to_f32(p, 0, round_mode::rn, ftz);
}
// add.rn{.ftz}.f32
BITEXACT_INLINE constexpr float add_f32(float a, float b, bool ftz) {
  a = daz(a, ftz), b = daz(b, ftz);
  const double wa = widen(a), wb = widen(b);
  if (!is_finite(a) || !is_finite(b)) return round_to_f32(wa + wb, 0, round_mode::rn, ftz);
  double err = 0;
  const double s = two_sum(wa, wb, err);
  return round_to_f32(s, sign_of(err), round_mode::rn, ftz);
}
// fma.{rn,rz}{.ftz}.f32: a*b + c with a single rounding. The product is exact
// in binary64; TwoSum gives the sum as s + err exactly.
BITEXACT_INLINE float fma_f32(float a, float b, float c, round_mode mode, bool ftz) {
  a = daz(a, ftz), b = daz(b, ftz), c = daz(c, ftz);
  const double p = bitexact::mul(widen(a), widen(b));  // exact
  const double wc = widen(c);
  if (!is_finite(a) || !is_finite(b) || !is_finite(c))
    return round_to_f32(p + wc, 0, mode, ftz);  // inf or NaN: no rounding involved
  double err = 0;
  const double s = two_sum(p, wc, err);
  return round_to_f32(s, sign_of(err), mode, ftz);
}

// ---- round to integral (cvt.rzi / cvt.rpi .f32.f32 and .f64.f64) ----------------------
// Integer-valued rounding of binary32 by masking the fraction bits:
// toward zero (trunc) or toward +inf (ceil). NaN -> canonical NaN.
BITEXACT_INLINE constexpr float cvt_rzi_f32(float x, bool ftz) {
  x = daz(x, ftz);
  u32 b = bits_of(x);
  if (is_nan(x)) return f32_from(f32_canonical_nan);
  const int e = int((b >> 23) & 0xffu) - 127;
  if (e >= 23) return x;                           // integral already (and inf)
  if (e < 0) return f32_from(b & 0x80000000u);     // |x| < 1 -> signed zero
  const u32 frac_mask = (u32(1) << (23 - e)) - 1;  // bits below the units place
  return f32_from(b & ~frac_mask);
}
BITEXACT_INLINE constexpr float cvt_rpi_f32(float x, bool ftz) {
  x = daz(x, ftz);
  const u32 b = bits_of(x);
  if (is_nan(x)) return f32_from(f32_canonical_nan);
  const bool neg = (b & 0x80000000u) != 0;
  const int e = int((b >> 23) & 0xffu) - 127;
  if (e >= 23) return x;  // integral already (and inf)
  if ((b & 0x7fffffffu) == 0) return x;  // +-0
  if (e < 0) return f32_from(neg ? 0x80000000u : 0x3f800000u);  // (-1,0) -> -0, (0,1) -> 1
  const u32 frac_mask = (u32(1) << (23 - e)) - 1;
  if ((b & frac_mask) == 0) return x;
  // Negative: dropping the fraction moves toward +inf. Positive: round the
  // magnitude up; a carry out of the significand bumps the exponent correctly.
  return f32_from(neg ? (b & ~frac_mask) : ((b + frac_mask) & ~frac_mask));
}

// Quiet a binary64 NaN: set the quiet bit, keep sign and payload.
BITEXACT_INLINE constexpr double quiet_f64(double nan) {
  return f64_from(bits_of(nan) | 0x0008000000000000ull);
}

BITEXACT_INLINE constexpr double cvt_rpi_f64(double x) {
  const u64 b = bits_of(x);
  if (is_nan(x)) return quiet_f64(x);  // H100: the input NaN, quieted
  const bool neg = (b >> 63) != 0;
  const int e = int((b >> 52) & 0x7ffu) - 1023;
  if (e >= 52) return x;
  if ((b & 0x7fffffffffffffffull) == 0) return x;
  if (e < 0) return f64_from(neg ? 0x8000000000000000ull : 0x3ff0000000000000ull);
  const u64 frac_mask = (u64(1) << (52 - e)) - 1;
  if ((b & frac_mask) == 0) return x;
  return f64_from(neg ? (b & ~frac_mask) : ((b + frac_mask) & ~frac_mask));
}

// add.rn.f64 where at least one operand is NaN (the only use in __nv_fmod):
// the NaN operand, quieted; when both are NaN, the SECOND operand's. Measured
// on the H100 (vectors/nv/edge.txt: fmod(qNaN 0x7ff8..0, sNaN 0x7ff0..01) =
// 0x7ff8000000000001, fmod(0x7ff8..12345, -qNaN) = 0xfff8000000000000).
BITEXACT_INLINE constexpr double add_rn_f64_nan(double a, double b) {
  return quiet_f64(is_nan(b) ? b : a);
}

// ---- approximate reciprocal and division (MUFU.RCP) ------------------------------
// rcp.approx.ftz.f32. The SFU's exact table/interpolation is not public and
// cannot be measured without the device. Model: the correctly rounded 1/x
// with FTZ on input and output (PTX: max error 1 ulp; |x| > 2^126 gives 0).
// libdevice's fmodf only uses it as a seed that is refined and corrected
// until the quotient is exact; tests/nv_arith_test.cpp checks that fmodf's
// output does not change when this seed moves by +-1 ulp (rcp_perturb_ulps).
BITEXACT_INLINE float rcp_approx_ftz_f32(float x, int rcp_perturb_ulps = 0) {
  x = daz(x, true);
  const u32 b = bits_of(x);
  if (is_nan(x)) return f32_from(f32_canonical_nan);
  if ((b & 0x7fffffffu) == 0) return f32_from((b & 0x80000000u) | 0x7f800000u);  // 1/+-0
  if ((b & 0x7fffffffu) == 0x7f800000u) return f32_from(b & 0x80000000u);      // 1/+-inf
  const double w = widen(x);
  const double d = 1.0 / w;                          // binary64 quotient
  const double res = bitexact::fma(-w, d, 1.0);     // exact residual 1 - w*d = w * (1/w - d)
  const int dir = sign_of(res) * (w > 0 ? 1 : -1);  // sign of 1/w - d
  float r = round_to_f32(d, dir, round_mode::rn, true);
  if (rcp_perturb_ulps != 0 && (bits_of(r) & 0x7fffffffu) != 0 && is_finite(r))
    r = f32_from(bits_of(r) + u32(rcp_perturb_ulps));  // test hook: a different seed
  return r;
}

// div.approx{.ftz}.f32: PTX defines it as a * (1/b) with an approximate
// reciprocal (max error 2 ulp for |b| in [2^-126, 2^126]; 0 for larger |b|).
// For a subnormal divisor without .ftz the model scales both operands by 2^24
// before the reciprocal (the quotient is unchanged), so that the reciprocal
// is finite: an assumption, documented in docs/nv-arith.md, that only matters
// for fmodf with a subnormal y and x < 2^23 y.
BITEXACT_INLINE float div_approx_f32(float a, float b, bool ftz, int rcp_perturb_ulps = 0) {
  a = daz(a, ftz), b = daz(b, ftz);
  const u32 bm = bits_of(b) & 0x7fffffffu;
  if (!ftz && bm != 0 && bm < 0x00800000u) {
    const float two24 = f32_from(0x4b800000u);  // 2^24
    a = mul_f32(a, two24, false);
    b = mul_f32(b, two24, false);
  }
  return mul_f32(a, rcp_approx_ftz_f32(b, rcp_perturb_ulps), ftz);
}

}  // namespace bitexact::nv::ptx
