// bitexact/nv/log10f.hpp — libdevice __nv_log10f (what `log10f` calls in
// device code), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::log10f(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::log10f_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::log10f_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::log10f<B>(x)       the same, by build
//
// The IR is the same in CUDA 13.0's libdevice.10.bc and in Triton 3.6's:
// libdevice's accurate logf (nv/detail/log_core.hpp) times log10(e), a plain
// fmul. The builds differ only in the flush mode of the plain operations:
//  * nv-ftz: the .ftz compare `x < 2^-126` and multiply by 2^23 see a
//    subnormal x as 0, so every subnormal gives -inf (x == 0 branch).
//  * triton: Triton leaves them IEEE (triton-ptx/log10.ptx: setp.lt.f32,
//    mul.f32, add.f32, setp.eq.f32, mul.f32 without .ftz), so a positive
//    subnormal is scaled and gets its logarithm, a negative one NaN; its
//    fmas are .ftz (reflect = 1), which changes nothing else: no operand or
//    result of them is subnormal for a normal or scaled x.
// So triton equals nv-ftz except on subnormal inputs, where it equals nv.
// Checked on an H200 (2026-11-28, CUDA 13.0): this reproduction compiled for
// the device equalled nvcc's own log10f (-ftz=false, -ftz=true) and Triton's
// PTX on all 2^32 inputs, in each build; the host form equalled the GPU on
// 2^19 sampled inputs a build. Triton against nv-ftz there: 16,777,214 (every subnormal).
// Tests: tests/nv_exp_family_test.cpp.
// CUDA's documented 2 ulp, the triton/nv-ftz difference set).
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/detail/log_core.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

namespace log10f_detail {
// log10(e) = 0x1.bcb7b2p-2, IR `fmul float 0x3FDBCB7B20000000, %r`.
inline constexpr ptx::u32 log10_e = 0x3ede5bd9u;
}  // namespace log10f_detail

template <build B, class F = float>
BITEXACT_INLINE F log10f(F x) {
  return ptx::mul_rn_f32<B.ops>(ptx::f32_from(log10f_detail::log10_e), nv::detail::accurate_logf<B>(x));
}

BITEXACT_NV_BUILD_FORMS_1(log10f)

}  // namespace bitexact::nv
