// truth::sinf_batch / cosf_batch: the correctly rounded sinf/cosf of a whole
// array, and the fast layer's double approximation of each input, for the
// sweep engine (which then takes every ULP error from that approximation
// instead of evaluating it a second time).
//
// On a CPU with AVX-512 (dispatch::level::avx512: the 64-bit multiplies, leading-zero
// counts and u64 -> double conversions of the reduction), eight inputs at a
// time perform, lane by lane, exactly the operations of the scalar fast layer
// (bitexact/truth/sincosf_fast.hpp: sinf_approx, cosf_approx, sincos_decide):
//  * the 128-bit product of the reduction in two 64-bit words, the carries
//    explicit; table words selected by a permute instead of by branches;
//  * the rounding of |f| to 53 bits through the same normalisation, sticky
//    bit and round-to-nearest u64 -> double conversion;
//  * the same binary64 multiplications and additions in the same order
//    (products pinned, so no contraction into an fma even under
//    -ffp-contract=fast), the polynomial chosen per lane by masks.
// So each lane's approximation has the bits of the scalar one, and every
// proof of docs/truth.md applies unchanged; tests/truth_batch_test.cpp checks
// the bits against the scalar functions (sampled; all 2^32 under the heavy
// label). Lanes the fast layer cannot decide, and CPUs without AVX-512, take
// the scalar functions (MPFR where needed).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "bitexact/bits.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/truth/sincosf_fast.hpp"
#include "bitexact/truth/truth.hpp"

#if BITEXACT_X86_DISPATCH
#include <immintrin.h>
// GCC 12 warns that the `undefined` vectors its own AVX-512 intrinsics start
// from may be used uninitialised (they are not: every lane is written).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
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

#if BITEXACT_X86_DISPATCH
// bitexact::opaque for 8 doubles: a product the optimiser cannot fuse with
// the addition it feeds.
BITEXACT_TARGET_AVX512 inline __m512d vpin(__m512d v) {
  __asm__("" : "+v"(v));
  return v;
}
BITEXACT_TARGET_AVX512 inline __m512d vmul(__m512d a, __m512d b) { return vpin(_mm512_mul_pd(a, b)); }

// sincos_estrin on 8 lanes, coefficient set b where `use_b`, else a.
BITEXACT_TARGET_AVX512 inline __m512d vestrin(const double (&a)[9], const double (&b)[9], __mmask8 use_b,
                                              __m512d u) {
  __m512d c[9];
  for (int k = 0; k < 9; ++k) c[k] = _mm512_mask_blend_pd(use_b, _mm512_set1_pd(a[k]), _mm512_set1_pd(b[k]));
  const __m512d u2 = vmul(u, u), u4 = vmul(u2, u2), u8 = vmul(u4, u4);
  const __m512d a0 = _mm512_add_pd(c[0], vmul(c[1], u)), a1 = _mm512_add_pd(c[2], vmul(c[3], u));
  const __m512d a2 = _mm512_add_pd(c[4], vmul(c[5], u)), a3 = _mm512_add_pd(c[6], vmul(c[7], u));
  const __m512d b0 = _mm512_add_pd(a0, vmul(a1, u2)), b1 = _mm512_add_pd(a2, vmul(a3, u2));
  return _mm512_add_pd(_mm512_add_pd(b0, vmul(b1, u4)), vmul(c[8], u8));
}

