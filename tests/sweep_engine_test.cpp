// The sweep engine on hand-made implementations whose discrepancies are known
// by construction: each test-only implementation returns the truth (MPFR,
// bitexact::truth) except on inputs chosen by a predicate, where it returns a
// NaN, an infinity, a zero or the neighbouring float. Expected counts come from
// those predicates, evaluated here input by input; never from the engine.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <set>

#include "bitexact/dispatch.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/report/report.hpp"
#include "bitexact/sweep/engine.hpp"
#include "bitexact/truth/truth.hpp"
#include "scalar_forms.hpp"
#include "sweep_test_helpers.hpp"

namespace bx = bitexact;
using bx::word;
using bx::test::batch_u32;
using bx::test::inputs_of;
using bx::test::run_all;
using bx::sweep::bins::count;

namespace {

bool finite_input(std::uint32_t a) { return (a & 0x7f800000u) != 0x7f800000u; }
bool p_nan(std::uint32_t a) { return a % 7 == 0 && finite_input(a); }
bool p_inf(std::uint32_t a) { return a % 11 == 1 && finite_input(a); }
bool p_zero(std::uint32_t a, std::uint32_t t) { return a % 13 == 2 && finite_input(a) && (t & 0x7fffffffu) != 0; }
bool p_next(std::uint32_t a, std::uint32_t t) {
  return a % 5 == 3 && finite_input(a) && (t & 0x7fffffffu) != 0 && (t & 0x7fffffffu) < 0x7f7fffffu;
}
std::uint32_t truth_bits(std::uint32_t a) {
  return bx::bit_cast<std::uint32_t>(bx::truth::sinf(bx::bit_cast<float>(a)));
}

std::uint32_t t_nan(std::uint32_t a) { return p_nan(a) ? 0x7fc00000u : truth_bits(a); }
std::uint32_t t_inf(std::uint32_t a) { return p_inf(a) ? 0x7f800000u : truth_bits(a); }
std::uint32_t t_zero(std::uint32_t a) {
  std::uint32_t t = truth_bits(a);
  return p_zero(a, t) ? 0u : t;
}
std::uint32_t t_next(std::uint32_t a) {  // one float away from zero: the neighbour
  std::uint32_t t = truth_bits(a);
  return p_next(a, t) ? t + 1 : t;
}

// fmodf's truth is exact, so its neighbour is exactly 1 ulp away (0.5 or 2
// at a binade edge): many results at the same maximum, for the witness rules.
template <class T>
void fmod_next(const T* x, const T* y, T* out, std::size_t n) {
  using U = typename bx::fp_bits<T>::storage;
  const U mag = U(~U(0)) >> 1, max_finite = bx::fp_bits<T>::max_normal().bits;
  for (std::size_t j = 0; j < n; ++j) {
    T r;
    if constexpr (sizeof(T) == 4)
      r = bx::truth::fmodf(x[j], y[j]);
    else
      r = bx::truth::fmod(x[j], y[j]);
    const U t = bx::bit_cast<U>(r);
    const bool finite_nonzero = (t & mag) != 0 && (t & mag) < max_finite;
    out[j] = bx::bit_cast<T>(finite_nonzero && (bx::bit_cast<U>(x[j]) % 3 == 0) ? U(t + 1) : t);
  }
}

const bool registered = [] {
  bx::register_impl({"t-nan", bx::Fn::sinf, &batch_u32<t_nan>, "test: NaN on a % 7 == 0"});
  bx::register_impl({"t-inf", bx::Fn::sinf, &batch_u32<t_inf>, "test: +inf on a % 11 == 1"});
  bx::register_impl({"t-zero", bx::Fn::sinf, &batch_u32<t_zero>, "test: +0 on a % 13 == 2"});
  bx::register_impl({"t-next", bx::Fn::sinf, &batch_u32<t_next>, "test: neighbour on a % 5 == 3"});
  bx::register_impl({"t-next", bx::Fn::fmodf, &fmod_next<float>, "test: neighbour of the exact result on a % 3 == 0"});
  bx::register_impl({"t-next", bx::Fn::fmod, &fmod_next<double>, "test: neighbour of the exact result on a % 3 == 0"});
  return true;
}();

bx::sweep::Options options(const std::string& impls, const std::string& inputs, std::uint64_t chunk = 4096) {
  return bx::test::sweep_options(bx::Fn::sinf, impls, inputs, chunk);
}

}  // namespace

