// bitexact/fpsan/ieee.hpp — host-only helpers to read and write the FpSan
// formats as ordinary IEEE-style numbers: decode bits to double, and round a
// double to a format (round to nearest, ties to even). Used to round
// constants such as log2(e) to a dtype the way a Triton scalar literal is
// materialised, and by `bitexact fpsan check` for its IEEE contrast.
//
// Overflow: formats with infinities (f64 f32 f16 bf16 e5m2) round to Inf;
// the fn/fnuz fp8 formats, which have none, give their NaN (the
// non-saturating conversion). This file is not part of the FpSan model.
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include <algorithm>
#include <cmath>

#include "bitexact/bits.hpp"
#include "bitexact/fpsan/format.hpp"

namespace bitexact::fpsan::ieee {

// Calls fn(fp_bits<L>{}) with L the layout of d, for the dtypes whose special
// values are IEEE 754's (special_kind::ieee); the fn/fnuz fp8 formats have
// their own conventions and are handled by the callers.
template <class Fn>
auto with_ieee_layout(dtype d, Fn&& fn) {
  switch (d) {
    case dtype::f64:
      return fn(fp_bits<double>{});
    case dtype::f32:
      return fn(fp_bits<float>{});
    case dtype::f16:
      return fn(fp_bits<half>{});
    case dtype::bf16:
      return fn(fp_bits<bfloat16>{});
    default:
      return fn(fp_bits<float8_e5m2>{});  // e5m2, the only other IEEE-style dtype
  }
}

// The NaN a conversion produces: IEEE formats' default quiet NaN; e4m3fn's
// only NaN encoding S.1111.111 (positive); the fnuz formats' 0x80.
inline u64 nan_bits(dtype d) {
  const format f = format_of(d);
  switch (f.kind) {
    case special_kind::fnuz:
      return sign_bit_of(f.width);
    case special_kind::fn:
      return mask_of(f.width - 1);
    default:
      return with_ieee_layout(d, [](auto b) { return u64(decltype(b)::quiet_nan().bits); });
  }
}

inline bool is_nan(dtype d, u64 bits) {
  const format f = format_of(d);
  const u64 e = (bits >> f.mantissa_bits) & mask_of(f.exponent_bits);
  const u64 m = bits & mask_of(f.mantissa_bits);
  switch (f.kind) {
    case special_kind::fnuz:
      return bits == sign_bit_of(f.width);
    case special_kind::fn:
      return e == mask_of(f.exponent_bits) && m == mask_of(f.mantissa_bits);
    default:
      return with_ieee_layout(d, [bits](auto b) {
        using B = decltype(b);
        return B::from_bits(typename B::storage(bits)).is_nan();
      });
  }
}

inline double decode(dtype d, u64 bits) {
  if (d == dtype::f64) return bit_cast<double>(bits);
  if (d == dtype::f32) return double(bit_cast<float>(std::uint32_t(bits)));
  const format f = format_of(d);
  if (is_nan(d, bits)) return std::nan("");
  const bool s = (bits >> (f.width - 1)) & 1;
  const u64 e = (bits >> f.mantissa_bits) & mask_of(f.exponent_bits);
  const u64 m = bits & mask_of(f.mantissa_bits);
  const bool inf = f.kind == special_kind::ieee && with_ieee_layout(d, [bits](auto b) {
                     using B = decltype(b);
                     return B::from_bits(typename B::storage(bits)).is_inf();
                   });
  double v;
  if (inf)
    v = INFINITY;
  else if (e == 0)
    v = std::ldexp(double(m), 1 - f.bias - f.mantissa_bits);
  else
    v = std::ldexp(double(m | (u64(1) << f.mantissa_bits)), int(e) - f.bias - f.mantissa_bits);
  return s ? -v : v;
}

// Round to nearest even. Assumes the default floating-point environment.
inline u64 encode(dtype d, double v) {
  if (d == dtype::f64) return bit_cast<std::uint64_t>(v);
  if (d == dtype::f32) return bit_cast<std::uint32_t>(static_cast<float>(v));
  const format f = format_of(d);
  if (std::isnan(v)) return nan_bits(d);
  const u64 sign = std::signbit(v) ? sign_bit_of(f.width) : 0;
  const double a = std::fabs(v);
  // Largest finite magnitude and what overflow gives.
  u64 max_e = mask_of(f.exponent_bits), max_m = mask_of(f.mantissa_bits);
  if (f.kind == special_kind::ieee) max_e -= 1;
  if (f.kind == special_kind::fn) max_m -= 1;
  const double max_finite =
      std::ldexp(double(max_m | (u64(1) << f.mantissa_bits)), int(max_e) - f.bias - f.mantissa_bits);
  const u64 overflow = f.kind == special_kind::ieee
                           ? with_ieee_layout(d, [neg = sign != 0](auto b) { return u64(decltype(b)::inf(neg).bits); })
                           : nan_bits(d);
  if (a == 0) return f.kind == special_kind::fnuz ? 0 : sign;
  if (std::isinf(a)) return overflow;
  int ex;
  std::frexp(a, &ex);  // a = g * 2^ex, g in [0.5, 1)
  int e = std::max(ex - 1, 1 - f.bias);
  const double q = std::ldexp(1.0, e - f.mantissa_bits);
  double n = std::nearbyint(a / q);
  if (n * q > max_finite) return overflow;
  if (n == 0) return f.kind == special_kind::fnuz ? 0 : sign;
  if (n >= std::ldexp(1.0, f.mantissa_bits + 1)) {
    n /= 2;
    ++e;
  }
  const u64 ni = u64(n);
  if (ni < (u64(1) << f.mantissa_bits)) return sign | ni;  // subnormal
  return sign | (u64(e + f.bias) << f.mantissa_bits) | (ni & mask_of(f.mantissa_bits));
}

}  // namespace bitexact::fpsan::ieee
