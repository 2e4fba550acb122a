// bitexact/nv/ptx_lanes-inl.hpp — the lane type of the PTX ops (bitexact/nv/
// ptx.hpp, "lane forms"): the libdevice reproductions written against that
// vocabulary run here on SIMD vectors, for the span kernels of nv_span.hpp.
// Header-only; compiled once per target of bitexact/simd/hwy.hpp
// (bitexact/simd/foreach.hpp includes it, through nv_span-inl.hpp; no include
// guard).
//
// The rule that keeps the bits: a vector op gives a lane's result only where
// it provably equals the PTX model on that lane, and otherwise marks the lane
// in the evaluation's record (lane_record); the span kernel then recomputes
// every marked lane with the scalar function. So no lane's bits depend on the
// vector code being complete: results at the flush threshold and whatever
// an op does not model go to the scalar models.
//  * The environment: the lanes run only where the vector unit follows IEEE
//    754 on subnormals (no FTZ or DAZ mode in MXCSR or FPCR; lanes_kernel
//    checks on every call and otherwise leaves the span to the scalar models).
//  * mul, add, sub, fma.rn (either FTZ form): the models flush the operands
//    for .ftz (flush_int), take IEEE's correctly rounded operation, and for
//    .ftz flush a result that is tiny after rounding to 24 bits (round_to_f32).
//    So: the vector instruction on the flushed operands, every NaN result made
//    canonical_nan_f32, and for .ftz a subnormal result flushed to the zero of
//    its sign; a result of magnitude 2^-126 with .ftz (possibly the rounding
//    of a value the model calls tiny) is marked. Float constants of the
//    source need no flush (none is subnormal).
//  * add.rz (finite, not subnormal, result normal): TwoSum in binary64, and
//    the nearest binary32 number stepped toward zero where it went past the
//    exact sum (add_rz_f32).
//  * fma.rm (finite, not subnormal, result normal): a*b is exact in binary64
//    and TwoSum gives the exact sum as s + err; the binary32 number at or
//    below s (s rounded to nearest, one step down where that went up) is the
//    result, one more step down when s is a binary32 number and err < 0.
//  * sqrt.rn, div.rn, rcp.rn (either FTZ form): the same rule as mul and add
//    (the models define them as IEEE's correctly rounded operations; the
//    square root of a negative number and 0/0 are NaN, made canonical).
//  * cvt.sat, abs, neg and the comparisons: IEEE's on the flushed operands
//    (NaN: +0 for cvt.sat, canonical for abs/neg, false compares).
//  * cvt.rzi.s32 (f32 to integer): truncation below 2^31 in magnitude, the
//    model's saturation above, 0 for NaN: every lane.
//  * cvt.rzi and cvt.rni (f32 to integral f32): truncation and IEEE's
//    round-to-nearest-even to an integer on the flushed operand (the model's
//    masking of the fraction, its ties to even; integral values and
//    infinities unchanged, the zero of x's sign below one half or one, NaN
//    canonical).
//  * div.approx: the model's own composition, mul.rn of a and
//    rcp.approx.ftz(b) (each the lane op above), where neither operand is
//    subnormal (the model flushes those, or rescales a subnormal divisor).
//  * lg2.approx.ftz (MUFU.LG2): every lane, the interpolator's sum in 64-bit
//    lanes and its normalisation in binary64 (each step exact: mufu_lg2).
//  * ex2.approx.ftz and rcp.approx.ftz (MUFU.EX2, MUFU.RCP): the interpolator
//    of sfu_interp.hpp in 64-bit lanes, where the sum's leading bit is where
//    the model's significand puts it and the exponent field is normal; and
//    every early return of the model (NaN, infinities, subnormal inputs,
//    overflow, flushed results) as the model has it.
// fma.rm and the SFU's sums work in 64-bit lanes: on each half of the float
// vector in turn.
// The members are `inline`, not always_inline: the reproductions that call
// them are templates defined outside this target's region, which GCC compiles
// without the target's features; an always_inline target function cannot be
// inlined there. The kernels (nv_span-inl.hpp) are [[gnu::flatten]], which
// inlines the reproduction into them and then these members into that.
// SVE's vectors cannot be members of a class: the SVE pass of the kernels runs
// the NEON ones (nv_span-inl.hpp).

namespace bitexact::nv::ptx::BITEXACT_SIMD_NS {

#if BITEXACT_SIMD_TARGET != HWY_SVE
namespace hn = hwy::BITEXACT_SIMD_NS;

using DF = hn::ScalableTag<float>;
using DU = hn::RebindToUnsigned<DF>;
using DI = hn::RebindToSigned<DF>;
using DFH = hn::Half<DF>;  // half the lanes, each beside a 64-bit lane of:
using DUH = hn::RebindToUnsigned<DFH>;
using DD = hn::Rebind<double, DFH>;
using DU64 = hn::RebindToUnsigned<DD>;
using VF = hn::Vec<DF>;
using VU = hn::Vec<DU>;
using MF = hn::Mask<DF>;

// The lanes of v holding a subnormal number: |v|'s bits less one, unsigned,
// below 2^23 - 1.
inline MF subnormal_lanes(VF v) {
  const VU a = hn::And(hn::BitCast(DU(), v), hn::Set(DU(), 0x7fffffffu));
  return hn::RebindMask(DF(), hn::Lt(hn::Sub(a, hn::Set(DU(), 1u)), hn::Set(DU(), 0x007fffffu)));
}
// Whether some lane of v holds a subnormal number.
inline bool any_subnormal(VF v) { return !hn::AllFalse(DF(), subnormal_lanes(v)); }

// The lanes of one evaluation that the vector ops could not vouch for, and
// whether a value that no op rounded may hold a subnormal number: the input
// (lanes_kernel sets it) or bits taken as a float (u32x::as_f32). Only those
// can: every other value of the lane type is the result of an op, which for
// .ftz flushes its own results (f32x::rounded; the SFU models flush theirs),
// or a selection among such values. While it is false, the .ftz ops need not
// flush their operands (f32x::in).
struct lane_record {
  MF marked;
  bool raw_subnormals = false;
  inline void mark_unless(MF ok) { marked = hn::Or(marked, hn::Not(ok)); }
};

struct f32x;
struct u32x;
struct mask32;

// A condition: lanes of a comparison.
struct mask32 {
  using ptx_lanes = void;
  MF m;
  lane_record* rec;
  // ptx::when: each side only where some lane takes it; a side's marks are
  // kept in its own lanes only.
  template <class FA, class FB>
  static inline auto when(mask32 c, FA fa, FB fb);
  // ptx::select with two scalar operands: the lane type of their type.
  template <class A, class B>
  static inline auto select(mask32 c, const A& a, const B& b);
};

// Integer bits of a lane (u32; to_s32 leaves them as they are and
// cvt_rn_f32_s32 reads them signed).
struct u32x {
  using ptx_lanes = void;
  VU v;
  lane_record* rec;
  inline f32x as_f32() const;
  static inline VU vec(const u32x& a) { return a.v; }
  static inline VU vec(u32 a) { return hn::Set(DU(), a); }
  template <class A>
  static inline u32x lift(const A& a, lane_record* r) {
    return {vec(a), r};
  }
  static inline lane_record* rec_of(const u32x& a, const u32x&) { return a.rec; }
  static inline lane_record* rec_of(const u32x& a, u32) { return a.rec; }
  static inline lane_record* rec_of(u32, const u32x& b) { return b.rec; }
  static inline f32x cvt_rn_f32_s32(u32x i);
  static inline f32x cvt_rn_f32_u32(u32x i);
  template <class A, class B>
  static inline u32x select(mask32 c, const A& a, const B& b) {
    return {hn::IfThenElse(hn::RebindMask(DU(), c.m), vec(a), vec(b)), c.rec};
  }
};

// The operators (free functions: GCC does not give a friend defined in its
// class the target of the surrounding region).
inline mask32 operator!(mask32 a) { return {hn::Not(a.m), a.rec}; }
inline mask32 operator&(mask32 a, mask32 b) { return {hn::And(a.m, b.m), a.rec}; }
inline mask32 operator|(mask32 a, mask32 b) { return {hn::Or(a.m, b.m), a.rec}; }
#define BX_U32X_OP(op, f)                                                                                        \
  template <class A, class B>                                                                                    \
  requires(std::is_same_v<A, u32x> || std::is_same_v<B, u32x>) inline u32x operator op(const A& a, const B& b) { \
    return {f(u32x::vec(a), u32x::vec(b)), u32x::rec_of(a, b)};                                                  \
  }
BX_U32X_OP(+, hn::Add)
BX_U32X_OP(-, hn::Sub)
BX_U32X_OP(&, hn::And)
BX_U32X_OP(|, hn::Or)
BX_U32X_OP(^, hn::Xor)
#undef BX_U32X_OP
#define BX_U32X_CMP(op, f)                                                                                         \
  template <class A, class B>                                                                                      \
  requires(std::is_same_v<A, u32x> || std::is_same_v<B, u32x>) inline mask32 operator op(const A& a, const B& b) { \
    return {hn::RebindMask(DF(), f(u32x::vec(a), u32x::vec(b))), u32x::rec_of(a, b)};                              \
  }
BX_U32X_CMP(<, hn::Lt)
BX_U32X_CMP(>, hn::Gt)
BX_U32X_CMP(==, hn::Eq)
BX_U32X_CMP(!=, hn::Ne)
#undef BX_U32X_CMP
inline mask32 operator>=(const u32x& a, u32 b) { return !(a < b); }
inline mask32 operator<=(const u32x& a, u32 b) { return !(a > b); }
inline u32x operator<<(const u32x& a, int s) { return {hn::ShiftLeftSame(a.v, s), a.rec}; }
inline u32x operator>>(const u32x& a, int s) { return {hn::ShiftRightSame(a.v, s), a.rec}; }

struct f32x {
  using ptx_lanes = void;
  VF v;
  lane_record* rec;