TEST(SweepEngine, DiscrepancyClassesMatchConstruction) {
  auto o = options("t-nan,t-inf,t-zero,t-next", "random:30000:7", 1000);
  auto s = run_all(o);
  ASSERT_TRUE(s.complete());
  // Expected, input by input, from the predicates.
  std::uint64_t n_nan = 0, n_inf = 0, n_zero = 0, n_next = 0;
  std::map<std::string, std::uint64_t> nan_vs_next;  // pair (t-nan, t-next) classes
  for (std::uint32_t a : inputs_of(o.inputs)) {
    const std::uint32_t t = truth_bits(a);
    n_nan += p_nan(a);
    n_inf += p_inf(a);
    n_zero += p_zero(a, t);
    n_next += p_next(a, t);
    if (p_nan(a))
      nan_vs_next[p_next(a, t) || !std::isnan(bx::bit_cast<float>(t)) ? "nan_vs_number" : "?"]++;
    else if (p_next(a, t))
      nan_vs_next["number_vs_number"]++;
  }
  ASSERT_GT(n_nan, 1000u);
  ASSERT_GT(n_next, 1000u);
  const auto& sn = s.impl_stats[0];
  const auto& si = s.impl_stats[1];
  const auto& sz = s.impl_stats[2];
  const auto& sx = s.impl_stats[3];
  EXPECT_EQ(sn.count, o.inputs.count);
  EXPECT_EQ(sn.hist[bx::sweep::bins::nan], n_nan);
  EXPECT_EQ(sn.count - sn.correctly_rounded, n_nan);
  EXPECT_EQ(si.hist[bx::sweep::bins::inf], n_inf);
  EXPECT_EQ(si.count - si.correctly_rounded, n_inf);
  EXPECT_EQ(sz.count - sz.correctly_rounded, n_zero);
  EXPECT_EQ(sx.count - sx.correctly_rounded, n_next);
  // The neighbour (away from zero) of the correctly rounded value c is more than
  // 0.5 ulp from the exact value, and at most 2.5 ulp of the exact value's binade
  // (2.5 when c = 2^k is the rounding of a value just below 2^k).
  EXPECT_EQ(
      sx.hist[bx::sweep::bins::one] + sx.hist[bx::sweep::bins::pow2_first] + sx.hist[bx::sweep::bins::pow2_first + 1],
      n_next);
  EXPECT_GT(sx.max.value, 0.5);
  EXPECT_LE(sx.max.value, 2.5);
  // Special mismatches of the neighbour impl: none.
  EXPECT_EQ(sx.hist[bx::sweep::bins::nan] + sx.hist[bx::sweep::bins::inf] + sx.hist[bx::sweep::bins::zero_sign], 0u);
  // Pairs are (0,1) (0,2) (0,3) (1,2) (1,3) (2,3): t-nan vs t-next is index 2.
  const auto& p = s.pair_stats[2];
  EXPECT_EQ(p.cls[int(bx::sweep::Disc::nan_vs_number)], nan_vs_next["nan_vs_number"]);
  EXPECT_EQ(p.cls[int(bx::sweep::Disc::number_vs_number)], nan_vs_next["number_vs_number"]);
  EXPECT_EQ(p.dist[0], nan_vs_next["number_vs_number"]) << "neighbours are adjacent floats";
  EXPECT_EQ(nan_vs_next.count("?"), 0u);
  EXPECT_EQ(p.differ, nan_vs_next["nan_vs_number"] + nan_vs_next["number_vs_number"]);
  // t-zero vs t-next: zero_vs_nonzero where t-zero gives 0 (t-next's value is non-zero there).
  std::uint64_t zvn = 0;
  for (std::uint32_t a : inputs_of(o.inputs)) zvn += p_zero(a, truth_bits(a));
  EXPECT_EQ(s.pair_stats[5].cls[int(bx::sweep::Disc::zero_vs_nonzero)], zvn);
  // Witnesses are the smallest inputs of their class, and really are in it.
  const auto& w = p.witness[int(bx::sweep::Disc::nan_vs_number)].w;
  ASSERT_FALSE(w.empty());
  std::uint32_t smallest = 0xffffffffu;
  for (std::uint32_t a : inputs_of(o.inputs))
    if (p_nan(a)) smallest = std::min(smallest, a);
  EXPECT_EQ(w[0].a, smallest);
  EXPECT_EQ(w[0].r, 0x7fc00000u);
}

