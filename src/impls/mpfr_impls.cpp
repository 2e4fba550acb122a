// Implementation "mpfr": correctly rounded, round-to-nearest-even (bitexact::truth:
// fast exact paths, falling back to MPFR where needed; see docs/truth.md), every
// function of bitexact/functions.def (for a BITEXACT_NV_FUNCTION row, the
// function it approximates: truth.hpp, "targets"). It is the implementation
// marked correctly_rounded: sweeps and reports take it as the truth (find_truth).
#include <cstddef>
#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/truth/sincosf_batch.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact {
namespace {

// truth::NAME takes a rounding mode last; the registry wants nearest-even.
template <auto F>
struct nearest;
template <class T, T (*F)(T, truth::rounding)>
struct nearest<F> {
  static T run(T x) { return F(x, truth::rounding::nearest); }
};
template <class T, T (*F)(T, T, truth::rounding)>
struct nearest<F> {
  static T run(T x, T y) { return F(x, y, truth::rounding::nearest); }
};

// A row with a truth batch (truth::approx_batch) is evaluated
// through it (eight inputs at a time where the CPU allows; the same bits),
// with the approximations the engine takes the ULP errors from
// (Eval::values_approx, ulp_from_approx).
template <Fn F>
struct from_batch {
  using T = typename fn_traits<F>::type;
  using B = truth::approx_batch<F>;
  static_assert(fn_traits<F>::arity == 1, "truth batches are one-operand");
  static void values(const T* x, const T*, T* out, std::size_t n) { B::values(x, out, nullptr, n); }
  static void values_approx(const T* x, const T*, T* out, double* approx, std::size_t n) {
    B::values(x, out, approx, n);
  }
  static void ulp_from_approx(const T* x, const T*, const double* approx, const T* result, const std::uint32_t* idx,
                              std::size_t n, double* e) {
    B::ulp_errors(x, approx, result, idx, n, e);
  }
};

// The truth of row F: its batch where it has one, else Scalar input by input.
template <Fn F, typename fn_traits<F>::signature* Scalar>
constexpr Eval<typename fn_traits<F>::type> truth_eval() {
  if constexpr (requires { truth::approx_batch<F>::values; })
    return {&from_batch<F>::values, &from_batch<F>::values_approx, &from_batch<F>::ulp_from_approx};
  else
    return scalar_values_of<F, Scalar>;
}

const bool registered = [] {
  const char* d = "correctly rounded, round-to-nearest-even (bitexact::truth fast paths, MPFR fallback)";
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  register_impl({"mpfr", Fn::name, truth_eval<Fn::name, &nearest<&truth::name>::run>(), d, true});
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) BITEXACT_FUNCTION(name, arity, type, , edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
  return true;
}();

}  // namespace
}  // namespace bitexact
