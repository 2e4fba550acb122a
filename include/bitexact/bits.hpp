// bitexact/bits.hpp — one typed view of a binary floating-point value's fields,
// plus the bit-level helpers every reproduction uses (exact fma, ordered
// integer mapping for ULP distances, flushing of subnormals).
//
// Everything here is constexpr/BITEXACT_HD and independent of the host libm.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "bitexact/config.hpp"
#if BITEXACT_NVVM_BUILTINS
#include "bitexact/nvptx_intrinsics.hpp"
#endif

namespace bitexact {

template <class T>
struct float_traits;
template <>
struct float_traits<float> {
  using storage = std::uint32_t;
  using signed_storage = std::int32_t;
  static constexpr int total_bits = 32;
  static constexpr int mantissa_bits = 23;  // stored fraction bits
  static constexpr int exponent_bits = 8;
  static constexpr int exponent_bias = 127;
};
template <>
struct float_traits<double> {
  using storage = std::uint64_t;
  using signed_storage = std::int64_t;
  static constexpr int total_bits = 64;
  static constexpr int mantissa_bits = 52;
  static constexpr int exponent_bits = 11;
  static constexpr int exponent_bias = 1023;
};

template <class To, class From>
BITEXACT_INLINE constexpr To bit_cast(const From& v) noexcept {
  static_assert(sizeof(To) == sizeof(From));
  return __builtin_bit_cast(To, v);
}

// A typed view of the sign, biased exponent and stored fraction of T, with
// builders of the special encodings (after LLVM libc's FPBits), so that no
// caller spells a NaN, infinity or extreme value in hex.
template <class T>
struct fp_bits {
  using traits = float_traits<T>;
  using storage = typename traits::storage;
  static constexpr int mantissa_bits = traits::mantissa_bits;
  static constexpr int exponent_bits = traits::exponent_bits;
  static constexpr int exponent_bias = traits::exponent_bias;
  static constexpr storage sign_mask = storage(1) << (traits::total_bits - 1);
  static constexpr storage fraction_mask = (storage(1) << mantissa_bits) - 1;
  static constexpr storage exponent_mask = storage(~(sign_mask | fraction_mask));
  static constexpr storage quiet_bit = storage(1) << (mantissa_bits - 1);
  static constexpr int max_biased_exponent = (1 << exponent_bits) - 1;

  storage bits = 0;

  constexpr fp_bits() = default;
  BITEXACT_INLINE constexpr explicit fp_bits(T v) : bits(bit_cast<storage>(v)) {}
  BITEXACT_INLINE static constexpr fp_bits from_bits(storage b) {
    fp_bits r;
    r.bits = b;
    return r;
  }
  BITEXACT_INLINE constexpr T value() const { return bit_cast<T>(bits); }

  // ---- builders: `negative` sets the sign bit ----------------------------------
  BITEXACT_INLINE static constexpr fp_bits zero(bool negative = false) { return from_bits(sign_bit(negative)); }
  BITEXACT_INLINE static constexpr fp_bits one(bool negative = false) {
    return from_bits(sign_bit(negative) | storage(storage(exponent_bias) << mantissa_bits));
  }
  BITEXACT_INLINE static constexpr fp_bits inf(bool negative = false) {
    return from_bits(sign_bit(negative) | exponent_mask);
  }
  // A quiet NaN carrying `payload` in the fraction bits below the quiet bit.
  // quiet_nan() is the default NaN of IEEE 754-2008 hardware that clears no
  // sign: 0x7fc00000 / 0x7ff8000000000000.
  BITEXACT_INLINE static constexpr fp_bits quiet_nan(bool negative = false, storage payload = 0) {
    return from_bits(sign_bit(negative) | exponent_mask | quiet_bit | storage(payload & (quiet_bit - 1)));
  }
  // A signalling NaN carrying `payload` (quiet bit clear). A zero payload
  // would encode an infinity, so it gives payload 1 instead.
  BITEXACT_INLINE static constexpr fp_bits signaling_nan(bool negative = false, storage payload = 1) {
    const storage p = storage(payload & (quiet_bit - 1));
    return from_bits(sign_bit(negative) | exponent_mask | (p != 0 ? p : storage(1)));
  }
  BITEXACT_INLINE static constexpr fp_bits min_subnormal(bool negative = false) {
    return from_bits(sign_bit(negative) | storage(1));
  }
  BITEXACT_INLINE static constexpr fp_bits max_subnormal(bool negative = false) {
    return from_bits(sign_bit(negative) | fraction_mask);
  }
  BITEXACT_INLINE static constexpr fp_bits min_normal(bool negative = false) {
    return from_bits(sign_bit(negative) | storage(storage(1) << mantissa_bits));
  }
  // The largest finite magnitude: biased exponent max - 1, every fraction bit set.
  BITEXACT_INLINE static constexpr fp_bits max_normal(bool negative = false) {
    return from_bits(sign_bit(negative) | storage(exponent_mask - 1));
  }