TEST(SweepEngine, ShardsMergeToTheSingleRunExactly) {
  auto o = options("t-nan,t-next", "random:20000:3", 777);
  auto whole = run_all(o);
  bx::sweep::State merged;
  for (int k : {3, 1, 2}) {  // any order
    auto so = o;
    so.shard_k = k;
    so.shard_n = 3;
    auto part = bx::sweep::make_state(so);
    EXPECT_TRUE(bx::sweep::run(so, part));
    EXPECT_FALSE(part.complete());
    if (k == 3)
      merged = part;
    else
      merged.merge(part);
  }
  ASSERT_TRUE(merged.complete());
  EXPECT_TRUE(merged == whole);
  EXPECT_EQ(bx::report::to_json(merged).dump(), bx::report::to_json(whole).dump());
  // Merging a shard twice is refused.
  auto so = o;
  so.shard_k = 1;
  so.shard_n = 3;
  auto part = bx::sweep::make_state(so);
  bx::sweep::run(so, part);
  EXPECT_THROW(merged.merge(part), bx::input_error);
}

TEST(SweepEngine, StopAndResumeGivesTheUninterruptedResult) {
  auto o = options("t-inf,t-next,t-zero", "random:16000:5", 500);
  auto whole = run_all(o);
  auto s = bx::sweep::make_state(o);
  auto stop = o;
  stop.stop_after_chunks = 5;
  stop.threads = 1;
  EXPECT_FALSE(bx::sweep::run(stop, s));
  EXPECT_LT(s.done.size(), s.total_chunks);
  // through the JSON state, as a resumed process does
  auto restored = bx::sweep::State::from_json(nlohmann::json::parse(s.to_json().dump()));
  EXPECT_TRUE(restored == s);
  EXPECT_TRUE(bx::sweep::run(o, restored));
  EXPECT_TRUE(restored == whole);
  EXPECT_EQ(bx::report::to_json(restored).dump(), bx::report::to_json(whole).dump());
}

TEST(SweepEngine, ThreadCountAndChunkOrderDoNotMatter) {
  auto o = options("t-next,t-zero", "random:9000:11", 300);
  o.threads = 1;
  auto one = run_all(o);
  o.threads = 2;
  auto four = run_all(o);
  EXPECT_TRUE(one == four);
}

// The per-input passes of the accounting (class counts, the lists of
// differing results, the ordinary results' first pass) and the truth's batch
// have SIMD (AVX-512, AVX2) and scalar forms (src/sweep/engine-inl.hpp,
// bitexact/truth/sincosf_batch-inl.hpp): every dispatch level gives the same
// State, with several implementations (pairs), a truth with approximations
// (sinf), ones without (fmodf), and 64-bit lanes (fmod, ceil).
TEST(SweepEngine, DispatchLevelsGiveTheSameState) {
#if !BITEXACT_X86_DISPATCH
  GTEST_SKIP() << "one code path on this target";
#else
  struct Case {
    bx::Fn fn;
    const char *impls, *inputs;
  };
  for (const Case& k :
       {Case{bx::Fn::sinf, "nv,nv-ftz,ocml,host", "random:50003:7"}, Case{bx::Fn::cosf, "nv,ocml-daz", "edge"},
        Case{bx::Fn::fmodf, "nv,nv-ftz,ocml", "random:20011:5"}, Case{bx::Fn::fmod, "nv,ocml", "random:20011:5"},
        Case{bx::Fn::ceil, "nv,host", "edge"}}) {
    auto o = bx::test::sweep_options(k.fn, k.impls, k.inputs, 4093);
    const auto saved = bx::dispatch::cap;
    std::vector<bx::sweep::State> states;
    for (auto l : {bx::dispatch::level::avx512, bx::dispatch::level::avx2_fma, bx::dispatch::level::baseline}) {
      bx::dispatch::cap = l;
      states.push_back(run_all(o));
    }
    bx::dispatch::cap = saved;
    EXPECT_TRUE(states[0] == states[1]) << bx::fn_info(k.fn).name;
    EXPECT_TRUE(states[0] == states[2]) << bx::fn_info(k.fn).name;
    EXPECT_GT(states[0].impl_stats[0].count, 0u);
  }
#endif
}

