// truth::sinf_batch / cosf_batch: the correctly rounded sinf/cosf of a whole
// array, and the fast layer's double approximation of each input, for the
// sweep engine (which then takes every ULP error from that approximation
// instead of evaluating it a second time).
//
// On a CPU with vector units (AVX2, AVX-512, NEON, SVE: the SIMD layer's
// targets, bitexact/simd/hwy.hpp; the kernels are
// bitexact/truth/sincosf_batch-inl.hpp), the lanes of a vector perform, lane
// by lane, exactly the operations of the scalar fast layer
// (bitexact/truth/sincosf_fast.hpp: sinf_approx, cosf_approx, sincos_decide):
//  * the 128-bit product of the reduction in two 64-bit words, the carries
//    explicit; table words selected by a gather instead of by branches;
//  * the rounding of |f| to 53 bits through the same normalisation, sticky
//    bit and round-to-nearest u64 -> double conversion;
//  * the same binary64 multiplications and additions in the same order
//    (products pinned, so no contraction into an fma even under
//    -ffp-contract=fast), the polynomial chosen per lane by masks.
// So each lane's approximation has the bits of the scalar one, and every
// proof of docs/truth.md applies unchanged; tests/truth_batch_test.cpp checks
// the bits against the scalar functions (sampled; all 2^32 under the heavy
// label). Lanes the fast layer cannot decide, and CPUs below AVX2, take the
// scalar functions (MPFR where needed).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "bitexact/bits.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/truth.hpp"

#include "bitexact/simd/hwy.hpp"
#if BITEXACT_SIMD
#define BITEXACT_SIMD_INCLUDE "bitexact/truth/sincosf_batch-inl.hpp"
#include "bitexact/simd/foreach.hpp"
#endif

namespace bitexact::truth {
namespace {

enum class trig { sin, cos };

// One input by the scalar layer: the result, and y (NaN when there is none).
// y decides the result as truth::sinf / cosf would (sincos_decide), so it is
// evaluated once; |x| < 2^-12 (decided without y), NaN, Inf and undecided
// inputs take truth::sinf / cosf themselves (MPFR where needed).
template <trig T>
inline void scalar_one(float x, float& out, double& y) {
  const bool ok = T == trig::sin ? detail::sinf_approx(x, y) : detail::cosf_approx(x, y);
  const std::uint32_t abits = bit_cast<std::uint32_t>(x) & 0x7fffffffu;
  if (!ok || abits == 0) y = std::nan("");
  if (!(ok && abits >= detail::sincos_tiny_bits && detail::sincos_decide(y, rounding::nearest, out)))
    out = T == trig::sin ? sinf(x) : cosf(x);
}

template <trig T>
void scalar_loop(const float* x, float* out, double* y, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    double yi;
    scalar_one<T>(x[i], out[i], yi);
    if (y) y[i] = yi;
  }
}

template <trig T>
void batch(const float* x, float* out, double* y, std::size_t n) {
  const std::size_t done = BITEXACT_SIMD_DISPATCH(
      std::size_t(0), detail,
      sincosf_batch<T == trig::sin>(x, out, y, n, [](float xi, float& o, double& yi) { scalar_one<T>(xi, o, yi); }));
  scalar_loop<T>(x + done, out + done, y ? y + done : nullptr, n - done);
}

}  // namespace

void sinf_batch(const float* x, float* out, double* approx, std::size_t n) { batch<trig::sin>(x, out, approx, n); }
void cosf_batch(const float* x, float* out, double* approx, std::size_t n) { batch<trig::cos>(x, out, approx, n); }

namespace {
template <trig T>
double ulp_one(std::uint32_t x, double approx, std::uint32_t r) {
  const float xf = bit_cast<float>(x), rf = bit_cast<float>(r);
  return T == trig::sin ? ulp_error_sinf_from_approx(xf, approx, rf) : ulp_error_cosf_from_approx(xf, approx, rf);
}

// X: 64-bit words holding float bits in their low half, or floats.
template <class X>
std::uint32_t bits_of(X v) {
  if constexpr (sizeof(X) == 8)
    return std::uint32_t(v);
  else
    return bit_cast<std::uint32_t>(v);
}

template <trig T, class X>
void ulp_errors(const X* x, const double* approx, const X* r, const std::uint32_t* idx, std::size_t n, double* e) {
  const auto one = [&](std::size_t q) { e[q] = ulp_one<T>(bits_of(x[idx[q]]), approx[idx[q]], bits_of(r[idx[q]])); };
  std::size_t q = BITEXACT_SIMD_DISPATCH(std::size_t(0), detail, ulp_errors(approx, r, idx, n, e, one));
  for (; q < n; ++q) one(q);
}
}  // namespace

void ulp_errors_sinf_from_approx(const std::uint64_t* x, const double* approx, const std::uint64_t* result,
                                 const std::uint32_t* idx, std::size_t n, double* e) {
  ulp_errors<trig::sin>(x, approx, result, idx, n, e);
}
void ulp_errors_cosf_from_approx(const std::uint64_t* x, const double* approx, const std::uint64_t* result,
                                 const std::uint32_t* idx, std::size_t n, double* e) {
  ulp_errors<trig::cos>(x, approx, result, idx, n, e);
}
void ulp_errors_sinf_from_approx(const float* x, const double* approx, const float* result, const std::uint32_t* idx,
                                 std::size_t n, double* e) {
  ulp_errors<trig::sin>(x, approx, result, idx, n, e);
}
void ulp_errors_cosf_from_approx(const float* x, const double* approx, const float* result, const std::uint32_t* idx,
                                 std::size_t n, double* e) {
  ulp_errors<trig::cos>(x, approx, result, idx, n, e);
}

double ulp_error_sinf_from_approx(float x, double approx, float result) {
  const double e = std::isnan(approx) ? -1.0 : detail::ulp_error_sinf_from(x, approx, result);
  return e < 0 ? ulp_error_sinf(x, result) : e;
}
double ulp_error_cosf_from_approx(float x, double approx, float result) {
  const double e = std::isnan(approx) ? -1.0 : detail::ulp_error_cosf_from(x, approx, result);
  return e < 0 ? ulp_error_cosf(x, result) : e;
}

}  // namespace bitexact::truth