  BITEXACT_INLINE constexpr bool sign() const { return (bits & sign_mask) != 0; }
  BITEXACT_INLINE constexpr int biased_exponent() const { return int((bits & exponent_mask) >> mantissa_bits); }
  BITEXACT_INLINE constexpr storage fraction() const { return bits & fraction_mask; }
  BITEXACT_INLINE constexpr storage abs_bits() const { return bits & ~sign_mask; }

  BITEXACT_INLINE constexpr bool is_zero() const { return abs_bits() == 0; }
  BITEXACT_INLINE constexpr bool is_subnormal() const { return biased_exponent() == 0 && fraction() != 0; }
  BITEXACT_INLINE constexpr bool is_inf() const { return abs_bits() == exponent_mask; }
  BITEXACT_INLINE constexpr bool is_nan() const { return abs_bits() > exponent_mask; }
  BITEXACT_INLINE constexpr bool is_quiet_nan() const { return is_nan() && (bits & quiet_bit) != 0; }
  BITEXACT_INLINE constexpr bool is_signaling_nan() const { return is_nan() && (bits & quiet_bit) == 0; }
  BITEXACT_INLINE constexpr bool is_finite() const { return biased_exponent() != max_biased_exponent; }
  // Unbiased exponent of a normal number (subnormals report 1 - bias).
  BITEXACT_INLINE constexpr int unbiased_exponent() const {
    int e = biased_exponent();
    return (e == 0 ? 1 : e) - exponent_bias;
  }