  inline u32x bits() const { return {hn::BitCast(DU(), v), rec}; }

  static inline VF vec(const f32x& a) { return a.v; }
  static inline VF vec(float a) { return hn::Set(DF(), a); }
  template <class A>
  static inline f32x lift(const A& a, lane_record* r) {
    return {vec(a), r};
  }
  template <class... A>
  static inline lane_record* rec_of(const A&... a) {
    lane_record* r = nullptr;
    ((r = r ? r : rec_if(a)), ...);
    return r;
  }
  static inline lane_record* rec_if(const f32x& a) { return a.rec; }
  static inline lane_record* rec_if(float) { return nullptr; }

  // Anything but a subnormal number (the operands of the ops whose rule
  // excludes them).
  static inline MF ordinary(VF x) { return hn::Not(subnormal_lanes(x)); }
  // Finite, and not subnormal (fma.rm's operands and result).
  static inline MF finite_ordinary(VF x) { return hn::And(ordinary(x), hn::IsFinite(x)); }
  // PTX: every NaN an f32 instruction returns is canonical_nan_f32.
  static inline VF canonical(VF r) {
    return hn::IfThenElse(hn::IsNaN(r), hn::BitCast(DF(), hn::Set(DU(), canonical_nan_f32)), r);
  }
  // The lanes where every f32x operand is ordinary (constants are).
  template <class... A>
  static inline MF operands_ok(const A&... a) {
    MF ok = hn::Not(hn::FirstN(DF(), 0));
    ((ok = std::is_same_v<A, f32x> ? hn::And(ok, ordinary(vec(a))) : ok), ...);
    return ok;
  }
  // An operand as an op of mode M reads it (the models' flush_int): .ftz
  // flushes a subnormal to the zero of its sign. Constants are never subnormal.
  template <mode M, class A>
  static inline VF in(const A& a) {
    if constexpr (M == mode::ftz && std::is_same_v<A, f32x>)
      return a.rec->raw_subnormals ? simd::BITEXACT_SIMD_NS::flush_subnormals(a.v) : a.v;
    else
      return vec(a);
  }

