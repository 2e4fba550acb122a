// bitexact ocml-vectors --out DIR [--truth PREFIX] [--no-digests] [--only NAME.FN ...]
//
// Regenerates the committed ocml reference data (vectors/ocml/) from the
// ground-truth implementation PREFIX + configuration suffix (default
// "ocml-bc": ocml.bc 5.2.3 executed on the CPU by src/impls/ocml_bc), for every
// configuration of include/bitexact/ocml/presets.hpp:
//   DIR/MANIFEST.txt              ocml version, configurations, files
//   DIR/edge/<impl>.<fn>.txt      edge inputs and the truth's outputs (hex)
//   DIR/digests.json              the generic digest file (bitexact/io/digests.hpp):
//                                 per configuration, the truth's XXH3-64 block
//                                 digests over the standard input sets (all 2^32
//                                 inputs of the one-operand f32 functions; 2^30
//                                 uniform and 2^30 structured inputs of the others), recorded
//                                 for the reproduction "ocml"+suffix that
//                                 tests/exhaustive/vendor_digest_test.cpp checks.
// The digests take ~2.3 * 10^11 evaluations in all (about 25 minutes on 16 cores);
// `--only NAME.FN` (repeatable, e.g. --only ocml-bc-daz.sinf) recomputes just
// those and keeps the other sets of an existing digests.json.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "bitexact/io/digests.hpp"
#include "bitexact/ocml/ocml_config.hpp"
#include "bitexact/ocml/presets.hpp"
#include "command.hpp"