// The batched accounting of ordinary differing results (account_listed) and
// account_impl on every result give the same State, as do the ULP errors from
// the truth's approximations (sinf, cosf) and from FnInfo::ulp_error_approx,
// digests included: runs of neighbouring
// inputs (exhaustive slices: zeros and subnormals, near 1, the Payne-Hanek
// range, Inf/NaN, both signs), scattered inputs (random), the special bins
// (t-nan, t-inf, t-zero), flushes (nv-ftz), two operands without
// approximations and ties at the maxima (fmodf, t-next), binary64 (fmod).
TEST(SweepEngine, BatchedAccountingGivesTheSameState) {
  struct Case {
    bx::Fn fn;
    const char *impls, *inputs;
    std::vector<std::uint64_t> chunks;  // of 4096 inputs; empty: all
  };
  const std::vector<Case> cases = {
      {bx::Fn::sinf,
       "nv,nv-ftz,ocml,host,t-next,t-zero,t-inf,t-nan",
       "exhaustive",
       {0, 1, 2047, 2048, 0x3f800000 / 4096, 0x3f490000 / 4096, 0x4a47a000 / 4096, 0x7f7ff000 / 4096, 0x7f800000 / 4096,
        0xbf800000 / 4096, 0xcb000000 / 4096, 0x80000000 / 4096}},
      {bx::Fn::sinf, "nv,ocml-daz,t-next", "random:40009:3", {}},
      {bx::Fn::cosf, "nv,nv-ftz,ocml", "edge", {}},
      {bx::Fn::fmodf, "nv,nv-ftz,ocml,t-next", "random:30011:5", {}},
      {bx::Fn::fmod, "nv,ocml,t-next", "random:20011:9", {}},
  };
  for (const Case& k : cases) {
    auto o = bx::test::sweep_options(k.fn, k.impls, k.inputs, 4096);
    o.only_chunks = k.chunks;
    o.digests = true;
    if (k.fn == bx::Fn::cosf) o.view = bx::sweep::output_view::nan_sign_cleared;
    // The reference: one by one, the errors from FnInfo::ulp_error_approx.
    // Then batched, without and with the truth's approximations.
    bx::sweep::detail::account_batched = false;
    bx::sweep::detail::truth_approximations = false;
    const auto one_by_one = run_all(o);
    bx::sweep::detail::account_batched = true;
    const auto batched_no_approx = run_all(o);
    bx::sweep::detail::truth_approximations = true;
    const auto batched = run_all(o);
    EXPECT_TRUE(batched_no_approx == one_by_one) << bx::fn_info(k.fn).name << " " << k.inputs;
    EXPECT_TRUE(batched == one_by_one) << bx::fn_info(k.fn).name << " " << k.inputs;
    EXPECT_EQ(batched.chunk_digests, one_by_one.chunk_digests);
    // Not a vacuous comparison: results in the batched path's classes and in the others.
    std::uint64_t numeric = 0, other = 0;
    for (const auto& st : batched.impl_stats) {
      for (int b = bx::sweep::bins::half; b < bx::sweep::bins::zero_sign; ++b) numeric += st.hist[b];
      other += st.special_mismatches() + st.flushed;
    }
    EXPECT_GT(numeric, 0u) << bx::fn_info(k.fn).name;
    if (k.fn == bx::Fn::sinf && k.chunks.size()) {
      EXPECT_GT(other, 0u);
    }
  }
}

// hd::ulp_bin (branch-free) against the definition it replaced: comparisons
// with 0.5, 1 and the powers of two up to 2^20.
TEST(SweepEngine, UlpBinIsTheComparisonDefinition) {
  auto by_comparisons = [](double e) {
    if (e <= 0.5) return 1;
    if (e <= 1.0) return 2;
    for (int k = 1; k <= 20; ++k)
      if (e <= std::ldexp(1.0, k)) return 3 + k - 1;
    return 23;
  };
  std::vector<double> es = {0x1p-1074, 0x1p-1022, 1e-300, 1e-10,  0.25,  0.5,
                            1.0,       2.0,       0x1p20, 0x1p21, 1e300, std::numeric_limits<double>::max()};
  for (int k = -3; k <= 22; ++k)
    for (double d : {-1.0, 0.0, 1.0}) es.push_back(std::nextafter(std::ldexp(1.0, k), d > 0 ? HUGE_VAL : 0.0));
  std::uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 100000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    es.push_back(std::ldexp(double(x >> 11) * 0x1p-53, int(x % 60) - 30));
  }
  for (double e : es) {
    if (e > 0) {
      EXPECT_EQ(bx::sweep::ulp_bin(e), by_comparisons(e)) << std::hexfloat << e;
    }
  }
}

TEST(SweepEngine, WitnessAndMaxMergeAreOrderIndependent) {
  using bx::sweep::Witness;
  bx::sweep::MaxWitness a, b, c;
  a.offer(1.5, Witness{10, 0, 1, 2, 1.5});
  a.offer(1.5, Witness{7, 0, 1, 2, 1.5});
  b.offer(2.0, Witness{30, 0, 1, 2, 2.0});
  c.offer(2.0, Witness{20, 0, 1, 2, 2.0});
  c.offer(0.7, Witness{1, 0, 1, 2, 0.7});
  auto x = a, y = c;
  x.merge(b);
  x.merge(c);
  y.merge(b);
  y.merge(a);
  EXPECT_TRUE(x == y);
  EXPECT_EQ(x.value, 2.0);
  ASSERT_EQ(x.at.w.size(), 2u);
  EXPECT_EQ(x.at.w[0].a, 20u);  // smallest input among those at the maximum
  bx::sweep::WitnessSet s;
  for (word v : {9, 3, 7, 1, 5, 3}) s.offer(Witness{v, 0, 0, 0, 0});
  ASSERT_EQ(s.w.size(), bx::sweep::WitnessSet::K);
  EXPECT_EQ(s.w[0].a, 1u);
  EXPECT_EQ(s.w[3].a, 7u);
}

