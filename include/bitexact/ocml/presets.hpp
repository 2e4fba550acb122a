// bitexact/ocml/presets.hpp — the named configurations the library registers
// (CLI names `ocml`, `ocml-daz`, ...), one table shared by src/impls/ocml.cpp,
// the tests and the vector tool. Each name's ground-truth twin is the CPU
// execution of ocml.bc registered as "ocml-bc" + the same suffix.
#pragma once

#include <string_view>

#include "bitexact/ocml/config.hpp"

namespace bitexact::ocml {

struct preset {
  std::string_view suffix;  // "" for gfx90a; CLI name is "ocml" + suffix
  config cfg;
  std::string_view what;    // one line for `bitexact list`
};

inline constexpr preset presets[] = {
    {"", gfx90a, "gfx90a, fast-fma path, IEEE f32 denormals, NaN/Inf guards"},
    {"-daz", gfx90a_daz, "gfx90a, f32 denormals flushed (oclc_daz_opt_on)"},
    {"-finite", gfx90a_finite, "gfx90a, oclc_finite_only_on"},
    {"-daz-finite", gfx90a_daz_finite, "gfx90a, DAZ and finite-only"},
    {"-gfx803", gfx803, "gfx803, split-constant (non-fma) path, fmuladd unfused"},
    {"-gfx803-daz", gfx803_daz, "gfx803, DAZ (fmuladd as v_mad_f32)"},
    {"-gfx803-finite", gfx803_finite, "gfx803, finite-only"},
    {"-gfx803-daz-finite", gfx803_daz_finite, "gfx803, DAZ and finite-only"},
    {"-gfx900-daz", gfx900_daz, "gfx900, DAZ: fast-fma path with fmuladd as v_mad_f32"},
    {"-gfx900-daz-finite", gfx900_daz_finite, "gfx900, DAZ and finite-only"},
    {"-gfx702", gfx702, "gfx702, split-constant path with fmuladd fused"},
    {"-gfx702-finite", gfx702_finite, "gfx702, finite-only"},
};

}  // namespace bitexact::ocml
