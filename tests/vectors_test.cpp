// The machinery behind committed vectors: input generators, digests, file I/O.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "bitexact/io/hexio.hpp"
#include "bitexact/io/digests.hpp"
#include "bitexact/inputs.hpp"

using namespace bitexact;

TEST(Inputs, SplitMix64MatchesPublishedSequence) {
  // SplitMix64 seeded with 0 yields 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, ...
  // (Vigna's reference splitmix64.c): state += golden gamma, then the finaliser.
  EXPECT_EQ(inputs::mix64(0), 0xe220a8397b1dcdafull);
  EXPECT_EQ(inputs::mix64(0x9e3779b97f4a7c15ull), 0x6e789e6aa1b965f4ull);
  // The counter-based form: output number index + 1 of the stream seeded with 0.
  EXPECT_EQ(inputs::splitmix64(0, 0), 0xe220a8397b1dcdafull);
  EXPECT_EQ(inputs::splitmix64(0, 1), 0x6e789e6aa1b965f4ull);
}

TEST(Inputs, EdgeInputFileSamplesAreSplitMix64) {
  // tools/gen/gen_edge_inputs.py wrote the "sampled" groups of vectors/edge_inputs.txt
  // with its own Python copy of SplitMix64: operand k of row i is
  // mix64(seed_k + i) (>> 32 for binary32). The committed file must agree with
  // the C++ generator, so the two copies cannot drift apart unnoticed.
  struct Group {
    const char* fn;
    std::uint64_t seed_a, seed_b;  // seed_b = 0: one operand
    bool f32;
  };
  const Group groups[] = {{"sinf", 7, 0, true},      {"cosf", 7, 0, true},      {"ceilf", 11, 0, true},
                          {"fmodf", 13, 1013, true}, {"fmod", 17, 1017, false}, {"ceil", 19, 0, false}};
  std::ifstream in(std::string(BITEXACT_SOURCE_DIR) + "/vectors/edge_inputs.txt");
  ASSERT_TRUE(in);
  std::map<std::string, std::vector<std::vector<std::uint64_t>>> sampled;
  std::string line, current;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0) {
      const auto colon = line.find(':');
      const bool is_sampled = colon != std::string::npos && line.compare(colon + 2, 8, "sampled:") == 0;
      current = is_sampled ? line.substr(2, colon - 2) : std::string();
      continue;
    }
    if (current.empty()) continue;
    std::istringstream ls(line);
    std::string fn, word;
    ls >> fn;
    std::vector<std::uint64_t> row;
    while (ls >> word) row.push_back(std::stoull(word, nullptr, 16));
    sampled[fn].push_back(row);
  }
  for (const auto& g : groups) {
    const auto& rows = sampled[g.fn];
    ASSERT_EQ(rows.size(), 512u) << g.fn;
    for (std::uint64_t i = 0; i < rows.size(); ++i) {
      auto expect = [&](std::uint64_t seed) {
        const std::uint64_t w = inputs::mix64(seed + i);
        return g.f32 ? w >> 32 : w;
      };
      ASSERT_EQ(rows[i].size(), g.seed_b ? 2u : 1u) << g.fn;
      EXPECT_EQ(rows[i][0], expect(g.seed_a)) << g.fn << " row " << i;
      if (g.seed_b) {
        EXPECT_EQ(rows[i][1], expect(g.seed_b)) << g.fn << " row " << i;
      }
    }
  }
}

TEST(Inputs, StructuredPairsCoverEveryKind) {
  int gaps_seen = 0, subnormal_y = 0, specials = 0;
  for (std::uint64_t i = 0; i < 8 * 300; ++i) {
    auto p = inputs::structured_pair<float>(2, i);
    fp_bits<float> x = fp_bits<float>::from_bits(p.x), y = fp_bits<float>::from_bits(p.y);
    if (i % 8 == 1) gaps_seen += (x.biased_exponent() - y.biased_exponent() == int((i / 8) % 254));
    if (i % 8 == 2) subnormal_y += y.is_subnormal();
    if (i % 8 == 6)
      specials += (!x.is_finite() || !y.is_finite() || x.is_zero() || y.is_zero() || x.abs_bits() == 0x7f7fffff ||
                   y.abs_bits() == 0x7f7fffff || x.abs_bits() <= 0x00800000 || y.abs_bits() <= 0x00800000 ||
                   x.abs_bits() == 0x3f800000 || y.abs_bits() == 0x3f800000);
  }
  EXPECT_EQ(gaps_seen, 300);
  EXPECT_EQ(subnormal_y, 300);
  EXPECT_EQ(specials, 300);
}

