// bitexact/nv/trig_batch.hpp — the span forms of __nv_sinf / __nv_cosf
// (bitexact/nv/nv_span.hpp): the SIMD layer's kernel (bitexact/simd/hwy.hpp:
// AVX2, AVX-512, NEON, SVE; the kernel and how each lane keeps the scalar
// bits: bitexact/nv/trig_batch-inl.hpp) where the CPU has one of those, chosen
// at run time (bitexact/dispatch.hpp), else the scalar function in a loop.
// Host only. Internal to bitexact/nv/nv_span.hpp.
#pragma once

#include "bitexact/config.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

#include "bitexact/span_api.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/nv/ptx.hpp"
#include "bitexact/nv/trig_reduction.hpp"

namespace bitexact::nv::detail {

// Tiny inputs, |x| < 2^-32: sin x is x (its FTZ flush in the FTZ build) and
// cos x is 1, which is what the operations give (the polynomial's correction
// is below 2^-60 of the result; checked on all 2^32 inputs against the H100,
// vectors/nv/digests.json), so the span sets them directly instead of
// computing with their subnormal squares (slow on Intel cores).
inline constexpr std::int32_t trig_tiny_bits = 0x2f800000;  // 2^-32

}  // namespace bitexact::nv::detail

#include "bitexact/simd/hwy.hpp"
#if BITEXACT_SIMD
#define BITEXACT_SIMD_INCLUDE "bitexact/nv/trig_batch-inl.hpp"
#include "bitexact/simd/foreach.hpp"
#endif

namespace bitexact::nv::detail {

template <mode M>
inline void trig_span(const char* fn, std::span<const float> in, std::span<float> out, std::int32_t quadrant_offset) {
  spans::check_size(fn, in.size(), out.size());
  const std::size_t done = BITEXACT_SIMD_DISPATCH(
      std::size_t(0), detail, trig_span_kernel<M>(in.data(), out.data(), out.size(), quadrant_offset));
  spans::map<float>(in.subspan(done), out.subspan(done),
                    [quadrant_offset](float x) { return trig_eval<M>(x, quadrant_offset); });
}

}  // namespace bitexact::nv::detail