// sincos_reduce on 8 lanes (|x| bits zero-extended to 64): k, f, and the
// lanes where the reduction holds (|f| >= 2^-40). Lanes below the reduction's
// range compute garbage, which the caller discards.
BITEXACT_TARGET_AVX512 inline __mmask8 vreduce(__m512i ab, __m512i& k, __m512d& f) {
  namespace t = detail::tables;
  const __m512i m = _mm512_or_si512(_mm512_and_si512(ab, _mm512_set1_epi64(0x7fffff)), _mm512_set1_epi64(0x800000));
  // s = e - 1 + 63 with e = (abits >> 23) - 150; w = s >> 6, sh = s & 63.
  const __m512i s = _mm512_sub_epi64(_mm512_srli_epi64(ab, 23), _mm512_set1_epi64(88));
  const __m512i w = _mm512_srai_epi64(s, 6), sh = _mm512_and_si512(s, _mm512_set1_epi64(63));
  // The padded words of 2/pi (a zero word first), indexed by w, w+1, w+2.
  const __m512i tbl = _mm512_set_epi64(0, 0, 0, std::int64_t(t::two_over_pi_bits[3]),
                                       std::int64_t(t::two_over_pi_bits[2]), std::int64_t(t::two_over_pi_bits[1]),
                                       std::int64_t(t::two_over_pi_bits[0]), 0);
  const __m512i one = _mm512_set1_epi64(1);
  const __m512i p0 = _mm512_permutexvar_epi64(w, tbl);
  const __m512i p1 = _mm512_permutexvar_epi64(_mm512_add_epi64(w, one), tbl);
  const __m512i p2 = _mm512_permutexvar_epi64(_mm512_add_epi64(w, _mm512_set1_epi64(2)), tbl);
  // Variable shifts by 64 give 0, so sh = 0 needs no branch (hi = p0, lo = p1).
  const __m512i rsh = _mm512_sub_epi64(_mm512_set1_epi64(64), sh);
  const __m512i hi = _mm512_or_si512(_mm512_sllv_epi64(p0, sh), _mm512_srlv_epi64(p1, rsh));
  const __m512i lo = _mm512_or_si512(_mm512_sllv_epi64(p1, sh), _mm512_srlv_epi64(p2, rsh));
  // R = (hi:lo) m mod 2^128, m < 2^24: lo m = b 2^32 + a with a, b < 2^56.
  const __m512i a = _mm512_mul_epu32(lo, m);
  const __m512i b = _mm512_mul_epu32(_mm512_srli_epi64(lo, 32), m);
  const __m512i r_lo = _mm512_add_epi64(a, _mm512_slli_epi64(b, 32));
  const __m512i carry = _mm512_maskz_mov_epi64(_mm512_cmplt_epu64_mask(r_lo, a), one);
  __m512i r_hi = _mm512_add_epi64(_mm512_mullo_epi64(hi, m), _mm512_add_epi64(_mm512_srli_epi64(b, 32), carry));
  // Rr = R + 2^125 (the high word only); k = its top two bits; F = (Rr mod
  // 2^126) - 2^125, signed, in (hi, lo) = (r_hi', r_lo).
  r_hi = _mm512_add_epi64(r_hi, _mm512_set1_epi64(std::int64_t(1) << 61));
  k = _mm512_srli_epi64(r_hi, 62);
  const __m512i f_hi =
      _mm512_sub_epi64(_mm512_and_si512(r_hi, _mm512_set1_epi64((std::int64_t(1) << 62) - 1)),
                       _mm512_set1_epi64(std::int64_t(1) << 61));
  const __m512i sgn = _mm512_srai_epi64(f_hi, 63);
  // |F| = (F ^ sgn) - sgn over 128 bits.
  const __m512i x_lo = _mm512_xor_si512(r_lo, sgn), x_hi = _mm512_xor_si512(f_hi, sgn);
  const __m512i a_lo = _mm512_sub_epi64(x_lo, sgn);
  const __mmask8 wrap = _mm512_cmpeq_epi64_mask(a_lo, _mm512_setzero_si512());
  const __m512i a_hi = _mm512_mask_sub_epi64(x_hi, wrap, x_hi, sgn);  // + 1 where sgn and the low word wrapped
  // |f| >= 2^-40 <=> |F| >= 2^86 <=> the high word >= 2^22; then it is nonzero
  // and the scalar clz of the 128-bit value is that of the high word.
  const __mmask8 ok = _mm512_cmpge_epu64_mask(a_hi, _mm512_set1_epi64(std::int64_t(1) << 22));
  const __m512i lz = _mm512_lzcnt_epi64(a_hi);
  const __m512i top0 = _mm512_or_si512(_mm512_sllv_epi64(a_hi, lz),
                                       _mm512_srlv_epi64(a_lo, _mm512_sub_epi64(_mm512_set1_epi64(64), lz)));
  const __mmask8 sticky = _mm512_test_epi64_mask(_mm512_sllv_epi64(a_lo, lz), _mm512_sllv_epi64(a_lo, lz));
  const __m512i top = _mm512_mask_or_epi64(top0, sticky, top0, one);
  const __m512d top_d = _mm512_cvt_roundepu64_pd(top, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  // 2^(-62 - lz), exact scaling; then the sign of F.
  const __m512d scale =
      _mm512_castsi512_pd(_mm512_slli_epi64(_mm512_sub_epi64(_mm512_set1_epi64(1023 - 62), lz), 52));
  const __m512d fa = _mm512_mul_pd(top_d, scale);
  f = _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(fa), _mm512_slli_epi64(sgn, 63)));
  return ok;
}

// sincos_eval_quadrant on 8 lanes (q in 0..3).
BITEXACT_TARGET_AVX512 inline __m512d veval_quadrant(__m512i q, __m512d f) {
  namespace t = detail::tables;
  const __m512d u = vmul(f, f);
  const __mmask8 odd = _mm512_test_epi64_mask(q, _mm512_set1_epi64(1));
  const __m512d m = _mm512_mask_blend_pd(odd, f, _mm512_set1_pd(1.0));
  const __m512d p = _mm512_mul_pd(m, vestrin(t::sin_f_coeffs, t::cos_f_coeffs, odd, u));
  const __m512i flip = _mm512_slli_epi64(_mm512_and_si512(q, _mm512_set1_epi64(2)), 62);
  return _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(p), flip));
}

