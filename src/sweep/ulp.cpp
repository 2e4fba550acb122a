// ULP error of a result against the exact value of the function, from
// bitexact::truth (include/bitexact/truth/truth.hpp: the rules, in docs/truth.md).
//
// Each function's approximate form (FnInfo::ulp_error_approx: ~10 ns for
// sinf/cosf, within 2^-23 ulp of the exact error; the exact form itself for
// functions without a faster one), and the exact form near a histogram bin
// boundary (a power of two), where 2^-23 ulp could change the bin
// (hd::near_bin_boundary, shared with the CUDA backend).
// The engine calls this only for results that are not correctly rounded.
#include "bitexact/sweep/classify.hpp"
#include "bitexact/sweep/engine.hpp"

namespace bitexact::sweep {
double ulp_error(Fn fn, word a, word b, word result) {
  return ulp_error_from_approx(fn, a, b, result, fn_info(fn).ulp_error_approx(a, b, result));
}

double ulp_error_from_approx(Fn fn, word a, word b, word result, double approx) {
  return hd::near_bin_boundary(approx) ? fn_info(fn).ulp_error(a, b, result) : approx;
}

}  // namespace bitexact::sweep
