// bitexact/nv/fmod.hpp — libdevice __nv_fmod, bit for bit: CUDA 13.0's
// (nv::fmod, fmod_ftz) and Triton 3.6's (fmod_triton).
//
// Source: libdevice.10.bc (CUDA 13.0), __nv_fmod. The function has two
// bodies chosen by __nvvm_reflect("__CUDA_ARCH"): one for arch 200/350/370
// and one for every other arch; sm_90 (arch 900) runs the second one, which
// this file follows. Neither body consults __CUDA_FTZ, so there is no FTZ
// flavour (nvcc -ftz=true emits the identical PTX).
//
// Algorithm: after the special cases, a restoring binary long division on
// the 53-bit integer significands, one quotient bit per step over the whole
// exponent gap (up to 2098 steps), with subnormal operands first normalised
// by a multiplication by 2^54. The remainder is then renormalised and given
// the exponent of y (or shifted into a subnormal). Everything is integer
// arithmetic, so every finite result is the exact fmod.
// The division's only output is its remainder, ma 2^k mod mb (see
// long_division below), a number the division fixes whatever way it is
// computed: this file computes it 52 bits a step (remainder::shifted_mod,
// bitexact/remainder.hpp), ~6x faster on random operands, and
// tests/nv_arith_test.cpp checks it against the one-bit-a-step loop, which
// stays here as libdevice's own statement.
// Special cases (|a|, |b| with the sign bit cleared):
//   a or b NaN             -> add.rn.f64(a, b): the NaN operand quieted (b if both:
//                             context-dependent on the device, see ptx::add_rn_f64)
//   |a| = inf, b not NaN   -> 0xfff8000000000000 (libdevice's constant)
//   |b| = inf, a finite    -> a
//   b = +-0                -> 0xfff8000000000000
//   |a| < |b|              -> a
//   otherwise              -> the remainder with the sign of a (+-0 if exact).
//
// Triton 3.6 (fmod_triton, fmod<triton3_6>): its libdevice file's __nv_fmod
// differs in two places of the sm_90 body: the NaN case is a plain IR
// `fadd double %a, %b` instead of llvm.nvvm.add.rn.d(a, b), and the final
// copysign is spelled as integer operations on the high words (sign of a ORed
// into the remainder's high word, which has its sign bit clear: the same bits,
// as this file already computes it). An add.f64 and an add.rn.f64 round alike,
// but with two NaN operands which payload comes back is ptxas's choice of
// DADD operand order (see ptx::add_rn_f64): in Triton's kernels the H100
// returned a's NaN, quieted (the Triton bridge, 2^20 pairs,
// vectors/device-logs/triton_bridge_h100_ftz.txt and _ieee.txt, "nv.fmod, x's
// NaN if both NaN"; docs/history.md). Every other pair: nv::fmod's bits.
#pragma once

#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/remainder.hpp"

