// Random bytes and random option values fed to every subcommand (issue 21):
// whatever comes in, the CLI ends with status 0, 1 or 2 (never a signal), says
// what went wrong in one escaped line of its own words (no "terminate called",
// no json.exception text, no "internal error"), and leaves no file behind when
// it fails.
//
// Each case starts from a valid command line of one subcommand and replaces a
// share of its values (none, some, most: the case's "chaos") by hostile ones:
// edge numbers, random bytes, 10 000-character words, garbage files of every
// suffix the readers look at; stdin gets operands or random bytes. Valid
// values come from pools in which every combination is a small job, so the
// test stays well under a minute. Deterministic: a fixed seed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "test_helpers.hpp"

namespace fs = std::filesystem;
using bitexact::testing::exec_cli;
using bitexact::testing::exec_options;
using bitexact::testing::exec_result;
using strings = std::vector<std::string>;

namespace {

struct fuzzer {
  std::mt19937_64 rng{21};
  fs::path root;      // scratch: input files, and one output folder per case
  double chaos = 0;   // this case's share of hostile values

  std::size_t below(std::size_t n) { return std::size_t(rng() % n); }
  bool coin(int one_in) { return below(std::size_t(one_in)) == 0; }
  bool hostile() { return std::uniform_real_distribution<double>(0, 1)(rng) < chaos; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[below(v.size())];
  }

  // Bytes of any kind; NUL only where allowed (argv cannot hold it).
  std::string bytes(std::size_t max_len, bool allow_nul = false) {
    std::string s(below(max_len + 1), '\0');
    for (char& c : s) {
      c = char(rng());
      if (!allow_nul && c == 0) c = 1;
    }
    return s;
  }
  std::string number() {
    static const strings v = {"-1", "0", "1", "2", "17", "18446744073709551615", "18446744073709551616", "1e309",
                              "nan", "inf", "-inf", "-0", "0x10", "1.5", "99999999999", "", " 1", "1e3", "+2",
                              "4097", "67108865", "1048577", "0.5", "-1e-300"};
    return coin(6) ? bytes(12) : pick(v);
  }
  // A value: from `good`, or (hostile) a number, bytes, a huge word or one of `bad`.
  std::string v(const strings& good, const strings& bad = {}) {
    if (!hostile()) return pick(good);
    switch (below(6)) {
      case 0:
        return number();
      case 1:
        return bytes(40);
      case 2:
        return std::string(10000, coin(2) ? 'x' : '9');
      default:
        return bad.empty() ? number() : pick(bad);
    }
  }
  // Lines of operands (f32 or pairs), hostile ones mixed in.
  std::string operand_lines(int arity, std::size_t max_lines) {
    static const strings good = {"0x3f800000", "1e6", "-0.5", "inf", "-inf", "nan", "0x1.8p3", "3e38", "1e-45",
                                 "0x7fc00001", "100", "-0"};
    static const strings bad = {"3f800000", "0x", "0x1p", "1e99999", "--", "-", "0xzz", "1.5.5", "-0x10", ",",
                                "\t\t", "\r", "1,2", "0x123456789"};
    std::string s;
    for (std::size_t n = below(max_lines + 1); n; --n) {
      for (int k = 0; k < arity; ++k) s += (k ? " " : "") + (hostile() ? (coin(3) ? bytes(8) : pick(bad)) : pick(good));
      s += coin(10) ? "\r\n" : "\n";
      if (hostile() && coin(4)) s += "# " + bytes(20) + "\n";
    }
    return s;
  }

