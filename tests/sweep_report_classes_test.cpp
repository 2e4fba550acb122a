// Issue 21 item 3: the pairs' largest distance with its witnesses, and FTZ/DAZ
// flushes as their own class. Expected values come from outside the engine:
// hand-made implementations whose outputs the test computes input by input,
// the truth (MPFR, bitexact::truth), and the H100's outputs (vectors/nv/edge.txt)
// against ocml.bc's (vectors/ocml/edge/ocml-bc.sinf.txt).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "bitexact/report/report.hpp"
#include "bitexact/sweep/engine.hpp"
#include "bitexact/truth/truth.hpp"
#include "sweep_test_helpers.hpp"

namespace bx = bitexact;
namespace fs = std::filesystem;
using bx::word;
using bx::test::batch_u32;
using bx::test::inputs_of;
using bx::test::run_all;
using bx::test::sweep_options;

namespace {

bool finite_input(std::uint32_t a) { return (a & 0x7f800000u) != 0x7f800000u; }
bool subnormal(std::uint32_t w) { return (w & 0x7f800000u) == 0 && (w & 0x007fffffu) != 0; }
std::uint32_t sin_truth(std::uint32_t a) {
  return bx::bit_cast<std::uint32_t>(bx::truth::sinf(bx::bit_cast<float>(a)));
}
std::uint32_t ceil_truth(std::uint32_t a) {
  return bx::bit_cast<std::uint32_t>(bx::truth::ceilf(bx::bit_cast<float>(a)));
}
// Outputs moved k floats away from zero on chosen inputs (finite, non-zero,
// far from overflow), so the distance between two of them is known.
bool movable(std::uint32_t a, std::uint32_t t) {
  return finite_input(a) && (t & 0x7fffffffu) != 0 && (t & 0x7fffffffu) < 0x7f000000u;
}
std::uint32_t steps_a(std::uint32_t a) { return a % 17 == 4 ? 1 + (a >> 4) % 6 : 0; }  // 0..6
std::uint32_t steps_b(std::uint32_t a) { return a % 5 == 3 ? 1 : 0; }
std::uint32_t t_far(std::uint32_t a) {
  const std::uint32_t t = sin_truth(a);
  return movable(a, t) ? t + steps_a(a) : t;
}
std::uint32_t t_near(std::uint32_t a) {
  const std::uint32_t t = sin_truth(a);
  return movable(a, t) ? t + steps_b(a) : t;
}
// ceilf read through DAZ: a subnormal operand is the zero of its sign.
std::uint32_t t_daz_ceil(std::uint32_t a) { return ceil_truth(subnormal(a) ? a & 0x80000000u : a); }
// Not a flush: 2 on positive subnormals (ceil is 1 there, and 0 after DAZ).
std::uint32_t t_two_ceil(std::uint32_t a) { return subnormal(a) && !(a >> 31) ? 0x40000000u : ceil_truth(a); }

const bool registered = [] {
  bx::register_impl({"t-far", bx::Fn::sinf, &batch_u32<t_far>, "test: up to 6 floats off on a % 17 == 4"});
  bx::register_impl({"t-near", bx::Fn::sinf, &batch_u32<t_near>, "test: 1 float off on a % 5 == 3"});
  bx::register_impl({"t-daz-ceil", bx::Fn::ceilf, &batch_u32<t_daz_ceil>, "test: ceilf with DAZ"});
  bx::register_impl({"t-two-ceil", bx::Fn::ceilf, &batch_u32<t_two_ceil>, "test: 2 on positive subnormals"});
  return true;
}();


std::int64_t ordered(std::uint32_t w) { return (w >> 31) ? -std::int64_t(w & 0x7fffffffu) : std::int64_t(w); }
bool finite_nonzero(std::uint32_t w) { return finite_input(w) && (w & 0x7fffffffu) != 0; }

// The largest distance between x(a) and y(a) over the inputs where both are
// finite non-zero and differ, and the (up to) 4 smallest inputs reaching it.
template <class X, class Y>
std::pair<std::uint64_t, std::vector<std::uint32_t>> expected_max(const std::vector<std::uint32_t>& in, X x, Y y) {
  std::uint64_t best = 0;
  std::set<std::uint32_t> at;
  for (std::uint32_t a : in) {
    const std::uint32_t u = x(a), v = y(a);
    if (u == v || !finite_nonzero(u) || !finite_nonzero(v)) continue;
    const std::uint64_t d = std::uint64_t(std::llabs(ordered(u) - ordered(v)));
    if (d > best) best = d, at.clear();
    if (d == best) at.insert(a);
  }
  std::vector<std::uint32_t> w(at.begin(), at.end());
  if (w.size() > 4) w.resize(4);
  return {best, w};
}

std::uint64_t sum_hist(const bx::sweep::ImplStats& st) {
  std::uint64_t n = 0;
  for (auto c : st.hist) n += c;
  return n;
}

}  // namespace