TEST(Digest, Xxh3KnownValueAndWidth) {
  // XXH3_64bits of the empty input is 0x2d06800538d394c2 (xxHash specification).
  EXPECT_EQ(sweep::digest_block(nullptr, 0, 32), 0x2d06800538d394c2ull);
  // A 32-bit block hashes the low 4 bytes of each word: upper bits are ignored.
  word a[3] = {1, 2, 3}, b[3] = {0xabcd00000001ull, 2, 3};
  EXPECT_EQ(sweep::digest_block(a, 3, 32), sweep::digest_block(b, 3, 32));
  EXPECT_NE(sweep::digest_block(a, 3, 64), sweep::digest_block(b, 3, 64));
}

namespace {
// host.ceilf with one output bit flipped at one input: the digest must notice.
float flipped_ceilf(float x) {
  float r = __builtin_ceilf(x);
  return bit_cast<std::uint32_t>(x) == 0x3fc00123u ? bit_cast<float>(bit_cast<std::uint32_t>(r) ^ 1u) : r;
}
const bool reg = register_impl({"test-flip", Fn::ceilf, scalar_values_of<Fn::ceilf, &flipped_ceilf>, "test only"});
}  // namespace

TEST(Digest, SingleFlippedBitChangesExactlyOneBlock) {
  const Impl* good = find_impl("host", Fn::ceilf);
  const Impl* bad = find_impl("test-flip", Fn::ceilf);
  ASSERT_TRUE(good && bad);
  const auto s = sweep::standard_set(Fn::ceilf, "exhaustive", 0, std::uint64_t(1) << 32);
  const std::uint64_t block = 1 << 20, first = 0x3fc00123u / block - 1;
  const std::vector<std::uint64_t> blocks{first, first + 1, first + 2};
  auto a = sweep::block_digests(*good, s, block, blocks);
  auto b = sweep::block_digests(*bad, s, block, blocks);
  EXPECT_EQ(a[0], b[0]);
  EXPECT_NE(a[1], b[1]);
  EXPECT_EQ(a[2], b[2]);
}

TEST(VectorFiles, MalformedDigestFileIsAnInputError) {
  auto p = std::filesystem::temp_directory_path() / "bx_bad_digests.json";
  std::ofstream(p) << "{\"manifest\": {}, \"sets\": [{\"fn\": \"sinf\"}]}";
  EXPECT_THROW(vectors::load_digests(p.string()), input_error);
  std::ofstream(p) << "not json";
  EXPECT_THROW(vectors::load_digests(p.string()), input_error);
  std::filesystem::remove(p);
}

TEST(VectorFiles, CommittedNvidiaDigestsLoad) {
  auto f = vectors::load_digests(std::string(BITEXACT_SOURCE_DIR) + "/vectors/nv/digests.json");
  EXPECT_EQ(f.manifest.at("gpu").get<std::string>().rfind("NVIDIA H100", 0), 0u);
  // Every one-operand binary32 row has all 2^32 inputs measured, as nv and nv-ftz.
  for (const auto& fi : functions())
    if (fn_desc_of(fi.id).first_seed == 0)
      for (const char* impl : {"nv", "nv-ftz"}) {
        int found = 0;
        for (const auto& s : f.sets)
          found += s.fn == fi.name && s.impl == impl && s.set.kind_name() == "exhaustive" && s.digests.size() == 256;
        EXPECT_EQ(found, 1) << impl << "." << fi.name;
      }
}

namespace {
// host.ceilf, but the NaN it returns for input 0x7fc00001 has its sign flipped:
// a digest over "nan-sign-cleared" outputs must not see it, an exact one must.
float nan_sign_flipped_ceilf(float x) {
  float r = __builtin_ceilf(x);
  return bit_cast<std::uint32_t>(x) == 0x7fc00001u ? bit_cast<float>(bit_cast<std::uint32_t>(r) ^ 0x80000000u) : r;
}
const bool reg_nan =
    register_impl({"test-nan-sign", Fn::ceilf, scalar_values_of<Fn::ceilf, &nan_sign_flipped_ceilf>, "test only"});
}  // namespace

