// The truth's fast entry points, made from the rows of bitexact/functions.def
// through the fast layer's table (bitexact/truth/fast_layer.hpp, the same table
// the GPU statistics kernel runs): truth::NAME is the row's fast result, MPFR's
// where the fast layer cannot decide (Ziv: sinf/cosf near a rounding
// boundary; fmod and ceil are exact and never fall back), and
// truth::ulp_error_NAME_approx is the row's fast ULP error, the exact (MPFR)
// form where it has none. Methods and error bounds: docs/truth.md.
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "bitexact/functions.hpp"
#include "bitexact/truth/fast_layer.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth {
namespace {

// Calls of truth::NAME that MPFR decided, per row (fast_stats).
std::atomic<std::uint64_t> g_fallbacks[function_count];

}  // namespace

#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                      \
  type name(BITEXACT_PARAMS_##arity(type), rounding r) {                             \
    type out;                                                                        \
    if (fast::name(BITEXACT_ARGS_##arity, r, out)) return out;                       \
    g_fallbacks[std::size_t(Fn::name)].fetch_add(1, std::memory_order_relaxed);      \
    return mpfr_only::name(BITEXACT_ARGS_##arity, r);                                \
  }                                                                                  \
  double ulp_error_##name##_approx(BITEXACT_PARAMS_##arity(type), type result) {     \
    const double e = fast::ulp_error_##name(BITEXACT_ARGS_##arity, result);          \
    return e < 0 ? ulp_error_##name(BITEXACT_ARGS_##arity, result) : e;              \
  }
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

fast_path_stats fast_stats() {
  return {g_fallbacks[std::size_t(Fn::sinf)].load(std::memory_order_relaxed),
          g_fallbacks[std::size_t(Fn::cosf)].load(std::memory_order_relaxed)};
}
void reset_fast_stats() {
  for (auto& f : g_fallbacks) f.store(0, std::memory_order_relaxed);
}

}  // namespace bitexact::truth
