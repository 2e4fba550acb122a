// Fast exact fmod/ceil truth (bitexact/truth/exact.hpp) against MPFR
// (mpfr_fmod / mpfr_ceil) and IEEE 754 facts.
#include <gtest/gtest.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <cstdint>
#include <random>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/truth/exact.hpp"
#include "bitexact/truth/truth.hpp"

namespace truth = bitexact::truth;
using bitexact::bit_cast;
using truth::rounding;

namespace {

constexpr rounding all_modes[] = {rounding::nearest, rounding::toward_zero, rounding::upward, rounding::downward};

// Interesting binary32 encodings: zeros, subnormals, normals at binade edges,
// the largest finite, infinity, NaNs (both signs are added by the callers).
const std::vector<std::uint32_t> special32 = {
    0x00000000, 0x00000001, 0x00000003, 0x007fffff, 0x00800000, 0x00800001, 0x3effffff, 0x3f000000, 0x3f000001,
    0x3f7fffff, 0x3f800000, 0x3f800001, 0x3fc00000, 0x40000000, 0x40400000, 0x4b000000, 0x4b000001, 0x4affffff,
    0x4b7fffff, 0x4b800000, 0x7f7fffff, 0x7f800000, 0x7fc00000, 0x7f800001, 0x7fffffff};
const std::vector<std::uint64_t> special64 = {
    0x0000000000000000, 0x0000000000000001, 0x0000000000000003, 0x000fffffffffffff, 0x0010000000000000,
    0x0010000000000001, 0x3fdfffffffffffff, 0x3fe0000000000000, 0x3fefffffffffffff, 0x3ff0000000000000,
    0x3ff0000000000001, 0x3ff8000000000000, 0x4330000000000000, 0x4330000000000001, 0x432fffffffffffff,
    0x433fffffffffffff, 0x4340000000000000, 0x7fefffffffffffff, 0x7ff0000000000000, 0x7ff8000000000000,
    0x7ff0000000000001, 0x7fffffffffffffff};

template <class T>
using bits_t = typename bitexact::float_traits<T>::storage;

// Random encodings: half uniform bits (every exponent), half with the
// operands' exponents close together (the common fmod case), some subnormal.
template <class T>
std::vector<bits_t<T>> random_bits(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<bits_t<T>> v(n);
  for (std::size_t i = 0; i < n; ++i) {
    auto b = bits_t<T>(rng());
    if (i % 4 == 1) b &= ~(bits_t<T>(0x3f) << (bitexact::float_traits<T>::mantissa_bits + 1));
    if (i % 16 == 2) b &= bitexact::fp_bits<T>::fraction_mask | bitexact::fp_bits<T>::sign_mask;
    v[i] = b;
  }
  return v;
}

template <class T, T (*Fast)(T, T, rounding), T (*Ref)(T, T, rounding)>
void check_fmod(const std::vector<bits_t<T>>& xs, const std::vector<bits_t<T>>& ys, rounding r) {
  std::atomic<std::uint64_t> bad{0};
  std::atomic<std::uint64_t> first_x{0}, first_y{0};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, xs.size(), 4096), [&](auto range) {
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      T x = bit_cast<T>(xs[i]), y = bit_cast<T>(ys[i]);
      if (bit_cast<bits_t<T>>(Fast(x, y, r)) != bit_cast<bits_t<T>>(Ref(x, y, r)) && bad.fetch_add(1) == 0)
        first_x = xs[i], first_y = ys[i];
    }
  });
  EXPECT_EQ(bad.load(), 0u) << std::hex << "first: fmod(0x" << first_x << ", 0x" << first_y << ")";
}

TEST(TruthExact, FmodfEqualsMpfr) {
  auto xs = random_bits<float>(1 << 20, 1), ys = random_bits<float>(1 << 20, 2);
  for (auto a : special32)
    for (auto b : special32)
      for (std::uint32_t s : {0u, 0x80000000u}) {
        xs.push_back(a | s);
        ys.push_back(b | (s ? 0 : 0x80000000u));
        xs.push_back(a | s);
        ys.push_back(b);
      }
  check_fmod<float, &truth::fmodf, &truth::mpfr_only::fmodf>(xs, ys, rounding::nearest);
  std::vector<std::uint32_t> xs2(xs.begin(), xs.begin() + 4096), ys2(ys.begin(), ys.begin() + 4096);
  for (rounding r : all_modes) check_fmod<float, &truth::fmodf, &truth::mpfr_only::fmodf>(xs2, ys2, r);
}

TEST(TruthExact, FmodEqualsMpfr) {
  auto xs = random_bits<double>(1 << 19, 3), ys = random_bits<double>(1 << 19, 4);
  for (auto a : special64)
    for (auto b : special64)
      for (std::uint64_t s : {std::uint64_t(0), std::uint64_t(1) << 63}) {
        xs.push_back(a | s);
        ys.push_back(b);
        xs.push_back(a);
        ys.push_back(b | s);
      }
  check_fmod<double, &truth::fmod, &truth::mpfr_only::fmod>(xs, ys, rounding::nearest);
  std::vector<std::uint64_t> xs2(xs.begin(), xs.begin() + 4096), ys2(ys.begin(), ys.begin() + 4096);
  for (rounding r : all_modes) check_fmod<double, &truth::fmod, &truth::mpfr_only::fmod>(xs2, ys2, r);
}

