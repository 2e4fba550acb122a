// amdgcn_intrinsics.cpp — CPU models of the AMDGPU instructions that ocml's
// bitcode (sin, cos, fmod, ceil, expm1, sinpi, cospi) reaches through llvm.amdgcn.* intrinsics.
//
// build_ocml_bc.sh renames every call @llvm.amdgcn.X.Y to @bx_amdgcn_X_Y (and
// @llvm.canonicalize.f32 to @bx_canonicalize_f32); this file defines them.
// The semantics are those the AMD ISA reference guides give for the
// instructions the AMDGPU backend selects for the intrinsics (see
// docs/ocml-bc.md for the section of each statement relied on):
//
//   llvm.amdgcn.frexp.mant  -> V_FREXP_MANT_F32 / _F64
//   llvm.amdgcn.frexp.exp   -> V_FREXP_EXP_I32_F32 / _F64
//   llvm.amdgcn.ldexp       -> V_LDEXP_F32 / _F64
//   llvm.amdgcn.rcp         -> V_RCP_F32  (hardware approximation; see below)
//   llvm.amdgcn.class       -> V_CMP_CLASS_F32 / _F64
//   llvm.amdgcn.fract       -> V_FRACT_F32
//   llvm.canonicalize       -> V_MAX_F32 x,x / V_MUL_F32 1.0,x (quiets, flushes per mode)
//
// f32 denormal mode. ocml compiled with "denormal-fp-math-f32"="preserve-sign"
// runs with the MODE register's FP32 denormals flushed. The CPU side models that
// with MXCSR.DAZ|FTZ set for the duration of the call (ocml_bc_register.cpp);
// the f32 models here read MXCSR and flush denormal inputs (DAZ) and denormal
// results (FTZ) explicitly, so their integer code paths follow the same mode as
// the SSE instructions llc emitted around them. f64 is never flushed (AMD's
// f64/f16 denormal mode is separate and stays IEEE; MXCSR is only changed for
// the f32 entry points, which the build checks contain no double arithmetic).
#include <xmmintrin.h>
#include <cmath>
#include <cstdint>

#include "bitexact/bits.hpp"

