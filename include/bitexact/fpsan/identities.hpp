// bitexact/fpsan/identities.hpp — host-only validator of the identities the
// FpSan documentation promises (and a few it does not), per dtype.
//
// Every identity is evaluated the way a sanitized kernel would compute it:
// each op is unembed(rewrite(embed(...))) on float bit patterns, and the two
// sides are compared bit for bit.
//
// Inputs: 8-bit formats: every input, every pair, every triple; 16-bit: every
// input for one-operand identities, `samples` random pairs/triples otherwise;
// 32/64-bit: `samples` random inputs. Random inputs are uniform over all bit
// patterns, drawn from a counter-based generator so the result (and the
// witness: the violation with the smallest sample index) does not depend on
// the thread count. Multi-threaded with TBB.
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <array>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include "bitexact/fpsan/ieee.hpp"
#include "bitexact/fpsan/ops.hpp"
#include "bitexact/inputs.hpp"

namespace bitexact::fpsan::validate {

struct result {
  std::string identity;
  dtype type;
  unsigned long long checked = 0;
  unsigned long long violations = 0;
  std::string witness;  // empty when none
};

// Counter-based generator: SplitMix64's output number index + 1.
inline u64 sample_bits(u64 seed, u64 index) { return inputs::splitmix64(seed, index); }

inline std::string hexw(u64 v, int w) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llx", w / 4, static_cast<unsigned long long>(v));
  return buf;
}

// The sanitized ops on float bits of one dtype.
struct sanitized {
  dtype d;
  revision r;
  mixer m;
  int w;
  params p;
  u64 log2e_bits;  // 1.44269504 rounded to d, as a Triton scalar literal
  u64 negzero_bits;
  std::vector<dtype> targets;  // cast_roundtrip targets (at least as wide)
  std::vector<mixer> target_mixers;
  std::vector<dtype> narrower;  // downcast_* targets
  std::vector<mixer> narrower_mixers;
  explicit sanitized(dtype d_, params p_)
      : d(d_),
        r(p_.rev),
        m(make_mixer(d_, p_.rev)),
        w(m.width),
        p(p_),
        log2e_bits(ieee::encode(d_, 1.44269504)),
        negzero_bits(ieee::encode(d_, -0.0)) {
    for (dtype o : all_dtypes)
      if (o != d && width_of(o) >= width_of(d)) {
        targets.push_back(o);
        target_mixers.push_back(make_mixer(o, p_.rev));
      } else if (width_of(o) < width_of(d)) {
        narrower.push_back(o);
        narrower_mixers.push_back(make_mixer(o, p_.rev));
      }
  }
  u64 E(u64 b) const { return embed(m, b); }
  u64 U(u64 q) const { return unembed(m, q); }
  u64 op1(op o, u64 x) const { return U(apply_payload(o, w, E(x), 0, 0, r)); }
  u64 op2(op o, u64 x, u64 y) const { return U(apply_payload(o, w, E(x), E(y), 0, r)); }
  u64 op3(op o, u64 x, u64 y, u64 z) const { return U(apply_payload(o, w, E(x), E(y), E(z), r)); }
  // sin(x) and cos(x) as two sanitized ops; one evaluation of g^x serves both.
  void sincos(u64 x, u64& sn, u64& cs) const {
    const cos_sin c = cossin(w, E(x));
    sn = U(c.sin);
    cs = U(c.cos);
  }
  u64 one() const { return format_of(d).one_bits(); }
  u64 zero() const { return 0; }
  // The bits a -0.0 literal gets: the sign bit, except in the fnuz formats,
  // which have no -0 (their 0x80 is NaN) and round -0.0 to +0.
  u64 negzero() const { return negzero_bits; }
};

// Outcome of one identity on one input tuple.
struct outcome {
  bool ok;
  u64 lhs, rhs;
  const char* what = nullptr;  // optional extra description of the violation
};

// How the inputs of an identity are enumerated.
enum class inputs { unary, binary, ternary, fixed_zeros };

