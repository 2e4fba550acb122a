// src/replace/replace.cpp — libm's C symbols of every row of
// bitexact/functions.def (sinf, cosf, fmodf, fmod, ceilf, ceil) and sincosf,
// computed by one personality's reproductions, so that an unmodified program
// gets GPU bits by LD_PRELOAD or by linking the archive ahead of -lm
// (docs/replacement.md, "Host"). Compiled once per personality; the build picks
// it with one define:
//   BITEXACT_REPLACE_NV          nv::NAME      (nvcc -ftz=false)
//   BITEXACT_REPLACE_NV_FTZ      nv::NAME_ftz  (nvcc -ftz=true)
//   BITEXACT_REPLACE_OCML=TAG    ocml::OCML<ocml::TAG>, TAG a row of ocml/configs.def
//
// Built with hidden visibility: only the names below are exported, so the
// headers' inline functions never interpose on, or get interposed by, anything.
// No C++ run-time is used (no exceptions, no RTTI, no allocation): the
// libraries are linked as C and need only libc (and libm for fmaf on a CPU
// without FMA), so C programs can link the static archive with `cc`.

#include "bitexact/functions.hpp"

#if defined(BITEXACT_REPLACE_NV) || defined(BITEXACT_REPLACE_NV_FTZ)
#include "bitexact/nv/nv.hpp"
#elif defined(BITEXACT_REPLACE_OCML)
#include "bitexact/ocml/ocml.hpp"
#else
#error "define BITEXACT_REPLACE_NV, BITEXACT_REPLACE_NV_FTZ or BITEXACT_REPLACE_OCML=<configs.def tag>"
#endif

// The reproduction a row's C name maps to in this personality.
#if defined(BITEXACT_REPLACE_NV)
#define BX_REPRO(name, ocml_name) bitexact::nv::name
#elif defined(BITEXACT_REPLACE_NV_FTZ)
#define BX_REPRO(name, ocml_name) bitexact::nv::name##_ftz
#else
#define BX_REPRO(name, ocml_name) bitexact::ocml::ocml_name<bitexact::ocml::BITEXACT_REPLACE_OCML>
// ocml's expf, logf, ... are the AMD GPU's own instructions, not reproduced
// (ocml/not_reproduced.def): this personality does not export them, so a
// program linked with it keeps its libm's.
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml, edges, seed)
#endif

#define BX_EXPORT extern "C" __attribute__((visibility("default")))

namespace {
// repro_NAME: this personality's NAME, internal, so that sincosf below calls
// the reproductions directly rather than through the exported (and, in a
// shared library, interposable) names.
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  type repro_##name(BITEXACT_PARAMS_##arity(type)) { return BX_REPRO(name, ocml)(BITEXACT_ARGS_##arity); }
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
}  // namespace

// The exported C symbols. noexcept matches glibc's declarations (__THROW) so
// that this file would still compile next to <math.h>.
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  BX_EXPORT type name(BITEXACT_PARAMS_##arity(type)) noexcept { return repro_##name(BITEXACT_ARGS_##arity); }
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

// GCC (-O1 and above, glibc targets) turns sinf(x) and cosf(x) of the same x
// into one call of sincosf(x, &s, &c) — checked with GCC 12 on x86-64, see
// docs/replacement.md — so a replacement of sinf and cosf must replace sincosf
// too, or such programs silently keep glibc's bits. Built from this
// personality's sinf and cosf: needs both rows in functions.def. (sincos, the
// double version, waits for rows sin and cos.)
BX_EXPORT void sincosf(float x, float* s, float* c) noexcept {
  *s = repro_sinf(x);
  *c = repro_cosf(x);
}
