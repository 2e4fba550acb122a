// Compiled by tests/determinism/run.cmake with several compilers and flag sets
// (-O0 ... -O3, -ffp-contract=fast, -march=native, -mno-fma, g++ and clang++):
// evaluates the header-only reproductions on a fixed sample and prints one
// XXH3-64 digest per function. Every build must print the same lines.
// Each digest is computed through the scalar functions and through the span
// APIs (bitexact/nv/nv_span.hpp, ocml/batch.hpp), which must agree, at every
// run-time dispatch level (bitexact/dispatch.hpp: AVX-512 and AVX2+FMA kernels,
// the SIMD layer's per target (bitexact/simd/hwy.hpp), FMA copies, baseline),
// which must agree too: the probe fails otherwise.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "bitexact/dispatch.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/nv/nv_span.hpp"
#include "bitexact/ocml/ocml_span.hpp"
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

// 2^19 inputs per function: the matrix builds the probe 12 times, two of them
// at -O0, where 2^21 took over four minutes per run and pushed the CI suite
// past 30 minutes; the edge and structured sets below still hit every path.
constexpr unsigned n_inputs_log2 = 19;
constexpr unsigned n_inputs = 1u << n_inputs_log2;

std::string lines;  // what one pass prints
void emit(const std::string& name, const void* data, std::size_t bytes) {
  char buf[80];
  std::snprintf(buf, sizeof buf, "%-22s %016llx\n", name.c_str(), (unsigned long long)XXH3_64bits(data, bytes));
  lines += buf;
}

std::vector<float> inputs32() {
  std::vector<float> in(n_inputs);
  for (unsigned i = 0; i < n_inputs; ++i)
    // one bit pattern in every 2^(32 - n_inputs_log2), at a pseudo-random
    // offset: all binades, both signs
    in[i] = bx::bit_cast<float>((i << (32 - n_inputs_log2)) | (in::uniform32(99, i) >> n_inputs_log2));
  return in;
}
template <class T>
std::pair<std::vector<T>, std::vector<T>> inputs_pair() {
  std::vector<T> x(n_inputs), y(n_inputs);
  for (unsigned i = 0; i < n_inputs; ++i) {
    auto p = in::structured_pair<T>(5, i);
    x[i] = bx::bit_cast<T>(p.x);
    y[i] = bx::bit_cast<T>(p.y);
  }
  return {x, y};
}
std::vector<double> inputs64() {
  std::vector<double> x(n_inputs);
  for (unsigned i = 0; i < n_inputs; ++i) x[i] = bx::bit_cast<double>(in::structured_single<double>(5, i));
  return x;
}

// f: the scalar function, whose digest is printed; s: its span form, which
// (evaluated in place) must give the same bits. The first pass runs at the
// highest dispatch level and keeps every output; the later passes (lower
// levels) evaluate every 8th input, both ways, against those outputs.
bool ok = true;
bool first_pass = true;
std::map<std::string, std::vector<unsigned char>> reference;
constexpr std::size_t later_stride = 8;

// A function that is, in the sources, the code of an earlier probe's (same_as:
// its name there; see ocml_probes) is evaluated on every alias_stride-th input
// only, both forms, in every pass, and must give that probe's outputs: its own
// full digest line would hash the same code's outputs twice.
constexpr std::size_t alias_stride = 16;

template <class T>
void check(const std::string& ref_name, const std::string& name, const char* what, const std::vector<T>& got,
           std::size_t stride) {
  const auto& ref = reference[ref_name];
  if (!got.empty() && ref.size() < ((got.size() - 1) * stride + 1) * sizeof(T)) {
    std::printf("%s: no reference outputs of %s\n", name.c_str(), ref_name.c_str());
    ok = false;
    return;
  }
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], ref.data() + i * stride * sizeof(T), sizeof(T)) != 0) {
      std::printf("%s: %s differs at input %zu (%s pass)%s%s\n", name.c_str(), what, i * stride,
                  first_pass ? "first" : "a lower dispatch level's", ref_name == name ? "" : " from ",
                  ref_name == name ? "" : ref_name.c_str());
      ok = false;
      return;
    }
}
template <class T>
void finish(const std::string& name, const std::vector<T>& out, const std::vector<T>& sp,
            const std::string& same_as) {
  if (!same_as.empty()) {
    check(same_as, name, "the scalar function", out, alias_stride);
    check(same_as, name, "the span form", sp, alias_stride);
    return;
  }
  const std::size_t stride = first_pass ? 1 : later_stride;
  if (first_pass) {
    reference[name].assign(reinterpret_cast<const unsigned char*>(out.data()),
                           reinterpret_cast<const unsigned char*>(out.data() + out.size()));
    emit(name, out.data(), out.size() * sizeof(T));
  } else {
    check(name, name, "the scalar function", out, stride);
  }
  check(name, name, "the span form", sp, stride);
}
template <class T, class F, class S>
void unary(const std::string& name, const std::vector<T>& in, F f, S s, const std::string& same_as = {}) {
  const std::size_t stride = !same_as.empty() ? alias_stride : first_pass ? 1 : later_stride;
  std::vector<T> sp;
  for (std::size_t i = 0; i < in.size(); i += stride) sp.push_back(in[i]);
  std::vector<T> out(sp.size());
  for (std::size_t i = 0; i < sp.size(); ++i) out[i] = f(sp[i]);
  s(std::span<const T>(sp), std::span<T>(sp));
  finish(name, out, sp, same_as);
}
template <class T, class F, class S>
void binary(const std::string& name, const std::pair<std::vector<T>, std::vector<T>>& in, F f, S s,
            const std::string& same_as = {}) {
  const std::size_t stride = !same_as.empty() ? alias_stride : first_pass ? 1 : later_stride;
  std::vector<T> sp, y;
  for (std::size_t i = 0; i < in.first.size(); i += stride) {
    sp.push_back(in.first[i]);
    y.push_back(in.second[i]);
  }
  std::vector<T> out(sp.size());
  for (std::size_t i = 0; i < sp.size(); ++i) out[i] = f(sp[i], y[i]);
  s(std::span<const T>(sp), std::span<const T>(y), std::span<T>(sp));
  finish(name, out, sp, same_as);
}