// The other dtypes an input of `d` is cast through and back for cast_roundtrip:
// every format at least as wide (same width: the payload is kept).
inline std::vector<dtype> roundtrip_targets(dtype d) {
  std::vector<dtype> t;
  for (dtype o : all_dtypes)
    if (o != d && width_of(o) >= width_of(d)) t.push_back(o);
  return t;
}

inline const char* tag_name(unary_tag t) {
  switch (t) {
    case unary_tag::log:
      return "log";
    case unary_tag::log2:
      return "log2";
    case unary_tag::sqrt:
      return "sqrt";
    case unary_tag::rsqrt:
      return "rsqrt";
    case unary_tag::erf:
      return "erf";
    case unary_tag::floor:
      return "floor";
    case unary_tag::ceil:
      return "ceil";
    case unary_tag::precise_sqrt:
      return "precise_sqrt";
    default:
      return "?";
  }
}

// ---- the checks: both sides of an identity, each op sanitized ----------------

namespace checks {

using o = op;
inline outcome sides(u64 lhs, u64 rhs, const char* what = nullptr) { return {lhs == rhs, lhs, rhs, what}; }

inline outcome exp2_add(const sanitized& s, u64 x, u64 y, u64, int) {
  return sides(s.op1(o::exp2, s.op2(o::add, x, y)), s.op2(o::mul, s.op1(o::exp2, x), s.op1(o::exp2, y)));
}
inline outcome exp2_zero(const sanitized& s, u64 x, u64, u64, int) { return sides(s.op1(o::exp2, x), s.one()); }
inline outcome exp2_neg(const sanitized& s, u64 x, u64, u64, int) {
  return sides(s.op1(o::exp2, s.op1(o::neg, x)), s.op2(o::div, s.one(), s.op1(o::exp2, x)));
}
inline outcome exp_add(const sanitized& s, u64 x, u64 y, u64, int) {
  return sides(s.op1(o::exp, s.op2(o::add, x, y)), s.op2(o::mul, s.op1(o::exp, x), s.op1(o::exp, y)));
}
inline outcome exp_neg(const sanitized& s, u64 x, u64, u64, int) {
  return sides(s.op1(o::exp, s.op1(o::neg, x)), s.op2(o::div, s.one(), s.op1(o::exp, x)));
}
inline outcome exp_via_exp2(const sanitized& s, u64 x, u64, u64, int) {
  return sides(s.op1(o::exp, x), s.op1(o::exp2, s.op2(o::mul, x, s.log2e_bits)));
}
// The four angle formulas: sin/cos of x + y (plus) or x - y.
inline outcome angle(const sanitized& s, u64 x, u64 y, bool is_sin, bool plus) {
  const u64 arg = s.op2(plus ? o::add : o::sub, x, y);
  u64 sx, cx, sy, cy, sa, ca;
  s.sincos(x, sx, cx);
  s.sincos(y, sy, cy);
  s.sincos(arg, sa, ca);
  if (is_sin) return sides(sa, s.op2(plus ? o::add : o::sub, s.op2(o::mul, sx, cy), s.op2(o::mul, cx, sy)));
  return sides(ca, s.op2(plus ? o::sub : o::add, s.op2(o::mul, cx, cy), s.op2(o::mul, sx, sy)));
}
inline outcome sin_add(const sanitized& s, u64 x, u64 y, u64, int) { return angle(s, x, y, true, true); }
inline outcome sin_sub(const sanitized& s, u64 x, u64 y, u64, int) { return angle(s, x, y, true, false); }
inline outcome cos_add(const sanitized& s, u64 x, u64 y, u64, int) { return angle(s, x, y, false, true); }
inline outcome cos_sub(const sanitized& s, u64 x, u64 y, u64, int) { return angle(s, x, y, false, false); }
inline outcome pythagoras(const sanitized& s, u64 x, u64, u64, int) {
  u64 sx, cx;
  s.sincos(x, sx, cx);
  return sides(s.op2(o::add, s.op2(o::mul, cx, cx), s.op2(o::mul, sx, sx)), s.one());
}
inline outcome cos_even(const sanitized& s, u64 x, u64, u64, int) {
  return sides(s.op1(o::cos, s.op1(o::neg, x)), s.op1(o::cos, x));
}
inline outcome sin_odd(const sanitized& s, u64 x, u64, u64, int) {
  return sides(s.op1(o::sin, s.op1(o::neg, x)), s.op1(o::neg, s.op1(o::sin, x)));
}
inline outcome add_zero(const sanitized& s, u64 x, u64, u64, int) { return sides(s.op2(o::add, x, s.zero()), x); }
inline outcome add_negzero(const sanitized& s, u64 x, u64, u64, int) { return sides(s.op2(o::add, x, s.negzero()), x); }
inline outcome mul_one(const sanitized& s, u64 x, u64, u64, int) { return sides(s.op2(o::mul, x, s.one()), x); }
inline outcome div_one(const sanitized& s, u64 x, u64, u64, int) { return sides(s.op2(o::div, x, s.one()), x); }
inline outcome div_self(const sanitized& s, u64 x, u64, u64, int) { return sides(s.op2(o::div, x, x), s.one()); }
inline outcome recip_recip(const sanitized& s, u64 x, u64, u64, int) {
  return sides(s.op2(o::div, s.one(), s.op2(o::div, s.one(), x)), x);
}
inline outcome fma_expand(const sanitized& s, u64 x, u64 y, u64 z, int) {
  return sides(s.op3(o::fma, x, y, z), s.op2(o::add, s.op2(o::mul, x, y), z));
}
// x.to(t).to(d): two sanitized casts, each embed -> payload cast -> unembed;
// `sub` picks the target t among s.targets.
inline outcome cast_roundtrip(const sanitized& s, u64 x, u64, u64, int sub) {
  const dtype t = s.targets[std::size_t(sub)];
  const mixer& mt = s.target_mixers[std::size_t(sub)];
  const int wt = width_of(t);
  const u64 there = unembed(mt, cast_payload(s.w, wt, s.E(x), s.p));
  return sides(s.U(cast_payload(wt, s.w, embed(mt, there), s.p)), x, format_of(t).name);
}
// (x op y).to(n) against x.to(n) op y.to(n), n the narrower format `sub`:
// each side is the sanitized kernel's casts and op, compared as n's bits.
inline outcome downcast_op(const sanitized& s, u64 x, u64 y, int sub, op o) {
  const dtype n = s.narrower[std::size_t(sub)];
  const mixer& mn = s.narrower_mixers[std::size_t(sub)];
  const int wn = width_of(n);
  const u64 lhs = unembed(mn, cast_payload(s.w, wn, apply_payload(o, s.w, s.E(x), s.E(y)), s.p));
  const u64 rhs = unembed(mn, apply_payload(o, wn, cast_payload(s.w, wn, s.E(x), s.p), cast_payload(s.w, wn, s.E(y), s.p)));
  return sides(lhs, rhs, format_of(n).name);
}
inline outcome downcast_add(const sanitized& s, u64 x, u64 y, u64, int sub) { return downcast_op(s, x, y, sub, o::add); }
inline outcome downcast_mul(const sanitized& s, u64 x, u64 y, u64, int sub) { return downcast_op(s, x, y, sub, o::mul); }
// tl.extern_elementwise("__nv_expf", x) against exp(x), f32: the known-extern
// table decides whether the libdevice call gets exp's rewrite or a tag.
inline outcome extern_expf(const sanitized& s, u64 x, u64, u64, int) {
  op known{};
  const tag_operand arg{s.E(x), 32};
  const u64 call = find_known_extern("__nv_expf", 1, known, s.r) ? apply_payload(known, 32, s.E(x), 0, 0, s.r)
                                                                  : extern_tag(32, "__nv_expf", &arg, 1);
  return sides(s.U(call), s.op1(o::exp, x));
}
// All 8 tagged ops on x must differ; on a violation lhs/rhs hold the indices
// (into tagged_ops) of the first pair that agrees.
inline outcome tags_distinct(const sanitized& s, u64 x, u64, u64, int) {
  u64 t[8];
  for (int i = 0; i < 8; ++i) t[i] = s.U(tagged(s.w, s.E(x), tagged_ops[i]));
  for (int i = 0; i < 8; ++i)
    for (int j = i + 1; j < 8; ++j)
      if (t[i] == t[j]) return {false, u64(i), u64(j)};
  return {true, 0, 0};
}
inline std::string tags_distinct_witness(const sanitized& s, u64 x, const outcome& o) {
  const int i = int(o.lhs), j = int(o.rhs);
  return std::string(": ") + tag_name(tagged_ops[i]) + "(x) = " + tag_name(tagged_ops[j]) +
         "(x) = " + hexw(s.U(tagged(s.w, s.E(x), tagged_ops[i])), s.w);
}

}  // namespace checks

