// bitexact/ocml/config.hpp — the device configuration an ocml function is
// linked and compiled for, as one explicit, typed value.
//
// AMD's ocml bitcode (ROCm-Device-Libs 5.2.3, Debian `rocm-device-libs`) reads
// three link-time constants from the oclc_* control libraries, and the LLVM
// backend adds a fourth, hidden choice:
//
//   __oclc_ISA_version   (oclc_isa_version_*.bc)  picks the "fast fma" code
//                         path in the argument reductions of sin/cos and in
//                         fmod_f32 (see has_fast_fma_path below);
//   __oclc_daz_opt       (oclc_daz_opt_on/off.bc)  fmod_f32 flushes its
//                         operands (llvm.canonicalize) when set;
//   __oclc_finite_only_opt (oclc_finite_only_*.bc) drops the NaN/Inf
//                         guards: non-finite inputs then return whatever the
//                         finite algorithm computes;
//   __oclc_unsafe_math_opt: read by other ocml functions, by none of
//                         sin/cos/fmod/ceil (kept for completeness).
//
// DAZ additionally means the code runs with the f32 denormal mode set to
// flush ("denormal-fp-math-f32"="preserve-sign", what clang sets with
// -fgpu-flush-denormals-to-zero and links oclc_daz_opt_on for): every f32
// VALU operation flushes subnormal inputs and outputs to a signed zero. f64
// denormals are never flushed.
//
// The hidden choice is how the backend lowers llvm.fmuladd.f32, which ocml
// uses in its polynomials and in its non-fma reduction code. LLVM 15's AMDGPU
// backend emits v_fma_f32 (one rounding) or v_mad_f32 / v_mul+v_add (two
// roundings; v_mad_f32 is used only in flush mode, where it rounds exactly as
// a separate multiply and add do). Which one depends on the ISA's features and
// on the denormal mode; fmuladd_fused() below is that rule, tabulated from
// `llc-15 -mcpu=gfxNNN` on an llvm.fmuladd.f32 (tests/ocml_amdgcn_test.cpp
// re-derives the table from llc-15 when it is installed).
#pragma once

#include "bitexact/config.hpp"

namespace bitexact::ocml {

struct config {
  int isa_version = 9010;    // __oclc_ISA_version: major*1000 + minor*100 + stepping (gfx90a = 9010)
  bool daz = false;          // __oclc_daz_opt and f32 denormal flushing in hardware
  bool finite_only = false;  // __oclc_finite_only_opt
  bool unsafe_math = false;  // __oclc_unsafe_math_opt (no effect on these six functions)

  friend constexpr bool operator==(const config&, const config&) = default;
};

// ocml's "have fast fma" test, as compiled into ocml.bc 5.2.3: ISA versions
// 9000 and above, plus the two older parts with full-rate f32 fma (gfx701 =
// 7001, gfx801 = 8001). Others take the split-constant code paths.
BITEXACT_INLINE constexpr bool has_fast_fma_path(const config& c) {
  return c.isa_version > 8999 || c.isa_version == 8001 || c.isa_version == 7001;
}

// Does llvm.fmuladd.f32 become a single fused v_fma_f32 (true) or a multiply
// and an add rounded separately (false)? LLVM 15 AMDGPU backend, per ISA:
//  * IEEE denormals: fused when the part has fast f32 fma or the "dot"
//    instructions: gfx600, gfx701, gfx702, gfx801 and every gfx9/gfx10 part;
//    unfused on gfx601/602, gfx700, gfx703-705, gfx802/803/805/810.
//  * flushed denormals: v_mad_f32 (unfused) on every part that has it, except
//    parts with both fast fma and dot instructions: gfx906, gfx908, gfx90a,
//    gfx940 and all gfx10 parts, which keep v_fma_f32.
BITEXACT_INLINE constexpr bool fmuladd_fused(const config& c) {
  const int v = c.isa_version;
  if (v >= 10000) return true;
  if (c.daz) return v == 9006 || v == 9008 || v == 9010 || v == 9400;
  if (v >= 9000) return true;
  return v == 6000 || v == 7001 || v == 7002 || v == 8001;
}

// ---- named presets -------------------------------------------------------
// gfx90a (MI200): fast fma path, fmuladd fused in both denormal modes.
inline constexpr config gfx90a{9010, false, false, false};
inline constexpr config gfx90a_daz{9010, true, false, false};
inline constexpr config gfx90a_finite{9010, false, true, false};
inline constexpr config gfx90a_daz_finite{9010, true, true, false};
// gfx803 (Fiji/Polaris): split-constant path, fmuladd never fused.
inline constexpr config gfx803{8003, false, false, false};
inline constexpr config gfx803_daz{8003, true, false, false};
inline constexpr config gfx803_finite{8003, false, true, false};
inline constexpr config gfx803_daz_finite{8003, true, true, false};
// gfx900 (Vega 10) with DAZ: fast fma path but fmuladd becomes v_mad_f32.
inline constexpr config gfx900_daz{9000, true, false, false};
inline constexpr config gfx900_daz_finite{9000, true, true, false};
// gfx702 (Hawaii) with IEEE denormals: split-constant path, fmuladd fused.
inline constexpr config gfx702{7002, false, false, false};
inline constexpr config gfx702_finite{7002, false, true, false};

}  // namespace bitexact::ocml
