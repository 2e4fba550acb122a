// bitexact/nv/fmodf.hpp — libdevice __nv_fmodf, bit for bit: CUDA 13.0 as nvcc
// builds it (nv::fmodf, fmodf_ftz) and Triton 3.6's (fmodf_triton).
//
// Source: /usr/local/cuda/nvvm/libdevice/libdevice.10.bc (CUDA 13.0),
// function __nv_fmodf, which nvcc (NVVM 7.0.1, -arch=sm_90) lowers to the PTX
// this file follows instruction by instruction. __nvvm_reflect("__CUDA_FTZ")
// picks the .ftz forms (nvcc -ftz=true); every plain f32 instruction of the
// function then also carries .ftz, except the first remainder fma and the two
// cvt.rzi, which are .ftz-free in every build.
//
// Algorithm (with ax = |x|, ay = |y|):
//  * ax < ay: the result is x itself (after FTZ flushing).
//  * ay <= ax <= 2^23 ay ("fast path"): the quotient q = trunc(ax / ay) comes
//    from div.approx; the remainder r = ax - q ay (one fma) tells whether q is
//    off; q is corrected by -2..+3 and the result is fma(-ay, q, ax).
//  * ax > 2^23 ay, or a NaN ("slow path"): long division on the significands
//    mx, my in [1, 2): up to 23 quotient bits per step, each step's quotient
//    from rcp.approx(my) refined by two Newton corrections and a
//    round-toward-zero fma, then truncated; the partial remainder is
//    rescaled by adding to its exponent field. The last remainder is scaled by
//    2^(e_y) with two multiplications (exact, except FTZ flushing).
//  * Finally a non-NaN result takes the sign of x; a NaN is returned as is.
// Every result is exact (equal to the mathematical fmod) in IEEE mode; FTZ
// flushes subnormal inputs and subnormal results. NaN results are 0x7fffffff.
// See docs/nv-arith.md.
//
// Triton 3.6 (fmodf_triton, fmodf<triton3_6>): its bundled libdevice.10.bc has
// the same __nv_fmodf but for the last line (copysign written as an integer
// OR of x's sign bit into the result, the same bits here), and Triton builds
// it with __CUDA_FTZ = 1 but IEEE plain operations (its PTX,
// .devrun/triton-ptx/fmod.ptx: abs.ftz, div.approx.ftz, rcp.approx.ftz and
// fma.rn.ftz / fma.rz.ftz from the reflect; mul.f32, add.f32, neg.f32,
// setp.*.f32 without .ftz). So subnormal inputs are flushed (fabs.ftz) and
// the fast path's result is flushed (fma.rn.ftz), as in nvcc -ftz=true, but
// the slow path's two closing multiplications are IEEE: a subnormal remainder
// there survives, as in nvcc -ftz=false. Every other plain operation sees
// flushed or normal operands (|x|, |y| after fabs.ftz, integers q +- 1,
// fma.ftz results), or the remainder r, which is compared only with -ay and
// 2 ay (ay >= 2^-126), where a subnormal r and its flushed zero compare
// alike: its flush mode changes nothing. This is the rule the Triton bridge composed and the
// H100 confirmed on 2^20 inputs (vectors/device-logs/triton_bridge_h100_ftz.txt:
// "nv-ftz.fmodf, nv.fmodf where |x|>2^23|y|").
#pragma once

#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/remainder.hpp"

