// bitexact/ocml/ocml_config.hpp — the device configuration an ocml function is
// linked and compiled for, as one explicit, typed value.
//
// AMD's ocml bitcode (ROCm-Device-Libs, the release in config::release; Debian
// `rocm-device-libs` ships 5.2.3) reads
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
// a separate multiply and add do). Which one depends on the ISA's features, the
// denormal mode and the LLVM release; fmuladd_fused() below is that rule,
// tabulated from `llc-15 -mcpu=gfxNNN` on an llvm.fmuladd.f32 (tests/ocml_amdgcn_test.cpp
// re-derives the table from llc-15 when it is installed).
#pragma once

#include "bitexact/config.hpp"

namespace bitexact::ocml {

// A release of AMD's device libraries and the LLVM whose AMDGPU backend lowers
// them (the LLVM decides fmuladd_fused). Plain ints: config is a template argument.
struct release {
  int major, minor, patch;  // ROCm-Device-Libs version
  int llvm_major;           // the LLVM release of the toolchain that ships it

  friend constexpr bool operator==(const release&, const release&) = default;
};
// Debian bookworm's rocm-device-libs 5.2.3, built with LLVM 15 (what src/impls/ocml_bc
// compiles and what every reproduction here was checked against).
inline constexpr release rocm5_2_3{5, 2, 3, 15};

struct config {
  int isa_version = 9010;    // __oclc_ISA_version: major*1000 + minor*100 + stepping (gfx90a = 9010)
  bool daz = false;          // __oclc_daz_opt and f32 denormal flushing in hardware
  bool finite_only = false;  // __oclc_finite_only_opt
  bool unsafe_math = false;  // __oclc_unsafe_math_opt (no effect on these six functions)
  release rel = rocm5_2_3;   // the device-libs release and its LLVM

  friend constexpr bool operator==(const config&, const config&) = default;
};

// __oclc_ISA_version of a GPU name: "gfx" major minor stepping, the last two one
// hex digit each (gfx90a = 9.0.10 = 9010, gfx803 = 8003, gfx1030 = 10300).
constexpr int isa_version_of(const char* mcpu) {
  int n = 0;
  while (mcpu[n] != '\0') ++n;
  auto hex = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  int major = 0;
  for (int i = 3; i < n - 2; ++i) major = major * 10 + (mcpu[i] - '0');
  return major * 1000 + hex(mcpu[n - 2]) * 100 + hex(mcpu[n - 1]);
}
static_assert(isa_version_of("gfx90a") == 9010 && isa_version_of("gfx803") == 8003 &&
              isa_version_of("gfx1030") == 10300);

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
// Another LLVM needs its own table: for any other llvm_major the first line
// calls a function that is not constexpr, which no constant expression may do,
// so the reproductions (which call this in `if constexpr`) do not compile for
// it. (At run time, e.g. printing a configuration, it answers false.)
BITEXACT_INLINE bool fmuladd_table_missing_for_this_llvm_release() { return false; }
BITEXACT_INLINE constexpr bool fmuladd_fused(const config& c) {
  if (c.rel.llvm_major != 15) return fmuladd_table_missing_for_this_llvm_release();
  const int v = c.isa_version;
  if (v >= 10000) return true;
  if (c.daz) return v == 9006 || v == 9008 || v == 9010 || v == 9400;
  if (v >= 9000) return true;
  return v == 6000 || v == 7001 || v == 7002 || v == 8001;
}

// ---- named presets: one per row of configs.def (ocml::gfx90a, ocml::gfx803_daz, ...)
#define BITEXACT_OCML_CONFIG(tag, suffix, mcpu, daz_, finite_, release_, what) \
  inline constexpr config tag{isa_version_of(#mcpu), daz_, finite_, false, release_};
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG

}  // namespace bitexact::ocml
