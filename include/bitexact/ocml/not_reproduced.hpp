// bitexact/ocml/not_reproduced.hpp — why a function has no ocml reproduction
// (the rows of bitexact/ocml/not_reproduced.def), as compile-time data for
// `bitexact list`, the CLI's errors and the docs.
//
//   ocml::not_reproduced_table   {ocml entry, instructions, why} per row
//   ocml::not_reproduced_of(F)   the row of function F, or nullptr when F
//                                has an ocml reproduction
// Both directions are checked here: every BITEXACT_FUNCTION_NO_OCML row of
// functions.def has its reason, and every reason belongs to such a row.
#pragma once

#include <cstddef>
#include <iterator>
#include <string_view>

#include "bitexact/functions.hpp"

namespace bitexact::ocml {

struct not_reproduced_row {
  std::string_view entry;         // ocml's entry point without "__ocml_"
  std::string_view instructions;  // the intrinsics and AMD GPU instructions it calls
  std::string_view why;
};

inline constexpr not_reproduced_row not_reproduced_table[] = {
#define BITEXACT_OCML_NOT_REPRODUCED(ocml, instructions, why) {#ocml, instructions, why},
#include "bitexact/ocml/not_reproduced.def"
#undef BITEXACT_OCML_NOT_REPRODUCED
};

namespace detail {
// The row of f in not_reproduced_table, or -1. An index rather than a
// pointer, so that the static_asserts below compare no address: GCC's
// -fsanitize=undefined makes comparing an element's address non-constant.
constexpr int not_reproduced_index(Fn f) {
  const fn_desc& d = fn_desc_of(f);
  if (d.ocml_reproduced || d.ocml.empty()) return -1;
  for (std::size_t i = 0; i < std::size(not_reproduced_table); ++i)
    if (not_reproduced_table[i].entry == d.ocml) return int(i);
  return -1;
}
}  // namespace detail

constexpr const not_reproduced_row* not_reproduced_of(Fn f) {
  const int i = detail::not_reproduced_index(f);
  return i < 0 ? nullptr : &not_reproduced_table[i];
}

namespace detail {
constexpr bool every_reason_has_its_row() {
  for (const not_reproduced_row& r : not_reproduced_table) {
    bool found = false;
    for (const fn_desc& d : function_table) found = found || (!d.ocml_reproduced && d.ocml == r.entry);
    if (!found) return false;
  }
  return true;
}
}  // namespace detail
static_assert(detail::every_reason_has_its_row(),
              "ocml/not_reproduced.def: a row names an entry point that no BITEXACT_FUNCTION_NO_OCML row has");
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml, edges, seed) \
  static_assert(detail::not_reproduced_index(Fn::name) >= 0,            \
                #name ": a BITEXACT_FUNCTION_NO_OCML row needs its reason in ocml/not_reproduced.def");
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION

}  // namespace bitexact::ocml