TEST(PairMaxDistance, LargestDistanceAndSmallestWitnessesByConstruction) {
  auto o = sweep_options(bx::Fn::sinf, "t-far,t-near", "random:40000:9", 1000);
  const auto s = run_all(o);
  const auto [best, at] = expected_max(inputs_of(o.inputs), t_far, t_near);
  ASSERT_GE(best, 5u);  // the set reaches the far end of t-far's offsets
  const auto& p = s.pair_stats[0];
  EXPECT_EQ(p.max_dist.value, double(best));
  ASSERT_EQ(p.max_dist.at.w.size(), at.size());
  for (std::size_t i = 0; i < at.size(); ++i) {
    EXPECT_EQ(p.max_dist.at.w[i].a, at[i]);
    EXPECT_EQ(p.max_dist.at.w[i].r, t_far(at[i]));
    EXPECT_EQ(p.max_dist.at.w[i].s, t_near(at[i]));
  }
  // In the report: JSON, CSV and HTML.
  const auto j = bx::report::to_json(s);
  EXPECT_EQ(j["schema"], "bitexact-sweep-report/3");
  const auto& jp = j["pairs"][0];
  EXPECT_EQ(jp["max_ulp_distance"].get<double>(), double(best));
  EXPECT_EQ(jp["max_ulp_distance_input"], bx::format_hex(at[0], 32));
  EXPECT_EQ(jp["max_ulp_distance_witnesses"][0]["results"][0], bx::format_hex(t_far(at[0]), 32));
  EXPECT_EQ(jp["max_ulp_distance_witnesses"][0]["results"][1], bx::format_hex(t_near(at[0]), 32));
  const std::string csv = bx::report::to_csv(s);
  EXPECT_NE(csv.find(",flushed,max_ulp_distance,max_ulp_distance_input\n"), std::string::npos);
  EXPECT_NE(csv.find("," + std::to_string(best) + "," + bx::format_hex(at[0], 32) + "\n"), std::string::npos) << csv;
}

// NVIDIA against AMD on the H100's edge inputs (vectors/nv/edge.txt): the
// sweep of the reproductions nv and ocml must find the largest distance and
// its smallest inputs that the H100's outputs and ocml.bc's (AMD's bitcode
// run on the CPU, "ocml-bc", docs/ocml-bc.md) give.
TEST(PairMaxDistance, NvAgainstOcmlOnTheEdgeInputsMatchesTheH100AndTheBitcode) {
  const bx::Impl* bc = bx::find_impl("ocml-bc", bx::Fn::sinf);
  if (!bc) GTEST_SKIP() << "ocml-bc not built";
  std::map<std::uint32_t, std::uint32_t> nv;
  std::ifstream in(fs::path(BITEXACT_SOURCE_DIR) / "vectors/nv/edge.txt");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string fn, x, r;
    if (line.empty() || line[0] == '#' || !(ls >> fn >> x >> r) || fn != "sinf") continue;
    nv[std::uint32_t(std::stoul(x, nullptr, 16))] = std::uint32_t(std::stoul(r, nullptr, 16));
  }
  std::vector<std::uint32_t> xs;
  for (auto [x, r] : nv) xs.push_back(x);
  ASSERT_GT(xs.size(), 700u);
  const auto [best, at] = expected_max(
      xs, [&](std::uint32_t a) { return nv.at(a); },
      [&](std::uint32_t a) { return std::uint32_t(bx::eval_one(*bc, a)); });
  ASSERT_GE(best, 1u);

  const fs::path file = fs::temp_directory_path() / ("bx_edge_nv_" + std::to_string(::getpid()) + ".txt");
  {
    std::ofstream out(file);
    for (std::uint32_t x : xs) out << bx::format_hex(x, 32) << "\n";
  }
  const auto s = run_all(sweep_options(bx::Fn::sinf, "nv,ocml", "file:" + file.string(), 64));
  fs::remove(file);
  const auto& p = s.pair_stats[0];
  EXPECT_EQ(p.max_dist.value, double(best));
  ASSERT_EQ(p.max_dist.at.w.size(), at.size());
  for (std::size_t i = 0; i < at.size(); ++i) {
    EXPECT_EQ(p.max_dist.at.w[i].a, at[i]);
    EXPECT_EQ(p.max_dist.at.w[i].r, nv.at(at[i]));
    EXPECT_EQ(p.max_dist.at.w[i].s, std::uint32_t(bx::eval_one(*bc, at[i])));
  }
}

