// Shared by the exhaustive and heavy digest tests: one gtest case per committed
// digest set of every vendor directory (vectors/*/digests.json), recomputing
// the reproduction's block digests on this CPU and comparing them with the
// vendor's.
//
// Sources of the expected digests (the manifests say which, and how):
//   vectors/nv/    native libdevice on an NVIDIA H100 (device/run_nv_native.sh)
//   vectors/nv-sfu/ the SFU instructions and fast intrinsics on the H100
//                  (device/run_sfu_probe.sh)
//   vectors/ocml/  ocml.bc 5.2.3 executed on the CPU by tools/ocml_bc
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
//     implementations (nv, ocml) and of every ceilf; 64 of the 256 blocks of
//     the SFU units alone (ptx-ftz, vectors/nv-sfu) and
//     the other CLI-contract implementations (nv-ftz, ocml-daz), which keeps
//     the CI suite under its 30 minutes on two cores;
//   * 16 of the 256 blocks (spread evenly, the Inf/NaN block included) of the
//     other exhaustive sets (nv-fast's included: its fmodf, fmod, ceilf, ceil
//     are libdevice's FTZ code, whose own sets are checked above, so 1 block
//     of their 2^30-input sets), 8 of the 64 blocks of the contract
//     implementations' 2^30-input sets (4 for nv's and nv-ftz's binary64
//     fmod, a long division) and 2 of the others';
//   * a truth re-run: 1 block;
//   * a stand-in: 16 blocks of an exhaustive set, 1 of the others.
// BITEXACT_DIGEST_BLOCKS=k checks k spread blocks of every case instead.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "bitexact/engine/hexio.hpp"
#include "bitexact/engine/vectors.hpp"

namespace bitexact::testing {

enum class scope { ci, full };

struct digest_case {
  std::string dir;          // vendor directory under vectors/, e.g. "ocml"
  vectors::digest_set set;  // the committed set
  bool truth;               // check the set's truth implementation instead of the reproduction
  std::string name;         // gtest name
  std::string stand_in;     // check this implementation instead of the reproduction
};

// Implementations checked against another's committed sets. ocml-bc-nv-replaced
// (tools/ocml_bc): AMD's ocml.bc for gfx90a with bitexact_ocml_nv.bc linked
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

inline std::vector<digest_case> all_digest_cases() {
  namespace fs = std::filesystem;
  std::vector<std::string> dirs;
  for (const auto& d : fs::directory_iterator(fs::path(BITEXACT_SOURCE_DIR) / "vectors"))
    if (fs::exists(d.path() / "digests.json")) dirs.push_back(d.path().filename().string());
  std::sort(dirs.begin(), dirs.end());
  std::vector<digest_case> cases;
  for (const auto& dir : dirs) {
    for (const auto& s : vectors::load_digests(digests_path(dir)).sets) {
      std::string name =
          dir + "_" + s.impl + "_" + s.fn + "_" + std::string(s.set.kind_name()) + "_seed" + std::to_string(s.set.seed);
      for (char& ch : name)
        if (ch == '-') ch = '_';
      cases.push_back({dir, s, false, name, {}});
      if (!s.truth.empty()) cases.push_back({dir, s, true, name + "_truth", {}});
      for (const stand_in_rule& r : stand_ins) {
        if (dir != r.dir || s.impl != r.of) continue;
        std::string suffix = std::string("_") + r.impl;
        for (char& ch : suffix)
          if (ch == '-') ch = '_';
        cases.push_back({dir, s, false, name + suffix, r.impl});
      }
    }
  }
  return cases;
}

inline bool contract_impl(const std::string& impl) {
  return impl == "nv" || impl == "nv-ftz" || impl == "ocml" || impl == "ocml-daz";
}

// Number of spread blocks a case checks (all of them: n).
inline std::uint64_t blocks_to_check(const vectors::digest_set& s, bool truth, bool stand_in, scope sc) {
  const std::uint64_t n = s.digests.size();
  if (const char* e = std::getenv("BITEXACT_DIGEST_BLOCKS"); e && std::atoll(e) > 0)
    return std::min<std::uint64_t>(n, std::uint64_t(std::atoll(e)));
  if (sc == scope::full) return n;
  if (truth) return 1;
  if (stand_in) return s.set.kind == sweep::InputSet::Kind::exhaustive ? 16 : 1;
  if (s.set.kind == sweep::InputSet::Kind::exhaustive) {
    if (s.impl == "ptx-ftz") return n / 4;
    if (s.impl == "nv-fast") return 16;
    if (s.impl == "nv" || s.impl == "ocml" || s.fn == "ceilf") return n;
    return contract_impl(s.impl) ? n / 4 : 16;
  }
  if (s.impl == "nv-fast") return 1;  // libdevice's FTZ code, whose nv-ftz / nv sets get more blocks
  // nv's binary64 fmod is a long division (~1 us a pair on the CPU): 4 blocks
  // of it, not 8, keep the suite under 30 minutes (heavy checks all 64).
  if (s.fn == "fmod" && (s.impl == "nv" || s.impl == "nv-ftz")) return 4;
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
  const auto blocks = vectors::spread_blocks(s.digests.size(), blocks_to_check(s, c.truth, !c.stand_in.empty(), sc));
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
