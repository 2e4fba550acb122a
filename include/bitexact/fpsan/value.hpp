// bitexact/fpsan/value.hpp — fpsan::value<T>: a number that lives in FpSan's
// payload space, so that templated C++/CUDA code written for T computes
// exactly the payloads a Triton kernel computes under
// TRITON_INSTRUMENTATION_MODE=fpsan.
//
//   fpsan::value<float> x = 1.5f, y = 2.0f;     // embeds the float bits
//   auto z = fma(x, y, exp(x)) / sin(y);        // payload algebra throughout
//   float out = z.to_float();                   // unembed: the bits FpSan stores
//
// T is float, double, or one of the bit-holder types below for the 16- and
// 8-bit formats. Everything is constexpr and BITEXACT_HD.
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include <type_traits>

#include "bitexact/bits.hpp"
#include "bitexact/fpsan/dot.hpp"
#include "bitexact/fpsan/ops.hpp"

namespace bitexact::fpsan {

template <class T>
struct dtype_traits;
template <>
struct dtype_traits<double> {
  static constexpr dtype type = dtype::f64;
  BITEXACT_INLINE static constexpr u64 bits(double x) { return bit_cast<std::uint64_t>(x); }
  BITEXACT_INLINE static constexpr double from(u64 b) { return bit_cast<double>(b); }
};
template <>
struct dtype_traits<float> {
  static constexpr dtype type = dtype::f32;
  BITEXACT_INLINE static constexpr u64 bits(float x) { return bit_cast<std::uint32_t>(x); }
  BITEXACT_INLINE static constexpr float from(u64 b) { return bit_cast<float>(std::uint32_t(b)); }
};
template <class H, dtype D>
struct holder_traits {
  static constexpr dtype type = D;
  BITEXACT_INLINE static constexpr u64 bits(H x) { return x.bits; }
  BITEXACT_INLINE static constexpr H from(u64 b) { return H{static_cast<decltype(H::bits)>(b)}; }
};
template <>
struct dtype_traits<half> : holder_traits<half, dtype::f16> {};
template <>
struct dtype_traits<bfloat16> : holder_traits<bfloat16, dtype::bf16> {};
template <>
struct dtype_traits<float8_e4m3fn> : holder_traits<float8_e4m3fn, dtype::e4m3fn> {};
template <>
struct dtype_traits<float8_e5m2> : holder_traits<float8_e5m2, dtype::e5m2> {};
template <>
struct dtype_traits<float8_e4m3fnuz> : holder_traits<float8_e4m3fnuz, dtype::e4m3fnuz> {};
template <>
struct dtype_traits<float8_e5m2fnuz> : holder_traits<float8_e5m2fnuz, dtype::e5m2fnuz> {};

template <class T, revision R = default_revision, cast_mode C = cast_mode::fold>
class value {
 public:
  using float_type = T;
  static constexpr dtype type = dtype_traits<T>::type;
  static constexpr int width = width_of(type);
  static constexpr params algebra{R, C};

  // The payload mixer, built at compile time (a local constexpr so that
  // device code gets the constants folded in).
  BITEXACT_INLINE static constexpr mixer mix() {
    constexpr mixer m = make_mixer(type, R);
    return m;
  }

  constexpr value() = default;  // payload 0 = +0.0
  // Implicit, so that literals mix in as in Triton: x * 2.0f.
  BITEXACT_INLINE constexpr value(T x) : p_(embed(mix(), dtype_traits<T>::bits(x))) {}

  BITEXACT_INLINE static constexpr value from_payload(u64 p) {
    value v;
    v.p_ = p & mask_of(width);
    return v;
  }
  BITEXACT_INLINE static constexpr value from_bits(u64 bits) {
    return from_payload(embed(mix(), bits & mask_of(width)));
  }

  BITEXACT_INLINE constexpr u64 payload() const { return p_; }
  BITEXACT_INLINE constexpr u64 bits() const { return unembed(mix(), p_); }
  BITEXACT_INLINE constexpr T to_float() const { return dtype_traits<T>::from(bits()); }