// The same on 2000 inputs per binade, where the two differ by 2 floats
// somewhere: expected from nv (bit-exact to the H100 on all 2^32 inputs,
// vectors/nv/digests.json) and ocml-bc, input by input; the sweep runs the
// reproduction ocml.
TEST(PairMaxDistance, NvAgainstOcmlBitcodeOnEveryBinade) {
  const bx::Impl* bc = bx::find_impl("ocml-bc", bx::Fn::sinf);
  const bx::Impl* nv = bx::find_impl("nv", bx::Fn::sinf);
  if (!bc) GTEST_SKIP() << "ocml-bc not built";
  auto o = sweep_options(bx::Fn::sinf, "nv,ocml", "binades:2000", 16384);
  const auto [best, at] = expected_max(
      inputs_of(o.inputs), [&](std::uint32_t a) { return std::uint32_t(bx::eval_one(*nv, a)); },
      [&](std::uint32_t a) { return std::uint32_t(bx::eval_one(*bc, a)); });
  ASSERT_GE(best, 2u);
  const auto s = run_all(o);
  const auto& p = s.pair_stats[0];
  EXPECT_EQ(p.max_dist.value, double(best));
  ASSERT_EQ(p.max_dist.at.w.size(), at.size());
  for (std::size_t i = 0; i < at.size(); ++i) EXPECT_EQ(p.max_dist.at.w[i].a, at[i]);
}

// nv-ftz sinf on the zero/subnormal strata: every subnormal input whose
// truth is a non-zero subnormal (sin x rounds to x there) is flushed, and
// nothing of it reaches the histogram or the maximum.
TEST(FlushClass, NvFtzSinfFlushesExactlyTheSubnormalResults) {
  auto o = sweep_options(bx::Fn::sinf, "nv,nv-ftz", "binades:256");
  const auto s = run_all(o);
  std::uint64_t expect = 0;
  std::vector<std::uint32_t> first;
  for (std::uint32_t a : inputs_of(o.inputs))
    if (subnormal(a) && subnormal(sin_truth(a))) {
      ++expect;
      first.push_back(a);
    }
  std::sort(first.begin(), first.end());
  first.erase(std::unique(first.begin(), first.end()), first.end());
  ASSERT_GT(expect, 400u);  // two strata of 256 inputs, nearly all non-zero subnormals
  const auto& nv = s.impl_stats[0];
  const auto& ftz = s.impl_stats[1];
  EXPECT_EQ(nv.flushed, 0u);
  EXPECT_EQ(ftz.flushed, expect);
  EXPECT_EQ(sum_hist(ftz) + ftz.flushed, ftz.count);  // the histogram holds the rest
  EXPECT_EQ(ftz.hist[bx::sweep::bins::huge], 0u);
  EXPECT_LE(ftz.max.value, 2.0);  // CUDA Programming Guide: sinf within 2 ulp
  EXPECT_EQ(ftz.special_mismatches(), 0u);
  EXPECT_EQ(ftz.in_class_wrong[int(bx::sweep::VClass::subnormal)], expect);  // still not correctly rounded
  ASSERT_EQ(ftz.flush_witness.w.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(ftz.flush_witness.w[i].a, first[i]);
    EXPECT_EQ(ftz.flush_witness.w[i].r & 0x7fffffffu, 0u);  // a zero
  }
  const auto j = bx::report::to_json(s);
  EXPECT_EQ(j["implementations"]["nv-ftz"]["flushed"].get<std::uint64_t>(), expect);
  EXPECT_EQ(j["implementations"]["nv-ftz"]["flush_witnesses"].size(), 4u);
  EXPECT_EQ(j["implementations"]["nv"]["flushed"].get<std::uint64_t>(), 0u);
  const std::string html = bx::report::to_html(s);
  EXPECT_NE(html.find("flushed (FTZ/DAZ)"), std::string::npos);
}

