// The report model (bitexact/report/model.hpp) and its renderers: every
// renderer prints the model's figures as they are (none recomputes one), the
// four agree on a real sweep, the Markdown summary reads the same model back
// from report.json, and the model takes the truth's values from the state
// (the sweep kept them) instead of evaluating the truth again.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bitexact/registry/registry.hpp"
#include "bitexact/report/model.hpp"
#include "bitexact/report/report.hpp"
#include "bitexact/sweep/engine.hpp"
#include "test_helpers.hpp"

namespace bx = bitexact;
namespace rp = bitexact::report;

namespace {

bx::sweep::State sweep(const std::string& impls, const std::string& inputs, bx::Fn fn = bx::Fn::sinf) {
  bx::sweep::Options o;
  o.fn = fn;
  o.impls = bx::sweep::resolve_impls(impls, fn);
  o.inputs = bx::sweep::parse_input_set(inputs, fn);
  auto s = bx::sweep::make_state(o);
  bx::sweep::run(o, s);
  return s;
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

std::string grouped(std::uint64_t v) {  // the pages' thousands separator, written out here
  std::string d = std::to_string(v), o;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i && (d.size() - i) % 3 == 0) o += ',';
    o += d[i];
  }
  return o;
}

// A model whose figures contradict each other on purpose: differ is not the
// sum of the classes, nan_payload_only is not the nan_payload class, the figures derived from it are not derived, the share
// is not correctly_rounded / count. A renderer that recomputes any of them
// from the others shows another number than the model's.
rp::Model inconsistent_model() {
  rp::Model m;
  m.schema = "bitexact-sweep-report/3";
  m.function = "sinf";
  m.inputs_spec = "binades:8";
  m.inputs_count = 9000000;
  m.inputs_description = "a made-up set";
  m.complete = true;
  m.evaluated = 8000000;
  m.truth = "mpfr";
  m.ulp_error = "|result - exact| / ulp(exact)";
  rp::ImplReport a;
  a.name = "x";
  a.description = "made up";
  a.count = 8000000;
  a.correctly_rounded = 7000001;
  a.not_correctly_rounded = 31337;
  a.correctly_rounded_share = 0.25;
  a.max_ulp = 3.5;
  a.max_ulp_input = rp::Input{0x3f800000, 0};
  a.special_mismatches = 4242;
  a.flushed = 2323;
  rp::ImplReport b = a;
  b.name = "y";
  m.impls = {a, b};
  rp::PairReport p;
  p.a = "x";
  p.b = "y";
  p.differ = 1234567;
  p.nan_payload_only = 7654321;
  p.not_numeric = 4444;
  p.classes = {101, 102, 103, 104, 105, 106, 107};
  p.distance.assign(bx::sweep::dist_bins, 0);
  p.distance[0] = 11;
  p.distance[2] = 13;
  p.max_distance = 5;
  p.max_distance_witnesses = {bx::sweep::Witness{0x40490fdb, 0, 0xb3bbbd2e, 0xb3bbbd33, 5, 0x33bbbd2e}};
  p.max_distance_input = rp::Input{0x40490fdb, 0};
  m.pairs = {p};
  return m;
}

}  // namespace

