// bitexact/truth/sincosf_batch.hpp — which rows of bitexact/functions.def
// have a truth batch that also returns its fast layer's approximations
// (src/truth/sincosf_batch.cpp: sinf, cosf), as a trait the registration of
// the truth expands for every row (src/impls/mpfr_impls.cpp names no function).
//
// approx_batch<F>, for those rows only:
//   values(x, out, approx, n)                  truth::NAME_batch (truth.hpp)
//   ulp_errors(x, approx, result, idx, n, e)   truth::ulp_errors_NAME_from_approx, on values
// Every other row has the empty primary template: its truth is evaluated
// input by input (truth::NAME) and its ULP errors come from
// truth::ulp_error_NAME_approx.
#pragma once

#include <cstddef>
#include <cstdint>

#include "bitexact/functions.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth {

template <Fn F>
struct approx_batch {};

// The forms of a one-operand function of type T.
template <class T>
struct approx_batch_forms {
  using values_fn = void (*)(const T* x, T* out, double* approx, std::size_t n);
  using ulp_errors_fn = void (*)(const T* x, const double* approx, const T* result, const std::uint32_t* idx,
                                 std::size_t n, double* e);
};

template <>
struct approx_batch<Fn::sinf> {
  static constexpr approx_batch_forms<float>::values_fn values = &sinf_batch;
  static constexpr approx_batch_forms<float>::ulp_errors_fn ulp_errors = &ulp_errors_sinf_from_approx;
};
template <>
struct approx_batch<Fn::cosf> {
  static constexpr approx_batch_forms<float>::values_fn values = &cosf_batch;
  static constexpr approx_batch_forms<float>::ulp_errors_fn ulp_errors = &ulp_errors_cosf_from_approx;
};

}  // namespace bitexact::truth
