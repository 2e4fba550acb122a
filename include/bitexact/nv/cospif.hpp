// bitexact/nv/cospif.hpp — libdevice __nv_cospif (what `cospif` calls in
// device code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::cospif(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::cospif_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::cospif_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::cospif<B>(x)       the same, by build
//
// cos(pi x) = sin(pi x) one quadrant further on: the reduction and kernel of
// nv/sinpif.hpp (where the two files' kernels and the builds are described)
// with q + 1, after
//   |x| > 2^24 (reflect fabs, plain compare `fcmp ogt`): x = x * 0
//   (__nv_fmul_rn; a larger x is an even integer, cos(pi x) = 1; Inf: NaN),
// and without sinpif's integer test. Same structure in both files (CUDA
// 13.0: llvm.nvvm.f2i.rz for q; Triton's: fptosi; both cvt.rzi.s32.f32).
// Builds: nv IEEE throughout (a subnormal x: cos = 1); nv-ftz every op .ftz;
// triton (cospi.ptx) reflect .ftz, plain ops IEEE: abs.ftz, setp.leu.f32,
// add.f32, neg.f32, mul.f32 for t * PI_LO. A subnormal x gives t = +0 and 1
// in every build. Checked here (no GPU): tests/nv_tan_sinpi_test.cpp. Not yet
// run against the GPU.
#pragma once

#include <cstdint>

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/sinpif.hpp"

namespace bitexact::nv {

namespace cospif_detail {
inline constexpr ptx::u32 two24 = 0x4b800000u;  // 2^24: IR 0x4170000000000000
}  // namespace cospif_detail

// F: float or SIMD lanes (ptx.hpp's lane forms), as sinpif.
template <build B, class F = float>
BITEXACT_INLINE F cospif(F x) {
  using namespace ptx;
  const F y = select(setp_gt_f32<B.ops>(abs_f32<B.reflect>(x), f32_from(cospif_detail::two24)),
                     mul_rn_f32<B.reflect>(x, 0.0f), x);
  const auto red = sinpif_detail::reduce<B>(y);
  return sinpif_detail::kernel<B>(red.t, red.q + 1);
}

BITEXACT_NV_BUILD_FORMS_1(cospif)

}  // namespace bitexact::nv
