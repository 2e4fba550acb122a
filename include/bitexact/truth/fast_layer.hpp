// bitexact/truth/fast_layer.hpp — the fast layer of the truth, one entry per
// row of bitexact/functions.def, as host AND device code (BITEXACT_HD).
//
// The CPU truth (src/truth/fast_layer.cpp: truth::NAME and
// truth::ulp_error_NAME_approx) and the GPU statistics kernel
// (src/gpu/cuda_stats.cu, nvcc and hipcc, through fast::row<F> below) both
// expand the rows into calls of these functions, so a row without its two
// functions here is a compile error in every build, the plain g++ one
// included; neither side has a branch per function.
//
// For every BITEXACT_FUNCTION row NAME (operands and result of type T):
//   bool   fast::NAME(T x[, T y], rounding r, T& out)
//            true and the correctly rounded result in mode r, or false where
//            only MPFR can decide (truth::NAME then asks MPFR, the GPU hands
//            the input to the host);
//   double fast::ulp_error_NAME(T x[, T y], T result)
//            the value of truth::ulp_error_NAME_approx (within 2^-23 ulp of
//            the exact error), or -1 where that needs MPFR: no fast form, or
//            an uncertain binade.
// The BITEXACT_NV_FUNCTION rows' truth is their target's (truth.hpp); they are
// not in this table.
#pragma once

#include "bitexact/config.hpp"
#include "bitexact/functions.hpp"
#include "bitexact/truth/exact.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/target_fast.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth::fast {

// ---- the pieces of each row --------------------------------------------------

// sinf, cosf: an approximation with a proven error bound (sincosf_fast.hpp).
BITEXACT_INLINE bool sinf(float x, rounding r, float& out) { return detail::sinf_fast(x, r, out); }
BITEXACT_INLINE bool cosf(float x, rounding r, float& out) { return detail::cosf_fast(x, r, out); }
BITEXACT_INLINE double ulp_error_sinf(float x, float result) { return detail::ulp_error_sinf_fast(x, result); }
BITEXACT_INLINE double ulp_error_cosf(float x, float result) { return detail::ulp_error_cosf_fast(x, result); }

// fmod, ceil: exact integer algorithms (exact.hpp); every result is
// representable, so the rounding mode does not matter and MPFR is never
// needed for the value. Their ULP errors have no faster form than MPFR's.
BITEXACT_INLINE bool fmodf(float x, float y, rounding, float& out) {
  out = detail::fmod_exact(x, y);
  return true;
}
BITEXACT_INLINE bool fmod(double x, double y, rounding, double& out) {
  out = detail::fmod_exact(x, y);
  return true;
}
BITEXACT_INLINE bool ceilf(float x, rounding, float& out) {
  out = detail::ceil_exact(x);
  return true;
}
BITEXACT_INLINE bool ceil(double x, rounding, double& out) {
  out = detail::ceil_exact(x);
  return true;
}
BITEXACT_INLINE double ulp_error_fmodf(float, float, float) { return -1.0; }
BITEXACT_INLINE double ulp_error_fmod(double, double, double) { return -1.0; }
BITEXACT_INLINE double ulp_error_ceilf(float, float) { return -1.0; }
BITEXACT_INLINE double ulp_error_ceil(double, double) { return -1.0; }

// exp, exp2, log, log2, sqrt, 1/sqrt: the binary64 value from a math library,
// checked (target_fast.hpp).
#define BX_TARGET_ROW(name, tgt)                                                                             \
  BITEXACT_INLINE bool name(float x, rounding r, float& out) { return detail::target_fast(target::tgt, x, r, out); } \
  BITEXACT_INLINE double ulp_error_##name(float x, float result) {                                           \
    return detail::target_ulp_error_fast(target::tgt, x, result);                                           \
  }
BX_TARGET_ROW(expf, exp)
BX_TARGET_ROW(exp2f, exp2)
BX_TARGET_ROW(logf, log)
BX_TARGET_ROW(log2f, log2)
BX_TARGET_ROW(rsqrtf, rsqrt)
BX_TARGET_ROW(sqrtf, sqrt)
// The functions of issue 34 (target_fast.hpp, "the functions of issue 34").
BX_TARGET_ROW(expm1f, expm1)
BX_TARGET_ROW(log1pf, log1p)
BX_TARGET_ROW(sinhf, sinh)
BX_TARGET_ROW(coshf, cosh)
BX_TARGET_ROW(exp10f, exp10)
BX_TARGET_ROW(log10f, log10)
BX_TARGET_ROW(tanhf, tanh)
BX_TARGET_ROW(erff, erf)
BX_TARGET_ROW(erfcf, erfc)
BX_TARGET_ROW(erfinvf, erfinv)
BX_TARGET_ROW(cbrtf, cbrt)
BX_TARGET_ROW(atanf, atan)
BX_TARGET_ROW(asinf, asin)
BX_TARGET_ROW(acosf, acos)
BX_TARGET_ROW(normcdff, normcdf)
BX_TARGET_ROW(sinpif, sinpi)
BX_TARGET_ROW(cospif, cospi)
BX_TARGET_ROW(tanf, tan)
#undef BX_TARGET_ROW

// Two operands (C's order: atan2f(x, y) is the angle of the point (y, x)).
#define BX_TARGET_ROW2(name, tgt)                                                                  \
  BITEXACT_INLINE bool name(float x, float y, rounding r, float& out) {                            \
    return detail::target_fast2(target::tgt, x, y, r, out);                                        \
  }                                                                                                \
  BITEXACT_INLINE double ulp_error_##name(float x, float y, float result) {                        \
    return detail::target_ulp_error_fast2(target::tgt, x, y, result);                              \
  }
BX_TARGET_ROW2(powf, pow)
BX_TARGET_ROW2(atan2f, atan2)
BX_TARGET_ROW2(hypotf, hypot)
#undef BX_TARGET_ROW2

// ---- the table ---------------------------------------------------------------

// row<F>: the pieces of row F with a uniform signature (the second operand is
// ignored by one-operand functions), for code that loops over the rows.
// Explicit specialisations are ordinary classes: their bodies are compiled
// where this header is included, whether or not anything calls them.
template <Fn F>
struct row;
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                                      \
  template <>                                                                                        \
  struct row<Fn::name> {                                                                             \
    using value_type = type;                                                                         \
    static BITEXACT_INLINE bool value(type x, type y, rounding r, type& out) {                       \
      (void)y;                                                                                       \
      return fast::name(BITEXACT_ARGS_##arity, r, out);                                              \
    }                                                                                                \
    static BITEXACT_INLINE double ulp_error(type x, type y, type result) {                          \
      (void)y;                                                                                       \
      return fast::ulp_error_##name(BITEXACT_ARGS_##arity, result);                                  \
    }                                                                                                \
  };
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

}  // namespace bitexact::truth::fast
