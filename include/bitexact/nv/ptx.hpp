// bitexact/nv/ptx.hpp — the model of the PTX instructions that CUDA 13.0
// libdevice's functions execute on sm_90: one small inline function per
// instruction (one per fixed instruction pair for mad.lo.cc/madc.hi). The nv/
// reproductions (sinf and cosf through trig_reduction.hpp, fmodf, fmod, ceilf,
// ceil) take every PTX-specific behaviour from here.
//
// Conventions, the same for every op:
//  * Name: the PTX mnemonic with '.' written '_' and the .ftz qualifier left
//    out: mul.rn{.ftz}.f32 is mul_rn_f32, cvt.rpi{.ftz}.f32.f32 is
//    cvt_rpi_f32_f32, rcp.approx.ftz.f32 is rcp_approx_f32 (and the pair
//    mad.lo.cc.u32 + madc.hi.u32 is mad_wide_u32).
//  * FTZ: an op has a `template <mode M>` parameter exactly when PTX has a .ftz
//    form of the instruction (the f32 ones); mode::ftz selects the .ftz form.
//    Ops without a .ftz form (.f64, integers, copysign) have no parameter.
//  * Implementation of the f32 ops: integer operations and exact binary64
//    arithmetic only, never native binary32 arithmetic or conversions. A
//    native `a * b` on floats becomes `mul.ftz.f32` when the including CUDA
//    file is built with `nvcc -ftz=true`, and `(double)f` becomes
//    `cvt.ftz.f64.f32`, which would silently change the IEEE models on a
//    device. The binary64 operations used are exact or immediately corrected
//    (TwoSum), so the models give the same bits on any IEEE host and on the
//    GPU, in either build, with or without contraction. (Exception, on the
//    host only: mul, add and fma.rn take a correctly rounded binary32
//    operation where it provably equals the instruction, see "Host fast
//    path" below; it cannot be contracted either.) The .f64 and integer
//    ops are the native IEEE binary64 / integer operations (PTX has no FTZ for
//    .f64) plus the NaN rule below.
//  * On an NVIDIA GPU (__CUDA_ARCH__: nvcc, and clang CUDA with or without
//    CUDA's headers) every f32 op below IS the PTX instruction it models, as
//    inline PTX with the .ftz form spelled out by M (namespace ptx::insn), so
//    the including translation unit's -ftz flag cannot change it either:
//    PTX fixes the .ftz form of an instruction written with or without it.
//    (Under nvcc, mul, add, fma.rn and setp are the CUDA operation that
//    compiles to that same instruction where the build's -ftz agrees with M;
//    see namespace ptx::insn.)
//    The models are a few dozen integer and binary64 operations per op; the
//    instruction is one. Constant evaluation keeps the model. The bits are
//    those of the instruction by definition; that the host models equal the
//    instructions is what vectors/nv/ptx_ops.txt (the H100) checks, and
//    device/bench_repro.cu compares every reproduction with the native
//    function on the device. rcp.approx is the SFU's reciprocal, whose model
//    (nv/rcp_approx.hpp) is checked on all 2^32 inputs; div.approx's
//    exact mechanism is not known (see div_approx_f32).
//  * Checked: tests/nv_ptx_test.cpp compares every op, in every FTZ form
//    offered here, with the instruction's own outputs on the H100
//    (vectors/nv/ptx_ops.txt, from device/nv_ptx_ops.cu), and the f32
//    arithmetic with MPFR.
//
// PTX facts modelled (PTX ISA 9.0, "Floating-point instructions", sm_90):
//  * `.rn` rounds the exact result to nearest, ties to even; `.rz` toward zero.
//  * `.ftz` (f32 only) flushes every subnormal source operand and a subnormal
//    result to a zero of the same sign. A result counts as subnormal when its
//    magnitude rounded to 24 bits with an unbounded exponent is below 2^-126
//    (IEEE tininess after rounding), not when its binary32 (subnormal)
//    rounding is: mul.rn.ftz.f32 0x00800000 0x3f7fffff is 0x00000000 on the
//    H100 (vectors/nv/ptx_ops.txt), 0x3f7ffffc 0x80800002 is 0x80800000.
//  * f32 NaN: every f32 arithmetic instruction (mul, add, fma, cvt, rcp, div)
//    whose result is NaN returns canonical_nan_f32, whatever the operands were.
//    So do abs and neg (H100, vectors/nv/ptx_ops.txt: abs.f32 0x7fc00000 is
//    0x7fffffff); only copysign is a pure bit operation.
//  * f64 NaN: a NaN operand comes back quieted (sign and payload kept); when
//    both operands are NaN, the second one (H100, see add_rn_f64). An invalid
//    operation on non-NaN operands (inf * 0, inf - inf) returns
//    default_nan_f64.
#pragma once

#include <cstdint>
#include <type_traits>

#include "bitexact/bits.hpp"
#include "bitexact/config.hpp"
#include "bitexact/nv/rcp_approx.hpp"

#if !BITEXACT_DEVICE_PASS && defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace bitexact::nv {

// The two flavours of every libdevice function: `__nvvm_reflect("__CUDA_FTZ")`
// is 0 (nvcc -ftz=false, the default) or 1 (nvcc -ftz=true / --use_fast_math
// without the fast-math function substitutions). In the ops below, mode::ftz
// selects the .ftz form of an instruction.
enum class mode { ieee, ftz };