namespace bitexact::nv {
namespace fmodf_detail {

using ptx::u32;
// Constants of __nv_fmodf (libdevice.10.bc, CUDA 13.0), as in its PTX.
inline constexpr u32 two23 = 0x4b000000u;            // 2^23: fast path iff ax <= 2^23 * ay
inline constexpr u32 minus3 = 0xc0400000u;           // -3.0: third quotient correction
inline constexpr u32 fmodf_one = 0x3f800000u;        // 1.0: quotient corrections; also the
                                                     // exponent field of a value in [1, 2)
inline constexpr u32 step_max = 0x0b800000u;         // 23 << 23: at most 23 quotient bits a step
inline constexpr u32 two_m23 = 0x34000000u;          // 2^-23: final rescaling of the remainder
inline constexpr u32 mant_mask = 0x007fffffu;        // significand field
inline constexpr u32 exp_mask = 0xff800000u;         // sign + exponent fields
inline constexpr u32 max_finite_bits = 0x7f7fffffu;  // |x| above this: inf or NaN
inline constexpr u32 inf_bits = 0x7f800000u;         // +inf: the NaN tests (of ay, and the final one)
inline constexpr u32 minus_zero = 0x80000000u;       // -0.0: addend of the first quotient fma;
                                                     // also the sign bit

// The whole of __nv_fmodf. R is __CUDA_FTZ (the reflected intrinsics: fabs,
// div.approx, the fma.rn / fma.rz of the quotient steps), O the flush mode of
// the plain IR float operations (fmul, fadd, fsub, fcmp); nvcc builds have
// R == O (mode::ftz: nvcc -ftz=true), Triton R = ftz, O = ieee. T: Triton's
// libdevice file, whose last line is an integer OR instead of copysign.
// `rcp_perturb_ulps` moves the rcp.approx seed of the slow path and the
// reciprocal inside div.approx (tests only: they show the result does not
// depend on the exact approximation).
template <mode R, mode O = R, bool T = false>
BITEXACT_INLINE float kernel(float x, float y, int rcp_perturb_ulps = 0) {
  using namespace ptx;
  constexpr mode ieee = mode::ieee;  // the instructions that are .ftz-free in every build
  const float ay = abs_f32<R>(y);
  float ans = abs_f32<R>(x);  // ax; becomes the unsigned result
  if (!setp_lt_f32<O>(ans, ay)) {
    const float ax = ans;
    const float ay23 = mul_rn_f32<O>(ay, f32_from(two23));
    if (!setp_gtu_f32<O>(ax, ay23)) {
      // ---- fast path: ay <= ax <= 2^23 ay ------------------------------------
      float q = cvt_rzi_f32_f32<ieee>(div_approx_f32<R>(ax, ay, rcp_perturb_ulps));
      const float nay = neg_f32<O>(ay);
      const float r = fma_rn_f32<ieee>(nay, q, ax);
      if (bits_of(r) >= bits_of(ay)) {  // unsigned: r >= ay, or r negative
        const float one = f32_from(fmodf_one), minus_one = f32_from(fmodf_one | minus_zero);
        if (bits_of(r) > minus_zero) {  // r < 0: q was 1 or 2 too large
          const float q1 = add_rn_f32<O>(q, minus_one);
          const float q2 = add_rn_f32<O>(q1, minus_one);
          q = setp_lt_f32<O>(r, nay) ? q2 : q1;
        } else {  // r >= ay: q was 1 to 3 too small
          q = add_rn_f32<O>(q, one);
          if (!setp_ltu_f32<O>(r, add_rn_f32<O>(ay, ay))) {
            const float q2 = add_rn_f32<O>(q, one);
            const float t = fma_rn_f32<R>(f32_from(minus3), ay, r);
            q = setp_ge_f32<O>(t, f32_from(0)) ? add_rn_f32<O>(q2, one) : q2;
          }
        }
      }
      ans = fma_rn_f32<R>(nay, q, ax);
    } else {
      // ---- slow path: ax > 2^23 ay, or NaN operands --------------------------
      const u32 bx = bits_of(ax), by23 = bits_of(ay23);
      u32 rem = (bx & mant_mask) | fmodf_one;  // partial remainder, starts as mx
      // Exponent gap e_x - (e_y23 - 23), kept in the exponent field position.
      u32 gap = (bx - ((by23 - step_max) & exp_mask)) & exp_mask;
      if (gap != 0) {
        const float my = f32_from((by23 & mant_mask) | fmodf_one);
        const float rcp = rcp_approx_f32<mode::ftz>(my, rcp_perturb_ulps);  // .ftz in every build
        const float nmy = neg_f32<O>(my);
        do {
          const u32 step = gap < step_max ? gap : step_max;
          const float v = f32_from(rem + step);  // remainder * 2^(step >> 23)
          const float q0 = fma_rn_f32<R>(v, rcp, f32_from(minus_zero));
          const float e0 = fma_rn_f32<R>(nmy, q0, v);
          const float q1 = fma_rn_f32<R>(e0, rcp, q0);
          const float e1 = fma_rn_f32<R>(nmy, q1, v);
          const float q2 = fma_rz_f32<R>(e1, rcp, q1);
          const float qt = cvt_rzi_f32_f32<ieee>(q2);
          rem = bits_of(fma_rn_f32<R>(nmy, qt, v));
          gap -= step;
        } while (gap != 0 && rem != 0);
      }
      // libdevice: setp.leu{.ftz}.f32 ay, 0 (ay = |y|, flushed in the FTZ
      // build), true exactly when ay is +0 or NaN; tested on ay's bits here.
      // As a float compare, ptxas (CUDA 13.0, -O3) folds the abs.ftz into an
      // |y| operand of an FSETP.LEU without .FTZ, so a subnormal y no longer
      // counts as zero and the FTZ build returned +-0 for NaN (H100,
      // device/bench_repro.cu; docs/nv-arith.md "On the device").
      const u32 bay = bits_of(ay);
      const bool nan_result = bx > max_finite_bits || bay == 0 || bay > inf_bits;
      const float scale = f32_from(nan_result ? canonical_nan_f32 : (by23 & exp_mask));
      ans = mul_rn_f32<O>(scale, mul_rn_f32<O>(f32_from(rem), f32_from(two_m23)));
    }
  }
  // isnan(|ans|) ? ans : copysign(x, ans). Triton's file writes the
  // copysign as bits(ans) | (bits(x) & sign); ans never has its sign bit set
  // here (|x|, an fma.rn result >= +0, or a product of positive factors), so
  // both give the same bits, but the model follows each file's IR.
  if (setp_gtu_f32<O>(abs_f32<R>(ans), f32_from(inf_bits))) return ans;
  if constexpr (T) return f32_from(bits_of(ans) | (bits_of(x) & minus_zero));
  return copysign_f32(x, ans);
}

// The kernel's result, computed directly where it is the exact remainder:
// finite |x| >= |y| > 0 after the reflected flush (abs.ftz in FTZ builds, so
// a subnormal operand there takes the kernel). Both paths then leave
// |x| mod |y| exactly (the header comment; docs/nv-arith.md): the fast path
// as the fma.rn{R} of the corrected quotient, so flushed to +0 where it is
// subnormal and R is ftz; the slow path as the product of the closing
// multiplications in mode O, flushed where O is ftz. The sign is x's (copysign
// and Triton's OR alike, the magnitude's sign bit being clear).
// bitexact/remainder.hpp computes that remainder in a few integer steps (the
// slow path takes up to 12 quotient steps of 7 PTX operations each, modelled
// on the host); tests/nv_arith_test.cpp checks the two on every exponent gap
// of every build.
template <mode R, mode O = R, bool T = false>
BITEXACT_INLINE float direct(float x, float y) {
  using namespace ptx;
  const float fax = abs_f32<R>(x), fay = abs_f32<R>(y);
  const u32 ax = bits_of(fax), ay = bits_of(fay);
  if (ax >= inf_bits || ay == 0 || ax < ay) return kernel<R, O, T>(x, y);
  // The flush of the path's last operation; the paths differ only where R
  // and O do (Triton's build), so only there is the path worked out.
  bool flush = R == mode::ftz;
  if constexpr (R != O) flush = (setp_gtu_f32<O>(fax, mul_rn_f32<O>(fay, f32_from(two23))) ? O : R) == mode::ftz;
  return f32_from(remainder::abs_fmod_bits<float>(ax, ay, flush) | (bits_of(x) & minus_zero));
}

}  // namespace fmodf_detail

// __nv_fmodf in build B: fmodf (nvcc -ftz=false, IEEE subnormals), fmodf_ftz
// (nvcc -ftz=true, __CUDA_FTZ=1: kernel<ftz, ftz>), fmodf_triton (Triton 3.6:
// kernel<ftz, ieee, true>), and triton_form<Fn::fmodf>.
template <build B>
BITEXACT_INLINE float fmodf(float x, float y) {
  return fmodf_detail::direct<B.reflect, B.ops, B.file == libdevice_file::triton3_6>(x, y);
}

BITEXACT_NV_BUILD_FORMS_2(fmodf)

}  // namespace bitexact::nv
