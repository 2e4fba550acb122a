// The fast truth of the rows of issue 34 (expf ... cospif: every binary32 row
// after the first six of functions.def) against MPFR on every input
// where the fast path decides: all 2^32 inputs of each one-operand row, the
// standard 2^30-pair sets (uniform SEED, structured SEED + 1) of each
// two-operand row; round to nearest, the rounding of every sweep.
//
// Why MPFR on every input: the fast layer (bitexact/truth/target_fast.hpp)
// decides from a binary64 value y of the host's libm and the assumption that
// |y - exact| <= 2^-49 |exact| (glibc's documented maximum errors, and binary64
// formulas for hypot, sinpi, cospi, normcdf, erfinv through erf); a libm
// worse than documented on some input would give a wrong truth bit there.
// Here every decided result is compared with truth::mpfr_only::NAME (MPFR at
// the precision of docs/truth.md), which the unit test truth_ml_targets_test
// checks against MPFR's own functions and exact values. Inputs where the fast
// layer gives up go to MPFR in the sweeps themselves, so they need no check;
// they are counted.
//
// erfinvf and normcdff, about 40 % of the check's time, are checked more
// cheaply: MPFR proves the fast result directly (erfinv_proven,
// normcdf_proven below) where truth::mpfr_only computes the value (erfinv by
// Newton's iteration on erf at 96 bits: 2 erf evaluations at 64 bits instead
// of about 14 at 96-128; normcdf: one erfc instead of two). Where a proof
// does not go through, the input is compared with truth::mpfr_only as the
// others are; every 4096th proven input is compared as well, and the proof
// must refuse both neighbouring floats there (so it cannot pass vacuously).
//
// Cost: one MPFR evaluation per input, ~0.3-3 us: hours on a few cores, a
// few minutes per function on a machine with a hundred. Environment:
//   BITEXACT_TRUTH_FULL_STRIDE=k  every k-th input only (default 1: all);
//   BITEXACT_TRUTH_FULL_OFFSET=j  starting at input j (0 <= j < k; default 0):
//                                 the k runs j = 0 .. k-1 are one full run in
//                                 shards (tools/scripts/truth_rows_full.py
//                                 keeps the ledger of the shards run);
//   BITEXACT_TRUTH_FULL_PAIRS=n   the first n pairs of each pair set (default 2^30).
// One gtest case per row and input set (ctest -R selects).
#include <gtest/gtest.h>
#include <mpfr.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/io/hexio.hpp"
#include "bitexact/sweep/engine.hpp"
#include "bitexact/truth/fast_layer.hpp"
#include "bitexact/truth/truth.hpp"

namespace truth = bitexact::truth;
using bitexact::bit_cast;