using f32s = std::span<const float>;
using f32o = std::span<float>;
using f64s = std::span<const double>;
using f64o = std::span<double>;

// The first configuration probed with these values of what the function
// reads of its configuration C is the one whose digest line it prints; later
// ones are the same code (same_as; the headers: ceil_f32<C> reads only C.daz,
// fmod_f64<C> only C.finite_only, ceil_f64<C> nothing; ocml/batch.hpp wraps
// each in the same loop for every C; tests/digest_check.hpp, same_code_as).
// Of the four configurations below, ocml-daz's, ocml-gfx803's and
// ocml-gfx803-daz's fmod and ceil are ocml's code, ocml-gfx803's ceilf ocml's
// and ocml-gfx803-daz's ocml-daz's: at -O0 the three extra fmod digests were a
// quarter of the matrix's time.
std::map<std::string, std::string> first_with;
std::string same_code(const std::string& name, const std::string& fn, const std::string& key) {
  const auto [it, fresh] = first_with.try_emplace(fn + "/" + key, name + "." + fn);
  return fresh || it->second == name + "." + fn ? std::string() : it->second;
}

// Every ocml function in one configuration (fma path and split path, DAZ on/off).
template <bx::ocml::config C>
void ocml_probes(const std::string& name) {
  namespace o = bx::ocml;
  const auto x32 = inputs32();
  unary(name + ".sinf", x32, [](float x) { return o::sin_f32<C>(x); }, [](f32s i, f32o r) { o::sin_f32<C>(i, r); });
  unary(name + ".cosf", x32, [](float x) { return o::cos_f32<C>(x); }, [](f32s i, f32o r) { o::cos_f32<C>(i, r); });
  unary(name + ".ceilf", x32, [](float x) { return o::ceil_f32<C>(x); },
        [](f32s i, f32o r) { o::ceil_f32<C>(i, r); }, same_code(name, "ceilf", C.daz ? "daz" : "ieee"));
  binary(name + ".fmodf", inputs_pair<float>(), [](float x, float y) { return o::fmod_f32<C>(x, y); },
         [](f32s x, f32s y, f32o r) { o::fmod_f32<C>(x, y, r); });
  binary(name + ".fmod", inputs_pair<double>(), [](double x, double y) { return o::fmod_f64<C>(x, y); },
         [](f64s x, f64s y, f64o r) { o::fmod_f64<C>(x, y, r); },
         same_code(name, "fmod", C.finite_only ? "finite" : "guards"));
  unary(name + ".ceil", inputs64(), [](double x) { return o::ceil_f64<C>(x); },
        [](f64s i, f64o r) { o::ceil_f64<C>(i, r); }, same_code(name, "ceil", ""));
}

void all_probes() {
  namespace nv = bx::nv;
  const auto x32 = inputs32();
  unary("nv.sinf", x32, [](float x) { return nv::sinf(x); }, [](f32s i, f32o r) { nv::sinf(i, r); });
  unary("nv-ftz.sinf", x32, [](float x) { return nv::sinf_ftz(x); }, [](f32s i, f32o r) { nv::sinf_ftz(i, r); });
  unary("nv.cosf", x32, [](float x) { return nv::cosf(x); }, [](f32s i, f32o r) { nv::cosf(i, r); });
  unary("nv-ftz.cosf", x32, [](float x) { return nv::cosf_ftz(x); }, [](f32s i, f32o r) { nv::cosf_ftz(i, r); });
  unary("nv.ceilf", x32, [](float x) { return nv::ceilf(x); }, [](f32s i, f32o r) { nv::ceilf(i, r); });
  unary("nv-ftz.ceilf", x32, [](float x) { return nv::ceilf_ftz(x); }, [](f32s i, f32o r) { nv::ceilf_ftz(i, r); });
  const auto p32 = inputs_pair<float>();
  binary("nv.fmodf", p32, [](float x, float y) { return nv::fmodf(x, y); },
         [](f32s x, f32s y, f32o r) { nv::fmodf(x, y, r); });
  binary("nv-ftz.fmodf", p32, [](float x, float y) { return nv::fmodf_ftz(x, y); },
         [](f32s x, f32s y, f32o r) { nv::fmodf_ftz(x, y, r); });
  binary("nv.fmod", inputs_pair<double>(), [](double x, double y) { return nv::fmod(x, y); },
         [](f64s x, f64s y, f64o r) { nv::fmod(x, y, r); });
  unary("nv.ceil", inputs64(), [](double x) { return nv::ceil(x); }, [](f64s i, f64o r) { nv::ceil(i, r); });
  ocml_probes<bx::ocml::gfx90a>("ocml");
  ocml_probes<bx::ocml::gfx90a_daz>("ocml-daz");
  ocml_probes<bx::ocml::gfx803>("ocml-gfx803");
  ocml_probes<bx::ocml::gfx803_daz>("ocml-gfx803-daz");
}

int main() {
  all_probes();
  std::fputs(lines.c_str(), stdout);
#if BITEXACT_DISPATCH
  first_pass = false;
  for (auto l : {bx::dispatch::level::avx2_fma, bx::dispatch::level::fma, bx::dispatch::level::baseline}) {
    bx::dispatch::cap = l;
    all_probes();
  }
#endif
  return ok ? 0 : 1;
}