TEST(SweepEngine, InputSets) {
  using bx::sweep::parse_input_set;
  auto ex = parse_input_set("exhaustive", bx::Fn::sinf);
  EXPECT_EQ(ex.count, std::uint64_t(1) << 32);
  EXPECT_THROW(parse_input_set("exhaustive", bx::Fn::fmodf), bx::input_error);
  EXPECT_THROW(parse_input_set("exhaustive", bx::Fn::ceil), bx::input_error);
  EXPECT_THROW(parse_input_set("random:", bx::Fn::sinf), bx::input_error);
  EXPECT_THROW(parse_input_set("random:12x", bx::Fn::sinf), bx::input_error);
  EXPECT_THROW(parse_input_set("random:0", bx::Fn::sinf), bx::input_error);
  EXPECT_THROW(parse_input_set("binades", bx::Fn::sinf), bx::input_error);
  EXPECT_THROW(parse_input_set("nonsense", bx::Fn::sinf), bx::input_error);
  EXPECT_THROW(parse_input_set("file:/nonexistent/x.hex", bx::Fn::sinf), bx::input_error);
  // binades:N — N per (sign, biased exponent) stratum.
  auto bn = parse_input_set("binades:3", bx::Fn::sinf);
  EXPECT_EQ(bn.count, 3u * 512u);
  std::vector<word> a(bn.count);
  bn.generate(0, bn.count, a.data(), nullptr);
  std::map<word, int> per;
  for (word w : a) per[w >> 23]++;
  EXPECT_EQ(per.size(), 512u);
  for (auto& [k, v] : per) EXPECT_EQ(v, 3) << k;
  auto bn2 = parse_input_set("binades:1", bx::Fn::fmod);
  EXPECT_EQ(bn2.count, 4096u * 4096u);
  // random: any index range is regenerated identically.
  auto r = parse_input_set("random:1000:9", bx::Fn::fmodf);
  std::vector<word> a1(1000), b1(1000), a2(10), b2(10);
  r.generate(0, 1000, a1.data(), b1.data());
  r.generate(500, 510, a2.data(), b2.data());
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(a1[500 + i], a2[i]);
    EXPECT_EQ(b1[500 + i], b2[i]);
    EXPECT_LE(a1[500 + i], 0xffffffffu);
  }
  EXPECT_NE(a1[0], b1[0]);
  // interval:LO:HI — every value in [LO, HI] in increasing order, both zeros
  // when it spans 0 (bit patterns counted by hand: -2 ulps of -0 .. +3).
  auto iv = parse_input_set("interval:0x80000002:0x00000003", bx::Fn::sinf);
  ASSERT_EQ(iv.count, 7u);
  std::vector<word> ia(7);
  iv.generate(0, 7, ia.data(), nullptr);
  EXPECT_EQ(ia, (std::vector<word>{0x80000002, 0x80000001, 0x80000000, 0, 1, 2, 3}));
  auto pi = parse_input_set("interval:0xc0490fdb:0x40490fdb", bx::Fn::sinf);  // [-pi, pi] in binary32
  EXPECT_EQ(pi.count, 2 * (0x40490fdbull + 1));
  auto dv = parse_input_set("interval:0x3ff0000000000000:0x3ff0000000000002", bx::Fn::ceil);
  std::vector<word> da(3);
  dv.generate(1, 3, da.data(), nullptr);
  EXPECT_EQ(da[0], 0x3ff0000000000001ull);
  EXPECT_EQ(da[1], 0x3ff0000000000002ull);
  EXPECT_THROW(parse_input_set("interval:0x40000000:0x3f800000", bx::Fn::sinf), bx::input_error);  // LO > HI
  EXPECT_THROW(parse_input_set("interval:0x7fc00000:0x7fc00000", bx::Fn::sinf), bx::input_error);  // NaN
  EXPECT_THROW(parse_input_set("interval:0x0", bx::Fn::sinf), bx::input_error);
  EXPECT_THROW(parse_input_set("interval:0x0:0x1", bx::Fn::fmodf), bx::input_error);
  // splitmix64 reference: Vigna's generator seeded with 0 yields 0xe220a8397b1dcdaf first.
  EXPECT_EQ(bx::sweep::splitmix64(0, 0), 0xe220a8397b1dcdafull);
}