namespace {

using bitexact::fp_bits;

constexpr unsigned mxcsr_daz = 1u << 6;   // denormals are zeros (inputs)
constexpr unsigned mxcsr_ftz = 1u << 15;  // flush to zero (results)

bool daz_mode() { return (_mm_getcsr() & mxcsr_daz) != 0; }
bool ftz_mode() { return (_mm_getcsr() & mxcsr_ftz) != 0; }

// Quiet a NaN, keeping its sign and payload (the behaviour of IEEE-mode VALU
// instructions on a signalling NaN input; also what SSE does).
template <class T>
T quieted(T x) {
  auto b = fp_bits<T>(x);
  return fp_bits<T>::from_bits(b.bits | fp_bits<T>::quiet_bit).value();
}

template <class T>
T signed_zero_like(T x) {
  auto b = fp_bits<T>(x);
  return fp_bits<T>::from_bits(b.bits & fp_bits<T>::sign_mask).value();
}

// Denormal input handling for an f32 instruction under the current mode.
float f32_input(float x) { return daz_mode() && fp_bits<float>(x).is_subnormal() ? signed_zero_like(x) : x; }
// Denormal result handling for an f32 instruction under the current mode.
float f32_result(float x) { return ftz_mode() && fp_bits<float>(x).is_subnormal() ? signed_zero_like(x) : x; }
double f64_input(double x) { return x; }
double f64_result(double x) { return x; }

// A finite non-zero |x| as m * 2^e with m an integer, 2^p <= m < 2^(p+1),
// p = number of stored fraction bits (denormals are normalised).
template <class T>
struct normalized {
  typename fp_bits<T>::storage m;
  int e;
};
template <class T>
normalized<T> normalize(fp_bits<T> b) {
  using S = typename fp_bits<T>::storage;
  constexpr int p = fp_bits<T>::mantissa_bits;
  constexpr int bias = fp_bits<T>::exponent_bias;
  if (b.biased_exponent() != 0) return {b.fraction() | (S(1) << p), b.biased_exponent() - bias - p};
  S m = b.fraction();
  int e = 1 - bias - p;
  while ((m >> p) == 0) {  // at most p steps
    m <<= 1;
    --e;
  }
  return {m, e};
}

// V_FREXP_MANT: NaN and +-Inf are returned as they are (a NaN quieted), zero is
// returned as is, otherwise the significand scaled into +-[0.5, 1).
template <class T>
T frexp_mant(T x) {
  auto b = fp_bits<T>(x);
  if (b.is_nan()) return quieted(x);
  if (b.is_inf() || b.is_zero()) return x;
  auto n = normalize(b);
  constexpr int p = fp_bits<T>::mantissa_bits;
  using S = typename fp_bits<T>::storage;
  S bits =
      (b.bits & fp_bits<T>::sign_mask) | (S(fp_bits<T>::exponent_bias - 1) << p) | (n.m & fp_bits<T>::fraction_mask);
  return fp_bits<T>::from_bits(bits).value();
}

// V_FREXP_EXP_I32: 0 for NaN, +-Inf and zero, otherwise the e with
// |x| = mant * 2^e, mant in [0.5, 1).
template <class T>
std::int32_t frexp_exp(T x) {
  auto b = fp_bits<T>(x);
  if (b.is_nan() || b.is_inf() || b.is_zero()) return 0;
  auto n = normalize(b);
  return n.e + fp_bits<T>::mantissa_bits + 1;
}

// V_LDEXP: x * 2^n rounded once to nearest-even (denormal results rounded
// correctly, overflow to +-Inf), NaN quieted, +-Inf and zeros unchanged.
// Integer arithmetic only, so MXCSR's FTZ/DAZ cannot touch it; not named
// ldexp, which <cmath>'s ::ldexp (a non-template, so preferred) would take
// over: glibc's flushes a subnormal f64 result under FTZ.
template <class T>
T v_ldexp(T x, std::int32_t n) {
  using S = typename fp_bits<T>::storage;
  constexpr int p = fp_bits<T>::mantissa_bits;
  constexpr int bias = fp_bits<T>::exponent_bias;
  auto b = fp_bits<T>(x);
  if (b.is_nan()) return quieted(x);
  if (b.is_inf() || b.is_zero()) return x;
  // Exponents beyond +-2^14 already saturate every case below.
  if (n > (1 << 14)) n = 1 << 14;
  if (n < -(1 << 14)) n = -(1 << 14);
  auto nm = normalize(b);
  const S sign = b.bits & fp_bits<T>::sign_mask;
  const int top = nm.e + p + n;  // unbiased exponent of the result's leading bit
  if (top > bias) return fp_bits<T>::from_bits(sign | fp_bits<T>::exponent_mask).value();
  if (top >= 1 - bias)
    return fp_bits<T>::from_bits(sign | (S(top + bias) << p) | (nm.m & fp_bits<T>::fraction_mask)).value();
  // Denormal (or zero) result: shift right, round to nearest, ties to even.
  // A carry into bit p correctly produces the smallest normal number.
  // Past p + 2 places the result is 0 (below half the least denormal); cap the
  // shift so that it stays defined for the storage type.
  constexpr int max_shift = int(sizeof(S)) * 8 - 1;
  int shift = (1 - bias) - top;  // >= 1
  if (shift > max_shift) shift = max_shift;
  S q = nm.m >> shift;
  S rem = nm.m & ((S(1) << shift) - 1);
  S half = S(1) << (shift - 1);
  if (rem > half || (rem == half && (q & 1))) ++q;
  return fp_bits<T>::from_bits(sign | q).value();
}

// V_CMP_CLASS mask bits (AMD ISA, VOPC "CLASS" opcodes):
//   0 signalling NaN, 1 quiet NaN, 2 -Inf, 3 -normal, 4 -denormal, 5 -0,
//   6 +0, 7 +denormal, 8 +normal, 9 +Inf.
template <class T>
bool fp_class(T x, std::int32_t mask) {
  auto b = fp_bits<T>(x);
  int k;
  if (b.is_signaling_nan())
    k = 0;
  else if (b.is_nan())
    k = 1;
  else if (b.is_inf())
    k = b.sign() ? 2 : 9;
  else if (b.is_zero())
    k = b.sign() ? 5 : 6;
  else if (b.is_subnormal())
    k = b.sign() ? 4 : 7;
  else
    k = b.sign() ? 3 : 8;
  return ((std::uint32_t(mask) >> k) & 1u) != 0;
}

}  // namespace

