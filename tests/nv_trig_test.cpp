// Unit tests of the CUDA 13.0 libdevice sinf/cosf reproductions
// (bitexact/nv/sinf.hpp, cosf.hpp), IEEE and FTZ flavours.
//
// Where each expected value comes from:
//  * IEEE 754 facts: sin(+-0) = +-0, cos(+-0) = 1, sin/cos(+-Inf) and NaN give NaN.
//  * PTX ISA (vendor documentation of the hardware): an f32 arithmetic result
//    that is NaN is the canonical NaN 0x7fffffff; .ftz flushes subnormal
//    operands to sign-preserving zero.
//  * MPFR (bitexact::truth): the CUDA C++ Programming Guide documents a
//    maximum error of 2 ulp for sinf/cosf over the whole range (non fast-math,
//    IEEE mode), so every result must lie within 2 ulp steps of the correctly
//    rounded value. Checked on random inputs, on every Cody-Waite quadrant
//    boundary, near every multiple of pi/2 of the fast path, around the
//    fast/slow threshold and on the slow path.
//  * The H100 (vectors/nv/, produced by device/nv_native.cu on the GPU):
//    every device vector must equal the reproduction bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/nv/cosf.hpp"
#include "bitexact/nv/sinf.hpp"
#include "bitexact/truth/truth.hpp"

