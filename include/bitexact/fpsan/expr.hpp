// bitexact/fpsan/expr.hpp — host-only: small Triton-like float expressions,
// evaluated in FpSan's payload space (and, for contrast, approximately in
// IEEE arithmetic on the host). Used by `bitexact fpsan check`.
//
// Grammar:
//   expr    := term (('+' | '-') term)*
//   term    := unary (('*' | '/' | '%') unary)*
//   unary   := '-' unary | postfix
//   postfix := primary ('.to(' DTYPE ')')*
//   primary := NUMBER | NAME | NAME '(' expr (',' expr)* ')' | '(' expr ')'
// Functions: fma(a,b,c) min(a,b) max(a,b) clamp(x,lo,hi) neg exp exp2 sin cos
// log log2 sqrt rsqrt erf floor ceil precise_sqrt (known_functions). A NAME
// not followed by '(' is a variable of the --dtype type.
// Depth: at most max_depth nested levels (parentheses, calls, unary minus,
// and operator chains, which nest to the left), so that neither the
// recursive-descent parser nor the recursive evaluator can run out of stack. DTYPE: f64 f32 f16 bf16 e4m3fn e5m2 e4m3fnuz
// e5m2fnuz, or Triton's spellings (float32, tl.bfloat16, float8e4nv, ...).
//
// Types follow Triton: a literal takes the type of the other operand (and
// --dtype where there is none) and is rounded to it like a scalar constant;
// mixed float types are promoted to the wider one, f16 with bf16 to f32.
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "bitexact/fpsan/ieee.hpp"
#include "bitexact/fpsan/ops.hpp"

namespace bitexact::fpsan::expr {

struct parse_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct node {
  enum kind_t { variable, literal, negate, binary, call, cast } kind;
  std::string name;  // variable or function name; binary: "+", "-", "*", "/", "%"
  double number = 0;
  dtype to = dtype::f32;
  std::vector<int> kids;
  int depth = 1;  // levels of the subtree rooted here
};

struct program {
  std::vector<node> nodes;
  int root = -1;
  std::vector<std::string> variables;  // in order of first use
};

inline bool parse_dtype_name(std::string s, dtype& out) {
  if (s.rfind("tl.", 0) == 0) s = s.substr(3);
  if (s.rfind("gl.", 0) == 0) s = s.substr(3);
  static const std::map<std::string, dtype> names = {{"f64", dtype::f64},
                                                     {"float64", dtype::f64},
                                                     {"fp64", dtype::f64},
                                                     {"f32", dtype::f32},
                                                     {"float32", dtype::f32},
                                                     {"fp32", dtype::f32},
                                                     {"f16", dtype::f16},
                                                     {"float16", dtype::f16},
                                                     {"fp16", dtype::f16},
                                                     {"bf16", dtype::bf16},
                                                     {"bfloat16", dtype::bf16},
                                                     {"e4m3fn", dtype::e4m3fn},
                                                     {"float8e4nv", dtype::e4m3fn},
                                                     {"float8_e4m3fn", dtype::e4m3fn},
                                                     {"e5m2", dtype::e5m2},
                                                     {"float8e5", dtype::e5m2},
                                                     {"float8_e5m2", dtype::e5m2},
                                                     {"e4m3fnuz", dtype::e4m3fnuz},
                                                     {"float8e4b8", dtype::e4m3fnuz},
                                                     {"e5m2fnuz", dtype::e5m2fnuz},
                                                     {"float8e5b16", dtype::e5m2fnuz}};
  auto it = names.find(s);
  if (it == names.end()) return false;
  out = it->second;
  return true;
}

// The functions `check` knows, as its messages list them.
inline constexpr const char* known_functions =
    "fma(a,b,c) min(a,b) max(a,b) clamp(x,lo,hi) neg exp exp2 sin cos log log2 sqrt rsqrt erf floor ceil "
    "precise_sqrt";

// The deepest expression tree accepted. A level costs a few hundred bytes of
// stack in the parser and the evaluator; 1000 levels stay far below the 8 MiB
// main-thread stack (about 7,000 nested parentheses overflowed it), and no
// hand-written kernel expression comes near.
inline constexpr int max_depth = 1000;

inline int function_arity(const std::string& f) {
  if (f == "fma" || f == "clamp") return 3;
  if (f == "min" || f == "max") return 2;
  static const char* unary[] = {"neg",  "exp",   "exp2", "sin",   "cos",  "log",         "log2",
                                "sqrt", "rsqrt", "erf",  "floor", "ceil", "precise_sqrt"};
  for (const char* u : unary)
    if (f == u) return 1;
  return -1;
}

class parser {
 public:
  explicit parser(const std::string& text) : s_(text) {}

