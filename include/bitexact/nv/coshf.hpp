// bitexact/nv/coshf.hpp — libdevice __nv_coshf (what `coshf` calls in device
// code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::coshf(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::coshf_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::coshf_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::coshf<B>(x)       the same, by build
//
// cosh|x| = 2 b + 1/(8 b) with b ~ e^|x| / 4 (nv/detail/sinhcosh_core.hpp):
//   result = fma(2, b, div.approx(0.125, b))          (reflect fma)
// The two files differ in IR:
//  * CUDA 13.0: div.approx.ftz in every build (no reflect around it); nothing
//    else.
//  * Triton 3.6's file: div.approx behind the FTZ reflect (.ftz in Triton's
//    build, so the same instruction), and `|x| >= 90 ? +inf : result` at the
//    end. cosh(90) > FLT_MAX, and CUDA 13.0's formula is +inf from about
//    89.42 on, so the extra branch changes no result; a NaN fails the
//    compare and stays NaN.
// The plain ops (the compare |t| > 126, the mul, add and mul of the core) see
// only normal numbers, so FTZ changes only the subnormal inputs' |x| (0 or
// not: either way cosh is 1). Triton's PTX (triton-ptx/cosh.ptx): abs.ftz,
// mul.rn.ftz, cvt.rzi, setp.gt.f32, fma.rn.ftz, mul.f32, add.f32,
// ex2.approx.ftz, div.approx.ftz, fma.rn.ftz, setp.ge.f32; no fmul+fadd pair to
// contract. So triton equals nv-ftz everywhere.
// Checked on an H200 (2026-11-28, CUDA 13.0): this reproduction compiled for
// the device equalled nvcc's own coshf (-ftz=false, -ftz=true) and Triton's
// PTX on all 2^32 inputs, in each build; the host form equalled the GPU on
// 2^19 sampled inputs a build. Triton against nv-ftz there: none.
// Tests: tests/nv_exp_family_test.cpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/detail/sinhcosh_core.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace coshf_detail {
using ptx::u32;
inline constexpr u32 eighth = 0x3e000000u;  // 0.125
inline constexpr u32 two = 0x40000000u;     // 2.0
inline constexpr u32 c90 = 0x42b40000u;     // 90.0 (Triton's file only)
inline constexpr u32 inf = 0x7f800000u;
}  // namespace coshf_detail

template <build B, class F = float>
BITEXACT_INLINE F coshf(F x) {
  using namespace ptx;
  using namespace coshf_detail;
  constexpr mode R = B.reflect, P = B.ops;
  const F ax = abs_f32<R>(x);
  const F b = nv::detail::sinhcosh_quarter_exp<B>(ax);
  if constexpr (B.file == libdevice_file::cuda13_0) {
    return fma_rn_f32<R>(f32_from(two), b, div_approx_f32<mode::ftz>(f32_from(eighth), b));
  } else {
    const F z = fma_rn_f32<R>(f32_from(two), b, div_approx_f32<R>(f32_from(eighth), b));
    return select(setp_ge_f32<P>(ax, f32_from(c90)), f32_from(inf), z);
  }
}

BITEXACT_NV_BUILD_FORMS_1(coshf)

}  // namespace bitexact::nv
