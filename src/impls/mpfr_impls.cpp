// Implementation "mpfr": correctly rounded, round-to-nearest-even (bitexact::truth:
// fast exact paths, falling back to MPFR where needed; see docs/truth.md), every
// function of bitexact/functions.def (for a BITEXACT_NV_FUNCTION row, the
// function it approximates: truth.hpp, "targets"). It is the implementation
// marked correctly_rounded: sweeps and reports take it as the truth (find_truth).
#include <cstddef>
#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/registry/registry.hpp"
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

// sinf/cosf through truth::sinf_batch / cosf_batch (eight inputs at a time
// where the CPU allows; the same bits), with the approximations the engine
// takes the ULP errors from (Impl::eval_approx).
using FloatBatch = void (*)(const float*, float*, double*, std::size_t);
template <FloatBatch B>
void words_approx(const word* const* args, word* out, double* approx, std::size_t n) {
  constexpr std::size_t step = 1024;
  float x[step], r[step];
  for (std::size_t i = 0; i < n; i += step) {
    const std::size_t m = n - i < step ? n - i : step;
    for (std::size_t j = 0; j < m; ++j) x[j] = bit_cast<float>(std::uint32_t(args[0][i + j]));
    B(x, r, approx ? approx + i : nullptr, m);
    for (std::size_t j = 0; j < m; ++j) out[i + j] = bit_cast<std::uint32_t>(r[j]);
  }
}
template <FloatBatch B>
void values_eval(const void* x, const void*, void* out, std::size_t n) {
  B(static_cast<const float*>(x), static_cast<float*>(out), nullptr, n);
}
template <FloatBatch B>
void words_eval(const word* const* args, word* out, std::size_t n) {
  words_approx<B>(args, out, nullptr, n);
}
// The sinf/cosf truth with every form the engine uses: B its batch, U and
// Uf its ULP errors from the batch's approximations (words, floats).
template <FloatBatch B, decltype(Impl::ulp_from_approx) U, decltype(Impl::ulp_from_approx_f32) Uf>
Impl trig_truth(Fn fn, const char* description) {
  Impl t{"mpfr", fn, words_eval<B>, description, true};
  t.eval_approx = words_approx<B>;
  t.ulp_from_approx = U;
  t.values = values_eval<B>;
  t.eval_approx_f32 = B;
  t.ulp_from_approx_f32 = Uf;
  return t;
}

const bool registered = [] {
  const char* d = "correctly rounded, round-to-nearest-even (bitexact::truth fast paths, MPFR fallback)";
  register_impl(trig_truth<&truth::sinf_batch, &truth::ulp_errors_sinf_from_approx, &truth::ulp_errors_sinf_from_approx>(
      Fn::sinf, d));
  register_impl(trig_truth<&truth::cosf_batch, &truth::ulp_errors_cosf_from_approx, &truth::ulp_errors_cosf_from_approx>(
      Fn::cosf, d));
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                                \
  if (Fn::name != Fn::sinf && Fn::name != Fn::cosf)                                            \
    register_impl(with_values({"mpfr", Fn::name, batch<&nearest<&truth::name>::run>, d, true}, \
                              scalar_values_of<&nearest<&truth::name>::run>));
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) BITEXACT_FUNCTION(name, arity, type, , edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
  return true;
}();

}  // namespace
}  // namespace bitexact