// binary64's remainder in 64-bit integers only (11 bits a step: the form the
// HIP backend's kernels compile, exact.hpp) against MPFR, on the random and
// special pairs above; the host's truth::fmod takes the 128-bit form.
double fmod_narrow(double x, double y, rounding) { return truth::detail::fmod_exact<double, false>(x, y); }
double fmod_wide(double x, double y, rounding) { return truth::detail::fmod_exact<double, true>(x, y); }
TEST(TruthExact, FmodBothRemainderFormsEqualMpfr) {
  auto xs = random_bits<double>(1 << 18, 5), ys = random_bits<double>(1 << 18, 6);
  for (auto a : special64)
    for (auto b : special64) {
      xs.push_back(a);
      ys.push_back(b);
    }
  // Exponents far apart: the most remainder steps (up to 2097 bits of shift).
  for (std::uint64_t k = 0; k < 4096; ++k) {
    xs.push_back(0x7fe0000000000000ull | (k * 0x9e3779b97f4aull & 0xfffffffffffffull));
    ys.push_back(k % 2 ? 0x0000000000000003ull + k * 0x10001 : 0x0010000000000000ull + k * 0x123456789ull);
  }
  check_fmod<double, &fmod_narrow, &truth::mpfr_only::fmod>(xs, ys, rounding::nearest);
  check_fmod<double, &fmod_wide, &truth::mpfr_only::fmod>(xs, ys, rounding::nearest);
}

TEST(TruthExact, FmodIeeeFacts) {
  // fmod(5.5, 2) = 1.5; fmod(-7, 3) = -1; fmod(-6, 3) = -0; fmod(x, inf) = x;
  // fmod(inf, y), fmod(x, 0) are NaN (default quiet NaN).
  EXPECT_EQ(truth::fmod(5.5, 2.0), 1.5);
  EXPECT_EQ(truth::fmod(-7.0, 3.0), -1.0);
  EXPECT_EQ(bit_cast<std::uint64_t>(truth::fmod(-6.0, 3.0)), 0x8000000000000000ull);
  EXPECT_EQ(truth::fmodf(3.0f, bit_cast<float>(0x7f800000u)), 3.0f);
  EXPECT_EQ(bit_cast<std::uint32_t>(truth::fmodf(bit_cast<float>(0x7f800000u), 2.0f)), 0x7fc00000u);
  EXPECT_EQ(bit_cast<std::uint64_t>(truth::fmod(1.0, -0.0)), 0x7ff8000000000000ull);
  // The largest exponent gap: fmod(max, min subnormal) = 0, fmod(max, 3 * 2^-149) exact.
  EXPECT_EQ(truth::fmod(bit_cast<double>(0x7fefffffffffffffull), bit_cast<double>(1ull)), 0.0);
}

TEST(TruthExact, CeilEqualsMpfr) {
  auto xs = random_bits<float>(1 << 20, 5);
  for (auto a : special32) xs.push_back(a), xs.push_back(a | 0x80000000u);
  for (rounding r : all_modes) {
    std::atomic<std::uint64_t> bad{0};
    tbb::parallel_for(std::size_t(0), xs.size(), [&](std::size_t i) {
      float x = bit_cast<float>(xs[i]);
      if (bit_cast<std::uint32_t>(truth::ceilf(x, r)) != bit_cast<std::uint32_t>(truth::mpfr_only::ceilf(x, r))) ++bad;
    });
    EXPECT_EQ(bad.load(), 0u);
  }
  auto ds = random_bits<double>(1 << 20, 6);
  for (auto a : special64) ds.push_back(a), ds.push_back(a | (std::uint64_t(1) << 63));
  std::atomic<std::uint64_t> bad{0};
  tbb::parallel_for(std::size_t(0), ds.size(), [&](std::size_t i) {
    double x = bit_cast<double>(ds[i]);
    if (bit_cast<std::uint64_t>(truth::ceil(x)) != bit_cast<std::uint64_t>(truth::mpfr_only::ceil(x))) ++bad;
  });
  EXPECT_EQ(bad.load(), 0u);
}

TEST(TruthExact, CeilIeeeFacts) {
  EXPECT_EQ(truth::ceilf(1.5f), 2.0f);
  EXPECT_EQ(bit_cast<std::uint32_t>(truth::ceilf(-0.5f)), 0x80000000u);  // -0
  EXPECT_EQ(truth::ceilf(bit_cast<float>(1u)), 1.0f);                    // min subnormal -> 1
  EXPECT_EQ(truth::ceil(-1.5), -1.0);
  EXPECT_EQ(truth::ceil(0x1.fffffffffffffp+51), 0x1p+52);
  EXPECT_EQ(bit_cast<std::uint64_t>(truth::ceil(bit_cast<double>(0x7ff4000000000000ull))),
            0x7ff8000000000000ull);  // sNaN -> default quiet NaN
}

}  // namespace