namespace {

using bitexact::bit_cast;
using u32 = std::uint32_t;

u32 bits(float x) { return bit_cast<u32>(x); }
float from(u32 b) { return bit_cast<float>(b); }

constexpr u32 canonical_nan = 0x7fffffffu;  // PTX ISA: NaN result of f32 arithmetic

// ---- IEEE 754 facts and documented special cases --------------------------------

TEST(NvTrig, SignedZeros) {
  // IEEE 754: sin(+-0) = +-0 exactly, cos(+-0) = 1, in both flavours.
  EXPECT_EQ(bits(bitexact::nv::sinf(0.0f)), 0x00000000u);
  EXPECT_EQ(bits(bitexact::nv::sinf(-0.0f)), 0x80000000u);
  EXPECT_EQ(bits(bitexact::nv::sinf_ftz(0.0f)), 0x00000000u);
  EXPECT_EQ(bits(bitexact::nv::sinf_ftz(-0.0f)), 0x80000000u);
  EXPECT_EQ(bits(bitexact::nv::cosf(0.0f)), 0x3f800000u);
  EXPECT_EQ(bits(bitexact::nv::cosf(-0.0f)), 0x3f800000u);
  EXPECT_EQ(bits(bitexact::nv::cosf_ftz(0.0f)), 0x3f800000u);
  EXPECT_EQ(bits(bitexact::nv::cosf_ftz(-0.0f)), 0x3f800000u);
}

TEST(NvTrig, InfinitiesAndNansGiveTheCanonicalNan) {
  // IEEE 754: sin/cos of +-Inf and of NaN is NaN. PTX ISA: the NaN an f32
  // arithmetic instruction produces is 0x7fffffff, whatever the input payload.
  const u32 inputs[] = {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u,
                        0xff800001u, 0x7fffffffu, 0xffffffffu, 0x7fa5a5a5u, 0xffbfffffu};
  for (u32 in : inputs) {
    const float x = from(in);
    SCOPED_TRACE(::testing::Message() << std::hex << "x=0x" << in);
    EXPECT_EQ(bits(bitexact::nv::sinf(x)), canonical_nan);
    EXPECT_EQ(bits(bitexact::nv::cosf(x)), canonical_nan);
    EXPECT_EQ(bits(bitexact::nv::sinf_ftz(x)), canonical_nan);
    EXPECT_EQ(bits(bitexact::nv::cosf_ftz(x)), canonical_nan);
  }
}

TEST(NvTrig, SubnormalInputs) {
  // IEEE flavour: |sin(x) - x| < |x|^3 / 6, far below half an ulp of a
  // subnormal, so the correctly rounded value is x itself (MPFR agrees, and
  // the 2-ulp bound would allow little else); cos(x) rounds to 1.
  // FTZ flavour (PTX .ftz): the subnormal operand is read as a zero of the
  // same sign, so the results are those of +-0.
  std::mt19937 rng(7);
  std::vector<u32> subs = {0x00000001u, 0x007fffffu, 0x00400000u, 0x80000001u, 0x807fffffu};
  for (int i = 0; i < 2000; ++i) subs.push_back((rng() & 0x807fffffu) | 1u);
  for (u32 in : subs) {
    const float x = from(in);
    SCOPED_TRACE(::testing::Message() << std::hex << "x=0x" << in);
    EXPECT_EQ(bits(bitexact::nv::sinf(x)), bits(bitexact::truth::sinf(x)));
    EXPECT_EQ(bits(bitexact::nv::sinf(x)), in);
    EXPECT_EQ(bits(bitexact::nv::cosf(x)), 0x3f800000u);
    EXPECT_EQ(bits(bitexact::nv::sinf_ftz(x)), in & 0x80000000u);
    EXPECT_EQ(bits(bitexact::nv::cosf_ftz(x)), 0x3f800000u);
  }
}

TEST(NvTrig, OddAndEven) {
  // sin is odd and cos even; libdevice's reduction is sign-symmetric (the
  // Cody-Waite quotient rounds to nearest even, Payne-Hanek works on |x|),
  // and the documented 2-ulp bound holds either way. Checked bitwise.
  std::mt19937 rng(11);
  for (int i = 0; i < 200000; ++i) {
    const u32 in = rng() & 0x7fffffffu;
    if (in >= 0x7f800000u) continue;
    const float x = from(in), mx = from(in | 0x80000000u);
    ASSERT_EQ(bits(bitexact::nv::sinf(mx)), bits(bitexact::nv::sinf(x)) ^ 0x80000000u) << std::hex << in;
    ASSERT_EQ(bits(bitexact::nv::cosf(mx)), bits(bitexact::nv::cosf(x))) << std::hex << in;
  }
}

TEST(NvTrig, FtzEqualsIeeeAwayFromSubnormals) {
  // PTX .ftz only changes an operation whose operand or result is subnormal.
  // For a normal input no such intermediate can change the final bits: a tiny
  // r (|r| < 2^-63, so r*r underflows) only happens for k = 0, where both
  // flavours return r exactly (sin) or 1 (cos). Checked on random inputs.
  std::mt19937 rng(13);
  for (int i = 0; i < 300000; ++i) {
    const u32 in = rng();
    const float x = from(in);
    if (!(std::fabs(x) >= 0x1p-126f) || std::isinf(x)) continue;
    ASSERT_EQ(bits(bitexact::nv::sinf_ftz(x)), bits(bitexact::nv::sinf(x))) << std::hex << in;
    ASSERT_EQ(bits(bitexact::nv::cosf_ftz(x)), bits(bitexact::nv::cosf(x))) << std::hex << in;
  }
}

TEST(NvTrig, DevicePolynomialFormEqualsHostForm) {
  // The device evaluates the polynomials with selects, the host with tables and
  // exact identities (trig_reduction.hpp). Both must give the same bits for
  // every quadrant, both flavours: checked on random reduced arguments
  // |r| <= pi/4 + a margin, tiny and subnormal r, and signed zeros. (The
  // device form itself is checked against the H100 by the --repro GPU run.)
  namespace d = bitexact::nv::detail;
  using bitexact::nv::mode;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> uni(-0.8f, 0.8f);
  std::vector<float> rs = {0.0f, -0.0f, 0x1p-126f, -0x1p-149f, 0x1p-64f, 0x1p-40f, 0.785398f};
  for (int i = 0; i < 300000; ++i) rs.push_back(uni(rng));
  for (int i = 0; i < 100000; ++i) rs.push_back(from(rng() & 0xbf7fffffu));  // all magnitudes < 1
  for (float r : rs)
    for (std::int32_t q : {0, 1, 2, 3, -1, -2, -3, -4, 67237, -67238}) {
      ASSERT_EQ(bits(d::trig_poly_selects<mode::ieee>(r, q)), bits(d::trig_poly_tables<mode::ieee>(r, q)))
          << std::hex << bits(r) << " q=" << std::dec << q;
      ASSERT_EQ(bits(d::trig_poly_selects<mode::ftz>(r, q)), bits(d::trig_poly_tables<mode::ftz>(r, q)))
          << std::hex << bits(r) << " q=" << std::dec << q;
    }
}

TEST(NvTrig, RegisteredImplementations) {
  const bitexact::Impl* s = bitexact::find_impl("nv", bitexact::Fn::sinf);
  const bitexact::Impl* c = bitexact::find_impl("nv", bitexact::Fn::cosf);
  const bitexact::Impl* sf = bitexact::find_impl("nv-ftz", bitexact::Fn::sinf);
  const bitexact::Impl* cf = bitexact::find_impl("nv-ftz", bitexact::Fn::cosf);
  ASSERT_TRUE(s && c && sf && cf);
  EXPECT_FALSE(s->correctly_rounded);
  // IEEE facts through the table: sin(-0) = -0, cos(0) = 1.
  EXPECT_EQ(bitexact::eval_one(*s, 0x80000000u), 0x80000000u);
  EXPECT_EQ(bitexact::eval_one(*c, 0x00000000u), 0x3f800000u);
  // PTX .ftz: a subnormal input reads as a signed zero.
  EXPECT_EQ(bitexact::eval_one(*sf, 0x80000010u), 0x80000000u);
  EXPECT_EQ(bitexact::eval_one(*cf, 0x00000010u), 0x3f800000u);
}

// ---- MPFR: the documented 2-ulp bound -------------------------------------------

struct UlpStats {
  std::uint64_t count = 0;
  std::uint32_t worst = 0;
  u32 worst_input = 0;
};

// Checks |nv(x) - CR(x)| <= 2 ulp steps for sinf and cosf, IEEE flavour.
void check_ulp(const std::vector<u32>& inputs, UlpStats& s_stats, UlpStats& c_stats) {
  for (u32 in : inputs) {
    const float x = from(in);
    if (!std::isfinite(x)) continue;
    const float ts = bitexact::truth::sinf(x), tc = bitexact::truth::cosf(x);
    const float ns = bitexact::nv::sinf(x), nc = bitexact::nv::cosf(x);
    const std::uint32_t ds = bitexact::ulp_steps(ns, ts), dc = bitexact::ulp_steps(nc, tc);
    ++s_stats.count;
    ++c_stats.count;
    if (ds > s_stats.worst) s_stats = {s_stats.count, ds, in};
    if (dc > c_stats.worst) c_stats = {c_stats.count, dc, in};
    ASSERT_LE(ds, 2u) << "sinf x=0x" << std::hex << in << " nv=0x" << bits(ns) << " mpfr=0x" << bits(ts);
    ASSERT_LE(dc, 2u) << "cosf x=0x" << std::hex << in << " nv=0x" << bits(nc) << " mpfr=0x" << bits(tc);
  }
}

void report(const char* what, const UlpStats& s, const UlpStats& c) {
  std::printf("  %-28s sinf: %llu inputs, max %u ulp (x=0x%08x); cosf: max %u ulp (x=0x%08x)\n", what,
              static_cast<unsigned long long>(s.count), s.worst, s.worst_input, c.worst, c.worst_input);
}

TEST(NvTrigMpfr, RandomFastPath) {
  // Uniform in |x| < 105615 (the Cody-Waite range) plus uniform bit patterns
  // below 105615 (dense near zero).
  std::mt19937_64 rng(20261123);
  std::uniform_real_distribution<float> uni(-105615.0f, 105615.0f);
  std::vector<u32> in;
  for (int i = 0; i < 400000; ++i) in.push_back(bits(uni(rng)));
  for (int i = 0; i < 400000; ++i) {
    u32 b = u32(rng()) % 0x47ce4780u;
    in.push_back(b | (u32(rng()) & 0x80000000u));
  }
  UlpStats s, c;
  check_ulp(in, s, c);
  report("random |x| < 105615", s, c);
}

TEST(NvTrigMpfr, RandomSlowPath) {
  // Uniform bit patterns with 105615 <= |x| < Inf (the Payne-Hanek range).
  std::mt19937_64 rng(77);
  std::vector<u32> in;
  while (in.size() < 200000) {
    u32 b = u32(rng()) & 0x7fffffffu;
    if (b < 0x47ce4780u || b >= 0x7f800000u) continue;
    in.push_back(b | (u32(rng()) & 0x80000000u));
  }
  UlpStats s, c;
  check_ulp(in, s, c);
  report("random |x| >= 105615", s, c);
}

// The floats nearest to v (computed in long double), and `spread` ulps either side.
void push_near(std::vector<u32>& out, long double v, int spread) {
  const float f = static_cast<float>(v);
  const u32 b = bits(f);
  for (int d = -spread; d <= spread; ++d) out.push_back(u32(std::int64_t(b) + d));
}

TEST(NvTrigMpfr, CodyWaiteBoundariesAndZeros) {
  // Every k of the fast path: x near (k + 1/2) * pi/2, where the quotient
  // f2i.rn(x * 2/pi) switches from k to k+1 (the largest |r|), and x near
  // k * pi/2, where sin or cos is smallest (hardest for the reduction).
  const long double pio2 = 1.570796326794896619231321691639751442L;
  std::vector<u32> in;
  const int kmax = 67237;  // 105615 * 2/pi
  for (int k = 0; k <= kmax; ++k) {
    push_near(in, (k + 0.5L) * pio2, 1);
    if (k > 0) push_near(in, k * pio2, 1);
  }
  UlpStats s, c;
  check_ulp(in, s, c);
  report("quadrant boundaries, zeros", s, c);
}

TEST(NvTrigMpfr, FastSlowThreshold) {
  // 105615 = 0x47ce4780 is the first input of the slow path: 20000 ulps on
  // either side, and the largest finite values.
  std::vector<u32> in;
  for (u32 b = 0x47ce4780u - 20000; b < 0x47ce4780u + 20000; ++b) in.push_back(b);
  for (u32 b = 0x7f7fffffu - 5000; b <= 0x7f7fffffu; ++b) in.push_back(b);
  UlpStats s, c;
  check_ulp(in, s, c);
  report("threshold, max finite", s, c);
}

// ---- the H100: device vectors ------------------------------------------------------

// vectors/nv/edge.txt: "fn x nv nv-ftz" rows for unary functions, measured on
// an H100 with native sinf/cosf (nvcc links libdevice), -ftz=false / -ftz=true.
struct EdgeRow {
  u32 x, ieee, ftz;
};
std::vector<EdgeRow> read_edges(const std::string& fn, bool& found) {
  std::ifstream f(std::string(BITEXACT_SOURCE_DIR) + "/vectors/nv/edge.txt");
  found = bool(f);
  std::vector<EdgeRow> rows;
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string name, a, b, c;
    if (!(ls >> name >> a >> b >> c) || name != fn) continue;
    rows.push_back({u32(std::stoul(a, nullptr, 16)), u32(std::stoul(b, nullptr, 16)), u32(std::stoul(c, nullptr, 16))});
  }
  return rows;
}

