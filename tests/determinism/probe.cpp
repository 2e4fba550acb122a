// Compiled by tests/determinism/run.cmake with several compilers and flag sets
// (-O0 ... -O3, -ffp-contract=fast, -march=native, -mno-fma, g++ and clang++):
// evaluates the header-only reproductions on a fixed sample and prints one
// XXH3-64 digest per function. Every build must print the same lines.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstdio>
#include <string>
#include <vector>

#include "bitexact/inputs.hpp"
#include "bitexact/nv/ceil.hpp"
#include "bitexact/nv/ceilf.hpp"
#include "bitexact/nv/cosf.hpp"
#include "bitexact/nv/fmod.hpp"
#include "bitexact/nv/fmodf.hpp"
#include "bitexact/nv/sinf.hpp"
#include "bitexact/ocml/ceil_f32.hpp"
#include "bitexact/ocml/ceil_f64.hpp"
#include "bitexact/ocml/cos_f32.hpp"
#include "bitexact/ocml/fmod_f32.hpp"
#include "bitexact/ocml/fmod_f64.hpp"
#include "bitexact/ocml/sin_f32.hpp"

namespace bx = bitexact;
namespace in = bitexact::inputs;

constexpr unsigned n_inputs = 1u << 21;

template <class F>
void unary32(const char* name, F f) {
  std::vector<std::uint32_t> out(n_inputs);
  for (unsigned i = 0; i < n_inputs; ++i) {
    // every 2048th bit pattern, offset by a pseudo-random low part: all binades, both signs
    std::uint32_t x = (i << 11) | (in::uniform32(99, i) >> 21);
    out[i] = bx::bit_cast<std::uint32_t>(f(bx::bit_cast<float>(x)));
  }
  std::printf("%-22s %016llx\n", name, (unsigned long long)XXH3_64bits(out.data(), out.size() * 4));
}
template <class T, class F>
void binary(const char* name, F f) {
  using S = typename bx::float_traits<T>::storage;
  std::vector<S> out(n_inputs);
  for (unsigned i = 0; i < n_inputs; ++i) {
    auto p = in::structured_pair<T>(5, i);
    out[i] = bx::bit_cast<S>(f(bx::bit_cast<T>(p.x), bx::bit_cast<T>(p.y)));
  }
  std::printf("%-22s %016llx\n", name, (unsigned long long)XXH3_64bits(out.data(), out.size() * sizeof(S)));
}
template <class F>
void unary64(const char* name, F f) {
  std::vector<std::uint64_t> out(n_inputs);
  for (unsigned i = 0; i < n_inputs; ++i)
    out[i] = bx::bit_cast<std::uint64_t>(f(bx::bit_cast<double>(in::structured_single<double>(5, i))));
  std::printf("%-22s %016llx\n", name, (unsigned long long)XXH3_64bits(out.data(), out.size() * 8));
}

// Every ocml function in one configuration (fma path and split path, DAZ on/off).
template <bx::ocml::config C>
void ocml_probes(const std::string& name) {
  namespace o = bx::ocml;
  unary32((name + ".sinf").c_str(), [](float x) { return o::sin_f32<C>(x); });
  unary32((name + ".cosf").c_str(), [](float x) { return o::cos_f32<C>(x); });
  unary32((name + ".ceilf").c_str(), [](float x) { return o::ceil_f32<C>(x); });
  binary<float>((name + ".fmodf").c_str(), [](float x, float y) { return o::fmod_f32<C>(x, y); });
  binary<double>((name + ".fmod").c_str(), [](double x, double y) { return o::fmod_f64<C>(x, y); });
  unary64((name + ".ceil").c_str(), [](double x) { return o::ceil_f64<C>(x); });
}

int main() {
  unary32("nv.sinf", [](float x) { return bx::nv::sinf(x); });
  unary32("nv-ftz.sinf", [](float x) { return bx::nv::sinf_ftz(x); });
  unary32("nv.cosf", [](float x) { return bx::nv::cosf(x); });
  unary32("nv-ftz.cosf", [](float x) { return bx::nv::cosf_ftz(x); });
  unary32("nv.ceilf", [](float x) { return bx::nv::ceilf(x); });
  unary32("nv-ftz.ceilf", [](float x) { return bx::nv::ceilf_ftz(x); });
  binary<float>("nv.fmodf", [](float x, float y) { return bx::nv::fmodf(x, y); });
  binary<float>("nv-ftz.fmodf", [](float x, float y) { return bx::nv::fmodf_ftz(x, y); });
  binary<double>("nv.fmod", [](double x, double y) { return bx::nv::fmod(x, y); });
  unary64("nv.ceil", [](double x) { return bx::nv::ceil(x); });
  ocml_probes<bx::ocml::gfx90a>("ocml");
  ocml_probes<bx::ocml::gfx90a_daz>("ocml-daz");
  ocml_probes<bx::ocml::gfx803>("ocml-gfx803");
  ocml_probes<bx::ocml::gfx803_daz>("ocml-gfx803-daz");
  return 0;
}