// ---- the identities: the one list --------------------------------------------
// Everything else derives from this table: the validator's order and inputs,
// `bitexact fpsan validate` (text, --json, --markdown, conformance/fpsan/),
// the benchmarks and the tests' lists.

// Checks per input tuple: one, or one per cast target, or (f32_only) one in
// f32 and none elsewhere.
enum class subchecks { one, wider_targets, narrower_targets, f32_only };

struct identity_def {
  const char* name;
  inputs kind;            // how its inputs are enumerated
  const char* statement;  // what it claims, as the report prints it
  // Where it fails and why, derived from the algebra (docs/fpsan.md);
  // nullptr for the identities that hold (or are not analysed).
  const char* why_fails;
  outcome (*check)(const sanitized&, u64 x, u64 y, u64 z, int sub);
  subchecks per = subchecks::one;  // how many checks each input tuple makes
  // The violation's description after the inputs; nullptr: "lhs=... rhs=...".
  std::string (*witness)(const sanitized&, u64 x, const outcome&) = nullptr;
};

inline constexpr identity_def identities[] = {
    {"exp2_add", inputs::binary, "exp2(x+y) = exp2(x)*exp2(y)", nullptr, checks::exp2_add},
    {"exp2_zero", inputs::fixed_zeros, "exp2(+0.0) = 1 and exp2(-0.0) = 1", nullptr, checks::exp2_zero},
    {"exp2_neg", inputs::unary, "exp2(-x) = 1/exp2(x)", nullptr, checks::exp2_neg},
    {"exp_add", inputs::binary, "exp(x+y) = exp(x)*exp(y)", nullptr, checks::exp_add},
    {"exp_neg", inputs::unary, "exp(-x) = 1/exp(x)", nullptr, checks::exp_neg},
    {"exp_via_exp2", inputs::unary, "exp(x) = exp2(x*1.44269504), the constant rounded to the dtype",
     "exp multiplies the payload by a fixed 32-bit constant L (0x26a29a75 at 1d2da15) cut to w "
     "bits. L is the f32 payload of 1.44269504, so the identity holds exactly in f32 only; in "
     "every other dtype the rounded constant has a different payload.",
     checks::exp_via_exp2},
    {"sin_add", inputs::binary, "sin(x+y) = sin(x)*cos(y) + cos(x)*sin(y)", nullptr, checks::sin_add},
    {"sin_sub", inputs::binary, "sin(x-y) = sin(x)*cos(y) - cos(x)*sin(y)", nullptr, checks::sin_sub},
    {"cos_add", inputs::binary, "cos(x+y) = cos(x)*cos(y) - sin(x)*sin(y)", nullptr, checks::cos_add},
    {"cos_sub", inputs::binary, "cos(x-y) = cos(x)*cos(y) + sin(x)*sin(y)", nullptr, checks::cos_sub},
    {"pythagoras", inputs::unary, "cos(x)*cos(x) + sin(x)*sin(x) = 1", nullptr, checks::pythagoras},
    {"cos_even", inputs::unary, "cos(-x) = cos(x)", nullptr, checks::cos_even},
    {"sin_odd", inputs::unary, "sin(-x) = -sin(x)", nullptr, checks::sin_odd},
    {"add_zero", inputs::unary, "x + 0.0 = x", nullptr, checks::add_zero},
    {"add_negzero", inputs::unary, "x + (-0.0) = x",
     "embed keeps the sign bit: embed(-0.0) = 2^(w-1), not 0, so adding -0.0 adds 2^(w-1) to "
     "every payload. Under FpSan, +0.0 and -0.0 are different numbers. (The fnuz formats have no "
     "-0.0: the literal rounds to +0.0 and the identity holds there.)",
     checks::add_negzero},
    {"mul_one", inputs::unary, "x * 1.0 = x", nullptr, checks::mul_one},
    {"div_one", inputs::unary, "x / 1.0 = x", nullptr, checks::div_one},
    {"div_self", inputs::unary, "x / x = 1",
     "x/x = embed(x)*inv(embed(x)); inv is a true inverse only for odd payloads. For the even "
     "half of the payloads x/x is even, never 1. Triton's documentation says so ('x / x = 1 is "
     "not guaranteed').",
     checks::div_self},
    {"recip_recip", inputs::unary, "1/(1/x) = x", nullptr, checks::recip_recip},
    {"fma_expand", inputs::ternary, "fma(x,y,z) = x*y + z", nullptr, checks::fma_expand},
    {"cast_roundtrip", inputs::unary, "x.to(W).to(D) = x for every format W at least as wide as D", nullptr,
     checks::cast_roundtrip, subchecks::wider_targets},
    {"downcast_add", inputs::binary, "(x+y).to(N) = x.to(N) + y.to(N) for every narrower format N",
     "Since #10627 (and in every main revision modelled) a narrowing cast folds the discarded payload "
     "bits into the kept ones, so it is not a ring homomorphism: downcasting before or after an add "
     "gives different bits. Triton 3.8.0 (and TRITON_FPSAN_HOMOMORPHIC_CASTS=1) truncates, and there "
     "the identity holds.",
     checks::downcast_add, subchecks::narrower_targets},
    {"downcast_mul", inputs::binary, "(x*y).to(N) = x.to(N) * y.to(N) for every narrower format N",
     "As downcast_add: the folding downcast of #10627 is not multiplicative (test_fpsan.py asserts so); "
     "truncation, in Triton 3.8.0 or with homomorphic casts, is.",
     checks::downcast_mul, subchecks::narrower_targets},
    {"extern_expf", inputs::unary, "libdevice __nv_expf(x) = exp(x) (f32)",
     "Triton 3.8.0's known-extern table has __nv_fast_expf but not __nv_expf (added by #10834), so "
     "tl.extern_elementwise('__nv_expf', x) gets a structural tag there, not exp's rewrite.",
     checks::extern_expf, subchecks::f32_only},
    {"tags_distinct", inputs::unary, "the 8 tagged unary ops give 8 different results on every x", nullptr,
     checks::tags_distinct, subchecks::one, checks::tags_distinct_witness},
};

