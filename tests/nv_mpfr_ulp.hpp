// Shared by tests/nv_{tanhf,erff,erfcf}_test.cpp: the error of a binary32
// result against MPFR, in units in the last place of the exact value, and the
// sampled inputs those tests use. Test-only.
#pragma once

#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "bitexact/bits.hpp"

namespace nv_mpfr_ulp {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

inline float F(u32 b) { return bitexact::bit_cast<float>(b); }
inline u32 B(float x) { return bitexact::bit_cast<u32>(x); }
inline bool isnan32(u32 b) { return (b & 0x7fffffffu) > 0x7f800000u; }
inline bool subnormal32(u32 b) { return (b & 0x7f800000u) == 0 && (b & 0x7fffffffu) != 0; }

enum class fn { tanh, erf, erfc };

// The exact f(x) to 160 bits (far more than any binary32 error needs).
class exact {
 public:
  exact() { mpfr_inits2(160, x_, y_, d_, (mpfr_ptr)0); }
  ~exact() { mpfr_clears(x_, y_, d_, (mpfr_ptr)0); }
  exact(const exact&) = delete;
  exact& operator=(const exact&) = delete;

  // Computes f(x) once; err() and tiny() then refer to it.
  void set(fn f, float x) {
    mpfr_set_flt(x_, x, MPFR_RNDN);
    switch (f) {
      case fn::tanh: mpfr_tanh(y_, x_, MPFR_RNDN); break;
      case fn::erf: mpfr_erf(y_, x_, MPFR_RNDN); break;
      case fn::erfc: mpfr_erfc(y_, x_, MPFR_RNDN); break;
    }
  }
  // |r - f(x)| / ulp(f(x)), ulp of binary32 at f(x): 2^(max(e, -126) - 23)
  // for 2^e <= |f(x)| < 2^(e+1) (subnormal spacing 2^-149 below 2^-126).
  // For f(x) = 0 (x = 0: tanh, erf) the error is 0 if r is 0, else huge.
  double err(float r) {
    if (mpfr_zero_p(y_)) return r == 0.0f ? 0.0 : 1e30;
    mpfr_set_flt(d_, r, MPFR_RNDN);
    mpfr_sub(d_, d_, y_, MPFR_RNDN);
    long e = mpfr_get_exp(y_) - 1;  // 2^e <= |y| < 2^(e+1)
    if (e < -126) e = -126;
    mpfr_mul_2si(d_, d_, -(e - 23), MPFR_RNDN);
    return std::fabs(mpfr_get_d(d_, MPFR_RNDN));
  }
  // |f(x)| < 2^-126: a result an FTZ build may flush.
  bool tiny() { return mpfr_zero_p(y_) || mpfr_get_exp(y_) - 1 < -126; }

 private:
  mpfr_t x_, y_, d_;
};

inline u64 splitmix(u64& s) {
  u64 z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// n finite inputs: half uniform over all finite bit patterns (every binade,
// subnormals included), half with |x| in [lo, hi) (the binades where the
// function is not trivially x, 0 or +-1), both signs.
inline std::vector<u32> sample_inputs(std::size_t n, float lo, float hi, u64 seed) {
  std::vector<u32> v;
  v.reserve(n);
  const u32 blo = B(lo), bhi = B(hi);
  while (v.size() < n) {
    const u64 w = splitmix(seed);
    u32 b;
    if (v.size() % 2 == 0) {
      b = u32(w);
      if ((b & 0x7f800000u) == 0x7f800000u) continue;
    } else {
      b = (blo + u32((w >> 1) % (bhi - blo))) | ((u32(w) & 1u) << 31);
    }
    v.push_back(b);
  }
  return v;
}

}  // namespace nv_mpfr_ulp
