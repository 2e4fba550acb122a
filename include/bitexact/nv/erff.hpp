// bitexact/nv/erff.hpp — bit-exact reproduction of libdevice __nv_erff
// (binary32 erf), for every build of nv/build.hpp:
//
//   bitexact::nv::erff(x)          nvcc -ftz=false, CUDA 13.0 libdevice ("nv")
//   bitexact::nv::erff_ftz(x)      nvcc -ftz=true, CUDA 13.0 libdevice ("nv-ftz")
//   bitexact::nv::erff_triton(x)   Triton 3.6 libdevice.erf on sm_90 ("triton")
//   bitexact::nv::erff<B>(x)       the same, chosen by a build B
//
// Sources: __nv_erff in CUDA 13.0's libdevice.10.bc and in Triton 3.6's
// bundled libdevice.10.bc (both read as IR text), nvcc 13.0's PTX of a kernel
// calling erff (-arch=sm_90 -O3, -ftz=false and -ftz=true), and Triton's PTX
// of a kernel calling libdevice.erf (one lane of four).
//
// Algorithm (both files), with ax = |x| and big = (ax >= 0x3f8060fe ~ 1.00296):
//   t = big ? ax : x*x;  p = P_big(t) or P_small(t), degree 6, by Horner fmas
//   (the IR selects each coefficient with `select big, ...`);
//   u = big ? -ax : x;   r = fma(p, u, u)
//   small: erf(x) = r = x + x P(x^2).
//   big:   erf(x) = copysign(1 - 2^r, x), with r ~ log2(erfc(ax)), 2^r by
//          ex2.approx.ftz (llvm.nvvm.ex2.approx.ftz.f in every build).
//   A NaN is not big (ordered compare): r = fma(NaN...) = 0x7fffffff.
//   +-inf: big, every fma is +inf, r = fma(+inf, -inf, -inf) = -inf,
//   2^r = +0, result +-1.
//
// How the two files differ (IR diff of __nv_erff):
//   * the seven coefficients of the big polynomial (below: big13_*, big36_*);
//     the threshold, the small polynomial and the structure are the same;
//   * the sign: CUDA 13.0 calls llvm.copysign (PTX copysign.f32), Triton's
//     file ORs x's sign bit into 1 - 2^r. 2^r is in [0, 1] (r <= 0), so
//     1 - 2^r is +0 or positive and the two agree.
// How the builds differ (flush mode of each instruction, from their PTX):
//   * nvcc_ieee: abs, mul, fma.rn, neg, sub, setp all IEEE.
//   * nvcc_ftz: all .ftz.
//   * triton3_6: abs.ftz and fma.rn.ftz (the reflect), plain mul.f32 (x*x),
//     neg.f32 (-ax), sub.f32 (1 - 2^r), setp.{ge,ltu}.f32 IEEE.
//   Apart from the coefficients, triton3_6 gives the bits nvcc_ftz would with
//   Triton's coefficients: ax is flushed by abs.ftz; -ax and the setps see
//   only that; x*x feeds fma.rn.ftz only, which flushes a subnormal as mul.ftz
//   would (no binary32 x has an IEEE x*x of 2^-126 with a 24-bit rounding
//   below it); 1 - 2^r is 0 or at least 2^-24.
//   So triton3_6 and nvcc_ftz differ only for |x| >= 0x3f8060fe (where the
//   big coefficients differ), and equal there too wherever both round to +-1.
//
// Contraction: nvcc's PTX has plain mul.f32 only for x*x, which feeds fma
// operands, and sub.f32 only for 1 - 2^r: no mul+add pair for ptxas to fuse.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ex2_approx.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {
namespace erff_detail {

using ptx::u32;
// Constants of __nv_erff: IR literal (a double) -> binary32 bits as in the
// PTX -> value.
inline constexpr u32 big_min = 0x3f8060feu;  // 0x3FF00C1FC0000000: 0x1.00c1fcp+0, both files
// P_small(t) = c6 t^6 + ... + c0, erf(x) ~ x + x P_small(x^2); both files.
inline constexpr u32 small_c[7] = {
    0x3e0375d3u,  // c0 0x3FC06EBA60000000:  0x1.06eba6p-3
    0xbec093acu,  // c1 0xBFD8127580000000: -0x1.812758p-2
    0x3de718afu,  // c2 0x3FBCE315E0000000:  0x1.ce315ep-4
    0xbcdc1be7u,  // c3 0xBF9B837CE0000000: -0x1.b837cep-6
    0x3baad5eau,  // c4 0x3F755ABD40000000:  0x1.55abd4p-8
    0xba574d20u,  // c5 0xBF4AE9A400000000: -0x1.ae9a40p-11
    0x38b1e96au,  // c6 0x3F163D2D40000000:  0x1.63d2d4p-14
};
// P_big(t), t = |x|: 1 - erf(|x|) ~ 2^(-|x| (1 + P_big(|x|))).
// CUDA 13.0's libdevice:
inline constexpr u32 big13_c[7] = {
    0x3f210a14u,  // c0 0x3FE4214280000000:  0x1.421428p-1
    0x3f69b4f9u,  // c1 0x3FED369F20000000:  0x1.d369f2p-1
    0x3e235519u,  // c2 0x3FC46AA320000000:  0x1.46aa32p-3
    0xbd24d99au,  // c3 0xBFA49B3340000000: -0x1.49b334p-5
    0x3c09919fu,  // c4 0x3F813233E0000000:  0x1.13233ep-7
    0xbaae005bu,  // c5 0xBF55C00B60000000: -0x1.5c00b6p-10
    0x38eb4c3au,  // c6 0x3F1D698740000000:  0x1.d69874p-14
};
// Triton 3.6's libdevice (an older fit):
inline constexpr u32 big36_c[7] = {
    0x3f20d842u,  // c0 0x3FE41B0840000000:  0x1.41b084p-1
    0x3f6a937eu,  // c1 0x3FED526FC0000000:  0x1.d526fcp-1
    0x3e1cf906u,  // c2 0x3FC39F20C0000000:  0x1.39f20cp-3
    0xbd0c8162u,  // c3 0xBFA1902C40000000: -0x1.1902c4p-5
    0x3bac840bu,  // c4 0x3F75908160000000:  0x1.590816p-8
    0xb9f560b9u,  // c5 0xBF3EAC1720000000: -0x1.eac172p-12
    0x3789ca3cu,  // c6 0x3EF1394780000000:  0x1.139478p-16
};
inline constexpr u32 one = 0x3f800000u;
inline constexpr u32 sign_bit = 0x80000000u;

// The coefficient I of the polynomial in use (the IR's `select big, ...`).
// Indexed by a template argument so that every array read is a constant
// expression (usable in device code without a device copy of the arrays).
template <libdevice_file File, int I, class C>
BITEXACT_INLINE auto coef(C big) {
  constexpr u32 b = File == libdevice_file::triton3_6 ? big36_c[I] : big13_c[I];
  constexpr u32 s = small_c[I];
  return ptx::select(big, ptx::f32_from(b), ptx::f32_from(s));
}

}  // namespace erff_detail