namespace bitexact::nv {
namespace fmod_detail {

using ptx::u32;
using ptx::u64;
// Constants of __nv_fmod (libdevice.10.bc, CUDA 13.0).
inline constexpr u64 fmod_nan = 0xfff8000000000000ull;         // the NaN it returns itself
inline constexpr u64 inf_bits = 0x7ff0000000000000ull;         // +inf, compared with |a|, |b|
inline constexpr u32 inf_hi = 0x7ff00000u;                     // high word of +inf
inline constexpr u64 two54 = 0x4350000000000000ull;            // 2^54: normalises subnormals
inline constexpr u64 fmod_frac_mask = 0x000fffffffffffffull;   // significand field
inline constexpr u64 fmod_hidden_bit = 0x0010000000000000ull;  // implicit bit, 2^52
inline constexpr u64 fmod_sign_mask = 0x8000000000000000ull;   // sign bit, cleared for |a|, |b|
inline constexpr int renorm = 55;                              // 55 - exponent field after *2^54

BITEXACT_INLINE u32 hi_word(double v) { return u32(ptx::bits_of(v) >> 32); }

// libdevice's loop: a restoring division of ma 2^k by mb, one quotient bit
// per step, k + 1 steps, for ma, mb in [2^52, 2^53) (so ma < 2 mb: each step
// starts below 2 mb, and the first subtracts at most once). It returns the
// last partial remainder, (ma 2^k) mod mb.
BITEXACT_INLINE u64 long_division(u64 ma, u64 mb, int k) {
  do {
    u64 t = ma - mb;
    if (std::int64_t(t) < 0) t = ma;  // subtraction would go negative: restore
    ma = t + t;
    --k;
  } while (k >= 0);
  return ma >> 1;
}

// (ma 2^k) mod mb, as long_division, up to 52 quotient bits a step
// (bitexact/remainder.hpp).
using remainder::shifted_mod;

}  // namespace fmod_detail

// __nv_fmod in build B: the same code in every build (no FTZ branch), except
// for which NaN a NaN pair returns (see the header comment).
template <build B>
BITEXACT_INLINE double fmod(double a, double b) {
  using namespace fmod_detail;
  using ptx::bits_of;
  using ptx::f64_from;
  double fa = f64_from(bits_of(a) & ~fmod_sign_mask);  // |a|, by masking the high word
  double fb = f64_from(bits_of(b) & ~fmod_sign_mask);
  const double inf = f64_from(inf_bits);
  if (hi_word(fa) >= inf_hi || hi_word(fb) >= inf_hi) {  // an inf or a NaN
    if (fa <= inf && fb <= inf) return fa == inf ? f64_from(fmod_nan) : a;
    // Triton's a + b: a's NaN when both are NaN (the model's add returns the
    // second operand's).
    if constexpr (B.file == libdevice_file::triton3_6) return ptx::add_rn_f64(b, a);
    return ptx::add_rn_f64(a, b);
  }
  if (fb == 0.0) return f64_from(fmod_nan);
  if (!(fa >= fb)) return a;

  // Biased exponents; a subnormal is scaled by 2^54 and its exponent read back.
  int ea = int(hi_word(fa) >> 20), eb = int(hi_word(fb) >> 20);
  if (ea < 1) {
    fa = fa * f64_from(two54);  // exact
    ea = ea + int(hi_word(fa) >> 20) - 54;
  }
  if (eb < 1) {
    fb = fb * f64_from(two54);
    eb = eb + int(hi_word(fb) >> 20) - 54;
  }
  const u64 ia = (bits_of(fa) & fmod_frac_mask) | fmod_hidden_bit;
  const u64 ib = (bits_of(fb) & fmod_frac_mask) | fmod_hidden_bit;

  // libdevice's restoring division (long_division: one quotient bit per
  // exponent step, ea - eb + 1 steps), by its remainder.
  u64 rem = shifted_mod(ia, ib, ea - eb);

  if (rem != 0) {
    // Position of the leading bit: read it from the exponent of rem * 2^-1074 * 2^54.
    const double scaled = f64_from(rem) * f64_from(two54);
    const int shift = renorm - int(hi_word(scaled) >> 20);
    const int e = eb - shift;  // biased exponent of the result
    rem <<= shift;
    if (e < 1) {
      const int rs = 1 - e;  // subnormal result: shift right (PTX shr clamps at 64)
      rem = rs >= 64 ? 0 : rem >> rs;
    } else {
      rem += u64(e - 1) << 52;
    }
  }
  return f64_from(rem | (bits_of(a) & fmod_sign_mask));
}

// __nv_fmod as built by nvcc (-ftz=false; the same code for -ftz=true).
BITEXACT_INLINE double fmod(double a, double b) { return fmod<nvcc_ieee>(a, b); }

}  // namespace bitexact::nv

namespace bitexact::nv {
// __nv_fmod does not read __CUDA_FTZ (PTX has no .ftz for f64): nvcc -ftz=true
// runs the same code.
BITEXACT_INLINE double fmod_ftz(double a, double b) { return fmod(a, b); }
// Triton 3.6 ("triton").
BITEXACT_INLINE double fmod_triton(double a, double b) { return fmod<triton3_6>(a, b); }
template <>
inline constexpr fn_traits<Fn::fmod>::signature* triton_form<Fn::fmod> = &fmod_triton;
}  // namespace bitexact::nv