namespace ptx {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// PTX ISA: the NaN every f32 arithmetic instruction returns.
inline constexpr u32 canonical_nan_f32 = 0x7fffffffu;
// The NaN an .f64 instruction returns when no operand is a NaN (inf * 0,
// inf - inf). PTX does not specify it; CUDA's math_constants.h gives this
// pattern as CUDART_NAN. Assumed from that; vectors/nv/ptx_ops.txt (the H100)
// decides.
inline constexpr u64 default_nan_f64 = 0xfff8000000000000ull;

// ---- bit helpers (not instructions) --------------------------------------------
BITEXACT_INLINE constexpr u32 bits_of(float x) { return bit_cast<u32>(x); }
BITEXACT_INLINE constexpr u64 bits_of(double x) { return bit_cast<u64>(x); }
BITEXACT_INLINE constexpr float f32_from(u32 b) { return bit_cast<float>(b); }
BITEXACT_INLINE constexpr double f64_from(u64 b) { return bit_cast<double>(b); }

// ---- lane forms: one libdevice source for scalars and SIMD lanes ----------------
// A reproduction written against the vocabulary below (`template <build B,
// class F = float> F name(F x)`) runs on a float, as ever, and on the lane
// type of bitexact/nv/ptx_lanes-inl.hpp: a SIMD vector of floats that carries
// a pointer to its evaluation's record of the lanes the vector ops cannot
// vouch for. With a float every form is this file's op or plain C++, so the
// scalar code and its bits are what they were; with lanes each op is the
// lane type's static member of the same name (the vector instruction where it
// provably equals the model, the lane marked for the scalar function where it
// may not). The span kernels recompute marked lanes with the scalar function.
//  * bits_of / f32_from, select(c, a, b) and copysign_f32 are bit operations;
//    to_s32(u) reads an integer's bits as signed for cvt_rn_f32_s32, to_u32(i)
//    a signed integer's as unsigned.
//  * when(c, fa, fb) is `c ? fa() : fb()`: lanes evaluate each side only when
//    some lane takes it, and keep the marks a side makes only in its lanes.
//  * Conditions combine with & | and !, never && || (lanes are not bool).
template <class T>
concept lanes = requires {
  typename T::ptx_lanes;
};
template <class... T>
concept with_lanes = (lanes<T> || ...);
namespace detail {
template <class... T>
struct first_lanes;
template <class T, class... R>
struct first_lanes<T, R...> {
  using type = std::conditional_t<lanes<T>, T, typename first_lanes<R...>::type>;
};
template <class T>
struct first_lanes<T> {
  using type = T;
};
}  // namespace detail
template <class... T>
using lanes_of = typename detail::first_lanes<std::remove_cvref_t<T>...>::type;

template <lanes V>
BITEXACT_INLINE auto bits_of(V x) {
  return x.bits();
}
template <lanes U>
BITEXACT_INLINE auto f32_from(U u) {
  return u.as_f32();
}
BITEXACT_INLINE constexpr std::int32_t to_s32(u32 u) { return static_cast<std::int32_t>(u); }
template <lanes U>
BITEXACT_INLINE U to_s32(U u) {
  return u;  // the lane type's cvt_rn_f32_s32 reads its integer lanes as signed
}
BITEXACT_INLINE constexpr u32 to_u32(std::int32_t i) { return static_cast<u32>(i); }
template <lanes U>
BITEXACT_INLINE U to_u32(U u) {
  return u;  // cvt_rzi_s32_f32's lanes are the integer's bits already
}
BITEXACT_INLINE constexpr float select(bool c, float a, float b) { return c ? a : b; }
BITEXACT_INLINE constexpr u32 select(bool c, u32 a, u32 b) { return c ? a : b; }
template <class C, class A, class B>
requires with_lanes<C, A, B> BITEXACT_INLINE auto select(C c, A a, B b) { return lanes_of<C, A, B>::select(c, a, b); }
template <class C, class FA, class FB>
BITEXACT_INLINE auto when(C c, FA fa, FB fb) {
  if constexpr (lanes<C>)
    return C::when(c, fa, fb);
  else
    return c ? fa() : fb();
}
template <class A, class B>
requires with_lanes<A, B> BITEXACT_INLINE auto copysign_f32(A sign_src, B mag_src) {
  return lanes_of<A, B>::copysign_f32(sign_src, mag_src);
}
template <lanes U>
BITEXACT_INLINE auto cvt_rn_f32_s32(U i) {
  return U::cvt_rn_f32_s32(i);
}
template <lanes U>
BITEXACT_INLINE auto cvt_rn_f32_u32(U i) {
  return U::cvt_rn_f32_u32(i);
}
// The ops with a .ftz form: NAME<M>(args) is lanes_of<args>::NAME<M>(args).
#define BITEXACT_PTX_LANE_FORM(name) \
  template <mode M, class... A>      \
  requires with_lanes<A...> BITEXACT_INLINE auto name(A... a) { return lanes_of<A...>::template name<M>(a...); }
BITEXACT_PTX_LANE_FORM(mul_rn_f32)
BITEXACT_PTX_LANE_FORM(add_rn_f32)
BITEXACT_PTX_LANE_FORM(sub_rn_f32)
BITEXACT_PTX_LANE_FORM(fma_rn_f32)
BITEXACT_PTX_LANE_FORM(fma_rm_f32)
BITEXACT_PTX_LANE_FORM(abs_f32)
BITEXACT_PTX_LANE_FORM(neg_f32)
BITEXACT_PTX_LANE_FORM(cvt_sat_f32_f32)
BITEXACT_PTX_LANE_FORM(setp_lt_f32)
BITEXACT_PTX_LANE_FORM(setp_ge_f32)
BITEXACT_PTX_LANE_FORM(setp_gt_f32)
BITEXACT_PTX_LANE_FORM(setp_eq_f32)
BITEXACT_PTX_LANE_FORM(cvt_rzi_f32_f32)
BITEXACT_PTX_LANE_FORM(cvt_rni_f32_f32)
BITEXACT_PTX_LANE_FORM(sqrt_rn_f32)
BITEXACT_PTX_LANE_FORM(div_rn_f32)
BITEXACT_PTX_LANE_FORM(rcp_rn_f32)
BITEXACT_PTX_LANE_FORM(cvt_rzi_s32_f32)
BITEXACT_PTX_LANE_FORM(add_rz_f32)
BITEXACT_PTX_LANE_FORM(max_f32)
BITEXACT_PTX_LANE_FORM(min_f32)
BITEXACT_PTX_LANE_FORM(setp_gtu_f32)
BITEXACT_PTX_LANE_FORM(setp_neu_f32)
BITEXACT_PTX_LANE_FORM(setp_nan_f32)
BITEXACT_PTX_LANE_FORM(cvt_rmi_f32_f32)

// ---- the instructions themselves, on an NVIDIA GPU ---------------------------------
// One inline-PTX statement per op (plus a selp where PTX gives a predicate,
// which asm cannot return: ptxas folds the selp and the caller's test back into
// the compare). Plain `asm` (not volatile), so that ptxas schedules, CSEs and
// removes them like any instruction; every rounding is explicit (.rn, .rz), so
// ptxas never contracts a mul with an add. Each op below calls these first on
// the device and keeps its model for the host and for constant evaluation
// (tested with __builtin_is_constant_evaluated, which, unlike
// std::is_constant_evaluated, nvcc accepts in device code without
// --expt-relaxed-constexpr).
//
// Under nvcc, mul, add, fma.rn and setp are instead the plain CUDA operation
// (__fmul_rn, __fadd_rn, __fmaf_rn, a C++ comparison) when the translation
// unit's -ftz flushes exactly as M does: nvcc then emits this very instruction
// (mul.rn{.ftz}.f32, setp.lt{.ftz}.f32, ...), and, unlike inline PTX, the
// compiler may evaluate it speculatively, so `c ? mul(x, k) : x` becomes a
// selp and not a branch (device/bench_repro.cu on the H200: logf went from
// 1.20x the native function's time to 1.00x, expm1f from 1.51x to 1.04x;
// vectors/device-logs/bench_repro_h200*.txt). The -ftz flag is read as
// libdevice reads it, __nvvm_reflect("__CUDA_FTZ"), a compile-time constant.
// Not under clang: there plain float operations flush by the function's
// denormal attribute, not by the reflect that decides __fmul_rn's form, so
// the two could differ. Under clang (the libdevice replacement bitcode that
// Triton links, device/build_cuda_bitcode.sh) fma.rn is the NVVM intrinsic
// that names its flush mode (__nvvm_fma_rn_f, __nvvm_fma_rn_ftz_f): LLVM may
// speculate and schedule it, and where it turns it into llvm.fma it does so
// only when the function's denormal mode is the intrinsic's, so the
// instruction stays this one. Not mul and add: LLVM turns their intrinsics
// into a plain fmul/fadd the same way, and a program compiled with fp fusion
// (Triton) may then contract the pair into an fma, which rounds once where
// these round twice. (In a Triton kernel on an H200 the fma intrinsic took
// logf from 1.15x the native time to 1.06x; the mul/add ones gave 1.00x but
// expm1f 1.28x: tools/scripts/device/triton_repro_bench.py, docs/history.md.)
#if defined(__CUDA_ARCH__)
#if !defined(__clang__)
extern "C" __device__ int __nvvm_reflect(const char*);
#define BITEXACT_NV_NATIVE_OPS 1
#define BITEXACT_NV_CLANG_FMA 0
#else
#define BITEXACT_NV_NATIVE_OPS 0
#define BITEXACT_NV_CLANG_FMA 1
#endif
namespace insn {
// True when the build's own f32 operations flush as M does (nvcc only).
template <mode M>
BITEXACT_INLINE bool build_flushes_as() {
#if BITEXACT_NV_NATIVE_OPS
  return (__nvvm_reflect("__CUDA_FTZ") != 0) == (M == mode::ftz);
#else
  return false;
#endif
}
template <mode M>
BITEXACT_INLINE float mul_rn_f32(float a, float b) {
#if BITEXACT_NV_NATIVE_OPS
  if (build_flushes_as<M>()) return __fmul_rn(a, b);
#endif
  float r;
  if constexpr (M == mode::ftz)
    asm("mul.rn.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  else
    asm("mul.rn.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
template <mode M>
BITEXACT_INLINE float add_rn_f32(float a, float b) {
#if BITEXACT_NV_NATIVE_OPS
  if (build_flushes_as<M>()) return __fadd_rn(a, b);
#endif
  float r;
  if constexpr (M == mode::ftz)
    asm("add.rn.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  else
    asm("add.rn.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
template <mode M>
BITEXACT_INLINE float fma_rn_f32(float a, float b, float c) {
#if BITEXACT_NV_NATIVE_OPS
  if (build_flushes_as<M>()) return __fmaf_rn(a, b, c);
#endif
#if BITEXACT_NV_CLANG_FMA
  if constexpr (M == mode::ftz)
    return __nvvm_fma_rn_ftz_f(a, b, c);
  else
    return __nvvm_fma_rn_f(a, b, c);
#endif
  float r;
  if constexpr (M == mode::ftz)
    asm("fma.rn.ftz.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c));
  else
    asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c));
  return r;
}
template <mode M>
BITEXACT_INLINE float fma_rz_f32(float a, float b, float c) {
  float r;
  if constexpr (M == mode::ftz)
    asm("fma.rz.ftz.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c));
  else
    asm("fma.rz.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c));
  return r;
}
// setp.CMP{.ftz}.f32 p, a, b; selp.u32 r, 1, 0, p  (CMP: lt, ge, ltu, gtu, leu;
// neu, geu, nan for powf). NATIVE: the C++ comparison nvcc compiles to that
// setp (an ordered one for lt and ge; the negation of an ordered one, an
// unordered fcmp, for the "u" forms and nan).
#define BITEXACT_PTX_SETP_F32(CMP, NATIVE)                                                       \
  template <mode M>                                                                              \
  BITEXACT_INLINE bool setp_##CMP##_f32(float a, float b) {                                      \
    if (BITEXACT_NV_NATIVE_OPS && build_flushes_as<M>()) return NATIVE;                          \
    unsigned r;                                                                                  \
    if constexpr (M == mode::ftz)                                                                \
      asm("{\n\t.reg .pred p;\n\tsetp." #CMP ".ftz.f32 p, %1, %2;\n\tselp.u32 %0, 1, 0, p;\n\t}" \
          : "=r"(r)                                                                              \
          : "f"(a), "f"(b));                                                                     \
    else                                                                                         \
      asm("{\n\t.reg .pred p;\n\tsetp." #CMP ".f32 p, %1, %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"     \
          : "=r"(r)                                                                              \
          : "f"(a), "f"(b));                                                                     \
    return r != 0;                                                                               \
  }
BITEXACT_PTX_SETP_F32(lt, a < b)
BITEXACT_PTX_SETP_F32(ge, a >= b)
BITEXACT_PTX_SETP_F32(eq, a == b)
BITEXACT_PTX_SETP_F32(ltu, !(a >= b))
BITEXACT_PTX_SETP_F32(gtu, !(a <= b))
BITEXACT_PTX_SETP_F32(leu, !(a > b))
BITEXACT_PTX_SETP_F32(neu, !(a == b))
BITEXACT_PTX_SETP_F32(geu, !(a < b))
BITEXACT_PTX_SETP_F32(nan, a != a || b != b)
#undef BITEXACT_PTX_SETP_F32
template <mode M>
BITEXACT_INLINE float abs_f32(float x) {
  float r;
  if constexpr (M == mode::ftz)
    asm("abs.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("abs.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
template <mode M>
BITEXACT_INLINE float neg_f32(float x) {
  float r;
  if constexpr (M == mode::ftz)
    asm("neg.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("neg.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
BITEXACT_INLINE float copysign_f32(float sign_src, float mag_src) {
  float r;
  asm("copysign.f32 %0, %1, %2;" : "=f"(r) : "f"(sign_src), "f"(mag_src));
  return r;
}
template <mode M>
BITEXACT_INLINE float cvt_rzi_f32_f32(float x) {
  float r;
  if constexpr (M == mode::ftz)
    asm("cvt.rzi.ftz.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("cvt.rzi.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
template <mode M>
BITEXACT_INLINE float div_approx_f32(float a, float b) {
  float r;
  if constexpr (M == mode::ftz)
    asm("div.approx.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  else
    asm("div.approx.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
}  // namespace insn
#endif

// ---- .ftz ------------------------------------------------------------------------
// The operand and result rule of a .ftz instruction: a subnormal (or zero)
// becomes a zero of the same sign; normal numbers, infinities and NaNs pass
// unchanged. mode::ieee: the identity. Branch-free: the value is ANDed with a
// mask that keeps only the sign when the exponent field is 0.
namespace detail {
// On the bit pattern, in an integer register: what the bit-level models
// below use, since they work on bits anyway.
template <mode M>
BITEXACT_INLINE constexpr float flush_int(float x) {
  if constexpr (M == mode::ieee) {
    return x;
  } else {
    const u32 u = bits_of(x);
    const u32 keep = 0u - u32((u & 0x7f800000u) != 0);  // ~0 or 0
    return f32_from(u & (keep | 0x80000000u));
  }
}
}  // namespace detail
// For values computed in floating-point registers (trig_reduction.hpp): on x86
// hosts the same mask, computed in the SSE register that holds x (no round
// trip through an integer register): keep = !(|x| < 2^-126), true for NaN.
// On a GPU the integer mask (three instructions); no PTX instruction flushes
// without also turning a NaN into the canonical one. trig_reduction.hpp needs
// none on an NVIDIA GPU, where its arithmetic is the .ftz instructions.
template <mode M>
BITEXACT_INLINE constexpr float flush(float x) {
#if !BITEXACT_DEVICE_PASS && defined(__SSE2__)
  if constexpr (M == mode::ftz) {
    if (!std::is_constant_evaluated()) {
      const __m128 v = _mm_set_ss(x);
      const __m128 sign = _mm_set_ss(-0.0f);
      const __m128 keep = _mm_cmpnlt_ss(_mm_andnot_ps(sign, v), _mm_set_ss(0x1p-126f));
      return _mm_cvtss_f32(_mm_and_ps(v, _mm_or_ps(keep, sign)));
    }
  }
#endif
  return detail::flush_int<M>(x);
}

namespace detail {

BITEXACT_INLINE constexpr bool is_nan(float x) { return (bits_of(x) & 0x7fffffffu) > 0x7f800000u; }
BITEXACT_INLINE constexpr bool is_nan(double x) { return (bits_of(x) & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
BITEXACT_INLINE constexpr bool is_finite(float x) { return (bits_of(x) & 0x7f800000u) != 0x7f800000u; }

// Exact binary32 -> binary64 widening, by bit manipulation (see the top note).
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

// rm (toward -inf): fma.rm of libdevice's exp10f (and expf).
enum class rounding { rn, rz, rm };

// Round the exact real  hi + dir * eps  to binary32, where hi is a binary64
// number and eps an infinitesimal (smaller than any binary64 ulp of hi):
// dir is the sign of what remains after hi (0: hi is exact). This is how an
// exact product, sum or quotient computed in binary64 (plus its error term)
// becomes a correctly rounded binary32 result with one rounding only. A NaN
// gives canonical_nan_f32; mode::ftz flushes a result below 2^-126 after rounding.
template <mode M>
BITEXACT_INLINE constexpr float round_to_f32(double hi, int dir, rounding rnd) {
  const u64 b = bits_of(hi);
  const u32 sign = u32(b >> 32) & 0x80000000u;
  const int e = int((b >> 52) & 0x7ffu);
  const u64 frac = b & 0x000fffffffffffffull;
  if (e == 0x7ff) return f32_from(frac ? canonical_nan_f32 : (sign | 0x7f800000u));
  if (e == 0 && frac == 0) return f32_from(sign);  // exact zero keeps its sign
  const int dmag = sign ? -dir : dir;              // residual direction in magnitude terms
  const int E = (e == 0 ? 1 : e) - 1023;           // unbiased exponent of hi's binade
  const u64 sig = e == 0 ? frac : (frac | (u64(1) << 52));
  // Rounding away from zero in magnitude: rm on a negative value.
  const bool away = rnd == rounding::rm && sign != 0;
  if (E > 127)  // beyond the binary32 range, whatever the rounding
    return f32_from(sign | (rnd == rounding::rn || away ? 0x7f800000u : 0x7f7fffffu));
  // Quantum of the binary32 result: 2^(E-23) for normals, 2^-149 below 2^-126.
  const int qexp = E >= -126 ? E - 23 : -149;
  const int shift = qexp - (E - 52);  // low bits of sig below the quantum (>= 29)
  // sig rounded at `shift` low bits in direction rnd (dmag: the residual's sign).
  auto round_at = [&](int sh) {
    u64 q = 0, rem = 1, half = 2;  // sh > 54: everything is far below half
    if (sh <= 54) {
      q = sig >> sh;
      rem = sig & ((u64(1) << sh) - 1);
      half = u64(1) << (sh - 1);
    }
    if (rnd == rounding::rn) {
      const bool up = rem != half ? rem > half : (dmag > 0 || (dmag == 0 && (q & 1)));
      return q + (up ? 1 : 0);
    }
    if (away) return (rem != 0 || dmag > 0) ? q + 1 : q;
    return (rem == 0 && dmag < 0) ? q - 1 : q;  // toward zero (rz; rm on a positive value)
  };
  const u64 mag = round_at(shift);
  // Bits of a binary32 with biased exponent B and integer significand mag:
  // ((B - 1) << 23) + mag; the addition carries into the exponent by itself.
  const u32 base = u32((E >= -126 ? E + 126 : 0)) << 23;
  u32 r = base + u32(mag);
  // .ftz: a tiny result becomes zero, tininess detected AFTER rounding to 24
  // bits with an unbounded exponent (IEEE 754's "after rounding"), not after
  // rounding to the subnormal quantum: (1 - 2^-24) 2^-126 is tiny (24 bits hold
  // it exactly) although it rounds to 2^-126 as a subnormal; (1 - 2^-44) 2^-126
  // is not (24-bit rounding carries to 2^-126). Only the binade below 2^-126
  // can carry (E = -127, 24-bit quantum 2^-150); lower binades are always tiny.
  // Rounding toward zero from just above 2^-126 (hi = 2^-126 exactly, a
  // negative residual) leaves the binade: (1 - 2^-24) 2^-126 is tiny too
  // (H100 and H200: fma.rm.ftz 0x00800000 0x8474c3a0 0x00800000 is +0).
  if (M == mode::ftz && (E < -126 ? !(E == -127 && round_at(29) >> 24) : r < 0x00800000u)) r = 0;
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

// Quiet a binary64 NaN: set the quiet bit, keep sign and payload.
BITEXACT_INLINE constexpr double quiet_f64(double nan) { return f64_from(bits_of(nan) | 0x0008000000000000ull); }
// The NaN an .f64 arithmetic instruction returns when its IEEE result is NaN.
BITEXACT_INLINE constexpr double nan_result_f64(double a, double b) {
  if (is_nan(b)) return quiet_f64(b);
  if (is_nan(a)) return quiet_f64(a);
  return f64_from(default_nan_f64);
}

// Either operand NaN (after the flush): the comparison is unordered.
BITEXACT_INLINE constexpr bool unordered(float a, float b) { return is_nan(a) || is_nan(b); }

}  // namespace detail

// ---- f32 arithmetic: mul, add, fma ------------------------------------------------
// Host fast path. Where every operand is a normal number or zero and the
// result a normal number above 2^-126 (no NaN, no infinity), mul.rn, add.rn
// and fma.rn of either FTZ form are IEEE 754's correctly rounded multiply,
// add and fusedMultiplyAdd: .ftz flushes nothing there (a result above 2^-126
// after IEEE rounding is not tiny under the instruction's rule either), and
// the NaN rule does not apply. So there the host takes the C library's fmaf
// (correctly rounded by the C standard; hardware FMA through glibc's ifunc)
// and, on x86, single mulss / addss as inline assembly, which the compiler
// can neither contract with a neighbour (-ffp-contract) nor evaluate in
// another precision; everywhere else the models below decide. The checks on
// the operands also keep MXCSR's DAZ (which the ocml models set around their
// own code) away from them, and the one on the result keeps FTZ away.
// Like the models, they assume the default rounding mode. Sweeps of the
// fma-heavy rows (logf, normcdff) became 2.3-2.4x faster (docs/history.md).
namespace detail {
BITEXACT_INLINE bool host_fast_operand(float x) {
  const u32 u = bits_of(x) & 0x7fffffffu;
  return u == 0 || u - 0x00800000u < 0x7f800000u - 0x00800000u;
}
BITEXACT_INLINE bool host_fast_result(float r) {
  const u32 u = bits_of(r) & 0x7fffffffu;
  return u - 0x00800001u < 0x7f800000u - 0x00800001u;  // 2^-126 < |r| < inf
}
#if !BITEXACT_DEVICE_PASS && defined(__SSE2__) && defined(__GNUC__)
#define BITEXACT_PTX_HOST_SSE_OPS 1
BITEXACT_INLINE float host_mulss(float a, float b) {
  asm("mulss %1, %0" : "+x"(a) : "x"(b));
  return a;
}
BITEXACT_INLINE float host_addss(float a, float b) {
  asm("addss %1, %0" : "+x"(a) : "x"(b));
  return a;
}
#else
#define BITEXACT_PTX_HOST_SSE_OPS 0
#endif
}  // namespace detail

// mul.rn{.ftz}.f32: the binary64 product of two binary32 numbers is exact.
template <mode M>
BITEXACT_INLINE float mul_rn_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  return insn::mul_rn_f32<M>(a, b);
#else
#if BITEXACT_PTX_HOST_SSE_OPS
  if (detail::host_fast_operand(a) && detail::host_fast_operand(b)) {
    const float r = detail::host_mulss(a, b);
    if (detail::host_fast_result(r)) return r;
  }
#endif
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  const double p = bitexact::mul(detail::widen(a), detail::widen(b));  // exact (or inf / NaN)
  return detail::round_to_f32<M>(p, 0, detail::rounding::rn);
#endif
}
// add.rn{.ftz}.f32: TwoSum gives the exact sum as s + err.
template <mode M>
BITEXACT_INLINE constexpr float add_rn_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::add_rn_f32<M>(a, b);
#elif BITEXACT_PTX_HOST_SSE_OPS
  if (!__builtin_is_constant_evaluated() && detail::host_fast_operand(a) && detail::host_fast_operand(b)) {
    const float r = detail::host_addss(a, b);
    if (detail::host_fast_result(r)) return r;
  }
#endif
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  const double wa = detail::widen(a), wb = detail::widen(b);
  if (!detail::is_finite(a) || !detail::is_finite(b))
    return detail::round_to_f32<M>(wa + wb, 0, detail::rounding::rn);  // inf or NaN
  double err = 0;
  const double s = detail::two_sum(wa, wb, err);
  return detail::round_to_f32<M>(s, detail::sign_of(err), detail::rounding::rn);
}
// fma.{rn,rz}{.ftz}.f32: a*b + c with a single rounding. The product is exact
// in binary64; TwoSum gives the sum as s + err exactly.
namespace detail {
template <mode M>
BITEXACT_INLINE float fma_f32(float a, float b, float c, rounding rnd) {
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b), c = detail::flush_int<M>(c);
  const double p = bitexact::mul(widen(a), widen(b));  // exact
  const double wc = widen(c);
  if (!is_finite(a) || !is_finite(b) || !is_finite(c))
    return round_to_f32<M>(p + wc, 0, rnd);  // inf or NaN: no rounding involved
  double err = 0;
  const double s = two_sum(p, wc, err);
  // IEEE 754: an exact zero sum is -0 under rounding toward -inf unless both
  // addends are +0 (the host's TwoSum, rounding to nearest, gives +0).
  if (rnd == rounding::rm && s == 0 && err == 0 && !(bits_of(p) == 0 && bits_of(wc) == 0))
    return f32_from(0x80000000u);
  return round_to_f32<M>(s, sign_of(err), rnd);
}
}  // namespace detail
template <mode M>
BITEXACT_INLINE float fma_rn_f32(float a, float b, float c) {
#if defined(__CUDA_ARCH__)
  return insn::fma_rn_f32<M>(a, b, c);
#else
#if !BITEXACT_DEVICE_PASS && defined(__GNUC__)
  if (detail::host_fast_operand(a) && detail::host_fast_operand(b) && detail::host_fast_operand(c)) {
    const float r = __builtin_fmaf(a, b, c);
    if (detail::host_fast_result(r)) return r;
  }
#endif
  return detail::fma_f32<M>(a, b, c, detail::rounding::rn);
#endif
}
template <mode M>
BITEXACT_INLINE float fma_rz_f32(float a, float b, float c) {
#if defined(__CUDA_ARCH__)
  return insn::fma_rz_f32<M>(a, b, c);
#else
  return detail::fma_f32<M>(a, b, c, detail::rounding::rz);
#endif
}

// ---- f32 comparisons: setp.{lt,ge,ltu,gtu,leu}{.ftz}.f32 --------------------------
// IEEE comparisons of the (flushed) operands, -0 == +0, through the monotone
// integer map bitexact::ordered. The ordered forms are false when an operand
// is NaN, the "u" forms true. The predicate is returned as a bool. (libdevice's
// fmodf uses these five.)
template <mode M>
BITEXACT_INLINE constexpr bool setp_lt_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::setp_lt_f32<M>(a, b);
#endif
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  return !detail::unordered(a, b) && ordered(a) < ordered(b);
}
template <mode M>
BITEXACT_INLINE constexpr bool setp_ge_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::setp_ge_f32<M>(a, b);
#endif
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  return !detail::unordered(a, b) && ordered(a) >= ordered(b);
}
template <mode M>
BITEXACT_INLINE constexpr bool setp_ltu_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::setp_ltu_f32<M>(a, b);
#endif
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  return detail::unordered(a, b) || ordered(a) < ordered(b);
}
template <mode M>
BITEXACT_INLINE constexpr bool setp_gtu_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::setp_gtu_f32<M>(a, b);
#endif
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  return detail::unordered(a, b) || ordered(a) > ordered(b);
}
template <mode M>
BITEXACT_INLINE constexpr bool setp_leu_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::setp_leu_f32<M>(a, b);
#endif
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  return detail::unordered(a, b) || ordered(a) <= ordered(b);
}

// ---- f32 sign operations: abs{.ftz}.f32, neg{.ftz}.f32, copysign.f32 ---------------
// abs and neg change only the sign bit of a number; a NaN operand gives the
// canonical NaN, as every f32 arithmetic instruction does (measured on the
// H100). The .ftz forms flush the operand first.
template <mode M>
BITEXACT_INLINE constexpr float abs_f32(float x) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::abs_f32<M>(x);
#endif
  if (detail::is_nan(x)) return f32_from(canonical_nan_f32);
  return f32_from(bits_of(detail::flush_int<M>(x)) & 0x7fffffffu);
}
template <mode M>
BITEXACT_INLINE constexpr float neg_f32(float x) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::neg_f32<M>(x);
#endif
  if (detail::is_nan(x)) return f32_from(canonical_nan_f32);
  return f32_from(bits_of(detail::flush_int<M>(x)) ^ 0x80000000u);
}
// `copysign.f32 d, a, b`: b's magnitude with a's sign (PTX has no .ftz form).
BITEXACT_INLINE constexpr float copysign_f32(float sign_src, float mag_src) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::copysign_f32(sign_src, mag_src);
#endif
  return f32_from((bits_of(mag_src) & 0x7fffffffu) | (bits_of(sign_src) & 0x80000000u));
}

// ---- round to integral: cvt.rzi{.ftz}.f32.f32, cvt.rpi{.ftz}.f32.f32, cvt.rpi.f64.f64
// Masking of the fraction bits: toward zero (trunc) or toward +inf (ceil).
// f32: a NaN gives canonical_nan_f32. f64: the input NaN quieted (H100).
template <mode M>
BITEXACT_INLINE constexpr float cvt_rzi_f32_f32(float x) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::cvt_rzi_f32_f32<M>(x);
#endif
  x = detail::flush_int<M>(x);
  const u32 b = bits_of(x);
  if (detail::is_nan(x)) return f32_from(canonical_nan_f32);
  const int e = int((b >> 23) & 0xffu) - 127;
  if (e >= 23) return x;                           // integral already (and inf)
  if (e < 0) return f32_from(b & 0x80000000u);     // |x| < 1 -> signed zero
  const u32 frac_mask = (u32(1) << (23 - e)) - 1;  // bits below the units place
  return f32_from(b & ~frac_mask);
}
template <mode M>
BITEXACT_INLINE constexpr float cvt_rpi_f32_f32(float x) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return ptx_cvt_rpi<M == mode::ftz>(x);  // the instruction itself
#endif
  x = detail::flush_int<M>(x);
  const u32 b = bits_of(x);
  if (detail::is_nan(x)) return f32_from(canonical_nan_f32);
  const bool neg = (b & 0x80000000u) != 0;
  const int e = int((b >> 23) & 0xffu) - 127;
  if (e >= 23) return x;                                        // integral already (and inf)
  if ((b & 0x7fffffffu) == 0) return x;                         // +-0
  if (e < 0) return f32_from(neg ? 0x80000000u : 0x3f800000u);  // (-1,0) -> -0, (0,1) -> 1
  const u32 frac_mask = (u32(1) << (23 - e)) - 1;
  if ((b & frac_mask) == 0) return x;
  // Negative: dropping the fraction moves toward +inf. Positive: round the
  // magnitude up; a carry out of the significand bumps the exponent correctly.
  return f32_from(neg ? (b & ~frac_mask) : ((b + frac_mask) & ~frac_mask));
}
BITEXACT_INLINE constexpr double cvt_rpi_f64_f64(double x) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return ptx_cvt_rpi(x);  // the instruction itself
#endif
  const u64 b = bits_of(x);
  if (detail::is_nan(x)) return detail::quiet_f64(x);  // H100: the input NaN, quieted
  const bool neg = (b >> 63) != 0;
  const int e = int((b >> 52) & 0x7ffu) - 1023;
  if (e >= 52) return x;
  if ((b & 0x7fffffffffffffffull) == 0) return x;
  if (e < 0) return f64_from(neg ? 0x8000000000000000ull : 0x3ff0000000000000ull);
  const u64 frac_mask = (u64(1) << (52 - e)) - 1;
  if ((b & frac_mask) == 0) return x;
  return f64_from(neg ? (b & ~frac_mask) : ((b + frac_mask) & ~frac_mask));
}

// ---- conversion: cvt.rn.f64.s64 ---------------------------------------------------
// cvt.rn.f64.s64 (sitofp i64 -> double): nearest even. Integer -> binary64
// conversions have no FTZ form, so the native conversion is the model.
BITEXACT_INLINE double cvt_rn_f64_s64(std::int64_t i) {
#if BITEXACT_DEVICE_PASS
  return __ll2double_rn(i);
#else
  return double(i);  // the host converts in the current (nearest) mode
#endif
}

// ---- f64 arithmetic: mul.rn.f64, add.rn.f64 ----------------------------------------
// IEEE binary64 (PTX has no .ftz for .f64, so the native operation is the
// model) with the NaN rule of the top note. mul goes through bitexact::mul so
// that no compiler contracts it with an addition of the caller's.
//
// add.rn.f64 with two NaN operands: PTX does not say which payload wins, and
// on the H100 it depends on the compiled context (ptxas may commute the
// operands of the DADD): the model is the SECOND operand, as in the committed
// H100 vectors of fmod (the edge kernel and the --repro bulk kernel of
// device/nv_native.cu, vectors/nv/); a kernel that evaluated only the native
// fmod returned the FIRST operand (block 0 of the uniform set, 6 both-NaN
// pairs: only "first on all six" reproduces that run's digest
// 0x9f2411fa1612d119). See docs/nv-arith.md.
BITEXACT_INLINE double mul_rn_f64(double a, double b) {
  const double p = bitexact::mul(a, b);
  return detail::is_nan(p) ? detail::nan_result_f64(a, b) : p;
}
BITEXACT_INLINE double add_rn_f64(double a, double b) {
  const double s = bitexact::add(a, b);
  return detail::is_nan(s) ? detail::nan_result_f64(a, b) : s;
}

// ---- approximate reciprocal and division (MUFU.RCP) ----------------------------------
// rcp.approx{.ftz}.f32: the SFU's reciprocal, modelled bit for bit by
// sfu::mufu_rcp (nv/rcp_approx.hpp: its table fitted to the H100 and checked
// on all 2^32 inputs, docs/nv-fast.md). The .ftz form is the unit alone; for
// the plain form ptxas (sm_90) scales the operand into the unit's range with
// IEEE multiplications:
//     s = |x| < 2^-126 ? 2^24 : 1;  s = |x| > 2^126 ? 1/4 : s;
//     result = s * MUFU.RCP(x * s)
// libdevice's fmodf uses the .ftz form as a seed that it refines and corrects
// until the quotient is exact. `rcp_perturb_ulps` is a test hook of the host
// model (ignored on the GPU): it moves the seed by that many ulps, or, with
// rcp_seed_correctly_rounded, replaces it by the correctly rounded 1/x.
namespace detail {
// The correctly rounded 1/x with FTZ on input and output: a table-free stand-in
// for MUFU.RCP, used only where a build cannot hold the table
// (BITEXACT_SFU_NO_TABLES: the amdgcn bitcode of the "nv" personality of
// device/build_replace_ocml_nv.sh, whose CPU route refuses global data). The
// two differ by at most one ulp, and libdevice's fmodf, the only user there,
// gives the same bits for seeds one ulp apart (tests/nv_arith_test.cpp).
BITEXACT_INLINE float rcp_correctly_rounded_ftz(float x) {
  x = flush_int<mode::ftz>(x);
  const u32 b = bits_of(x);
  if (is_nan(x)) return f32_from(canonical_nan_f32);
  if ((b & 0x7fffffffu) == 0) return f32_from((b & 0x80000000u) | 0x7f800000u);  // 1/+-0
  if ((b & 0x7fffffffu) == 0x7f800000u) return f32_from(b & 0x80000000u);        // 1/+-inf
  const double w = widen(x);
  const double d = 1.0 / w;                          // binary64 quotient
  const double res = bitexact::fma(-w, d, 1.0);      // exact residual 1 - w*d = w * (1/w - d)
  const int dir = sign_of(res) * (w > 0 ? 1 : -1);   // sign of 1/w - d
  return round_to_f32<mode::ftz>(d, dir, rounding::rn);
}
}  // namespace detail

}  // namespace ptx
namespace sfu {
// The lane form (bitexact/nv/ptx_lanes-inl.hpp).
template <ptx::lanes V>
BITEXACT_INLINE V mufu_rcp(V x) {
  return V::mufu_rcp(x);
}
}  // namespace sfu
namespace ptx {
template <mode M, sfu::arch A = sfu::arch::sm_90, class F = float>
BITEXACT_INLINE F rcp_approx_model(F x) {
  static_assert(A == sfu::arch::sm_90, "the SFU model is proved for sm_90 only (docs/nv-fast.md)");
  if constexpr (M == mode::ftz) {
#if defined(BITEXACT_SFU_NO_TABLES)
    return detail::rcp_correctly_rounded_ftz(x);
#else
    return sfu::mufu_rcp(x);
#endif
  } else {
    const auto a = bits_of(x) & 0x7fffffffu;
    const auto s =
        select(a < 0x00800000u, f32_from(0x4b800000u), select((a > 0x7e800000u) & (a <= 0x7f800000u), 0.25f, 1.0f));
    return mul_rn_f32<mode::ieee>(s, sfu::mufu_rcp(mul_rn_f32<mode::ieee>(x, s)));
  }
}
// Test hook value of rcp_perturb_ulps: the .ftz op returns the correctly
// rounded stand-in instead of the model (tests/nv_arith_test.cpp shows that
// libdevice's fmodf gives the same bits with either seed, which is what the
// BITEXACT_SFU_NO_TABLES build relies on).
inline constexpr int rcp_seed_correctly_rounded = 0x7fffffff;
template <mode M>
BITEXACT_INLINE float rcp_approx_f32(float x, int rcp_perturb_ulps = 0) {
#if defined(__CUDA_ARCH__)
  (void)rcp_perturb_ulps;
  float r;
  if constexpr (M == mode::ftz)
    asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("rcp.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
#else
  if (M == mode::ftz && rcp_perturb_ulps == rcp_seed_correctly_rounded) return detail::rcp_correctly_rounded_ftz(x);
  float r = rcp_approx_model<M>(x);
  if (rcp_perturb_ulps != 0 && (bits_of(r) & 0x7fffffffu) != 0 && detail::is_finite(r))
    r = f32_from(bits_of(r) + u32(rcp_perturb_ulps));  // test hook: a different seed
  return r;
#endif
}

namespace detail {
inline constexpr u32 two24_f32 = 0x4b800000u;  // 2^24: rescales a subnormal divisor
}  // namespace detail

// div.approx{.ftz}.f32: PTX defines it as a * (1/b) with an approximate
// reciprocal (max error 2 ulp for |b| in [2^-126, 2^126]; 0 for larger |b|).
// For a subnormal divisor without .ftz the model scales both operands by 2^24
// before the reciprocal (the quotient is unchanged), so that the reciprocal
// is finite. Taken literally, a * (1/b) would be inf for |b| < 2^-128 and fmodf
// would return inf; the H100 returns the exact fmod instead (1,242,174 such
// fast-path pairs in block 0 of the structured fmodf set match its digest).
// Which accurate mechanism the hardware uses cannot be seen from fmodf.
// On an NVIDIA GPU: the instruction itself (rcp_perturb_ulps is ignored).
template <mode M>
BITEXACT_INLINE float div_approx_f32(float a, float b, int rcp_perturb_ulps = 0) {
#if defined(__CUDA_ARCH__)
  (void)rcp_perturb_ulps;
  return insn::div_approx_f32<M>(a, b);
#else
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  const u32 bm = bits_of(b) & 0x7fffffffu;
  if (M == mode::ieee && bm != 0 && bm < 0x00800000u) {
    a = mul_rn_f32<mode::ieee>(a, f32_from(detail::two24_f32));
    b = mul_rn_f32<mode::ieee>(b, f32_from(detail::two24_f32));
  }
  return mul_rn_f32<M>(a, rcp_approx_f32<mode::ftz>(b, rcp_perturb_ulps));
#endif
}

// ---- integer: mad.lo.cc.u32 + madc.hi.u32 ---------------------------------------------
// The two-instruction sequence
//     mad.lo.cc.u32 lo, a, b, c;   madc.hi.u32 hi, a, b, 0;
// computes the full 64-bit a*b + c (which cannot overflow 64 bits).
BITEXACT_INLINE constexpr u64 mad_wide_u32(u32 a, u32 b, u32 c) { return u64(a) * b + c; }


// ---- exp10f, expm1f, log1pf, log10f (issue 34): fma.rm, cvt.sat, cvt.rni, add.rz,
// ---- cvt.rn.f32.s32, and the comparisons setp.gt / setp.eq --------------------------
// fma.rm{.ftz}.f32: a*b + c rounded toward -inf (libdevice's exp10f builds
// 2^n in the exponent field of fma.rm(s, 252, 0x1.800002p23)).
template <mode M>
BITEXACT_INLINE float fma_rm_f32(float a, float b, float c) {
#if defined(__CUDA_ARCH__)
  float r;
  if constexpr (M == mode::ftz)
    asm("fma.rm.ftz.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c));
  else
    asm("fma.rm.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c));
  return r;
#else
  return detail::fma_f32<M>(a, b, c, detail::rounding::rm);
#endif
}
// add.rz{.ftz}.f32: the exact sum (TwoSum) rounded toward zero; an exact zero
// sum of nonzero operands is +0 (IEEE, any rounding but rm). log1pf's 1 + x.
template <mode M>
BITEXACT_INLINE float add_rz_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  float r;
  if constexpr (M == mode::ftz)
    asm("add.rz.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  else
    asm("add.rz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
#else
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  const double wa = detail::widen(a), wb = detail::widen(b);
  if (!detail::is_finite(a) || !detail::is_finite(b))
    return detail::round_to_f32<M>(wa + wb, 0, detail::rounding::rz);  // inf or NaN
  double err = 0;
  const double s = detail::two_sum(wa, wb, err);
  return detail::round_to_f32<M>(s, detail::sign_of(err), detail::rounding::rz);
#endif
}
// cvt{.ftz}.sat.f32.f32 (llvm.nvvm.saturate{.ftz}.f): clamp to [0, 1]; a NaN
// gives +0 (PTX ISA: ".sat ... NaN results are flushed to +0.0f"). Every
// negative number, -0 included, gives +0 (H200: cvt.sat.f32.f32 -0 is +0).
template <mode M>
BITEXACT_INLINE float cvt_sat_f32_f32(float x) {
#if defined(__CUDA_ARCH__)
  float r;
  if constexpr (M == mode::ftz)
    asm("cvt.ftz.sat.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("cvt.sat.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
#else
  x = detail::flush_int<M>(x);
  const u32 b = bits_of(x);
  if (detail::is_nan(x)) return f32_from(0u);
  if (b & 0x80000000u) return f32_from(0u);        // negative, -0 too
  return b > 0x3f800000u ? 1.0f : x;               // above 1 (and +inf): 1
#endif
}
// cvt.rni{.ftz}.f32.f32: round to the nearest integer, ties to even (libdevice's
// llvm.nvvm.round.f in expm1f: NVVM and Triton's LLVM both emit cvt.rni for it).
// A NaN gives canonical_nan_f32; the sign of a zero result is x's.
template <mode M>
BITEXACT_INLINE constexpr float cvt_rni_f32_f32(float x) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) {
    float r;
    if constexpr (M == mode::ftz)
      asm("cvt.rni.ftz.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
    else
      asm("cvt.rni.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
    return r;
  }
#endif
  x = detail::flush_int<M>(x);
  if (detail::is_nan(x)) return f32_from(canonical_nan_f32);
  const u32 b = bits_of(x), sign = b & 0x80000000u, a = b & 0x7fffffffu;
  if (a >= 0x4b000000u) return x;                                 // |x| >= 2^23: integral (and inf)
  if (a < 0x3f800000u) return f32_from(sign | (a > 0x3f000000u ? 0x3f800000u : 0u));  // |x| < 1
  const int e = int(a >> 23) - 127;                               // 0..22
  const u32 unit = u32(1) << (23 - e), half = unit >> 1;          // 1.0 and 0.5 at this binade
  const u32 frac = a & (unit - 1);
  u32 t = a & ~(unit - 1);  // truncated; its bit `unit` is the integer's parity (e = 0: 1, odd)
  if (frac > half || (frac == half && (t & unit))) t += unit;     // a carry bumps the exponent
  return f32_from(sign | t);
}
// cvt.rn.f32.s32 (sitofp i32 -> float): nearest even, exact in binary64 first.
BITEXACT_INLINE float cvt_rn_f32_s32(std::int32_t i) {
#if defined(__CUDA_ARCH__)
  float r;
  asm("cvt.rn.f32.s32 %0, %1;" : "=f"(r) : "r"(i));
  return r;
#else
  return detail::round_to_f32<mode::ieee>(double(i), 0, detail::rounding::rn);  // int -> double is exact
#endif
}
// setp.gt{.ftz}.f32 and setp.eq{.ftz}.f32, from the ordered comparisons above:
// a > b is b < a; a == b (false for NaN, -0 == +0) is a >= b and b >= a.
template <mode M>
BITEXACT_INLINE constexpr bool setp_gt_f32(float a, float b) {
  return setp_lt_f32<M>(b, a);
}
template <mode M>
BITEXACT_INLINE constexpr bool setp_eq_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  // One setp.eq: the two compares and the branch of && cost a Triton kernel
  // time where libdevice's fcmp oeq is one instruction.
  if (!__builtin_is_constant_evaluated()) return insn::setp_eq_f32<M>(a, b);
#endif
  return setp_ge_f32<M>(a, b) && setp_ge_f32<M>(b, a);
}

// ---- sqrt.rn (nv/sqrtf.hpp) ----------------------------------------------------------
// sqrt.rn{.ftz}.f32: the correctly rounded square root. Host: the binary64
// square root (an IEEE operation, correctly rounded on every host) rounded to
// binary32; rounding twice is harmless for sqrt because 53 >= 2*24 + 2
// (Figueroa's theorem), so this is the correctly rounded binary32 sqrt.
// -0 gives -0, negatives and NaN the canonical NaN.
template <mode M>
BITEXACT_INLINE float sqrt_rn_f32(float x) {
#if defined(__CUDA_ARCH__)
  float r;
  if constexpr (M == mode::ftz)
    asm("sqrt.rn.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("sqrt.rn.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
#else
  x = detail::flush_int<M>(x);
  const u32 b = bits_of(x);
  if ((b & 0x7fffffffu) == 0) return x;  // +-0
  if (detail::is_nan(x) || (b & 0x80000000u)) return f32_from(canonical_nan_f32);
  return detail::round_to_f32<M>(__builtin_sqrt(detail::widen(x)), 0, detail::rounding::rn);
#endif
}
// ---- ops of powf (nv/powf.hpp) ---------------------------------------------------------
// sub.rn{.ftz}.f32, setp.{neu,geu,nan}{.ftz}.f32, cvt.rmi{.ftz}.f32.f32,
// cvt.rzi{.ftz}.s32.f32, cvt.rn.f32.u32. Same conventions as
// above: on an NVIDIA GPU the instruction, elsewhere an exact model.
#if defined(__CUDA_ARCH__)
namespace insn {
#define BITEXACT_PTX_UNARY_F32_POWF(NAME, MNEMONIC)                      \
  template <mode M>                                                      \
  BITEXACT_INLINE float NAME(float x) {                                  \
    float r;                                                             \
    if constexpr (M == mode::ftz)                                        \
      asm(MNEMONIC ".ftz.f32.f32 %0, %1;" : "=f"(r) : "f"(x));           \
    else                                                                 \
      asm(MNEMONIC ".f32.f32 %0, %1;" : "=f"(r) : "f"(x));               \
    return r;                                                            \
  }
BITEXACT_PTX_UNARY_F32_POWF(cvt_rmi_f32_f32, "cvt.rmi")
#undef BITEXACT_PTX_UNARY_F32_POWF
template <mode M>
BITEXACT_INLINE float sub_rn_f32(float a, float b) {
  float r;
  if constexpr (M == mode::ftz)
    asm("sub.rn.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  else
    asm("sub.rn.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
template <mode M>
BITEXACT_INLINE std::int32_t cvt_rzi_s32_f32(float x) {
  std::int32_t r;
  if constexpr (M == mode::ftz)
    asm("cvt.rzi.ftz.s32.f32 %0, %1;" : "=r"(r) : "f"(x));
  else
    asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(r) : "f"(x));
  return r;
}
}  // namespace insn
#endif

// sub.rn{.ftz}.f32: a - b is a + (-b) exactly (the sign flip is exact; a NaN
// result is canonical either way).
template <mode M>
BITEXACT_INLINE constexpr float sub_rn_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::sub_rn_f32<M>(a, b);
#endif
  return add_rn_f32<M>(a, f32_from(bits_of(b) ^ 0x80000000u));
}
// setp.{neu,geu,nan}{.ftz}.f32, as the five above (eq and gt: the block before).
template <mode M>
BITEXACT_INLINE constexpr bool setp_neu_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::setp_neu_f32<M>(a, b);
#endif
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  return detail::unordered(a, b) || ordered(a) != ordered(b);
}
template <mode M>
BITEXACT_INLINE constexpr bool setp_geu_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::setp_geu_f32<M>(a, b);
#endif
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  return detail::unordered(a, b) || ordered(a) >= ordered(b);
}
template <mode M>
BITEXACT_INLINE constexpr bool setp_nan_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::setp_nan_f32<M>(a, b);
#endif
  return detail::unordered(a, b);  // flushing never makes or unmakes a NaN
}
// cvt.rmi{.ftz}.f32.f32: toward -inf. f32 NaN: canonical_nan_f32. A zero or
// integral value is returned as is.
namespace detail {
// |x| < 2^23 and not NaN: x rounded to an integral value in direction `dir`
// (0: nearest even, -1: toward -inf), by integer masking of the significand.
BITEXACT_INLINE constexpr float round_integral_f32(float x, int dir) {
  const u32 b = bits_of(x);
  const u32 sign = b & 0x80000000u, mag = b & 0x7fffffffu;
  const int e = int(mag >> 23) - 127;
  if (e >= 23 || mag == 0) return x;
  if (e < 0) {  // 0 < |x| < 1
    if (dir == 0) return f32_from(sign | (mag > 0x3f000000u ? 0x3f800000u : 0u));  // 0.5 ties to 0
    return f32_from(sign ? 0xbf800000u : 0u);                                      // floor
  }
  const u32 sig = (mag & 0x7fffffu) | 0x800000u;
  const int sh = 23 - e;
  const u32 frac = sig & ((u32(1) << sh) - 1), half = u32(1) << (sh - 1);
  u32 q = sig >> sh;
  if (dir == 0) {
    if (frac > half || (frac == half && (q & 1))) ++q;
  } else if (sign && frac != 0) {
    ++q;  // toward -inf: the magnitude of a negative value rounds up
  }
  if (q == 0) return f32_from(sign);
  // q < 2^24: normalise back to binary32 (exact).
  int ex = 0;
  while ((q >> ex) > 1) ++ex;
  return f32_from(sign | (u32(ex + 127) << 23) | ((q << (23 - ex)) & 0x7fffffu));
}
}  // namespace detail
template <mode M>
BITEXACT_INLINE constexpr float cvt_rmi_f32_f32(float x) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::cvt_rmi_f32_f32<M>(x);
#endif
  x = detail::flush_int<M>(x);
  if (detail::is_nan(x)) return f32_from(canonical_nan_f32);
  return detail::round_integral_f32(x, -1);
}
// cvt.rzi{.ftz}.s32.f32: truncation to a 32-bit integer; PTX saturates
// out-of-range values to INT32_MIN / INT32_MAX and converts NaN to 0.
template <mode M>
BITEXACT_INLINE constexpr std::int32_t cvt_rzi_s32_f32(float x) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) return insn::cvt_rzi_s32_f32<M>(x);
#endif
  x = detail::flush_int<M>(x);
  if (detail::is_nan(x)) return 0;
  const u32 b = bits_of(x);
  const bool neg = (b >> 31) != 0;
  const int e = int((b >> 23) & 0xffu) - 127;
  if (e < 0) return 0;
  if (e >= 31) return neg ? std::int32_t(-2147483647 - 1) : std::int32_t(2147483647);
  const u32 sig = (b & 0x7fffffu) | 0x800000u;
  const u32 mag = e >= 23 ? sig << (e - 23) : sig >> (23 - e);
  return neg ? -std::int32_t(mag) : std::int32_t(mag);
}
// cvt.rn.f32.u32: integer to binary32, nearest even (no FTZ form; the binary64
// value is exact, so round_to_f32 rounds once).
BITEXACT_INLINE constexpr float cvt_rn_f32_u32(u32 i) {
#if defined(__CUDA_ARCH__)
  if (!__builtin_is_constant_evaluated()) {  // the instruction, not the model below (64-bit work)
    float r;
    asm("cvt.rn.f32.u32 %0, %1;" : "=f"(r) : "r"(i));
    return r;
  }
#endif
  return detail::round_to_f32<mode::ieee>(double(i), 0, detail::rounding::rn);
}

// ---- ops of atanf / asinf / acosf / atan2f (nv/atanf.hpp ...) -----------------------
// div.rn{.ftz}.f32 (llvm.nvvm.div.rn{.ftz}.f: CUDA 13.0's atan2f; and Triton's
// LLVM lowers an IEEE `fdiv` to it), rcp.rn{.ftz}.f32 (Triton's LLVM lowers
// `fdiv 1.0, x` to it: triton-ptx/atan.ptx), max{.ftz}.f32 and min{.ftz}.f32
// (llvm.nvvm.fmax/fmin{.ftz}.f: Triton's atan2f). Same conventions as above.
#if defined(__CUDA_ARCH__)
namespace insn {
#define BITEXACT_PTX_BINARY_F32_ATAN(NAME, MNEMONIC)                                 \
  template <mode M>                                                                  \
  BITEXACT_INLINE float NAME(float a, float b) {                                     \
    float r;                                                                         \
    if constexpr (M == mode::ftz)                                                    \
      asm(MNEMONIC ".ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));               \
    else                                                                             \
      asm(MNEMONIC ".f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));                   \
    return r;                                                                        \
  }
BITEXACT_PTX_BINARY_F32_ATAN(div_rn_f32, "div.rn")
BITEXACT_PTX_BINARY_F32_ATAN(max_f32, "max")
BITEXACT_PTX_BINARY_F32_ATAN(min_f32, "min")
#undef BITEXACT_PTX_BINARY_F32_ATAN
template <mode M>
BITEXACT_INLINE float rcp_rn_f32(float x) {
  float r;
  if constexpr (M == mode::ftz)
    asm("rcp.rn.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("rcp.rn.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
}  // namespace insn
#endif

// div.rn{.ftz}.f32: the correctly rounded quotient (PTX: IEEE 754 division,
// round to nearest even). Host: the binary64 quotient q = a / b is rounded
// once (an IEEE operation on any host); the remainder a - q b is exact in
// binary64 for binary32 operands (|a| >= 2^-149, so nothing underflows), and
// its sign, times b's, says on which side of q the exact quotient lies: the
// residual direction that round_to_f32 needs to round q once more, correctly,
// to binary32. Specials (0/0, inf/inf: canonical NaN; x/0: inf; x/inf: 0) come
// from the binary64 quotient itself. mode::ftz flushes the operands and a
// result below 2^-126 (after rounding) to a zero of the same sign.
template <mode M>
BITEXACT_INLINE float div_rn_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  return insn::div_rn_f32<M>(a, b);
#else
  a = detail::flush_int<M>(a), b = detail::flush_int<M>(b);
  const double wa = detail::widen(a), wb = detail::widen(b);
  const double q = wa / wb;
  if (!detail::is_finite(a) || !detail::is_finite(b) || (bits_of(b) & 0x7fffffffu) == 0 ||
      (bits_of(a) & 0x7fffffffu) == 0)
    return detail::round_to_f32<M>(q, 0, detail::rounding::rn);  // exact: 0, inf or NaN
  const double rem = bitexact::fma(-q, wb, wa);                  // a - q b, exact
  const int dir = detail::sign_of(rem) * detail::sign_of(wb);
  return detail::round_to_f32<M>(q, dir, detail::rounding::rn);
#endif
}
// rcp.rn{.ftz}.f32: the correctly rounded 1/x, i.e. div.rn(1, x) bit for bit
// (both are the one correctly rounded value; 1/+-0 = +-inf, 1/+-inf = +-0).
template <mode M>
BITEXACT_INLINE float rcp_rn_f32(float x) {
#if defined(__CUDA_ARCH__)
  return insn::rcp_rn_f32<M>(x);
#else
  return div_rn_f32<M>(1.0f, x);
#endif
}
// max{.ftz}.f32 / min{.ftz}.f32 (PTX ISA: a NaN operand is ignored, two NaNs
// give the canonical NaN; .ftz flushes subnormal operands). Equal zeros of
// opposite signs: max gives +0, min -0 (assumed from IEEE 754-2019
// maximumNumber/minimumNumber; Triton's atan2f, their only user, passes them
// absolute values, which are never -0, so it is not exercised there).
namespace detail {
template <mode M>
BITEXACT_INLINE constexpr float minmax_f32(float a, float b, bool want_max) {
  a = flush_int<M>(a), b = flush_int<M>(b);
  if (is_nan(a) && is_nan(b)) return f32_from(canonical_nan_f32);
  if (is_nan(a)) return b;
  if (is_nan(b)) return a;
  const auto oa = ordered(a), ob = ordered(b);
  if (oa == ob) {  // equal values; only +0/-0 can differ in bits
    const bool a_neg = (bits_of(a) >> 31) != 0;
    return want_max ? (a_neg ? b : a) : (a_neg ? a : b);
  }
  return (oa > ob) == want_max ? a : b;
}
}  // namespace detail
template <mode M>
BITEXACT_INLINE float max_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  return insn::max_f32<M>(a, b);
#else
  return detail::minmax_f32<M>(a, b, true);
#endif
}
template <mode M>
BITEXACT_INLINE float min_f32(float a, float b) {
#if defined(__CUDA_ARCH__)
  return insn::min_f32<M>(a, b);
#else
  return detail::minmax_f32<M>(a, b, false);
#endif
}

template <mode M, lanes V>
BITEXACT_INLINE V rcp_approx_f32(V x) {
  return rcp_approx_model<M>(x);
}
// div.approx on lanes: the lane type's (a * rcp.approx.ftz(b), as above,
// where neither operand is subnormal).
template <mode M, class A, class B>
requires with_lanes<A, B> BITEXACT_INLINE auto div_approx_f32(A a, B b) {
  return lanes_of<A, B>::template div_approx_f32<M>(a, b);
}

}  // namespace ptx
}  // namespace bitexact::nv