  // x.to<U>(): the sanitized float->float conversion.
  template <class U>
  BITEXACT_INLINE constexpr value<U, R, C> to() const {
    return value<U, R, C>::from_payload(cast_payload(width, value<U, R, C>::width, p_, algebra));
  }

  // ---- arithmetic (payload ring) ----
  BITEXACT_INLINE friend constexpr value operator+(value a, value b) { return from_payload(add(width, a.p_, b.p_)); }
  BITEXACT_INLINE friend constexpr value operator-(value a, value b) { return from_payload(sub(width, a.p_, b.p_)); }
  BITEXACT_INLINE friend constexpr value operator*(value a, value b) { return from_payload(mul(width, a.p_, b.p_)); }
  BITEXACT_INLINE friend constexpr value operator/(value a, value b) { return from_payload(div(width, a.p_, b.p_)); }
  BITEXACT_INLINE friend constexpr value operator%(value a, value b) { return from_payload(rem(width, a.p_, b.p_)); }
  BITEXACT_INLINE friend constexpr value operator-(value a) { return from_payload(neg(width, a.p_)); }
  BITEXACT_INLINE friend constexpr value operator+(value a) { return a; }
  BITEXACT_INLINE constexpr value& operator+=(value b) { return *this = *this + b; }
  BITEXACT_INLINE constexpr value& operator-=(value b) { return *this = *this - b; }
  BITEXACT_INLINE constexpr value& operator*=(value b) { return *this = *this * b; }
  BITEXACT_INLINE constexpr value& operator/=(value b) { return *this = *this / b; }
  // Payload equality: FpSan results compare by bits.
  BITEXACT_INLINE friend constexpr bool operator==(value a, value b) { return a.p_ == b.p_; }
  BITEXACT_INLINE friend constexpr bool operator!=(value a, value b) { return a.p_ != b.p_; }

  // ---- math functions (found by ADL from generic code) ----
  BITEXACT_INLINE friend constexpr value fma(value a, value b, value c) {
    return from_payload(fpsan::fma(width, a.p_, b.p_, c.p_));
  }
  BITEXACT_INLINE friend constexpr value min(value a, value b) { return from_payload(fpsan::min(width, a.p_, b.p_)); }
  BITEXACT_INLINE friend constexpr value max(value a, value b) { return from_payload(fpsan::max(width, a.p_, b.p_)); }
  BITEXACT_INLINE friend constexpr value fmin(value a, value b) { return min(a, b); }
  BITEXACT_INLINE friend constexpr value fmax(value a, value b) { return max(a, b); }
  BITEXACT_INLINE friend constexpr value clamp(value x, value lo, value hi) {
    static_assert(rewrites_clamp(R),
                  "FpSan does not rewrite tt.clamp in this revision (Triton 3.8.0 has no ClampFOpPattern, "
                  "#10707): the kernel clamps the unembedded floats in IEEE arithmetic, which this model "
                  "does not reproduce");
    return from_payload(fpsan::clamp(width, x.p_, lo.p_, hi.p_));
  }
  BITEXACT_INLINE friend constexpr value exp2(value x) { return from_payload(fpsan::exp2(width, x.p_)); }
  BITEXACT_INLINE friend constexpr value exp(value x) { return from_payload(fpsan::exp(width, x.p_, R)); }
  BITEXACT_INLINE friend constexpr value sin(value x) { return from_payload(fpsan::sin(width, x.p_)); }
  BITEXACT_INLINE friend constexpr value cos(value x) { return from_payload(fpsan::cos(width, x.p_)); }
  BITEXACT_INLINE friend constexpr value log(value x) { return x.tag(unary_tag::log); }
  BITEXACT_INLINE friend constexpr value log2(value x) { return x.tag(unary_tag::log2); }
  BITEXACT_INLINE friend constexpr value sqrt(value x) { return x.tag(unary_tag::sqrt); }
  BITEXACT_INLINE friend constexpr value rsqrt(value x) { return x.tag(unary_tag::rsqrt); }
  BITEXACT_INLINE friend constexpr value erf(value x) { return x.tag(unary_tag::erf); }
  BITEXACT_INLINE friend constexpr value floor(value x) { return x.tag(unary_tag::floor); }
  BITEXACT_INLINE friend constexpr value ceil(value x) { return x.tag(unary_tag::ceil); }
  BITEXACT_INLINE friend constexpr value precise_sqrt(value x) { return x.tag(unary_tag::precise_sqrt); }

