// bitexact/nv/detail/log_core.hpp — libdevice's __internal_accurate_logf, the
// whole of __nv_logf and the core of __nv_log10f (which multiplies its result
// by log10(e)). Same IR in CUDA 13.0's libdevice.10.bc and in Triton 3.6's.
//
// Followed instruction by instruction from the IR
// (/work/main/.devrun/cuda13-libdevice.ll, @__nv_log10f up to its last fmul)
// and the PTX nvcc 13.0 (-arch=sm_90 -O3, -ftz=false / -ftz=true) and Triton
// 3.6 (triton-ptx/log10.ptx) make of it:
//   x < 2^-126 (setp.lt, plain):  x *= 2^23 (mul, plain), i = -23; else i = 0
//   e  = (bits(x) - bits(0x1.555556p-1)) & 0xff800000    (the exponent, so
//        that m = x / 2^e lies in [2/3, 4/3))
//   m  = bits(x) - e;  t = fma(float(e), 2^-23, i)       (reflect fma)
//   f  = m - 1 (plain);  p = degree-8 polynomial in f (reflect fmas)
//   q  = fma(p * f (plain mul), f, f);  r = fma(t, ln2, q)
//   bits(x) >= 0x7f800000 (NaN, +inf, any negative):  r = fma(x, +inf, +inf)
//   x == 0 (fcmp oeq, plain):  r = -inf
// "plain" ops follow B.ops, "reflect" ones B.reflect.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/log_reduction.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv::detail {

namespace log_core_constants {
using ptx::u32;
inline constexpr u32 two_thirds = 0x3f2aaaabu; // 0x1.555556p-1: IR i32 1059760811
// log(1 + f) ~ f - f^2/2 + f^3 c2 + ... : coefficients from the highest degree down.
inline constexpr u32 c9 = 0xbe055027u;  // -0x1.0aa04ep-3:  IR 0xBFC0AA04E0000000
inline constexpr u32 c8 = 0x3e1039f6u;  //  0x1.2073ecp-3:  IR 0x3FC2073EC0000000
inline constexpr u32 c7 = 0xbdf8cdccu;  // -0x1.f19b98p-4:  IR 0xBFBF19B980000000
inline constexpr u32 c6 = 0x3e0f2955u;  //  0x1.1e52aap-3:  IR 0x3FC1E52AA0000000
inline constexpr u32 c5 = 0xbe2ad8b9u;  // -0x1.55b172p-3:  IR 0xBFC55B1720000000
inline constexpr u32 c4 = 0x3e4ced0bu;  //  0x1.99da16p-3:  IR 0x3FC99DA160000000
inline constexpr u32 c3 = 0xbe7fff22u;  // -0x1.fffe44p-3:  IR 0xBFCFFFE440000000
inline constexpr u32 c2 = 0x3eaaaa78u;  //  0x1.5554fp-2:   IR 0x3FD5554F00000000
inline constexpr u32 c1 = 0xbf000000u;  // -0.5
inline constexpr u32 ln2 = 0x3f317218u;   // 0x1.62e43p-1: IR 0x3FE62E4300000000
}  // namespace log_core_constants

template <build B, class F = float>
BITEXACT_INLINE F accurate_logf(F a) {
  using namespace ptx;
  using namespace log_core_constants;
  constexpr mode R = B.reflect, P = B.ops;
  // The split, subnormal scaling included (nvcc -ftz=true: the .ftz compare
  // and multiply see 0, so every subnormal ends as log(0) = -inf).
  const log_split<F> s = log_reduce<B>(a, two_thirds);
  const F f = s.f;
  F p = fma_rn_f32<R>(f32_from(c9), f, f32_from(c8));
  for (u32 c : {c7, c6, c5, c4, c3, c2, c1}) p = fma_rn_f32<R>(p, f, f32_from(c));
  const F q = fma_rn_f32<R>(mul_rn_f32<P>(p, f), f, f);
  return log_tail<B>(s.a, fma_rn_f32<R>(s.e, f32_from(ln2), q));
}

}  // namespace bitexact::nv::detail
