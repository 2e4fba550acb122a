// bitexact/nv/atanf.hpp — libdevice __nv_atanf (what `atanf` and Triton's
// libdevice.atan call on sm_90), bit for bit, for every build of nv/build.hpp:
//
//   bitexact::nv::atanf(x)          nvcc -ftz=false   (implementation "nv")
//   bitexact::nv::atanf_ftz(x)      nvcc -ftz=true    ("nv-ftz")
//   bitexact::nv::atanf_triton(x)   Triton 3.6        ("triton")
//   bitexact::nv::atanf<B>(x)       the same, by build
//
// Sources: the IR of __nv_atanf in CUDA 13.0's libdevice.10.bc and in Triton
// 3.6's (llvm-dis text), the PTX of nvcc 13.0 for a kernel calling atanf
// (-arch=sm_90 -O3, -ftz=false and -ftz=true) and Triton's PTX for
// libdevice.atan (triton-ptx/atan.ptx). The two files hold two different
// algorithms; "reflect" ops follow __nvvm_reflect("__CUDA_FTZ") (B.reflect),
// "plain" ops the compiler's flush mode (B.ops).
//
// CUDA 13.0 (nvcc builds): an odd polynomial.
//   a = |x| (fabs by reflect: abs.ftz.f32 or abs.f32)
//   t = a > 1 ? rcp.approx.ftz(a) : a   (inline asm in the IR: .ftz in EVERY
//       build, so 1/a below 2^-126, i.e. a > 2^126, is +0)
//   s = t * t                          (plain mul)
//   p = degree-7 polynomial in s by reflect fma, from 0x3b2090aa
//   r = fma(p * s, t, t)               (p * s a plain mul)
//   a > 1: r = fma(0x3f6ee581, 0x3fd774eb, -r)   pi/2 - r, pi/2 as the exact
//       product of two floats (0x1.ddcb02p-1 * 0x1.aee9d6p0) inside the fma
//   a <= inf (not NaN): r = copysign(r, x)
// Triton 3.6's file: a rational approximation.
//   a = |x|; t = a > 1 ? 1 / a : a     (an IEEE `fdiv`: rcp.rn.f32 in its PTX,
//       correctly rounded and NOT flushed: for a > 2^126, t is subnormal)
//   s = mul.rn(t, t)                   (llvm.nvvm.mul.rn{.ftz}.f: reflect)
//   n = fma(fma(s, -0x1.a58fd4p-1, -0x1.6b3106p2), s, -0x1.a4320ep2)
//   m = (n * s) * t                    (two plain muls)
//   d = fma(fma(s + 0x1.6abb8p3, s, 0x1.cd7acp4), s, 0x1.3b259p4)  (plain add)
//   r = fma(m, 1 / d, t)               (1 / d: rcp.rn.f32)
//   a > 1: r = 0x3fc90fdb - r          (plain sub; pi/2 rounded to float)
//   a <= inf: r = bits(r) | sign bit of x  (IR: or of the sign; the PTX tests
//       setp.num on a)
//   Triton's PTX keeps every op of the IR: its LLVM contracted nothing, and
//   no plain mul feeds a plain add (ptxas fuses only mul.f32 + add.f32).
// nvcc's PTX has no mul.f32 feeding an add.f32 either (the plain muls feed
// fma operands), so ptxas has nothing to fuse: the PTX is what runs.
//
// Builds:
//  * nv: IEEE plain ops; a subnormal x gives r = fma(~0, x, x) = x.
//  * nv-ftz: every op .ftz; a subnormal x reads as 0 (abs.ftz) and returns
//    +0 with x's sign (copysign of the raw x).
//  * triton: another algorithm, so it differs from nv-ftz by an ulp or so on
//    ordinary inputs. A subnormal x: abs.ftz gives 0 and the result is +0 with
//    x's sign, as nv-ftz. |x| > 2^126: t subnormal, flushed by the .ftz fmas,
//    r = pi/2 as in nv-ftz.
// Special values (every build): atan(+-0) = +-0, atan(+-inf) = +-0x3fc90fdb,
// NaN -> 0x7fffffff (the canonical NaN every f32 arithmetic op returns).
// Tests: tests/nv_atan_family_test.cpp.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/rcp_approx.hpp"

