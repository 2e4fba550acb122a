// ULP error of a result against the exact value of the function, from
// bitexact::truth (include/bitexact/truth.hpp: the rules, in docs/truth.md).
//
// sinf/cosf use the truth's fast form (~10 ns, within 2^-23 ulp of the exact
// error: the double approximation of sin/cos has relative error <= 2^-48, and
// the truth falls back to MPFR when the binade of the exact value is unsure),
// and the exact form near a histogram bin boundary (a power of two);
// fmod and ceil results are exact, their errors come from the exact form.
// The engine calls this only for results that are not correctly rounded.
#include <cmath>

#include "bitexact/sweep.hpp"
#include "bitexact/truth.hpp"

namespace bitexact::sweep {
namespace {
// Within 2^-20 (relative) of a power of two: a histogram bin boundary, where
// the fast form's 2^-23 ulp could put the result in the wrong bin.
bool near_bin_boundary(double e) {
  if (!(e > 0) || std::isinf(e)) return false;
  int ex;
  const double m = std::frexp(e, &ex);  // e = m * 2^ex, m in [0.5, 1)
  return m <= 0.5 + 0x1p-21 || m >= 1 - 0x1p-21;
}
}  // namespace

double ulp_error(Fn fn, word a, word b, word result) {
  const auto f32 = [](word w) { return bit_cast<float>(std::uint32_t(w)); };
  const auto f64 = [](word w) { return bit_cast<double>(w); };
  switch (fn) {
    case Fn::sinf: {
      const double e = truth::ulp_error_sinf_approx(f32(a), f32(result));
      return near_bin_boundary(e) ? truth::ulp_error_sinf(f32(a), f32(result)) : e;
    }
    case Fn::cosf: {
      const double e = truth::ulp_error_cosf_approx(f32(a), f32(result));
      return near_bin_boundary(e) ? truth::ulp_error_cosf(f32(a), f32(result)) : e;
    }
    case Fn::fmodf: return truth::ulp_error_fmodf(f32(a), f32(b), f32(result));
    case Fn::fmod: return truth::ulp_error_fmod(f64(a), f64(b), f64(result));
    case Fn::ceilf: return truth::ulp_error_ceilf(f32(a), f32(result));
    case Fn::ceil: return truth::ulp_error_ceil(f64(a), f64(result));
  }
  return 0;
}

}  // namespace bitexact::sweep
