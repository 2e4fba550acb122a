// bitexact/nv/log2f.hpp — bit-exact reproduction of libdevice __nv_log2f, for
// every build of nv/build.hpp (nv::log2f, log2f_ftz, log2f_triton, log2f<B>).
// CUDA 13.0's __internal_accurate_log2f (the same IR in Triton 3.6's file):
// x = 2^e * m with m in [sqrt(1/2), sqrt(2)) (nv/log_reduction.hpp), f = m - 1,
// log2(m) = f * log2(e) + f^2 * p(f), p of degree 9 by fma, and the exponent
// added last by a plain fadd; no table, no SFU instruction (unlike __log2f,
// which is lg2.approx).
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/log_reduction.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace log2f_constants {
// The split point: 0x3f3504f3 (IR `sub i32 %5, 1060439283`), sqrt(1/2).
inline constexpr std::uint32_t mid = 0x3f3504f3u;
// p(f), highest degree first. IR literals: 0x3FB8D64FE0000000
// 0xBFC58FE600000000 0x3FC5F9E540000000 0xBFC6E9C860000000 0x3FCA417E80000000
// 0xBFCEC79160000000 0x3FD277F320000000 0xBFD7154920000000 0x3FDEC70940000000
// 0xBFE7154760000000.
inline constexpr std::uint32_t c9 = 0x3dc6b27fu;  //  0x1.8d64fep-4
inline constexpr std::uint32_t c8 = 0xbe2c7f30u;  // -0x1.58fe60p-3
inline constexpr std::uint32_t c7 = 0x3e2fcf2au;  //  0x1.5f9e54p-3
inline constexpr std::uint32_t c6 = 0xbe374e43u;  // -0x1.6e9c86p-3
inline constexpr std::uint32_t c5 = 0x3e520bf4u;  //  0x1.a417e8p-3
inline constexpr std::uint32_t c4 = 0xbe763c8bu;  // -0x1.ec7916p-3
inline constexpr std::uint32_t c3 = 0x3e93bf99u;  //  0x1.277f32p-2
inline constexpr std::uint32_t c2 = 0xbeb8aa49u;  // -0x1.715492p-2
inline constexpr std::uint32_t c1 = 0x3ef6384au;  //  0x1.ec7094p-2
inline constexpr std::uint32_t c0 = 0xbf38aa3bu;  // -0x1.715476p-1
// log2(e) rounded to binary32, 0x1.715476p+0 (IR 0x3FF7154760000000).
inline constexpr std::uint32_t log2e = 0x3fb8aa3bu;
}  // namespace log2f_constants

template <build B, class F = float>
BITEXACT_INLINE F log2f(F x) {
  using namespace log2f_constants;
  constexpr mode R = B.reflect, O = B.ops;
  const detail::log_split<F> s = detail::log_reduce<B>(x, mid);
  const F f = s.f;
  F p = ptx::fma_rn_f32<R>(bit_cast<float>(c9), f, bit_cast<float>(c8));
  for (std::uint32_t c : {c7, c6, c5, c4, c3, c2, c1, c0}) p = ptx::fma_rn_f32<R>(p, f, bit_cast<float>(c));
  const F q = ptx::mul_rn_f32<O>(ptx::mul_rn_f32<O>(p, f), f);  // two plain fmuls: f^2 p(f)
  const F lm = ptx::fma_rn_f32<R>(f, bit_cast<float>(log2e), q);
  const F r = ptx::add_rn_f32<O>(lm, s.e);  // a plain fadd
  return detail::log_tail<B>(s.a, r);
}

BITEXACT_NV_BUILD_FORMS_1(log2f)

}  // namespace bitexact::nv
