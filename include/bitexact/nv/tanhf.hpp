// bitexact/nv/tanhf.hpp — bit-exact reproduction of libdevice __nv_tanhf
// (binary32 tanh), for every build of nv/build.hpp:
//
//   bitexact::nv::tanhf(x)          nvcc -ftz=false, CUDA 13.0 libdevice ("nv")
//   bitexact::nv::tanhf_ftz(x)      nvcc -ftz=true, CUDA 13.0 libdevice ("nv-ftz")
//   bitexact::nv::tanhf_triton(x)   Triton 3.6 libdevice.tanh on sm_90 ("triton")
//   bitexact::nv::tanhf<B>(x)       the same, chosen by a build B
//
// Sources: __nv_tanhf in CUDA 13.0's libdevice.10.bc and in Triton 3.6's
// bundled libdevice.10.bc (both read as IR text), nvcc 13.0's PTX of a kernel
// calling tanhf (-arch=sm_90 -O3, -ftz=false and -ftz=true), and Triton's
// PTX of a kernel calling libdevice.tanh (one lane of four).
//
// Algorithm (both files), with ax = |x|:
//   ax >= 0.6:  s = 1 - 2 / (1 + 2^(ax * 2 log2 e)),
//               the division by rcp.approx.ftz (inline asm in libdevice, so
//               .ftz in every build) and the exponential by ex2.approx.ftz
//               (the IR calls llvm.nvvm.ex2.approx.ftz.f unconditionally);
//               s = 1 once ax >= 9.0109; the result is s with x's sign.
//   otherwise:  x + x * (x^2 * P(x^2)), P of degree 3, by Horner fmas (the
//               last one with a +0 addend: fma(p, x^2, +0), then fma(., x, x)).
//   A NaN fails `ax >= 0.6` and goes through the polynomial: canonical NaN.
//
// The two files' IR differs only in control flow and in how the sign is put
// on s:
//   * CUDA 13.0 computes both branches for every x and selects with
//     `fcmp oge ax, 0.6` at the end (nvcc's PTX: two selp); s gets x's sign
//     by llvm.copysign (PTX copysign.f32).
//   * Triton's file branches on `fcmp oge ax, 0.6` first and computes only
//     the taken side; the sign is OR-ed in as a bit (and 0x80000000, or).
// Neither changes a bit: the branch not taken has no side effect, and s is in
// [0, 1] (rcp of 1 + e >= 2 is at most 1/2), never negative or NaN, so OR-ing
// the sign bit is copysign. What does differ between the builds is the
// flush mode of each instruction:
//   * nvcc_ieee: abs.f32, mul.f32, add.f32, fma.rn.f32, setp.ge.f32 — IEEE.
//   * nvcc_ftz: the .ftz form of all of these (the reflect picks
//     fabs.ftz / fma.rn.ftz, -ftz=true makes the plain fmul/fadd/fcmp .ftz).
//   * triton3_6: abs.ftz.f32 and fma.rn.ftz.f32 (the reflect), but the
//     plain mul.f32 / add.f32 / setp.{ge,ltu}.f32 IEEE.
//   triton3_6 therefore equals nvcc_ftz on every input: its IEEE operations
//   never see or make a subnormal that matters. ax is already flushed by
//   abs.ftz; the setp compare ax with 0.6 and 9.01; ax * 2.885 and 1 + e
//   run only for ax >= 0.6; x * x (IEEE, may be subnormal) feeds only
//   fma.rn.ftz, which flushes it as mul.ftz would have. (A product x*x whose
//   IEEE rounding is 2^-126 while its 24-bit rounding is below it would
//   differ; no binary32 x has one: it needs x^2 in [2^-126 - 2^-150, 2^-126).)
//   tests/nv_tanhf_test.cpp checks the equality on every subnormal, on the
//   binades around 2^-63 and on a stride through all 2^32 inputs.
//
// Contraction: the plain mul.f32/add.f32 of nvcc's PTX never form a mul+add
// pair that ptxas could fuse (ax * 2.885 feeds ex2, 1 + e is the sum of an
// ex2 result, x*x feeds fma operands), so each is modelled as its own op.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {
namespace tanhf_detail {

using ptx::u32;
// Constants of __nv_tanhf, identical in both files. IR literal (a double) ->
// binary32 bits as in the PTX -> value.
inline constexpr u32 two_log2e = 0x4038aa3bu;  // 0x4007154760000000: 0x1.715476p+1 = 2 log2(e)
inline constexpr u32 sat = 0x41102cb4u;        // 0x4022059680000000: 0x1.205968p+3 ~ 9.0109;
                                               // tanhf(x) rounds to 1 from here on
inline constexpr u32 poly_max = 0x3f19999au;      // 0x3FE3333340000000: 0x1.333334p-1 ~ 0.6,
                                               // polynomial below, exponential at or above
// P(t) = ((c3 t + c2) t + c1) t + c0, tanh(x) ~ x + x t P(t), t = x^2.
inline constexpr u32 c3 = 0x3c80f082u;  // 0x3F901E1040000000:  0x1.01e104p-6
inline constexpr u32 c2 = 0xbd563caeu;  // 0xBFAAC795C0000000: -0x1.ac795cp-5
inline constexpr u32 c1 = 0x3e085941u;  // 0x3FC10B2820000000:  0x1.10b282p-3
inline constexpr u32 c0 = 0xbeaaa9edu;  // 0xBFD5553DA0000000: -0x1.5553dap-2
inline constexpr u32 one = 0x3f800000u;
inline constexpr u32 minus_two = 0xc0000000u;
inline constexpr u32 sign_bit = 0x80000000u;

}  // namespace tanhf_detail

template <build B, class F = float>
BITEXACT_INLINE F tanhf(F x) {
  using namespace ptx;
  using namespace tanhf_detail;
  constexpr mode R = B.reflect;  // fabs / fma: llvm.nvvm.*.ftz.f when the reflect is 1
  constexpr mode O = B.ops;      // the plain fmul / fadd / fcmp
  const F ax = abs_f32<R>(x);
  const auto exponential = [&]() -> F {
    const F e = ex2_approx_f32<mode::ftz>(mul_rn_f32<O>(ax, f32_from(two_log2e)));
    const F r = rcp_approx_f32<mode::ftz>(add_rn_f32<O>(e, f32_from(one)));
    const F s =
        select(setp_ge_f32<O>(ax, f32_from(sat)), f32_from(one), fma_rn_f32<R>(r, f32_from(minus_two), f32_from(one)));
    if constexpr (B.file == libdevice_file::triton3_6)
      return f32_from(bits_of(s) | (bits_of(x) & sign_bit));  // and + or of the sign bit
    else
      return copysign_f32(x, s);  // llvm.copysign -> copysign.f32
  };
  const auto polynomial = [&]() -> F {
    const F t = mul_rn_f32<O>(x, x);
    F p = fma_rn_f32<R>(f32_from(c3), t, f32_from(c2));
    p = fma_rn_f32<R>(p, t, f32_from(c1));
    p = fma_rn_f32<R>(p, t, f32_from(c0));
    p = fma_rn_f32<R>(p, t, f32_from(0));  // a +0 addend: -0 products become +0
    return fma_rn_f32<R>(p, x, x);
  };
  return when(setp_ge_f32<O>(ax, f32_from(poly_max)), exponential, polynomial);
}

BITEXACT_NV_BUILD_FORMS_1(tanhf)

}  // namespace bitexact::nv
