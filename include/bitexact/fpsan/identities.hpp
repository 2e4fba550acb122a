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
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <cstdio>
#include <string>
#include <vector>

#include "bitexact/fpsan/ieee.hpp"
#include "bitexact/fpsan/ops.hpp"
#include "bitexact/inputs.hpp"

namespace bitexact::fpsan::validate {

inline constexpr const char* identity_names[] = {
    "exp2_add", "exp2_zero", "exp2_neg",   "exp_add",   "exp_neg",       "exp_via_exp2",
    "sin_add",  "sin_sub",   "cos_add",    "cos_sub",   "pythagoras",    "cos_even",
    "sin_odd",  "add_zero",  "add_negzero", "mul_one",  "div_one",       "div_self",
    "recip_recip", "fma_expand", "cast_roundtrip", "tags_distinct"};

// The same identities as an enum, in the order of identity_names.
enum class identity : int {
  exp2_add, exp2_zero, exp2_neg, exp_add, exp_neg, exp_via_exp2, sin_add, sin_sub, cos_add,
  cos_sub, pythagoras, cos_even, sin_odd, add_zero, add_negzero, mul_one, div_one, div_self,
  recip_recip, fma_expand, cast_roundtrip, tags_distinct
};
inline constexpr int identity_count = 22;

inline bool parse_identity(const std::string& name, identity& out) {
  for (int i = 0; i < identity_count; ++i)
    if (name == identity_names[i]) {
      out = identity(i);
      return true;
    }
  return false;
}

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
  u64 log2e_bits;               // 1.44269504 rounded to d, as a Triton scalar literal
  u64 negzero_bits;
  std::vector<dtype> targets;   // cast_roundtrip targets
  std::vector<mixer> target_mixers;
  explicit sanitized(dtype d_, params p_)
      : d(d_), r(p_.rev), m(make_mixer(d_, p_.rev)), w(m.width), p(p_),
        log2e_bits(ieee::encode(d_, 1.44269504)), negzero_bits(ieee::encode(d_, -0.0)) {
    for (dtype o : all_dtypes)
      if (o != d && width_of(o) >= width_of(d)) {
        targets.push_back(o);
        target_mixers.push_back(make_mixer(o, p_.rev));
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

inline inputs input_kind(const std::string& id) {
  if (id == "exp2_zero") return inputs::fixed_zeros;
  if (id == "exp2_add" || id == "exp_add" || id == "sin_add" || id == "sin_sub" || id == "cos_add" ||
      id == "cos_sub")
    return inputs::binary;
  if (id == "fma_expand") return inputs::ternary;
  return inputs::unary;
}

// The other dtypes an input of `d` is cast through and back for cast_roundtrip:
// every format at least as wide (same width: the payload is kept).
inline std::vector<dtype> roundtrip_targets(dtype d) {
  std::vector<dtype> t;
  for (dtype o : all_dtypes)
    if (o != d && width_of(o) >= width_of(d)) t.push_back(o);
  return t;
}

// Checks identity `id` on (x, y, z); `sub` selects one of several checks
// done per input (the cast targets) — see checks_per_input.
inline outcome check(const sanitized& s, identity id, u64 x, u64 y, u64 z, int sub) {
  using o = op;
  using I = identity;
  switch (id) {
  case I::exp2_add:
    return {false, s.op1(o::exp2, s.op2(o::add, x, y)),
            s.op2(o::mul, s.op1(o::exp2, x), s.op1(o::exp2, y))};
  case I::exp2_zero: return {false, s.op1(o::exp2, x), s.one()};
  case I::exp2_neg:
    return {false, s.op1(o::exp2, s.op1(o::neg, x)), s.op2(o::div, s.one(), s.op1(o::exp2, x))};
  case I::exp_add:
    return {false, s.op1(o::exp, s.op2(o::add, x, y)),
            s.op2(o::mul, s.op1(o::exp, x), s.op1(o::exp, y))};
  case I::exp_neg:
    return {false, s.op1(o::exp, s.op1(o::neg, x)), s.op2(o::div, s.one(), s.op1(o::exp, x))};
  case I::exp_via_exp2:
    return {false, s.op1(o::exp, x), s.op1(o::exp2, s.op2(o::mul, x, s.log2e_bits))};
  case I::sin_add:
  case I::sin_sub:
  case I::cos_add:
  case I::cos_sub: {
    const bool plus = id == I::sin_add || id == I::cos_add;
    const u64 arg = s.op2(plus ? o::add : o::sub, x, y);
    u64 sx, cx, sy, cy, sa, ca;
    s.sincos(x, sx, cx);
    s.sincos(y, sy, cy);
    s.sincos(arg, sa, ca);
    if (id == I::sin_add || id == I::sin_sub)
      return {false, sa, s.op2(plus ? o::add : o::sub, s.op2(o::mul, sx, cy), s.op2(o::mul, cx, sy))};
    return {false, ca,
            s.op2(plus ? o::sub : o::add, s.op2(o::mul, cx, cy), s.op2(o::mul, sx, sy))};
  }
  case I::pythagoras: {
    u64 sx, cx;
    s.sincos(x, sx, cx);
    return {false, s.op2(o::add, s.op2(o::mul, cx, cx), s.op2(o::mul, sx, sx)), s.one()};
  }
  case I::cos_even: return {false, s.op1(o::cos, s.op1(o::neg, x)), s.op1(o::cos, x)};
  case I::sin_odd: return {false, s.op1(o::sin, s.op1(o::neg, x)), s.op1(o::neg, s.op1(o::sin, x))};
  case I::add_zero: return {false, s.op2(o::add, x, s.zero()), x};
  case I::add_negzero: return {false, s.op2(o::add, x, s.negzero()), x};
  case I::mul_one: return {false, s.op2(o::mul, x, s.one()), x};
  case I::div_one: return {false, s.op2(o::div, x, s.one()), x};
  case I::div_self: return {false, s.op2(o::div, x, x), s.one()};
  case I::recip_recip: return {false, s.op2(o::div, s.one(), s.op2(o::div, s.one(), x)), x};
  case I::fma_expand:
    return {false, s.op3(o::fma, x, y, z), s.op2(o::add, s.op2(o::mul, x, y), z)};
  case I::cast_roundtrip: {
    // x.to(t).to(d): two sanitized casts, each embed -> payload cast -> unembed.
    const dtype t = s.targets[std::size_t(sub)];
    const mixer& mt = s.target_mixers[std::size_t(sub)];
    const int wt = width_of(t);
    const u64 there = unembed(mt, cast_payload(s.w, wt, s.E(x), s.p));
    return {false, s.U(cast_payload(wt, s.w, embed(mt, there), s.p)), x, format_of(t).name};
  }
  case I::tags_distinct: {
    // All 8 tagged ops on x must differ; on a violation lhs/rhs hold the
    // indices (into tagged_ops) of the first pair that agrees.
    u64 t[8];
    for (int i = 0; i < 8; ++i) t[i] = s.U(tagged(s.w, s.E(x), tagged_ops[i]));
    for (int i = 0; i < 8; ++i)
      for (int j = i + 1; j < 8; ++j)
        if (t[i] == t[j]) return {false, u64(i), u64(j)};
    return {true, 0, 0};
  }
  }
  return {false, ~u64(0), 0};
}

inline int checks_per_input(dtype d, const std::string& id) {
  if (id == "cast_roundtrip") return int(roundtrip_targets(d).size());
  return 1;
}

inline const char* tag_name(unary_tag t) {
  switch (t) {
    case unary_tag::log: return "log";
    case unary_tag::log2: return "log2";
    case unary_tag::sqrt: return "sqrt";
    case unary_tag::rsqrt: return "rsqrt";
    case unary_tag::erf: return "erf";
    case unary_tag::floor: return "floor";
    case unary_tag::ceil: return "ceil";
    case unary_tag::precise_sqrt: return "precise_sqrt";
    default: return "?";
  }
}

// Runs one identity on one dtype.
inline result run(dtype d, const std::string& id, unsigned long long samples,
                  params p = {}) {
  identity which{};
  if (!parse_identity(id, which)) return {id, d, 0, 0, "unknown identity"};
  const sanitized s(d, p);
  const int w = s.w;
  const inputs kind = input_kind(id);
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
  if (kind != inputs::fixed_zeros &&
      !((kind == inputs::unary && w <= 16) || (kind != inputs::unary && w <= 8)))
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
          outcome o = check(s, which, x, y, z, int(k % unsigned(per)));
          const bool ok = which == identity::tags_distinct ? o.ok : (o.lhs == o.rhs);
          if (!ok) {
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
    outcome o = check(s, which, x, y, z, sub);
    std::string wit = "x=" + hexw(x, w);
    if (kind == inputs::binary || kind == inputs::ternary) wit += " y=" + hexw(y, w);
    if (kind == inputs::ternary) wit += " z=" + hexw(z, w);
    if (id == "tags_distinct") {
      const int i = int(o.lhs), j = int(o.rhs);
      wit += std::string(": ") + tag_name(tagged_ops[i]) + "(x) = " + tag_name(tagged_ops[j]) +
             "(x) = " + hexw(s.U(tagged(w, s.E(x), tagged_ops[i])), w);
    } else {
      if (o.what) wit += std::string(" via ") + o.what;
      wit += ": lhs=" + hexw(o.lhs, w) + " rhs=" + hexw(o.rhs, w);
    }
    res.witness = wit;
  }
  return res;
}

}  // namespace bitexact::fpsan::validate
