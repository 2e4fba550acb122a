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

namespace bitexact::fpsan::validate {

inline constexpr const char* identity_names[] = {
    "exp2_add", "exp2_zero", "exp2_neg",   "exp_add",   "exp_neg",       "exp_via_exp2",
    "sin_add",  "sin_sub",   "cos_add",    "cos_sub",   "pythagoras",    "cos_even",
    "sin_odd",  "add_zero",  "add_negzero", "mul_one",  "div_one",       "div_self",
    "recip_recip", "fma_expand", "cast_roundtrip", "tags_distinct"};

struct result {
  std::string identity;
  dtype type;
  unsigned long long checked = 0;
  unsigned long long violations = 0;
  std::string witness;  // empty when none
};

// Counter-based generator (SplitMix64 finaliser of seed + index).
inline u64 sample_bits(u64 seed, u64 index) {
  u64 z = seed + (index + 1) * 0x9e3779b97f4a7c15ull;  // SplitMix64 increment
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

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
  explicit sanitized(dtype d_, revision r_) : d(d_), r(r_), m(make_mixer(d_, r_)), w(m.width) {}
  u64 E(u64 b) const { return embed(m, b); }
  u64 U(u64 p) const { return unembed(m, p); }
  u64 op1(op o, u64 x) const { return U(apply_payload(o, w, E(x), 0, 0, r)); }
  u64 op2(op o, u64 x, u64 y) const { return U(apply_payload(o, w, E(x), E(y), 0, r)); }
  u64 op3(op o, u64 x, u64 y, u64 z) const { return U(apply_payload(o, w, E(x), E(y), E(z), r)); }
  u64 one() const { return format_of(d).one_bits(); }
  u64 zero() const { return 0; }
  // The bits a -0.0 literal gets: the sign bit, except in the fnuz formats,
  // which have no -0 (their 0x80 is NaN) and round -0.0 to +0.
  u64 negzero() const { return ieee::encode(d, -0.0); }
  u64 constant(double v) const { return ieee::encode(d, v); }
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
// done per input (cast targets, tag pairs) — see checks_per_input.
inline outcome check(const sanitized& s, const std::string& id, u64 x, u64 y, u64 z, int sub,
                     params p) {
  using o = op;
  if (id == "exp2_add")
    return {false, s.op1(o::exp2, s.op2(o::add, x, y)),
            s.op2(o::mul, s.op1(o::exp2, x), s.op1(o::exp2, y))};
  if (id == "exp2_zero") return {false, s.op1(o::exp2, x), s.one()};
  if (id == "exp2_neg")
    return {false, s.op1(o::exp2, s.op1(o::neg, x)), s.op2(o::div, s.one(), s.op1(o::exp2, x))};
  if (id == "exp_add")
    return {false, s.op1(o::exp, s.op2(o::add, x, y)),
            s.op2(o::mul, s.op1(o::exp, x), s.op1(o::exp, y))};
  if (id == "exp_neg")
    return {false, s.op1(o::exp, s.op1(o::neg, x)), s.op2(o::div, s.one(), s.op1(o::exp, x))};
  if (id == "exp_via_exp2")
    return {false, s.op1(o::exp, x), s.op1(o::exp2, s.op2(o::mul, x, s.constant(1.44269504)))};
  if (id == "sin_add" || id == "sin_sub" || id == "cos_add" || id == "cos_sub") {
    const bool plus = id.ends_with("add");
    const u64 arg = s.op2(plus ? o::add : o::sub, x, y);
    const u64 sx = s.op1(o::sin, x), cx = s.op1(o::cos, x), sy = s.op1(o::sin, y),
              cy = s.op1(o::cos, y);
    if (id.starts_with("sin"))
      return {false, s.op1(o::sin, arg),
              s.op2(plus ? o::add : o::sub, s.op2(o::mul, sx, cy), s.op2(o::mul, cx, sy))};
    return {false, s.op1(o::cos, arg),
            s.op2(plus ? o::sub : o::add, s.op2(o::mul, cx, cy), s.op2(o::mul, sx, sy))};
  }
  if (id == "pythagoras") {
    const u64 sx = s.op1(o::sin, x), cx = s.op1(o::cos, x);
    return {false, s.op2(o::add, s.op2(o::mul, cx, cx), s.op2(o::mul, sx, sx)), s.one()};
  }
  if (id == "cos_even") return {false, s.op1(o::cos, s.op1(o::neg, x)), s.op1(o::cos, x)};
  if (id == "sin_odd") return {false, s.op1(o::sin, s.op1(o::neg, x)), s.op1(o::neg, s.op1(o::sin, x))};
  if (id == "add_zero") return {false, s.op2(o::add, x, s.zero()), x};
  if (id == "add_negzero") return {false, s.op2(o::add, x, s.negzero()), x};
  if (id == "mul_one") return {false, s.op2(o::mul, x, s.one()), x};
  if (id == "div_one") return {false, s.op2(o::div, x, s.one()), x};
  if (id == "div_self") return {false, s.op2(o::div, x, x), s.one()};
  if (id == "recip_recip") return {false, s.op2(o::div, s.one(), s.op2(o::div, s.one(), x)), x};
  if (id == "fma_expand")
    return {false, s.op3(o::fma, x, y, z), s.op2(o::add, s.op2(o::mul, x, y), z)};
  if (id == "cast_roundtrip") {
    const dtype t = roundtrip_targets(s.d)[sub];
    const u64 there = cast_bits(s.d, t, x, p);
    return {false, cast_bits(t, s.d, there, p), x, format_of(t).name};
  }
  if (id == "tags_distinct") {
    // sub enumerates the 28 unordered pairs of the 8 tagged ops.
    int i = 0, j = 1;
    for (int k = 0; k < sub; ++k)
      if (++j == 8) j = ++i + 1;
    const u64 a = s.U(tagged(s.w, s.E(x), tagged_ops[i])), b = s.U(tagged(s.w, s.E(x), tagged_ops[j]));
    // Distinctness: a violation is a pair of ops that agree.
    return {a != b, a, b, nullptr};
  }
  return {false, ~u64(0), 0};
}

inline int checks_per_input(dtype d, const std::string& id) {
  if (id == "cast_roundtrip") return int(roundtrip_targets(d).size());
  if (id == "tags_distinct") return 28;
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
  const sanitized s(d, p.rev);
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
          outcome o = check(s, id, x, y, z, int(k % unsigned(per)), p);
          const bool ok = id == "tags_distinct" ? o.ok : (o.lhs == o.rhs);
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
    outcome o = check(s, id, x, y, z, sub, p);
    std::string wit = "x=" + hexw(x, w);
    if (kind == inputs::binary || kind == inputs::ternary) wit += " y=" + hexw(y, w);
    if (kind == inputs::ternary) wit += " z=" + hexw(z, w);
    if (id == "tags_distinct") {
      int i = 0, j = 1;
      for (int k = 0; k < sub; ++k)
        if (++j == 8) j = ++i + 1;
      wit += std::string(": ") + tag_name(tagged_ops[i]) + "(x) = " + tag_name(tagged_ops[j]) +
             "(x) = " + hexw(o.lhs, w);
    } else {
      if (o.what) wit += std::string(" via ") + o.what;
      wit += ": lhs=" + hexw(o.lhs, w) + " rhs=" + hexw(o.rhs, w);
    }
    res.witness = wit;
  }
  return res;
}

}  // namespace bitexact::fpsan::validate