namespace bitexact::nv {

namespace atanf_detail {
using ptx::u32;
inline constexpr u32 one = 0x3f800000u;
inline constexpr u32 inf = 0x7f800000u;  // IR i32 2139095040
// pi/2 as the exact product pio2_a * pio2_b (an fma operand pair of CUDA
// 13.0's atanf, asinf, acosf and atan2f).
inline constexpr u32 pio2_a = 0x3f6ee581u;  // 0x1.ddcb02p-1: IR 0x3FEDDCB020000000
inline constexpr u32 pio2_b = 0x3fd774ebu;  // 0x1.aee9d6p0:  IR 0x3FFAEE9D60000000
inline constexpr u32 pio2 = 0x3fc90fdbu;    // 0x1.921fb6p0:  IR 0x3FF921FB60000000
// CUDA 13.0 __internal_atanf_poly, highest degree first.
template <mode R, class F = float>
BITEXACT_INLINE F cuda_poly(F s) {
  using namespace ptx;
  F p = fma_rn_f32<R>(f32_from(0x3b2090aau), s,    // 0x1.412154p-9:  IR 0x3F64121540000000
                      f32_from(0xbc6be14fu));      // -0x1.d7c29ep-7: IR 0xBF8D7C29E0000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3d23397eu));  // 0x1.4672fcp-5:  IR 0x3FA4672FC0000000
  p = fma_rn_f32<R>(p, s, f32_from(0xbd948a7au));  // -0x1.2914f4p-4: IR 0xBFB2914F40000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3dd76b21u));  // 0x1.aed642p-4:  IR 0x3FBAED6420000000
  p = fma_rn_f32<R>(p, s, f32_from(0xbe111e88u));  // -0x1.223d1p-3:  IR 0xBFC223D100000000
  p = fma_rn_f32<R>(p, s, f32_from(0x3e4caf60u));  // 0x1.995ecp-3:   IR 0x3FC995EC00000000
  p = fma_rn_f32<R>(p, s, f32_from(0xbeaaaa27u));  // -0x1.55544ep-2: IR 0xBFD55544E0000000
  return p;
}
// Triton 3.6 __internal_atanf_kernel (shared with its atan2f).
inline constexpr u32 tri_n0 = 0xbf52c7eau;  // -0x1.a58fd4p-1: IR 0xBFEA58FD40000000
inline constexpr u32 tri_n1 = 0xc0b59883u;  // -0x1.6b3106p2:  IR 0xC016B31060000000
inline constexpr u32 tri_n2 = 0xc0d21907u;  // -0x1.a4320ep2:  IR 0xC01A4320E0000000
inline constexpr u32 tri_d0 = 0x41355dc0u;  // 0x1.6abb8p3:    IR 0x4026ABB800000000
inline constexpr u32 tri_d1 = 0x41e6bd60u;  // 0x1.cd7acp4:    IR 0x403CD7AC00000000
inline constexpr u32 tri_d2 = 0x419d92c8u;  // 0x1.3b259p4:    IR 0x4033B25900000000

// Triton's __internal_atanf_kernel(t): atan(t) for t in [0, 1] (and NaN).
// F: float or SIMD lanes.
template <build B, class F = float>
BITEXACT_INLINE F triton_kernel(F t) {
  using namespace ptx;
  constexpr mode R = B.reflect, P = B.ops;
  const F s = mul_rn_f32<R>(t, t);
  F n = fma_rn_f32<R>(s, f32_from(tri_n0), f32_from(tri_n1));
  n = fma_rn_f32<R>(n, s, f32_from(tri_n2));
  const F m = mul_rn_f32<P>(mul_rn_f32<P>(n, s), t);
  F d = add_rn_f32<P>(s, f32_from(tri_d0));
  d = fma_rn_f32<R>(d, s, f32_from(tri_d1));
  d = fma_rn_f32<R>(d, s, f32_from(tri_d2));
  return fma_rn_f32<R>(m, rcp_rn_f32<P>(d), t);
}
}  // namespace atanf_detail

// Written against ptx.hpp's lane forms (F: float or SIMD lanes), every build.
template <build B, class F = float>
BITEXACT_INLINE F atanf(F x) {
  using namespace ptx;
  using namespace atanf_detail;
  constexpr mode R = B.reflect, P = B.ops;
  const F a = abs_f32<R>(x);
  const auto big = setp_gt_f32<P>(a, f32_from(one));
  if constexpr (B.file == libdevice_file::cuda13_0) {
    const F t = when(
        big, [&]() -> F { return rcp_approx_f32<mode::ftz>(a); }, [&]() -> F { return a; });
    const F s = mul_rn_f32<P>(t, t);
    const F p = cuda_poly<R>(s);
    const F r = fma_rn_f32<R>(mul_rn_f32<P>(p, s), t, t);
    const F w = when(
        big, [&]() -> F { return fma_rn_f32<R>(f32_from(pio2_a), f32_from(pio2_b), neg_f32<P>(r)); },
        [&]() -> F { return r; });
    return select(setp_ge_f32<P>(f32_from(inf), a), copysign_f32(x, w), w);  // fcmp ole a, inf
  } else {
    const F t = when(
        big, [&]() -> F { return rcp_rn_f32<P>(a); }, [&]() -> F { return a; });
    const F k = triton_kernel<B>(t);
    const F r = when(
        big, [&]() -> F { return sub_rn_f32<P>(f32_from(pio2), k); }, [&]() -> F { return k; });
    // fcmp ole a, inf: x's sign bit or'ed in
    return select(setp_ge_f32<P>(f32_from(inf), a), f32_from(bits_of(r) | (bits_of(x) & 0x80000000u)), r);
  }
}

BITEXACT_NV_BUILD_FORMS_1(atanf)

}  // namespace bitexact::nv
