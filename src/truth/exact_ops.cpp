// Fast exact fmod and ceil of bitexact::truth: integer algorithms on the
// encodings (the results are always representable, so the rounding mode does
// not matter). Checked against MPFR in tests/truth_exact_test.cpp.
#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth {
namespace {

// 2^n as a T, for n from the smallest subnormal exponent to the largest.
template <class T>
T pow2(int n) {
  using B = fp_bits<T>;
  using U = typename B::storage;
  const int min_normal = 1 - B::exponent_bias;
  if (n >= min_normal) return B::from_bits(U(n + B::exponent_bias) << B::mantissa_bits).value();
  return B::from_bits(U(1) << (n - (min_normal - B::mantissa_bits))).value();
}

// |v| = m 2^e with an integer m < 2^(p) (p = 24 / 53); v finite, nonzero.
template <class T>
void split(typename fp_bits<T>::storage abits, std::uint64_t& m, int& e) {
  using B = fp_bits<T>;
  const int be = int(abits >> B::mantissa_bits);
  m = std::uint64_t(abits & B::fraction_mask);
  if (be == 0) {
    e = 1 - B::exponent_bias - B::mantissa_bits;
  } else {
    m |= std::uint64_t(1) << B::mantissa_bits;
    e = be - B::exponent_bias - B::mantissa_bits;
  }
}

// IEEE 754 fmod: x - n y with n = trunc(x / y), exact; the sign of x.
template <class T>
T fmod_exact(T x, T y) {
  using B = fp_bits<T>;
  const B bx(x), by(y);
  // NaN results are the default quiet NaN, whatever the operands (truth.hpp).
  if (bx.is_nan() || by.is_nan() || bx.is_inf() || by.is_zero()) return fp_bits<T>::quiet_nan().value();
  if (by.is_inf() || bx.is_zero()) return x;
  const auto ax = bx.abs_bits(), ay = by.abs_bits();
  if (ax < ay) return x;
  std::uint64_t mx, my;
  int ex, ey;
  split<T>(ax, mx, ex);
  split<T>(ay, my, ey);
  // |x| >= |y| implies ex >= ey. r = (mx 2^(ex-ey)) mod my, 64 bits at a time:
  // r < my < 2^53, so r 2^64 fits in 128 bits.
  std::uint64_t r = mx % my;
  for (int d = ex - ey; d > 0;) {
    const int s = d < 64 ? d : 64;
    r = std::uint64_t(((unsigned __int128)r << s) % my);
    d -= s;
  }
  // |fmod| = r 2^ey: exactly representable (r < my), so the product is exact.
  const T mag = r == 0 ? T(0) : T(r) * pow2<T>(ey);
  return copysign(mag, x);
}

template <class T>
T ceil_exact(T x) {
  using B = fp_bits<T>;
  using U = typename B::storage;
  B b(x);
  if (b.is_nan()) return fp_bits<T>::quiet_nan().value();
  if (b.is_inf() || b.is_zero()) return x;
  const int E = b.biased_exponent() - B::exponent_bias;
  if (E >= B::mantissa_bits) return x;                    // already an integer
  if (E < 0) return b.sign() ? copysign(T(0), x) : T(1);  // 0 < |x| < 1
  const U frac = B::fraction_mask >> E;                   // bits below the units place
  if ((b.bits & frac) == 0) return x;
  if (!b.sign()) b.bits += frac;  // carries into the integer part (and exponent)
  b.bits &= ~frac;
  return b.value();
}

}  // namespace

float fmodf(float x, float y, rounding) { return fmod_exact(x, y); }
double fmod(double x, double y, rounding) { return fmod_exact(x, y); }
float ceilf(float x, rounding) { return ceil_exact(x); }
double ceil(double x, rounding) { return ceil_exact(x); }

}  // namespace bitexact::truth
