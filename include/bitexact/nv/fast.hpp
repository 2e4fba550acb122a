// bitexact/nv/fast.hpp — NVIDIA's fast math: the CUDA intrinsics __sinf,
// __cosf, __tanf, __expf, __exp10f, __logf, __log2f, __log10f, __fdividef,
// and what `nvcc -use_fast_math` makes of the accurate functions (the
// implementation "nv-fast"). docs/nv-fast.md.
//
// Each intrinsic is written as the instruction sequence nvcc 13.0 emits for
// sm_90 (SASS read with cuobjdump, device/sfu_probe.cu): SFU ops
// (nv/*_approx.hpp) and IEEE or FTZ multiplications. M is the build's -ftz:
// mode::ieee for -ftz=false, mode::ftz for -ftz=true (and -use_fast_math).
// On the host every op is its model, on a GPU its instruction (nv/ptx.hpp),
// so the same code is the reproduction on both. Checked against the H100 on
// all 2^32 inputs, both builds (vectors/nv/sfu_digests.json).
//
// -use_fast_math (-ftz=true -prec-div=false -prec-sqrt=false -fmad=true)
// turns sinf/cosf into __sinf/__cosf and leaves fmodf, fmod, ceilf, ceil as
// the accurate libdevice functions of the FTZ build (row<F> below says which
// functions it changes): H100 digests of the
// native functions built that way equal those of sin.approx.ftz, cos.approx.ftz
// and nv-ftz on every block of the standard sets (vectors/nv/digests.json,
// impl "nv-fast").
#pragma once

#include <string_view>

#include "bitexact/functions.hpp"
#include "bitexact/nv/cos_approx.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/lg2_approx.hpp"
#include "bitexact/nv/nv.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/sin_approx.hpp"
#include "bitexact/nv/tanh_approx.hpp"