TEST(Digest, NanSignClearedViewIgnoresOnlyTheSignOfNans) {
  const Impl* good = find_impl("host", Fn::ceilf);
  const Impl* odd = find_impl("test-nan-sign", Fn::ceilf);
  const Impl* flip = find_impl("test-flip", Fn::ceilf);
  ASSERT_TRUE(good && odd && flip);
  const auto s = sweep::standard_set(Fn::ceilf, "exhaustive", 0, std::uint64_t(1) << 32);
  const std::uint64_t block = 1 << 20;
  const std::vector<std::uint64_t> nan_block{0x7fc00001u / block}, num_block{0x3fc00123u / block};
  using vectors::output_view;
  EXPECT_NE(sweep::block_digests(*good, s, block, nan_block)[0], sweep::block_digests(*odd, s, block, nan_block)[0]);
  EXPECT_EQ(sweep::block_digests(*good, s, block, nan_block, output_view::nan_sign_cleared)[0],
            sweep::block_digests(*odd, s, block, nan_block, output_view::nan_sign_cleared)[0]);
  // A changed number is still seen through the view.
  EXPECT_NE(sweep::block_digests(*good, s, block, num_block, output_view::nan_sign_cleared)[0],
            sweep::block_digests(*flip, s, block, num_block, output_view::nan_sign_cleared)[0]);
  EXPECT_EQ(vectors::parse_view("nan-sign-cleared"), output_view::nan_sign_cleared);
  EXPECT_THROW(vectors::parse_view("nan-sign"), input_error);
}

TEST(Digest, SpreadBlocksAreEvenAndEndWithTheLast) {
  EXPECT_EQ(vectors::spread_blocks(256, 16).front(), 15u);
  EXPECT_EQ(vectors::spread_blocks(256, 16).back(), 255u);
  EXPECT_EQ(vectors::spread_blocks(64, 2), (std::vector<std::uint64_t>{31, 63}));
  EXPECT_EQ(vectors::spread_blocks(64, 1), (std::vector<std::uint64_t>{63}));
  EXPECT_EQ(vectors::spread_blocks(4, 9).size(), 4u);
}

TEST(VectorFiles, UpsertReplacesTheSameSetAndRoundTrips) {
  vectors::digest_file f;
  vectors::digest_set d{"fmodf",
                        "ocml-finite",
                        "ocml-bc-finite",
                        sweep::standard_set(Fn::fmodf, "uniform", 1, 2),
                        1,
                        vectors::output_view::nan_sign_cleared,
                        {1, 2}};
  vectors::upsert(f, d);
  d.digests = {3, 4};
  vectors::upsert(f, d);
  d.set = sweep::standard_set(Fn::fmodf, "uniform", 2, 2);
  vectors::upsert(f, d);
  ASSERT_EQ(f.sets.size(), 2u);
  EXPECT_EQ(f.sets[0].digests, (std::vector<std::uint64_t>{3, 4}));
  auto p = std::filesystem::temp_directory_path() / "bx_upsert_digests.json";
  std::ofstream(p) << vectors::to_json(f).dump();
  auto g = vectors::load_digests(p.string());
  std::filesystem::remove(p);
  ASSERT_EQ(g.sets.size(), 2u);
  EXPECT_EQ(g.sets[0].truth, "ocml-bc-finite");
  EXPECT_EQ(g.sets[0].view, vectors::output_view::nan_sign_cleared);
  EXPECT_EQ(g.sets[1].set.seed, 2u);
}

TEST(VectorFiles, CommittedOcmlDigestsCoverEveryConfiguration) {
  // Source: ocml.bc executed on the CPU (vectors/ocml/digests.json manifest).
  auto f = vectors::load_digests(std::string(BITEXACT_SOURCE_DIR) + "/vectors/ocml/digests.json");
  EXPECT_EQ(f.manifest.at("ocml_version").get<std::string>(), "5.2.3");
  const auto& configs = f.manifest.at("configurations");
  EXPECT_EQ(configs.size(), 12u);
  for (const auto& [impl, cfg] : configs.items())
    for (const auto& fi : functions())
      for (const auto& set : sweep::standard_sets(fi.id)) {
        if (!fn_desc_of(fi.id).ocml_reproduced) continue;  // ocml/not_reproduced.def
        int found = 0;
        for (const auto& s : f.sets)
          found += s.impl == impl && s.fn == fi.name && s.set.kind == set.kind && s.set.seed == set.seed &&
                   s.set.count == set.count && s.truth == cfg.at("truth").get<std::string>();
        EXPECT_EQ(found, 1) << impl << "." << fi.name << " " << set.kind_name();
      }
}
