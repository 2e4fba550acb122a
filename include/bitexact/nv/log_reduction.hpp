// bitexact/nv/log_reduction.hpp — what libdevice's __nv_logf and __nv_log2f
// share (CUDA 13.0's libdevice.10.bc, __internal_accurate_logf and _log2f; the
// same IR in Triton 3.6's file): the scaling of subnormal inputs, the split
// x = 2^e * m with m in [c/2, c) around 1, and the special-case tail. Each
// function's polynomial is in its own file (nv/logf.hpp, nv/log2f.hpp).
#pragma once

#include <cstdint>

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv::detail {

template <class F = float>
struct log_split {
  F a;  // x, or x * 2^23 when x < 2^-126 (the IR's %.02)
  F e;  // the exponent of a, minus 23 when scaled, as a float (%.08)
  F f;  // m - 1, m = a / 2^e in [c/2, c) (%18)
};

// `mid_bits` is the constant the IR subtracts from a's pattern before masking
// the exponent: 0x3f2aaaab (2/3) for logf, 0x3f3504f3 (sqrt(1/2)) for log2f,
// so that m lands in [mid, 2 mid).
template <build B, class F = float>
BITEXACT_INLINE log_split<F> log_reduce(F x, std::uint32_t mid_bits) {
  constexpr mode R = B.reflect, O = B.ops;
  // fcmp olt x, 0x1p-126 and fmul x, 0x1p23: plain IR operations, so the
  // build's flush mode applies (nvcc -ftz=true: a subnormal x is 0 here).
  const auto tiny = ptx::setp_lt_f32<O>(x, bit_cast<float>(0x00800000u));
  const F a = ptx::when(
      tiny, [&] { return ptx::mul_rn_f32<O>(x, bit_cast<float>(0x4b000000u)); }, [&] { return x; });
  const F bias = ptx::select(tiny, -23.0f, 0.0f);
  const auto ab = ptx::bits_of(a);
  const auto ebits = (ab - mid_bits) & 0xff800000u;  // exponent field, as a two's complement multiple of 2^23
  const F m = ptx::f32_from(ab - ebits);
  const F ef = ptx::cvt_rn_f32_s32(ptx::to_s32(ebits));
  // e = ebits * 2^-23 + bias (0x3E80000000000000 in the IR: 2^-23).
  const F e = ptx::fma_rn_f32<R>(ef, bit_cast<float>(0x34000000u), bias);
  const F f = ptx::add_rn_f32<O>(m, -1.0f);
  return {a, e, f};
}

// The tail: a >= +inf or any sign bit (an unsigned compare of the pattern
// with 0x7f800000) gives fma(a, +inf, +inf) (+inf for +inf, NaN for the rest),
// then a == 0 (fcmp oeq, a plain operation) gives -inf.
template <build B, class F = float>
BITEXACT_INLINE F log_tail(F a, F r) {
  constexpr float inf = bit_cast<float>(0x7f800000u);
  r = ptx::when(
      ptx::bits_of(a) >= 0x7f800000u, [&] { return ptx::fma_rn_f32<B.reflect>(a, inf, inf); }, [&] { return r; });
  return ptx::when(
      ptx::setp_eq_f32<B.ops>(a, 0.0f), [&] { return bit_cast<float>(0xff800000u); }, [&] { return r; });
}

}  // namespace bitexact::nv::detail