void check_edges(const std::string& fn, float (*ieee)(float), float (*ftz)(float)) {
  bool found = false;
  const std::vector<EdgeRow> rows = read_edges(fn, found);
  if (!found) GTEST_SKIP() << "vectors/nv/edge.txt not present (merge main)";
  ASSERT_GT(rows.size(), 100u) << "too few " << fn << " rows in vectors/nv/edge.txt";
  int bad = 0;
  for (const EdgeRow& r : rows) {
    const u32 gi = bits(ieee(from(r.x))), gf = bits(ftz(from(r.x)));
    if (gi != r.ieee || gf != r.ftz) {
      if (++bad <= 20)
        ADD_FAILURE() << fn << " x=0x" << std::hex << r.x << ": H100 nv=0x" << r.ieee << " nv-ftz=0x" << r.ftz
                      << ", reproduction 0x" << gi << " / 0x" << gf;
    }
  }
  EXPECT_EQ(bad, 0) << "of " << rows.size() << " " << fn << " edge vectors";
  std::printf("  %zu %s device edge vectors compared (IEEE and FTZ)\n", rows.size(), fn.c_str());
}

float sin_ieee(float x) { return bitexact::nv::sinf(x); }
float sin_ftz(float x) { return bitexact::nv::sinf_ftz(x); }
float cos_ieee(float x) { return bitexact::nv::cosf(x); }
float cos_ftz(float x) { return bitexact::nv::cosf_ftz(x); }

TEST(NvTrigDevice, SinfEdgeVectorsMatchTheH100) { check_edges("sinf", sin_ieee, sin_ftz); }
TEST(NvTrigDevice, CosfEdgeVectorsMatchTheH100) { check_edges("cosf", cos_ieee, cos_ftz); }

}  // namespace