  // A correctly rounded op's result from its vector instruction on the
  // operands `in` gives (IEEE 754's, subnormals included: lanes_kernel runs
  // the lanes only where the vector unit neither flushes nor reads subnormals
  // as zeros), NaN made canonical. mode::ftz then flushes as round_to_f32
  // does, tininess after rounding to 24 bits with an unbounded exponent: an
  // IEEE result below 2^-126 comes from an exact value below 2^-126 - 2^-150,
  // which that rounding leaves below 2^-126 too, so it is the zero of its
  // sign; one of magnitude 2^-126 may be the rounding of a value the model
  // calls tiny, and is marked (above it, neither flushes).
  template <mode M, class... A>
  static inline f32x rounded(VF value, const A&... operands) {
    lane_record* r = rec_of(operands...);
    if constexpr (M == mode::ftz) {
      const VU a = hn::And(hn::BitCast(DU(), value), hn::Set(DU(), 0x7fffffffu));
      r->mark_unless(hn::RebindMask(DF(), hn::Ne(a, hn::Set(DU(), 0x00800000u))));
      value = simd::BITEXACT_SIMD_NS::flush_subnormals(value);
    }
    return {canonical(value), r};
  }
  template <mode M, class A, class B>
  static inline f32x mul_rn_f32(const A& a, const B& b) {
    return rounded<M>(simd::BITEXACT_SIMD_NS::mul(in<M>(a), in<M>(b)), a, b);
  }
  template <mode M, class A, class B>
  static inline f32x add_rn_f32(const A& a, const B& b) {
    return rounded<M>(hn::Add(in<M>(a), in<M>(b)), a, b);
  }
  template <mode M, class A, class B>
  static inline f32x sub_rn_f32(const A& a, const B& b) {
    return rounded<M>(hn::Sub(in<M>(a), in<M>(b)), a, b);
  }
  template <mode M, class A, class B, class C>
  static inline f32x fma_rn_f32(const A& a, const B& b, const C& c) {
    return rounded<M>(hn::MulAdd(in<M>(a), in<M>(b), in<M>(c)), a, b, c);
  }
  template <mode M, class A, class B, class C>
  static inline f32x fma_rm_f32(const A& a, const B& b, const C& c) {
    lane_record* r = rec_of(a, b, c);
    const DFH dh;
    const DD dd;
    const DU64 du64;
    const VF va = vec(a), vb = vec(b), vc = vec(c);
    // One half: the result rounded to nearest, and where it is one step
    // above the result toward -inf (all-ones 32-bit lanes).
    const auto half = [&](auto x, auto y, auto z, hn::Vec<DFH>& near) {
      const auto p = simd::BITEXACT_SIMD_NS::mul(hn::PromoteTo(dd, x), hn::PromoteTo(dd, y));  // exact
      const auto w = hn::PromoteTo(dd, z);
      const auto sum = hn::Add(p, w);
      const auto bb = hn::Sub(sum, p);  // TwoSum: err = (p - (sum - bb)) + (w - bb)
      const auto err = hn::Add(hn::Sub(p, hn::Sub(sum, bb)), hn::Sub(w, bb));
      near = hn::DemoteTo(dh, sum);
      const auto back = hn::PromoteTo(dd, near);
      const auto above = hn::Or(hn::Gt(back, sum), hn::And(hn::Eq(back, sum), hn::Lt(err, hn::Zero(dd))));
      return hn::TruncateTo(DUH(), hn::VecFromMask(du64, hn::RebindMask(du64, above)));
    };
    hn::Vec<DFH> near_lo, near_hi;
    const auto above_lo = half(hn::LowerHalf(dh, va), hn::LowerHalf(dh, vb), hn::LowerHalf(dh, vc), near_lo);
    const auto above_hi = half(hn::UpperHalf(dh, va), hn::UpperHalf(dh, vb), hn::UpperHalf(dh, vc), near_hi);
    const VF near = hn::Combine(DF(), near_hi, near_lo);
    const auto above = hn::RebindMask(DF(), hn::MaskFromVec(hn::Combine(DU(), above_hi, above_lo)));
    // One step toward -inf: the bits minus one for a positive number, plus
    // one for a negative one (zeros and 2^-126 are not ordinary, below).
    const VU u = hn::BitCast(DU(), near);
    const auto neg = hn::RebindMask(DU(), hn::Lt(hn::BitCast(DI(), u), hn::Zero(DI())));
    const VU down = hn::IfThenElse(neg, hn::Add(u, hn::Set(DU(), 1u)), hn::Sub(u, hn::Set(DU(), 1u)));
    const VF f = hn::BitCast(DF(), hn::IfThenElse(hn::RebindMask(DU(), above), down, u));
    const VU fa = hn::And(hn::BitCast(DU(), f), hn::Set(DU(), 0x7fffffffu));
    const auto normal_above = hn::Lt(hn::Sub(fa, hn::Set(DU(), 0x00800001u)), hn::Set(DU(), 0x7f800000u - 0x00800001u));
    MF ok = hn::And(hn::RebindMask(DF(), normal_above), finite_ordinary(near));
    if constexpr (std::is_same_v<A, f32x>) ok = hn::And(ok, finite_ordinary(va));
    if constexpr (std::is_same_v<B, f32x>) ok = hn::And(ok, finite_ordinary(vb));
    if constexpr (std::is_same_v<C, f32x>) ok = hn::And(ok, finite_ordinary(vc));
    r->mark_unless(ok);
    return {f, r};
  }
  // sqrt.rn, div.rn and rcp.rn: the models are IEEE's correctly rounded
  // operations (round_to_f32, with .ftz's flushes), so the rule of mul and
  // add holds as it stands.
  template <mode M>
  static inline f32x sqrt_rn_f32(const f32x& x) {
    return rounded<M>(hn::Sqrt(in<M>(x)), x);
  }
  template <mode M, class A, class B>
  static inline f32x div_rn_f32(const A& a, const B& b) {
    return rounded<M>(hn::Div(in<M>(a), in<M>(b)), a, b);
  }
  template <mode M>
  static inline f32x rcp_rn_f32(const f32x& x) {
    return rounded<M>(hn::Div(hn::Set(DF(), 1.0f), in<M>(x)), x);
  }
  // add.rz (finite operands that are not subnormal, result normal): TwoSum of
  // the operands in binary64 gives the exact sum as s + err; s rounded to the
  // nearest binary32 number is the result, one step toward zero (its bits
  // minus one, either sign) where that went past the exact sum: where it is
  // farther from zero than s, or equal to s with err of the other sign.
  template <mode M, class A, class B>
  static inline f32x add_rz_f32(const A& a, const B& b) {
    lane_record* r = rec_of(a, b);
    const DFH dh;
    const DD dd;
    const DU64 du64;
    const VF va = vec(a), vb = vec(b);
    const auto half = [&](auto x, auto y, hn::Vec<DFH>& near) {
      const auto wx = hn::PromoteTo(dd, x), wy = hn::PromoteTo(dd, y);
      const auto sum = hn::Add(wx, wy);
      const auto bb = hn::Sub(sum, wx);
      const auto err = hn::Add(hn::Sub(wx, hn::Sub(sum, bb)), hn::Sub(wy, bb));
      near = hn::DemoteTo(dh, sum);
      const auto back = hn::Abs(hn::PromoteTo(dd, near)), mag = hn::Abs(sum);
      const auto err_in = hn::Lt(hn::Mul(err, sum), hn::Zero(dd));  // err toward zero
      const auto past = hn::Or(hn::Gt(back, mag), hn::And(hn::Eq(back, mag), err_in));
      return hn::TruncateTo(DUH(), hn::VecFromMask(du64, hn::RebindMask(du64, past)));
    };
    hn::Vec<DFH> near_lo, near_hi;
    const auto past_lo = half(hn::LowerHalf(dh, va), hn::LowerHalf(dh, vb), near_lo);
    const auto past_hi = half(hn::UpperHalf(dh, va), hn::UpperHalf(dh, vb), near_hi);
    const VF near = hn::Combine(DF(), near_hi, near_lo);
    const auto past = hn::RebindMask(DU(), hn::MaskFromVec(hn::Combine(DU(), past_hi, past_lo)));
    const VU u = hn::BitCast(DU(), near);
    const VF f = hn::BitCast(DF(), hn::IfThenElse(past, hn::Sub(u, hn::Set(DU(), 1u)), u));
    // Normal and finite: the result and the nearest (no overflow to inf, no
    // step across 2^-126 or from a zero).
    const VU fa = hn::And(hn::BitCast(DU(), f), hn::Set(DU(), 0x7fffffffu));
    const auto normal = hn::Lt(hn::Sub(fa, hn::Set(DU(), 0x00800000u)), hn::Set(DU(), 0x7f800000u - 0x00800000u));
    MF ok = hn::And(hn::RebindMask(DF(), normal), finite_ordinary(near));
    if constexpr (std::is_same_v<A, f32x>) ok = hn::And(ok, finite_ordinary(va));
    if constexpr (std::is_same_v<B, f32x>) ok = hn::And(ok, finite_ordinary(vb));
    r->mark_unless(ok);
    return {f, r};
  }
  // A one-operand op's result from its vector instruction on the operand
  // `in` gives (the models flush it, then take IEEE's operation, which the
  // vector instruction is on subnormals too), NaN made canonical.
#define BX_F32X_UNARY(name, f)              \
  template <mode M>                         \
  static inline f32x name(const f32x& x) {  \
    return {canonical(f(in<M>(x))), x.rec}; \
  }
  BX_F32X_UNARY(abs_f32, hn::Abs)
  BX_F32X_UNARY(neg_f32, hn::Neg)
  // cvt.rzi.f32.f32, cvt.rni.f32.f32 and cvt.rmi.f32.f32: truncation toward
  // zero, rounding to the nearest integer with ties to even, and toward -inf
  // (the zero of x's sign where that is 0, -1 for a negative x above -1;
  // integral values and infinities unchanged), NaN canonical.
  BX_F32X_UNARY(cvt_rzi_f32_f32, hn::Trunc)
  BX_F32X_UNARY(cvt_rni_f32_f32, hn::Round)
  BX_F32X_UNARY(cvt_rmi_f32_f32, hn::Floor)
#undef BX_F32X_UNARY
  // cvt.rzi.s32.f32: truncation to a 32-bit integer (its bits, as u32x),
  // every lane: below 2^31 in magnitude the conversion (a subnormal truncates
  // to 0, as its flushed zero does), else the model's saturation by the sign
  // (infinities included) and 0 for NaN.
  template <mode M>
  static inline u32x cvt_rzi_s32_f32(const f32x& x) {
    const auto in_range = hn::Lt(hn::Abs(x.v), hn::Set(DF(), 0x1p31f));  // false for NaN
    const VU t = hn::BitCast(DU(), hn::ConvertTo(DI(), hn::IfThenElseZero(in_range, x.v)));
    const VU sat = hn::Add(hn::Set(DU(), 0x7fffffffu), hn::ShiftRight<31>(hn::BitCast(DU(), x.v)));  // by the sign
    const auto nan = hn::RebindMask(DU(), hn::IsNaN(x.v));
    return {hn::IfThenElse(hn::RebindMask(DU(), in_range), t, hn::IfThenZeroElse(nan, sat)), x.rec};
  }
  // Clamp to [0, 1], every negative number, -0 and NaN to +0 (after the
  // flush of .ftz).
  template <mode M>
  static inline f32x cvt_sat_f32_f32(const f32x& x) {
    const VF v = in<M>(x), one = hn::Set(DF(), 1.0f);
    const VF r = hn::IfThenElse(hn::Gt(v, one), one, hn::IfThenElseZero(hn::Gt(v, hn::Zero(DF())), v));
    return {r, x.rec};
  }
  // max.f32 and min.f32 (ptx.hpp, minmax_f32) on the operands `in` gives: a
  // NaN operand ignored, two NaNs the canonical NaN, of equal zeros max the
  // positive and min the negative one; every lane.
  template <mode M, bool Max, class A, class B>
  static inline f32x minmax_f32(const A& a, const B& b) {
    const VF va = in<M>(a), vb = in<M>(b);
    const MF na = hn::IsNaN(va), nb = hn::IsNaN(vb);
    const MF a_neg = hn::RebindMask(DF(), hn::Lt(hn::BitCast(DI(), va), hn::Zero(DI())));
    const MF eq = hn::Eq(va, vb);
    const MF pick_a =
        hn::Or(hn::And(eq, Max ? hn::Not(a_neg) : a_neg), hn::AndNot(eq, Max ? hn::Gt(va, vb) : hn::Lt(va, vb)));
    VF r = hn::IfThenElse(pick_a, va, vb);
    r = hn::IfThenElse(nb, va, hn::IfThenElse(na, vb, r));
    return {canonical(r), rec_of(a, b)};  // (only two NaNs give a NaN)
  }
  template <mode M, class A, class B>
  static inline f32x max_f32(const A& a, const B& b) {
    return minmax_f32<M, true>(a, b);
  }
  template <mode M, class A, class B>
  static inline f32x min_f32(const A& a, const B& b) {
    return minmax_f32<M, false>(a, b);
  }
  // IEEE's comparisons on the operands `in` gives (NaN: false), as the models.
#define BX_F32X_SETP(name, f)                         \
  template <mode M, class A, class B>                 \
  static inline mask32 name(const A& a, const B& b) { \
    return {f(in<M>(a), in<M>(b)), rec_of(a, b)};     \
  }
  BX_F32X_SETP(setp_lt_f32, hn::Lt)
  BX_F32X_SETP(setp_gt_f32, hn::Gt)
  BX_F32X_SETP(setp_ge_f32, hn::Ge)
  BX_F32X_SETP(setp_eq_f32, hn::Eq)
  BX_F32X_SETP(setp_neu_f32, hn::Ne)  // (true for NaN, as neu)
#undef BX_F32X_SETP
  // The unordered forms: true where an operand is NaN.
  template <mode M, class A, class B>
  static inline mask32 setp_gtu_f32(const A& a, const B& b) {
    return {hn::Not(hn::Le(in<M>(a), in<M>(b))), rec_of(a, b)};
  }
  template <mode M, class A, class B>
  static inline mask32 setp_nan_f32(const A& a, const B& b) {
    return {hn::Or(hn::IsNaN(vec(a)), hn::IsNaN(vec(b))), rec_of(a, b)};
  }

