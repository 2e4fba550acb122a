// Implementations "ocml", "ocml-daz", "ocml-gfx803", ...: the header-only
// reproductions of AMD ocml (include/bitexact/ocml/), one name per row of
// include/bitexact/ocml/configs.def, every function of bitexact/functions.def,
// batches through the span forms (bitexact/ocml/ocml_span.hpp).
#include <string>

#include <fmt/format.h>

#include "bitexact/registry/registry.hpp"
#include "bitexact/ocml/ocml_span.hpp"
#include "bitexact/ocml/ocml.hpp"

namespace bitexact {
namespace {

template <ocml::config C>
void register_config(std::string_view suffix, std::string_view what) {
  const std::string name = "ocml" + std::string(suffix);
  const std::string d = fmt::format("AMD ocml {}.{}.{} reproduction: {}", C.rel.major, C.rel.minor, C.rel.patch, what);
#define BITEXACT_FUNCTION(fname, arity, type, ocml_name, edges, seed) \
  register_impl({name, Fn::fname, span_values_of<Fn::fname, &ocml::ocml_name<C>>, d});
#define BITEXACT_FUNCTION_NO_OCML(fname, arity, type, ocml_name, edges, seed)  // not reproduced: `list` says why
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION
}

const bool registered = [] {
#define BITEXACT_OCML_CONFIG(tag, suffix, mcpu, daz, finite, release, what) register_config<ocml::tag>(suffix, what);
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG
  return true;
}();

}  // namespace
}  // namespace bitexact