namespace {

struct row_case {
  const char* name;
  int arity;
  // Uniform signatures (a one-operand row ignores y): the fast layer's
  // truth::fast::row<F>::value, and MPFR alone.
  bool (*fast)(float, float, truth::rounding, float&);
  float (*mpfr)(float, float, truth::rounding);
  const char* set;  // "exhaustive", "uniform", "structured"
};

// The rows whose truth this checks: the binary32 rows after the six the
// project started from (sinf cosf fmodf fmod ceilf ceil, whose truths are
// checked by truth_sinf_test and truth_exact_test): expf ... cospif, ocml
// reproduction or not (expm1f, sinpif and cospif have one).
template <bitexact::Fn F, class M>
void add_row(std::vector<row_case>& v, const char* name, M mpfr) {
  if constexpr (std::is_same_v<typename bitexact::fn_traits<F>::type, float>) {
    using bitexact::Fn;
    if (F == Fn::sinf || F == Fn::cosf || F == Fn::fmodf || F == Fn::ceilf) return;
    constexpr auto fast = &truth::fast::row<F>::value;
    if constexpr (bitexact::fn_traits<F>::arity == 1) {
      v.push_back({name, 1, fast, +mpfr, "exhaustive"});
    } else {
      v.push_back({name, 2, fast, +mpfr, "uniform"});
      v.push_back({name, 2, fast, +mpfr, "structured"});
    }
  }
}

std::vector<row_case> rows() {
  std::vector<row_case> v;
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                               \
  add_row<bitexact::Fn::name>(v, #name, [](type x, type y, truth::rounding r) {             \
    (void)y;                                                                                \
    return truth::mpfr_only::name(BITEXACT_ARGS_##arity, r);                                \
  });
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
  return v;
}
const std::vector<row_case> all_rows = rows();

std::uint64_t env_u64(const char* name, std::uint64_t dflt) {
  const char* e = std::getenv(name);
  return e && std::atoll(e) > 0 ? std::uint64_t(std::atoll(e)) : dflt;
}

// (lo, hi): the reals that round to the finite float f in round to nearest,
// ends excluded, the midpoints between f and its neighbours (exact in
// binary64; -2^-150 and 2^-150 around zero).
void nearest_interval(float f, double& lo, double& hi) {
  lo = (double(f) + double(std::nextafter(f, -INFINITY))) / 2;
  hi = (double(f) + double(std::nextafter(f, INFINITY))) / 2;
}

// erfinvf, round to nearest: true when MPFR proves that erfinv(x) rounds to f.
// erfinv is odd and increasing on (-1, 1), so it rounds to f (same sign as x,
// nonzero) exactly when erf(lo) < |x| < erf(hi) for the midpoints lo, hi
// between |f| and its neighbours (exact in binary64). erf is evaluated at 64
// bits rounded towards the side that makes each comparison harder (upward at
// lo, downward at hi), so a comparison that holds is proven; a tie or a
// margin below 2^-64 just fails the proof. 64 bits are plenty: the margins
// are erf'(|f|) times half an ulp of f, at least ~2^-44 for every |f| < 4.
bool erfinv_proven(float x, float f) {
  if (!(std::fabs(x) < 1) || x == 0 || !(f != 0) || std::signbit(x) != std::signbit(f) || std::isinf(f)) return false;
  double lo, hi;
  nearest_interval(std::fabs(f), lo, hi);
  const double ax = std::fabs(double(x));
  mpfr_t m, e;
  mpfr_inits2(64, m, e, (mpfr_ptr)0);
  mpfr_set_d(m, lo, MPFR_RNDN);  // exact: 53 bits
  mpfr_erf(e, m, MPFR_RNDU);
  bool ok = mpfr_cmp_d(e, ax) < 0;
  if (ok) {
    mpfr_set_d(m, hi, MPFR_RNDN);
    mpfr_erf(e, m, MPFR_RNDD);
    ok = mpfr_cmp_d(e, ax) > 0;
  }
  mpfr_clears(m, e, (mpfr_ptr)0);
  return ok;
}

// normcdff, round to nearest: true when MPFR proves that Phi(x) rounds to f.
// Phi(x) = Q for x < 0 and 1 - Q for x > 0, Q = erfc(t)/2, t = |x|/sqrt(2) in
// [t1, t2] (sqrt 2 rounded both ways). Phi rounds to f when it lies strictly
// between the midpoints lo, hi around f. Q is bounded with one erfc
// evaluation (truth::mpfr_only::normcdff takes two, at t1 and t2, and erfc
// costs 20-200 us for t in [3, 13]): erfc is decreasing, so Q <= erfc(t1)/2,
// and Q >= (erfc(t1) - (t2 - t1) (2/sqrt pi) e^(-t1^2))/2 (the mean value
// theorem, |erfc'| = (2/sqrt pi) e^(-t^2) at most that on [t1, t2]); erfc(t1)
// is taken upward at 64 bits, e, and bounded below by e minus one ulp of e.
// Before that, where an upper bound of Q alone decides (results 1 and 0: x > 0
// with f = 1, x < 0 with f = 0), the classical bound erfc(t) < e^(-t^2)/(t
// sqrt pi) for t > 0 (e^(-s^2) < (s/t) e^(-s^2) for s > t, integrated) proves it
// without erfc. Every bound is rounded outward; a comparison that does not hold
// just fails the proof.
bool normcdf_proven(float xf, float f) {
  const double x = xf;
  // Phi > 0: f = -0 is wrong even where Phi rounds to zero (its interval would contain Phi).
  if (!std::isfinite(x) || x == 0 || std::fabs(x) >= 40 || !std::isfinite(f) || std::signbit(f) || f > 1) return false;
  double lo, hi;
  nearest_interval(f, lo, hi);
  mpfr_t t1, t2, a, b, q_up, q_lo, c_lo, c_hi, sqrt_pi;
  mpfr_inits2(64, t1, t2, a, b, q_up, q_lo, sqrt_pi, (mpfr_ptr)0);
  mpfr_inits2(128, c_lo, c_hi, (mpfr_ptr)0);
  mpfr_const_pi(sqrt_pi, MPFR_RNDD);
  mpfr_sqrt(sqrt_pi, sqrt_pi, MPFR_RNDD);  // downward: every use divides by it or bounds a divisor below
  mpfr_sqrt_ui(a, 2, MPFR_RNDU);
  mpfr_d_div(t1, std::fabs(x), a, MPFR_RNDD);  // t1 <= t
  mpfr_sqrt_ui(a, 2, MPFR_RNDD);
  mpfr_d_div(t2, std::fabs(x), a, MPFR_RNDU);  // t2 >= t
  // Phi in (lo, hi) as bounds of Q: x < 0: lo < Q < hi; x > 0: 1 - hi < Q < 1 - lo.
  if (x < 0) {
    mpfr_set_d(c_lo, lo, MPFR_RNDN);  // exact
    mpfr_set_d(c_hi, hi, MPFR_RNDN);
  } else {
    mpfr_set_d(c_lo, hi, MPFR_RNDN);
    mpfr_ui_sub(c_lo, 1, c_lo, MPFR_RNDN);  // 1 - hi, exact at 128 bits
    mpfr_set_d(c_hi, lo, MPFR_RNDN);
    mpfr_ui_sub(c_hi, 1, c_hi, MPFR_RNDN);  // 1 - lo, exact
  }
  // e^(-t1^2), upward: a.
  mpfr_sqr(a, t1, MPFR_RNDD);
  mpfr_neg(a, a, MPFR_RNDN);
  mpfr_exp(a, a, MPFR_RNDU);
  bool ok = false;
  if (mpfr_sgn(c_lo) < 0 && mpfr_cmp_ui(t1, 1) >= 0) {  // Q > 0 > c_lo holds: the upper bound alone
    mpfr_mul(b, sqrt_pi, t1, MPFR_RNDD);
    mpfr_mul_2ui(b, b, 1, MPFR_RNDD);  // 2 t1 sqrt(pi), downward
    mpfr_div(q_up, a, b, MPFR_RNDU);   // > erfc(t1)/2 >= Q
    ok = mpfr_cmp(q_up, c_hi) < 0;
  }
  if (!ok) {
    mpfr_erfc(q_up, t1, MPFR_RNDU);  // e >= erfc(t1) >= erfc(t)
    // e - ulp(e) < erfc(t1); minus (t2 - t1) (2/sqrt pi) e^(-t1^2), all downward.
    mpfr_set_ui_2exp(q_lo, 1, mpfr_get_exp(q_up) - 64, MPFR_RNDN);
    mpfr_sub(q_lo, q_up, q_lo, MPFR_RNDD);
    mpfr_sub(b, t2, t1, MPFR_RNDU);
    mpfr_mul(b, b, a, MPFR_RNDU);
    mpfr_div(b, b, sqrt_pi, MPFR_RNDU);
    mpfr_mul_2ui(b, b, 1, MPFR_RNDU);
    mpfr_sub(q_lo, q_lo, b, MPFR_RNDD);
    mpfr_div_2ui(q_up, q_up, 1, MPFR_RNDU);
    mpfr_div_2ui(q_lo, q_lo, 1, MPFR_RNDD);
    ok = mpfr_cmp(q_lo, c_lo) > 0 && mpfr_cmp(q_up, c_hi) < 0;
  }
  mpfr_clears(t1, t2, a, b, q_up, q_lo, c_lo, c_hi, sqrt_pi, (mpfr_ptr)0);
  return ok;
}

bool same(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) || bit_cast<std::uint32_t>(a) == bit_cast<std::uint32_t>(b);
}