extern "C" {

float bx_amdgcn_frexp_mant_f32(float x) { return f32_result(frexp_mant(f32_input(x))); }
double bx_amdgcn_frexp_mant_f64(double x) { return f64_result(frexp_mant(f64_input(x))); }
std::int32_t bx_amdgcn_frexp_exp_i32_f32(float x) { return frexp_exp(f32_input(x)); }
std::int32_t bx_amdgcn_frexp_exp_i32_f64(double x) { return frexp_exp(f64_input(x)); }
float bx_amdgcn_ldexp_f32(float x, std::int32_t n) { return f32_result(v_ldexp(f32_input(x), n)); }
double bx_amdgcn_ldexp_f64(double x, std::int32_t n) { return f64_result(v_ldexp(f64_input(x), n)); }

// V_RCP_F32 is documented as "reciprocal, IEEE rules, 1 ULP accuracy"; its exact
// bits are not published. Modelled as the correctly rounded 1/x. The f32
// instruction does not support denormals whatever the mode (LLVM's AMDGPU
// backend relies on that: it scales operands around v_rcp_f32 when denormals
// matter, and its constant folder notes that the instruction flushes denormal
// results), so denormal inputs and results are flushed here unconditionally.
// ocml's fmod only uses it on divisors scaled into [1, 2), to estimate a
// quotient digit that the exact fma remainder step then corrects, so fmod's
// results do not depend on this choice (docs/ocml-bc.md gives the argument).
float bx_amdgcn_rcp_f32(float x) {
  if (fp_bits<float>(x).is_subnormal()) x = signed_zero_like(x);
  float r = 1.0f / x;
  return fp_bits<float>(r).is_subnormal() ? signed_zero_like(r) : r;
}

// V_FRACT_F32: x - floor(x), clamped to the largest float below 1 so that a
// tiny negative x does not give 1.0. The ISA guides give no special cases;
// the semantics here are LLVM 15's constant folding of llvm.amdgcn.fract
// ("The v_fract instruction behaves like the OpenCL spec, which defines
// fract(x) as fmin(x - floor(x), 0x1.fffffep-1f)", ConstantFolding.cpp;
// checked with opt-15: fract(+-Inf) = 0x7fc00000, fract(NaN) = the NaN
// quieted, fract(-0) = +0). ocml 5.2.3 uses it only in
// __ocmlpriv_trigpired_f32 (sinpi, cospi) on |x|/2 and discards its value
// for Inf (class test) and NaN (|x| > 1 is false), so only the finite,
// non-negative case reaches a result: there x - floor(x) is exact.
float bx_amdgcn_fract_f32(float x) {
  x = f32_input(x);
  if (fp_bits<float>(x).is_nan()) return quieted(x);
  if (fp_bits<float>(x).is_inf()) return fp_bits<float>::from_bits(0x7fc00000u).value();
  const float f = x - std::floor(x);  // std::floor is exact
  return f32_result(f < 0x1.fffffep-1f ? f : 0x1.fffffep-1f);
}

bool bx_amdgcn_class_f32(float x, std::int32_t mask) { return fp_class(x, mask); }
bool bx_amdgcn_class_f64(double x, std::int32_t mask) { return fp_class(x, mask); }

// llvm.canonicalize.f32: a signalling NaN becomes quiet (payload kept), a
// denormal becomes a signed zero when f32 denormals are flushed, anything else
// is returned unchanged.
float bx_canonicalize_f32(float x) {
  if (fp_bits<float>(x).is_nan()) return quieted(x);
  return f32_result(f32_input(x));
}

}  // extern "C"
