// bitexact/nv/trig_reduction.hpp — what CUDA 13.0 libdevice's __nv_sinf and
// __nv_cosf share: the argument reduction x = q*(pi/2) + r (Cody-Waite for
// |x| < 105615, Payne-Hanek above) and the evaluation of sin or cos of r by
// two minimax polynomials. Internal to bitexact/nv/sinf.hpp and cosf.hpp.
//
// Source of truth: libdevice.10.bc of CUDA 13.0 (__nv_sinf, __nv_cosf and the
// helpers inlined into them: __internal_trig_reduction_kernel,
// __internal_trig_reduction_slowpath, __internal_accurate_sinf/cosf).
// docs/nv-trig.md explains the algorithm; ptx.hpp the instruction model.
//
// On the host the f32 arithmetic here (and the one f64 -> f32 conversion) is
// the IEEE one (bitexact::mul / add / sub / fma: SSE or hardware fma), not the
// bit-level models of ptx.hpp: every operand of it is finite (NaN and Inf
// inputs leave through trig_large before any arithmetic), so no step can
// produce a NaN whose bits would matter, and the three places where .ftz can
// change a value are flushed explicitly (below). The bit-level models would
// give the same bits through a binary64 emulation of every step of the hot
// path.
//
// On an NVIDIA GPU (__CUDA_ARCH__) the f32 arithmetic is the PTX instructions
// of ptx.hpp (mul.rn, add.rn, fma.rn) in the .ftz form that M selects, as in
// libdevice's two builds: the translation unit's -ftz flag cannot change them
// (the __f*_rn intrinsics would follow it, and flush in an IEEE build), and the
// three flushes below are no-ops there (trig_flush), because each flushed
// value is the result of a .ftz instruction or an operand consumed only by
// .ftz instructions, which flush it themselves.
//
// The FTZ flavour. With __nvvm_reflect("__CUDA_FTZ") = 1 every f32 instruction
// of the function is the .ftz variant: subnormal operands and results are
// flushed to signed zeros (ptx.hpp). Flushing only changes something where a
// subnormal can actually occur, and there are three such places, where this
// file flushes explicitly (ptx::flush<M>):
//   1. the input x (a subnormal x must behave as +-0);
//   2. s = r*r, which underflows when |r| < 2^-63;
//   3. u = s*r (sin polynomial), which underflows when |r| < ~2^-42.
// Nowhere else can an operand or result be subnormal:
//  - Cody-Waite: for k != 0, |x| >= pi/4, so x and k*C1 are multiples of
//    2^-24 and so is x - k*C1; C2 and C3 are multiples of 2^-44 and 2^-71, so
//    the next two results are 0 or at least 2^-44 and 2^-71 in magnitude;
//    for k = 0 all three fmas return the (flushed) x itself.
//  - Payne-Hanek: r = 0 or |r| >= 2^-64 * pi/2.
//  - polynomial steps are dominated by their constant term (|p| > 2^-14),
//    z = fma(p, u, m) is within a factor 2 of m (r, normal, or 1), and the
//    final negation keeps |z|.
// So these three flushes are the complete .ftz model of the function (checked
// against the H100 on all 2^32 inputs, and against the vendor bitcode run on
// the CPU with a full per-instruction FTZ model; see docs/nv-trig.md).
//
// Builds (nv/build.hpp). The functions below take `auto C`: a build, or a
// mode (the interface of nv::sinf<mode> and of trig_batch.hpp), which names
// the nvcc build of that flush mode (trig_build). Of the whole computation
// only x * 2/pi is a plain IR operation (`fmul float %a, ...`); every other f32
// step is a libdevice intrinsic behind the FTZ reflect (__nv_fmaf_rn,
// __nv_fmul_rn, __nv_fabsf, __nv_float2int_rn) or exact (the Payne-Hanek
// fptrunc and sign flip, see there). So B.reflect is the flush mode of the
// function everywhere, and B.ops that of the one product:
//  * nvcc_ieee, nvcc_ftz: reflect == ops, exactly the mode forms above.
//  * triton3_6 (same IR for sinf and cosf in its libdevice file): reflect FTZ,
//    and Triton's PTX (triton-ptx/sin.ptx, cos.ptx) shows the product as an
//    IEEE `mul.f32` of the unflushed x, then `cvt.rni.ftz.s32.f32`, the
//    `fma.rn.ftz.f32` reduction, `abs.ftz.f32` + `setp.ltu.f32`, and the
//    .ftz kernel (no fmul + fadd pair for its LLVM to contract). The IEEE
//    product differs from the .ftz one only for a subnormal x, where both
//    round to k = 0; so every triton result is nv-ftz's.
//
// Every constant below appears once, in hex, with its origin. The float
// constants are written in NVVM IR as doubles ("float 0x3FE45F3060000000");
// they are exactly representable in f32, and are given here as f32 hex floats.
#pragma once