  program run() {
    p_.root = expr();
    skip();
    if (i_ != s_.size()) fail("unexpected '" + std::string(1, s_[i_]) + "'");
    return std::move(p_);
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    // A long expression is quoted by its start only, so the message stays short.
    const std::string quoted = s_.size() > 60 ? s_.substr(0, 57) + "..." : s_;
    throw parse_error("in '" + quoted + "' at column " + std::to_string(i_ + 1) + ": " + what);
  }
  void skip() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool eat(char c) {
    skip();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!eat(c)) fail(std::string("expected '") + c + "'");
  }
  [[noreturn]] void too_deep() const {
    fail("expression too deep (more than " + std::to_string(max_depth) + " nested levels)");
  }
  // Counts the parser's own recursion (parentheses, calls, unary minus).
  struct nest {
    parser& p;
    explicit nest(parser& q) : p(q) {
      if (++p.nesting_ > max_depth) p.too_deep();
    }
    ~nest() { --p.nesting_; }
    nest(const nest&) = delete;
    nest& operator=(const nest&) = delete;
  };
  // Appends a node; its depth bounds the evaluator's recursion, which left-
  // nested chains such as a+a+...+a reach without any parser recursion.
  int add(node n) {
    for (int k : n.kids) n.depth = std::max(n.depth, p_.nodes[std::size_t(k)].depth + 1);
    if (n.depth > max_depth) too_deep();
    p_.nodes.push_back(std::move(n));
    return int(p_.nodes.size()) - 1;
  }
  std::string name() {
    skip();
    std::size_t b = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_' || s_[i_] == '.')) ++i_;
    return s_.substr(b, i_ - b);
  }
  int expr() {
    nest guard(*this);
    int l = term();
    for (;;) {
      if (eat('+'))
        l = add({node::binary, "+", 0, dtype::f32, {l, term()}});
      else if (eat('-'))
        l = add({node::binary, "-", 0, dtype::f32, {l, term()}});
      else
        return l;
    }
  }
  int term() {
    int l = unary();
    for (;;) {
      if (eat('*'))
        l = add({node::binary, "*", 0, dtype::f32, {l, unary()}});
      else if (eat('/'))
        l = add({node::binary, "/", 0, dtype::f32, {l, unary()}});
      else if (eat('%'))
        l = add({node::binary, "%", 0, dtype::f32, {l, unary()}});
      else
        return l;
    }
  }
  int unary() {
    if (eat('-')) {
      nest guard(*this);
      return add({node::negate, "neg", 0, dtype::f32, {unary()}});
    }
    if (eat('+')) {
      nest guard(*this);
      return unary();
    }
    return postfix();
  }
  int postfix() {
    int e = primary();
    for (;;) {
      skip();
      if (s_.compare(i_, 4, ".to(") != 0) return e;
      i_ += 4;
      std::string t = name();
      dtype d;
      if (!parse_dtype_name(t, d)) fail("unknown dtype '" + t + "' in .to()");
      expect(')');
      e = add({node::cast, "to", 0, d, {e}});
    }
  }
  int primary() {
    skip();
    if (i_ >= s_.size()) fail("unexpected end of expression");
    if (eat('(')) {
      int e = expr();
      expect(')');
      return e;
    }
    const char c = s_[i_];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      const char* b = s_.c_str() + i_;
      char* end = nullptr;
      double v = std::strtod(b, &end);
      if (end == b) fail("bad number");
      i_ += std::size_t(end - b);
      return add({node::literal, "", v, dtype::f32, {}});
    }
    if (!(std::isalpha(static_cast<unsigned char>(c)) || c == '_')) fail("unexpected '" + std::string(1, c) + "'");
    std::size_t b = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) ++i_;
    std::string id = s_.substr(b, i_ - b);
    if (eat('(')) {
      int arity = function_arity(id);
      if (arity < 0) fail("unknown function '" + id + "' (functions: " + known_functions + ")");
      node n{node::call, id, 0, dtype::f32, {}};
      n.kids.push_back(expr());
      while (eat(',')) n.kids.push_back(expr());
      expect(')');
      if (int(n.kids.size()) != arity)
        fail(id + " takes " + std::to_string(arity) + " argument" + (arity == 1 ? "" : "s"));
      return add(n);
    }
    bool known = false;
    for (const auto& v : p_.variables) known |= (v == id);
    if (!known) p_.variables.push_back(id);
    return add({node::variable, id, 0, dtype::f32, {}});
  }

  std::string s_;
  std::size_t i_ = 0;
  int nesting_ = 0;
  program p_;
};

