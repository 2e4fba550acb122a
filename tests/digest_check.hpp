// Shared by the exhaustive and heavy digest tests: one gtest case per committed
// digest set of every vendor directory (vectors/*/digests.json), recomputing
// the reproduction's block digests on this CPU and comparing them with the
// vendor's.
//
// Sources of the expected digests (the manifests say which, and how):
//   vectors/nv/    native libdevice on an NVIDIA H100 (tools/scripts/device/run_nv_native.sh)
//   vectors/nv-sfu/ the SFU instructions and fast intrinsics on the H100
//                  (tools/scripts/device/run_sfu_probe.sh)
//   vectors/ocml/  ocml.bc 5.2.3 executed on the CPU by src/impls/ocml_bc
//                  (`bitexact ocml-vectors`); such a set names its "truth"
//                  implementation, and when that is built here the truth is
//                  re-run against its own digests too (a second case, "truth").
// A stand-in (stand_ins below) is an implementation that is not a vendor's
// reproduction but must give its bits; it gets a case for each of that vendor's
// sets too, named after the set with the stand-in's name appended.
//
// How many blocks a case checks (scope::ci, the "exhaustive" label run by CI on
// two cores; scope::full, the "heavy" label, checks every block):
//   * all 2^32 inputs of the one-argument f32 sets of the two main
//     implementations (nv, ocml) and of every ceilf but the same-code aliases
//     (below: 10 ocml configurations are ocml's or ocml-daz's ceilf); 64 of the 256 blocks of
//     the SFU units alone (ptx-ftz, vectors/nv-sfu) and
//     the other CLI-contract implementations (nv-ftz, ocml-daz), which keeps
//     the CI suite under its 30 minutes on two cores;
//   * 16 of the 256 blocks (spread evenly, the Inf/NaN block included) of the
//     other exhaustive sets (nv-fast's included: its fmodf, fmod, ceilf, ceil
//     are libdevice's FTZ code, whose own sets are checked above, so 1 block
//     of their 2^30-input sets), 8 of the 64 blocks of the contract
//     implementations' 2^30-input sets and 2 of the others';
//   * the rows of issue 34 (expf ... hypotf, every row after ceil): 2 of the
//     256 blocks of each exhaustive set (nv-fast: 1; a stand-in: 2), 1 of the
//     64 of each pair set; their ocml sets (expm1f, sinpif, cospif) 32 of 256
//     (ocml, ocml-daz) or 8 (the other configurations);
//   * a truth re-run: 1 block;
//   * a stand-in: 16 blocks of an exhaustive set, 1 of the others;
//   * a same-code alias (same_code_as below: a name whose function is, in the
//     source, the very code of another name's, e.g. nv-ftz.fmod is nv::fmod):
//     blocks 0 and n/2 of an exhaustive set (zero and the subnormals of each
//     sign, where DAZ/FTZ wiring shows) and block 0 of the others (not one of
//     a sample's spread blocks); and the committed
//     digests of the alias's set must equal the primary's, block for block, so
//     the primary's CI blocks are the alias's too. Until this rule, the alias
//     recomputed the primary's blocks with the same code (nv-ftz.fmod: 2 x
//     ~70 s of CPU for nothing). `ctest -L heavy` checks every block of both.
// BITEXACT_DIGEST_BLOCKS=k checks k spread blocks of every case instead.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bitexact/io/hexio.hpp"
#include "bitexact/io/digests.hpp"
#include "bitexact/ocml/presets.hpp"

