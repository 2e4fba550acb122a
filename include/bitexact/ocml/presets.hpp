// bitexact/ocml/presets.hpp — the named configurations the library registers
// (CLI names `ocml`, `ocml-daz`, ...), from the rows of configs.def; shared by
// src/impls/ocml_impls.cpp, the tests and the vector tool. Each name's ground-truth
// twin is the CPU execution of ocml.bc registered as "ocml-bc" + the same suffix.
#pragma once

#include <string_view>

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

}  // namespace bitexact::ocml
