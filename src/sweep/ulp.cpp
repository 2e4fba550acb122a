// ULP error of a result against the exact value of the function, from
// bitexact::truth (include/bitexact/truth/truth.hpp: the rules, in docs/truth.md).
//
// Each function's approximate form (FnInfo::ulp_error_approx: ~10 ns for
// sinf/cosf, within 2^-23 ulp of the exact error; the exact form itself for
// functions without a faster one), and the exact form near a histogram bin
// boundary (a power of two), where 2^-23 ulp could change the bin.
// The engine calls this only for results that are not correctly rounded.
#include <cmath>

#include "bitexact/engine/sweep.hpp"

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
  const FnInfo& f = fn_info(fn);
  const double e = f.ulp_error_approx(a, b, result);
  return near_bin_boundary(e) ? f.ulp_error(a, b, result) : e;
}

}  // namespace bitexact::sweep