TEST(SweepEngine, PairIndexFollowsThePairStatsOrder) {
  bx::sweep::State s;
  s.impls = {"a", "b", "c", "d"};
  std::size_t k = 0;  // the order the engine and the report walk: (0,1) (0,2) (0,3) (1,2) ..
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = i + 1; j < 4; ++j, ++k) {
      EXPECT_EQ(s.pair_index(i, j), k) << i << "," << j;
      EXPECT_EQ(s.pair_index(j, i), k) << j << "," << i;
    }
  EXPECT_EQ(k, 6u);
}

TEST(SweepEngine, UnknownImplementations) {
  EXPECT_THROW(bx::sweep::resolve_impls("nosuch", bx::Fn::sinf), bx::input_error);
  EXPECT_THROW(bx::sweep::resolve_impls("host,,mpfr", bx::Fn::sinf), bx::input_error);
  EXPECT_THROW(bx::sweep::resolve_impls("t-nan", bx::Fn::cosf), bx::input_error);
  EXPECT_THROW(bx::sweep::resolve_impls("host,host", bx::Fn::sinf), bx::input_error);
  auto v = bx::sweep::resolve_impls("mpfr,host", bx::Fn::sinf);
  ASSERT_EQ(v.size(), 1u);  // mpfr is the truth, never a compared implementation
  EXPECT_EQ(v[0]->name, "host");
}

TEST(SweepEngine, UlpErrorRules) {
  using bx::sweep::ulp_error;
  // ceil is exact: the error of a result one ulp off is exactly 1.
  EXPECT_EQ(ulp_error(bx::Fn::ceilf, 0x3fc00000, 0, 0x40000001), 1.0);  // ceil(1.5)=2
  EXPECT_EQ(ulp_error(bx::Fn::ceilf, 0x3fc00000, 0, 0x40000000), 0.0);
  EXPECT_TRUE(std::isinf(ulp_error(bx::Fn::ceilf, 0x3fc00000, 0, 0x7f800000)));
  EXPECT_TRUE(std::isnan(ulp_error(bx::Fn::ceilf, 0x3fc00000, 0, 0x7fc00000)));
  EXPECT_EQ(ulp_error(bx::Fn::ceilf, 0x7fc00000, 0, 0x7fc00001), 0.0);  // NaN vs NaN
  // The ulp is that of the exact value's binade: ceil(2 - 2^-23) = 2, so the
  // result 2 - 2^-23 is 2^-23 / 2^-22 = 0.5 ulp away.
  EXPECT_EQ(ulp_error(bx::Fn::ceilf, 0x3fffffff, 0, 0x3fffffff), 0.5);
  // fmod(5.5, 2) = 1.5 exactly; 1.5 + 2^-22 is 2 ulps away.
  EXPECT_EQ(ulp_error(bx::Fn::fmodf, 0x40b00000, 0x40000000, 0x3fc00002), 2.0);
  // sin(pi_f) ~ -8.742278e-8: the correctly rounded result (MPFR, bitexact::truth)
  // is at most 0.5 ulp away and its neighbour (away from zero) between 0.5 and 1.5.
  const std::uint32_t cr = truth_bits(0x40490fdb);
  EXPECT_EQ(cr, 0xb3bbbd2eu);
  double e0 = ulp_error(bx::Fn::sinf, 0x40490fdb, 0, cr);
  double up = ulp_error(bx::Fn::sinf, 0x40490fdb, 0, cr + 1);
  double down = ulp_error(bx::Fn::sinf, 0x40490fdb, 0, cr - 1);
  EXPECT_LT(e0, 0.5);
  EXPECT_GT(up, 0.5);
  EXPECT_GT(down, 0.5);
  // the exact value lies between cr and one neighbour: errors 1 - e0 and 1 + e0
  EXPECT_NEAR(std::min(up, down), 1 - e0, 1e-12);
  EXPECT_NEAR(std::max(up, down), 1 + e0, 1e-12);
}

// ---- the one input-set vocabulary: standard sets and digests --------------------

