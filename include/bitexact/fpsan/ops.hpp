// bitexact/fpsan/ops.hpp — every FpSan rewrite by name, at the level Triton
// applies it: float bit patterns in, float bit patterns out,
//   result = unembed(rewrite(embed(args...)))
// plus the payload-level dispatcher the CLI, the validator and `check` use.
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include "bitexact/fpsan/cast.hpp"
#include "bitexact/fpsan/cossin.hpp"
#include "bitexact/fpsan/embed.hpp"
#include "bitexact/fpsan/exp2.hpp"
#include "bitexact/fpsan/ring.hpp"
#include "bitexact/fpsan/tag.hpp"

namespace bitexact::fpsan {

enum class op : std::uint8_t {
  add,
  sub,
  mul,
  div,
  rem,
  fma,
  min,
  max,
  neg,
  exp,
  exp2,
  sin,
  cos,
  log,
  log2,
  sqrt,
  rsqrt,
  erf,
  floor,
  ceil,
  precise_sqrt,
};
inline constexpr int op_count = 21;

struct op_info {
  const char* name;
  int arity;
};
BITEXACT_INLINE constexpr op_info info(op o) {
  switch (o) {
    case op::add:
      return {"add", 2};
    case op::sub:
      return {"sub", 2};
    case op::mul:
      return {"mul", 2};
    case op::div:
      return {"div", 2};
    case op::rem:
      return {"rem", 2};
    case op::fma:
      return {"fma", 3};
    case op::min:
      return {"min", 2};
    case op::max:
      return {"max", 2};
    case op::neg:
      return {"neg", 1};
    case op::exp:
      return {"exp", 1};
    case op::exp2:
      return {"exp2", 1};
    case op::sin:
      return {"sin", 1};
    case op::cos:
      return {"cos", 1};
    case op::log:
      return {"log", 1};
    case op::log2:
      return {"log2", 1};
    case op::sqrt:
      return {"sqrt", 1};
    case op::rsqrt:
      return {"rsqrt", 1};
    case op::erf:
      return {"erf", 1};
    case op::floor:
      return {"floor", 1};
    case op::ceil:
      return {"ceil", 1};
    case op::precise_sqrt:
      return {"precise_sqrt", 1};
  }
  return {"?", 0};
}

// The tag of a tagged unary op (log .. precise_sqrt).
BITEXACT_INLINE constexpr unary_tag tag_of(op o) {
  switch (o) {
    case op::log:
      return unary_tag::log;
    case op::log2:
      return unary_tag::log2;
    case op::sqrt:
      return unary_tag::sqrt;
    case op::rsqrt:
      return unary_tag::rsqrt;
    case op::erf:
      return unary_tag::erf;
    case op::floor:
      return unary_tag::floor;
    case op::ceil:
      return unary_tag::ceil;
    default:
      return unary_tag::precise_sqrt;
  }
}

// The rewrite of `o` on payloads of width w (unused operands ignored).
BITEXACT_INLINE constexpr u64 apply_payload(op o, int w, u64 x, u64 y = 0, u64 z = 0, revision r = default_revision) {
  switch (o) {
    case op::add:
      return add(w, x, y);
    case op::sub:
      return sub(w, x, y);
    case op::mul:
      return mul(w, x, y);
    case op::div:
      return div(w, x, y);
    case op::rem:
      return rem(w, x, y);
    case op::fma:
      return fma(w, x, y, z);
    case op::min:
      return min(w, x, y);
    case op::max:
      return max(w, x, y);
    case op::neg:
      return neg(w, x);
    case op::exp:
      return exp(w, x, r);
    case op::exp2:
      return exp2(w, x);
    case op::sin:
      return sin(w, x);
    case op::cos:
      return cos(w, x);
    default:
      return tagged(w, x, tag_of(o));
  }
}

// The sanitized op on float bit patterns of dtype d.
BITEXACT_INLINE constexpr u64 apply_bits(op o, dtype d, u64 x, u64 y = 0, u64 z = 0, revision r = default_revision) {
  const mixer m = make_mixer(d, r);
  return unembed(m, apply_payload(o, m.width, embed(m, x), embed(m, y), embed(m, z), r));
}

// clamp(x, lo, hi) (tt.clamp, both propagate_nan modes) on float bits.
BITEXACT_INLINE constexpr u64 clamp_bits(dtype d, u64 x, u64 lo, u64 hi, revision r = default_revision) {
  const mixer m = make_mixer(d, r);
  return unembed(m, clamp(m.width, embed(m, x), embed(m, lo), embed(m, hi)));
}

// ---- known extern symbols ------------------------------------------------------
//
// FpSanitizer.cpp getKnownExtern: these libdevice symbols, when called with
// an all-f32 signature of the right arity, get the rewrite of the op they
// implement instead of a structural tag. Any other symbol (including
// __nv_sqrtf, which is absent from the list) and any other signature is
// tagged with its name's hash.
struct known_extern {
  const char* symbol;
  op rewrite;
};

BITEXACT_INLINE constexpr bool same_string(const char* a, const char* b) {
  for (; *a && *a == *b; ++a, ++b) {
  }
  return *a == *b;
}

// The op a known symbol stands for, if `arity` matches; returns false otherwise.
// __nv_expf joined the list with #10834 (d4e1336164): Triton 3.8.0 tags it.
BITEXACT_INLINE constexpr bool find_known_extern(const char* symbol, int arity, op& out,
                                                 revision r = default_revision) {
  // A local table, so that device code can use it too.
  constexpr known_extern known_externs[14] = {
      {"__nv_fast_expf", op::exp}, {"__nv_expf", op::exp},     {"__nv_exp2f", op::exp2},
      {"__nv_logf", op::log},      {"__nv_log2f", op::log2},   {"__nv_cosf", op::cos},
      {"__nv_sinf", op::sin},      {"__nv_rsqrtf", op::rsqrt}, {"__nv_erff", op::erf},
      {"__nv_floorf", op::floor},  {"__nv_ceilf", op::ceil},   {"__nv_fsqrt_rn", op::precise_sqrt},
      {"__nv_fdiv_rn", op::div},   {"__nv_fmaf", op::fma},
  };
  if (r == revision::triton_3_8_0 && same_string(symbol, "__nv_expf")) return false;
  for (const known_extern& k : known_externs)
    if (same_string(symbol, k.symbol) && info(k.rewrite).arity == arity) {
      out = k.rewrite;
      return true;
    }
  return false;
}

}  // namespace bitexact::fpsan
