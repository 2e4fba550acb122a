// `bitexact causes` (tools/bitexact/cmd_causes.cpp): bad input is one line and
// exit status 2 with nothing written; the text and JSON say what the
// registered implementations say. Expected values: `bitexact eval nv.FN` and
// `eval triton.FN` on the same inputs (the reproductions the GPU digests
// check), not the attribution under test.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_helpers.hpp"

namespace {

namespace fs = std::filesystem;
using bitexact::testing::fresh_dir;
using bitexact::testing::line_count;
using bitexact::testing::run_cli;
using bitexact::testing::slurp;

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> v;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) v.push_back(l);
  return v;
}

std::vector<std::string> words_of(const std::string& s) {
  std::vector<std::string> v;
  std::istringstream in(s);
  for (std::string w; in >> w;) v.push_back(w);
  return v;
}

struct bad_case {
  std::string args, says;
};

TEST(CausesCli, BadInputIsOneLineExit2AndWritesNothing) {
  const fs::path dir = fresh_dir("causes-bad");
  const std::string json = (dir / "out.json").string();
  const std::vector<bad_case> cases = {
      {"causes lgammaf", "unknown function 'lgammaf'"},
      {"causes sin_approx", "sin_approx has no libdevice reproduction by build"},
      {"causes sinf --from nvcc", "--from 'nvcc': unknown build (builds: nv, nv-ftz, triton)"},
      {"causes sinf --to ocml", "--to 'ocml': unknown build"},
      {"causes sinf --from triton --to triton", "--from and --to are both 'triton'"},
      {"causes sinf --inputs uniform:0", "input set 'uniform:0' is empty"},
      {"causes sinf --inputs gaussian:5", "unknown input set 'gaussian:5'"},
      {"causes fmodf --inputs exhaustive", "input set 'exhaustive' needs a one-argument binary32 function"},
      {"causes all --inputs exhaustive", "fmodf has 2 operand(s)"},
      {"causes sinf --examples -1", "--examples '-1'"},
      {"causes sinf --threads 0", "--threads '0'"},
      {"causes sinf --inputs uniform:10 --json " + (dir / "no" / "such" / "x.json").string(), "--json"},
      {"causes sinf --inputs uniform:10 --json " + dir.string(), "a folder"},
  };
  for (const bad_case& c : cases) {
    const std::string args = c.args.find("--json") == std::string::npos ? c.args + " --json " + json : c.args;
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
    EXPECT_EQ(line_count(r.err), 1) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << args << "\n" << r.out;
    EXPECT_FALSE(fs::exists(json)) << args;
  }
  EXPECT_TRUE(fs::is_empty(dir));
}