struct Tally {
  std::uint64_t checked = 0, decided = 0, mismatches = 0;
  std::uint64_t proven = 0, proof_errors = 0;  // erfinvf, normcdff: inputs proven directly; self-check failures
  std::uint64_t first_x = 0, first_y = 0;
  float first_fast = 0, first_mpfr = 0;
  void merge(const Tally& o) {
    if (mismatches == 0 && o.mismatches) {
      first_x = o.first_x, first_y = o.first_y, first_fast = o.first_fast, first_mpfr = o.first_mpfr;
    }
    checked += o.checked, decided += o.decided, mismatches += o.mismatches;
    proven += o.proven, proof_errors += o.proof_errors;
  }
};

class TruthRowsFull : public ::testing::TestWithParam<row_case> {};

TEST_P(TruthRowsFull, FastEqualsMpfrWhereItDecides) {
  const row_case& c = GetParam();
  const std::uint64_t stride = env_u64("BITEXACT_TRUTH_FULL_STRIDE", 1);
  const char* off_env = std::getenv("BITEXACT_TRUTH_FULL_OFFSET");
  const std::uint64_t offset = off_env ? std::strtoull(off_env, nullptr, 10) : 0;
  ASSERT_LT(offset, stride) << "BITEXACT_TRUTH_FULL_OFFSET must be below BITEXACT_TRUTH_FULL_STRIDE";
  const auto fn = bitexact::parse_fn(c.name);
  ASSERT_TRUE(fn.has_value()) << c.name;
  std::uint64_t n = std::uint64_t(1) << 32;
  bitexact::sweep::InputSet set;
  if (c.arity == 2) {
    n = env_u64("BITEXACT_TRUTH_FULL_PAIRS", std::uint64_t(1) << 30);
    // The standard set of the committed digests (functions.def's SEED column).
    for (const auto& s : bitexact::sweep::standard_sets(*fn, std::uint64_t(1) << 30))
      if (s.kind_name() == c.set) set = s;
    ASSERT_EQ(set.kind_name(), c.set);
  }
  const std::string name = c.name;
  bool (*const proof)(float, float) = name == "erfinvf" ? erfinv_proven : name == "normcdff" ? normcdf_proven : nullptr;
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t steps = n > offset ? (n - offset + stride - 1) / stride : 0;
  const Tally t = tbb::parallel_reduce(
      tbb::blocked_range<std::uint64_t>(0, steps, 1 << 12), Tally{},
      [&](const tbb::blocked_range<std::uint64_t>& r, Tally acc) {
        std::vector<bitexact::word> a, b;
        if (c.arity == 2) {
          // Operands of the set's inputs k * stride for k in r, generated one
          // at a time (a pair set is a pure function of its index).
          a.resize(1), b.resize(1);
        }
        for (std::uint64_t k = r.begin(); k != r.end(); ++k) {
          const std::uint64_t i = k * stride + offset;
          float fast = 0, exact = 0, x = 0, y = 0;
          bool decided = false;
          if (c.arity == 1) {
            x = bit_cast<float>(std::uint32_t(i));
            decided = c.fast(x, 0.0f, truth::rounding::nearest, fast);
            if (decided && proof && proof(x, fast)) {
              exact = fast, ++acc.proven;
              if (k % 4096 == 0 &&  // the proof's self-check: MPFR agrees, the neighbours are refused
                  (!same(c.mpfr(x, 0.0f, truth::rounding::nearest), fast) || proof(x, std::nextafter(fast, INFINITY)) ||
                   proof(x, std::nextafter(fast, -INFINITY))))
                ++acc.proof_errors;
            } else if (decided) {
              exact = c.mpfr(x, 0.0f, truth::rounding::nearest);
            }
          } else {
            set.generate(i, i + 1, a.data(), b.data());
            x = bit_cast<float>(std::uint32_t(a[0])), y = bit_cast<float>(std::uint32_t(b[0]));
            decided = c.fast(x, y, truth::rounding::nearest, fast);
            if (decided) exact = c.mpfr(x, y, truth::rounding::nearest);
          }
          ++acc.checked;
          if (!decided) continue;
          ++acc.decided;
          if (!same(fast, exact) && acc.mismatches++ == 0) {
            acc.first_x = bit_cast<std::uint32_t>(x), acc.first_y = bit_cast<std::uint32_t>(y);
            acc.first_fast = fast, acc.first_mpfr = exact;
          }
        }
        return acc;
      },
      [](Tally l, const Tally& r) {
        l.merge(r);
        return l;
      });
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("[truth] %s %s: %llu inputs (stride %llu, offset %llu, of %llu), fast path decided %llu, "
              "MPFR fallbacks %llu, mismatches %llu, %.1f s\n",
              c.name, c.set, (unsigned long long)t.checked, (unsigned long long)stride,
              (unsigned long long)offset, (unsigned long long)n,
              (unsigned long long)t.decided, (unsigned long long)(t.checked - t.decided),
              (unsigned long long)t.mismatches, secs);
  std::fflush(stdout);
  EXPECT_EQ(t.mismatches, 0u) << c.name << " x=" << bitexact::format_hex(t.first_x, 32)
                              << (c.arity == 2 ? " y=" + bitexact::format_hex(t.first_y, 32) : std::string())
                              << ": fast " << t.first_fast << ", MPFR " << t.first_mpfr;
  EXPECT_EQ(t.checked, steps);
  EXPECT_EQ(t.proof_errors, 0u) << c.name << ": the direct proof disagrees with truth::mpfr_only";
  if (proof)
    std::printf("[truth] %s: %llu of the decided inputs proven directly (MPFR's erf/erfc), the rest compared\n", c.name,
                (unsigned long long)t.proven);
}

INSTANTIATE_TEST_SUITE_P(Rows, TruthRowsFull, ::testing::ValuesIn(all_rows),
                         [](const ::testing::TestParamInfo<row_case>& i) {
                           return std::string(i.param.name) + "_" + i.param.set;
                         });

}  // namespace