#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/config.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"

// The rare path (|x| >= 105615, Inf, NaN) is kept out of line on the host so
// that the common path stays small (not `cold`: that would optimise it for
// size); on the device nvcc decides.
#if BITEXACT_DEVICE_PASS || !defined(__GNUC__)
#define BITEXACT_NV_TRIG_COLD
#else
#define BITEXACT_NV_TRIG_COLD __attribute__((noinline))
#endif

namespace bitexact::nv::detail {

// ---- constants (libdevice.10.bc, CUDA 13.0, __nv_sinf / __nv_cosf) ------------

// 2/pi rounded to f32 (IR: fmul float %a, 0x3FE45F3060000000).
inline constexpr float trig_two_over_pi = 0x1.45f306p-1f;  // 0x3f22f983
// -pi/2 split in three f32 parts for the Cody-Waite fmas
// (IR: 0xBFF921FB40000000, 0xBE74442D00000000, 0xBCF84698A0000000).
inline constexpr float trig_minus_pio2_hi = -0x1.921fb4p+0f;    // 0xbfc90fda
inline constexpr float trig_minus_pio2_mid = -0x1.4442d0p-24f;  // 0xb3a22168
inline constexpr float trig_minus_pio2_lo = -0x1.84698ap-48f;   // 0xa7c234c5
// |x| >= this goes to the Payne-Hanek path (IR: fcmp oge float %abs, 1.056150e+05).
inline constexpr std::uint32_t trig_slow_threshold_bits = 0x47ce4780u;  // 105615.0f
// pi/2 * 2^-64 as a double, one ulp above the double nearest pi/2 * 2^-64
// (IR: fmul double %q, 0x3BF921FB54442D19).
inline constexpr double trig_pio2_scaled = 0x1.921fb54442d19p-64;

// sin(r) ~ r + r^3 * (S1 + s*(S2 + s*S3)), s = r*r  (__internal_accurate_sinf).
inline constexpr float trig_sin_s3 = -0x1.9a82a6p-13f;  // 0xb94d4153 (IR 0xBF29A82A60000000)
inline constexpr float trig_sin_s2 = 0x1.110bc8p-7f;    // 0x3c0885e4 (IR 0x3F8110BC80000000)
inline constexpr float trig_sin_s1 = -0x1.55555p-3f;    // 0xbe2aaaa8 (IR 0xBFC5555500000000)
// cos(r) ~ 1 + s * (C1 + s*(C2 + s*(C3 + s*C4))).
inline constexpr float trig_cos_c4 = 0x1.9758p-16f;     // 0x37cbac00 (IR 0x3EF9758000000000)
inline constexpr float trig_cos_c3 = -0x1.6c0fdap-10f;  // 0xbab607ed (IR 0xBF56C0FDA0000000)
inline constexpr float trig_cos_c2 = 0x1.555576p-5f;    // 0x3d2aaabb (IR 0x3FA5555760000000)
inline constexpr float trig_cos_c1 = -0x1.fffffep-2f;   // 0xbeffffff (IR 0xBFDFFFFFE0000000)

// The reduced argument: x = q * pi/2 + r, |r| <~ pi/4. Only q mod 4 matters.
struct trig_reduced {
  float r;
  std::int32_t q;
};

// The build a template argument of this file names: a build itself, or a
// mode, which stands for the nvcc build of that flush mode (the original
// interface: nv::sinf<mode::ftz> is nv::sinf<nvcc_ftz>).
BITEXACT_INLINE constexpr build trig_build(build b) { return b; }
BITEXACT_INLINE constexpr build trig_build(mode m) { return m == mode::ftz ? nvcc_ftz : nvcc_ieee; }

// ---- the f32 operations of this file --------------------------------------------
// Host (and AMD GPU): IEEE arithmetic (bitexact::mul / add / sub / fma) and
// explicit flushes. NVIDIA GPU: the instructions, .ftz chosen by M (top note).
template <mode M>
BITEXACT_INLINE float trig_mul(float a, float b) {
#if defined(__CUDA_ARCH__)
  return ptx::mul_rn_f32<M>(a, b);
#else
  return bitexact::mul(a, b);
#endif
}
template <mode M>
BITEXACT_INLINE float trig_add(float a, float b) {
#if defined(__CUDA_ARCH__)
  return ptx::add_rn_f32<M>(a, b);
#else
  return bitexact::add(a, b);
#endif
}
// a - b: on the device add.rn of -b (the same value for every finite operand;
// this file subtracts only constants).
template <mode M>
BITEXACT_INLINE float trig_sub(float a, float b) {
#if defined(__CUDA_ARCH__)
  return ptx::add_rn_f32<M>(a, -b);
#else
  return bitexact::sub(a, b);
#endif
}
template <mode M>
BITEXACT_INLINE float trig_fma(float a, float b, float c) {
#if defined(__CUDA_ARCH__)
  return ptx::fma_rn_f32<M>(a, b, c);
#else
  return bitexact::fma(a, b, c);
#endif
}
template <mode M>
BITEXACT_INLINE float trig_flush(float x) {
#if defined(__CUDA_ARCH__)
  return x;  // flushed by the .ftz instructions that produce or consume it
#else
  return ptx::flush<M>(x);
#endif
}

// ---- Cody-Waite reduction, |x| < 105615 --------------------------------------
//
// libdevice: k = f2i.rn(x * 2/pi); r = fma(k, -pio2_hi, x); r = fma(k, -pio2_mid, r);
// r = fma(k, -pio2_lo, r). The product x * 2/pi is a plain IR fmul (rounded to
// nearest; with -ftz=true it would flush a subnormal product, which changes
// nothing: such a product rounds to k = 0 either way).
//
// Here |x * 2/pi| < 67237 < 2^22, so (y + 1.5*2^23) - 1.5*2^23 is y rounded to
// an integer, ties to even: exactly f2i.rn(y), and already converted back to
// float as the IR's sitofp does (a zero comes out as +0 both ways). This
// replaces a float->int->float round trip on the host.
// `x` is the input as it is: the reflect's flush of the fmas' operand and the
// plain product's flush (B.ops) are done here (trig_flush; see the top of
// this file). The rounding of y to k follows f2i.rn{.ftz} (B.reflect); a y
// that one of them flushes rounds to k = 0 anyway.
inline constexpr float trig_rint_shift = 0x1.8p23f;  // 1.5 * 2^23: y + it rounds y to an integer
// k as an int, as PTX's f2i converts it: |k| < 2^17 on the Cody-Waite path's
// own domain, where the plain conversion is exact and cheapest; beyond 2^31 (a
// caller using this reduction outside it, as a port that has only this path
// does: tests/porting_test.cpp) a C++ conversion would be undefined behaviour
// (found by UBSan, tests/sanitize.cmake), so the cold branch takes PTX's own
// model, cvt.rzi.s32.f32 (saturating, NaN to 0; k is already an integer).
BITEXACT_INLINE std::int32_t trig_k_to_int(float kf) {
  if (kf >= -0x1p31f && kf < 0x1p31f) [[likely]]
    return std::int32_t(kf);
  return ptx::cvt_rzi_s32_f32<mode::ieee>(kf);
}
template <auto C>
BITEXACT_INLINE trig_reduced trig_reduce_cody_waite(float x_in) {
  constexpr mode M = trig_build(C).reflect, P = trig_build(C).ops;
#if !BITEXACT_DEVICE_PASS
  // A subnormal x that the reflect keeps: y rounds to k = +0 and each fma
  // gives x back (+0 * c is a zero, and a zero plus x is x), so {x, 0}
  // exactly, without host arithmetic on a subnormal, which a DAZ or FTZ mode
  // of the host (MXCSR, FPCR) would read or write as zero.
  if constexpr (M == mode::ieee)
    if (fp_bits<float>(x_in).is_subnormal()) [[unlikely]]
      return {x_in, 0};
#endif
  const float x = trig_flush<M>(x_in);
  const float y = trig_mul<P>(trig_flush<P>(x_in), trig_two_over_pi);
  const float kf = trig_sub<M>(trig_add<M>(y, trig_rint_shift), trig_rint_shift);
  float r = trig_fma<M>(kf, trig_minus_pio2_hi, x);
  r = trig_fma<M>(kf, trig_minus_pio2_mid, r);
  r = trig_fma<M>(kf, trig_minus_pio2_lo, r);
  return {r, trig_k_to_int(kf)};
}

// ---- Payne-Hanek reduction, finite |x| >= 105615 ------------------------------
//
// The 24-bit significand m (as a 32-bit word with the leading bit at bit 31)
// is multiplied by 192 bits of 2/pi, giving a 224-bit product in seven 32-bit
// words w[0..6]. The three words around the binary point of x * 2/pi, shifted
// by the exponent's low 5 bits, give 64 bits: 2 integer bits (q mod 4) and 62
// fraction bits f. When f >= 1/2 the result is taken relative to the next
// integer: q += 1 and f -> 1 - f (as a one's complement, i.e. minus 2^-64),
// with the sign flipped. r = f * pi/2 is formed in double and rounded to f32.

// 2/pi in fixed point, least significant word first: 2/pi = 0.A2F9836E...
// (libdevice.10.bc, CUDA 13.0: @__cudart_i2opi_f).
inline constexpr std::uint32_t trig_i2opi0 = 0x3c439041u, trig_i2opi1 = 0xdb629599u, trig_i2opi2 = 0xf534ddc0u,
                               trig_i2opi3 = 0xfc2757d1u, trig_i2opi4 = 0x4e441529u, trig_i2opi5 = 0xa2f9836eu;

BITEXACT_INLINE trig_reduced trig_reduce_payne_hanek(float x) {
  const std::uint32_t ix = bit_cast<std::uint32_t>(x);
  const std::uint32_t sign = ix & 0x80000000u;
  const std::uint32_t e = ((ix >> 23) & 0xffu) - 128u;  // 15 .. 126 here
  const std::uint32_t m = (ix << 8) | 0x80000000u;
  const std::uint32_t idx = 4u - (e >> 5);  // 1 .. 4

  // w = m * 2/pi, one mad.lo.cc.u32 / madc.hi.u32 pair per table word, the
  // high half carried into the next (written out: the loop of the bitcode,
  // unrolled).
  std::uint32_t w[7];
  std::uint64_t p = ptx::mad_wide_u32(trig_i2opi0, m, 0);
  w[0] = std::uint32_t(p);
  p = ptx::mad_wide_u32(trig_i2opi1, m, std::uint32_t(p >> 32));
  w[1] = std::uint32_t(p);
  p = ptx::mad_wide_u32(trig_i2opi2, m, std::uint32_t(p >> 32));
  w[2] = std::uint32_t(p);
  p = ptx::mad_wide_u32(trig_i2opi3, m, std::uint32_t(p >> 32));
  w[3] = std::uint32_t(p);
  p = ptx::mad_wide_u32(trig_i2opi4, m, std::uint32_t(p >> 32));
  w[4] = std::uint32_t(p);
  p = ptx::mad_wide_u32(trig_i2opi5, m, std::uint32_t(p >> 32));
  w[5] = std::uint32_t(p);
  w[6] = std::uint32_t(p >> 32);

  // The 64 bits starting at w[idx + 2] bit (31 - shift): IR computes
  //   hi = (w[idx+2] << sh) + (w[idx+1] >> (32-sh)), lo = (w[idx+1] << sh) + (w[idx] >> (32-sh))
  // when sh != 0 and hi = w[idx+2], lo = w[idx+1] when sh == 0; the 64-bit
  // shifts below give the same words for every sh in 0..31, without a branch.
  const std::uint32_t shift = e & 31u;
  const std::uint64_t top = (std::uint64_t(w[idx + 2]) << 32) | w[idx + 1];
  const std::uint64_t v = (top << shift) | (std::uint64_t(w[idx]) >> (32u - shift));
  // q = the two integer bits; f = the 62 fraction bits, left-aligned.
  std::uint32_t q = std::uint32_t(v >> 62);
  std::uint64_t f = v << 2;
  const std::uint32_t round_up = std::uint32_t(f >> 63);  // fraction >= 1/2
  q += round_up;
  const std::uint32_t sign_mask = 0u - (sign >> 31);  // all ones for x < 0
  q = (q ^ sign_mask) - sign_mask;                    // IR: q = -q when x < 0
  f ^= 0ull - round_up;                               // IR: hi = ~hi, lo = ~lo
  const std::uint32_t rsign = sign ^ (round_up << 31);
  // f < 2^63 now: sitofp i64 -> double, fmul double, fptrunc -> float.
  const double rd = ptx::mul_rn_f64(ptx::cvt_rn_f64_s64(std::int64_t(f)), trig_pio2_scaled);
  // The conversion is the IEEE one, like the f32 arithmetic (top of this
  // file): rd is finite and r never subnormal, so neither the NaN rule nor
  // .ftz of cvt.rn{.ftz}.f32.f64 can change it.
#if BITEXACT_DEVICE_PASS
  const float r0 = __double2float_rn(rd);
#else
  const float r0 = float(rd);
#endif
  // IR: r = fsub float -0.0, r when the sign is set: a sign flip (r is finite,
  // never subnormal: r >= 2^-64 * pi/2 or r = +0, which becomes -0).
  const float r = bit_cast<float>(bit_cast<std::uint32_t>(r0) ^ rsign);
  return {r, std::int32_t(q)};
}

// ---- polynomial evaluation -----------------------------------------------------
//
// Given x = q*pi/2 + r, returns sin(x) for quadrant q (cos(x) is this with
// q + 1), exactly as __internal_accurate_sinf / cosf evaluate it:
//   s = r*r
//   even q (sin polynomial): m = r, p = S3
//   odd q  (cos polynomial): m = 1, p = fma(C4, s, C3)
//   p = fma(p, s, {C2 | S2}); p = fma(p, s, {C1 | S1})
//   u = fma(s, m, 0); z = fma(p, u, m); if (q & 2) z = fma(z, -1, 0)
// r must be finite (NaN and Inf never get here), so no step can produce a NaN.
//
// To avoid data-dependent branches (q is random for random x), the quadrant
// choices are made with table lookups and three extra fmas that are exact
// identities, so the bits are those of the libdevice sequence:
//   p0 = fma(0, s, S3)   == S3         (0 * s = +0 exactly, S3 + 0 = S3)
//   m  = fma(r, 1, -0)   == r          (r + (-0) = r, also for r = -0 and,
//                                       with .ftz, r is never subnormal)
//   m  = fma(r, 0, 1)    == 1
//   z  = fma(z, 1, -0)   == z          (when q & 2 is clear)
// On the device the choices are plain selects (trig_poly_selects; the unit
// tests check on the host that both forms give the same bits).
struct trig_poly_parity {
  float p0_mul, p0_add, c_mid, c_last;  // p0 = fma(p0_mul, s, p0_add), then c_mid, c_last
  float m_mul, m_add;                   // m = fma(r, m_mul, m_add)
};
inline constexpr trig_poly_parity trig_poly_table[2] = {
    {0.0f, trig_sin_s3, trig_sin_s2, trig_sin_s1, 1.0f, -0.0f},         // even q: sin
    {trig_cos_c4, trig_cos_c3, trig_cos_c2, trig_cos_c1, 0.0f, 1.0f}};  // odd q: cos

struct trig_poly_sign {
  float mul, add;  // z = fma(z, mul, add)
};
inline constexpr trig_poly_sign trig_poly_sign_table[2] = {{1.0f, -0.0f},   // q & 2 clear: z
                                                           {-1.0f, 0.0f}};  // set: fma(z, -1, 0)

// The libdevice sequence written with selects (used on the device, where
// selects are cheap and tables would live in memory).
template <auto C>
BITEXACT_INLINE float trig_poly_selects(float r, std::int32_t q) {
  constexpr mode M = trig_build(C).reflect;
  const float s = trig_flush<M>(trig_mul<M>(r, r));  // .ftz: may underflow
  const bool odd = (q & 1) != 0;
  const float m = odd ? 1.0f : r;
  float p = odd ? trig_fma<M>(trig_cos_c4, s, trig_cos_c3) : trig_sin_s3;
  p = trig_fma<M>(p, s, odd ? trig_cos_c2 : trig_sin_s2);
  p = trig_fma<M>(p, s, odd ? trig_cos_c1 : trig_sin_s1);
  const float u = trig_flush<M>(trig_fma<M>(s, m, 0.0f));  // .ftz: may underflow
  const float z = trig_fma<M>(p, u, m);
  return (q & 2) != 0 ? trig_fma<M>(z, -1.0f, 0.0f) : z;
}

// The same bits without data-dependent branches (used on the host).
template <auto C>
BITEXACT_INLINE float trig_poly_tables(float r, std::int32_t q) {
  constexpr mode M = trig_build(C).reflect;
  const float s = ptx::flush<M>(bitexact::mul(r, r));  // .ftz: may underflow
  const trig_poly_parity& c = trig_poly_table[q & 1];
  const float m = bitexact::fma(r, c.m_mul, c.m_add);  // r or 1, exactly
  float p = bitexact::fma(c.p0_mul, s, c.p0_add);
  p = bitexact::fma(p, s, c.c_mid);
  p = bitexact::fma(p, s, c.c_last);
  const float u = ptx::flush<M>(bitexact::fma(s, m, 0.0f));  // .ftz: may underflow
  const float z = bitexact::fma(p, u, m);
  // q & 2: fma(z, -1, 0) as libdevice; otherwise fma(z, 1, -0) == z.
  const trig_poly_sign& g = trig_poly_sign_table[(q >> 1) & 1];
  return bitexact::fma(z, g.mul, g.add);
}

template <auto C>
BITEXACT_INLINE float trig_poly(float r, std::int32_t q) {
  // __AMDGPU__: plain C++ for amdgcn (device/replace_ocml_nv.cpp) is device
  // code too; the tables would be global memory there.
#if BITEXACT_DEVICE_PASS || defined(__AMDGPU__)
  return trig_poly_selects<trig_build(C)>(r, q);
#else
  return trig_poly_tables<trig_build(C)>(r, q);
#endif
}

// The whole function for |x| >= 105615, Inf and NaN; `quadrant_offset` is 0
// for sin and 1 for cos.
//  * NaN: libdevice sends it through the Cody-Waite path (the compare is
//    false); f2i.rn(NaN) = 0 and every later f32 op returns the canonical NaN.
//  * Inf: libdevice computes r = Inf * 0 (mul.rn) = canonical NaN, q = 0, and
//    the polynomial keeps it.
// Both end in 0x7fffffff: no sign flip happens on a NaN (q & 2 only negates
// with an fma, which returns the canonical NaN again).
template <auto C>
BITEXACT_INLINE float trig_large_body(float x, std::int32_t quadrant_offset) {
  if (!fp_bits<float>(x).is_finite()) return bit_cast<float>(ptx::canonical_nan_f32);
  const trig_reduced red = trig_reduce_payne_hanek(x);
  return trig_poly<trig_build(C)>(red.r, red.q + quadrant_offset);
}
// The out-of-line copy the scalar functions call (the span kernels of
// trig_batch.hpp inline trig_large_body into their own instruction set).
template <auto C>
BITEXACT_NV_TRIG_COLD BITEXACT_HD float trig_large(float x, std::int32_t quadrant_offset) {
  return trig_large_body<trig_build(C)>(x, quadrant_offset);
}

// The Cody-Waite path, |x| < 105615 (not Inf or NaN).
template <auto C>
BITEXACT_INLINE float trig_fast(float x, std::int32_t quadrant_offset) {
#if !BITEXACT_DEVICE_PASS
  // A subnormal x that the reflect keeps: the reduction gives {x, 0} (above)
  // and the polynomial x for sin (s = x * x rounds to +0, so z = m = x) and 1
  // for cos, exactly; taken here without host arithmetic on a subnormal,
  // which a DAZ or FTZ mode of the host would read or write as zero.
  if constexpr (trig_build(C).reflect == mode::ieee)
    if (fp_bits<float>(x).is_subnormal()) [[unlikely]]
      return quadrant_offset == 0 ? x : 1.0f;
#endif
  const trig_reduced red = trig_reduce_cody_waite<trig_build(C)>(x);
  return trig_poly<trig_build(C)>(red.r, red.q + quadrant_offset);
}

BITEXACT_INLINE bool trig_is_fast(float x) {
  return (bit_cast<std::uint32_t>(x) & 0x7fffffffu) < trig_slow_threshold_bits;
}

// The whole reduction x = q pi/2 + r as __nv_tanf reaches its kernel:
// Cody-Waite below 105615, Payne-Hanek above, and for NaN and Inf what the
// IR computes, r = NaN and q = 0 (a NaN takes the Cody-Waite path, where
// f2i.rn gives 0 and every op the canonical NaN; an Inf gives r = Inf * 0),
// so every later op returns the canonical NaN.
template <auto C>
BITEXACT_INLINE trig_reduced trig_reduce(float x) {
  if (trig_is_fast(x)) [[likely]]
    return trig_reduce_cody_waite<trig_build(C)>(x);
  if (!fp_bits<float>(x).is_finite()) return {bit_cast<float>(ptx::canonical_nan_f32), 0};
  return trig_reduce_payne_hanek(x);
}
// The same on the lane type of ptx_lanes-inl.hpp: the vector Cody-Waite and
// Payne-Hanek of the span kernels (trig_reduce_lanes, nv_span-inl.hpp, found
// by argument-dependent lookup in the lane type's namespace).
template <auto C, ptx::lanes F>
BITEXACT_INLINE auto trig_reduce(F x) {
  return trig_reduce_lanes<trig_build(C)>(x);
}

template <auto C>
BITEXACT_INLINE float trig_eval_here(float x, std::int32_t quadrant_offset) {
  if (trig_is_fast(x)) [[likely]]
    return trig_fast<trig_build(C)>(x, quadrant_offset);
  return trig_large<trig_build(C)>(x, quadrant_offset);
}

#if BITEXACT_X86_DISPATCH && !defined(__FMA__)
// A build without -mfma (x86-64's default) would turn each of the ten fmas of
// the fast path into a call of libm's fmaf. This copy of the function is
// compiled for the FMA instruction set (the inlined bitexact::fma becomes one
// vfmadd) and is chosen at run time on CPUs that have it: one call per sinf
// instead of ten. Same bits: both fmas are correctly rounded, and the
// contraction-proof mul() keeps every other operation as it is.
// The rare path gets its own FMA copy, out of line like trig_large.
template <auto C>
BITEXACT_TARGET_FMA __attribute__((noinline)) float trig_large_fma(float x, std::int32_t quadrant_offset) {
  return trig_large_body<trig_build(C)>(x, quadrant_offset);
}
template <auto C>
BITEXACT_TARGET_FMA float trig_eval_fma(float x, std::int32_t quadrant_offset) {
  if (trig_is_fast(x)) [[likely]]
    return trig_fast<trig_build(C)>(x, quadrant_offset);
  return trig_large_fma<trig_build(C)>(x, quadrant_offset);
}
#endif

// sin (quadrant_offset 0) or cos (1) of x: the complete __nv_sinf / __nv_cosf.
template <auto C>
BITEXACT_INLINE float trig_eval(float x, std::int32_t quadrant_offset) {
#if BITEXACT_X86_DISPATCH && !defined(__FMA__)
  if (dispatch::host_level() != dispatch::level::baseline) return trig_eval_fma<trig_build(C)>(x, quadrant_offset);
#endif
  return trig_eval_here<trig_build(C)>(x, quadrant_offset);
}

}  // namespace bitexact::nv::detail
