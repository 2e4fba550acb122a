// bitexact/ocml/presets.hpp — the named configurations the library registers
// (CLI names `ocml`, `ocml-daz`, ...), from the rows of configs.def; shared by
// src/impls/ocml_impls.cpp, the tests and the vector tool. Each name's ground-truth
// twin is the CPU execution of ocml.bc registered as "ocml-bc" + the same suffix.
#pragma once

#include <string_view>

#include "bitexact/functions.hpp"
#include "bitexact/ocml/ocml_config.hpp"

namespace bitexact::ocml {

struct preset {
  std::string_view suffix;  // "" for gfx90a; CLI name is "ocml" + suffix
  config cfg;
  std::string_view mcpu;  // the GPU (clang -mcpu)
  std::string_view what;  // one line for `bitexact list`
  std::string_view tag;   // the row's TAG: ocml::TAG, the ocml-bc symbol infix
};

inline constexpr preset presets[] = {
#define BITEXACT_OCML_CONFIG(tag, suffix, mcpu, daz, finite, release, what) {suffix, tag, #mcpu, what, #tag},
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG
};

// The one documented divergence between ocml.bc executed on the CPU (ocml-bc*)
// and the reproductions (docs/ocml.md, "Known divergence"): outside their
// finite-only contract (fmod: x non-finite, y zero or NaN; expm1f: x > 88.72
// or +Inf) finite-only fmodf, fmod and expm1f return an invalid-operation NaN
// whose sign is x86's default NaN's in the CPU execution and AMD's in the
// reproduction, so there only the NaN's payload can be compared. Used by the
// vector tool (the digests' nan-sign-cleared view) and the tests.
inline constexpr bool nan_sign_unobservable(const config& c, Fn fn) {
  return c.finite_only && (fn == Fn::fmodf || fn == Fn::fmod || fn == Fn::expm1f);
}

}  // namespace bitexact::ocml