// Eight inputs: y (NaN where the scalar layer has none), and the lanes whose
// result is decided (then in `out`).
template <trig T>
BITEXACT_TARGET_AVX512 inline __mmask8 kernel8(const float* xp, float* out, double* yp) {
  namespace t = detail::tables;
  const __m256 x = _mm256_loadu_ps(xp);
  const __m256i bits32 = _mm256_castps_si256(x);
  const __m256i abits32 = _mm256_and_si256(bits32, _mm256_set1_epi32(0x7fffffff));
  const __m512i ab = _mm512_cvtepu32_epi64(abits32);
  const __m512d xd = _mm512_cvtps_pd(x);  // exact
  // |x| <= 0x3f490fda: the Taylor polynomial in x; otherwise the reduction,
  // then the quadrant's polynomial. Each only where some lane needs it
  // (neighbouring inputs, as in a sweep, mostly take the same one).
  const __mmask8 small = _mm512_cmple_epu64_mask(ab, _mm512_set1_epi64(detail::sincos_small_bits));
  __m512d y_small = _mm512_setzero_pd(), y_large = _mm512_setzero_pd();
  __mmask8 reduced = 0;
  if (small != 0) {
    const __m512d u = vmul(xd, xd);
    y_small = T == trig::sin ? _mm512_mul_pd(xd, vestrin(t::sin_x_coeffs, t::sin_x_coeffs, 0, u))
                             : vestrin(t::cos_x_coeffs, t::cos_x_coeffs, 0, u);
  }
  if (small != 0xff) {
    __m512i k;
    __m512d f;
    reduced = vreduce(ab, k, f);
    const __m512i q = _mm512_and_si512(T == trig::sin ? k : _mm512_add_epi64(k, _mm512_set1_epi64(1)),
                                       _mm512_set1_epi64(3));
    y_large = veval_quadrant(q, f);
    if constexpr (T == trig::sin) {  // odd: the sign of x
      const __m512i sign = _mm512_slli_epi64(_mm512_srli_epi64(_mm512_cvtepu32_epi64(bits32), 31), 63);
      y_large = _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(y_large), sign));
    }
  }
  const __m512d y = _mm512_mask_blend_pd(small, y_large, y_small);
  const __mmask8 finite = _mm512_cmplt_epu64_mask(ab, _mm512_set1_epi64(0x7f800000));
  const __mmask8 nonzero = _mm512_test_epi64_mask(ab, ab);
  const __mmask8 has_y = finite & nonzero & (small | reduced);
  _mm512_storeu_pd(yp, _mm512_mask_blend_pd(has_y, _mm512_set1_pd(std::nan("")), y));
  // sincos_decide, nearest: y (1 -+ 2^-47) must round to the same float.
  const __m512d ay = _mm512_castsi512_pd(_mm512_and_si512(_mm512_castpd_si512(y), _mm512_set1_epi64(0x7fffffffffffffffll)));
  const __m512d d = vmul(ay, _mm512_set1_pd(detail::sincos_check_width));
  const __m256 lo = _mm512_cvt_roundpd_ps(_mm512_sub_pd(y, d), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  const __m256 hi = _mm512_cvt_roundpd_ps(_mm512_add_pd(y, d), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  const __mmask8 same = _mm256_cmpeq_epi32_mask(_mm256_castps_si256(lo), _mm256_castps_si256(hi));
  // |x| < 2^-12 is decided without y: sin x -> x, cos x -> 1 (sinf_fast).
  const __mmask8 tiny = _mm256_cmplt_epu32_mask(abits32, _mm256_set1_epi32(std::int32_t(detail::sincos_tiny_bits)));
  const __m256 tiny_r = T == trig::sin ? x : _mm256_set1_ps(1.0f);
  _mm256_storeu_ps(out, _mm256_mask_blend_ps(tiny, lo, tiny_r));
  return tiny | (finite & (small | reduced) & same);
}

template <trig T>
BITEXACT_TARGET_AVX512 void avx512_loop(const float* x, float* out, double* y, std::size_t n) {
  std::size_t i = 0;
  alignas(64) double scratch[8];
  for (; i + 8 <= n; i += 8) {
    alignas(32) float r[8];
    double* ys = y ? y + i : scratch;
    const __mmask8 done = kernel8<T>(x + i, r, ys);
    if (done != 0xff) [[unlikely]]  // undecided, NaN, Inf: the scalar layer (MPFR where needed)
      for (int j = 0; j < 8; ++j)
        if (!((done >> j) & 1)) scalar_one<T>(x[i + j], r[j], ys[j]);
    std::memcpy(out + i, r, sizeof r);  // after every read of x + i: `out` may alias `x`
  }
  scalar_loop<T>(x + i, out + i, y ? y + i : nullptr, n - i);
}
#endif

template <trig T>
void batch(const float* x, float* out, double* y, std::size_t n) {
#if BITEXACT_X86_DISPATCH
  if (dispatch::at_least(dispatch::level::avx512)) return avx512_loop<T>(x, out, y, n);
#endif
  scalar_loop<T>(x, out, y, n);
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

#if BITEXACT_X86_DISPATCH
// Eight errors at a time: detail::ulp_error_from_approx's operations on
// eight lanes (the same binary64 products, subtraction and exact scaling),
// for the lanes where it decides (a NaN-free approximation, a finite result,
// a certain binade); the others take the scalar function, which also holds
// the rules for tiny inputs.
template <trig T, class X>
BITEXACT_TARGET_AVX512 void ulp_errors_avx512(const X* x, const double* approx, const X* r, const std::uint32_t* idx,
                                              std::size_t n, double* e) {
  const __m512i absmask = _mm512_set1_epi64(0x7fffffffffffffffll);
  std::size_t q = 0;
  for (; q + 8 <= n; q += 8) {
    const __m256i j = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(idx + q));
    const __m512d y = _mm512_i32gather_pd(j, approx, 8);
    __m256i r32;
    if constexpr (sizeof(X) == 8)
      r32 = _mm512_cvtepi64_epi32(_mm512_i32gather_epi64(j, reinterpret_cast<const long long*>(r), 8));
    else
      r32 = _mm256_i32gather_epi32(reinterpret_cast<const int*>(r), j, 4);  // (float bits; an intrinsic's access)
    const __m512d ay = _mm512_castsi512_pd(_mm512_and_si512(_mm512_castpd_si512(y), absmask));
    const __m512i elo = _mm512_srli_epi64(_mm512_castpd_si512(vmul(ay, _mm512_set1_pd(1 - 0x1p-47))), 52);
    const __m512i ehi = _mm512_srli_epi64(_mm512_castpd_si512(vmul(ay, _mm512_set1_pd(1 + 0x1p-47))), 52);
    // Biased exponents below 1023 - 126 count as 1023 - 126 (subnormal range).
    const __m512i floor = _mm512_set1_epi64(1023 - 126);
    const __m512i blo = _mm512_max_epi64(elo, floor), bhi = _mm512_max_epi64(ehi, floor);
    const __mmask8 certain = _mm512_cmpeq_epi64_mask(blo, bhi);
    const __mmask8 finite_r =
        _mm256_cmplt_epu32_mask(_mm256_and_si256(r32, _mm256_set1_epi32(0x7fffffff)), _mm256_set1_epi32(0x7f800000));
    const __mmask8 has_y = _mm512_cmp_pd_mask(y, y, _CMP_ORD_Q);
    // 2^(23 - e) with e = blo - 1023: biased 1023 + 23 - e = 2069 - blo.
    const __m512d scale = _mm512_castsi512_pd(_mm512_slli_epi64(_mm512_sub_epi64(_mm512_set1_epi64(2069), blo), 52));
    const __m512d d = _mm512_sub_pd(_mm512_cvtps_pd(_mm256_castsi256_ps(r32)), y);
    const __m512d err = _mm512_mul_pd(_mm512_castsi512_pd(_mm512_and_si512(_mm512_castpd_si512(d), absmask)), scale);
    _mm512_storeu_pd(e + q, err);
    const __mmask8 done = certain & finite_r & has_y;
    if (done != 0xff) [[unlikely]]
      for (int l = 0; l < 8; ++l)
        if (!((done >> l) & 1)) {
          const std::uint32_t jj = idx[q + l];
          e[q + l] = ulp_one<T>(bits_of(x[jj]), approx[jj], bits_of(r[jj]));
        }
  }
  for (; q < n; ++q) e[q] = ulp_one<T>(bits_of(x[idx[q]]), approx[idx[q]], bits_of(r[idx[q]]));
}
#endif

template <trig T, class X>
void ulp_errors(const X* x, const double* approx, const X* r, const std::uint32_t* idx, std::size_t n, double* e) {
#if BITEXACT_X86_DISPATCH
  if (dispatch::at_least(dispatch::level::avx512)) return ulp_errors_avx512<T>(x, approx, r, idx, n, e);
#endif
  for (std::size_t q = 0; q < n; ++q) e[q] = ulp_one<T>(bits_of(x[idx[q]]), approx[idx[q]], bits_of(r[idx[q]]));
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
