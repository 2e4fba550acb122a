// Implementation "nv-fast": what `nvcc -use_fast_math` (CUDA 13.0, sm_90)
// makes of sinf, cosf, fmodf, fmod, ceilf, ceil, and the fast intrinsics it
// substitutes, as functions: expf (__expf), exp10f, logf, log2f, log10f,
// tanf, fdividef (x / y). All FTZ. And "nv-intrinsics": the intrinsics
// themselves in a default -ftz=false build. bitexact/nv/fast.hpp (nv::fast::row:
// one entry per row of functions.def); docs/nv-fast.md.
#include <string>

#include "bitexact/nv/fast.hpp"
#include "bitexact/nv/fast_span.hpp"
#include "bitexact/registry/registry.hpp"

namespace bitexact {
namespace {

// Row F's entries, from nv::fast::row<F> (every row has one, nullptr or not).
// nv-fast and nv-intrinsics are fast-math approximations (Impl::approximate).
// Evaluated by the span form of the same function where it has one
// (nv::fast::span_row: SIMD lanes), else by the scalar function.
template <Fn F, auto Scalar, auto Span>
constexpr Eval<typename fn_traits<F>::type> values() {
  if constexpr (Span != nullptr)
    return span_values_of<F, Span>;
  else
    return scalar_values_of<F, Scalar>;
}

template <Fn F>
void register_row() {
  using R = nv::fast::row<F>;
  using S = nv::fast::span_row<F>;
  if constexpr (R::fast != nullptr)
    register_approximate({"nv-fast", F, values<F, R::fast, S::fast>(),
                          std::string("CUDA 13.0 nvcc -use_fast_math (sm_90): ") + R::fast_what});
  // The same intrinsics called in a default (-ftz=false) build.
  if constexpr (R::intrinsic != nullptr)
    register_approximate({"nv-intrinsics", F, values<F, R::intrinsic, S::intrinsic>(),
                          std::string("CUDA 13.0 intrinsic, nvcc -ftz=false (sm_90): ") + R::intrinsic_what});
}

const bool registered = [] {
  register_summary("nv-fast",
                   "CUDA 13.0 nvcc -use_fast_math (sm_90): the intrinsic it substitutes (__sinf, __expf, ...), "
                   "else libdevice's FTZ code");
  register_summary("nv-intrinsics", "CUDA 13.0 intrinsics (__sinf, __expf, ...), nvcc -ftz=false (sm_90)");
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) register_row<Fn::name>();
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) register_row<Fn::name>();
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
  return true;
}();

}  // namespace
}  // namespace bitexact