inline program parse(const std::string& text) { return parser(text).run(); }

// A value during evaluation: typed (dtype + payload or IEEE bits) or a literal
// whose type is not yet known.
struct tval {
  bool typed = false;
  dtype d = dtype::f32;
  u64 v = 0;       // FpSan: payload; IEEE: float bits of d
  double lit = 0;  // untyped literal
};

struct env {
  dtype var_type;
  params p;
  const std::map<std::string, u64>* bits;  // variable -> float bits of var_type
};

inline dtype promote(dtype a, dtype b) {
  if (a == b) return a;
  const int wa = width_of(a), wb = width_of(b);
  if (wa != wb) return wa > wb ? a : b;
  if (wa == 16) return dtype::f32;  // Triton: fp16 op bf16 -> fp32
  throw parse_error(std::string("mixed ") + format_of(a).name + " and " + format_of(b).name +
                    " operands: add an explicit .to()");
}

// ---- FpSan evaluation (payloads) ----------------------------------------------

inline tval fp_typed(const tval& t, dtype d, const params& p) {
  if (!t.typed) return {true, d, embed(make_mixer(d, p.rev), ieee::encode(d, t.lit)), 0};
  if (t.d == d) return t;
  return {true, d, cast_payload(width_of(t.d), width_of(d), t.v, p), 0};
}

inline tval eval_fpsan(const program& pr, int i, const env& e) {
  const node& n = pr.nodes[size_t(i)];
  const params& p = e.p;
  switch (n.kind) {
    case node::variable:
      return {true, e.var_type, embed(make_mixer(e.var_type, p.rev), e.bits->at(n.name)), 0};
    case node::literal:
      return {false, e.var_type, 0, n.number};
    case node::cast: {
      tval a = eval_fpsan(pr, n.kids[0], e);
      if (!a.typed) return {true, n.to, embed(make_mixer(n.to, p.rev), ieee::encode(n.to, a.lit)), 0};
      return fp_typed(a, n.to, p);
    }
    case node::negate: {
      tval a = eval_fpsan(pr, n.kids[0], e);
      if (!a.typed) return {false, a.d, 0, -a.lit};
      return {true, a.d, neg(width_of(a.d), a.v), 0};
    }
    case node::binary: {
      tval a = eval_fpsan(pr, n.kids[0], e), b = eval_fpsan(pr, n.kids[1], e);
      if (!a.typed && !b.typed) {  // constant folding, as Python would
        double r = n.name == "+"   ? a.lit + b.lit
                   : n.name == "-" ? a.lit - b.lit
                   : n.name == "*" ? a.lit * b.lit
                   : n.name == "/" ? a.lit / b.lit
                                   : std::fmod(a.lit, b.lit);
        return {false, a.d, 0, r};
      }
      dtype d = !a.typed ? b.d : !b.typed ? a.d : promote(a.d, b.d);
      a = fp_typed(a, d, p);
      b = fp_typed(b, d, p);
      op o = n.name == "+"   ? op::add
             : n.name == "-" ? op::sub
             : n.name == "*" ? op::mul
             : n.name == "/" ? op::div
                             : op::rem;
      return {true, d, apply_payload(o, width_of(d), a.v, b.v, 0, p.rev), 0};
    }
    case node::call: {
      std::vector<tval> a;
      dtype d = e.var_type;
      bool any = false;
      for (int k : n.kids) {
        a.push_back(eval_fpsan(pr, k, e));
        if (a.back().typed) {
          d = any ? promote(d, a.back().d) : a.back().d;
          any = true;
        }
      }
      for (auto& t : a) t = fp_typed(t, d, p);
      const int w = width_of(d);
      u64 x = a[0].v, y = a.size() > 1 ? a[1].v : 0, z = a.size() > 2 ? a[2].v : 0;
      if (n.name == "clamp") {
        if (!rewrites_clamp(p.rev))
          throw parse_error(
              "clamp is not rewritten by FpSan in Triton 3.8.0 (no ClampFOpPattern before #10707): the kernel "
              "clamps the unembedded floats in IEEE arithmetic, which this model does not reproduce");
        return {true, d, clamp(w, x, y, z), 0};
      }
      for (int k = 0; k < op_count; ++k)
        if (n.name == info(op(k)).name) return {true, d, apply_payload(op(k), w, x, y, z, p.rev), 0};
      throw parse_error("unknown function '" + n.name + "'");
    }
  }
  return {};
}