namespace bitexact::cli {
namespace {

// The device-libs release of the configurations (one today: configs.def rows).
std::string devlibs_version() {
  const ocml::release& r = ocml::presets[0].cfg.rel;
  for (const auto& p : ocml::presets)
    if (!(p.cfg.rel == r)) throw std::logic_error("ocml-vectors: configurations of several releases");
  return fmt::format("{}.{}.{}", r.major, r.minor, r.patch);
}

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// The rows ocml is reproduced for (not those of ocml/not_reproduced.def, which
// have no ocml-bc implementation either).
std::vector<Fn> ocml_functions() {
  std::vector<Fn> v;
  for (const auto& fi : functions())
    if (fn_desc_of(fi.id).ocml_reproduced) v.push_back(fi.id);
  return v;
}
std::string ocml_function_names(bool exhaustive) {
  std::string s;
  for (Fn fn : ocml_functions()) {
    const auto sets = sweep::standard_sets(fn);
    if ((sets.front().kind_name() == "exhaustive") != exhaustive) continue;
    if (!s.empty()) s += ' ';
    s += fn_info(fn).name;
  }
  return s;
}
// ---- edge inputs ------------------------------------------------------------

std::vector<u32> f32_edges() {
  std::vector<u32> v;
  auto both = [&](u32 b) {
    v.push_back(b);
    v.push_back(b | 0x80000000u);
  };
  for (u32 b : {0x00000000u, 0x00000001u, 0x00000002u, 0x007fffffu, 0x00400000u, 0x00800000u, 0x00800001u, 0x3f800000u,
                0x3f000000u, 0x3f000001u, 0x3fc00000u, 0x3effffffu, 0x4b000000u, 0x4affffffu, 0x4b000001u, 0x7f7fffffu,
                0x7f800000u, 0x39800000u, 0x39000000u, 0x3f490fdbu, 0x3fc90fdbu, 0x40490fdbu, 0x4096cbe4u, 0x40c90fdbu,
                0x4b3d4a20u, 0x5a7d1ff5u, 0x501502f9u, 0x4cc90fdbu, 0x7effffffu, 0x71800000u})
    both(b);
  // NaNs: quiet, negative quiet, signalling, payloads.
  for (u32 b : {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fa00000u, 0x7fffffffu, 0xff800001u, 0x7fc12345u})
    v.push_back(b);
  // The small/large reduction threshold 2^17 and its neighbours.
  for (int d = -4; d <= 4; ++d) both(u32(0x48000000 + d));
  // Large path: exponents where the 2/pi word window changes (biased 151/152,
  // 183/184, 215/216, 247/248), with extreme significands.
  for (u32 e : {145u, 151u, 152u, 183u, 184u, 215u, 216u, 247u, 248u, 254u})
    for (u32 f : {0u, 1u, 0x7fffffu, 0x490fdbu}) both((e << 23) | f);
  // Reduction boundaries of the small path: multiples of pi/4.
  for (u32 b : {0x3f490fdau, 0x3f490fdcu, 0x4016cbe3u, 0x4016cbe4u, 0x40afeddfu, 0x40afede0u}) both(b);
  return v;
}

// Function-specific additions to f32_edges() (both signs of each).
std::vector<u32> f32_extra(Fn fn) {
  std::vector<u32> v;
  auto both = [&](u32 b) {
    v.push_back(b);
    v.push_back(b | 0x80000000u);
  };
  if (fn == Fn::expm1f) {
    // The +Inf and -1 bounds (0x1.62e42ep+6 ~ 88.72, -17) and their neighbours;
    // q = rint(x log2 e) = 127 / 128 (2^q formed as 2 * 2^127) and its edges;
    // ln 2, 1/2 ln 2 (where q changes), a tiny x.
    for (u32 b : {0x42b17216u, 0x42b17217u, 0x42b17218u, 0xc187ffffu, 0xc1880000u, 0xc1880001u, 0x42b00000u,
                  0x42b0c0a5u, 0x42b0c0a6u, 0x42b1b000u, 0x42ae0000u, 0x3f317218u, 0x3eb17218u, 0x33800000u})
      both(b);
  } else if (fn == Fn::sinpif || fn == Fn::cospif) {
    // Quarter and half integers (quadrant changes), 1 and its neighbours (the
    // fract branch), 2^23 and 2^24 (every float an integer / even integer).
    for (u32 b : {0x3e800000u, 0x3f000000u, 0x3f400000u, 0x3f7fffffu, 0x3f800001u, 0x3fa00000u, 0x3fe00000u,
                  0x40000000u, 0x40100000u, 0x4affffffu, 0x4b000001u, 0x4b7fffffu, 0x4b800000u, 0x4b800001u})
      both(b);
  }
  return v;
}

std::vector<u64> f64_edges() {
  std::vector<u64> v;
  for (u64 b :
       {0x0ull, 0x1ull, 0x000fffffffffffffull, 0x0010000000000000ull, 0x3ff0000000000000ull, 0x3fe0000000000000ull,
        0x3fe0000000000001ull, 0x3ff8000000000000ull, 0x4330000000000000ull, 0x432fffffffffffffull,
        0x4330000000000001ull, 0x7fefffffffffffffull, 0x7ff0000000000000ull, 0x400921fb54442d18ull}) {
    v.push_back(b);
    v.push_back(b | 0x8000000000000000ull);
  }
  for (u64 b : {0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff0000000000001ull, 0x7ff4000000000000ull})
    v.push_back(b);
  return v;
}

template <class U>
std::vector<std::array<U, 2>> pair_edges(const std::vector<U>& xs) {
  std::vector<std::array<U, 2>> v;
  // Cross product of a reduced edge set, plus exact-quotient and gap cases.
  std::vector<U> core;
  for (std::size_t i = 0; i < xs.size(); i += (sizeof(U) == 4 ? 3 : 1)) core.push_back(xs[i]);
  for (U x : core)
    for (U y : core) v.push_back({x, y});
  return v;
}

std::vector<std::array<u32, 2>> fmodf_extra() {
  return {{0x40400000u, 0x40000000u}, {0xc0400000u, 0x40000000u}, {0x40b00000u, 0x3fc00000u},
          {0x7f7fffffu, 0x00000001u}, {0x7f7fffffu, 0x00800000u}, {0x00800000u, 0x00000003u},
          {0x4b000001u, 0x3f800000u}, {0x4e800000u, 0x3f800001u}, {0x7f000000u, 0x3f7fffffu},
          {0x00400000u, 0x00300000u}, {0x00c00000u, 0x00a00000u}, {0x3f800000u, 0x3f800000u},
          {0xbf800000u, 0x3f800000u}, {0x4c000000u, 0x40490fdbu}, {0x40490fdbu, 0x3fc90fdbu}};
}
std::vector<std::array<u64, 2>> fmod_extra() {
  return {{0x4008000000000000ull, 0x4000000000000000ull},
          {0xc008000000000000ull, 0x4000000000000000ull},
          {0x7fefffffffffffffull, 0x1ull},
          {0x7fefffffffffffffull, 0x0010000000000000ull},
          {0x4340000000000001ull, 0x3ff0000000000000ull},
          {0x7fe0000000000000ull, 0x3fefffffffffffffull},
          {0x0008000000000000ull, 0x0006000000000000ull},
          {0x400921fb54442d18ull, 0x3ff921fb54442d18ull}};
}

// ---- writers ----------------------------------------------------------------

const Impl& truth_impl(const std::string& prefix, const ocml::preset& p, Fn fn) {
  const std::string name = prefix + std::string(p.suffix);
  const Impl* impl = find_impl(name, fn);
  if (impl == nullptr)
    throw input_error("implementation '" + name + "." + std::string(fn_info(fn).name) +
                      "' is not built (src/impls/ocml_bc needs llvm-15 and rocm-device-libs)");
  return *impl;
}

std::string header(const std::string& name, const ocml::preset& p, Fn fn) {
  const ocml::config& c = p.cfg;
  return "# ocml " + std::string(fn_info(fn).name) +
         " edge vectors: inputs and outputs, hex bits\n"
         "# expected values: " +
         name + " = ocml.bc " + devlibs_version() +
         " (Debian rocm-device-libs) executed on the CPU by src/impls/ocml_bc\n"
         "# configuration: __oclc_ISA_version=" +
         std::to_string(c.isa_version) + " daz=" + (c.daz ? "on" : "off") +
         " finite_only=" + (c.finite_only ? "on" : "off") + " (reproduction: ocml" + std::string(p.suffix) + ")\n";
}

void write_edges(const std::string& dir, const std::string& prefix, const ocml::preset& p, Fn fn) {
  const Impl& impl = truth_impl(prefix, p, fn);
  const FnInfo& fi = fn_info(fn);
  std::vector<word> a, b;
  if (fi.arity == 1) {
    if (fi.bits == 32) {
      for (u32 x : f32_edges()) a.push_back(x);
      for (u32 x : f32_extra(fn)) a.push_back(x);
    }
    else
      for (u64 x : f64_edges()) a.push_back(x);
    b.assign(a.size(), 0);
  } else if (fi.bits == 32) {
    auto pairs = pair_edges(f32_edges());
    for (auto e : fmodf_extra()) pairs.push_back(e);
    for (auto [x, y] : pairs) {
      a.push_back(x);
      b.push_back(y);
    }
  } else {
    auto pairs = pair_edges(f64_edges());
    for (auto e : fmod_extra()) pairs.push_back(e);
    for (auto [x, y] : pairs) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  std::vector<word> out(a.size());
  const word* args[2] = {a.data(), b.data()};
  impl.eval(args, out.data(), out.size());
  write_file_atomic(dir + "/edge/" + impl.name + "." + std::string(fi.name) + ".txt", [&](std::ostream& os) {
    os << header(impl.name, p, fn);
    for (std::size_t i = 0; i < a.size(); ++i) {
      os << format_hex(a[i], fi.bits);
      if (fi.arity == 2) os << ' ' << format_hex(b[i], fi.bits);
      os << ' ' << format_hex(out[i], fi.bits) << '\n';
    }
  });
}

// Digests of one reproduction's ground truth over one input set: computed from
// PREFIX+suffix (ocml-bc*), recorded for the reproduction "ocml"+suffix.
vectors::digest_set make_set(const std::string& prefix, const ocml::preset& p, Fn fn, const sweep::InputSet& set) {
  const Impl& truth = truth_impl(prefix, p, fn);
  vectors::digest_set d;
  d.fn = std::string(fn_info(fn).name);
  d.impl = "ocml" + std::string(p.suffix);
  d.truth = truth.name;
  d.set = set;
  d.block = vectors::standard_block;
  if (ocml::nan_sign_unobservable(p.cfg, fn)) d.view = vectors::output_view::nan_sign_cleared;
  std::vector<std::uint64_t> blocks(set.count / d.block);
  for (std::uint64_t k = 0; k < blocks.size(); ++k) blocks[k] = k;
  d.digests = sweep::block_digests(truth, set, d.block, blocks, d.view);
  return d;
}

nlohmann::json digests_manifest(const std::string& prefix) {
  nlohmann::json configs = nlohmann::json::object();
  for (const auto& p : ocml::presets) {
    const ocml::config& c = p.cfg;
    configs["ocml" + std::string(p.suffix)] = {{"truth", prefix + std::string(p.suffix)},
                                               {"oclc_ISA_version", c.isa_version},
                                               {"oclc_daz_opt", c.daz},
                                               {"oclc_finite_only_opt", c.finite_only},
                                               {"fast_fma_path", ocml::has_fast_fma_path(c)},
                                               {"fmuladd_fused", ocml::fmuladd_fused(c)},
                                               {"what", std::string(p.what)}};
  }
  return {{"source", "ocml.bc + oclc_*.bc of ROCm-Device-Libs " + devlibs_version() +
                         " (Debian rocm-device-libs), linked per "
                         "configuration and executed on the CPU by src/impls/ocml_bc (implementations ocml-bc*)"},
          {"ocml_version", devlibs_version()},
          {"configurations", configs},
          {"digest", "XXH3_64bits, seed 0, over each block's outputs as little-endian words"},
          {"input_sets",
           {{"exhaustive", "input i = bit pattern i, i < 2^32"},
            {"uniform", "operand k of input i = word_at(seed, i, k) (bitexact/inputs.hpp; upper 32 bits for f32)"},
            {"structured",
             "inputs::structured_pair<T>(seed, i) for fmod, inputs::structured_single<T>(seed, i) for ceil"}}},
          {"outputs",
           {{"exact", "the output words"},
            {"nan-sign-cleared",
             "NaN outputs with the sign bit cleared: finite-only fmod and expm1f, whose NaN results "
             "(outside the contract) carry x86's default-NaN sign in the CPU execution"}}},
          {"command", "bitexact ocml-vectors --out vectors/ocml [--only NAME.FN]"}};
}

void write_manifest(const std::string& dir, const std::string& prefix) {
  write_file_atomic(dir + "/MANIFEST.txt", [&](std::ostream& os) {
    os << "# ocml reference vectors (generated by `bitexact ocml-vectors`)\n"
          "ocml_version "
       << devlibs_version()
       << "\n"
          "source ocml.bc + oclc_*.bc of Debian rocm-device-libs "
       << devlibs_version()
       << ", executed on the CPU by src/impls/ocml_bc\n"
          "# name isa_version daz finite_only fast_fma_path fmuladd_fused reproduction\n";
    for (const auto& p : ocml::presets) {
      const ocml::config& c = p.cfg;
      os << "config " << prefix << p.suffix << ' ' << c.isa_version << ' ' << (c.daz ? "on" : "off") << ' '
         << (c.finite_only ? "on" : "off") << ' ' << (ocml::has_fast_fma_path(c) ? "yes" : "no") << ' '
         << (ocml::fmuladd_fused(c) ? "yes" : "no") << " ocml" << p.suffix << '\n';
    }
    os << "edge edge/<name>.<fn>.txt  (fn: " << ocml_function_names(true) << ' ' << ocml_function_names(false)
       << ")\n";
    os << "digests digests.json  (XXH3_64bits per block of 2^24 outputs: every configuration; "
       << ocml_function_names(true) << "\n        on all 2^32 inputs; " << ocml_function_names(false)
       << " on 2^30 uniform and 2^30 structured inputs)\n";
  });
}

void run(const std::string& dir, const std::string& prefix, bool no_digests, const std::vector<std::string>& only) {
  namespace fs = std::filesystem;
  // Validate first: every truth implementation must exist before anything is written.
  for (const auto& p : ocml::presets)
    for (Fn fn : ocml_functions()) truth_impl(prefix, p, fn);
  auto key = [&](const ocml::preset& p, Fn fn) {
    return prefix + std::string(p.suffix) + "." + std::string(fn_info(fn).name);
  };
  for (const auto& o : only) {
    bool known = false;
    for (const auto& p : ocml::presets)
      for (Fn fn : ocml_functions()) known = known || o == key(p, fn);
    if (!known) throw input_error("--only '" + o + "': not a NAME.FN of `bitexact list` (NAME " + prefix + "*)");
  }
  const std::string digests_path = dir + "/digests.json";
  vectors::digest_file file;
  if (!no_digests && fs::exists(digests_path)) file = vectors::load_digests(digests_path);
  fs::create_directories(dir + "/edge");
  for (const auto& p : ocml::presets)
    for (Fn fn : ocml_functions()) write_edges(dir, prefix, p, fn);
  if (!no_digests) {
    file.manifest = digests_manifest(prefix);
    for (const auto& p : ocml::presets)
      for (Fn fn : ocml_functions()) {
        if (!only.empty() && std::find(only.begin(), only.end(), key(p, fn)) == only.end()) continue;
        for (const auto& set : sweep::standard_sets(fn)) {
          std::fprintf(stderr, "digests %s %s seed %llu\n", key(p, fn).c_str(), std::string(set.kind_name()).c_str(),
                       (unsigned long long)set.seed);
          vectors::upsert(file, make_set(prefix, p, fn, set));
        }
      }
    // A stable order: configuration, then function, then set.
    auto rank = [&](const vectors::digest_set& d) {
      std::size_t pi = 0, fi = 0;
      for (std::size_t i = 0; i < std::size(ocml::presets); ++i)
        if (d.impl == "ocml" + std::string(ocml::presets[i].suffix)) pi = i;
      if (auto f = parse_fn(d.fn)) fi = std::size_t(*f);
      return std::tuple(pi, fi, d.set.seed, d.set.kind_name());
    };
    std::stable_sort(file.sets.begin(), file.sets.end(),
                     [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
    write_file_atomic(digests_path, [&](std::ostream& os) { os << vectors::to_json(file).dump(1) << '\n'; });
  }
  write_manifest(dir, prefix);
}

const bool registered = register_command([](CLI::App& app) {
  static std::string dir, prefix = "ocml-bc";
  static bool no_digests = false;
  static std::vector<std::string> only;
  auto* c = app.add_subcommand("ocml-vectors", "Regenerate vectors/ocml (edge vectors, digests.json) from ocml-bc*");
  // Rewrites committed reference data: listed apart from the everyday commands.
  c->group("Maintainer subcommands");
  c->footer("Example (edge vectors only; the digests take ~25 min on 16 cores):\n"
            "  bitexact ocml-vectors --out vectors/ocml --no-digests");
  c->add_option("--out", dir, "output directory, e.g. vectors/ocml")->required();
  c->add_option("--truth", prefix, "implementation name prefix of the ground truth (default ocml-bc)");
  c->add_flag("--no-digests", no_digests, "skip the digest sweeps (2^32 or 2 x 2^30 inputs per NAME.FN)");
  c->add_option("--only", only,
                "NAME.FN (e.g. ocml-bc-daz.sinf): compute only these digests, keeping the others (repeatable)");
  c->callback([] { run(dir, prefix, no_digests, only); });
});

}  // namespace
}  // namespace bitexact::cli