  // div.approx{.ftz}: the model's a * rcp.approx.ftz(b); lanes with a
  // subnormal operand (which the model flushes, or rescales by 2^24) marked.
  template <mode M, class A, class B>
  static inline f32x div_approx_f32(const A& a, const B& b);
  template <class A, class B>
  static inline f32x copysign_f32(const A& sign_src, const B& mag_src) {
    const VU sign = hn::And(hn::BitCast(DU(), vec(sign_src)), hn::Set(DU(), 0x80000000u));
    const VU mag = hn::And(hn::BitCast(DU(), vec(mag_src)), hn::Set(DU(), 0x7fffffffu));
    return {hn::BitCast(DF(), hn::Or(sign, mag)), rec_of(sign_src, mag_src)};
  }
  template <class A, class B>
  static inline f32x select(mask32 c, const A& a, const B& b) {
    return {hn::IfThenElse(c.m, vec(a), vec(b)), c.rec};
  }

  // MUFU.EX2 (sfu::mufu_ex2) on the lanes whose input is normal with |x| <
  // 256 and whose result is normal; sfu_interp.hpp's sum in 64-bit lanes.
  static inline f32x mufu_ex2(const f32x& x);
  // MUFU.RCP (sfu::mufu_rcp).
  static inline f32x mufu_rcp(const f32x& x);
  // MUFU.RSQ (sfu::mufu_rsqrt).
  static inline f32x mufu_rsqrt(const f32x& x);
  // MUFU.SQRT (sfu::mufu_sqrt).
  static inline f32x mufu_sqrt(const f32x& x);
  // MUFU.LG2 (sfu::mufu_lg2).
  static inline f32x mufu_lg2(const f32x& x);
  // MUFU.SIN and MUFU.COS after FMUL.RZ by 1/(2 pi) (sfu::mufu_sin_of,
  // mufu_cos_of).
  static inline f32x mufu_sin_of(const f32x& x);
  static inline f32x mufu_cos_of(const f32x& x);
  // MUFU.TANH (sfu::mufu_tanh).
  static inline f32x mufu_tanh(const f32x& x);
};

inline f32x u32x::as_f32() const {
  const VF f = hn::BitCast(DF(), v);
  rec->raw_subnormals = rec->raw_subnormals || any_subnormal(f);
  return {f, rec};
}
inline f32x u32x::cvt_rn_f32_s32(u32x i) { return {hn::ConvertTo(DF(), hn::BitCast(DI(), i.v)), i.rec}; }
// Unsigned: the two 16-bit halves convert exactly, hi * 2^16 is exact, and
// the sum rounds once (to nearest even), as the model's conversion.
inline f32x u32x::cvt_rn_f32_u32(u32x i) {
  const VF hi = hn::ConvertTo(DF(), hn::BitCast(DI(), hn::ShiftRight<16>(i.v)));
  const VF lo = hn::ConvertTo(DF(), hn::BitCast(DI(), hn::And(i.v, hn::Set(DU(), 0xffffu))));
  return {hn::MulAdd(hi, hn::Set(DF(), 65536.0f), lo), i.rec};
}

// The lane type of values of type T (float, u32, or a lane type).
template <class T>
using lanes_for =
    std::conditional_t<std::is_same_v<T, float>, f32x, std::conditional_t<std::is_same_v<T, u32>, u32x, T>>;

template <class A, class B>
inline auto mask32::select(mask32 c, const A& a, const B& b) {
  return lanes_for<lanes_of<A, B>>::select(c, a, b);
}

template <class FA, class FB>
inline auto mask32::when(mask32 c, FA fa, FB fb) {
  using R = lanes_for<lanes_of<decltype(fa()), decltype(fb())>>;
  lane_record& rec = *c.rec;
  if (hn::AllTrue(DF(), c.m)) return R::lift(fa(), c.rec);
  if (hn::AllFalse(DF(), c.m)) return R::lift(fb(), c.rec);
  const MF before = rec.marked;
  rec.marked = hn::FirstN(DF(), 0);
  const auto ra = fa();
  const MF marked_a = hn::And(rec.marked, c.m);
  rec.marked = hn::FirstN(DF(), 0);
  const auto rb = fb();
  rec.marked = hn::Or(before, hn::Or(marked_a, hn::AndNot(c.m, rec.marked)));
  return R::select(c, ra, rb);
}

// The SFU interpolator (sfu_interp.hpp) on lanes.
namespace sfu_lanes {

// A table's rows as c0, c1, c2 triples, for gathers: from the scalar model's
// own rows, once.
template <unsigned N, sfu::row (*Row)(u32)>
inline const std::int32_t* row_triples() {
  static const auto t = [] {
    struct {
      std::int32_t c[3 * N];
    } a{};
    for (u32 i = 0; i < N; ++i) {
      const sfu::row r = Row(i);
      a.c[3 * i] = std::int32_t(r.c0), a.c[3 * i + 1] = std::int32_t(r.c1), a.c[3 * i + 2] = std::int32_t(r.c2);
    }
    return a;
  }();
  return t.c;
}

// sfu::square_trunc(x), x < 2^17: the bits of the dropped columns, which sum
// to less than 2^23 (32-bit lanes). Bit i of x, moved to the sign, selects
// its terms.
inline VU square_dropped(VU x) {
  const DU du;
  const DI di;
  constexpr int top = (sfu::square_dropped_columns - 1) / 2;
  constexpr u32 low = (u32(1) << sfu::square_dropped_columns) - 1;
  VU dropped = hn::Zero(du);
  hn::Vec<DI> bit_at_sign = hn::BitCast(di, hn::ShiftLeft<31 - top>(x));
  for (int i = top; i >= 0; --i) {
    const VU col = hn::Add(hn::Set(du, u32(1) << (2 * i)),
                           hn::And(hn::ShiftLeftSame(hn::ShiftRightSame(x, i + 1), 2 * i + 2), hn::Set(du, low)));
    dropped = hn::Add(dropped, hn::And(hn::BitCast(du, hn::BroadcastSignBit(bit_at_sign)), col));
    bit_at_sign = hn::ShiftLeft<1>(bit_at_sign);
  }
  return dropped;
}

// The coefficients of each lane's table row (rows: row_triples), one gather
// each.
struct row_coeffs {
  VU c0, c1, c2;
};
inline row_coeffs gather_row(const std::int32_t* rows, hn::Vec<DI> row) {
  const DU du;
  const DI di;
  const auto idx = hn::Mul(row, hn::Set(di, 3));  // three words a row
  return {hn::BitCast(du, hn::GatherIndex(di, rows, idx)), hn::BitCast(du, hn::GatherIndex(di, rows + 1, idx)),
          hn::BitCast(du, hn::GatherIndex(di, rows + 2, idx))};
}
// c2 * sq in 64-bit lanes (c2 below 2^32, sq below 2^64: the two 32-bit
// halves of sq, each product exact).
inline hn::Vec<DU64> times_square(hn::Vec<DU64> c2, hn::Vec<DU64> sq) {
  const DU64 du64;
  const hn::Repartition<std::uint32_t, DU64> dw;
  const auto c2w = hn::BitCast(dw, c2);
  return hn::Add(hn::MulEven(c2w, hn::BitCast(dw, hn::And(sq, hn::Set(du64, 0xffffffffull)))),
                 hn::ShiftLeft<32>(hn::MulEven(c2w, hn::BitCast(dw, hn::ShiftRight<32>(sq)))));
}

// sfu::float_from_sum(interpolate(S, row, xl), S.w, scale, sign) with row
// `row` of `rows` (row_triples) and xl the low 23 - S.m bits of the 23-bit
// fraction X: `bits`, valid where `lead` (the sum's leading bit is Lead or
// Lead + 1) and the biased exponent `expo` is 1 .. 254. The sums are 64-bit:
// a half of the lanes at a time.
struct interpolated {
  VU bits;
  hn::Vec<DI> expo;
  hn::Mask<DU> lead;
};
// The interpolator's 64-bit sums themselves (sfu::interpolate), the lanes'
// first half in sums[0], the second in sums[1].
template <sfu::shape S>
inline void interpolate_sums(const std::int32_t* rows, hn::Vec<DI> row, VU X, hn::Vec<DU64> (&sums)[2]) {
  const DU du;
  const DUH duh;
  const DU64 du64;
  const hn::Repartition<std::uint32_t, DU64> dw;  // the 32-bit halves of du64, for MulEven
  const VU xl = hn::And(X, hn::Set(du, (1u << (23 - S.m)) - 1));
  const auto [c0, c1, c2] = gather_row(rows, row);
  const VU xs = hn::ShiftLeft<S.sq_shift>(xl);
  const VU dropped = square_dropped(xs);
  for (int h = 0; h < 2; ++h) {
    const auto part = [&](VU v) { return hn::PromoteTo(du64, h ? hn::UpperHalf(duh, v) : hn::LowerHalf(duh, v)); };
    const auto xsw = hn::BitCast(dw, part(xs));
    const auto sq = hn::ShiftRight<2 * S.sq_shift>(hn::Sub(hn::MulEven(xsw, xsw), part(dropped)));  // < 2^34
    const auto t0 = hn::ShiftLeft<S.a0>(part(c0));
    const auto t1 = hn::ShiftLeft<S.a1>(hn::MulEven(hn::BitCast(dw, part(c1)), hn::BitCast(dw, part(xl))));
    const auto t2 = times_square(part(c2), sq);
    auto sum = S.s1 > 0 ? hn::Add(t0, t1) : hn::Sub(t0, t1);
    sum = S.s2 > 0 ? hn::Add(sum, t2) : hn::Sub(sum, t2);
    sums[h] = hn::Add(sum, hn::Set(du64, S.bias));
  }
}

template <sfu::shape S, int Lead>
inline interpolated interpolate(const std::int32_t* rows, hn::Vec<DI> row, VU X, hn::Vec<DI> scale, VU sign) {
  const DU du;
  const DI di;
  const DUH duh;
  const DU64 du64;
  hn::Vec<DU64> sums[2];
  interpolate_sums<S>(rows, row, X, sums);
  hn::Vec<DUH> frac_h[2], top_h[2], lead_h[2];
  for (int h = 0; h < 2; ++h) {
    const auto sum = sums[h];
    const auto lead_ok = hn::And(hn::Ne(hn::ShiftRight<Lead>(sum), hn::Zero(du64)),
                                 hn::Eq(hn::ShiftRight<Lead + 2>(sum), hn::Zero(du64)));
    const auto top = hn::Ne(hn::ShiftRight<Lead + 1>(sum), hn::Zero(du64));
    const auto frac = hn::IfThenElse(top, hn::ShiftRight<Lead + 1 - 23>(sum), hn::ShiftRight<Lead - 23>(sum));
    frac_h[h] = hn::TruncateTo(duh, frac);
    top_h[h] = hn::TruncateTo(duh, hn::VecFromMask(du64, top));
    lead_h[h] = hn::TruncateTo(duh, hn::VecFromMask(du64, lead_ok));
  }
  const VU frac = hn::And(hn::Combine(du, frac_h[1], frac_h[0]), hn::Set(du, 0x7fffffu));
  const auto top = hn::BitCast(di, hn::Combine(du, top_h[1], top_h[0]));  // -1 where the leading bit is Lead + 1
  // 127 + p - w + scale, p = Lead or Lead + 1.
  const auto expo = hn::Sub(hn::Add(scale, hn::Set(di, 127 + Lead - S.w)), top);
  return {hn::Or(sign, hn::Or(hn::ShiftLeft<23>(hn::BitCast(du, expo)), frac)), expo,
          hn::MaskFromVec(hn::Combine(du, lead_h[1], lead_h[0]))};
}
// The exponent field is 1 .. 254.
inline hn::Mask<DU> normal_field(hn::Vec<DI> expo) {
  const DU du;
  return hn::Lt(hn::BitCast(du, hn::Sub(expo, hn::Set(DI(), 1))), hn::Set(du, 254u));
}

// The table row of fraction X (its top S.m bits).
template <sfu::shape S>
inline hn::Vec<DI> row_of(VU X) {
  return hn::BitCast(DI(), hn::ShiftRight<23 - S.m>(X));
}

// An SFU operand's bits b, magnitude bits a, unbiased exponent e (that of a
// normal number; the models' early returns cover the others) and fraction X.
struct operand {
  VU b, a;
  hn::Vec<DI> e;
  VU X;
};
inline operand operand_of(VF v) {
  const DU du;
  const VU b = hn::BitCast(du, v);
  const VU a = hn::And(b, hn::Set(du, 0x7fffffffu));
  return {b, a, hn::Sub(hn::BitCast(DI(), hn::ShiftRight<23>(a)), hn::Set(DI(), 127)),
          hn::And(a, hn::Set(du, 0x7fffffu))};
}

}  // namespace sfu_lanes

inline f32x f32x::mufu_ex2(const f32x& x) {
  constexpr sfu::shape s = sfu::ex2_shape();
  static_assert(s.m == 6 && s.w == 57);
  const DU du;
  const DI di;
  const auto [b, a, e, frac] = sfu_lanes::operand_of(x.v);  // e: -126 .. 7 on normal |x| < 256
  const auto neg = hn::Lt(hn::BitCast(di, b), hn::Zero(di));
  const VU sig = hn::Or(frac, hn::Set(du, 0x800000u));
  const auto e_neg = hn::Lt(e, hn::Zero(di));
  const VU left = hn::Shl(sig, hn::BitCast(du, hn::Min(hn::Max(e, hn::Zero(di)), hn::Set(di, 8))));
  const VU right = hn::Shr(sig, hn::BitCast(du, hn::Min(hn::Neg(e), hn::Set(di, 31))));
  const VU fixed = hn::IfThenElse(hn::RebindMask(du, e_neg), right, left);  // |x| 2^23, truncated
  auto n = hn::BitCast(di, hn::ShiftRight<23>(fixed));
  VU X = hn::And(fixed, hn::Set(du, 0x7fffffu));
  n = hn::IfThenElse(neg, hn::Neg(n), n);
  const auto complement = hn::And(neg, hn::RebindMask(di, hn::Ne(X, hn::Zero(du))));
  X = hn::IfThenElse(hn::RebindMask(du, complement), hn::AndNot(X, hn::Set(du, 0x7fffffu)), X);
  n = hn::IfThenElse(complement, hn::Sub(n, hn::Set(di, 1)), n);
  // The result's significand is in [1, 2): the sum's leading bit is w.
  const auto sum = sfu_lanes::interpolate<s, s.w>(sfu_lanes::row_triples<64, sfu::ex2_row>(),
                                                  sfu_lanes::row_of<s>(X), X, n, hn::Zero(du));
  // The model's early returns, in its order (later ones first here): a NaN
  // gives the canonical NaN; |x| >= 256 (and +-inf) +inf or +0 by the sign;
  // a subnormal or zero x gives 1; n > 127 gives +inf, n < -126 gives +0.
  const VU inf = hn::Set(du, sfu::inf_bits);
  VU r;
  const auto underflow = hn::RebindMask(du, hn::Lt(n, hn::Set(di, -126)));
  const auto overflow = hn::RebindMask(du, hn::Gt(n, hn::Set(di, 127)));
  r = hn::IfThenZeroElse(underflow, hn::IfThenElse(overflow, inf, sum.bits));
  const auto tiny = hn::Lt(a, hn::Set(du, sfu::min_normal_bits));
  r = hn::IfThenElse(tiny, hn::Set(du, sfu::one_bits), r);
  const auto big = hn::Gt(a, hn::Set(du, 0x437fffffu));  // e >= 8, the infinities and NaNs too
  r = hn::IfThenElse(big, hn::IfThenZeroElse(hn::RebindMask(du, neg), inf), r);
  r = hn::IfThenElse(hn::Gt(a, inf), hn::Set(du, sfu::nan_bits), r);
  // Vouched for: every early return, and the sums whose form is known.
  const auto early = hn::Or(hn::Or(tiny, big), hn::Or(underflow, overflow));
  x.rec->mark_unless(hn::RebindMask(DF(), hn::Or(early, hn::And(sum.lead, sfu_lanes::normal_field(sum.expo)))));
  return {hn::BitCast(DF(), r), x.rec};
}

// MUFU.RCP (sfu::mufu_rcp).
template <mode M, class A, class B>
inline f32x f32x::div_approx_f32(const A& a, const B& b) {
  lane_record* r = rec_of(a, b);
  r->mark_unless(operands_ok(a, b));
  return mul_rn_f32<M>(a, ptx::rcp_approx_f32<mode::ftz>(lift(b, r)));
}

inline f32x f32x::mufu_rcp(const f32x& x) {
  constexpr sfu::shape s = sfu::rcp_shape();
  static_assert(s.m == 7 && s.w == 56);
  const DU du;
  const DI di;
  const auto [b, a, e, X] = sfu_lanes::operand_of(x.v);
  const VU sign = hn::And(b, hn::Set(du, 0x80000000u));
  // 1/m for m in [1, 2): the sum's leading bit is w - 1 or w.
  const auto sum = sfu_lanes::interpolate<s, s.w - 1>(sfu_lanes::row_triples<128, sfu::rcp_row>(),
                                                      sfu_lanes::row_of<s>(X), X, hn::Neg(e), sign);
  // Early returns, in the model's order: NaN -> canonical NaN, +-inf -> +-0,
  // subnormal or zero -> +-inf; a subnormal result is flushed to +-0.
  const VU inf = hn::Set(du, sfu::inf_bits);
  const auto flushed = hn::RebindMask(du, hn::Lt(sum.expo, hn::Set(di, 1)));
  VU r = hn::IfThenElse(flushed, sign, sum.bits);
  const auto tiny = hn::Lt(a, hn::Set(du, sfu::min_normal_bits));
  r = hn::IfThenElse(tiny, hn::Or(sign, inf), r);
  const auto special = hn::Gt(a, hn::Set(du, sfu::inf_bits - 1));
  r = hn::IfThenElse(special, hn::IfThenElse(hn::Eq(a, inf), sign, hn::Set(du, sfu::nan_bits)), r);
  const auto fine = hn::And(sum.lead, hn::Or(flushed, sfu_lanes::normal_field(sum.expo)));
  x.rec->mark_unless(hn::RebindMask(DF(), hn::Or(hn::Or(tiny, special), fine)));
  return {hn::BitCast(DF(), r), x.rec};
}

// MUFU.RSQ and MUFU.SQRT: the interpolator's sum on x's fraction, the
// table's second half for an odd exponent, scaled by scale(half) (half = (e -
// odd) / 2, exact); then the models' early returns, later ones first:
// `exact` lanes take exact_bits, +inf inf_result, a negative number the NaN, a
// subnormal or zero tiny_result (ORed with x's sign), a NaN the canonical
// NaN. Lanes neither early nor of a well-led normal sum are marked.
template <sfu::shape S, int Lead, sfu::row (*Row)(u32), class Scale, class Exact>
inline f32x sqrt_family(const f32x& x, Scale scale, Exact exact_of, VU inf_result, VU tiny_result) {
  const DU du;
  const DI di;
  const auto [b, a, e, X] = sfu_lanes::operand_of(x.v);
  const auto odd = hn::And(e, hn::Set(di, 1));
  const auto half = hn::ShiftRight<1>(hn::Sub(e, odd));  // (e - odd) / 2, exact
  const auto sum = sfu_lanes::interpolate<S, Lead>(sfu_lanes::row_triples<128, Row>(),
                                                   hn::Add(sfu_lanes::row_of<S>(X), hn::ShiftLeft<S.m>(odd)), X,
                                                   scale(half), hn::Zero(du));
  VU exact_bits;
  const auto exact = exact_of(X, odd, half, exact_bits);
  VU r = hn::IfThenElse(exact, exact_bits, sum.bits);
  const VU inf = hn::Set(du, sfu::inf_bits);
  const auto is_inf = hn::Eq(a, inf);
  r = hn::IfThenElse(is_inf, inf_result, r);
  const auto negative = hn::Ne(hn::ShiftRight<31>(b), hn::Zero(du));
  r = hn::IfThenElse(negative, hn::Set(du, sfu::nan_bits), r);
  const auto tiny = hn::Lt(a, hn::Set(du, sfu::min_normal_bits));
  r = hn::IfThenElse(tiny, hn::Or(hn::And(b, hn::Set(du, 0x80000000u)), tiny_result), r);
  const auto nan = hn::Gt(a, inf);
  r = hn::IfThenElse(nan, hn::Set(du, sfu::nan_bits), r);
  const auto early = hn::Or(hn::Or(hn::Or(exact, is_inf), hn::Or(negative, tiny)), nan);
  x.rec->mark_unless(hn::RebindMask(DF(), hn::Or(early, hn::And(sum.lead, sfu_lanes::normal_field(sum.expo)))));
  return {hn::BitCast(DF(), r), x.rec};
}

// MUFU.RSQ (sfu::mufu_rsqrt).
inline f32x f32x::mufu_rsqrt(const f32x& x) {
  // float_from_sum(S << 1, w, scale) is float_from_sum(S, w - 1, scale).
  constexpr sfu::shape s = [] {
    sfu::shape t = sfu::rsqrt_shape();
    t.w -= 1;
    return t;
  }();
  static_assert(s.m == 6 && s.w == 56);
  const DU du;
  const DI di;
  // 1/sqrt(m) for m in [1, 4): the sum's leading bit is w - 1 or w, scaled by
  // 2^(-1 - half). An even power of two is exact; +inf gives +0; a subnormal
  // or zero +-inf.
  return sqrt_family<s, s.w - 1, sfu::rsqrt_row>(
      x, [&](hn::Vec<DI> half) { return hn::Sub(hn::Set(di, -1), half); },
      [&](VU X, hn::Vec<DI> odd, hn::Vec<DI> half, VU& bits) {
        bits = hn::ShiftLeft<23>(hn::BitCast(du, hn::Sub(hn::Set(di, 127), half)));
        return hn::And(hn::Eq(X, hn::Zero(du)), hn::RebindMask(du, hn::Eq(odd, hn::Zero(di))));
      },
      hn::Zero(du), hn::Set(du, sfu::inf_bits));
}

// MUFU.SQRT (sfu::mufu_sqrt).
inline f32x f32x::mufu_sqrt(const f32x& x) {
  constexpr sfu::shape s = sfu::sqrt_shape();
  static_assert(s.m == 6 && s.w == 58);
  const DU du;
  // sqrt(m) for m in [1, 4): the sum's leading bit is w (or w + 1), scaled
  // by 2^half. No exact case; +inf is itself; a subnormal or zero +-0.
  return sqrt_family<s, s.w, sfu::sqrt_row>(
      x, [](hn::Vec<DI> half) { return half; },
      [&](VU, hn::Vec<DI>, hn::Vec<DI>, VU& bits) {
        bits = hn::Zero(du);
        return hn::Ne(bits, bits);  // none
      },
      hn::Set(du, sfu::inf_bits), hn::Zero(du));
}

// MUFU.LG2 (sfu::mufu_lg2), every lane: V = S + e 2^56, one's complement
// when negative, low 20 bits cleared, then truncated to 24 significant bits
// and scaled by 2^-56, all in binary64 lanes, where each step is exact: V is
// below 2^63 and a multiple of 2^20 (so it has at most 43 significant bits),
// truncation clears the low 29 bits of the double's significand, and the
// scaled value, 2^-36 or more when V > 0, is a normal binary32 number.
inline f32x f32x::mufu_lg2(const f32x& x) {
  constexpr sfu::shape s = sfu::lg2_shape();
  static_assert(s.m == 6 && s.w == 56 && sfu::lg2_dropped_bits == 20);
  const DU du;
  const DFH dfh;
  const DD dd;
  const DU64 du64;
  const hn::RebindToSigned<DD> di64;
  const hn::Half<DI> dih;
  const auto [b, a, e, X] = sfu_lanes::operand_of(x.v);
  hn::Vec<DU64> sums[2];
  sfu_lanes::interpolate_sums<s>(sfu_lanes::row_triples<64, sfu::lg2_row>(), sfu_lanes::row_of<s>(X), X, sums);
  hn::Vec<DFH> mag[2];
  for (int h = 0; h < 2; ++h) {
    const auto eh = hn::PromoteTo(di64, h ? hn::UpperHalf(dih, e) : hn::LowerHalf(dih, e));
    const auto v = hn::Add(hn::BitCast(di64, sums[h]), hn::ShiftLeft<56>(eh));
    const auto V = hn::And(hn::IfThenElse(hn::Lt(v, hn::Zero(di64)), hn::Not(v), v),
                           hn::Set(di64, ~std::int64_t((1 << sfu::lg2_dropped_bits) - 1)));
    const auto t = hn::And(hn::BitCast(du64, hn::ConvertTo(dd, V)), hn::Set(du64, ~((std::uint64_t(1) << 29) - 1)));
    mag[h] = hn::DemoteTo(dfh, hn::Mul(hn::BitCast(dd, t), hn::Set(dd, 0x1p-56)));
  }
  // Negative when x < 1 (e < 0), a zero V included.
  VU r =
      hn::Or(hn::BitCast(du, hn::Combine(DF(), mag[1], mag[0])), hn::And(hn::BitCast(du, e), hn::Set(du, 0x80000000u)));
  // The model's early returns, in its order (later ones first here): NaN ->
  // canonical NaN, zero or subnormal -> -inf, negative -> NaN, +inf -> +inf,
  // 1 -> +0.
  const VU inf = hn::Set(du, sfu::inf_bits);
  r = hn::IfThenZeroElse(hn::Eq(a, hn::Set(du, sfu::one_bits)), r);
  r = hn::IfThenElse(hn::Eq(a, inf), inf, r);
  r = hn::IfThenElse(hn::Ne(hn::ShiftRight<31>(b), hn::Zero(du)), hn::Set(du, sfu::nan_bits), r);
  r = hn::IfThenElse(hn::Lt(a, hn::Set(du, sfu::min_normal_bits)), hn::Set(du, 0x80000000u | sfu::inf_bits), r);
  r = hn::IfThenElse(hn::Gt(a, inf), hn::Set(du, sfu::nan_bits), r);
  return {hn::BitCast(DF(), r), x.rec};
}

namespace sfu_lanes {
// sfu::float_from_sum(S, W, 0, 0) on the 64-bit sums of both halves (each
// below 2^57: MUFU.SIN/COS's results are at most 1 with W = 56, MUFU.TANH's
// below 1 with W = 57): the 24 bits from S's leading bit p down, truncated, with
// the exponent 127 + p - W; p from the exponent of S >> 5 as a binary64
// number (exact: below 2^52), so for every lane whose sum is 0 (result +0)
// or at least 2^5. `small`: the lanes whose sum is in 1 .. 31.
template <int W>
inline VU float_from_sums(const hn::Vec<DU64> (&sums)[2], hn::Mask<DU>& small) {
  const DU du;
  const DUH duh;
  const DU64 du64;
  const DD dd;
  hn::Vec<DUH> mag[2], tiny[2];
  const auto two52 = hn::Set(du64, std::uint64_t(0x4330000000000000ull));  // 2^52's bits
  for (int h = 0; h < 2; ++h) {
    const auto S = sums[h];
    const auto t = hn::ShiftRight<5>(S);
    const auto d = hn::Sub(hn::BitCast(dd, hn::Or(t, two52)), hn::BitCast(dd, two52));          // t, exactly
    const auto p = hn::Sub(hn::ShiftRight<52>(hn::BitCast(du64, d)), hn::Set(du64, 1023 - 5));  // S's leading bit
    const auto down = hn::IfThenElseZero(hn::Gt(p, hn::Set(du64, 23)), hn::Sub(p, hn::Set(du64, 23)));
    const auto up = hn::IfThenElseZero(hn::Lt(p, hn::Set(du64, 23)), hn::Sub(hn::Set(du64, 23), p));
    const auto fr = hn::And(hn::Shl(hn::Shr(S, down), up), hn::Set(du64, 0x7fffffu));
    const auto bits = hn::Or(hn::ShiftLeft<23>(hn::Sub(p, hn::Set(du64, W - 127))), fr);
    const auto zero = hn::Eq(S, hn::Zero(du64));
    mag[h] = hn::TruncateTo(duh, hn::IfThenZeroElse(zero, bits));
    tiny[h] = hn::TruncateTo(duh, hn::VecFromMask(du64, hn::AndNot(zero, hn::Eq(t, hn::Zero(du64)))));
  }
  small = hn::MaskFromVec(hn::Combine(du, tiny[1], tiny[0]));
  return hn::Combine(du, mag[1], mag[0]);
}
}  // namespace sfu_lanes

// MUFU.SIN (Cos false) or MUFU.COS of FMUL.RZ(x, 1/(2 pi)): the turns F
// (sfu::sincos_turns) and the interpolator's sum in 64-bit lanes, then
// float_from_sums, so every lane whose sum is 0 or at least 2^5; the others
// (a handful of tiny |x|) are marked.
template <bool Cos>
inline f32x mufu_sincos_lanes(const f32x& x) {
  constexpr sfu::shape s = sfu::sin_shape();
  static_assert(s.m == 6 && s.w == 56);
  const DU du;
  const DUH duh;
  const DU64 du64;
  const hn::RebindToSigned<DU64> di64;
  const hn::Repartition<std::uint32_t, DU64> dw;  // the 32-bit halves of du64, for MulEven
  const VU b = hn::BitCast(du, x.v), a = hn::And(b, hn::Set(du, 0x7fffffffu));
  const auto half = [&](VU v, int h) { return hn::PromoteTo(du64, h ? hn::UpperHalf(duh, v) : hn::LowerHalf(duh, v)); };
  // F = floor(|t| 2^25) mod 2^25: the 48-bit product of the significands,
  // its top 24 bits (RZ), shifted by the exponent (a shift of 64 or more
  // gives 0 on every target).
  const VU m = hn::Or(hn::And(a, hn::Set(du, 0x7fffffu)), hn::Set(du, 0x800000u));
  const auto c = hn::BitCast(dw, hn::Set(du64, std::uint64_t((sfu::inv_two_pi_bits & 0x7fffffu) | 0x800000u)));
  hn::Vec<DUH> turns[2];
  for (int h = 0; h < 2; ++h) {
    const auto p = hn::MulEven(hn::BitCast(dw, half(m, h)), c);  // in [2^46, 2^48)
    const auto top = hn::ShiftRight<47>(p);
    const auto sig = hn::Shr(p, hn::Add(top, hn::Set(du64, 23)));
    const auto sh =
        hn::Sub(hn::Add(hn::BitCast(di64, half(hn::ShiftRight<23>(a), h)), hn::BitCast(di64, top)), hn::Set(di64, 128));
    const auto up = hn::RebindMask(du64, hn::Gt(sh, hn::Set(di64, -1)));
    const auto F =
        hn::IfThenElse(up, hn::Shl(sig, hn::BitCast(du64, sh)), hn::Shr(sig, hn::BitCast(du64, hn::Neg(sh))));
    turns[h] = hn::TruncateTo(duh, hn::And(F, hn::Set(du64, 0x1ffffffu)));
  }
  // Subnormal x: F = 0.
  const VU F = hn::IfThenZeroElse(hn::Lt(a, hn::Set(du, sfu::min_normal_bits)), hn::Combine(du, turns[1], turns[0]));
  const VU q = hn::ShiftRight<23>(F);
  const VU frac = hn::And(F, hn::Set(du, 0x7fffffu));
  // The complement in odd quadrants (sin) or even ones (cos).
  const auto odd = hn::Ne(hn::And(q, hn::Set(du, 1u)), hn::Zero(du));
  const VU r = hn::IfThenElse(Cos ? hn::Not(odd) : odd, hn::Xor(frac, hn::Set(du, 0x7fffffu)), frac);
  const VU sign = Cos ? hn::ShiftLeft<30>(hn::And(hn::Add(q, hn::Set(du, 1u)), hn::Set(du, 2u)))
                      : hn::Xor(hn::And(b, hn::Set(du, 0x80000000u)), hn::ShiftLeft<30>(hn::And(q, hn::Set(du, 2u))));
  hn::Vec<DU64> sums[2];
  sfu_lanes::interpolate_sums<s>(sfu_lanes::row_triples<64, sfu::sin_row>(), sfu_lanes::row_of<s>(r), r, sums);
  hn::Mask<DU> small;
  VU res = hn::Or(sign, sfu_lanes::float_from_sums<s.w>(sums, small));
  res = hn::IfThenElse(hn::Gt(a, hn::Set(du, sfu::inf_bits - 1)), hn::Set(du, sfu::nan_bits), res);
  x.rec->mark_unless(hn::RebindMask(DF(), hn::Not(small)));
  return {hn::BitCast(DF(), res), x.rec};
}
// MUFU.TANH (sfu::mufu_tanh): the row, xl and a1 of |x|'s binade from a
// table indexed by the binade (gathers), the sum in 64-bit lanes, then
// float_from_sums (the sum of |x| in [2^-8, 8) is at least 2^49: every lane).
inline f32x f32x::mufu_tanh(const f32x& x) {
  const DU du;
  const DI di;
  const DUH duh;
  const DU64 du64;
  const hn::Repartition<std::uint32_t, DU64> dw;
  const VU b = hn::BitCast(du, x.v), a = hn::And(b, hn::Set(du, 0x7fffffffu));
  const VU sign = hn::And(b, hn::Set(du, 0x80000000u));
  // |x| < 2^-8: x; |x| >= 8 (inf included): +-1; NaN: the canonical NaN.
  const auto specials = [&](VU r) {
    r = hn::IfThenElse(hn::Lt(a, hn::Set(du, 0x3b800000u)), b, r);
    r = hn::IfThenElse(hn::Gt(a, hn::Set(du, 0x40ffffffu)), hn::Or(sign, hn::Set(du, sfu::one_bits)), r);
    return hn::BitCast(DF(), hn::IfThenElse(hn::Gt(a, hn::Set(du, sfu::inf_bits)), hn::Set(du, sfu::nan_bits), r));
  };
  // A vector with no lane in [2^-8, 8) (most of them in a sweep over all
  // inputs, which the scalar model answers at once) skips the interpolator.
  if (hn::AllFalse(du, hn::Lt(hn::Sub(a, hn::Set(du, 0x3b800000u)), hn::Set(du, 0x41000000u - 0x3b800000u))))
    return {specials(b), x.rec};
  // The binade e in -8 .. 2 (others clamped: their lanes are replaced below).
  static const auto binades = [] {
    struct {
      std::int32_t first_row[11], seg_bits[11], a1[11];
    } t{};
    for (int e = -8; e <= 2; ++e) {
      const sfu::tanh_binade bd = sfu::tanh_binade_of(e);
      t.first_row[e + 8] = std::int32_t(bd.first_row), t.seg_bits[e + 8] = bd.seg_bits, t.a1[e + 8] = bd.a1;
    }
    return t;
  }();
  const auto k = hn::Min(hn::Max(hn::Sub(hn::BitCast(di, hn::ShiftRight<23>(a)), hn::Set(di, 127 - 8)), hn::Zero(di)),
                         hn::Set(di, 10));
  const VU seg = hn::BitCast(du, hn::GatherIndex(di, binades.seg_bits, k));
  const VU first = hn::BitCast(du, hn::GatherIndex(di, binades.first_row, k));
  const VU a1 = hn::BitCast(du, hn::GatherIndex(di, binades.a1, k));
  const VU m = hn::And(a, hn::Set(du, 0x7fffffu));
  const VU row = hn::Add(first, hn::Shr(m, hn::Sub(hn::Set(du, 23), seg)));
  const VU xl = hn::And(hn::Shr(m, hn::Sub(hn::Set(du, 6), seg)), hn::Set(du, 0x1ffffu));
  const auto [c0, c1, c2] = sfu_lanes::gather_row(sfu_lanes::row_triples<51, sfu::tanh_row>(), hn::BitCast(di, row));
  const VU dropped = sfu_lanes::square_dropped(xl);
  hn::Vec<DU64> sums[2];
  for (int h = 0; h < 2; ++h) {
    const auto part = [&](VU v) { return hn::PromoteTo(du64, h ? hn::UpperHalf(duh, v) : hn::LowerHalf(duh, v)); };
    const auto xlw = hn::BitCast(dw, part(xl));
    const auto sq = hn::Sub(hn::MulEven(xlw, xlw), part(dropped));  // square_trunc(xl) < 2^34
    const auto t0 = hn::ShiftLeft<sfu::tanh_a0>(part(c0));
    const auto t1 = hn::Shl(hn::MulEven(hn::BitCast(dw, part(c1)), xlw), part(a1));
    sums[h] = hn::Sub(hn::Add(t0, t1), sfu_lanes::times_square(part(c2), sq));
  }
  hn::Mask<DU> small;
  return {specials(hn::Or(sign, sfu_lanes::float_from_sums<sfu::tanh_w>(sums, small))), x.rec};
}
inline f32x f32x::mufu_sin_of(const f32x& x) { return mufu_sincos_lanes<false>(x); }
inline f32x f32x::mufu_cos_of(const f32x& x) { return mufu_sincos_lanes<true>(x); }

#endif  // BITEXACT_SIMD_TARGET != HWY_SVE

}  // namespace bitexact::nv::ptx::BITEXACT_SIMD_NS