  BITEXACT_INLINE constexpr tag_operand operand() const { return {p_, width}; }

 private:
  BITEXACT_INLINE constexpr value tag(unary_tag t) const { return from_payload(tagged(width, p_, t)); }
  u64 p_ = 0;
};

// An operand of extern_elementwise / inline_asm_elementwise: an FpSan value
// (its payload) or an integer (its bits, signed).
template <class T, revision R, cast_mode C>
BITEXACT_INLINE constexpr tag_operand as_operand(const value<T, R, C>& v) {
  return v.operand();
}
BITEXACT_INLINE constexpr tag_operand as_operand(std::int32_t i) { return {u64(std::uint32_t(i)), 32}; }
BITEXACT_INLINE constexpr tag_operand as_operand(std::int64_t i) { return {u64(i), 64}; }

template <class A>
struct is_f32_value : std::false_type {};
template <revision R, cast_mode C>
struct is_f32_value<value<float, R, C>> : std::true_type {};

// tl.extern_elementwise(symbol, args), pure, result type value<T>. A known
// libdevice symbol with an all-f32 signature gets its op's rewrite.
template <class T, revision R = default_revision, class... Args>
BITEXACT_INLINE constexpr value<T, R> extern_elementwise(const char* symbol, const Args&... args) {
  using V = value<T, R>;
  constexpr int n = sizeof...(Args);
  static_assert(n > 0, "FpSan only rewrites extern calls with operands");
  tag_operand ops[n] = {as_operand(args)...};
  constexpr bool all_f32 = (V::type == dtype::f32) && (is_f32_value<Args>::value && ...);
  op known{};
  if (all_f32 && find_known_extern(symbol, n, known, R))
    return V::from_payload(
        apply_payload(known, 32, ops[0].payload, n > 1 ? ops[1 % n].payload : 0, n > 2 ? ops[2 % n].payload : 0, R));
  return V::from_payload(extern_tag(V::width, symbol, ops, n));
}

// tl.inline_asm_elementwise(asm, ..., args), pure; result `result_index`.
template <class T, revision R = default_revision, class... Args>
BITEXACT_INLINE constexpr value<T, R> inline_asm_elementwise(const char* asm_string, int result_index,
                                                             const Args&... args) {
  using V = value<T, R>;
  constexpr int n = sizeof...(Args);
  static_assert(n > 0, "FpSan only rewrites inline asm with operands");
  static_assert(rewrites_inline_asm(R),
                "FpSan does not rewrite inline asm in this revision (Triton 3.8.0 predates #10857/#10908): "
                "the real asm runs on the unembedded floats, which this model does not reproduce");
  tag_operand ops[n] = {as_operand(args)...};
  return V::from_payload(inline_asm_tag(V::width, asm_string, result_index, ops, n));
}

// acc + sum_k a[k] * b[k] with the operands cast to the accumulator width.
template <class Acc, class A, class B, revision R, cast_mode C>
BITEXACT_INLINE constexpr value<Acc, R, C> dot(value<Acc, R, C> acc, const value<A, R, C>* a, const value<B, R, C>* b,
                                               int k) {
  constexpr int w = value<Acc, R, C>::width;
  u64 s = acc.payload();
  for (int i = 0; i < k; ++i)
    s += cast_payload(value<A, R, C>::width, w, a[i].payload(), value<Acc, R, C>::algebra) *
         cast_payload(value<B, R, C>::width, w, b[i].payload(), value<Acc, R, C>::algebra);
  return value<Acc, R, C>::from_payload(s);
}

}  // namespace bitexact::fpsan