namespace bitexact::nv::fast {

// Multipliers nvcc puts next to the SFU ops (SASS immediates, as binary32):
inline constexpr std::uint32_t log2_e_bits = 0x3fb8aa3bu;     // __expf:   x * log2(e)  (1.44269502)
inline constexpr std::uint32_t log2_10_bits = 0x40549a78u;    // __exp10f: x * log2(10) (3.32192802)
inline constexpr std::uint32_t ln_2_bits = 0x3f317218u;       // __logf:   lg2(x) * ln(2)  (0.693147182)
inline constexpr std::uint32_t log10_2_bits = 0x3e9a209bu;    // __log10f: lg2(x) * log10(2) (0.30103001)

// __sinf, __cosf: FMUL.RZ by 1/(2 pi) and MUFU.SIN / MUFU.COS, in either build.
// Written against the lane forms (ptx.hpp): F is float or the SIMD lane type
// (the span forms, nv/fast_span.hpp).
template <mode M, class F = float>
BITEXACT_INLINE F sinf(F x) {
  return ptx::sin_approx_f32<M>(x);
}
template <mode M, class F = float>
BITEXACT_INLINE F cosf(F x) {
  return ptx::cos_approx_f32<M>(x);
}
// __tanf: sin and cos of the same turn count, then sin * MUFU.RCP(cos). The
// IEEE build scales both by 2^24 when |cos| < 2^-126 (only a zero cos reaches
// that: the units return no subnormals), which changes no result.
template <mode M, class F = float>
BITEXACT_INLINE F tanf(F x) {
  const F s = ptx::sin_approx_f32<M>(x), c = ptx::cos_approx_f32<M>(x);
  return ptx::mul_rn_f32<M>(s, ptx::rcp_approx_f32<mode::ftz>(c));
}
// __expf, __exp10f: one multiplication, then ex2.approx (its plain form in the
// IEEE build: halving below -126 and squaring after).
template <mode M, class F = float>
BITEXACT_INLINE F expf(F x) {
  return ptx::ex2_approx_f32<M>(ptx::mul_rn_f32<M>(x, ptx::f32_from(log2_e_bits)));
}
template <mode M, class F = float>
BITEXACT_INLINE F exp10f(F x) {
  return ptx::ex2_approx_f32<M>(ptx::mul_rn_f32<M>(x, ptx::f32_from(log2_10_bits)));
}
// __log2f is lg2.approx; __logf, __log10f scale it by one multiplication.
template <mode M, class F = float>
BITEXACT_INLINE F log2f(F x) {
  return ptx::lg2_approx_f32<M>(x);
}
template <mode M, class F = float>
BITEXACT_INLINE F logf(F x) {
  return ptx::mul_rn_f32<M>(ptx::lg2_approx_f32<M>(x), ptx::f32_from(ln_2_bits));
}
template <mode M, class F = float>
BITEXACT_INLINE F log10f(F x) {
  return ptx::mul_rn_f32<M>(ptx::lg2_approx_f32<M>(x), ptx::f32_from(log10_2_bits));
}
// __powf (libdevice __nv_fast_powf): lg2.approx(x), one multiplication by y,
// ex2.approx, each in the build's flush mode.
template <mode M, class F = float>
BITEXACT_INLINE F powf(F x, F y) {
  return ptx::ex2_approx_f32<M>(ptx::mul_rn_f32<M>(y, ptx::lg2_approx_f32<M>(x)));
}
// __tanhf (libdevice __nv_fast_tanhf, only in CUDA 13.0's file): on sm_73 and
// later (__nvvm_reflect("__CUDA_ARCH") >= 730) the instruction tanh.approx.f32,
// which has no .ftz form. -use_fast_math makes tanhf this (the H200, all 2^32
// inputs: vectors/device-logs).
BITEXACT_INLINE float tanhf(float x) { return ptx::tanh_approx_f32<mode::ieee>(x); }
// __fdividef(x, y) = div.approx: x * MUFU.RCP(y), both operands scaled by 2^24
// first in the IEEE build when |y| < 2^-126 (nv/ptx.hpp, div_approx_f32).
template <mode M, class F = float>
BITEXACT_INLINE F fdividef(F x, F y) {
  return ptx::div_approx_f32<M>(x, y);
}

// What `nvcc -use_fast_math` makes of the accurate functions: the
// implementation "nv-fast".
BITEXACT_INLINE float use_fast_math_sinf(float x) { return sinf<mode::ftz>(x); }
BITEXACT_INLINE float use_fast_math_cosf(float x) { return cosf<mode::ftz>(x); }
// sqrtf: -prec-sqrt=false sets __CUDA_PREC_SQRT to 0, so libdevice's FTZ
// sqrtf is sqrt.approx.ftz.f32 (nv/sqrtf.hpp).
inline constexpr build nvcc_use_fast_math{libdevice_file::cuda13_0, mode::ftz, mode::ftz, false};
BITEXACT_INLINE float use_fast_math_sqrtf(float x) { return nv::sqrtf<nvcc_use_fast_math>(x); }
BITEXACT_INLINE float use_fast_math_hypotf(float x, float y) { return nv::hypotf<nvcc_use_fast_math>(x, y); }

// The accurate functions -use_fast_math changes beyond FTZ, which therefore
// need their own entry in the table below:
//   - the CUDA C++ Programming Guide's list of functions the header replaces
//     by an intrinsic under -use_fast_math ("Intrinsic Functions"): sinf cosf
//     tanf sincosf logf log2f log10f expf exp10f powf, and in CUDA 13.0 tanhf
//     (__tanhf: found on the H200, where -use_fast_math's tanhf differed from
//     the FTZ libdevice code on 256,135,964 inputs);
//   - the functions whose libdevice code reads __nvvm_reflect("__CUDA_PREC_SQRT")
//     (-prec-sqrt=false): sqrtf hypotf normf norm3df norm4df jnf;
//   - the functions whose libdevice code holds an IR `fdiv float`, which
//     -prec-div=false lowers to an approximate division: expf exp10f y1f ynf
//     jnf erfcxf powif.
// The last two lists are read from CUDA 13.0's libdevice.10.bc
// (llvm-dis, the functions referring to the string "__CUDA_PREC_SQRT", and
// those with an `fdiv float`). Every other function is the accurate
// libdevice function of the FTZ build (-use_fast_math implies -ftz=true;
// -fmad=true is nvcc's default anyway): the table's default below.
inline constexpr std::string_view changed_by_use_fast_math[] = {
    "sinf", "cosf", "tanf", "sincosf", "logf", "log2f", "log10f", "expf", "exp10f", "powf", "tanhf",
    "sqrtf", "hypotf", "normf", "norm3df", "norm4df", "jnf", "y1f", "ynf", "erfcxf", "powif"};
BITEXACT_INLINE constexpr bool is_changed_by_use_fast_math(std::string_view name) {
  for (std::string_view n : changed_by_use_fast_math)
    if (n == name) return true;
  return false;
}

// libdevice<F>: the accurate libdevice function of the FTZ build, for every
// BITEXACT_FUNCTION row (FTZ does not apply to binary64: nv::NAME).
template <Fn F>
struct libdevice;
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                                          \
  template <>                                                                                            \
  struct libdevice<Fn::name> {                                                                           \
    static BITEXACT_INLINE type ftz(BITEXACT_PARAMS_##arity(type)) {                                     \
      if constexpr (sizeof(type) == 4)                                                                   \
        return nv::name##_ftz(BITEXACT_ARGS_##arity);                                                    \
      else                                                                                               \
        return nv::name(BITEXACT_ARGS_##arity);                                                          \
    }                                                                                                    \
    static constexpr const char* what = sizeof(type) == 4 ? "libdevice " #name ", FTZ" : "libdevice " #name; \
  };
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

// ---- every row of bitexact/functions.def -------------------------------------
// row<F>: what the implementations "nv-fast" and "nv-intrinsics" evaluate
// for function F (src/impls/nv_fast_impls.cpp expands every row into these):
//   fast, fast_what            the function -use_fast_math makes of F (nv-fast)
//                              and its description; nullptr: no nv-fast entry
//   intrinsic, intrinsic_what  the intrinsic computing F in a default
//                              (-ftz=false) build (nv-intrinsics); nullptr: none
// A BITEXACT_FUNCTION row that -use_fast_math leaves as libdevice's FTZ code
// needs nothing here (the primary template); one it changes
// (changed_by_use_fast_math) and every BITEXACT_NV_FUNCTION row needs its
// entry below: without one it does not compile (the check after the table).
template <Fn F>
struct row {
  static_assert(fn_desc_of(F).target.empty(), "a BITEXACT_NV_FUNCTION row needs its entry in nv::fast::row");
  static_assert(!is_changed_by_use_fast_math(fn_desc_of(F).name),
                "-use_fast_math changes this function: give it its entry in nv::fast::row");
  static constexpr typename fn_traits<F>::signature* fast = &libdevice<F>::ftz;
  static constexpr const char* fast_what = libdevice<F>::what;
  static constexpr typename fn_traits<F>::signature* intrinsic = nullptr;
  static constexpr const char* intrinsic_what = "";
};
#define BITEXACT_NV_FAST_ROW(fn_, fast_, fast_what_, intrinsic_, intrinsic_what_) \
  template <>                                                                     \
  struct row<Fn::fn_> {                                                           \
    static constexpr fn_traits<Fn::fn_>::signature* fast = fast_;                 \
    static constexpr const char* fast_what = fast_what_;                          \
    static constexpr fn_traits<Fn::fn_>::signature* intrinsic = intrinsic_;       \
    static constexpr const char* intrinsic_what = intrinsic_what_;                \
  };
BITEXACT_NV_FAST_ROW(sinf, &use_fast_math_sinf, "__sinf (sin.approx.ftz)", &sinf<mode::ieee>, "__sinf")
BITEXACT_NV_FAST_ROW(cosf, &use_fast_math_cosf, "__cosf (cos.approx.ftz)", &cosf<mode::ieee>, "__cosf")
BITEXACT_NV_FAST_ROW(sqrtf, &use_fast_math_sqrtf, "libdevice sqrtf, FTZ, -prec-sqrt=false (sqrt.approx.ftz)", nullptr, "")
BITEXACT_NV_FAST_ROW(hypotf, &use_fast_math_hypotf, "libdevice hypotf, FTZ, -prec-sqrt=false (sqrt.approx.ftz)", nullptr,
                     "")
BITEXACT_NV_FAST_ROW(powf, &powf<mode::ftz>, "__powf (lg2.approx.ftz, ex2.approx.ftz)", &powf<mode::ieee>,
                     "__powf (lg2.approx, ex2.approx)")
BITEXACT_NV_FAST_ROW(tanhf, &tanhf, "__tanhf (tanh.approx.f32)", &tanhf, "__tanhf (tanh.approx.f32)")
BITEXACT_NV_FAST_ROW(sin_approx, nullptr, "", nullptr, "")
BITEXACT_NV_FAST_ROW(cos_approx, nullptr, "", nullptr, "")
BITEXACT_NV_FAST_ROW(ex2_approx, nullptr, "", nullptr, "")
BITEXACT_NV_FAST_ROW(lg2_approx, nullptr, "", nullptr, "")
BITEXACT_NV_FAST_ROW(rcp_approx, nullptr, "", nullptr, "")
BITEXACT_NV_FAST_ROW(rsqrt_approx, nullptr, "", nullptr, "")
BITEXACT_NV_FAST_ROW(sqrt_approx, nullptr, "", nullptr, "")
BITEXACT_NV_FAST_ROW(tanh_approx, nullptr, "", nullptr, "")
BITEXACT_NV_FAST_ROW(expf, &expf<mode::ftz>, "__expf", &expf<mode::ieee>, "__expf")
BITEXACT_NV_FAST_ROW(exp10f, &exp10f<mode::ftz>, "__exp10f", &exp10f<mode::ieee>, "__exp10f")
BITEXACT_NV_FAST_ROW(logf, &logf<mode::ftz>, "__logf", &logf<mode::ieee>, "__logf")
BITEXACT_NV_FAST_ROW(log2f, &log2f<mode::ftz>, "__log2f (lg2.approx.ftz)", &log2f<mode::ieee>, "__log2f (lg2.approx)")
BITEXACT_NV_FAST_ROW(log10f, &log10f<mode::ftz>, "__log10f", &log10f<mode::ieee>, "__log10f")
BITEXACT_NV_FAST_ROW(tanf, &tanf<mode::ftz>, "__tanf", &tanf<mode::ieee>, "__tanf")
BITEXACT_NV_FAST_ROW(fdividef, &fdividef<mode::ftz>, "__fdividef (div.approx.ftz)", &fdividef<mode::ieee>,
                     "__fdividef (div.approx)")
#undef BITEXACT_NV_FAST_ROW
// Instantiates every row's entry: a changed function or a BITEXACT_NV_FUNCTION
// row without its entry fails the primary template's static_asserts.
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) static_assert(sizeof(row<Fn::name>) > 0);
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) static_assert(sizeof(row<Fn::name>) > 0);
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION

// What -use_fast_math makes of F, called (row<F>::fast). A template, so that a
// program compiled for another build never instantiates it: device/bench_repro.cu
// and device/nv_native.cu call it in their -use_fast_math build only.
template <Fn F, class... A>
BITEXACT_INLINE auto call(A... a) {
  constexpr auto f = row<F>::fast;
  return f(a...);
}

}  // namespace bitexact::nv::fast
