// Implementations "ocml", "ocml-daz", "ocml-gfx803", ...: the header-only
// reproductions of AMD ocml 5.2.3 (include/bitexact/ocml/), one name per
// device configuration of include/bitexact/ocml/presets.hpp, all six functions
// each.
#include <string>
#include <utility>

#include "bitexact/impl.hpp"
#include "bitexact/ocml/ceil_f32.hpp"
#include "bitexact/ocml/ceil_f64.hpp"
#include "bitexact/ocml/cos_f32.hpp"
#include "bitexact/ocml/fmod_f32.hpp"
#include "bitexact/ocml/fmod_f64.hpp"
#include "bitexact/ocml/presets.hpp"
#include "bitexact/ocml/sin_f32.hpp"

namespace bitexact {
namespace {

template <std::size_t I> void register_preset() {
  constexpr ocml::preset p = ocml::presets[I];
  constexpr ocml::config c = p.cfg;
  const std::string name = "ocml" + std::string(p.suffix);
  const std::string d = "AMD ocml 5.2.3 reproduction: " + std::string(p.what);
  register_impl({name, Fn::sinf, batch<&ocml::sin_f32<c>>, d});
  register_impl({name, Fn::cosf, batch<&ocml::cos_f32<c>>, d});
  register_impl({name, Fn::fmodf, batch<&ocml::fmod_f32<c>>, d});
  register_impl({name, Fn::fmod, batch<&ocml::fmod_f64<c>>, d});
  register_impl({name, Fn::ceilf, batch<&ocml::ceil_f32<c>>, d});
  register_impl({name, Fn::ceil, batch<&ocml::ceil_f64<c>>, d});
}

template <std::size_t... I> bool register_all(std::index_sequence<I...>) {
  (register_preset<I>(), ...);
  return true;
}

const bool registered =
    register_all(std::make_index_sequence<std::size(ocml::presets)>{});

}  // namespace
}  // namespace bitexact