inline constexpr int identity_count = int(std::size(identities));

constexpr std::array<const char*, std::size(identities)> names_of_identities() {
  std::array<const char*, std::size(identities)> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = identities[i].name;
  return names;
}
// The names in table order (what `validate` runs, in that order).
inline constexpr auto identity_names = names_of_identities();

// The identity called `name`, or nullptr.
inline const identity_def* find_identity(const std::string& name) {
  for (const auto& def : identities)
    if (name == def.name) return &def;
  return nullptr;
}

inline inputs input_kind(const std::string& id) {
  const identity_def* def = find_identity(id);
  return def ? def->kind : inputs::unary;
}

inline int checks_per_input(dtype d, const std::string& id) {
  const identity_def* def = find_identity(id);
  if (!def) return 1;
  switch (def->per) {
    case subchecks::one:
      return 1;
    case subchecks::wider_targets:
      return int(roundtrip_targets(d).size());
    case subchecks::narrower_targets: {
      int n = 0;
      for (dtype o : all_dtypes) n += width_of(o) < width_of(d);
      return n;
    }
    case subchecks::f32_only:
      return d == dtype::f32 ? 1 : 0;
  }
  return 1;
}

// Runs one identity on one dtype.
inline result run(dtype d, const std::string& id, unsigned long long samples, params p = {}) {
  const identity_def* def = find_identity(id);
  if (!def) return {id, d, 0, 0, "unknown identity"};
  const sanitized s(d, p);
  const int w = s.w;
  const inputs kind = def->kind;
  const int per = checks_per_input(d, id);
  const u64 seed = fnv1a64(id.c_str()) ^ (u64(int(d)) << 56) ^ 0x5eedull;

  // The input tuples: index -> (x, y, z).
  unsigned long long count;
  bool exhaustive = true;
  if (kind == inputs::fixed_zeros)
    count = 2;
  else if (kind == inputs::unary)
    count = w <= 16 ? (1ull << w) : samples;
  else if (kind == inputs::binary)
    count = w <= 8 ? (1ull << (2 * w)) : samples;
  else
    count = w <= 8 ? (1ull << (3 * w)) : samples;
  if (kind != inputs::fixed_zeros && !((kind == inputs::unary && w <= 16) || (kind != inputs::unary && w <= 8)))
    exhaustive = false;
  const u64 m = mask_of(w);
  auto tuple = [&](unsigned long long i, u64& x, u64& y, u64& z) {
    if (kind == inputs::fixed_zeros) {
      x = i == 0 ? s.zero() : s.negzero();
      y = z = 0;
    } else if (exhaustive) {
      x = i & m;
      y = (i >> w) & m;
      z = (i >> (2 * w)) & m;
    } else {
      x = sample_bits(seed, 3 * i) & m;
      y = sample_bits(seed, 3 * i + 1) & m;
      z = sample_bits(seed, 3 * i + 2) & m;
    }
  };

  struct acc {
    unsigned long long bad = 0;
    unsigned long long first = ~0ull;  // smallest violating check index
  };
  const unsigned long long total = count * unsigned(per);
  acc a = tbb::parallel_reduce(
      tbb::blocked_range<unsigned long long>(0, total, 4096), acc{},
      [&](const tbb::blocked_range<unsigned long long>& r, acc c) {
        for (unsigned long long k = r.begin(); k != r.end(); ++k) {
          u64 x, y, z;
          tuple(k / unsigned(per), x, y, z);
          const outcome o = def->check(s, x, y, z, int(k % unsigned(per)));
          if (!o.ok) {
            ++c.bad;
            if (k < c.first) c.first = k;
          }
        }
        return c;
      },
      [](acc l, acc r) {
        return acc{l.bad + r.bad, l.first < r.first ? l.first : r.first};
      });

  result res{id, d, total, a.bad, {}};
  if (a.bad) {
    u64 x, y, z;
    const int sub = int(a.first % unsigned(per));
    tuple(a.first / unsigned(per), x, y, z);
    const outcome o = def->check(s, x, y, z, sub);
    std::string wit = "x=" + hexw(x, w);
    if (kind == inputs::binary || kind == inputs::ternary) wit += " y=" + hexw(y, w);
    if (kind == inputs::ternary) wit += " z=" + hexw(z, w);
    if (def->witness) {
      wit += def->witness(s, x, o);
    } else {
      if (o.what) wit += std::string(" via ") + o.what;
      wit += ": lhs=" + hexw(o.lhs, w) + " rhs=" + hexw(o.rhs, w);
    }
    res.witness = wit;
  }
  return res;
}

}  // namespace bitexact::fpsan::validate