  // Input files: good ones by name, and garbage.
  std::map<std::string, std::string> good;  // name -> path
  strings garbage;
  void add(const std::string& name, const std::string& text) {
    std::ofstream(root / name, std::ios::binary) << text;
    good[name] = (root / name).string();
  }
  void make_files() {
    const strings suffixes = {".npy", ".json", ".csv", ".bin", ".txt", ""};
    for (int i = 0; i < 24; ++i) {
      const fs::path p = root / fmt::format("garbage{}{}", i, suffixes[std::size_t(i) % suffixes.size()]);
      std::ofstream(p, std::ios::binary) << (i % 2 ? bytes(3000, true) : operand_lines(1 + i % 2, 30));
      garbage.push_back(p.string());
    }
    add("ok.txt", "1.5\n-0.5\n0x3f800000\n");
    add("ok_out.txt", "2\n-0\n0x3f800000\n");
    add("pairs.txt", "5.5 2\n0x40b00000 0x40000000\n-7 3\n");
    add("rows.json", R"({"manifest": {"bits": 32}, "rows": [["0x3f800000"], ["1.5"], ["-2"]]})");
    add("rows_bad.json", R"({"manifest": {"bits": "x"}, "columns": [1], "rows": [[1]]})");
    add("empty.json", "{}");
    add("x.csv", "x_hex,out_hex\n0x3f800000,0x3f576aa5\n0x40000000,0x3f68c7b6\n1.5,0x3f7f6ea2\n");
    // A truncated npy header: the magic, version 1.0, a header length of 16,
    // then less than that. (Built from sizeof, not a count: a count of 30
    // read past the 26-byte literal, which ASan found.)
    static constexpr char npy_head[] = "\x93NUMPY\x01\x00\x10\x00{'descr': '<f4'";
    add("npyhdr.npy", std::string(npy_head, sizeof npy_head - 1));
    add("suite.json", R"({"suites": [{"name": "s", "function": "ceilf", "impls": ["host", "nv"],
        "inputs": "random:20", "limits": {"host": {"max_ulp": 0, "special_mismatches": 0}}}]})");
    add("suite_bad.json", R"({"suites": [{"name": 1, "function": "ceilf", "impls": "host", "limits": []}]})");
    // Real sweep states (whole and two shards) and damaged copies.
    for (const strings& extra : {strings{}, strings{"--shard", "1/2"}, strings{"--shard", "2/2"}}) {
      const fs::path d = root / fmt::format("state{}", good.size());
      strings a = {"sweep", "ceilf", "--impl", "host,nv", "--inputs", "random:50", "--chunk", "10", "-q", "--out",
                   d.string()};
      a.insert(a.end(), extra.begin(), extra.end());
      auto r = exec_cli(a);
      EXPECT_EQ(r.status, 0) << r.err;
      states.push_back(d.string());
      good[d.filename().string()] = d.string();
    }
    const std::string state = bitexact::testing::slurp(fs::path(states[0]) / "state.json");
    for (int i = 0; i < 4; ++i) {
      const fs::path d = root / fmt::format("state_bad{}", i);
      fs::create_directories(d);
      std::string s = state;
      if (i == 0) s.resize(s.size() / 2);
      if (i == 1) s[s.size() / 3] = '7';
      if (i == 2) s = "{\"format\": \"bitexact-sweep-state/1\"}";
      if (i == 3) s = bytes(500, true);
      std::ofstream(d / "state.json", std::ios::binary) << s;
      std::ofstream(d / "report.json", std::ios::binary) << s;
      bad_dirs.push_back(d.string());
    }
  }
  strings states, bad_dirs;

  std::string file(const strings& names) {
    if (!hostile()) return good.at(pick(names));
    return coin(8) ? (root / "nonexistent").string() : coin(3) ? pick(bad_dirs) : pick(garbage);
  }
  std::string state_dir() { return hostile() ? (coin(3) ? pick(garbage) : pick(bad_dirs)) : pick(states); }
};

// Adds "name value" to a, except one time in `one_in` (the option left out).
void opt(strings& a, fuzzer& z, int one_in, const std::string& name, const std::string& value) {
  if (z.coin(one_in)) return;
  a.push_back(name);
  a.push_back(value);
}

// One subcommand: how to draw a command line for output path `out` (absent
// beforehand), whether it reads stdin, and how many cases it gets.
struct command {
  std::string name;
  std::function<strings(fuzzer&, const std::string& out)> args;
  std::function<std::string(fuzzer&)> input;
  int cases = 40;
};

const strings bad_impls = {"nv,", "", ",", "mpfr", "nosuch", "nv,nv", "NV"};
const strings bad_fns = {"lgammaf", "", "sin", "SINF", "sinf "};
// Small sets only: every valid one is a quick job for any function here.
const strings sets1 = {"random:50", "uniform:30:7", "structured:20", "edge:5", "edge", "interval:1:1.0001",
                       "binades:1"};
const strings sets2 = {"random:50", "uniform:30:7", "structured:20", "edge:5", "edge"};
const strings bad_sets = {"edge:0", "interval:2:1", "interval:nan:1", "random:0", "random:-1", "binades:0",
                          "exhaustive:1", "file:", "nonsense", "random:x", "interval:1", "random:1:2:3"};