// The text on a set of known inputs: the counts and every example agree with
// the outputs of `eval nv.sqrtf` and `eval triton.sqrtf`.
TEST(CausesCli, TextAndJsonAgreeWithTheImplementations) {
  const fs::path dir = fresh_dir("causes-text");
  std::string in;
  std::vector<std::uint32_t> xs;
  for (std::uint32_t i = 0; i < 400; ++i) xs.push_back(0x3f800000u + 104729u * i);  // [1, ~6): many differ
  for (std::uint32_t x : {0x00000001u, 0x80000000u, 0x7f800001u, 0xffc00000u, 0x7f7fffffu, 0x00800000u}) xs.push_back(x);
  for (std::uint32_t x : xs) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x\n", x);
    in += buf;
  }
  const fs::path inputs = dir / "in.txt", json = dir / "causes.json";
  std::ofstream(inputs) << in;
  const auto nv = run_cli("eval nv.sqrtf", in), tr = run_cli("eval triton.sqrtf", in);
  ASSERT_EQ(nv.status, 0) << nv.err;
  ASSERT_EQ(tr.status, 0) << tr.err;
  const auto nv_out = lines_of(nv.out), tr_out = lines_of(tr.out);
  ASSERT_EQ(nv_out.size(), xs.size());
  std::map<std::string, std::pair<std::string, std::string>> by_x;
  std::size_t differ = 0, payload = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    by_x[lines_of(in)[i]] = {nv_out[i], tr_out[i]};
    if (nv_out[i] == tr_out[i]) continue;
    const auto nan = [](const std::string& h) { return (std::stoul(h, nullptr, 16) & 0x7fffffffu) > 0x7f800000u; };
    (nan(nv_out[i]) && nan(tr_out[i]) ? payload : differ) += 1;
  }
  ASSERT_GT(differ, 10u);

  const auto r = run_cli("causes sqrtf --from nv --to triton --examples 2 --threads 2 --inputs file:" + inputs.string() +
                         " --json " + json.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  const auto l = lines_of(r.out);
  ASSERT_GE(l.size(), 5u) << r.out;
  EXPECT_EQ(l[0], "sqrtf: nv vs triton on file:" + inputs.string() + ", " + std::to_string(xs.size()) + " inputs");
  EXPECT_EQ(l[1], "  fields that differ: file+reflect+prec_sqrt");
  EXPECT_EQ(words_of(l[2])[1], std::to_string(differ)) << l[2];
  EXPECT_EQ(words_of(l[2])[6], std::to_string(payload)) << l[2];
  EXPECT_EQ(words_of(l[3]), (std::vector<std::string>{"cause", "count", "share", "tied", "max", "ulp", "examples", "(x:",
                                                      "nv", "triton)"}));
  std::size_t sum = 0;
  for (std::size_t k = 4; k < l.size(); ++k) {
    // LABEL COUNT SHARE TIED ULP  x: nv triton; x: nv triton
    const auto w = words_of(l[k]);
    ASSERT_GE(w.size(), 8u) << l[k];
    // sqrt.approx (docs/triton.md) or the flush of a subnormal x (build_causes_test.cpp says why).
    EXPECT_TRUE(w[0] == "prec_sqrt" || w[0] == "reflect") << l[k];
    std::size_t c = 0;
    while (c < w.size() && !std::isdigit(static_cast<unsigned char>(w[c][0]))) ++c;  // past the label
    sum += std::stoul(w[c]);
    const std::size_t ex = l[k].find("0x");
    ASSERT_NE(ex, std::string::npos) << l[k];
    const auto e = words_of(l[k].substr(ex));
    ASSERT_TRUE(e.size() == 3 || e.size() == 6) << l[k];  // 1 or 2 examples
    for (std::size_t i = 0; i < e.size(); i += 3) {
      std::string x = e[i].substr(0, e[i].size() - 1), t = e[i + 2];
      if (t.back() == ';') t.pop_back();
      ASSERT_TRUE(by_x.count(x)) << x;
      EXPECT_EQ(e[i + 1], by_x[x].first) << l[k];
      EXPECT_EQ(t, by_x[x].second) << l[k];
    }
  }
  EXPECT_EQ(sum, differ + payload);

  const nlohmann::json j = nlohmann::json::parse(slurp(json));
  EXPECT_EQ(j.at("from"), "nv");
  EXPECT_EQ(j.at("to"), "triton");
  const auto& f = j.at("functions").at(0);
  EXPECT_EQ(f.at("fn"), "sqrtf");
  EXPECT_EQ(f.at("count").get<std::size_t>(), xs.size());
  EXPECT_EQ(f.at("differ").get<std::size_t>(), differ);
  EXPECT_EQ(f.at("nan_payload_only").get<std::size_t>(), payload);
  std::size_t jsum = 0;
  for (const auto& c : f.at("causes")) {
    jsum += c.at("count").get<std::size_t>();
    for (const auto& e : c.at("examples")) {
      const auto& [a, b] = by_x.at(e.at("x").get<std::string>());
      EXPECT_EQ(e.at("nv"), a);
      EXPECT_EQ(e.at("triton"), b);
    }
  }
  EXPECT_EQ(jsum, differ + payload);
  // Only the file: no temporary left beside it.
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir)) files += e.path() != inputs;
  EXPECT_EQ(files, 1u);
}

// `all`: one section per row with builds, then the summary, one line each.
TEST(CausesCli, AllCoversEveryRowWithATritonForm) {
  const auto list = run_cli("list triton");
  ASSERT_EQ(list.status, 0) << list.err;
  const auto r = run_cli("causes all --from nv-ftz --to triton --inputs uniform:3000:4 --examples 0");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto l = lines_of(r.out);
  std::size_t sections = 0, summary = 0;
  bool in_summary = false;
  for (const auto& s : l) {
    if (s.find(": nv-ftz vs triton on uniform:3000:4, 3000 inputs") != std::string::npos) ++sections;
    if (s.starts_with("summary, nv-ftz vs triton on uniform:3000:4")) in_summary = true;
    else if (in_summary) ++summary;
  }
  EXPECT_EQ(sections, summary) << r.out;
  // The same rows as `bitexact list triton` names ("triton.FN  description").
  std::size_t listed = 0;
  for (const auto& s : lines_of(list.out)) listed += s.starts_with("triton.");
  EXPECT_EQ(sections, listed) << list.out;
  for (const auto& s : l) {
    if (s.find(": nv-ftz vs triton on") != std::string::npos) {
      EXPECT_NE(list.out.find("triton." + s.substr(0, s.find(':')) + " "), std::string::npos) << s;
    }
  }
}

}  // namespace
