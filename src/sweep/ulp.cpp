// ULP error of a result against the exact value of the function, from
// bitexact::truth (include/bitexact/truth/truth.hpp: the rules, in docs/truth.md).
//
// Each function's approximate form (FnInfo::ulp_error_approx: ~10 ns for
// sinf/cosf, within 2^-23 ulp of the exact error; the exact form itself for
// functions without a faster one), and the exact form near a histogram bin
// boundary (a power of two), where 2^-23 ulp could change the bin
// (hd::near_bin_boundary, shared with the CUDA backend).
// The engine calls this only for results that are not correctly rounded.
#include "bitexact/engine/classify.hpp"
#include "bitexact/engine/sweep.hpp"

namespace bitexact::sweep {
double ulp_error(Fn fn, word a, word b, word result) {
  const FnInfo& f = fn_info(fn);
  const double e = f.ulp_error_approx(a, b, result);
  return hd::near_bin_boundary(e) ? f.ulp_error(a, b, result) : e;
}

}  // namespace bitexact::sweep