std::vector<command> commands() {
  std::vector<command> c;
  auto no_input = [](fuzzer& z) { return z.hostile() ? z.bytes(2000, true) : std::string(); };
  auto fn_set = [](fuzzer& z, strings& a) {
    const bool two = z.coin(3);
    a.push_back(z.v(two ? strings{"fmodf", "fmod"} : strings{"sinf", "cosf", "ceilf", "ceil"}, bad_fns));
    return two;
  };
  auto inputs = [](fuzzer& z, bool two, bool one_arg_f32) {
    if (z.coin(6)) return "file:" + z.file(two ? strings{"pairs.txt"} : strings{"ok.txt"});
    return z.v(two || !one_arg_f32 ? sets2 : sets1, bad_sets);
  };
  for (const std::string cmd : {"eval", "ulp"}) {
    c.push_back({cmd,
                 [cmd](fuzzer& z, const std::string&) {
                   const bool two = z.coin(3);
                   strings a = {cmd, z.v(two ? strings{"mpfr.fmodf", "ocml.fmodf", "nv.fmod"}
                                             : strings{"nv.sinf", "ocml.cosf", "host.ceilf", "ptx-ftz.sin_approx",
                                                       "nv-fast.expf", "mpfr.sinf"},
                                         {"nv.", ".sinf", "nv.lgammaf", "x", "nv-ftz"})};
                   if (z.coin(2))  // operands as arguments rather than stdin
                     for (std::size_t n = (two ? 2 : 1) * z.below(3); n; --n)
                       a.push_back(z.v({"1e6", "-0.5", "0x3f800000", "-inf", "nan", "0x1.8p3"}, {"3f800000", "-0x1"}));
                   if (z.coin(3)) opt(a, z, 1, "--output", z.v({"hex", "decimal", "both"}, {"HEX", "dec"}));
                   if (cmd == "ulp" && z.coin(2)) opt(a, z, 1, "--digits", z.v({"0", "3", "17"}, {"18", "-1"}));
                   return a;
                 },
                 [](fuzzer& z) { return z.operand_lines(z.coin(3) ? 2 : 1, 12); }});
  }
  c.push_back({"list", [](fuzzer& z, const std::string&) {
                 strings a = {"list"};
                 if (z.hostile()) a.push_back(z.bytes(8));
                 return a;
               }, no_input, 10});
  c.push_back({"sweep", [=](fuzzer& z, const std::string& out) {
                 strings a = {"sweep"};
                 const bool two = fn_set(z, a);
                 a.insert(a.end(), {"--out", out, "-q", "--inputs", inputs(z, two, !two && a[1] != "ceil")});
                 // Without --impl every CPU implementation of the function runs: the sets are small.
                 opt(a, z, 4, "--impl", z.v({"nv", "host", "nv,ocml", "ocml-daz,nv-ftz"}, bad_impls));
                 opt(a, z, 2, "--chunk", z.v({"1", "7", "1000", "67108864"}, {"0", "-1", "67108865"}));
                 opt(a, z, 2, "--threads", z.v({"1", "2"}, {"0", "4097"}));
                 opt(a, z, 3, "--checkpoint-seconds", z.v({"0", "5", "0.25"}, {"-1", "nan"}));
                 opt(a, z, 4, "--stop-after-chunks", z.v({"1", "2"}, {"0"}));
                 opt(a, z, 3, "--shard", z.v({"1/2", "2/2", "1/1", "3/3"}, {"0/1", "3/2", "1/0", "-1/2", "1//2"}));
                 opt(a, z, 6, "--backend", z.v({"cpu"}, {"cuda", "hip", "gpu"}));
                 if (z.coin(6)) a.push_back("--resume");
                 return a;
               }, no_input});
  c.push_back({"merge", [](fuzzer& z, const std::string& out) {
                 strings a = {"merge"};
                 if (!z.hostile()) {
                   a.push_back(z.states[1]);  // the two shards: a valid merge
                   a.push_back(z.states[2]);
                 }
                 for (std::size_t n = z.below(3); n; --n) a.push_back(z.state_dir());
                 if (a.size() == 1) a.push_back(z.state_dir());
                 a.insert(a.end(), {"--out", out});
                 return a;
               }, no_input, 30});
  c.push_back({"corpus", [](fuzzer& z, const std::string&) {
                 strings a = {"corpus", z.v({"sinf", "fmodf", "ceil"}, bad_fns)};
                 opt(a, z, 2, "--size", z.v({"1", "33", "1024"}, {"0", "-1", "4000000000", "1048577"}));
                 return a;
               }, no_input, 30});
  c.push_back({"report markdown", [](fuzzer& z, const std::string& out) {
                 strings a = {"report", "markdown", z.hostile() ? z.state_dir() : z.states[0]};
                 opt(a, z, 2, "--out", out + ".md");
                 return a;
               }, no_input, 30});
  c.push_back({"conformance run", [=](fuzzer& z, const std::string& out) {
                 strings a = {"conformance", "run", "--out", out, "-q", "--suite", z.file({"suite.json"})};
                 opt(a, z, 2, "--only", z.v({"s"}, {"nosuch", ""}));
                 // Every suite's inputs overridden by a small set (the suites' own may be large).
                 a.insert(a.end(), {"--inputs", z.v(sets1, bad_sets)});
                 opt(a, z, 3, "--threads", z.v({"1", "2"}, {"0"}));
                 if (z.coin(3)) a.push_back("--skip-missing");
                 if (z.coin(3)) a.push_back("--keep-state");
                 return a;
               }, no_input, 30});
  const std::string nv_digests = std::string(BITEXACT_SOURCE_DIR) + "/vectors/nv/digests.json";
  const std::string ocml_digests = std::string(BITEXACT_SOURCE_DIR) + "/vectors/ocml/digests.json";
  c.push_back({"digests print", [=](fuzzer& z, const std::string&) {
                 strings a = {"digests", "print", z.hostile() ? z.file({"empty.json"}) : nv_digests, "--impl",
                              z.v({"nv", "nv-ftz"}, {"ocml"}), "--fn", z.v({"sinf", "fmod", "ceilf"}, bad_fns)};
                 opt(a, z, 2, "--set", z.v({"uniform", "structured", "exhaustive"}, {"edge"}));
                 opt(a, z, 2, "--seed", z.v({"0", "3", "5"}, {"-1"}));
                 return a;
               }, no_input, 30});
  c.push_back({"digests compute", [](fuzzer& z, const std::string&) {
                 // --blocks from invalid ranges only: a valid set is 2^30 or 2^32 evaluations.
                 strings a = {"digests", "compute", z.v({"nv.sinf", "ocml.fmodf"}, {"nv.", "x"}), "--set",
                              z.v({"exhaustive", "uniform", "structured"}, {"edge"}), "--blocks",
                              z.pick(strings{"0:0", "5:3", "x", "", "-1:2", "99999:100000", "1:x", ":", "300:301"})};
                 opt(a, z, 2, "--seed", z.v({"1", "7"}, {"-1"}));
                 opt(a, z, 2, "--count", z.v({"16777216", "33554432"}, {"0", "1"}));
                 return a;
               }, no_input, 20});
  c.push_back({"digests agree", [=](fuzzer& z, const std::string&) {
                 return strings{"digests", "agree", (z.hostile() ? z.file({"empty.json"}) : nv_digests) + ":nv",
                                z.hostile() ? z.bytes(30) : ocml_digests + ":" + z.v({"ocml", "ocml-daz"}, {""})};
               }, no_input, 20});
  c.push_back({"vectors export", [=](fuzzer& z, const std::string& out) {
                 strings a = {"vectors", "export"};
                 const bool two = fn_set(z, a);
                 a.insert(a.end(), {"--impl", z.v({"nv", "ocml", "mpfr", "host"}, bad_impls), "--inputs",
                                    inputs(z, two, false), "--out", out + ".v"});
                 opt(a, z, 2, "--format", z.v({"npy", "csv", "json", "bin", "hex"}, {"txt", ""}));
                 return a;
               }, no_input});
  for (const std::string cmd : {"identify", "check"}) {
    c.push_back({cmd, [cmd](fuzzer& z, const std::string&) {
                   const std::string fn = z.v({"ceilf", "sinf"}, bad_fns);
                   const bool ok = !z.hostile();
                   strings a = {cmd, fn};
                   if (cmd == "check") a.insert(a.end(), {"--against", z.v({"nv", "mpfr", "host"}, bad_impls)});
                   if (ok || z.coin(2)) {
                     a.insert(a.end(), {"--inputs", z.file({"ok.txt", "rows.json"}), "--outputs",
                                        z.file({"ok_out.txt", "rows.json"})});
                   } else {
                     a.insert(a.end(), {"--inputs", z.file({"x.csv"}), "--outputs", z.file({"x.csv"})});
                   }
                   if (cmd == "check") {
                     opt(a, z, 2, "--ulp", z.v({"0", "1", "0.5"}, {"nan", "-1"}));
                     opt(a, z, 4, "--atol", z.v({"0", "1e-6"}, {"nan", "-1"}));
                     opt(a, z, 4, "--rtol", z.v({"0", "1e-6"}, {"inf"}));
                     if (z.coin(4)) a.push_back("--bitexact");
                   }
                   if (z.coin(2)) a.push_back("--json");
                   return a;
                 }, [](fuzzer& z) { return z.hostile() ? z.bytes(200, true) : std::string(); }});
  }
  c.push_back({"tolerance", [=](fuzzer& z, const std::string&) {
                 strings a = {"tolerance"};
                 if (z.coin(3)) {
                   a.insert(a.end(), {"--reference", z.file({"ok_out.txt", "ok.txt"}), "--accept",
                                      z.file({"ok.txt"}) + (z.coin(2) ? "," + z.file({"ok_out.txt"}) : ""), "--reject",
                                      z.file({"ok.txt"})});
                   opt(a, z, 2, "--bits", z.v({"32", "64"}, {"16", "0"}));
                 } else {
                   const bool two = fn_set(z, a);
                   a.insert(a.end(), {"--inputs", z.v(two ? sets2 : strings{"random:50", "edge:5"}, bad_sets)});
                   opt(a, z, 2, "--low", z.v({"bf16", "fp16,tf32"}, {"fp32", "bf16,", "x"}));
                   opt(a, z, 3, "--accept", z.v({"nv", "nv,ocml"}, bad_impls));
                 }
                 opt(a, z, 2, "--reject-share", z.v({"0", "0.5", "1"}, {"nan", "2", "-0.1"}));
                 if (z.coin(2)) a.push_back("--json");
                 return a;
               }, no_input});
  c.push_back({"causes", [=](fuzzer& z, const std::string& out) {
                 strings a = {"causes"};
                 bool two = true;  // `all` takes the sets every function does
                 if (z.coin(4))
                   a.push_back(z.v({"all"}, {"ALL", "sin_approx"}));
                 else
                   two = fn_set(z, a);
                 a.insert(a.end(), {"--inputs", inputs(z, two, !two && a[1] != "ceil")});
                 opt(a, z, 3, "--from", z.v({"nv", "nv-ftz"}, {"ocml", "", "NV", "nv,"}));
                 opt(a, z, 2, "--to", z.v({"nv-ftz", "triton"}, {"nv-fast", "", "x"}));
                 opt(a, z, 2, "--examples", z.v({"0", "3"}, {"-1", "1001", "x", ""}));
                 opt(a, z, 3, "--threads", z.v({"1", "2"}, {"0", "", "-1"}));
                 opt(a, z, 2, "--json", out + ".json");
                 return a;
               }, no_input, 30});
  c.push_back({"ocml-vectors", [](fuzzer& z, const std::string& out) {
                 // Always --no-digests: the digests take minutes.
                 strings a = {"ocml-vectors", "--out", out, "--no-digests"};
                 if (z.coin(3)) opt(a, z, 1, "--only", z.v({"ocml-bc.sinf"}, {"nosuch.sinf", "ocml-bc.lgammaf", "x"}));
                 opt(a, z, 3, "--truth", z.v({"ocml-bc"}, {"nosuch", "nv", ""}));
                 return a;
               }, no_input, 15});
  c.push_back({"fpsan eval", [](fuzzer& z, const std::string&) {
                 return strings{"fpsan", "eval",
                                z.v({"add.f32", "sin.bf16", "embed.f16", "to_bf16.f32"}, {"nope.f32", "add.", "add"})};
               }, [](fuzzer& z) {
                 std::string s;
                 for (std::size_t n = z.below(8); n; --n)
                   s += z.hostile() ? z.bytes(12) + "\n" : z.pick(strings{"0x3f800000 0x40000000\n", "0x3f80\n"});
                 return s;
               }, 30});
  c.push_back({"fpsan check", [](fuzzer& z, const std::string&) {
                 auto expr = [&] { return z.hostile() ? (z.coin(2) ? z.bytes(30) : "(a") : z.pick(strings{"sin(a+b)", "a*b", "b*a", "a+b"}); };
                 strings a = {"fpsan", "check", expr(), expr(), "--samples", z.v({"10", "100"}, {"0", "-1", "1e99"})};
                 opt(a, z, 2, "--dtype", z.v({"f32", "bf16", "f16"}, {"x", ""}));
                 return a;
               }, no_input, 30});
  c.push_back({"fpsan validate", [](fuzzer& z, const std::string&) {
                 return strings{"fpsan", "validate", "--samples", z.v({"10"}, {"0", "-1", "nan"}), "--dtype",
                                z.v({"bf16", "e4m3fn"}, {"x", ""}), z.coin(2) ? "--json" : "--markdown"};
               }, no_input, 8});
  return c;
}

