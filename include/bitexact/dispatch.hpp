// bitexact/dispatch.hpp — which x86 instructions the host paths may use,
// decided at run time, so that a plain `-O2` build (no -m flags) of the
// headers still runs FMA and AVX2 code on CPUs that have them.
//
// Bits never depend on the choice: every path performs the same IEEE
// operations (a hardware fma and libm's fmaf are both correctly rounded), and
// the determinism test (tests/determinism/) runs each build at every level.
//
//   BITEXACT_X86_DISPATCH   1 where run-time dispatch is compiled in: the host
//                           side of GCC or Clang on x86, not a device pass,
//                           not the amdgcn C++ build (which defines __x86_64__)
//   dispatch::level         baseline < fma < avx2_fma < avx512 (AVX2 and FMA
//                           plus AVX-512 F, DQ, CD, VL, BW: 64-bit multiplies,
//                           u64 <-> double conversions, leading-zero counts)
//   dispatch::host_level()  what this CPU supports, capped by dispatch::cap
//   dispatch::cap           tests lower it to run the paths a CPU without
//                           these instructions takes (not thread-safe to change
//                           while other threads evaluate)
//   BITEXACT_ISA            in the environment: baseline, fma, avx2 or avx512
//                           caps what the CPU is taken to support, read once at
//                           the first question, so that a benchmark or a user on
//                           an AVX-512 machine runs the paths of an AVX2-only
//                           one. A value parse_level does not know is ignored
//                           here (a header cannot report it); the CLI refuses it.
#pragma once

#include "bitexact/config.hpp"

// BITEXACT_ISA is read on the host only: not in a device pass or the amdgcn
// C++ build, which compile these headers without the C++ library's runtime.
#if !BITEXACT_DEVICE_PASS && !defined(__AMDGPU__)
#define BITEXACT_DISPATCH_ENV 1
#include <cstdlib>
#include <optional>
#include <string_view>
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

#if BITEXACT_X86_DISPATCH
// The AVX2 kernels are functions with this attribute; the intrinsics of
// <immintrin.h> are usable inside them whatever the translation unit's -m flags.
#define BITEXACT_TARGET_AVX2 __attribute__((target("avx2,fma")))
#define BITEXACT_TARGET_FMA __attribute__((target("fma")))
#define BITEXACT_TARGET_AVX512 __attribute__((target("avx2,fma,avx512f,avx512dq,avx512cd,avx512vl,avx512bw")))
#endif

namespace bitexact::dispatch {

enum class level : int { baseline = 0, fma = 1, avx2_fma = 2, avx512 = 3 };

// Constant-initialised, so reading it from static initialisers is safe.
// (Without x86 dispatch there is one path and the cap changes nothing; it
// exists so that tests lowering it compile everywhere.)
inline level cap = level::avx512;

#if BITEXACT_DISPATCH_ENV
// "baseline", "fma", "avx2" (or "avx2_fma") and "avx512": BITEXACT_ISA's values.
inline std::optional<level> parse_level(std::string_view s) {
  if (s == "baseline") return level::baseline;
  if (s == "fma") return level::fma;
  if (s == "avx2" || s == "avx2_fma") return level::avx2_fma;
  if (s == "avx512") return level::avx512;
  return std::nullopt;
}
#endif
inline constexpr const char* level_name(level l) {
  constexpr const char* names[] = {"baseline", "fma", "avx2_fma", "avx512"};
  return names[int(l)];
}

#if BITEXACT_X86_DISPATCH

inline level detect_cpu_level() {
  // __builtin_cpu_supports reads libgcc's __cpu_model, filled by a constructor
  // that runs before any other.
  if (!__builtin_cpu_supports("fma")) return level::baseline;
  if (!__builtin_cpu_supports("avx2")) return level::fma;
  const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                      __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512vl") &&
                      __builtin_cpu_supports("avx512bw");
  return avx512 ? level::avx512 : level::avx2_fma;
}
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