TEST(InputSets, UniformAndRandomAreOneSetAndStructuredIsTheSharedGenerator) {
  using bx::sweep::parse_input_set;
  auto u = parse_input_set("uniform:64:9", bx::Fn::fmod);
  auto r = parse_input_set("random:64:9", bx::Fn::fmod);
  EXPECT_EQ(u.spec, "uniform:64:9");
  EXPECT_EQ(r.spec, u.spec);
  std::vector<word> ua(64), ub(64), sa(64), sb(64);
  u.generate(0, 64, ua.data(), ub.data());
  auto st = parse_input_set("structured:64:9", bx::Fn::fmod);
  EXPECT_EQ(st.spec, "structured:64:9");
  st.generate(0, 64, sa.data(), sb.data());
  for (std::uint64_t i = 0; i < 64; ++i) {
    // Expected: the generators of bitexact/inputs.hpp, which the device kernels run.
    EXPECT_EQ(ua[i], bx::inputs::uniform64(9, i, 0));
    EXPECT_EQ(ub[i], bx::inputs::uniform64(9, i, 1));
    const auto p = bx::inputs::structured_pair<double>(9, i);
    EXPECT_EQ(sa[i], p.x);
    EXPECT_EQ(sb[i], p.y);
  }
  auto one = parse_input_set("structured:8:3", bx::Fn::ceil);
  std::vector<word> oa(8), ob(8);
  one.generate(0, 8, oa.data(), ob.data());
  for (std::uint64_t i = 0; i < 8; ++i) EXPECT_EQ(oa[i], bx::inputs::structured_single<double>(3, i));
  EXPECT_THROW(parse_input_set("structured:0", bx::Fn::ceil), bx::input_error);
  EXPECT_THROW(bx::sweep::standard_set(bx::Fn::sinf, "binades", 1, 8), bx::input_error);
  EXPECT_THROW(bx::sweep::standard_set(bx::Fn::fmodf, "exhaustive", 0, 8), bx::input_error);
}

TEST(InputSets, StandardSetsFollowTheSeedColumn) {
  // functions.def: fmodf seeds 1/2, fmod 3/4, ceil 5/6; one-operand binary32 exhaustive.
  auto f = bx::sweep::standard_sets(bx::Fn::fmod, 1024);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].spec, "uniform:1024:3");
  EXPECT_EQ(f[1].spec, "structured:1024:4");
  auto e = bx::sweep::standard_sets(bx::Fn::cosf);
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].spec, "exhaustive");
  EXPECT_EQ(bx::sweep::standard_sets(bx::Fn::ceil, 8)[1].spec, "structured:8:6");
}

TEST(EngineDigests, ChunkDigestsAreTheXxh3OfEachChunkAndMergeAcrossShards) {
  // Expected digests: XXH3 (sweep::digest_block) of the outputs evaluated here
  // directly, chunk by chunk, outside the engine.
  auto o = options("t-next,t-nan", "uniform:40000:5", 10000);
  o.no_truth = true;
  o.digests = true;
  const auto whole = run_all(o);
  EXPECT_EQ(whole.truth, "");
  ASSERT_EQ(whole.chunk_digests.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    ASSERT_EQ(whole.chunk_digests[i].size(), 4u);
    for (std::uint64_t c = 0; c < 4; ++c) {
      std::vector<word> a(10000), b(10000), out(10000);
      o.inputs.generate(c * 10000, (c + 1) * 10000, a.data(), b.data());
      const word* args[2] = {a.data(), b.data()};
      o.impls[i]->eval(args, out.data(), out.size());
      EXPECT_EQ(whole.chunk_digests[i].at(c), bx::sweep::digest_block(out.data(), out.size(), 32)) << i << " " << c;
    }
  }
  // Without a truth the pairs are compared input by input: t-next and t-nan differ
  // wherever exactly one of the predicates holds (or both, with different outputs).
  std::uint64_t expect_differ = 0;
  for (std::uint32_t a : inputs_of(o.inputs)) {
    const std::uint32_t t = truth_bits(a);
    expect_differ += p_nan(a) || p_next(a, t);
  }
  EXPECT_EQ(whole.pair_stats[0].differ, expect_differ);
  // Shards give the same digests; the state round-trips through JSON.
  o.shard_n = 2;
  o.shard_k = 1;
  auto s1 = run_all(o);
  o.shard_k = 2;
  auto s2 = run_all(o);
  s1.merge(s2);
  EXPECT_EQ(s1.chunk_digests, whole.chunk_digests);
  EXPECT_EQ(bx::sweep::State::from_json(whole.to_json()), whole);
  // block_digests runs just the blocks asked for.
  const auto d = bx::sweep::block_digests(*o.impls[1], o.inputs, 10000, {3, 1});
  EXPECT_EQ(d, (std::vector<std::uint64_t>{whole.chunk_digests[1].at(3), whole.chunk_digests[1].at(1)}));
}