// ---- IEEE evaluation (host double arithmetic, rounded to the dtype after
// each operation; an approximation of a GPU's IEEE results, for contrast) ----

inline tval ie_round(dtype d, double v) { return {true, d, ieee::encode(d, v), 0}; }
inline double ie_val(const tval& t) { return t.typed ? ieee::decode(t.d, t.v) : t.lit; }

inline tval eval_ieee(const program& pr, int i, const env& e) {
  const node& n = pr.nodes[size_t(i)];
  switch (n.kind) {
    case node::variable:
      return {true, e.var_type, e.bits->at(n.name), 0};
    case node::literal:
      return {false, e.var_type, 0, n.number};
    case node::cast:
      return ie_round(n.to, ie_val(eval_ieee(pr, n.kids[0], e)));
    case node::negate: {
      tval a = eval_ieee(pr, n.kids[0], e);
      if (!a.typed) return {false, a.d, 0, -a.lit};
      return ie_round(a.d, -ie_val(a));
    }
    case node::binary: {
      tval a = eval_ieee(pr, n.kids[0], e), b = eval_ieee(pr, n.kids[1], e);
      dtype d = !a.typed && !b.typed ? e.var_type : !a.typed ? b.d : !b.typed ? a.d : promote(a.d, b.d);
      // Literals are rounded to the operation's type first.
      double x = a.typed ? ie_val(a) : ieee::decode(d, ieee::encode(d, a.lit));
      double y = b.typed ? ie_val(b) : ieee::decode(d, ieee::encode(d, b.lit));
      if (a.typed) x = ieee::decode(d, ieee::encode(d, x));
      if (b.typed) y = ieee::decode(d, ieee::encode(d, y));
      double r = n.name == "+"   ? x + y
                 : n.name == "-" ? x - y
                 : n.name == "*" ? x * y
                 : n.name == "/" ? x / y
                                 : std::fmod(x, y);
      if (!a.typed && !b.typed) return {false, d, 0, r};
      return ie_round(d, r);
    }
    case node::call: {
      std::vector<double> x;
      dtype d = e.var_type;
      bool any = false;
      std::vector<tval> a;
      for (int k : n.kids) {
        a.push_back(eval_ieee(pr, k, e));
        if (a.back().typed) {
          d = any ? promote(d, a.back().d) : a.back().d;
          any = true;
        }
      }
      for (auto& t : a) x.push_back(ieee::decode(d, ieee::encode(d, ie_val(t))));
      const std::string& f = n.name;
      double r;
      if (f == "fma")
        r = std::fma(x[0], x[1], x[2]);
      else if (f == "min")
        r = std::fmin(x[0], x[1]);
      else if (f == "max")
        r = std::fmax(x[0], x[1]);
      else if (f == "clamp")
        r = std::fmin(std::fmax(x[0], x[1]), x[2]);
      else if (f == "neg")
        r = -x[0];
      else if (f == "exp")
        r = std::exp(x[0]);
      else if (f == "exp2")
        r = std::exp2(x[0]);
      else if (f == "sin")
        r = std::sin(x[0]);
      else if (f == "cos")
        r = std::cos(x[0]);
      else if (f == "log")
        r = std::log(x[0]);
      else if (f == "log2")
        r = std::log2(x[0]);
      else if (f == "sqrt" || f == "precise_sqrt")
        r = std::sqrt(x[0]);
      else if (f == "rsqrt")
        r = 1 / std::sqrt(x[0]);
      else if (f == "erf")
        r = std::erf(x[0]);
      else if (f == "floor")
        r = std::floor(x[0]);
      else
        r = std::ceil(x[0]);
      return ie_round(d, r);
    }
  }
  return {};
}

// The result as (dtype, float bits): FpSan results are unembedded.
inline tval result_bits_fpsan(const program& pr, const env& e) {
  tval t = eval_fpsan(pr, pr.root, e);
  if (!t.typed) t = fp_typed(t, e.var_type, e.p);  // a constant expression
  t.v = unembed(make_mixer(t.d, e.p.rev), t.v);
  return t;
}
inline tval result_bits_ieee(const program& pr, const env& e) {
  tval t = eval_ieee(pr, pr.root, e);
  if (!t.typed) t = ie_round(e.var_type, t.lit);
  return t;
}

}  // namespace bitexact::fpsan::expr