// Input flushes (DAZ): ceil of a positive subnormal read as +0 is 0, not the
// truth's 1 and not a zero-for-subnormal output flush; only the truth at the
// flushed input recognises it. A result that is not what flushing gives (2)
// stays an error.
TEST(FlushClass, DazInputsAreRecognisedByTheTruthAtTheFlushedInputs) {
  auto o = sweep_options(bx::Fn::ceilf, "t-daz-ceil,t-two-ceil", "binades:64");
  const auto s = run_all(o);
  std::uint64_t positive_sub = 0;
  for (std::uint32_t a : inputs_of(o.inputs)) positive_sub += subnormal(a) && !(a >> 31);
  ASSERT_GT(positive_sub, 50u);
  const auto& daz = s.impl_stats[0];
  const auto& two = s.impl_stats[1];
  EXPECT_EQ(daz.flushed, positive_sub);  // ceil(-sub) = -0 = ceil(-0): not even different
  EXPECT_EQ(daz.max.value, 0.0);
  EXPECT_EQ(daz.correctly_rounded + daz.flushed, daz.count);
  EXPECT_EQ(two.flushed, 0u);
  EXPECT_EQ(two.hist[bx::sweep::bins::huge], positive_sub);  // |2 - 1| = 2^23 ulp(1)
  EXPECT_EQ(two.max.value, 0x1p23);
}

// Shards merged in any order, and the state through its JSON, give the same
// flush counts, pair maxima and report bytes as one run.
TEST(FlushClass, ShardsAndJsonRoundTripKeepTheNewFields) {
  auto o = sweep_options(bx::Fn::sinf, "nv-ftz,t-far,t-near", "binades:48", 1000);
  const auto whole = run_all(o);
  ASSERT_GT(whole.impl_stats[0].flushed, 0u);
  ASSERT_GT(whole.pair_stats[whole.pair_index(1, 2)].max_dist.value, 0.0);
  for (auto order : {std::vector<int>{3, 1, 2}, std::vector<int>{2, 3, 1}}) {
    bx::sweep::State merged;
    bool first = true;
    for (int k : order) {
      auto so = o;
      so.shard_k = k;
      so.shard_n = 3;
      so.threads = 1 + k % 2;
      auto part = bx::sweep::make_state(so);
      EXPECT_TRUE(bx::sweep::run(so, part));
      // each shard through the state file form, as `bitexact merge` reads it
      part = bx::sweep::State::from_json(nlohmann::json::parse(part.to_json().dump()));
      if (first)
        merged = part, first = false;
      else
        merged.merge(part);
    }
    ASSERT_TRUE(merged.complete());
    EXPECT_TRUE(merged == whole);
    EXPECT_EQ(bx::report::to_json(merged).dump(), bx::report::to_json(whole).dump());
    EXPECT_EQ(bx::report::to_html(merged), bx::report::to_html(whole));
  }
  const auto back = bx::sweep::State::from_json(nlohmann::json::parse(whole.to_json().dump()));
  EXPECT_TRUE(back == whole);
  // A state of the previous format is refused with one line (it was accounted without flushes).
  auto old = whole.to_json();
  old["format"] = "bitexact-sweep-state/1";
  EXPECT_THROW(bx::sweep::State::from_json(old), bx::input_error);
}
