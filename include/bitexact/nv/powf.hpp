// bitexact/nv/powf.hpp — libdevice __nv_powf (what `powf` and Triton's
// libdevice.pow call on sm_90), bit for bit, in the three builds of
// nv/build.hpp:
//
//   bitexact::nv::powf(x, y)          nvcc -ftz=false (CUDA 13.0 libdevice)
//   bitexact::nv::powf_ftz(x, y)      nvcc -ftz=true  (CUDA 13.0 libdevice)
//   bitexact::nv::powf_triton(x, y)   Triton 3.6 (its own, older libdevice)
//   bitexact::nv::powf<B>(x, y)       the same, chosen by a build
//
// Sources: the IR of __nv_powf in CUDA 13.0's libdevice.10.bc and in Triton
// 3.6's bundled libdevice.10.bc (llvm-dis text); the PTX nvcc 13.0 makes of a
// kernel calling powf (-arch=sm_90 -O3, -ftz=false and -ftz=true), the PTX
// Triton 3.6 made for a kernel calling libdevice.pow, and the SASS of all
// three (cuobjdump, ptxas of CUDA 13.0): ptxas fuses no mul/add pair of these
// kernels, so the PTX instructions are what runs. The code below follows the
// PTX instruction by instruction; comments give the PTX/IR names.
//
// The two files' __nv_powf are two different algorithms:
//
// CUDA 13.0 (nvcc builds): pow = 2^(y log2|x|).
//  * log2|x| as a double-float hi + lo (libdevice's __internal_log2_ep):
//    |x| = m 2^e with m in [sqrt(2)/2, sqrt(2)) (the exponent split at the
//    bits of 0x3f3504f3); u = 2(m-1)/(m+1) through rcp.approx.ftz, a tail
//    correction of u from the division's residual, log2(m) = u/ln2 + ... with
//    an odd polynomial in u (4 coefficients) and log2(e) split in two (hi
//    0x3fb8aa3b, lo 0x32a55e34); e is added as the exact float e. The IEEE
//    build first scales a subnormal |x| by 2^24 (and e by -24); the FTZ build
//    reads a subnormal |x| as +0 (then e = -127, m = 1: never used, since x =
//    0 is a special case there).
//  * y log2|x| as hi + lo (mul.rn and two fma.rn): P and Pl.
//  * 2^(P + Pl): n = rint(P), f = (P - n) + Pl, 2^f by a degree-6 polynomial
//    (fma.rn), then times 2^n as two multiplications by powers of two (the
//    first 2^127 or 2^-123, so that n down to -149 gives IEEE subnormals and
//    n up to 128 overflows to inf in the second). |P| > 152 gives +inf (P > 0)
//    or +0 (P < 0) directly.
//  * Special cases, in this order (C99 Annex F order; every comparison is the
//    build's plain setp, so in the FTZ build subnormal operands count as 0):
//      x == 1 or y == 0                      -> 1 (even for NaN y / NaN x)
//      x or y NaN                            -> x + y (the canonical NaN)
//      x == 0 or |x| == inf                  -> bits of x + x, exponent field
//                                               flipped (xor 0x7f800000) when
//                                               y < 0, sign cleared unless y
//                                               is an odd integer
//      x == -1 and |y| == inf                -> 1
//      x < 0: y not an integer (floor(y) != y) -> NaN 0x7fffffff; y odd -> -r
//    "y odd" is |y - 2 trunc(y/2)| == 1.
//
// Triton 3.6's file: pow = e^(y ln|x|).
//  * ln|x| as hi + lo (libdevice's older __internal_log_ep): m from the
//    significand bits of |x| (abs.ftz: a subnormal x reads as m = 1, e = -127),
//    halved when m > sqrt(2); u = 2(m-1)/(m+1), a polynomial in u^2 (3
//    coefficients), e ln2 as hi 0x3f317200 + lo 0x35bfbe8e, summed with
//    Fast2Sum steps. Triton's LLVM contracted two fmul/fsub and fmul/fadd
//    pairs of the IR into fma.rn.f32 (c1 and s/t114 below): the PTX decides.
//  * |y| > 1e34 (0x77f684df) is scaled by 2^-12 first, then y ln|x| as hi + lo
//    with fma.rn.ftz (and an fma(0, hi, lo) of the IR kept in the PTX).
//  * e^(hi + lo): if hi is 0x42b17218 (just above ln(FLT_MAX)) it becomes
//    0x42b17217 and lo gains 2^-17; then expf's kernel: j = trunc(hi log2e)
//    (clamped to +-126), hi - j ln2 in two fma, ex2.approx.ftz of that times
//    log2e, times 2^j (IEEE mul: subnormal here), then, unless that is +inf,
//    r + r lo as one fma.rn.ftz, which flushes a subnormal result to +0.
//  * Special cases (different order and tests from CUDA 13.0's):
//      x == 0 (IEEE compare: a subnormal x is NOT zero) -> y odd ? x + x : +0,
//                                               exponent field set when y < 0
//      x < 0 otherwise: y odd -> -r; trunc(y) != y -> NaN 0x7fffffff
//      then, when |x|ftz + |y|ftz (IEEE add) is inf or NaN:
//        x or y NaN -> x + y; |y| == inf -> (|x| > 1 ? inf : 0), flipped
//        (xor inf) for y < 0, and 1 for x == -1; |x| == inf -> (y >= 0 ? inf
//        : 0), negated when x < 0 and y odd
//      x == 1 or y == 0 (IEEE compares: subnormal y is not zero) -> 1
//    Triton's own reflect (FTZ = 1) picks the .ftz intrinsics; its plain ops
//    are IEEE.
//
// Differences between the builds worth knowing (all from the IR/PTX):
//  * nv-ftz vs nv: every plain op and intrinsic flushes; a subnormal x is 0
//    (pow(subnormal, y) = 0 or inf, as for 0), a subnormal y is 0 (result 1),
//    subnormal results are +-0.
//  * triton vs nv-ftz: a different algorithm altogether, so results differ by
//    an ulp or so on ordinary inputs; pow(+-subnormal, y) is computed as
//    2^(-127 y) (abs.ftz reads the subnormal as 0, the a == 0 test does not)
//    with a sign from the "x < 0" rules; subnormal y is not zero (pow(x,
//    denorm) = e^(denorm ln x) ~ 1); results below 2^-126 flush to +0 (the
//    final fma.rn.ftz), except that the path |x| or |y| infinite gives exact
//    0/inf.
//
// Checked: tests/nv_powf_test.cpp (special cases against C99 Annex F and the
// IR, subnormal behaviour per build, error against MPFR: at most 1.6 ulp for
// the CUDA 13.0 builds, 18.4 ulp seen for Triton's, see the test). Before the
// lead's GPU truth run, the host model was compared with an H100's outputs
// (nvcc -ftz=false, -ftz=true, and Triton 3.6 libdevice.pow; helper run of
// issue 34) on 2,097,152 pairs: the 64 x 64 grid of special values, random
// bit patterns, results near overflow/underflow and in the subnormal range,
// negative x with integer y, x near 1 with large |y|, subnormal x: 0
// mismatches in each of the three builds.
#pragma once

