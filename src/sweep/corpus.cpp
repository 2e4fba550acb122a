// The edge corpus (bitexact/sweep/corpus.hpp).
//
// The hardest argument reductions of sinf/cosf are the floats nearest to
// multiples of pi/2. They are found per binade without scanning: with
// x = m * 2^(e-23), m in [2^23, 2^24), x * 2/pi = m * alpha with
// alpha = 2^(e-23) * 2/pi, and the m whose m*alpha is nearest an integer come
// from the continued-fraction expansion of alpha (closest_to_integers below).
#include "bitexact/sweep/corpus.hpp"

#include "bitexact/io/hexio.hpp"  // input_error

#include <algorithm>
#include <array>
#include <cmath>
#include <mutex>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <mpfr.h>

namespace bitexact::corpus {
namespace {

struct mp {
  mpfr_t v;
  explicit mp(mpfr_prec_t p) { mpfr_init2(v, p); }
  ~mp() { mpfr_clear(v); }
  mp(const mp&) = delete;
  mp& operator=(const mp&) = delete;
};

constexpr mpfr_prec_t working_prec = 640;

void set_u64(mpfr_t x, std::uint64_t v) { mpfr_set_uj(x, v, MPFR_RNDN); }

// Min over m in [lo, hi) of |m*alpha - k|, alpha in [0,1) at working_prec bits.
//
// Let p_j/q_j be the convergents of alpha and eps_j = q_j*alpha - p_j. Two
// consecutive convergents form a basis of Z^2, so every (m, k) is
// u*(q_j, p_j) + v*(q_{j+1}, p_{j+1}) and
//     m*alpha - k = (m*eps_j + sigma*v) / q_j,   sigma = q_{j+1} p_j - q_j p_{j+1} = +-1,
// with m = v*q_{j+1} (mod q_j). Choosing j with q_j <= hi-lo < q_{j+1} makes
// |eps_j| < 1/(hi-lo), so |m*alpha - k| <= delta leaves only about
// 2*delta*q_j + 1 values of v, and for each v the best m of the residue class
// is the one nearest to -sigma*v/eps_j. delta starts at keep/q_j (enough by the
// three-gap theorem for one point) and doubles until `keep` points are found.
std::vector<Approx> closest(const mpfr_t alpha, std::uint64_t lo, std::uint64_t hi, std::size_t keep) {
  if (lo >= hi || keep == 0) return {};
  const std::uint64_t L = hi - lo;
  // Convergents until q exceeds L.
  __int128 pm2 = 0, qm2 = 1, pm1 = 1, qm1 = 0;  // p_{-2}, q_{-2}, p_{-1}, q_{-1}
  __int128 pj = 0, qj = 1, pj1 = 0, qj1 = 0;
  mp x(working_prec), t(working_prec);
  mpfr_set(x.v, alpha, MPFR_RNDN);
  bool have_next = false;
  for (int it = 0; it < 200; ++it) {
    mpfr_floor(t.v, x.v);
    const __int128 a = __int128(mpfr_get_uj(t.v, MPFR_RNDN));
    const __int128 p = a * pm1 + pm2, q = a * qm1 + qm2;
    if (q > __int128(L)) {
      pj1 = p, qj1 = q, have_next = true;
      break;
    }
    pj = p, qj = q;
    pm2 = pm1, qm2 = qm1, pm1 = p, qm1 = q;
    mpfr_sub(x.v, x.v, t.v, MPFR_RNDN);
    if (mpfr_zero_p(x.v)) break;  // rational alpha
    mpfr_ui_div(x.v, 1, x.v, MPFR_RNDN);
  }
  if (!have_next) throw std::logic_error("closest_to_integers: alpha is rational with a small denominator");
  const long double sigma = (long double)(qj1 * pj - qj * pj1);  // +-1
  mp eps(working_prec);
  set_u64(eps.v, std::uint64_t(qj));
  mpfr_mul(eps.v, eps.v, alpha, MPFR_RNDN);
  mpfr_sub_ui(eps.v, eps.v, std::uint64_t(pj), MPFR_RNDN);
  const long double e = mpfr_get_ld(eps.v, MPFR_RNDN);
  if (e == 0) throw std::logic_error("closest_to_integers: exact convergent");
  const long double q = (long double)qj;
  const std::uint64_t Q = std::uint64_t(qj), Q1mod = std::uint64_t(qj1 % qj);

  // Exact distance of m*alpha to the nearest integer.
  auto dist = [&](std::uint64_t m, Approx& out) {
    mp y(working_prec + 64), r(working_prec + 64);
    set_u64(y.v, m);
    mpfr_mul(y.v, y.v, alpha, MPFR_RNDN);
    mpfr_rint(r.v, y.v, MPFR_RNDN);
    out.k = mpfr_get_ld(r.v, MPFR_RNDN);
    mpfr_sub(y.v, y.v, r.v, MPFR_RNDN);
    out.dist = std::fabs(mpfr_get_d(y.v, MPFR_RNDN));
    out.m = m;
  };

  for (long double delta = (long double)keep / q;; delta *= 2) {
    // sigma*v in [-m*e - delta*q, -m*e + delta*q] for m in [lo, hi)
    const long double me_lo = std::min((long double)lo * e, (long double)(hi - 1) * e);
    const long double me_hi = std::max((long double)lo * e, (long double)(hi - 1) * e);
    const long double margin = 1e-6L;
    const long double s_lo = -me_hi - delta * q - margin, s_hi = -me_lo + delta * q + margin;
    std::vector<Approx> found;
    for (long long sv = (long long)std::floor(s_lo); sv <= (long long)std::ceil(s_hi); ++sv) {
      const long long v = sigma > 0 ? sv : -sv;
      // residue class m = v*q_{j+1} (mod q_j)
      const __int128 vm = (__int128(v) % __int128(Q) + __int128(Q)) % __int128(Q);
      const std::uint64_t res = std::uint64_t((vm * __int128(Q1mod)) % __int128(Q));
      // first m >= lo in the class, then the one nearest to the centre -sigma*v/e
      const std::uint64_t first = lo + (res + Q - lo % Q) % Q;
      if (first >= hi) continue;
      const long double centre = -(long double)sv / e;
      // e(m) is linear in m: within [lo, hi) the best m of the class is the one
      // nearest to the centre, clamped to the range.
      const long double kmax = std::floor((long double)(hi - 1 - first) / (long double)Q);
      long double kk = std::floor((centre - (long double)first) / (long double)Q);
      kk = std::min(std::max(kk, 0.0L), kmax);
      for (long double k0 = kk - (long double)keep; k0 <= kk + 1 + (long double)keep; k0 += 1) {
        if (k0 < 0 || k0 > kmax) continue;
        const std::uint64_t m = first + std::uint64_t(k0) * Q;
        Approx a;
        dist(m, a);
        if (a.dist <= (double)delta) found.push_back(a);
      }
    }
    std::sort(found.begin(), found.end(),
              [](const Approx& a, const Approx& b) { return a.dist != b.dist ? a.dist < b.dist : a.m < b.m; });
    found.erase(std::unique(found.begin(), found.end(), [](const Approx& a, const Approx& b) { return a.m == b.m; }),
                found.end());
    if (found.size() >= keep || delta > 1) {
      if (found.size() > keep) found.resize(keep);
      return found;
    }
  }
}

// ---- corpus construction -----------------------------------------------------------

struct Builder {
  const FnInfo& f;
  std::vector<Entry> out;
  std::set<std::pair<word, word>> seen;
  void add(word a, word b, std::string why) {
    if (f.bits == 32) a &= 0xffffffffull, b &= 0xffffffffull;
    if (f.arity == 1) b = 0;
    if (!seen.insert({a, b}).second) return;
    out.push_back({a, b, std::move(why)});
  }
  word sign() const { return word(1) << (f.bits - 1); }
  int mbits() const { return f.bits == 32 ? 23 : 52; }
  int emax_biased() const { return f.bits == 32 ? 254 : 2046; }
  word bits_of(double v) const {
    return f.bits == 32 ? word(bit_cast<std::uint32_t>(float(v))) : bit_cast<std::uint64_t>(v);
  }
};

std::vector<std::pair<word, std::string>> specials(const FnInfo& f) {
  if (f.bits == 32)
    return {{0x00000000, "+0"},
            {0x80000000, "-0"},
            {0x7f800000, "+inf"},
            {0xff800000, "-inf"},
            {0x7fc00000, "default quiet NaN"},
            {0xffc00000, "negative quiet NaN"},
            {0x7f800001, "signaling NaN (smallest payload)"},
            {0x7fbfffff, "signaling NaN (largest payload)"},
            {0x7fc00001, "quiet NaN with payload"},
            {0xffffffff, "negative NaN, all payload bits"},
            {0x00000001, "smallest subnormal"},
            {0x80000001, "-smallest subnormal"},
            {0x007fffff, "largest subnormal"},
            {0x807fffff, "-largest subnormal"},
            {0x00400000, "subnormal 2^-127"},
            {0x00800000, "smallest normal"},
            {0x80800000, "-smallest normal"},
            {0x7f7fffff, "largest finite"},
            {0xff7fffff, "-largest finite"},
            {0x3f800000, "1"},
            {0xbf800000, "-1"},
            {0x3f000000, "0.5"},
            {0x40000000, "2"},
            {0x3effffff, "just below 0.5"},
            {0x3f7fffff, "just below 1"},
            {0x3f800001, "just above 1"}};
  return {{0x0ull, "+0"},
          {0x8000000000000000ull, "-0"},
          {0x7ff0000000000000ull, "+inf"},
          {0xfff0000000000000ull, "-inf"},
          {0x7ff8000000000000ull, "default quiet NaN"},
          {0xfff8000000000000ull, "negative quiet NaN"},
          {0x7ff0000000000001ull, "signaling NaN (smallest payload)"},
          {0x7ff8000000000001ull, "quiet NaN with payload"},
          {0x1ull, "smallest subnormal"},
          {0x8000000000000001ull, "-smallest subnormal"},
          {0x000fffffffffffffull, "largest subnormal"},
          {0x0010000000000000ull, "smallest normal"},
          {0x7fefffffffffffffull, "largest finite"},
          {0xffefffffffffffffull, "-largest finite"},
          {0x3ff0000000000000ull, "1"},
          {0xbff0000000000000ull, "-1"},
          {0x3fe0000000000000ull, "0.5"},
          {0x4000000000000000ull, "2"},
          {0x3fdfffffffffffffull, "just below 0.5"},
          {0x3fefffffffffffffull, "just below 1"},
          {0x3ff0000000000001ull, "just above 1"}};
}

void add_one_arg_common(Builder& B) {
  for (auto& [w, why] : specials(B.f)) B.add(w, 0, "special: " + why);
  // Binade boundaries: 2^e, the float below it, the float above it, both signs.
  const int bias = B.f.bits == 32 ? 127 : 1023;
  for (int be = 1; be <= B.emax_biased(); ++be) {
    const word p = word(be) << B.mbits();
    for (word s : {word(0), B.sign()}) {
      const char* sg = s ? "-" : "";
      B.add(s | p, 0, fmt::format("binade boundary {}2^{}", sg, be - bias));
      B.add(s | (p - 1), 0, fmt::format("largest float below {}2^{}", sg, be - bias));
      B.add(s | (p + 1), 0, fmt::format("float just above {}2^{}", sg, be - bias));
    }
  }
}

void add_trig(Builder& B) {
  // libdevice __nv_sinf/__nv_cosf switch to the Payne-Hanek reduction above this
  // magnitude (libdevice.10.bc, CUDA 13.0: fcmp against 105615.0).
  const std::uint32_t nv_cw = 0x47ce4780u;  // 105615.0f
  // ocml __ocmlpriv_trigred_f32 (ROCm device-libs ocml.bc): small reduction
  // when |x| < 131072.0 (fcmp olt float %0, 1.310720e+05), large otherwise.
  const std::uint32_t ocml_small = 0x48000000u;  // 131072.0f
  for (int d = -3; d <= 3; ++d)
    for (word s : {word(0), B.sign()}) {
      B.add(s | word(nv_cw + d), 0,
            fmt::format("libdevice Cody-Waite/Payne-Hanek threshold 105615.0f {:+d} ulp{}", d, s ? " (negative)" : ""));
      B.add(s | word(ocml_small + d), 0,
            fmt::format("ocml small/large reduction threshold 131072.0f {:+d} ulp{}", d, s ? " (negative)" : ""));
    }
  // Floats nearest to multiples of pi/2 (hardest reductions), 2 per binade, both signs.
  for (const auto& c : nearest_to_pi_over_2_f32(2))
    for (word s : {word(0), B.sign()})
      B.add(s | c.bits, 0,
            fmt::format("nearest float to {}{} * pi/2 (|x*2/pi - k| = {:.3g})", s ? "-" : "", c.k, c.dist));
  // Small arguments where sin x rounds to x and cos x to 1 (f32: |x| < 2^-12 or so).
  for (std::uint32_t w : {0x39800000u, 0x39ffffffu, 0x3a000000u, 0x32000000u, 0x2c800000u})
    B.add(w, 0, "small argument: sin(x) ~ x, cos(x) ~ 1 - x^2/2 rounding boundary region");
}

void add_ceil(Builder& B) {
  const bool f32 = B.f.bits == 32;
  for (double v : {0.5, -0.5, 0.25, -0.25, 1.5, -1.5, 2.5, -2.5, 0.75, -0.75})
    B.add(B.bits_of(v), 0, fmt::format("ceil halfway/fraction case {}", v));
  const int p = f32 ? 23 : 52;
  // From 2^p on, every float is an integer.
  for (int d = -2; d <= 2; ++d)
    for (word s : {word(0), B.sign()}) {
      word w = (word(p + (f32 ? 127 : 1023)) << B.mbits()) + word(std::int64_t(d));
      B.add(s | w, 0, fmt::format("{}2^{} {:+d} ulp: integers begin at 2^{}", s ? "-" : "", p, d, p));
    }
  B.add(B.bits_of(-0.9999999), 0, "-1 < x < 0: ceil is -0");
  B.add(f32 ? 0xbf7fffffull : 0xbfefffffffffffffull, 0, "largest float below -1... -nextafter(1,0): ceil is -0");
  B.add(f32 ? 0x00000001ull : 0x1ull, 0, "smallest subnormal: ceil is 1");
  B.add(f32 ? 0x80000001ull : 0x8000000000000001ull, 0, "-smallest subnormal: ceil is -0");
}

void add_fmod(Builder& B) {
  const bool f32 = B.f.bits == 32;
  const int p = f32 ? 24 : 53, emin = f32 ? -126 : -1022, emax = f32 ? 127 : 1023;
  const int esub = emin - (p - 1);  // smallest subnormal exponent
  auto sp = specials(B.f);
  // Special operand combinations (zeros, infinities, NaNs, subnormals).
  for (std::size_t i = 0; i < std::min<std::size_t>(sp.size(), 12); ++i)
    for (std::size_t k = 0; k < std::min<std::size_t>(sp.size(), 12); ++k)
      B.add(sp[i].first, sp[k].first, "special operands: x = " + sp[i].second + ", y = " + sp[k].second);
  auto fbits = [&](long double m, int e) -> word {  // m * 2^e, exactly representable
    long double v = std::ldexp(m, e);
    return f32 ? word(bit_cast<std::uint32_t>(float(v))) : bit_cast<std::uint64_t>(double(v));
  };
  const long double xm = 2.0L - std::ldexp(1.0L, -(p - 1));                         // all-ones significand
  const long double ym = 1.0L + std::ldexp(1.0L, -1) + std::ldexp(1.0L, -(p - 1));  // 0x1.8...01
  // Every exponent gap between x and y, with y as small as possible (the long
  // reductions) and again with y near 1.
  for (int g = 0; g <= emax - esub; ++g) {
    int ey = std::max(esub, std::min(emin, emax - g));
    if (ey + g > emax) continue;
    long double yv = ey < emin ? 1.0L : ym;  // subnormal y: a power of two fits
    B.add(fbits(xm, ey + g), fbits(yv, ey), fmt::format("exponent gap {} (x = 0x1.f..p{}, y tiny)", g, ey + g));
    if (g <= emax) B.add(fbits(xm, g), fbits(ym, 0), fmt::format("exponent gap {} (y near 1)", g));
  }
  // Tiny divisors.
  for (word y : {word(1), word(3), f32 ? word(0x007fffff) : word(0x000fffffffffffffull),
                 f32 ? word(0x00800000) : word(0x0010000000000000ull)})
    for (word x : {fbits(xm, emax), fbits(1.0L, 0), fbits(ym, 10), fbits(1.0L, emin)})
      B.add(x, y, "tiny (subnormal or smallest normal) divisor");
  // Multiples: x = k*y exactly, and one ulp around.
  for (int k : {1, 2, 3, 7, 1024}) {
    word x = fbits(ym * k, 3), y = fbits(ym, 3);
    B.add(x, y, fmt::format("x = {} * y exactly: result 0", k));
    B.add(x - 1, y, fmt::format("x one ulp below {} * y", k));
    B.add(x + 1, y, fmt::format("x one ulp above {} * y", k));
    B.add(x | B.sign(), y, fmt::format("x = -{} * y: result -0", k));
  }
  B.add(fbits(1.0L, 0), fbits(1.5L, 0), "|x| < |y|: result x");
  B.add(fbits(ym, emax), fbits(xm, emax), "|x| < |y| at the top of the range");
}

}  // namespace

std::vector<Approx> closest_to_integers(const std::string& alpha, std::uint64_t lo, std::uint64_t hi,
                                        std::size_t keep) {
  mp a(working_prec);
  if (mpfr_set_str(a.v, alpha.c_str(), 0, MPFR_RNDN) != 0)
    throw std::invalid_argument("closest_to_integers: bad number " + alpha);
  mpfr_frac(a.v, a.v, MPFR_RNDN);
  if (mpfr_sgn(a.v) < 0) mpfr_add_ui(a.v, a.v, 1, MPFR_RNDN);
  return closest(a.v, lo, hi, keep);
}

std::vector<Approx> closest_to_integers_two_over_pi(int e, std::uint64_t lo, std::uint64_t hi, std::size_t keep) {
  mp a(working_prec + 2 * 1100);
  mpfr_const_pi(a.v, MPFR_RNDN);
  mpfr_ui_div(a.v, 2, a.v, MPFR_RNDN);
  mpfr_mul_2si(a.v, a.v, e, MPFR_RNDN);
  mp f(working_prec);
  mpfr_frac(f.v, a.v, MPFR_RNDN);
  // m*alpha - k = m*frac(alpha) - k' for integer m: the distances are the same,
  // the multiple k is recomputed from the full alpha below.
  auto r = closest(f.v, lo, hi, keep);
  for (auto& x : r) {
    mp y(working_prec + 2 * 1100);
    mpfr_mul_ui(y.v, a.v, 1, MPFR_RNDN);
    mp m(64);
    set_u64(m.v, x.m);
    mpfr_mul(y.v, a.v, m.v, MPFR_RNDN);
    mpfr_rint(y.v, y.v, MPFR_RNDN);
    x.k = mpfr_get_ld(y.v, MPFR_RNDN);
  }
  return r;
}

std::vector<PiHalfCase> nearest_to_pi_over_2_f32(std::size_t per_binade) {
  std::vector<PiHalfCase> out;
  for (int e = 0; e <= 127; ++e) {  // x in [2^e, 2^(e+1))
    for (const auto& a :
         closest_to_integers_two_over_pi(e - 23, std::uint64_t(1) << 23, std::uint64_t(1) << 24, per_binade)) {
      const std::uint32_t bits = std::uint32_t((e + 127) << 23) | std::uint32_t(a.m - (std::uint64_t(1) << 23));
      out.push_back({bits, a.dist, double(a.k)});
    }
  }
  return out;
}

const std::vector<std::size_t>& batch_shapes() {
  static const std::vector<std::size_t> s = {1, 33, 1024, 10000, 65537};
  return s;
}

namespace {
// The edge-case families named by the EDGES column of bitexact/functions.def.
void edges_trig(Builder& B) {
  add_one_arg_common(B);
  add_trig(B);
}
void edges_ceil(Builder& B) {
  add_one_arg_common(B);
  add_ceil(B);
}
void edges_fmod(Builder& B) { add_fmod(B); }
void edges_unary(Builder& B) { add_one_arg_common(B); }
// exp-like functions (expf, exp2f, ...): where the result overflows, becomes
// subnormal or rounds to zero (log_b of 2^128, 2^-126, 2^-149, 2^-150 for the
// row's base, +-8 ulp), and tiny arguments whose result rounds to 1.
void edges_exp(Builder& B) {
  add_one_arg_common(B);
  const std::string_view n = B.f.name;
  const double base = n.starts_with("exp2") ? 2.0 : n.starts_with("exp10") ? 10.0 : 2.718281828459045;
  for (int e : {128, -126, -149, -150}) {
    const float t = float(e * std::log(2.0) / std::log(base));
    for (int d = -8; d <= 8; ++d)
      B.add(word(bit_cast<std::uint32_t>(t) + d), 0, fmt::format("{:+d} ulp from log of 2^{} (threshold)", d, e));
  }
  for (word b : {0x33000000u, 0x33800000u, 0x32800000u, 0x38000000u})
    for (word s : {word(0), B.sign()}) B.add(s | b, 0, "tiny argument: the result rounds to 1");
}
// Two-operand functions with no family of their own (atan2f, hypotf): every
// pair of the special operands, then sampled pairs near both operands' unit
// and across the range.
void edges_binary(Builder& B) {
  auto sp = specials(B.f);
  for (const auto& [a, wa] : sp)
    for (const auto& [b, wb] : sp) B.add(a, b, "special operands: x = " + wa + ", y = " + wb);
  for (int e = -149; e <= 127; e += 8)
    for (double m : {1.0, -1.0}) {
      const word p = B.bits_of(m * std::ldexp(1.0, e)), one = B.bits_of(1.0);  // 2^e: exact, subnormal too
      B.add(p, one, fmt::format("x = {}2^{}, y = 1", m < 0 ? "-" : "", e));
      B.add(one, p, fmt::format("x = 1, y = {}2^{}", m < 0 ? "-" : "", e));
    }
}
// powf: C99 Annex F's special cases (x or y zero, one, infinite or NaN;
// negative x with odd, even and non-integer y), x near 1 with large |y|
// (cancellation), and y*log2(x) around the overflow and underflow thresholds.
void edges_pow(Builder& B) {
  edges_binary(B);
  for (double x : {-8.0, -2.0, -1.0, -0.5, 0.5, 2.0, 8.0})
    for (double y : {-3.0, -2.0, -1.0, -0.5, 0.5, 1.0, 2.0, 3.0, 1e10, -1e10, 16777217.0, 16777216.0})
      B.add(B.bits_of(x), B.bits_of(y), "negative/positive x with integer, odd, even and non-integer y");
  for (int d = -4; d <= 4; ++d)
    for (double y : {1e6, -1e6, 1e9, 8388608.0})
      B.add(word(0x3f800000u + d), B.bits_of(y), fmt::format("x = 1 {:+d} ulp, large |y|", d));
  for (double y : {127.0, 128.0, 128.5, -126.0, -149.0, -149.5, -150.0, -151.0})
    for (int d = -2; d <= 2; ++d)
      B.add(B.bits_of(2.0), word(bit_cast<std::uint32_t>(float(y)) + d), "2^y around the overflow/underflow thresholds");
}
// erfinv-like functions: within 64 ulp of +-1 (the tail and the poles) and
// of 0.
void edges_erfinv(Builder& B) {
  add_one_arg_common(B);
  for (int d = 1; d <= 64; ++d)
    for (word s : {word(0), B.sign()}) B.add(s | word(0x3f800000u - d), 0, fmt::format("+-(1 - {} ulp)", d));
}
// log-like functions: within 64 ulp of 1 (cancellation), every power of two,
// subnormals (which libdevice scales by 2^23 first).
void edges_log(Builder& B) {
  add_one_arg_common(B);
  for (int d = -64; d <= 64; ++d) B.add(word(0x3f800000u + d), 0, fmt::format("1 {:+d} ulp", d));
  for (word b : {0x1u, 0x2u, 0x3u, 0x1000u, 0x400000u, 0x400001u, 0x7fffffu})
    B.add(b, 0, "subnormal: scaled by 2^23 first");
}

}  // namespace

namespace {
std::vector<Entry> build_edge(Fn fn) {
  Builder B{fn_info(fn), {}, {}};
  switch (fn) {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  case Fn::name:                                                \
    edges_##edges(B);                                           \
    break;
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) BITEXACT_FUNCTION(name, arity, type, , edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
  }
  return B.out;
}

// Built once per function and process: the corpus depends on fn alone, and the
// continued-fraction searches of the trig rows cost milliseconds, paid by every
// input set naming it (a suite file of N suites parsed its sets N times).
const std::vector<Entry>& edge_cached(Fn fn) {
  static std::array<std::once_flag, all_function_count> once;
  static std::array<std::vector<Entry>, all_function_count> built;
  const auto i = static_cast<std::size_t>(fn);
  std::call_once(once[i], [&] { built[i] = build_edge(fn); });
  return built[i];
}
}  // namespace

std::vector<Entry> edge(Fn fn) { return edge_cached(fn); }

std::vector<Entry> sized(Fn fn, std::size_t n) {
  if (n > max_size)
    throw input_error(fmt::format("a corpus of {} inputs is more than the {} (2^20) that may be asked for", n, max_size));
  const auto& base = edge_cached(fn);
  if (n == 0) return base;
  std::vector<Entry> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    Entry e = base[i % base.size()];
    if (i >= base.size()) e.why += fmt::format(" (repeat {})", i / base.size());
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace bitexact::corpus
