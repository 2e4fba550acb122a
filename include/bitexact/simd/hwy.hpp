// bitexact/simd/hwy.hpp — the portable SIMD layer: Google Highway's operations
// (Debian's libhwy-dev, headers only) instantiated for a fixed list of targets,
// whatever the translation unit's -m flags:
//
//   x86-64    N_AVX2 (AVX2, FMA, BMI2, F16C, AES, ...: Highway's AVX2 target) and
//             N_AVX3 (AVX2 + AVX-512 F/VL/DQ/BW; the kernels add CD)
//   aarch64   N_NEON (Highway's static target there) and N_SVE
//
// and nothing else: Highway's SSSE3, SCALAR and EMU128 emulations round
// Ceil's signed zeros wrongly in 1.0.3 and compute MulAdd unfused, so the
// project's own scalar code stays the fallback below AVX2. Kernels are written
// once, in a file without include guard, and compiled per target by
// bitexact/simd/foreach.hpp; the owner header picks one at run time through
// bitexact/dispatch.hpp (BITEXACT_SIMD_RETURN below), so dispatch::cap and
// BITEXACT_ISA reach every SIMD path, and no part of libhwy is linked
// (HWY_EXPORT, HWY_DYNAMIC_DISPATCH and foreach_target.h are never used: a
// translation unit that uses them cannot include this header, as Highway has
// one toggle scheme per translation unit).
//
//   BITEXACT_SIMD       1 where the layer is compiled in: host GCC or Clang on
//                       x86-64 or aarch64, not a CUDA/HIP compiler (nvcc's and
//                       hipcc's host passes get the scalar spans, the same
//                       bits), Highway's headers found, and not
//                       -DBITEXACT_NO_SIMD (the consumer's opt-out)
//   BITEXACT_SIMD_SVE   1 on aarch64 where the SVE kernels are compiled too
//
// Bits: every Highway op the kernels use is one IEEE operation per lane (or an
// exact integer one); GCC contracts a vector Mul feeding an Add into an fma
// even at its default -ffp-contract, so kernels pass such products through
// pin (bitexact/simd/common-inl.hpp) or write MulAdd where the vendor fuses. The determinism
// matrix builds the kernels with -ffp-contract=fast|on|off under g++ and clang.
//
// Highway 1.0.3 needs two definitions before its first inclusion:
// HWY_WANT_AVX3_DL (else -march=native on an AVX-512 VNNI host stops at an
// #error of detect_targets.h) and HWY_IS_DEBUG_BUILD 0 (else an -O0 build
// compiles assertions that call hwy::Abort, which lives in libhwy). So this
// header must come before any other inclusion of hwy/highway.h.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/dispatch.hpp"

#if defined(BITEXACT_NO_SIMD) || BITEXACT_DEVICE_COMPILER || defined(__AMDGPU__) || \
    !(defined(__GNUC__) || defined(__clang__)) || !(defined(__x86_64__) || defined(__aarch64__))
#define BITEXACT_SIMD 0
#elif defined(__has_include)
#if __has_include(<hwy/highway.h>)
#define BITEXACT_SIMD 1
#else
#define BITEXACT_SIMD 0
#endif
#else
#define BITEXACT_SIMD 0
#endif

#if BITEXACT_SIMD
#ifndef HWY_WANT_AVX3_DL
#define HWY_WANT_AVX3_DL 1
#endif
#ifndef HWY_IS_DEBUG_BUILD
#define HWY_IS_DEBUG_BUILD 0
#endif
#include <hwy/highway.h>
#if HWY_MAJOR < 1
#error "bitexact: Highway 1.0 or newer is needed (Ubuntu 22.04 has 0.15): define BITEXACT_NO_SIMD for scalar spans"
#endif

