// truth::sinf_batch / cosf_batch (src/truth/sincosf_batch.cpp) against the
// scalar fast layer they must equal bit for bit (bitexact/truth/
// sincosf_fast.hpp: sinf_approx / cosf_approx, and truth::sinf / cosf, which
// tests/truth_sincosf_test.cpp and the heavy exhaustive test check against
// MPFR and glibc), and a sample against MPFR directly. Every dispatch path:
// the SIMD layer's AVX-512 and AVX2 kernels where the CPU has them, the
// scalar loop with the dispatch capped. All 2^32 inputs:
// tests/heavy/truth_batch_full_test.cpp (BITEXACT_ISA picks its level).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/truth.hpp"

namespace truth = bitexact::truth;
using bitexact::bit_cast;

namespace {

// Random bit patterns, plus every binade boundary, the path boundaries of
// the fast layer (2^-12, pi/4, the reduction's word boundaries), zeros,
// subnormals, Inf and NaN, both signs.
std::vector<float> inputs() {
  std::vector<std::uint32_t> b;
  std::mt19937_64 rng(18);
  for (int i = 0; i < (1 << 18); ++i) b.push_back(std::uint32_t(rng()));
  for (std::uint32_t e = 0; e < 256; ++e)
    for (std::uint32_t m : {0u, 1u, 0x400000u, 0x7ffffeu, 0x7fffffu}) b.push_back(e << 23 | m);
  for (std::uint32_t c : {truth::detail::sincos_tiny_bits, truth::detail::sincos_small_bits})
    for (std::uint32_t d = 0; d < 64; ++d) b.push_back(c - 32 + d);
  for (std::uint32_t v : {0x7fc00000u, 0x7fa00001u, 0x7f800000u}) b.push_back(v);
  const std::size_t n = b.size();
  for (std::size_t i = 0; i < n; ++i) b.push_back(b[i] | 0x80000000u);
  std::vector<float> x;
  for (auto v : b) x.push_back(bit_cast<float>(v));
  return x;
}

std::uint64_t dbits(double d) { return bit_cast<std::uint64_t>(d); }

template <bool Cos>
void check_against_scalar(bitexact::dispatch::level cap) {
  const auto saved = bitexact::dispatch::cap;
  bitexact::dispatch::cap = cap;
  const auto x = inputs();
  std::vector<float> out(x.size());
  std::vector<double> y(x.size());
  (Cos ? truth::cosf_batch : truth::sinf_batch)(x.data(), out.data(), y.data(), x.size());
  bitexact::dispatch::cap = saved;
  std::size_t bad = 0;
  for (std::size_t i = 0; i < x.size() && bad < 10; ++i) {
    const float want = Cos ? truth::cosf(x[i]) : truth::sinf(x[i]);
    double yw = 0;
    const bool ok = Cos ? truth::detail::cosf_approx(x[i], yw) : truth::detail::sinf_approx(x[i], yw);
    const bool has = ok && (bit_cast<std::uint32_t>(x[i]) & 0x7fffffffu) != 0;
    const bool good = bit_cast<std::uint32_t>(out[i]) == bit_cast<std::uint32_t>(want) &&
                      (has ? dbits(y[i]) == dbits(yw) : std::isnan(y[i]));
    if (!good) {
      ++bad;
      ADD_FAILURE() << std::hex << "x=0x" << bit_cast<std::uint32_t>(x[i]) << " out=0x"
                    << bit_cast<std::uint32_t>(out[i]) << " want 0x" << bit_cast<std::uint32_t>(want)
                    << " y=" << std::hexfloat << y[i] << " want " << (has ? yw : NAN);
    }
  }
}

TEST(TruthBatch, SinfEqualsScalarVectorPath) { check_against_scalar<false>(bitexact::dispatch::level::avx512); }
TEST(TruthBatch, CosfEqualsScalarVectorPath) { check_against_scalar<true>(bitexact::dispatch::level::avx512); }
TEST(TruthBatch, SinfEqualsScalarAvx2Path) { check_against_scalar<false>(bitexact::dispatch::level::avx2_fma); }
TEST(TruthBatch, CosfEqualsScalarAvx2Path) { check_against_scalar<true>(bitexact::dispatch::level::avx2_fma); }
TEST(TruthBatch, SinfEqualsScalarScalarPath) { check_against_scalar<false>(bitexact::dispatch::level::baseline); }
TEST(TruthBatch, CosfEqualsScalarScalarPath) { check_against_scalar<true>(bitexact::dispatch::level::baseline); }

// Independent of the fast layer: MPFR alone, on a spread sample.
TEST(TruthBatch, SampleEqualsMpfr) {
  std::vector<float> x;
  for (std::uint64_t v = 0; v < (1ull << 32); v += 0x10001ull * 17) x.push_back(bit_cast<float>(std::uint32_t(v)));
  std::vector<float> s(x.size()), c(x.size());
  truth::sinf_batch(x.data(), s.data(), nullptr, x.size());
  truth::cosf_batch(x.data(), c.data(), nullptr, x.size());
  int bad = 0;
  for (std::size_t i = 0; i < x.size() && bad < 10; ++i) {
    const float ws = truth::mpfr_only::sinf(x[i]), wc = truth::mpfr_only::cosf(x[i]);
    if (bit_cast<std::uint32_t>(s[i]) != bit_cast<std::uint32_t>(ws) ||
        bit_cast<std::uint32_t>(c[i]) != bit_cast<std::uint32_t>(wc)) {
      ++bad;
      ADD_FAILURE() << std::hex << "x=0x" << bit_cast<std::uint32_t>(x[i]);
    }
  }
  EXPECT_GT(x.size(), 3800u);
}

// Sizes around the eight-lane step, unaligned starts, and out == x.
TEST(TruthBatch, ShapesAndInPlace) {
  const auto all = inputs();
  for (std::size_t n : {0u, 1u, 7u, 8u, 9u, 33u, 1024u, 10000u, 65537u})
    for (std::size_t off : {0u, 1u, 3u}) {
      std::vector<float> x(all.begin() + off, all.begin() + off + n), inplace = x;
      truth::sinf_batch(inplace.data(), inplace.data(), nullptr, n);
      for (std::size_t i = 0; i < n; ++i)
        ASSERT_EQ(bit_cast<std::uint32_t>(inplace[i]), bit_cast<std::uint32_t>(truth::sinf(x[i])))
            << "n=" << n << " off=" << off << " i=" << i;
    }
}

// The ULP error from the batch's approximation equals the one the sweeps
// used before (ulp_error_*_approx), for results around the truth.
TEST(TruthBatch, UlpErrorFromApproxEqualsApproxForm) {
  const auto x = inputs();
  std::vector<float> s(x.size()), c(x.size());
  std::vector<double> ys(x.size()), yc(x.size());
  truth::sinf_batch(x.data(), s.data(), ys.data(), x.size());
  truth::cosf_batch(x.data(), c.data(), yc.data(), x.size());
  int bad = 0;
  for (std::size_t i = 0; i < x.size() && bad < 10; i += 7)
    for (int d : {-3, -1, 1, 2}) {
      if (std::isnan(s[i]) || s[i] == 0) continue;
      const float rs = bit_cast<float>(bit_cast<std::uint32_t>(s[i]) + d);
      const float rc = bit_cast<float>(bit_cast<std::uint32_t>(c[i]) + d);
      const double es = truth::ulp_error_sinf_from_approx(x[i], ys[i], rs);
      const double ec = truth::ulp_error_cosf_from_approx(x[i], yc[i], rc);
      if (dbits(es) != dbits(truth::ulp_error_sinf_approx(x[i], rs)) ||
          dbits(ec) != dbits(truth::ulp_error_cosf_approx(x[i], rc))) {
        ++bad;
        ADD_FAILURE() << std::hex << "x=0x" << bit_cast<std::uint32_t>(x[i]) << " d=" << d;
      }
    }
}

// The batch form on word arrays (what the sweep engine calls) equals the
// scalar ulp_error_*_from_approx at every listed position, on both dispatch
// paths; neighbours 1-3 floats away, a NaN, an infinity, zeros, and
// positions in any order.
TEST(TruthBatch, UlpErrorsBatchEqualsScalarForm) {
  const auto x = inputs();
  const std::size_t n = x.size();
  std::vector<float> s(n), c(n);
  std::vector<double> ys(n), yc(n);
  truth::sinf_batch(x.data(), s.data(), ys.data(), n);
  truth::cosf_batch(x.data(), c.data(), yc.data(), n);
  std::vector<std::uint64_t> xw(n), rs(n), rc(n);
  std::vector<std::uint32_t> idx;
  const int deltas[] = {-3, -1, 1, 2, 0};
  for (std::size_t i = 0; i < n; ++i) {
    xw[i] = bit_cast<std::uint32_t>(x[i]);
    const int d = deltas[i % 5];
    rs[i] = std::uint32_t(bit_cast<std::uint32_t>(s[i]) + d);
    rc[i] = std::uint32_t(bit_cast<std::uint32_t>(c[i]) + d);
    if (i % 97 == 5) rs[i] = rc[i] = 0x7fc00000u;
    if (i % 89 == 7) rs[i] = rc[i] = 0xff800000u;
    if (i % 83 == 9) rs[i] = rc[i] = 0x80000000u;
    if (i % 3 != 1) idx.push_back(std::uint32_t(i));
  }
  std::reverse(idx.begin() + idx.size() / 2, idx.end());  // not only increasing
  const auto saved = bitexact::dispatch::cap;
  for (auto cap :
       {bitexact::dispatch::level::avx512, bitexact::dispatch::level::avx2_fma, bitexact::dispatch::level::baseline}) {
    bitexact::dispatch::cap = cap;
    std::vector<double> es(idx.size()), ec(idx.size());
    truth::ulp_errors_sinf_from_approx(xw.data(), ys.data(), rs.data(), idx.data(), idx.size(), es.data());
    truth::ulp_errors_cosf_from_approx(xw.data(), yc.data(), rc.data(), idx.data(), idx.size(), ec.data());
    int bad = 0;
    for (std::size_t q = 0; q < idx.size() && bad < 10; ++q) {
      const std::uint32_t j = idx[q];
      const double ws = truth::ulp_error_sinf_from_approx(x[j], ys[j], bit_cast<float>(std::uint32_t(rs[j])));
      const double wc = truth::ulp_error_cosf_from_approx(x[j], yc[j], bit_cast<float>(std::uint32_t(rc[j])));
      if (dbits(es[q]) != dbits(ws) || dbits(ec[q]) != dbits(wc)) {
        ++bad;
        ADD_FAILURE() << std::hex << "x=0x" << xw[j] << " level " << int(cap);
      }
    }
  }
  bitexact::dispatch::cap = saved;
}

}  // namespace