namespace bitexact::testing {

enum class scope { ci, full };

struct digest_case {
  std::string dir;          // vendor directory under vectors/, e.g. "ocml"
  vectors::digest_set set;  // the committed set
  bool truth;               // check the set's truth implementation instead of the reproduction
  std::string name;         // gtest name
  std::string stand_in;     // check this implementation instead of the reproduction
  std::string same_as;      // same_code_as(dir, impl, fn): the primary whose code this is ("" if none)
  std::optional<vectors::digest_set> primary;  // the primary's set of the same fn, kind and seed
};

// Implementations checked against another's committed sets. ocml-bc-nv-replaced
// (src/impls/ocml_bc): AMD's ocml.bc for gfx90a with bitexact_ocml_nv.bc linked
// ahead, run on the CPU; it must give the H100's bits of the nv (-ftz=false)
// sets (docs/replacement.md, "AMD GPU"). Skipped where it is not built.
struct stand_in_rule {
  const char* impl;  // the stand-in
  const char* dir;   // vendor directory
  const char* of;    // whose sets (the "impl" field of the sets) it must match
};
inline constexpr stand_in_rule stand_ins[] = {{"ocml-bc-nv-replaced", "nv", "nv"}};

inline std::string digests_path(const std::string& dir) {
  return std::string(BITEXACT_SOURCE_DIR) + "/vectors/" + dir + "/digests.json";
}

// Same code under two names: the implementation whose function is, in the
// sources, exactly the code of another (the primary) for this fn; "" if none.
// Only what the headers say outright, never "happens to give the same bits":
//   nv-ftz fmod, ceil: nv/fmod.hpp `fmod_ftz(a, b) { return fmod(a, b); }`,
//     nv/ceil.hpp `ceil_ftz(x) { return ceil(x); }` (PTX has no f64 FTZ), and
//     their span forms (nv/batch.hpp) are the same loops around them.
//   ocml configurations (ocml/configs.def rows, ocml/batch.hpp: the scalar
//   code in a loop for every C): ceil_f32<C> reads only C.daz
//   (amdgcn::ceil<C.daz>), fmod_f64<C> only C.finite_only, ceil_f64<C>
//   nothing; the primary is the first configs.def row with the same values.
//   (Not fmod_f32: its steps follow the ISA's fma path, other code that gives
//   the same bits; not nv-fast: scalar batches, not nv's span forms.)
inline std::string same_code_as(const std::string& dir, const std::string& impl, const std::string& fn) {
  if (dir == "nv" && impl == "nv-ftz" && (fn == "fmod" || fn == "ceil")) return "nv";
  if (dir != "ocml" || impl.rfind("ocml", 0) != 0 || (fn != "ceilf" && fn != "fmod" && fn != "ceil")) return {};
  const std::string_view suffix = std::string_view(impl).substr(4);
  const ocml::preset* self = nullptr;
  for (const ocml::preset& p : ocml::presets)
    if (p.suffix == suffix) self = &p;
  if (self == nullptr) return {};
  for (const ocml::preset& p : ocml::presets) {
    const bool same = fn == "ceilf" ? p.cfg.daz == self->cfg.daz
                      : fn == "fmod" ? p.cfg.finite_only == self->cfg.finite_only
                                     : true;
    if (same) return &p == self ? std::string() : "ocml" + std::string(p.suffix);
  }
  return {};
}

inline std::vector<digest_case> all_digest_cases() {
  namespace fs = std::filesystem;
  std::vector<std::string> dirs;
  for (const auto& d : fs::directory_iterator(fs::path(BITEXACT_SOURCE_DIR) / "vectors"))
    if (fs::exists(d.path() / "digests.json")) dirs.push_back(d.path().filename().string());
  std::sort(dirs.begin(), dirs.end());
  std::vector<digest_case> cases;
  for (const auto& dir : dirs) {
    const vectors::digest_file file = vectors::load_digests(digests_path(dir));
    for (const auto& s : file.sets) {
      std::string name =
          dir + "_" + s.impl + "_" + s.fn + "_" + std::string(s.set.kind_name()) + "_seed" + std::to_string(s.set.seed);
      for (char& ch : name)
        if (ch == '-') ch = '_';
      digest_case c{dir, s, false, name, {}, {}, {}};
      c.same_as = same_code_as(dir, s.impl, s.fn);
      for (const auto& p : file.sets)
        if (!c.same_as.empty() && p.impl == c.same_as && p.fn == s.fn && p.set.kind == s.set.kind &&
            p.set.seed == s.set.seed)
          c.primary = p;
      cases.push_back(c);
      if (!s.truth.empty()) cases.push_back({dir, s, true, name + "_truth", {}, {}, {}});
      for (const stand_in_rule& r : stand_ins) {
        if (dir != r.dir || s.impl != r.of) continue;
        std::string suffix = std::string("_") + r.impl;
        for (char& ch : suffix)
          if (ch == '-') ch = '_';
        cases.push_back({dir, s, false, name + suffix, r.impl, {}, {}});
      }
    }
  }
  return cases;
}

// Every row but the six the project started from: the rows of issue 34
// (expf ... cospif) and the BITEXACT_NV_FUNCTION rows, whose scalar host
// models of libdevice take up to ~0.2 us an input, and any row added later
// (sampled sparsely until its cost says otherwise). Named, not "after ceil":
// the order of functions.def is not a property. expm1f, sinpif and cospif are
// among them although ocml is reproduced for them (their ocml code is fast,
// like sinf's).
inline bool ml_row(Fn f) {
  return f != Fn::sinf && f != Fn::cosf && f != Fn::fmodf && f != Fn::fmod && f != Fn::ceilf && f != Fn::ceil;
}
inline bool ocml_impl(const std::string& impl) { return impl == "ocml" || impl.rfind("ocml-", 0) == 0; }

inline bool contract_impl(const std::string& impl) {
  return impl == "nv" || impl == "nv-ftz" || impl == "ocml" || impl == "ocml-daz";
}

// Number of spread blocks a case checks (all of them: n); a same-code alias's
// blocks are alias_blocks' instead under scope::ci.
inline std::uint64_t blocks_to_check(const vectors::digest_set& s, bool truth, bool stand_in, scope sc) {
  const std::uint64_t n = s.digests.size();
  if (const char* e = std::getenv("BITEXACT_DIGEST_BLOCKS"); e && std::atoll(e) > 0)
    return std::min<std::uint64_t>(n, std::uint64_t(std::atoll(e)));
  if (sc == scope::full) return n;
  if (truth) return 1;
  const auto fn = parse_fn(s.fn);
  const bool ml = fn && ml_row(*fn);
  if (stand_in) return s.set.kind == sweep::InputSet::Kind::exhaustive ? (ml ? 2 : 16) : 1;
  if (s.set.kind == sweep::InputSet::Kind::exhaustive) {
    if (s.impl == "ptx-ftz") return n / 4;
    // The ocml sets of issue 34's rows (expm1f, sinpif, cospif: ~0.25 s a
    // block on two cores): 32 blocks of ocml's and ocml-daz's, 8 of the others'.
    if (ml && ocml_impl(s.impl)) return contract_impl(s.impl) ? 32 : 8;
    // The other sets of issue 34's rows have scalar host models of up to
    // ~0.2 us an input (8 blocks of erfinvf: 30 s on two cores): 2 blocks of
    // each set in CI, 1 of nv-fast's (which ones: check_digest_case); every
    // block under heavy.
    if (ml) return s.impl == "nv-fast" ? 1 : 2;
    if (s.impl == "nv-fast") return 16;
    if (s.impl == "nv" || s.impl == "ocml" || s.fn == "ceilf") return n;
    return contract_impl(s.impl) ? n / 4 : 16;
  }
  if (s.impl == "nv-fast") return 1;  // libdevice's FTZ code, whose nv-ftz / nv sets get more blocks
  // powf's host model takes ~1 us a pair: 1 block of each pair set of the rows
  // of issue 34 (8 took 121 s a set on two cores); heavy checks all 64.
  if (ml) return 1;
  return contract_impl(s.impl) ? 8 : 2;
}

inline void check_digest_case(const digest_case& c, scope sc) {
  const vectors::digest_set& s = c.set;
  auto fn = parse_fn(s.fn);
  ASSERT_TRUE(fn) << s.fn;
  const std::string name = c.truth ? s.truth : !c.stand_in.empty() ? c.stand_in : s.impl;
  const Impl* impl = find_impl(name, *fn);
  if (impl == nullptr && c.truth)
    GTEST_SKIP() << "truth implementation " << name << "." << s.fn << " is not built here";
  if (impl == nullptr && !c.stand_in.empty())
    GTEST_SKIP() << "stand-in " << name << "." << s.fn << " is not built here";
  ASSERT_NE(impl, nullptr) << name << "." << s.fn << " is not registered";
  std::vector<std::uint64_t> blocks;
  if (!c.same_as.empty()) {
    // A same-code alias (same_code_as): its committed digests must be the
    // primary's, every block; then the primary's case checks them for both.
    ASSERT_TRUE(c.primary.has_value()) << c.dir << " " << s.impl << "." << s.fn << " is the code of " << c.same_as
                                       << "." << s.fn << ", whose " << s.set.kind_name() << " seed " << s.set.seed
                                       << " set is missing from " << digests_path(c.dir);
    ASSERT_EQ(c.primary->block, s.block);
    ASSERT_EQ(c.primary->view, s.view);
    ASSERT_EQ(c.primary->digests.size(), s.digests.size());
    for (std::size_t b = 0; b < s.digests.size(); ++b)
      ASSERT_EQ(c.primary->digests[b], s.digests[b])
          << c.dir << " " << s.impl << "." << s.fn << " and " << c.same_as << "." << s.fn << " are the same code"
          << " (tests/digest_check.hpp, same_code_as) but their committed digests of block " << b << " differ";
    if (sc == scope::ci && std::getenv("BITEXACT_DIGEST_BLOCKS") == nullptr) {
      const std::uint64_t n = s.digests.size();
      blocks = {0};
      if (s.set.kind == sweep::InputSet::Kind::exhaustive) blocks.push_back(n / 2);
    }
  }
  // The exhaustive sets of issue 34's rows (not their ocml sets), in CI: block
  // 63 ([0.5, 2), the common range) and block 128 (-0 and the negative tiny
  // and subnormal inputs, where the builds differ most); nv-fast's: block 63.
  if (blocks.empty() && sc == scope::ci && std::getenv("BITEXACT_DIGEST_BLOCKS") == nullptr && !c.truth &&
      s.set.kind == sweep::InputSet::Kind::exhaustive && s.digests.size() == 256 && ml_row(*fn) &&
      !ocml_impl(s.impl)) {
    blocks = {63};
    if (s.impl != "nv-fast") blocks.push_back(128);
  }
  if (blocks.empty())
    blocks = vectors::spread_blocks(s.digests.size(), blocks_to_check(s, c.truth, !c.stand_in.empty(), sc));
  const auto t0 = std::chrono::steady_clock::now();
  const auto got = sweep::block_digests(*impl, s.set, s.block, blocks, s.view);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::uint64_t bad = 0;
  for (std::size_t k = 0; k < blocks.size(); ++k) {
    const std::uint64_t b = blocks[k];
    if (got[k] != s.digests[b] && ++bad <= 8)
      ADD_FAILURE() << c.dir << " " << name << "." << s.fn << " " << s.set.kind_name() << " seed " << s.set.seed
                    << " block " << b << " (inputs " << b * s.block << ".." << (b + 1) * s.block - 1 << "): digest "
                    << format_hex(got[k], 64) << ", vendor " << format_hex(s.digests[b], 64)
                    << (s.truth.empty() || c.truth ? std::string()
                                                   : "; find the inputs with `bitexact sweep " + s.fn + " --impl " +
                                                         s.impl + "," + s.truth + " ...` over that block");
  }
  std::printf("[digests] vectors/%s %s.%s %s seed %llu (%s outputs): %zu/%zu blocks, %llu inputs, %s, %.1f s\n",
              c.dir.c_str(), name.c_str(), s.fn.c_str(), std::string(s.set.kind_name()).c_str(),
              (unsigned long long)s.set.seed, std::string(vectors::view_name(s.view)).c_str(), blocks.size(),
              s.digests.size(), (unsigned long long)(blocks.size() * s.block), bad ? "MISMATCH" : "equal", secs);
  std::fflush(stdout);
  EXPECT_EQ(bad, 0u);
}

inline std::string case_name(const ::testing::TestParamInfo<digest_case>& info) { return info.param.name; }

}  // namespace bitexact::testing
