// Vector formats (bitexact/io/vector_io.hpp): every format gives back the
// words it was given, NaN payloads and signed zeros included, and names the
// problem in a malformed file. `bitexact vectors export` is checked against
// `bitexact eval` and the H100's committed edge outputs.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bitexact/io/hexio.hpp"
#include "bitexact/io/vector_io.hpp"
#include "test_helpers.hpp"

namespace bitexact {
namespace {

namespace fs = std::filesystem;
using vector_io::format;

fs::path scratch(const std::string& name) { return testing::scratch_path("vio", name); }

// Words that a careless format loses: NaNs with payloads (quiet and
// signalling, both signs), signed zeros, subnormals, infinities.
std::vector<word> awkward(int bits) {
  if (bits == 32)
    return {0x7fc00000, 0xffc12345, 0x7f800001, 0xff800001, 0x80000000, 0x00000000, 0x00000001, 0x807fffff,
            0x7f800000, 0xff800000, 0x3f800000, 0x7f7fffff};
  return {0x7ff8000000000000ull, 0xfff8000000012345ull, 0x7ff0000000000001ull, 0x8000000000000000ull,
          0x0000000000000001ull, 0x7ff0000000000000ull, 0xfff0000000000000ull, 0x3ff0000000000000ull,
          0x7fefffffffffffffull, 0x000fffffffffffffull, 0xbff0000000000001ull, 0x0000000000000000ull};
}

class RoundTrip : public ::testing::TestWithParam<std::tuple<format, int>> {};

TEST_P(RoundTrip, EveryWordComesBack) {
  const auto [f, bits] = GetParam();
  const std::vector<word> w = awkward(bits);
  const std::vector<std::string> cols = {"x", "y", "out"};
  const std::string path = scratch(std::string("t.") + std::string(vector_io::format_name(f))).string();
  vector_io::write(path, f, bits, cols, w.size() / 3, [&](std::uint64_t first, std::size_t n, word* out) {
    std::copy(w.begin() + first * 3, w.begin() + (first + n) * 3, out);
  }, nlohmann::json{{"fn", "test"}});
  const vector_io::table t = vector_io::read(path, f, bits, 3);
  EXPECT_EQ(t.bits, bits);
  EXPECT_EQ(t.rows(), w.size() / 3);
  ASSERT_EQ(t.data.size(), w.size());
  for (std::size_t i = 0; i < w.size(); ++i) EXPECT_EQ(t.data[i], w[i]) << "word " << i;
  const bool sidecar = f == format::npy || f == format::csv || f == format::bin;
  EXPECT_EQ(fs::exists(path + ".manifest.json"), sidecar);
}

INSTANTIATE_TEST_SUITE_P(Formats, RoundTrip,
                         ::testing::Combine(::testing::Values(format::npy, format::csv, format::json, format::bin,
                                                              format::hex),
                                            ::testing::Values(32, 64)));

void write_text(const fs::path& p, const std::string& s) { std::ofstream(p, std::ios::binary) << s; }

// A .npy file (format 1.0) with the given descr and shape and `data` bytes of zeros.
std::string npy(const std::string& descr, const std::string& shape, std::size_t data) {
  std::string dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }\n";
  std::string h("\x93NUMPY\x01\x00", 8);
  h += char(dict.size() & 0xff);
  h += char(dict.size() >> 8);
  return h + dict + std::string(data, '\0');
}

std::string error_of(const std::string& path, std::optional<format> f, int bits, std::size_t cols) {
  try {
    vector_io::read(path, f, bits, cols);
  } catch (const input_error& e) {
    return e.what();
  }
  return "";
}

TEST(VectorIo, MalformedFilesNameTheProblem) {
  const auto p = scratch("bad").string();
  write_text(p, npy("<i2", "(2, 2)", 8));
  EXPECT_NE(error_of(p, format::npy, 32, 2).find("dtype '<i2'"), std::string::npos);
  // A float64 file where float32 is expected.
  write_text(p, npy("<f8", "(1, 2)", 16));
  EXPECT_NE(error_of(p, format::npy, 32, 2).find("expected 32-bit"), std::string::npos);
  // Shape and data length disagree.
  write_text(p, npy("<f4", "(3, 2)", 16));
  EXPECT_NE(error_of(p, format::npy, 32, 2).find("needs 24"), std::string::npos);
  // Three columns where two are expected.
  write_text(p, npy("<f4", "(1, 3)", 12));
  EXPECT_NE(error_of(p, format::npy, 32, 2).find("3 column(s), expected 2"), std::string::npos);
  // The same file is fine where three are expected.
  EXPECT_EQ(error_of(p, format::npy, 32, 3), "");
  write_text(p, "x_hex,x,out_hex,out\n0x3f800000,1,0x3f576aa5\n");
  EXPECT_NE(error_of(p, format::csv, 32, 2).find("line 2: 3 fields"), std::string::npos);
  write_text(p, std::string(10, '\0'));
  EXPECT_NE(error_of(p, format::bin, 32, 2).find("not a whole number of rows"), std::string::npos);
  write_text(p, "0x3f800000 0x3f576aa5\n0x3f80000g 0x0\n");
  EXPECT_NE(error_of(p, format::hex, 32, 2).find("line 2"), std::string::npos);
  write_text(p, "0x3f800000 0x3f576aa5\n0x3f800000\n");
  EXPECT_NE(error_of(p, format::hex, 32, 2).find("line 2: 1 value(s)"), std::string::npos);
  EXPECT_NE(error_of(scratch("missing").string(), format::hex, 32, 2).find("cannot open"), std::string::npos);
}

using testing::run_cli;

TEST(VectorsExport, EqualsEvalAndTheH100) {
  // The H100's outputs of nv.sinf on a few edge inputs (vectors/nv/edge.txt).
  std::ifstream edge(std::string(BITEXACT_SOURCE_DIR) + "/vectors/nv/edge.txt");
  std::string line, inputs;
  std::vector<std::string> want;
  while (std::getline(edge, line) && want.size() < 200) {
    std::istringstream ls(line);
    std::string fn, x, nv, ftz;
    if (line.empty() || line[0] == '#' || !(ls >> fn >> x >> nv >> ftz) || fn != "sinf") continue;
    inputs += x + "\n";
    want.push_back(nv);
  }
  ASSERT_GT(want.size(), 100u);
  const fs::path in = scratch("edge_in.txt"), out = scratch("edge_out.csv");
  write_text(in, inputs);
  auto r = run_cli("vectors export sinf --impl nv --inputs file:" + in.string() + " --format csv --out " +
                   out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const vector_io::table t = vector_io::read(out.string(), std::nullopt, 32, 2);
  ASSERT_EQ(t.rows(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i)
    EXPECT_EQ(format_hex(t.data[2 * i + 1], 32), want[i]) << "input " << format_hex(t.data[2 * i], 32);
  // And the same as eval on a random set, for a two-operand f64 function.
  const fs::path npy = scratch("fmod.npy");
  r = run_cli("vectors export fmod --impl ocml --inputs uniform:500:3 --format npy --out " + npy.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const vector_io::table f = vector_io::read(npy.string(), std::nullopt, 64, 3);
  std::string pairs;
  for (std::size_t i = 0; i < f.rows(); ++i)
    pairs += format_hex(f.data[3 * i], 64) + " " + format_hex(f.data[3 * i + 1], 64) + "\n";
  r = run_cli("eval ocml.fmod", pairs);
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream ev(r.out);
  for (std::size_t i = 0; i < f.rows(); ++i) {
    std::string o;
    ev >> o;
    EXPECT_EQ(o, format_hex(f.data[3 * i + 2], 64)) << "row " << i;
  }
}

TEST(VectorsExport, BadInputIsOneLineExit2AndWritesNothing) {
  const fs::path out = scratch("never.npy");
  for (const std::string& args : {"vectors export sinf --impl nope --inputs edge --out " + out.string(),
                                  "vectors export sinf --impl nv --inputs edge --format xls --out " + out.string(),
                                  "vectors export sinf --impl nv --inputs uniform:abc --out " + out.string(),
                                  "vectors export ex2_approx --impl nv --inputs edge --out " + out.string()}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(fs::exists(out)) << args;
    EXPECT_FALSE(fs::exists(out.string() + ".manifest.json")) << args;
  }
}

}  // namespace
}  // namespace bitexact
