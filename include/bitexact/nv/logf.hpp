// bitexact/nv/logf.hpp — bit-exact reproduction of libdevice __nv_logf, for
// every build of nv/build.hpp (nv::logf, logf_ftz, logf_triton, logf<B>):
// CUDA 13.0's __internal_accurate_logf (the same IR in Triton 3.6's file),
// nv/detail/log_core.hpp, which log10f shares. x = 2^e * m with m in
// [2/3, 4/3), f = m - 1, log(m) = f + f^2 p(f) with p of degree 8 by fma, then
// e * ln(2) + that by one fma; no table, no SFU instruction.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/nv/detail/log_core.hpp"

namespace bitexact::nv {

template <build B, class F = float>
BITEXACT_INLINE F logf(F x) {
  return detail::accurate_logf<B>(x);
}

BITEXACT_NV_BUILD_FORMS_1(logf)

}  // namespace bitexact::nv
