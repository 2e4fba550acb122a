// bitexact/nv/expf.hpp — bit-exact reproduction of libdevice __nv_expf (what
// `expf` calls in CUDA device code and what tl.extra.cuda.libdevice.exp calls
// in a Triton kernel), for every build of nv/build.hpp:
//
//   bitexact::nv::expf(x)          nvcc -ftz=false (implementation "nv")
//   bitexact::nv::expf_ftz(x)      nvcc -ftz=true ("nv-ftz")
//   bitexact::nv::expf_triton(x)   Triton 3.6 on sm_90 ("triton")
//   bitexact::nv::expf<B>(x)       any build B
//
// The algorithm (CUDA 13.0's libdevice.10.bc, __internal_accurate_expf; the
// same IR in Triton 3.6's file): split x*log2(e) into an integer j and a
// remainder r without a floating-point round-to-integer instruction, by
// letting fma.rm place j in the low bits of a float near 1.5*2^23, then
// 2^x = ex2.approx.ftz(r) * 2^j. Always the .ftz ex2 (libdevice calls
// llvm.nvvm.ex2.approx.ftz.f in both branches of its FTZ reflect), so only the
// final multiplication, a plain IR fmul, can produce a subnormal result, and
// only where the build's plain operations keep subnormals (nvcc -ftz=false,
// Triton).
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace expf_constants {
// fdiv(log2(e) as 0x3fb8aa3b, 252.0), folded by the compiler: 0x1.773b3ap-8
// (PTX immediate 0f3BBB989D in both nvcc's and Triton's code).
inline constexpr std::uint32_t log2e_over_252 = 0x3bbb989du;
// IR `bitcast i32 1069066811`: log2(e) rounded to binary32, 0x1.715476p+0.
inline constexpr std::uint32_t log2e_hi = 0x3fb8aa3bu;
// IR `bitcast i32 849703008`: the rest of log2(e), 0x1.4ae0cp-26.
inline constexpr std::uint32_t log2e_lo = 0x32a57060u;
// IR `bitcast i32 1262485504` = 1.5 * 2^23 (0x4b400000) plus 1: 0x4b400001
// (`fadd -126, %3` then `+ 127`, exact and folded). fma.rm(s, 252, this) puts
// j + 1 in the low bits, j = floor(252 * s) in [0, 252].
inline constexpr std::uint32_t magic_plus_1 = 0x4b400001u;
// -(1.5 * 2^23 + 127) (PTX immediate 0fCB40007F): adding it recovers j - 126 exactly.
inline constexpr std::uint32_t minus_magic_plus_127 = 0xcb40007fu;
}  // namespace expf_constants

template <build B, class F = float>
BITEXACT_INLINE F expf(F x) {
  using namespace expf_constants;
  constexpr mode R = B.reflect, O = B.ops;
  // s = saturate(x * log2(e)/252 + 1/2): x scaled into [0, 1].
  const F t = ptx::fma_rn_f32<R>(x, bit_cast<float>(log2e_over_252), 0.5f);
  const F s = ptx::cvt_sat_f32_f32<R>(t);
  // j rounded toward -inf into the low bits of a float near 1.5 * 2^23.
  const F jf = ptx::fma_rm_f32<R>(s, 252.0f, bit_cast<float>(magic_plus_1));
  const F k = ptx::add_rn_f32<O>(jf, bit_cast<float>(minus_magic_plus_127));  // j - 126, exact
  // r = x*log2(e) - (j - 126), log2(e) in two pieces, each step one fma.
  const F r1 = ptx::fma_rn_f32<R>(x, bit_cast<float>(log2e_hi), ptx::neg_f32<O>(k));
  const F r = ptx::fma_rn_f32<R>(x, bit_cast<float>(log2e_lo), r1);
  // 2^(j - 126): the low 9 bits of jf's pattern shifted into the exponent.
  const F scale = ptx::f32_from(ptx::bits_of(jf) << 23);
  return ptx::mul_rn_f32<O>(ptx::ex2_approx_f32<mode::ftz>(r), scale);
}

BITEXACT_NV_BUILD_FORMS_1(expf)

}  // namespace bitexact::nv
