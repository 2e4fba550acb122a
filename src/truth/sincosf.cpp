// Fast correctly rounded sinf/cosf (all four rounding modes), with MPFR as the
// fallback when the fast approximation cannot decide the rounding (Ziv). The
// fast layer itself is host/device code in bitexact/truth/sincosf_fast.hpp
// (the CUDA sweep backend runs the same functions on the GPU); method and
// error bound in docs/truth.md.
#include <atomic>
#include <cstdint>

#include "bitexact/bits.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact::truth {
namespace {

std::atomic<std::uint64_t> g_sin_fallbacks{0}, g_cos_fallbacks{0};

}  // namespace

float sinf(float x, rounding r) {
  float out;
  if (detail::sinf_fast(x, r, out)) return out;
  g_sin_fallbacks.fetch_add(1, std::memory_order_relaxed);
  return mpfr_only::sinf(x, r);
}

float cosf(float x, rounding r) {
  float out;
  if (detail::cosf_fast(x, r, out)) return out;
  g_cos_fallbacks.fetch_add(1, std::memory_order_relaxed);
  return mpfr_only::cosf(x, r);
}

double ulp_error_sinf_approx(float x, float result) {
  const double e = detail::ulp_error_sinf_fast(x, result);
  return e < 0 ? ulp_error_sinf(x, result) : e;
}

double ulp_error_cosf_approx(float x, float result) {
  const double e = detail::ulp_error_cosf_fast(x, result);
  return e < 0 ? ulp_error_cosf(x, result) : e;
}

fast_path_stats fast_stats() {
  return {g_sin_fallbacks.load(std::memory_order_relaxed), g_cos_fallbacks.load(std::memory_order_relaxed)};
}
void reset_fast_stats() {
  g_sin_fallbacks.store(0, std::memory_order_relaxed);
  g_cos_fallbacks.store(0, std::memory_order_relaxed);
}

}  // namespace bitexact::truth