// Files named like write_file_atomic's temporaries, anywhere under d.
strings leftovers(const fs::path& d) {
  strings v;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(d, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    if (it->path().filename().string().find(".tmp-") != std::string::npos) v.push_back(it->path().string());
  return v;
}

std::string shown(const strings& args) {
  std::string s;
  for (const auto& a : args) s += " '" + (a.size() > 60 ? a.substr(0, 60) + "...'" : a + "'");
  return s;
}

}  // namespace

TEST(CliFuzz, NoCrashNoLeakNoLeftovers) {
  fuzzer z;
  // Other seeds, for exploring by hand: BITEXACT_FUZZ_SEED=N (ctest runs 21).
  if (const char* seed = std::getenv("BITEXACT_FUZZ_SEED")) z.rng.seed(std::strtoull(seed, nullptr, 10));
  z.root = bitexact::testing::fresh_dir("cli-fuzz");
  z.make_files();
  int runs = 0, by_status[3] = {0, 0, 0};
  for (const command& c : commands()) {
    int mine[3] = {0, 0, 0};
    for (int k = 0; k < c.cases; ++k) {
      z.chaos = std::vector<double>{0, 0.15, 0.5}[std::size_t(k % 3)];
      const fs::path out = z.root / fmt::format("out{}", runs);
      strings args = c.args(z, out.string());
      if (z.hostile() && z.coin(3))
        args.insert(args.begin() + long(1 + z.below(args.size())), z.coin(2) ? "--zzz" : z.bytes(10));
      const std::string input = c.input(z);
      exec_options o;
      o.cwd = z.root;  // the default suite file is not here
      const exec_result r = exec_cli(args, input, o);
      ++runs;
      const std::string what = c.name + ":" + shown(args);
      ASSERT_FALSE(r.signaled) << what << "\nsignal " << r.sig << "\n" << r.err;
      ASSERT_TRUE(r.status >= 0 && r.status <= 2) << what << "\nstatus " << r.status << "\n" << r.err;
      ++by_status[r.status];
      ++mine[r.status];
      for (const char* leak : {"terminate called", "json.exception", "internal error", "what()", "std::", "vector::",
                               "basic_string", "stoull", "Segmentation", "core dumped"})
        EXPECT_EQ(r.err.find(leak), std::string::npos) << what << "\n" << r.err;
      for (std::size_t i = 0; i < r.err.size(); ++i) {
        const unsigned char ch = static_cast<unsigned char>(r.err[i]);
        if (ch == '\n') continue;
        EXPECT_TRUE(ch >= 0x20 && ch != 0x7f) << what << "\ncontrol byte " << int(ch) << " in: " << r.err;
        if (!(ch >= 0x20 && ch != 0x7f)) break;
      }
      if (r.status == 2) {
        EXPECT_EQ(r.lines(), 1) << what << "\n" << r.err;
        EXPECT_EQ(r.err.rfind("bitexact: error: ", 0), 0u) << what << "\n" << r.err;
        // Nothing named after the case's output path (out, out.md, out.v and
        // their manifests), except an empty folder the command was given.
        for (const auto& e : fs::directory_iterator(z.root)) {
          if (e.path().filename().string().rfind(out.filename().string(), 0) != 0) continue;
          EXPECT_TRUE(e.is_directory() && fs::is_empty(e.path())) << what << ": a failed run left " << e.path();
        }
      }
      const auto tmp = leftovers(z.root);
      EXPECT_TRUE(tmp.empty()) << what << ": temporary file left: " << tmp.front();
      if (HasFailure()) return;
    }
    std::printf("%-16s exit 0: %2d, 1: %2d, 2: %2d\n", c.name.c_str(), mine[0], mine[1], mine[2]);
  }
  std::printf("%d runs: %d exit 0, %d exit 1, %d exit 2\n", runs, by_status[0], by_status[1], by_status[2]);
  // The cases reach past the argument checks, and most hostile ones are refused.
  EXPECT_GT(by_status[0], runs / 4);
  EXPECT_GT(by_status[2], runs / 4);
  fs::remove_all(z.root);
}
