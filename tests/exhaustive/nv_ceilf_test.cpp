// Exhaustive check of the libdevice ceilf reproductions (nv::ceilf, nv::ceilf_ftz)
// over all 2^32 binary32 inputs.
//
// Expected values:
//  * every input: IEEE 754 roundToIntegralTowardPositive as computed by the host
//    C library's ceilf (an exact operation; glibc uses the CPU's ROUNDSS where
//    available), on the input as is (IEEE flavour) or flushed to a signed zero
//    when subnormal (FTZ flavour: cvt.rpi.ftz flushes its input);
//  * every 37th input (all exponents, signs and low-bit residues): MPFR
//    (bitexact::truth::ceilf), the project's truth;
//  * NaN inputs: PTX .f32 results are the canonical NaN 0x7fffffff.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "bitexact/nv/ceilf.hpp"
#include "bitexact/truth.hpp"

namespace {

using bitexact::bit_cast;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

u32 flush(u32 b) { return (b & 0x7f800000u) == 0 ? (b & 0x80000000u) : b; }
bool is_nan(u32 b) { return (b & 0x7fffffffu) > 0x7f800000u; }
u32 host_ceil(u32 b) { return bit_cast<u32>(::ceilf(bit_cast<float>(b))); }

TEST(NvCeilfExhaustive, AllInputsBothFlavours) {
  std::atomic<u64> bad_ieee{0}, bad_ftz{0}, bad_mpfr{0}, mpfr_checked{0};
  tbb::parallel_for(tbb::blocked_range<u64>(0, u64(1) << 32, u64(1) << 20), [&](const auto& r) {
    u64 local_bad_ieee = 0, local_bad_ftz = 0, local_bad_mpfr = 0, local_mpfr = 0;
    for (u64 i = r.begin(); i != r.end(); ++i) {
      const u32 x = u32(i);
      const u32 got = bit_cast<u32>(bitexact::nv::ceilf(bit_cast<float>(x)));
      const u32 got_ftz = bit_cast<u32>(bitexact::nv::ceilf_ftz(bit_cast<float>(x)));
      if (is_nan(x)) {
        local_bad_ieee += got != 0x7fffffffu;
        local_bad_ftz += got_ftz != 0x7fffffffu;
        continue;
      }
      local_bad_ieee += got != host_ceil(x);
      local_bad_ftz += got_ftz != host_ceil(flush(x));
      if (i % 37 == 0) {
        ++local_mpfr;
        local_bad_mpfr += got != bit_cast<u32>(bitexact::truth::ceilf(bit_cast<float>(x)));
      }
    }
    bad_ieee += local_bad_ieee;
    bad_ftz += local_bad_ftz;
    bad_mpfr += local_bad_mpfr;
    mpfr_checked += local_mpfr;
  });
  EXPECT_EQ(bad_ieee, 0u);
  EXPECT_EQ(bad_ftz, 0u);
  EXPECT_EQ(bad_mpfr, 0u);
  EXPECT_GT(mpfr_checked, (u64(1) << 32) / 40);
}

}  // namespace
