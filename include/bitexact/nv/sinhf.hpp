// bitexact/nv/sinhf.hpp — libdevice __nv_sinhf (what `sinhf` calls in device
// code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::sinhf(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::sinhf_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::sinhf_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::sinhf<B>(x)       the same, by build
//
// |x| >= 1: sinh|x| = 2 b - 1/(8 b) with b ~ e^|x| / 4
//   (nv/detail/sinhcosh_core.hpp), the sign of x put back;
// |x| < 1 (and NaN): x + x^3 (1/6 + x^2 (c5 + x^2 c7 ...)):
//   a2 = x * x (plain);  p = fma(fma(fma(c9, a2, c7), a2, c5), a2, c3)
//   result = fma(p * a2 (plain), x, x)                 (reflect fmas)
// The two files differ in IR:
//  * CUDA 13.0: both branches computed, `|x| >= 1 ? copysign(big, x) : small`
//    (plain compare); big = fma(2, b, div.approx.ftz(-0.125, b)) with
//    div.approx.ftz in every build.
//  * Triton 3.6's file: a real branch on |x| >= 1; div.approx(0.125, b)
//    behind the FTZ reflect, negated by a plain fsub -0; `|x| >= 90 ? +inf`;
//    the sign ORed into the result's bits. div.approx(-a, b) is
//    -div.approx(a, b) (a * rcp(b)), the result is positive before the sign
//    goes in, and sinh(90) > FLT_MAX with the formula +inf from about 89.42
//    on, so the results are CUDA 13.0's with the same FTZ choices.
// FTZ: the small branch's plain x * x and p * a2 flush in nv-ftz (and its
// fmas flush x): a subnormal x gives +-0 in nv-ftz and x in nv. In Triton the
// plain mul is IEEE but the .ftz fmas flush x itself: also +-0. The products
// that get subnormal for tiny normal x are flushed by the .ftz fma that
// consumes them. So triton equals nv-ftz everywhere.
// Checked on an H200 (2026-11-28, CUDA 13.0): this reproduction compiled for
// the device equalled nvcc's own sinhf (-ftz=false, -ftz=true) and Triton's
// PTX on all 2^32 inputs, in each build; the host form equalled the GPU on
// 2^19 sampled inputs a build. Triton against nv-ftz there: none.
// Tests: tests/nv_exp_family_test.cpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/detail/sinhcosh_core.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace sinhf_detail {
using ptx::u32;
inline constexpr u32 eighth = 0x3e000000u;        // 0.125
inline constexpr u32 minus_eighth = 0xbe000000u;  // -0.125
inline constexpr u32 two = 0x40000000u;           // 2.0
inline constexpr u32 one = 0x3f800000u;           // 1.0
inline constexpr u32 c90 = 0x42b40000u;           // 90.0 (Triton's file only)
inline constexpr u32 inf = 0x7f800000u;
inline constexpr u32 c9 = 0x363d0adau;  // 0x1.7a15b4p-19: IR 0x3EC7A15B40000000
inline constexpr u32 c7 = 0x394fff49u;  // 0x1.9ffe92p-13: IR 0x3F29FFE920000000
inline constexpr u32 c5 = 0x3c08889au;  // 0x1.111134p-7:  IR 0x3F81111340000000
inline constexpr u32 c3 = 0x3e2aaaabu;  // 0x1.555556p-3:  IR 0x3FC5555560000000
}  // namespace sinhf_detail

template <build B, class F = float>
BITEXACT_INLINE F sinhf(F x) {
  using namespace ptx;
  using namespace sinhf_detail;
  constexpr mode R = B.reflect, P = B.ops;
  const F ax = abs_f32<R>(x);
  auto small = [&]() -> F {
    const F a2 = mul_rn_f32<P>(x, x);
    F p = fma_rn_f32<R>(f32_from(c9), a2, f32_from(c7));
    p = fma_rn_f32<R>(p, a2, f32_from(c5));
    p = fma_rn_f32<R>(p, a2, f32_from(c3));
    return fma_rn_f32<R>(mul_rn_f32<P>(p, a2), x, x);
  };
  if constexpr (B.file == libdevice_file::cuda13_0) {
    const F b = nv::detail::sinhcosh_quarter_exp<B>(ax);
    const F big = fma_rn_f32<R>(f32_from(two), b, div_approx_f32<mode::ftz>(f32_from(minus_eighth), b));
    const F s = small();
    return select(setp_ge_f32<P>(ax, f32_from(one)), copysign_f32(x, big), s);
  } else {
    const auto big = [&]() -> F {
      const F b = nv::detail::sinhcosh_quarter_exp<B>(ax);
      const F d = neg_f32<P>(div_approx_f32<R>(f32_from(eighth), b));
      const F z = select(setp_ge_f32<P>(ax, f32_from(c90)), f32_from(inf), fma_rn_f32<R>(f32_from(two), b, d));
      return f32_from(bits_of(z) | (bits_of(x) & 0x80000000u));
    };
    return when(!setp_ge_f32<P>(ax, f32_from(one)), small, big);
  }
}

BITEXACT_NV_BUILD_FORMS_1(sinhf)

}  // namespace bitexact::nv