#include <cstdint>

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {
namespace powf_detail {

using ptx::u32;
using ptx::f32_from;
using ptx::bits_of;

inline constexpr u32 one = 0x3f800000u;       // 1.0
inline constexpr u32 minus_one = 0xbf800000u; // -1.0
inline constexpr u32 half = 0x3f000000u;      // 0.5: y/2 of the parity test
inline constexpr u32 inf_bits = 0x7f800000u;  // +inf (0x7f800000 = 2139095040 in the IR)
inline constexpr u32 sign_bit = 0x80000000u;

// ---- CUDA 13.0 (nvcc) ------------------------------------------------------------
namespace cuda13 {
inline constexpr u32 two_m126 = 0x00800000u;     // 0x3810000000000000: smallest normal
inline constexpr u32 two_24 = 0x4b800000u;       // 0x4170000000000000: subnormal |x| scale
inline constexpr u32 minus_24 = 0xc1c00000u;     // fsub 0, 24: its exponent correction
inline constexpr u32 m_split = 0x3f3504f3u;      // 1060439283: ~sqrt(2)/2, the m range's start
inline constexpr u32 exp_field = 0xff800000u;    // -8388608: sign+exponent mask
inline constexpr u32 two_m23 = 0x34000000u;      // 0x3E80000000000000: e field -> e
inline constexpr u32 log2e_hi = 0x3fb8aa3bu;     // 0x3FF7154760000000
inline constexpr u32 log2e_lo = 0x32a55e34u;     // 0x3E54ABC680000000
inline constexpr u32 lc0 = 0x3a2c32e4u;          // 0x3F45865C80000000 (u^8 coefficient)
inline constexpr u32 lc1 = 0x3b52e7dbu;          // 0x3F6A5CFB60000000
inline constexpr u32 lc2 = 0x3c93bb73u;          // 0x3F92776E60000000
inline constexpr u32 lc3 = 0x3df6384fu;          // 0x3FBEC709E0000000
inline constexpr u32 three = 0x40400000u;        // 3.0
inline constexpr u32 ec0 = 0x391fcb8eu;          // 0x3F23F971C0000000 (2^f, f^6 coefficient)
inline constexpr u32 ec1 = 0x3aaf85edu;          // 0x3F55F0BDA0000000
inline constexpr u32 ec2 = 0x3c1d9856u;          // 0x3F83B30AC0000000
inline constexpr u32 ec3 = 0x3d6357bbu;          // 0x3FAC6AF760000000
inline constexpr u32 ec4 = 0x3e75fdecu;          // 0x3FCEBFBD80000000
inline constexpr u32 ec5 = 0x3f317218u;          // 0x3FE62E4300000000 (~ln 2)
inline constexpr u32 scale_pos = 0x7f000000u;    // 2130706432: 2^127
inline constexpr u32 scale_neg_k = 0x83000000u;  // -2097152000: 2^127 -> 2^-123 (n <= 0)
inline constexpr u32 p_limit = 0x43180000u;      // 152.0: beyond, 0 or inf outright

// The whole of CUDA 13.0's __nv_powf. R: the reflect's intrinsics (fma.rn,
// mul.rn, add.rn, fabs, floor); O: the plain IR ops (fadd, fmul, fcmp, fneg).
// For nvcc both are the same mode.
template <mode R, mode O, class F>
BITEXACT_INLINE F powf(F a, F b) {
  using namespace ptx;
  constexpr mode ieee = mode::ieee;
  // y odd: |y - 2 trunc(y/2)| == 1 (%1..%12). llvm.nvvm.trunc.f is
  // cvt.rzi.f32.f32 without .ftz in both builds.
  const F hb = cvt_rzi_f32_f32<ieee>(mul_rn_f32<O>(b, f32_from(half)));
  const F par = abs_f32<R>(sub_rn_f32<O>(b, add_rn_f32<O>(hb, hb)));
  const auto odd = setp_eq_f32<O>(par, f32_from(one));

  // ---- log2|x| = L + Ll (__internal_log2_ep) ----
  const F ax = abs_f32<R>(a);
  // The reflect's IEEE branch scales a subnormal |x| by 2^24 (and takes 24
  // from the exponent); the FTZ reflect's has no such step.
  const auto tiny = setp_lt_f32<O>(ax, f32_from(two_m126));
  const F mx = R == mode::ieee ? select(tiny, mul_rn_f32<O>(ax, f32_from(two_24)), ax) : ax;
  const auto e_bits = (bits_of(mx) - m_split) & exp_field;
  const F m = f32_from(bits_of(mx) - e_bits);
  const F ef = cvt_rn_f32_s32(to_s32(e_bits));
  const F E = R == mode::ieee ? fma_rn_f32<R>(ef, f32_from(two_m23), select(tiny, f32_from(minus_24), f32_from(0u)))
                              : fma_rn_f32<R>(ef, f32_from(two_m23), f32_from(0u));
  const F f = sub_rn_f32<O>(m, f32_from(one));
  const F r = rcp_approx_f32<mode::ftz>(add_rn_f32<O>(m, f32_from(one)));  // inline asm: .ftz always
  const F f2 = add_rn_f32<O>(f, f);                                        // fmul 2.0, f (exact either way)
  const F u = mul_rn_f32<O>(f2, r);
  const F u2 = mul_rn_f32<O>(u, u);
  const F d = sub_rn_f32<O>(f, u);
  const F c = fma_rn_f32<R>(neg_f32<O>(u), f, add_rn_f32<O>(d, d));
  const F ut = mul_rn_f32<R>(r, c);  // tail of u
  F p = fma_rn_f32<R>(f32_from(lc0), u2, f32_from(lc1));
  p = fma_rn_f32<R>(p, u2, f32_from(lc2));
  p = fma_rn_f32<R>(p, u2, f32_from(lc3));
  p = mul_rn_f32<R>(p, u2);
  const F hi = fma_rn_f32<R>(u, f32_from(log2e_hi), E);
  F t = sub_rn_f32<O>(E, hi);
  t = fma_rn_f32<R>(u, f32_from(log2e_hi), t);
  t = fma_rn_f32<R>(ut, f32_from(log2e_hi), t);
  t = fma_rn_f32<R>(u, f32_from(log2e_lo), t);
  t = fma_rn_f32<R>(mul_rn_f32<O>(f32_from(three), p), ut, t);
  const F lo = fma_rn_f32<R>(p, u, t);
  const F L = add_rn_f32<R>(hi, lo);
  const F Ll = add_rn_f32<R>(lo, neg_f32<O>(add_rn_f32<R>(L, neg_f32<O>(hi))));

  // ---- y log2|x| = P + Pl (__internal_fast2prod + fma) ----
  const F P = mul_rn_f32<R>(L, b);
  const F Pl = fma_rn_f32<R>(Ll, b, fma_rn_f32<R>(L, b, neg_f32<O>(P)));

  // ---- 2^(P + Pl) (__internal_powf_exp2) ----
  const F n = cvt_rni_f32_f32<ieee>(P);  // llvm.nvvm.round.f: cvt.rni, no .ftz in both
  const F fr = add_rn_f32<O>(Pl, sub_rn_f32<O>(P, n));
  F q = fma_rn_f32<R>(f32_from(ec0), fr, f32_from(ec1));
  q = fma_rn_f32<R>(q, fr, f32_from(ec2));
  q = fma_rn_f32<R>(q, fr, f32_from(ec3));
  q = fma_rn_f32<R>(q, fr, f32_from(ec4));
  q = fma_rn_f32<R>(q, fr, f32_from(ec5));
  q = fma_rn_f32<R>(q, fr, f32_from(one));
  const auto ni = to_u32(cvt_rzi_s32_f32<O>(n));  // fptosi
  const auto k = select(setp_gt_f32<O>(n, f32_from(0u)), 0u, scale_neg_k);
  const F s1 = f32_from(scale_pos + k);
  const F s2 = f32_from((ni << 23) - k);
  F res = mul_rn_f32<O>(mul_rn_f32<O>(q, s1), s2);
  res = select(setp_gt_f32<O>(abs_f32<R>(P), f32_from(p_limit)),
               select(setp_lt_f32<O>(P, f32_from(0u)), f32_from(0u), f32_from(inf_bits)), res);

  // ---- special cases (__internal_powf_special_cases), from the last to the
  // first (the IR returns at the first that holds) ----
  res = select(
      setp_lt_f32<O>(a, f32_from(0u)),
      select(setp_neu_f32<O>(b, cvt_rmi_f32_f32<R>(b)), f32_from(canonical_nan_f32), select(odd, neg_f32<O>(res), res)),
      res);
  const auto x_minus_one = setp_eq_f32<O>(a, f32_from(minus_one));
  const auto y_inf = setp_eq_f32<O>(abs_f32<R>(b), f32_from(inf_bits));
  res = select(x_minus_one & y_inf, f32_from(one), res);
  auto ti = bits_of(add_rn_f32<O>(a, a));
  ti = select(setp_lt_f32<O>(b, f32_from(0u)), ti ^ inf_bits, ti);
  ti = select(odd, ti, ti & 0x7fffffffu);
  const auto x_zero = setp_eq_f32<O>(a, f32_from(0u)), x_inf = setp_eq_f32<O>(ax, f32_from(inf_bits));
  res = select(x_zero | x_inf, f32_from(ti), res);
  // isnan: !(|v| <= inf), |v| by the reflect's fabs.
  const auto x_nan = setp_gtu_f32<O>(ax, f32_from(inf_bits)),
             y_nan = setp_gtu_f32<O>(abs_f32<R>(b), f32_from(inf_bits));
  res = select(x_nan | y_nan, add_rn_f32<R>(a, b), res);
  const auto x_one = setp_eq_f32<O>(a, f32_from(one)), y_zero = setp_eq_f32<O>(b, f32_from(0u));
  return select(x_one | y_zero, f32_from(one), res);
}
}  // namespace cuda13

// ---- Triton 3.6's libdevice -----------------------------------------------------------
namespace triton36 {
inline constexpr u32 mant_field = 0x007fffffu;  // 8388607
inline constexpr u32 minus_127 = 0xc2fe0000u;   // -127.0: the exponent bias (expo's start)
inline constexpr u32 sqrt2 = 0x3fb504f3u;       // 0x3FF6A09E60000000: m above it is halved
inline constexpr u32 lc0 = 0x3b18f0feu;         // 0x3F631E1FC0000000 (u^6 coefficient)
inline constexpr u32 lc1 = 0x3c4caf63u;         // 0x3F8995EC60000000
inline constexpr u32 lc2 = 0x3daaaabdu;         // 0x3FB55557A0000000 (~1/12)
inline constexpr u32 ln2_hi = 0x3f317200u;      // 0x3FE62E4000000000
inline constexpr u32 ln2_lo = 0x35bfbe8eu;      // 0x3EB7F7D1C0000000
inline constexpr u32 y_big = 0x77f684dfu;       // 0x46FED09BE0000000 (1e34): larger |y| scaled
inline constexpr u32 two_m12 = 0x39000000u;     // 0x3F20000000000000
inline constexpr u32 ln_max = 0x42b17218u;      // 1118925336: hi that is moved down one ulp
inline constexpr u32 ln_max_dn = 0x42b17217u;
inline constexpr u32 two_m17 = 0x37000000u;     // 922746880: what lo gains then
inline constexpr u32 log2e = 0x3fb8aa3bu;       // 1069066811
inline constexpr u32 ln2_a = 0x3f317218u;       // 1060205080 (negated in the fma)
inline constexpr u32 ln2_b = 0x3102e308u;       // -(-1325210872 = 0xb102e308)
inline constexpr u32 j_max = 0x42fc0000u;       // 126.0
inline constexpr u32 exp_bias = 0x4b40007fu;    // 12582912 + 127: 2^j by a shift

// Triton's __nv_powf as in its PTX (reflect FTZ = 1: the intrinsics are .ftz;
// plain ops IEEE).
template <class F>
BITEXACT_INLINE F powf(F a, F b) {
  using namespace ptx;
  constexpr mode ftz = mode::ftz, ieee = mode::ieee;
  // y odd (%r2, %p16): fma.rn.f32 (t, -2, y) is LLVM's contraction of y - 2t.
  const F hb = cvt_rzi_f32_f32<ieee>(mul_rn_f32<ieee>(b, f32_from(half)));
  const F par = abs_f32<ftz>(fma_rn_f32<ieee>(hb, f32_from(0xc0000000u), b));
  const auto odd = setp_eq_f32<ieee>(par, f32_from(one));

  // ---- ln|x| = LH + LL (__internal_log_ep) ----
  const F ax = abs_f32<ftz>(a);  // %r3
  const F m0 = f32_from((bits_of(ax) & mant_field) | one);
  const F e0 = add_rn_f32<ieee>(cvt_rn_f32_u32(bits_of(ax) >> 23), f32_from(minus_127));
  const auto above = setp_gt_f32<ieee>(m0, f32_from(sqrt2));
  const F m = select(above, mul_rn_f32<ieee>(m0, f32_from(half)), m0);
  const F e = select(above, add_rn_f32<ieee>(e0, f32_from(one)), e0);
  const F f = add_rn_f32<ieee>(m, f32_from(minus_one));
  const F r = rcp_approx_f32<ftz>(add_rn_f32<ieee>(m, f32_from(one)));
  const F f2 = add_rn_f32<ieee>(f, f);
  const F u = mul_rn_f32<ieee>(r, f2);
  const F u2 = mul_rn_f32<ieee>(u, u);
  F p = fma_rn_f32<ftz>(f32_from(lc0), u2, f32_from(lc1));
  p = fma_rn_f32<ftz>(p, u2, f32_from(lc2));
  p = mul_rn_f32<ftz>(p, u2);
  p = mul_rn_f32<ftz>(p, u);                               // %r105
  const F c1 = fma_rn_f32<ieee>(neg_f32<ieee>(r), f2, f);  // f - u, contracted
  const F c3 = fma_rn_f32<ftz>(neg_f32<ieee>(u), f, add_rn_f32<ieee>(c1, c1));
  const F tl = mul_rn_f32<ftz>(r, c3);                       // %r111
  const F s = fma_rn_f32<ieee>(r, f2, p);                    // u + p, contracted
  const F t114 = fma_rn_f32<ieee>(r, f2, neg_f32<ieee>(s));  // u - s, contracted
  const F t116 = add_rn_f32<ieee>(tl, add_rn_f32<ieee>(p, t114));
  const F hL = add_rn_f32<ieee>(s, t116);
  const F lL = add_rn_f32<ieee>(t116, sub_rn_f32<ieee>(s, hL));
  const F e1 = mul_rn_f32<ftz>(e, f32_from(ln2_hi));
  const F e2 = mul_rn_f32<ftz>(e, f32_from(ln2_lo));
  const F a124 = add_rn_f32<ieee>(e1, hL);
  const F a126 = add_rn_f32<ieee>(hL, sub_rn_f32<ieee>(e1, a124));
  const F a128 = add_rn_f32<ieee>(e2, add_rn_f32<ieee>(lL, a126));
  const F LH = add_rn_f32<ieee>(a124, a128);
  const F LL = add_rn_f32<ieee>(a128, sub_rn_f32<ieee>(a124, LH));

  // ---- y ln|x| = S + lo (__internal_dsmul) ----
  const F ab = abs_f32<ftz>(b);  // %r4
  const F bb = select(setp_gt_f32<ieee>(ab, f32_from(y_big)), mul_rn_f32<ieee>(b, f32_from(two_m12)), b);
  const F P = mul_rn_f32<ftz>(bb, LH);  // %r5
  F q = fma_rn_f32<ftz>(bb, LH, neg_f32<ieee>(P));
  q = fma_rn_f32<ftz>(bb, LL, q);
  q = fma_rn_f32<ftz>(f32_from(0u), LH, q);  // %r6
  const F S = add_rn_f32<ftz>(P, q);         // %r7
  const auto at_max = bits_of(S) == ln_max;
  const F x = select(at_max, f32_from(ln_max_dn), S);

  // ---- e^x (__internal_expf_kernel), then r + r lo ----
  F j = cvt_rzi_f32_f32<ieee>(mul_rn_f32<ftz>(x, f32_from(log2e)));
  j = select(setp_gt_f32<ieee>(abs_f32<ftz>(j), f32_from(j_max)), copysign_f32(j, f32_from(j_max)), j);
  F z = fma_rn_f32<ftz>(j, f32_from(ln2_a | sign_bit), x);
  z = fma_rn_f32<ftz>(j, f32_from(ln2_b), z);
  z = mul_rn_f32<ieee>(z, f32_from(log2e));
  const F sc = f32_from(bits_of(add_rn_f32<ieee>(j, f32_from(exp_bias))) << 23);
  const F r8 = mul_rn_f32<ieee>(ex2_approx_f32<ftz>(z), sc);
  F lo = add_rn_f32<ftz>(add_rn_f32<ftz>(P, neg_f32<ieee>(S)), q);
  lo = select(at_max, add_rn_f32<ieee>(lo, f32_from(two_m17)), lo);
  const F t = select(setp_eq_f32<ieee>(r8, f32_from(inf_bits)), f32_from(inf_bits), fma_rn_f32<ftz>(r8, lo, r8));

  // ---- corner cases (__internal_powf_corner_cases) ----
  const auto xneg = setp_lt_f32<ieee>(a, f32_from(0u));
  const auto neg_odd = xneg & odd;
  // x == +-0 (a subnormal x is not): +-0 or +-inf by y's sign and parity.
  auto zi = select(odd, bits_of(add_rn_f32<ieee>(a, a)), 0u);
  zi = select(setp_lt_f32<ieee>(b, f32_from(0u)), zi | inf_bits, zi);
  const F t1 = select(neg_odd, neg_f32<ieee>(t), t);
  const F t2 = select(setp_neu_f32<ieee>(cvt_rzi_f32_f32<ieee>(b), b), f32_from(canonical_nan_f32), t1);
  F res = select(setp_neu_f32<ieee>(a, f32_from(0u)), select(xneg, t2, t1), f32_from(zi));
  // ---- infinite cases (__internal_powf_infinite_cases): |x| + |y| >= inf
  // as signed integers (a NaN sum with the sign bit set is not) ----
  const auto sum_bits = bits_of(add_rn_f32<ieee>(ax, ab));
  const auto infinite = ((sum_bits & sign_bit) == 0u) & (sum_bits >= inf_bits);
  auto yi = select(setp_gt_f32<ieee>(ax, f32_from(one)), inf_bits, 0u);
  yi = select(setp_lt_f32<ieee>(b, f32_from(0u)), yi ^ inf_bits, yi);
  const F y_inf = select(setp_eq_f32<ieee>(a, f32_from(minus_one)), f32_from(one), f32_from(yi));
  auto xi = select(setp_ge_f32<ieee>(b, f32_from(0u)), inf_bits, 0u);
  xi = select(neg_odd, xi | sign_bit, xi);
  F inf_res = select(setp_neu_f32<ieee>(ax, f32_from(inf_bits)), res, f32_from(xi));
  inf_res = select(setp_neu_f32<ieee>(ab, f32_from(inf_bits)), inf_res, y_inf);
  const auto x_nan = setp_nan_f32<ieee>(ax, ax), y_nan = setp_nan_f32<ieee>(ab, ab);
  inf_res = select(x_nan | y_nan, add_rn_f32<ieee>(a, b), inf_res);
  res = select(infinite, inf_res, res);
  const auto x_one = setp_eq_f32<ieee>(a, f32_from(one)), y_zero = setp_eq_f32<ieee>(b, f32_from(0u));
  return select(x_one | y_zero, f32_from(one), res);
}
}  // namespace triton36
}  // namespace powf_detail

// Triton's file is modelled from Triton's PTX: with the FTZ reflect and IEEE
// plain ops only (and either __CUDA_PREC_SQRT, which neither model reads;
// CUDA 13.0's __nv_powf does not reflect on it). Its other builds are not
// modelled: `bitexact causes` skips them.
template <>
constexpr bool models_build<Fn::powf>(const build& b) {
  return b.file != libdevice_file::triton3_6 || (b.reflect == mode::ftz && b.ops == mode::ieee);
}

// Written against the lane forms (ptx.hpp): the span forms run this source on
// SIMD lanes. The IR's branches and early returns are selects here: both
// sides are computed (on a float, ops on NaNs and infinities, which nothing
// traps on), the same side is taken.
template <build B, class F = float>
BITEXACT_INLINE F powf(F x, F y) {
  if constexpr (B.file == libdevice_file::triton3_6) {
    static_assert(models_build<Fn::powf>(B), "Triton's powf is modelled from its PTX: FTZ reflect, IEEE plain ops");
    return powf_detail::triton36::powf(x, y);
  } else {
    return powf_detail::cuda13::powf<B.reflect, B.ops>(x, y);
  }
}

BITEXACT_NV_BUILD_FORMS_2(powf)

}  // namespace bitexact::nv
