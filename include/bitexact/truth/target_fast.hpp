// bitexact/truth/target_fast.hpp — the fast layer of the truth for functions
// whose binary64 value a math library gives to well within 2^-49 relative
// (exp, exp2, log, log2, sqrt, ...): host and device code (BITEXACT_HD,
// header-only).
//
// The same method as the targets of the BITEXACT_NV_FUNCTION rows
// (src/truth/targets.cpp, docs/truth.md): y, the binary64 value from the
// host's libm (glibc) or the device's (CUDA's double-precision functions,
// whose documented maximum errors are 1 or 2 binary64 ulps for every
// function used here), is within 2^-49 |exact|; when y(1 - 2^-48) and
// y(1 + 2^-48) round to the same float, that float is the correctly rounded
// result, whatever libm computed y; otherwise the caller asks MPFR. The
// results therefore do not depend on which libm ran, only how often MPFR is
// asked. Exactly-rounded operations (sqrt, 1/sqrt in two roundings) need no
// libm at all.
#pragma once

#include <cmath>
#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/config.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth::detail {

// y for finite x, or NaN where the fast layer does not try.
BITEXACT_INLINE double target_approx(target t, double x) {
  switch (t) {
    case target::exp: return ::exp(x);
    case target::exp2: return ::exp2(x);
    case target::log: return ::log(x);
    case target::log2: return ::log2(x);
    case target::sqrt: return ::sqrt(x);
    case target::rsqrt: return 1.0 / ::sqrt(x);
    default: return __builtin_nan("");
  }
}

BITEXACT_INLINE bool target_usable(double v) {
  const double a = v < 0 ? -v : v;
  return a >= 0x1p-1000 && a <= 0x1p1000;  // finite, nonzero, far from binary64's ends
}

// One-operand target t at x in mode r: true and the correctly rounded result,
// or false where MPFR must decide. Special operands (NaN, infinities, zeros,
// domain errors) are left to MPFR, which is exact for them and rarely asked.
BITEXACT_INLINE bool target_fast(target t, float x, rounding r, float& out) {
  const std::uint32_t b = bit_cast<std::uint32_t>(x);
  if ((b & 0x7f800000u) == 0x7f800000u || (b & 0x7fffffffu) == 0) return false;
  const double y = target_approx(t, double(x));
  if (!target_usable(y)) {
    // exp of a finite x beyond binary64's range: the exact value is positive
    // and below 2^-990 or above 2^990, where every value rounds like these.
    if ((t == target::exp || t == target::exp2) && y == y) {
      out = round_double_to_float(y < 1 ? 0x1p-1000 : 0x1p1000, r);
      return true;
    }
    return false;
  }
  return sincos_decide(y, r, out);
}

// The ULP error of `result` within 2^-23 ulp, or -1 where MPFR is needed.
BITEXACT_INLINE double target_ulp_error_fast(target t, float x, float result) {
  const std::uint32_t b = bit_cast<std::uint32_t>(x), rb = bit_cast<std::uint32_t>(result);
  if ((b & 0x7f800000u) == 0x7f800000u || (b & 0x7fffffffu) == 0) return -1.0;
  if ((rb & 0x7f800000u) == 0x7f800000u) return -1.0;
  const double y = target_approx(t, double(x));
  if (!target_usable(y)) return -1.0;
  return ulp_error_from_approx(y, result);
}

}  // namespace bitexact::truth::detail