TEST(EngineDigests, TheTruthIsTheCorrectlyRoundedImplementation) {
  const bx::Impl* t = bx::find_truth(bx::Fn::fmod);
  ASSERT_NE(t, nullptr);
  EXPECT_TRUE(t->correctly_rounded);
  EXPECT_EQ(t->name, "mpfr");
  auto o = options("t-next", "uniform:100:1");
  EXPECT_EQ(bx::sweep::make_state(o).truth, "mpfr");
  // Listing the truth among the compared implementations is a no-op, by its mark.
  EXPECT_EQ(bx::sweep::resolve_impls("t-next,mpfr", bx::Fn::sinf).size(), 1u);
}

// The word path (sweep::account, with which the GPU backends' host side
// accounts the inputs the kernel defers) gives the engine's counters, the
// inputs and pair differences per binade among them (issue 33, item 8); and
// these count the inputs of each binade and the pairs' differences there,
// NaN payloads apart, as evaluating the implementations input by input does.
TEST(SweepEngine, WordAccountingGivesTheEnginesPairBinades) {
  const auto o = bx::test::sweep_options(bx::Fn::cosf, "nv,ocml,nv-ftz", "binades:8");
  const auto whole = run_all(o);
  const std::size_t n = o.inputs.count;
  std::vector<word> a(n), b(n, 0), t(n);
  o.inputs.generate(0, n, a.data(), b.data());
  std::vector<std::vector<word>> outs(o.impls.size(), std::vector<word>(n));
  std::vector<const word*> outp;
  const bx::Impl* truth = bx::find_truth(o.fn);
  ASSERT_NE(truth, nullptr);
  for (std::size_t j = 0; j < n; ++j) t[j] = bx::eval_one(*truth, a[j], 0);
  for (std::size_t i = 0; i < o.impls.size(); ++i) {
    for (std::size_t j = 0; j < n; ++j) outs[i][j] = bx::eval_one(*o.impls[i], a[j], 0);
    outp.push_back(outs[i].data());
  }
  auto part = bx::sweep::fresh_partial(whole);
  bx::sweep::account(o.fn, part, a.data(), b.data(), outp.data(), t.data(), n);
  EXPECT_EQ(part.binade_count, whole.binade_count);
  EXPECT_TRUE(part.pair_stats == whole.pair_stats);
  // Independently: per binade, inputs and differences of nv and ocml (pair 0).
  std::vector<std::uint64_t> inputs(512, 0), differ(512, 0);
  for (std::size_t j = 0; j < n; ++j) {
    ++inputs[a[j] >> 23];
    const word x = outs[0][j], y = outs[1][j];
    const bool both_nan = (x & 0x7fffffffu) > 0x7f800000u && (y & 0x7fffffffu) > 0x7f800000u;
    if (x != y && !both_nan) ++differ[a[j] >> 23];
  }
  EXPECT_EQ(whole.binade_count, inputs);
  EXPECT_EQ(whole.pair_stats[0].binade_differ, differ);
  std::uint64_t total = 0;
  for (auto d : differ) total += d;
  EXPECT_GT(total, 0u);
}

// tests/scalar_forms.hpp (what the aarch64 check and fuzz_eval_paths walk)
// lists its implementations by hand beside their registrations in
// src/impls/: for every implementation name it lists, the functions are
// exactly the registered ones (a row registered but not listed would go
// unchecked on aarch64; one listed but not registered would check nothing).
TEST(ScalarForms, AreTheRegisteredFunctionsOfTheirImplementations) {
  std::set<std::string> names, forms, registered;
  bitexact::testing::for_each_scalar_form([&]<bx::Fn F, auto P>(const char* impl) {
    names.insert(impl);
    forms.insert(std::string(impl) + "." + std::string(bx::fn_info(F).name));
  });
  for (const bx::Impl* p : bx::all_impls())
    if (names.count(p->name)) registered.insert(p->name + "." + std::string(bx::fn_info(p->fn).name));
  EXPECT_GE(names.size(), 19u);  // nv, nv-ftz, triton, 12 ocml, ptx, ptx-ftz, nv-fast, nv-intrinsics
  std::vector<std::string> unlisted, unregistered;
  std::set_difference(registered.begin(), registered.end(), forms.begin(), forms.end(), std::back_inserter(unlisted));
  std::set_difference(forms.begin(), forms.end(), registered.begin(), registered.end(),
                      std::back_inserter(unregistered));
  EXPECT_EQ(unlisted, std::vector<std::string>{}) << "registered, not in tests/scalar_forms.hpp";
  EXPECT_EQ(unregistered, std::vector<std::string>{}) << "in tests/scalar_forms.hpp, not registered";
}