 private:
  BITEXACT_INLINE static constexpr storage sign_bit(bool negative) { return negative ? sign_mask : storage(0); }
};

// ---- small exact helpers ---------------------------------------------------

// Correctly rounded fused multiply-add. On the host this is the compiler
// builtin (a hardware FMA instruction or glibc's correctly rounded fma);
// on a device it is the native fma. Never a separate multiply and add.
BITEXACT_INLINE float fma(float a, float b, float c) {
#if BITEXACT_DEVICE_PASS
  return __fmaf_rn(a, b, c);
#else
  return __builtin_fmaf(a, b, c);
#endif
}
BITEXACT_INLINE double fma(double a, double b, double c) {
#if BITEXACT_DEVICE_PASS
  return __fma_rn(a, b, c);
#else
  return __builtin_fma(a, b, c);
#endif
}

// ---- contraction-proof arithmetic ---------------------------------------------
// A compiler given -ffp-contract=fast (GCC's default outside ISO mode, nvcc's
// -fmad=true default) may fuse `a * b + c` into one fma, which changes bits.
// Project targets build with -ffp-contract=off, but these headers are compiled
// by users with their own flags. So every product that feeds an addition goes
// through mul(): on the host the product is pinned in a register by an empty asm
// statement, which no optimiser can see through; on a device __fmul_rn/__dmul_rn
// are never contracted. Where the vendor DOES fuse, write bitexact::fma.
template <class T>
BITEXACT_INLINE T opaque(T v) {
#if BITEXACT_DEVICE_PASS
  return v;
#elif defined(__AMDGPU__)
  // Plain C++ for amdgcn (device/replace_ocml_nv.cpp): a VGPR. Tested before
  // x86 because that build defines __x86_64__ to parse the host's headers.
  __asm__("" : "+v"(v));
  return v;
#elif defined(__x86_64__) || defined(__i386__)
  __asm__("" : "+x"(v));
  return v;
#elif defined(__aarch64__)
  __asm__("" : "+w"(v));
  return v;
#else
  volatile T t = v;
  return t;
#endif
}
BITEXACT_INLINE float mul(float a, float b) {
#if BITEXACT_DEVICE_PASS
  return __fmul_rn(a, b);
#else
  return opaque(a * b);
#endif
}
BITEXACT_INLINE double mul(double a, double b) {
#if BITEXACT_DEVICE_PASS
  return __dmul_rn(a, b);
#else
  return opaque(a * b);
#endif
}
// Sums: on the host `a + b` is only contracted when an operand is a plain
// product (write mul() for those); on a device __f*_rn / __dadd_rn pin the
// rounding, so ptxas never fuses the addition with a neighbouring multiply.
BITEXACT_INLINE float add(float a, float b) {
#if BITEXACT_DEVICE_PASS
  return __fadd_rn(a, b);
#else
  return a + b;
#endif
}
BITEXACT_INLINE float sub(float a, float b) {
#if BITEXACT_DEVICE_PASS
  return __fsub_rn(a, b);
#else
  return a - b;
#endif
}
BITEXACT_INLINE double add(double a, double b) {
#if BITEXACT_DEVICE_PASS
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}
BITEXACT_INLINE double sub(double a, double b) {
#if BITEXACT_DEVICE_PASS
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}

// ---- cvt.rpi on an NVIDIA GPU ----------------------------------------------------
// Rounding toward +inf to an integral value is exact, so on an NVIDIA GPU the
// instruction itself is the fastest model of every vendor's ceil: libdevice's
// ceilf/ceil ARE cvt.rpi, and ocml's v_ceil rounds identically (the callers
// handle NaNs, where vendors differ). Inline PTX names the FTZ flavour
// explicitly: a call to ::ceilf would take the program's -ftz instead.
#if defined(__CUDA_ARCH__)
template <bool Ftz>
BITEXACT_INLINE float ptx_cvt_rpi(float x) {
  float r;
  if constexpr (Ftz)
    asm("cvt.rpi.ftz.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  else
    asm("cvt.rpi.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
BITEXACT_INLINE double ptx_cvt_rpi(double x) {
  double r;
  asm("cvt.rpi.f64.f64 %0, %1;" : "=d"(r) : "d"(x));
  return r;
}
#endif

BITEXACT_INLINE constexpr float fabs(float x) { return bit_cast<float>(bit_cast<std::uint32_t>(x) & 0x7fffffffu); }
BITEXACT_INLINE constexpr double fabs(double x) {
  return bit_cast<double>(bit_cast<std::uint64_t>(x) & 0x7fffffffffffffffull);
}
BITEXACT_INLINE constexpr float copysign(float x, float s) {
  return bit_cast<float>((bit_cast<std::uint32_t>(x) & 0x7fffffffu) | (bit_cast<std::uint32_t>(s) & 0x80000000u));
}
BITEXACT_INLINE constexpr double copysign(double x, double s) {
  return bit_cast<double>((bit_cast<std::uint64_t>(x) & 0x7fffffffffffffffull) |
                          (bit_cast<std::uint64_t>(s) & 0x8000000000000000ull));
}

// Flush a subnormal to a zero of the same sign (FTZ on outputs, DAZ on inputs).
template <class T>
BITEXACT_INLINE constexpr T flush_subnormal(T x) {
  fp_bits<T> b(x);
  return b.is_subnormal() ? fp_bits<T>::from_bits(b.bits & fp_bits<T>::sign_mask).value() : x;
}

// Map a value's bits to an integer that is monotone in the value:
// -0 and +0 map to 0; consecutive floats map to consecutive integers.
// NaNs map outside the range of finite values; callers handle them first.
template <class T>
BITEXACT_INLINE constexpr typename float_traits<T>::signed_storage ordered(T x) {
  using S = typename float_traits<T>::signed_storage;
  fp_bits<T> b(x);
  S mag = S(b.abs_bits());
  return b.sign() ? -mag : mag;
}

// Number of representable values strictly between a and b, plus one
// (0 when a == b, 1 for neighbours). Both must be non-NaN.
template <class T>
BITEXACT_INLINE constexpr typename float_traits<T>::storage ulp_steps(T a, T b) {
  auto oa = ordered(a), ob = ordered(b);
  using U = typename float_traits<T>::storage;
  return oa > ob ? U(oa) - U(ob) : U(ob) - U(oa);
}

}  // namespace bitexact
