// Implementation "mpfr": correctly rounded, round-to-nearest-even (bitexact::truth:
// fast exact paths, falling back to MPFR where needed; see docs/truth.md), every
// function of bitexact/functions.def (for a BITEXACT_NV_FUNCTION row, the
// function it approximates: truth.hpp, "targets"). It is the implementation
// marked correctly_rounded: sweeps and reports take it as the truth (find_truth).
#include "bitexact/engine/impl.hpp"
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

const bool registered = [] {
  const char* d = "correctly rounded, round-to-nearest-even (bitexact::truth fast paths, MPFR fallback)";
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  register_impl({"mpfr", Fn::name, batch<&nearest<&truth::name>::run>, d, true});
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) BITEXACT_FUNCTION(name, arity, type, , edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
  return true;
}();

}  // namespace
}  // namespace bitexact