template <build B, class F = float>
BITEXACT_INLINE F erff(F x) {
  using namespace ptx;
  using namespace erff_detail;
  constexpr mode R = B.reflect;  // fabs / fma: llvm.nvvm.*.ftz.f when the reflect is 1
  constexpr mode O = B.ops;      // the plain fmul / fsub / fcmp
  constexpr libdevice_file L = B.file;
  const F ax = abs_f32<R>(x);
  const auto big = setp_ge_f32<O>(ax, f32_from(big_min));
  const F t = when(
      big, [&] { return ax; }, [&] { return mul_rn_f32<O>(x, x); });
  F p = fma_rn_f32<R>(coef<L, 6>(big), t, coef<L, 5>(big));
  p = fma_rn_f32<R>(p, t, coef<L, 4>(big));
  p = fma_rn_f32<R>(p, t, coef<L, 3>(big));
  p = fma_rn_f32<R>(p, t, coef<L, 2>(big));
  p = fma_rn_f32<R>(p, t, coef<L, 1>(big));
  p = fma_rn_f32<R>(p, t, coef<L, 0>(big));
  const F u = when(
      big, [&] { return neg_f32<O>(ax); }, [&] { return x; });  // fsub -0.0, ax
  const F r = fma_rn_f32<R>(p, u, u);
  // PTX: setp.ltu ax, 0x3f8060fe skips the rest (same predicate, negated).
  return when(
      big,
      [&]() -> F {
        // 1 - 2^r: sub.f32 is add of the negation (exact, and flushes alike).
        const F e = ex2_approx_f32<mode::ftz>(r);
        const F s = add_rn_f32<O>(f32_from(one), f32_from(bits_of(e) ^ sign_bit));
        if constexpr (B.file == libdevice_file::triton3_6)
          return f32_from(bits_of(s) | (bits_of(x) & sign_bit));  // and + or of the sign bit
        else
          return copysign_f32(x, s);  // llvm.copysign -> copysign.f32
      },
      [&] { return r; });
}

BITEXACT_NV_BUILD_FORMS_1(erff)

}  // namespace bitexact::nv
