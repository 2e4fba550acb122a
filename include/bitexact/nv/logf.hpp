// bitexact/nv/logf.hpp — bit-exact reproduction of libdevice __nv_logf, for
// every build of nv/build.hpp (nv::logf, logf_ftz, logf_triton, logf<B>).
// CUDA 13.0's __internal_accurate_logf (the same IR in Triton 3.6's file):
// x = 2^e * m with m in [2/3, 4/3) (nv/log_reduction.hpp), f = m - 1,
// log(m) = f + f^2 * p(f) with p of degree 8 evaluated by fma, then
// e * ln(2) + that by one fma; no table, no SFU instruction.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/log_reduction.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace logf_constants {
// The split point: 0x3f2aaaab (IR `sub i32 %5, 1059760811`), 2/3 rounded up.
inline constexpr std::uint32_t mid = 0x3f2aaaabu;
// p(f), highest degree first. IR literals (binary64 spellings of binary32
// values): 0xBFC0AA04E0000000 0x3FC2073EC0000000 0xBFBF19B980000000
// 0x3FC1E52AA0000000 0xBFC55B1720000000 0x3FC99DA160000000 0xBFCFFFE440000000
// 0x3FD5554F00000000, then -0.5.
inline constexpr std::uint32_t c8 = 0xbe055027u;  // -0x1.0aa04ep-3
inline constexpr std::uint32_t c7 = 0x3e1039f6u;  //  0x1.2073ecp-3
inline constexpr std::uint32_t c6 = 0xbdf8cdccu;  // -0x1.f19b98p-4
inline constexpr std::uint32_t c5 = 0x3e0f2955u;  //  0x1.1e52aap-3
inline constexpr std::uint32_t c4 = 0xbe2ad8b9u;  // -0x1.55b172p-3
inline constexpr std::uint32_t c3 = 0x3e4ced0bu;  //  0x1.99da16p-3
inline constexpr std::uint32_t c2 = 0xbe7fff22u;  // -0x1.fffe44p-3
inline constexpr std::uint32_t c1 = 0x3eaaaa78u;  //  0x1.5554f0p-2
// ln(2) rounded to binary32, 0x1.62e430p-1 (IR 0x3FE62E4300000000).
inline constexpr std::uint32_t ln2 = 0x3f317218u;
}  // namespace logf_constants

template <build B>
BITEXACT_INLINE float logf(float x) {
  using namespace logf_constants;
  constexpr mode R = B.reflect, O = B.ops;
  const detail::log_split s = detail::log_reduce<B>(x, mid);
  const float f = s.f;
  float p = ptx::fma_rn_f32<R>(bit_cast<float>(c8), f, bit_cast<float>(c7));
  for (std::uint32_t c : {c6, c5, c4, c3, c2, c1}) p = ptx::fma_rn_f32<R>(p, f, bit_cast<float>(c));
  p = ptx::fma_rn_f32<R>(p, f, -0.5f);
  const float q = ptx::mul_rn_f32<O>(p, f);       // a plain fmul
  const float lm = ptx::fma_rn_f32<R>(q, f, f);   // f + f^2 p(f)
  const float r = ptx::fma_rn_f32<R>(s.e, bit_cast<float>(ln2), lm);
  return detail::log_tail<B>(s.a, r);
}

BITEXACT_NV_BUILD_FORMS_1(logf)

}  // namespace bitexact::nv
