// bitexact/dispatch.hpp — which vector instructions the host paths may use,
// decided at run time, so that a plain `-O2` build (no -m flags) of the
// headers still runs FMA, AVX2 and AVX-512 code on CPUs that have them (and
// SVE on aarch64 machines that have it).
//
// Bits never depend on the choice: every path performs the same IEEE
// operations (a hardware fma and libm's fmaf are both correctly rounded), and
// the determinism test (tests/determinism/) runs each build at every level.
//
//   BITEXACT_X86_DISPATCH   1 where x86 run-time dispatch is compiled in: the
//                           host side of GCC or Clang on x86, not a device
//                           pass, not the amdgcn C++ build (which defines
//                           __x86_64__)
//   BITEXACT_DISPATCH       1 there and on aarch64 hosts (GCC or Clang, Linux)
//   dispatch::level         x86: baseline < fma < avx2_fma < avx512. avx2_fma
//                           is Highway's AVX2 target (AVX2, FMA, F16C, BMI2,
//                           AES, PCLMUL, SSE4.2: every real AVX2 CPU has them
//                           all); avx512 adds AVX-512 F, DQ, CD, VL, BW (64-bit
//                           multiplies, u64 <-> double conversions, leading-zero
//                           counts). aarch64: baseline < neon < sve (neon and
//                           sve are the same numbers as avx2_fma and avx512:
//                           the levels of the two SIMD widths)
//   dispatch::host_level()  what this CPU supports, capped by dispatch::cap
//   dispatch::cap           tests lower it to run the paths a CPU without
//                           these instructions takes (not thread-safe to change
//                           while other threads evaluate)
//   BITEXACT_ISA            in the environment: baseline, fma, avx2 or avx512
//                           (aarch64: baseline, neon or sve) caps what the CPU
//                           is taken to support, read once at the first
//                           question, so that a benchmark or a user on an
//                           AVX-512 machine runs the paths of an AVX2-only one.
//                           A value parse_level does not know is ignored here
//                           (a header cannot report it); the CLI refuses it.
#pragma once

#include "bitexact/config.hpp"

// BITEXACT_ISA is read on the host only: not in a device pass or the amdgcn
// C++ build, which compile these headers without the C++ library's runtime.
#if !BITEXACT_DEVICE_PASS && !defined(__AMDGPU__)
#define BITEXACT_DISPATCH_ENV 1
#include <cstdlib>
#include <optional>
#include <string_view>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#else
#define BITEXACT_DISPATCH_ENV 0
#endif

// -DBITEXACT_NO_X86_DISPATCH builds only the portable paths, as on other
// architectures (a compile check of those paths on x86 hosts).
#if !BITEXACT_DEVICE_PASS && !defined(__AMDGPU__) && (defined(__x86_64__) || defined(__i386__)) && \
    (defined(__GNUC__) || defined(__clang__)) && !defined(BITEXACT_NO_X86_DISPATCH)
#define BITEXACT_X86_DISPATCH 1
#else
#define BITEXACT_X86_DISPATCH 0
#endif

// aarch64: NEON always, SVE where the kernel says so (Linux's HWCAP_SVE).
#if !BITEXACT_DEVICE_PASS && !defined(__AMDGPU__) && defined(__aarch64__) && defined(__linux__) && \
    (defined(__GNUC__) || defined(__clang__))
#define BITEXACT_ARM_DISPATCH 1
#include <sys/auxv.h>
#else
#define BITEXACT_ARM_DISPATCH 0
#endif
#define BITEXACT_DISPATCH (BITEXACT_X86_DISPATCH || BITEXACT_ARM_DISPATCH)

#if BITEXACT_X86_DISPATCH
// The FMA-compiled copies of scalar loops (span_api.hpp, trig_reduction.hpp)
// carry this attribute, whatever the translation unit's -m flags. (The vector
// kernels take their targets from bitexact/simd/hwy.hpp.)
#define BITEXACT_TARGET_FMA __attribute__((target("fma")))
#endif

namespace bitexact::dispatch {

enum class level : int { baseline = 0, fma = 1, avx2_fma = 2, avx512 = 3, neon = 2, sve = 3 };

// Constant-initialised, so reading it from static initialisers is safe.
// (Without x86 dispatch there is one path and the cap changes nothing; it
// exists so that tests lowering it compile everywhere.)
inline level cap = level::avx512;

#if BITEXACT_DISPATCH_ENV
// BITEXACT_ISA's values on this architecture (level_names lists them).
inline std::optional<level> parse_level(std::string_view s) {
  if (s == "baseline") return level::baseline;
#if defined(__aarch64__)
  if (s == "neon") return level::neon;
  if (s == "sve") return level::sve;
#else
  if (s == "fma") return level::fma;
  if (s == "avx2" || s == "avx2_fma") return level::avx2_fma;
  if (s == "avx512") return level::avx512;
#endif
  return std::nullopt;
}
#endif
#if defined(__aarch64__)
inline constexpr const char* level_names = "baseline, neon, sve";
inline constexpr const char* level_name(level l) {
  constexpr const char* names[] = {"baseline", "baseline", "neon", "sve"};
  return names[int(l)];
}
#else
inline constexpr const char* level_names = "baseline, fma, avx2, avx512";
inline constexpr const char* level_name(level l) {
  constexpr const char* names[] = {"baseline", "fma", "avx2_fma", "avx512"};
  return names[int(l)];
}
#endif

#if BITEXACT_X86_DISPATCH

// The rest of Highway's AVX2 target (bitexact/simd/hwy.hpp), which the
// compiler may use in those kernels: SSE4.2, PCLMUL, AES, F16C (CPUID leaf 1,
// ECX) and BMI1/BMI2 (leaf 7, EBX). Read from CPUID: clang 15's
// __builtin_cpu_supports does not know "f16c".
inline bool cpu_has_avx2_companions() {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
  const bool leaf1 = (c >> 20 & 1) && (c >> 1 & 1) && (c >> 25 & 1) && (c >> 29 & 1);
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
  return leaf1 && (b >> 3 & 1) && (b >> 8 & 1);
}

inline level detect_cpu_level() {
  // __builtin_cpu_supports reads libgcc's __cpu_model, filled by a constructor
  // that runs before any other; it also knows whether the OS saves the wide
  // registers.
  if (!__builtin_cpu_supports("fma")) return level::baseline;
  if (!__builtin_cpu_supports("avx2") || !cpu_has_avx2_companions()) return level::fma;
  const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                      __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512vl") &&
                      __builtin_cpu_supports("avx512bw");
  return avx512 ? level::avx512 : level::avx2_fma;
}
#elif BITEXACT_ARM_DISPATCH

inline level detect_cpu_level() {
  constexpr unsigned long hwcap_sve = 1ul << 22;  // HWCAP_SVE of <asm/hwcap.h>
  return (getauxval(AT_HWCAP) & hwcap_sve) ? level::sve : level::neon;
}
#endif

#if BITEXACT_DISPATCH
// Detected once (the scalar functions ask on every call), capped by BITEXACT_ISA.
inline level cpu_level() {
  static const level l = [] {
    level d = detect_cpu_level();
    if (const char* e = std::getenv("BITEXACT_ISA"))
      if (const auto c = parse_level(e); c && int(*c) < int(d)) d = *c;
    return d;
  }();
  return l;
}

inline level host_level() {
  const level l = cpu_level();
  return int(l) < int(cap) ? l : cap;
}
inline bool at_least(level l) { return int(host_level()) >= int(l); }
#endif

}  // namespace bitexact::dispatch