// A further pass over highway.h per target of the fixed list
// (bitexact/simd/target_pass.hpp) declares its ops in hwy::N_<TARGET>.
#if HWY_ARCH_X86_64
#define BITEXACT_SIMD_SVE 0
#if HWY_STATIC_TARGET != HWY_AVX2
#undef HWY_TARGET
#define HWY_TARGET HWY_AVX2
#include "bitexact/simd/target_pass.hpp"
#endif
#if HWY_STATIC_TARGET != HWY_AVX3
#undef HWY_TARGET
#define HWY_TARGET HWY_AVX3
#include "bitexact/simd/target_pass.hpp"
#endif
#elif HWY_ARCH_ARM_A64
// NEON is the static target. SVE: GCC only (Highway 1.0.3 attains it through
// GCC's target attributes; clang 15 lacks them for SVE).
#if HWY_COMPILER_GCC_ACTUAL && HWY_HAVE_RUNTIME_DISPATCH && !defined(BITEXACT_NO_SVE)
#define BITEXACT_SIMD_SVE 1
#if HWY_STATIC_TARGET != HWY_SVE
#undef HWY_TARGET
#define HWY_TARGET HWY_SVE
#include "bitexact/simd/target_pass.hpp"
#endif
#else
#define BITEXACT_SIMD_SVE 0
#endif
#endif

// Back to the static target's macros (HWY_NAMESPACE, HWY_ATTR) for any code
// after this header; the kernels name their namespace themselves.
#undef HWY_TARGET
#define HWY_TARGET HWY_STATIC_TARGET
#include <hwy/ops/set_macros-inl.h>

// The target strings the kernels are compiled with (foreach.hpp). AVX3 adds
// AVX-512 CD (64-bit leading-zero counts); dispatch.hpp asks the CPU for
// every feature named here before it runs a kernel.
#define BITEXACT_SIMD_STR_AVX2 HWY_TARGET_STR_AVX2
#define BITEXACT_SIMD_STR_AVX3 HWY_TARGET_STR_AVX3 ",avx512cd"
#define BITEXACT_SIMD_STR_SVE "+sve"
// Highway 1.0.3 compiles its static NEON ops with "+crypto" where it can
// dispatch at run time; code calling them must carry the same attribute.
#if HWY_ARCH_ARM_A64 && HWY_HAVE_RUNTIME_DISPATCH
#define BITEXACT_SIMD_STR_NEON "+crypto"
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace bitexact::simd {
// The most lanes of T a vector of any target holds (SVE's 2048 bits): the
// size of a kernel's buffer for one vector.
template <class T>
inline constexpr std::size_t max_lanes = 256 / sizeof(T);
}  // namespace bitexact::simd

#endif  // BITEXACT_SIMD

// BITEXACT_SIMD_DISPATCH(otherwise, ns, call(args)): the value of
// ns::N_<target>::call(args) for the target of dispatch::host_level(), or of
// `otherwise` where no kernel applies (levels below avx2_fma / neon, or a
// build without the layer, where ns::N_* need not exist).
// The wide and the narrow target: AVX-512 and AVX2 (levels avx512 and
// avx2_fma), SVE and NEON (levels sve and neon, the same numbers); without
// SVE kernels both are NEON.
#if BITEXACT_SIMD && HWY_ARCH_X86_64
#define BITEXACT_SIMD_WIDE_ N_AVX3
#define BITEXACT_SIMD_NARROW_ N_AVX2
#elif BITEXACT_SIMD && HWY_ARCH_ARM_A64 && BITEXACT_SIMD_SVE
#define BITEXACT_SIMD_WIDE_ N_SVE
#define BITEXACT_SIMD_NARROW_ N_NEON
#elif BITEXACT_SIMD && HWY_ARCH_ARM_A64
#define BITEXACT_SIMD_WIDE_ N_NEON
#define BITEXACT_SIMD_NARROW_ N_NEON
#endif
#if BITEXACT_SIMD
#define BITEXACT_SIMD_DISPATCH(otherwise, ns, ...)     \
  ([&]() -> decltype(auto) {                           \
    switch (::bitexact::dispatch::host_level()) {      \
      case ::bitexact::dispatch::level::avx512:        \
        return ns::BITEXACT_SIMD_WIDE_::__VA_ARGS__;   \
      case ::bitexact::dispatch::level::avx2_fma:      \
        return ns::BITEXACT_SIMD_NARROW_::__VA_ARGS__; \
      default:                                         \
        return otherwise;                              \
    }                                                  \
  }())
#else
#define BITEXACT_SIMD_DISPATCH(otherwise, ns, ...) (otherwise)
#endif