TEST(ReportModel, RenderersPrintTheModelsFiguresAsTheyAre) {
  const rp::Model m = inconsistent_model();
  const auto j = rp::render_json(m);
  const auto& jp = j["pairs"][0];
  EXPECT_EQ(jp["differ"], 1234567u);
  EXPECT_EQ(jp["nan_payload_only"], 7654321u);
  EXPECT_EQ(jp["adjacent"], 11u);
  EXPECT_EQ(jp["classes"]["nan_vs_number"]["count"], 101u);
  EXPECT_EQ(jp["classes"]["zero_sign"]["count"], 107u);
  EXPECT_EQ(j["implementations"]["x"]["correctly_rounded_share"], 0.25);
  EXPECT_EQ(j["implementations"]["x"]["not_correctly_rounded"], 31337u);
  EXPECT_EQ(j["implementations"]["x"]["special_mismatches"], 4242u);

  const auto rows = bitexact::testing::csv_rows(rp::render_csv(m));
  ASSERT_EQ(rows.size(), 4u);  // header, two implementations, one pair
  EXPECT_EQ(rows[1][column(rows[0], "correctly_rounded_share")], "0.250000000");
  EXPECT_EQ(rows[1][column(rows[0], "special_mismatches")], "4242");
  EXPECT_EQ(rows[1][column(rows[0], "flushed")], "2323");
  EXPECT_EQ(rows[3][column(rows[0], "count")], "8000000");  // pairs: inputs evaluated
  EXPECT_EQ(rows[3][column(rows[0], "differ")], "1234567");
  EXPECT_EQ(rows[3][column(rows[0], "adjacent")], "11");
  EXPECT_EQ(rows[3][column(rows[0], "number_vs_number")], "104");

  const std::string html = rp::render_html(m);
  // the summary per pair: differing, share, both numbers, neighbours, the rest, the largest distance, its truth
  EXPECT_NE(html.find("<tr><td>1,234,567</td><td>15.43 %</td><td>104</td><td>11</td><td>4,444</td><td><b>5</b></td>"),
            std::string::npos);
  EXPECT_NE(html.find("<code>0x33bbbd2e</code>"), std::string::npos) << "the truth kept with the witness";
  EXPECT_NE(html.find("<td>7,654,321</td></tr>\n</table>"), std::string::npos);  // NaN payload only
  // the table of pairs in detail: different bits, neighbours, the seven classes
  EXPECT_NE(html.find("<td>1,234,567</td><td>11</td><td>101</td><td>102</td><td>103</td><td>104</td><td>105</td>"
                      "<td>106</td><td>107</td></tr>"),
            std::string::npos);
  EXPECT_NE(html.find("<td>8,000,000</td><td>7,000,001</td><td>87.50 %</td><td>3.5</td>"), std::string::npos);

  const std::string md = rp::render_markdown({{"made/up/report.json", m}});
  EXPECT_NE(md.find("**x vs y**: differ on 1,234,567 of 8,000,000 inputs (15.43 %), plus 7,654,321 with NaN payload "
                    "only."),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| x | 3.5 | 0x3f800000 | 25.0000 % | 2,323 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| NaN vs number | 101 |"), std::string::npos) << md;
  EXPECT_NE(md.find("Number vs number, ULP distance: 1: 11, (2^1,2^2]: 13."), std::string::npos) << md;
}

// One real sweep with pairs and flushes: the same figures in all four renderers.
TEST(ReportModel, TheFourRenderersAgreeOnASweep) {
  const auto s = sweep("nv,nv-ftz,ocml", "binades:64");
  const rp::Model m = rp::build_model(s);
  const auto j = rp::render_json(m);
  const auto rows = bitexact::testing::csv_rows(rp::render_csv(m));
  const std::string html = rp::render_html(m);
  // The Markdown summary from the model read back from report.json, as `bitexact report markdown` does.
  const rp::Model back = rp::read_model(nlohmann::ordered_json::parse(j.dump(1)));
  const std::string md = rp::render_markdown({{"r/report.json", back}});
  ASSERT_EQ(m.pairs.size(), 3u);
  ASSERT_EQ(rows.size(), 1 + m.impls.size() + m.pairs.size());
  const auto& head = rows[0];
  std::uint64_t differing = 0;
  for (std::size_t i = 0; i < m.pairs.size(); ++i) {
    const auto& p = m.pairs[i];
    differing += p.differ;
    const auto& row = rows[1 + m.impls.size() + i];
    EXPECT_EQ(j["pairs"][i]["differ"], p.differ);
    EXPECT_EQ(j["pairs"][i]["nan_payload_only"], p.nan_payload_only);
    EXPECT_EQ(p.differ + p.nan_payload_only, s.pair_stats[i].differ);  // every difference of bits, once
    EXPECT_EQ(row[column(head, "differ")], std::to_string(p.differ));
    EXPECT_EQ(row[column(head, "adjacent")], std::to_string(p.adjacent()));
    std::string detail = fmt::format("<tr><td class=\"l\"><code>{}</code> vs <code>{}</code></td><td>{}</td><td>{}</td>",
                                     p.a, p.b, grouped(p.differ), grouped(p.adjacent()));
    for (int c = 0; c < int(bx::sweep::Disc::count); ++c) {
      const auto d = bx::sweep::Disc(c);
      const std::uint64_t n = p.count(d);
      EXPECT_EQ(j["pairs"][i]["classes"][std::string(bx::sweep::disc_name(d))]["count"], n);
      EXPECT_EQ(row[column(head, std::string(bx::sweep::disc_name(d)))], std::to_string(n));
      EXPECT_NE(md.find(fmt::format("| {} | {} |", rp::disc_label(d), grouped(n))), std::string::npos);
      detail += fmt::format("<td>{}</td>", grouped(n));
    }
    EXPECT_NE(html.find(detail), std::string::npos) << detail;
    EXPECT_NE(md.find(fmt::format("**{} vs {}**: differ on {} of {} inputs", p.a, p.b, grouped(p.differ),
                                  grouped(m.evaluated))),
              std::string::npos);
    EXPECT_NE(md.find(fmt::format("plus {} with NaN payload only.", grouped(p.nan_payload_only))), std::string::npos);
    EXPECT_EQ(back.pairs[i].differ, p.differ);
    EXPECT_EQ(back.pairs[i].nan_payload_only, p.nan_payload_only);
    ASSERT_EQ(back.pairs[i].binades.size(), p.binades.size());
    for (std::size_t b = 0; b < p.binades.size(); ++b) {
      EXPECT_EQ(back.pairs[i].binades[b].differ, p.binades[b].differ);
      EXPECT_EQ(back.pairs[i].binades[b].inputs, p.binades[b].inputs);
      EXPECT_EQ(back.pairs[i].binades[b].max_distance, p.binades[b].max_distance);
    }
  }
  EXPECT_GT(differing, 0u);  // the sweep has something to agree on
  for (std::size_t i = 0; i < m.impls.size(); ++i) {
    const auto& k = m.impls[i];
    const auto& row = rows[1 + i];
    EXPECT_EQ(j["implementations"][k.name]["correctly_rounded"], k.correctly_rounded);
    EXPECT_EQ(row[column(head, "correctly_rounded")], std::to_string(k.correctly_rounded));
    EXPECT_EQ(row[column(head, "flushed")], std::to_string(*k.flushed));
    EXPECT_NE(html.find(fmt::format("<tr><td class=\"l\"><code>{}</code></td><td>{}</td><td>{}</td>", k.name,
                                    grouped(k.count), grouped(k.correctly_rounded))),
              std::string::npos);
    EXPECT_NE(md.find(fmt::format("| {} | {:.4g} |", k.name, k.max_ulp)), std::string::npos);
  }
  EXPECT_EQ(md, rp::render_markdown({{"r/report.json", m}}));  // read back: the same summary
}

// The truth at the pairs' witnesses and the special values come from the
// state (the sweep computed them); the model evaluates nothing.
TEST(ReportModel, TruthValuesComeFromTheState) {
  auto s = sweep("nv,ocml", "binades:64");
  const bx::Impl* truth = bx::find_truth(s.fn);
  ASSERT_NE(truth, nullptr);
  std::size_t seen = 0;
  for (const auto& p : s.pair_stats) {
    std::vector<bx::sweep::Witness> ws = p.max_dist.at.w;
    for (const auto& set : p.witness) ws.insert(ws.end(), set.w.begin(), set.w.end());
    for (const auto& w : ws) EXPECT_EQ(w.t, bx::eval_one(*truth, w.a, w.b));
    seen += ws.size();
  }
  ASSERT_GT(seen, 0u);
  ASSERT_EQ(s.special.inputs.size(), bx::sweep::special_inputs(s.fn).size());
  for (std::size_t q = 0; q < s.special.inputs.size(); ++q)
    EXPECT_EQ(s.special.truth[q], bx::eval_one(*truth, s.special.inputs[q][0], s.special.inputs[q][1]));

  // Values the truth would never give: the report shows them, so it read them.
  ASSERT_FALSE(s.pair_stats[0].max_dist.at.w.empty());
  s.pair_stats[0].max_dist.at.w[0].t = 0x7f80dead;
  s.special.truth[0] = 0x7f80beef;
  const rp::Model m = rp::build_model(s);
  EXPECT_NE(rp::render_html(m).find("<code>0x7f80dead</code>"), std::string::npos);
  EXPECT_EQ(rp::render_json(m)["implementations"]["nv"]["special_values"][0]["truth"], "0x7f80beef");
}

// state.json keeps both; a state written before them (five-element pair
// witnesses, no special_values) gets them when read.
TEST(ReportModel, StateJsonKeepsThemAndOlderStatesGetThem) {
  const auto s = sweep("nv,nv-ftz,ocml", "binades:32");
  auto j = s.to_json();
  EXPECT_EQ(bx::sweep::State::from_json(j), s);
  ASSERT_TRUE(j.contains("special_values"));
  j.erase("special_values");
  for (auto& p : j["pair_stats"]) {
    for (auto& set : p["witness"])
      for (auto& w : set) w.erase(5);
    for (auto& w : p["max_dist"]["at"]) w.erase(5);
  }
  const auto old = bx::sweep::State::from_json(j);
  EXPECT_EQ(old, s);
  EXPECT_EQ(rp::to_html(old), rp::to_html(s));
}

// Every function, with every implementation that runs on the CPU: the truth
// the sweep keeps at a pair witness is the truth's result at its input (the
// engine's typed path and the truths' batches with approximations give the
// same bits as evaluating the truth alone).
TEST(ReportModel, PairTruthOfEveryFunction) {
  std::map<bx::Fn, std::string> impls;
  for (const bx::Impl* p : bx::all_impls())
    if (!p->correctly_rounded && !p->gpu) impls[p->fn] += (impls[p->fn].empty() ? "" : ",") + p->name;
  std::size_t pairs = 0;
  for (const auto& [fn, list] : impls) {
    if (list.find(',') == std::string::npos) continue;
    const auto s = sweep(list, "uniform:20000:7", fn);
    const bx::Impl* truth = bx::find_truth(fn);
    ASSERT_NE(truth, nullptr);
    for (const auto& p : s.pair_stats) {
      std::vector<bx::sweep::Witness> ws = p.max_dist.at.w;
      for (const auto& set : p.witness) ws.insert(ws.end(), set.w.begin(), set.w.end());
      for (const auto& w : ws) EXPECT_EQ(w.t, bx::eval_one(*truth, w.a, w.b)) << bx::fn_info(fn).name << " " << list;
      pairs += !ws.empty();
    }
  }
  EXPECT_GT(pairs, 10u);
}

// The integer fields of state.json and report.json hold JSON integers; a
// float there (2.1e108, found by fuzzing: tests/fuzz/corpus/fuzz_state and
// fuzz_report, "float-in-an-integer-field"), a fraction or a negative number
// is refused naming the field. nlohmann's get<std::uint64_t>() took 1.5 as 1
// and cast 2.1e108 (undefined behaviour) instead.
TEST(ReportModel, IntegerFieldsRefuseFloats) {
  const auto s = sweep("nv,nv-ftz", "binades:4");
  const auto refused = [](auto read, const std::string& field) {
    try {
      read();
    } catch (const bx::input_error& e) {
      EXPECT_NE(std::string(e.what()).find("field \"" + field + "\" must be"), std::string::npos) << e.what();
      return true;
    }
    return false;
  };
  for (const nlohmann::json& bad : {nlohmann::json(2.1e108), nlohmann::json(1.5), nlohmann::json(-1)}) {
    auto j = s.to_json();
    j["count"] = bad;
    EXPECT_TRUE(refused([&] { bx::sweep::State::from_json(j); }, "count")) << bad;
    j = s.to_json();
    j["impl_stats"][0]["hist"][3] = bad;
    EXPECT_TRUE(refused([&] { bx::sweep::State::from_json(j); }, "hist")) << bad;
    j = s.to_json();
    j["done"][0][1] = bad;
    EXPECT_TRUE(refused([&] { bx::sweep::State::from_json(j); }, "done")) << bad;

    auto r = rp::render_json(rp::build_model(s));
    r["implementations"]["nv"]["correctly_rounded"] = bad;
    EXPECT_TRUE(refused([&] { rp::read_model(r); }, "correctly_rounded")) << bad;
    r = rp::render_json(rp::build_model(s));
    r["pairs"][0]["differ"] = bad;
    EXPECT_TRUE(refused([&] { rp::read_model(r); }, "differ")) << bad;
  }
  // The largest count is still read.
  auto j = s.to_json();
  j["count"] = std::uint64_t(-1);
  EXPECT_EQ(bx::sweep::State::from_json(j).count, std::uint64_t(-1));
}

// A witness in state.json has five elements ([a, b, result, truth, ulp]),
// a pair's six (the truth added) or five (states written before it). Longer
// ones were accepted, and a sixth element of a witness against the truth read
// as its truth value, which the state does not write back: the round trip
// changed the state (found by fuzzing: tests/fuzz/corpus/fuzz_state/
// regress-witness-extra-elements).
TEST(ReportModel, WitnessesHaveTheirLength) {
  const auto s = sweep("nv,ocml", "binades:4");
  auto j = s.to_json();
  ASSERT_FALSE(j["impl_stats"][0]["max"]["at"].empty());
  ASSERT_FALSE(j["pair_stats"][0]["max_dist"]["at"].empty());
  auto refused = [](const nlohmann::json& state) {
    try {
      bx::sweep::State::from_json(state);
    } catch (const bx::input_error& e) {
      return std::string(e.what()).find("a witness of") != std::string::npos;
    }
    return false;
  };
  j["impl_stats"][0]["max"]["at"][0].push_back(1);  // six against the truth
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["pair_stats"][0]["max_dist"]["at"][0].push_back(1);  // seven for a pair
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["impl_stats"][0]["max"]["at"][0].erase(4);  // four
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["pair_stats"][0]["max_dist"]["at"][0].erase(5);  // a pair's five: an older state, read
  EXPECT_EQ(bx::sweep::State::from_json(j), s);
}
