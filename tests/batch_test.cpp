// The span APIs (bitexact/nv/nv_span.hpp, bitexact/ocml/ocml_span.hpp) against the
// scalar functions they must equal bit for bit: every reproduction, at the
// shapes where vectorisation bugs cluster (1, 33, 1024, 10000, 65537
// elements: a lone tail, one vector plus a tail, whole vectors, a block
// boundary), from unaligned starts (1..3 elements past a 64-byte boundary),
// in place and out of place, at every dispatch level this CPU has (AVX2+FMA
// kernels, the FMA-compiled loops, the baseline loops). Inputs: the committed
// edge inputs (vectors/edge_inputs.txt), the structured set (all classes:
// NaN, Inf, subnormal, huge) and, for sinf/cosf, dense values of the
// Cody-Waite range, shuffled together so that slow lanes fall inside vectors.
// The expected values are the scalar reproductions (checked against the
// vendors by the other tests), never the span code itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <random>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "bitexact/bits.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/inputs.hpp"
#include "bitexact/nv/fast_span.hpp"
#include "bitexact/nv/nv_span.hpp"
#include "bitexact/ocml/ocml_config.hpp"
#include "bitexact/ocml/ocml_span.hpp"
#include "gap_pairs.hpp"

namespace bx = bitexact;

namespace {

constexpr std::size_t sizes[] = {1, 33, 1024, 10000, 65537};
constexpr std::size_t max_size = 65537;

template <class T>
using storage = typename bx::float_traits<T>::storage;

// The edge inputs of function `fn` in vectors/edge_inputs.txt: "fn 0xX [0xY]".
template <class T>
std::vector<std::pair<storage<T>, storage<T>>> edges(const std::string& fn) {
  std::ifstream f(std::string(BITEXACT_SOURCE_DIR) + "/vectors/edge_inputs.txt");
  EXPECT_TRUE(f) << "vectors/edge_inputs.txt";
  std::vector<std::pair<storage<T>, storage<T>>> v;
  std::string line;
  while (std::getline(f, line)) {
    std::istringstream is(line);
    std::string name, x, y;
    if (!(is >> name >> x) || name != fn) continue;
    is >> y;
    v.push_back({storage<T>(std::stoull(x, nullptr, 16)), y.empty() ? storage<T>(0) : storage<T>(std::stoull(y, nullptr, 16))});
  }
  EXPECT_FALSE(v.empty()) << fn;
  return v;
}

// max_size operand pairs: edges, structured inputs and (trig) Cody-Waite
// values, in a random order.
template <class T>
std::pair<std::vector<T>, std::vector<T>> make_inputs(const std::string& fn, bool trig) {
  const auto e = edges<T>(fn);
  std::vector<T> x(max_size + 3), y(max_size + 3);
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<float> fast(-105615.0f, 105615.0f);
  for (std::size_t i = 0; i < x.size(); ++i) {
    storage<T> a, b;
    if (i % 5 == 0) {
      std::tie(a, b) = e[(i / 5) % e.size()];
    } else if (trig && i % 5 <= 2) {
      a = storage<T>(bx::bit_cast<std::uint32_t>(fast(rng)));
      b = 0;
    } else {
      const auto p = bx::inputs::structured_pair<T>(7, i);
      a = p.x;
      b = p.y;
    }
    x[i] = bx::bit_cast<T>(a);
    y[i] = bx::bit_cast<T>(b);
  }
  std::shuffle(x.begin(), x.end(), rng);  // y stays as it was: new pairs, all classes
  return {x, y};
}

// A buffer whose element `offset` starts 64-byte aligned + offset elements.
template <class T>
struct buffer {
  std::vector<unsigned char> raw;
  T* p;
  buffer(std::size_t n, std::size_t offset) : raw((n + offset) * sizeof(T) + 64) {
    auto a = reinterpret_cast<std::uintptr_t>(raw.data());
    p = reinterpret_cast<T*>((a + 63) / 64 * 64) + offset;
  }
};

template <class T>
::testing::AssertionResult same_bits(const T* got, const std::vector<T>& want, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (bx::bit_cast<storage<T>>(got[i]) != bx::bit_cast<storage<T>>(want[i]))
      return ::testing::AssertionFailure() << "element " << i << " of " << n << ": 0x" << std::hex
                                           << bx::bit_cast<storage<T>>(got[i]) << " vs scalar 0x"
                                           << bx::bit_cast<storage<T>>(want[i]);
  return ::testing::AssertionSuccess();
}

const bx::dispatch::level levels[] = {bx::dispatch::level::avx512, bx::dispatch::level::avx2_fma, bx::dispatch::level::fma,
                                      bx::dispatch::level::baseline};

struct level_guard {
  ~level_guard() {
#if BITEXACT_X86_DISPATCH
    bx::dispatch::cap = bx::dispatch::level::avx2_fma;
#endif
  }
};

void set_level([[maybe_unused]] bx::dispatch::level l) {
#if BITEXACT_X86_DISPATCH
  bx::dispatch::cap = l;
#endif
}

// One-operand function: span form `sf` vs scalar `f`, every shape.
template <class T, class SpanF, class F>
void check_unary(const std::string& fn, bool trig, SpanF sf, F f) {
  const auto in = make_inputs<T>(fn, trig).first;
  level_guard guard;
  for (std::size_t n : sizes)
    for (std::size_t off = 0; off <= 3; ++off) {
      std::vector<T> want(n);
      for (std::size_t i = 0; i < n; ++i) want[i] = f(in[off + i]);
      for (bx::dispatch::level l : levels) {
        set_level(l);
        SCOPED_TRACE("level " + std::to_string(int(l)) + " n " + std::to_string(n) + " offset " + std::to_string(off));
        buffer<T> src(n, off), dst(n, (off + 1) % 4);
        std::memcpy(src.p, in.data() + off, n * sizeof(T));
        sf(std::span<const T>(src.p, n), std::span<T>(dst.p, n));
        EXPECT_TRUE(same_bits(dst.p, want, n)) << "out of place";
        sf(std::span<const T>(src.p, n), std::span<T>(src.p, n));
        EXPECT_TRUE(same_bits(src.p, want, n)) << "in place";
      }
  }
}

template <class T, class SpanF, class F>
void check_binary(const std::string& fn, SpanF sf, F f) {
  const auto [xs, ys] = make_inputs<T>(fn, false);
  level_guard guard;
  // The scalar models of the two-operand rows are slow: the large shapes run
  // at one offset and at the two ends of the dispatch levels only (fmodf's
  // SIMD kernel has its own test below, BatchFmodf; the lane rows take every
  // pair of binades in EveryBinadeAndAFlushingVectorUnit).
  for (std::size_t n : sizes)
    for (std::size_t off = n > 1024 ? 3 : 0; off <= 3; ++off) {
      std::vector<T> want(n);
      for (std::size_t i = 0; i < n; ++i) want[i] = f(xs[off + i], ys[off + i]);
      for (bx::dispatch::level l : levels) {
        if (n > 1024 && l == bx::dispatch::level::fma) continue;
        set_level(l);
        SCOPED_TRACE("level " + std::to_string(int(l)) + " n " + std::to_string(n) + " offset " + std::to_string(off));
        buffer<T> bx_(n, off), by(n, 3 - off), dst(n, (off + 2) % 4);
        std::memcpy(bx_.p, xs.data() + off, n * sizeof(T));
        std::memcpy(by.p, ys.data() + off, n * sizeof(T));
        sf(std::span<const T>(bx_.p, n), std::span<const T>(by.p, n), std::span<T>(dst.p, n));
        EXPECT_TRUE(same_bits(dst.p, want, n)) << "out of place";
        sf(std::span<const T>(bx_.p, n), std::span<const T>(by.p, n), std::span<T>(by.p, n));
        EXPECT_TRUE(same_bits(by.p, want, n)) << "in place (y)";
        std::memcpy(by.p, ys.data() + off, n * sizeof(T));
        sf(std::span<const T>(bx_.p, n), std::span<const T>(by.p, n), std::span<T>(bx_.p, n));
        EXPECT_TRUE(same_bits(bx_.p, want, n)) << "in place (x)";
      }
  }
}

// nv: the span overloads are picked by the argument types.
#define BX_NV_UNARY(T, name, trig)                                                                          \
  check_unary<T>(#name, trig, [](std::span<const T> i, std::span<T> o) { bx::nv::name(i, o); },             \
                 [](T x) { return bx::nv::name(x); });                                                     \
  check_unary<T>(#name, trig, [](std::span<const T> i, std::span<T> o) { bx::nv::name##_ftz(i, o); },       \
                 [](T x) { return bx::nv::name##_ftz(x); })
#define BX_NV_BINARY(T, name)                                                                               \
  check_binary<T>(#name, [](std::span<const T> x, std::span<const T> y, std::span<T> o) { bx::nv::name(x, y, o); }, \
                  [](T x, T y) { return bx::nv::name(x, y); });                                             \
  check_binary<T>(#name, [](std::span<const T> x, std::span<const T> y, std::span<T> o) { bx::nv::name##_ftz(x, y, o); }, \
                  [](T x, T y) { return bx::nv::name##_ftz(x, y); })

// Every row of functions.def, both modes, at every dispatch level: the rows
// without a vector kernel too (their spans are loops of the scalar code today;
// a kernel that replaces one must keep these bits). The trig inputs for the
// rows of the trig edge family.
#define BX_NV_ROW_1(T, name, trig) BX_NV_UNARY(T, name, trig)
#define BX_NV_ROW_2(T, name, trig) BX_NV_BINARY(T, name)
// The edge inputs of the function an SFU row approximates (its TARGET in
// functions.def; rec, 1/x, takes rsqrtf's, the same family).
std::string sfu_edges(std::string_view target) { return target == "rec" ? "rsqrtf" : std::string(target) + "f"; }
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  TEST(BatchNv, name) { BX_NV_ROW_##arity(type, name, std::string_view(#edges) == "trig"); }
// The SFU rows: nv::NAME_approx(_ftz) span forms against the scalar models
// (ptx::NAME_approx_model; SIMD lanes for every unit), on the edge inputs of
// the function each approximates (rcp: rsqrtf's, the same family).
// fdividef, the two-operand row, has no span form (nv/nv_span.hpp).
#define BX_SFU_ROW_1(name, target, trig)                                                         \
  TEST(BatchNv, name) {                                                                          \
    const std::string e = sfu_edges(#target);                                                    \
    check_unary<float>(                                                                          \
        e, trig, [](std::span<const float> i, std::span<float> o) { bx::nv::name(i, o); },       \
        [](float x) { return bx::nv::ptx::name##_model<bx::nv::mode::ieee>(x); });               \
    check_unary<float>(                                                                          \
        e, trig, [](std::span<const float> i, std::span<float> o) { bx::nv::name##_ftz(i, o); }, \
        [](float x) { return bx::nv::ptx::name##_model<bx::nv::mode::ftz>(x); });                \
  }
#define BX_SFU_ROW_2(name, target, trig)
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) \
  BX_SFU_ROW_##arity(name, target, std::string_view(#edges) == "trig")
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
#undef BX_SFU_ROW_1
#undef BX_SFU_ROW_2
#undef BX_NV_ROW_1
#undef BX_NV_ROW_2

// triton: nv::NAME_triton's span form against its scalar form, every row
// (SIMD lanes for the rows nv::detail::triton_kernel has; sinf, cosf, ceilf
// and ceil on the nvcc -ftz=true kernels, which this compares with Triton's
// own scalar code).
#define BX_TRITON_ROW_1(T, name, trig)                                                        \
  check_unary<T>(                                                                             \
      #name, trig, [](std::span<const T> i, std::span<T> o) { bx::nv::name##_triton(i, o); }, \
      [](T x) { return bx::nv::name##_triton(x); })
#define BX_TRITON_ROW_2(T, name, trig)                                                                           \
  check_binary<T>(                                                                                               \
      #name, [](std::span<const T> x, std::span<const T> y, std::span<T> o) { bx::nv::name##_triton(x, y, o); }, \
      [](T x, T y) { return bx::nv::name##_triton(x, y); })
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  TEST(BatchTriton, name) { BX_TRITON_ROW_##arity(type, name, std::string_view(#edges) == "trig"); }
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
#undef BX_TRITON_ROW_1
#undef BX_TRITON_ROW_2

// Every binade of both signs (64 inputs each: its two ends and random ones),
// for each one-operand binary32 row of nv, nv-ftz and triton and each SFU
// span (the two-operand rows: every pair of binades, below): the lane rules
// on subnormal operands and results (tiny inputs, results that underflow,
// .ftz's flush at 2^-126) against the scalar functions, computed first in
// the default floating-point environment. Then the same spans with the
// vector unit flushing (MXCSR's FTZ and DAZ on x86, FPCR.FZ on Arm, as a
// library built with -ffast-math may leave them): the lanes assume IEEE
// subnormals, so the spans must leave every element to the scalar models,
// which do not depend on that mode.
std::vector<float> every_binade() {
  std::mt19937 rng(36);
  std::vector<float> v;
  for (std::uint32_t bits = 0; bits < 512; ++bits)
    for (std::uint32_t j = 0; j < 64; ++j) {
      const std::uint32_t frac = j == 0 ? 0 : j == 1 ? 0x7fffff : j == 2 ? 1 : rng() & 0x7fffff;
      v.push_back(bx::bit_cast<float>(((bits >> 8) << 31) | ((bits & 255) << 23) | frac));
    }
  return v;
}
struct flushing_env {
#if defined(__x86_64__)
  unsigned saved = _mm_getcsr();
  flushing_env() { _mm_setcsr(saved | 0x8040); }  // FTZ (bit 15), DAZ (bit 6)
  ~flushing_env() { _mm_setcsr(saved); }
#elif defined(__aarch64__)
  std::uint64_t saved = fpcr();
  static std::uint64_t fpcr() {
    std::uint64_t v;
    asm volatile("mrs %0, fpcr" : "=r"(v));
    return v;
  }
  static void set_fpcr(std::uint64_t v) { asm volatile("msr fpcr, %0" : : "r"(v)); }
  flushing_env() { set_fpcr(saved | (std::uint64_t(1) << 24)); }  // FZ
  ~flushing_env() { set_fpcr(saved); }
#endif
};
template <class SpanF, class F>
void check_binades(const char* name, SpanF sf, F f) {
  static const std::vector<float> in = every_binade();
  std::vector<float> want(in.size()), got(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) want[i] = f(in[i]);
  sf(std::span<const float>(in), std::span<float>(got));
  EXPECT_TRUE(same_bits(got.data(), want, in.size())) << name;
  std::fill(got.begin(), got.end(), bx::bit_cast<float>(0xffffffffu));  // so that an unwritten element shows
  {
    flushing_env env;
    sf(std::span<const float>(in), std::span<float>(got));
  }
  EXPECT_TRUE(same_bits(got.data(), want, in.size())) << name << ", the vector unit flushing";
}
#define BX_BINADES_1(T, name)                                                                        \
  if constexpr (std::is_same_v<T, float>) {                                                          \
    check_binades(                                                                                   \
        #name, [](auto i, auto o) { bx::nv::name(i, o); }, [](float x) { return bx::nv::name(x); }); \
    check_binades(                                                                                   \
        #name "_ftz", [](auto i, auto o) { bx::nv::name##_ftz(i, o); },                              \
        [](float x) { return bx::nv::name##_ftz(x); });                                              \
    check_binades(                                                                                   \
        #name "_triton", [](auto i, auto o) { bx::nv::name##_triton(i, o); },                        \
        [](float x) { return bx::nv::name##_triton(x); });                                           \
  }
// Two operands: a pair from every two binades and signs (an end of each
// and a random one: 524,288 pairs), the same way.
std::pair<std::vector<float>, std::vector<float>> every_binade_pair() {
  std::mt19937 rng(37);
  std::vector<float> x, y;
  const auto pick = [&](std::uint32_t b, bool end) {
    const std::uint32_t frac = end ? (rng() & 1 ? 0x7fffff : 0) : rng() & 0x7fffff;
    return bx::bit_cast<float>(((b >> 8) << 31) | ((b & 255) << 23) | frac);
  };
  for (std::uint32_t bx_ = 0; bx_ < 512; ++bx_)
    for (std::uint32_t by = 0; by < 512; ++by)
      for (bool end : {true, false}) {
        x.push_back(pick(bx_, end));
        y.push_back(pick(by, !end));
      }
  return {x, y};
}
template <class SpanF, class F>
void check_binade_pairs(const char* name, SpanF sf, F f) {
  // (Not a static structured binding: GCC 12 emits one per instantiation.)
  static const auto pairs = every_binade_pair();
  const std::vector<float>& xs = pairs.first;
  const std::vector<float>& ys = pairs.second;
  std::vector<float> want(xs.size()), got(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) want[i] = f(xs[i], ys[i]);
  sf(std::span<const float>(xs), std::span<const float>(ys), std::span<float>(got));
  EXPECT_TRUE(same_bits(got.data(), want, xs.size())) << name;
  std::fill(got.begin(), got.end(), bx::bit_cast<float>(0xffffffffu));
  {
    flushing_env env;
    sf(std::span<const float>(xs), std::span<const float>(ys), std::span<float>(got));
  }
  EXPECT_TRUE(same_bits(got.data(), want, xs.size())) << name << ", the vector unit flushing";
}
#define BX_BINADES_2(T, name)                                                            \
  if constexpr (std::is_same_v<T, float>) {                                              \
    check_binade_pairs(                                                                  \
        #name, [](auto x, auto y, auto o) { bx::nv::name(x, y, o); },                    \
        [](float x, float y) { return bx::nv::name(x, y); });                            \
    check_binade_pairs(                                                                  \
        #name "_ftz", [](auto x, auto y, auto o) { bx::nv::name##_ftz(x, y, o); },       \
        [](float x, float y) { return bx::nv::name##_ftz(x, y); });                      \
    check_binade_pairs(                                                                  \
        #name "_triton", [](auto x, auto y, auto o) { bx::nv::name##_triton(x, y, o); }, \
        [](float x, float y) { return bx::nv::name##_triton(x, y); });                   \
  }
#define BX_BINADES_SFU_1(name)                                                   \
  check_binades(                                                                 \
      #name, [](auto i, auto o) { bx::nv::name(i, o); },                         \
      [](float x) { return bx::nv::ptx::name##_model<bx::nv::mode::ieee>(x); }); \
  check_binades(                                                                 \
      #name "_ftz", [](auto i, auto o) { bx::nv::name##_ftz(i, o); },            \
      [](float x) { return bx::nv::ptx::name##_model<bx::nv::mode::ftz>(x); });
#define BX_BINADES_SFU_2(name)
TEST(BatchNv, EveryBinadeAndAFlushingVectorUnit) {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) BX_BINADES_##arity(type, name)
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) BX_BINADES_SFU_##arity(name)
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
}
#undef BX_BINADES_1
#undef BX_BINADES_2
#undef BX_BINADES_SFU_1
#undef BX_BINADES_SFU_2

// nv-fast and nv-intrinsics: the span forms of the intrinsics and of
// -use_fast_math's sqrtf and hypotf (nv::fast::span_row; the rows that
// -use_fast_math leaves to libdevice are nv-ftz's span forms, BatchNv) against
// the scalar functions of nv::fast::row: every shape and dispatch level, then
// every binade (pair) with the vector unit in its default mode and flushing.
template <bx::Fn F, bool Intrinsic>
void check_fast_row(const char* name) {
  namespace fast = bx::nv::fast;
  constexpr auto span = Intrinsic ? fast::span_row<F>::intrinsic : fast::span_row<F>::fast;
  constexpr auto scalar = Intrinsic ? fast::row<F>::intrinsic : fast::row<F>::fast;
  if constexpr (span != nullptr) {
    static_assert(scalar != nullptr);
    SCOPED_TRACE(std::string(name) + (Intrinsic ? " nv-intrinsics" : " nv-fast"));
    const bool trig = F == bx::Fn::sinf || F == bx::Fn::cosf || F == bx::Fn::tanf;
    if constexpr (bx::fn_traits<F>::arity == 1) {
      check_unary<float>(name, trig, span, scalar);
      check_binades(name, span, scalar);
    } else {
      check_binary<float>(F == bx::Fn::fdividef ? "fmodf" : name, span, scalar);
      check_binade_pairs(name, span, scalar);
    }
  }
}
TEST(BatchNvFast, IntrinsicsAndUseFastMath) {
#define BX_FAST(name)                         \
  check_fast_row<bx::Fn::name, false>(#name); \
  check_fast_row<bx::Fn::name, true>(#name)
  BX_FAST(sinf);
  BX_FAST(cosf);
  BX_FAST(tanf);
  BX_FAST(expf);
  BX_FAST(exp10f);
  BX_FAST(logf);
  BX_FAST(log2f);
  BX_FAST(log10f);
  BX_FAST(tanhf);
  BX_FAST(powf);
  BX_FAST(fdividef);
  BX_FAST(sqrtf);
  BX_FAST(hypotf);
#undef BX_FAST
}

// ocml: every configuration of configs.def.
template <bx::ocml::config C>
void check_ocml() {
  namespace o = bx::ocml;
  check_unary<float>("sinf", true, [](std::span<const float> i, std::span<float> r) { o::sin_f32<C>(i, r); },
                     [](float x) { return o::sin_f32<C>(x); });
  check_unary<float>("cosf", true, [](std::span<const float> i, std::span<float> r) { o::cos_f32<C>(i, r); },
                     [](float x) { return o::cos_f32<C>(x); });
  check_unary<float>("ceilf", false, [](std::span<const float> i, std::span<float> r) { o::ceil_f32<C>(i, r); },
                     [](float x) { return o::ceil_f32<C>(x); });
  check_unary<double>("ceil", false, [](std::span<const double> i, std::span<double> r) { o::ceil_f64<C>(i, r); },
                      [](double x) { return o::ceil_f64<C>(x); });
  check_unary<float>("expm1f", false, [](std::span<const float> i, std::span<float> r) { o::expm1_f32<C>(i, r); },
                     [](float x) { return o::expm1_f32<C>(x); });
  check_unary<float>("sinpif", false, [](std::span<const float> i, std::span<float> r) { o::sinpi_f32<C>(i, r); },
                     [](float x) { return o::sinpi_f32<C>(x); });
  check_unary<float>("cospif", false, [](std::span<const float> i, std::span<float> r) { o::cospi_f32<C>(i, r); },
                     [](float x) { return o::cospi_f32<C>(x); });
  check_binary<float>(
      "fmodf", [](std::span<const float> x, std::span<const float> y, std::span<float> r) { o::fmod_f32<C>(x, y, r); },
      [](float x, float y) { return o::fmod_f32<C>(x, y); });
  check_binary<double>(
      "fmod", [](std::span<const double> x, std::span<const double> y, std::span<double> r) { o::fmod_f64<C>(x, y, r); },
      [](double x, double y) { return o::fmod_f64<C>(x, y); });
}
#define BITEXACT_OCML_CONFIG(tag, suffix, mcpu, daz, finite, release, what) \
  TEST(BatchOcml, tag) { check_ocml<bx::ocml::tag>(); }
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG

// The fmodf span forms on SIMD lanes (bitexact/simd/common-inl.hpp,
// fmodf_span) against their scalar functions on every exponent gap
// (tests/gap_pairs.hpp: x over y and y over x, both signs, subnormal
// divisors), then Inf, NaN and zero operands against random ones, at every
// dispatch level: nv and nv-ftz, and every ocml configuration.
template <class SpanF, class F>
void check_fmodf_gaps(const char* name, SpanF sf, F f) {
  std::vector<float> x, y;
  bx::testing::each_gap_pair<float>(true, [&](std::uint32_t ax, std::uint32_t ay) {
    for (std::uint32_t s : {0u, 0x80000000u}) {
      x.push_back(bx::bit_cast<float>(ax | s));
      y.push_back(bx::bit_cast<float>(ay | (s ^ 0x80000000u)));
      x.push_back(bx::bit_cast<float>(ay | s));
      y.push_back(bx::bit_cast<float>(ax | s));
    }
  });
  // Steps whose quotient estimate from the correctly rounded 1/my would be
  // one too large: t = r 2^29 is one below a multiple n my of the divisor,
  // with t / my ~ 2^29 (found by a search over odd my in [2^23, 2^24), r the
  // r < my with r 2^29 = -1 mod my: 53,913 such my). The kernel's lowered
  // reciprocal keeps its estimate at or below the true quotient; checked
  // here to overshoot with the plain one, so that they test that.
  const std::pair<std::uint32_t, std::uint32_t> overshoot[] = {
      {13078772, 13187971}, {13180492, 13190745}, {13217902, 13229545}, {13097313, 13233367},
      {13047686, 13242931}, {13169182, 13243265}, {13152067, 13252995}, {13187527, 13253019}};
  for (const auto& [r, my] : overshoot) {
    const double t = double(r) * 0x1p29, n = (t + 1) / double(my);
    EXPECT_EQ(std::floor(t * (1.0 / double(my))), n) << r << " " << my;  // the plain estimate: one too large
    for (float scale : {1.0f, 0x1p-100f, 0x1p-140f, 0x1p60f}) {
      x.push_back(float(t) * scale);  // (exact: r < 2^24)
      y.push_back(-float(my) * scale);
    }
  }
  std::mt19937_64 rng(7);
  for (std::uint32_t special : {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xff800001u, 0u, 0x80000000u, 1u, 0x807fffffu})
    for (int i = 0; i < 64; ++i) {
      x.push_back(bx::bit_cast<float>(std::uint32_t(rng())));
      y.push_back(bx::bit_cast<float>(special));
      x.push_back(bx::bit_cast<float>(special));
      y.push_back(bx::bit_cast<float>(std::uint32_t(rng())));
    }
  std::vector<float> want(x.size()), got(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) want[i] = f(x[i], y[i]);
  level_guard guard;
  for (bx::dispatch::level l : levels) {
    set_level(l);
    SCOPED_TRACE(std::string(name) + " level " + std::to_string(int(l)));
    sf(std::span<const float>(x), std::span<const float>(y), std::span<float>(got));
    EXPECT_TRUE(same_bits(got.data(), want, x.size()));
  }
}
template <bx::ocml::config C>
void check_ocml_fmodf_gaps(const char* name) {
  check_fmodf_gaps(
      name,
      [](std::span<const float> x, std::span<const float> y, std::span<float> r) { bx::ocml::fmod_f32<C>(x, y, r); },
      [](float x, float y) { return bx::ocml::fmod_f32<C>(x, y); });
}
TEST(BatchFmodf, EveryExponentGap) {
  check_fmodf_gaps(
      "nv", [](std::span<const float> x, std::span<const float> y, std::span<float> r) { bx::nv::fmodf(x, y, r); },
      [](float x, float y) { return bx::nv::fmodf(x, y); });
  check_fmodf_gaps(
      "nv-ftz",
      [](std::span<const float> x, std::span<const float> y, std::span<float> r) { bx::nv::fmodf_ftz(x, y, r); },
      [](float x, float y) { return bx::nv::fmodf_ftz(x, y); });
  check_fmodf_gaps(
      "triton",
      [](std::span<const float> x, std::span<const float> y, std::span<float> r) { bx::nv::fmodf_triton(x, y, r); },
      [](float x, float y) { return bx::nv::fmodf_triton(x, y); });
#define BITEXACT_OCML_CONFIG(tag, suffix, ...) check_ocml_fmodf_gaps<bx::ocml::tag>("ocml" suffix);
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG
}

// The contract of bitexact/span_api.hpp: spans of different sizes are refused
// before anything is written.
TEST(BatchContract, SizeMismatchThrowsAndWritesNothing) {
  std::vector<float> in(10, 1.0f), out(9, -7.0f), y(11, 1.0f);
  EXPECT_THROW(bx::nv::sinf(std::span<const float>(in), std::span<float>(out)), std::invalid_argument);
  EXPECT_THROW(bx::nv::ceilf_ftz(std::span<const float>(in), std::span<float>(out)), std::invalid_argument);
  EXPECT_THROW(bx::nv::fmodf(std::span<const float>(in), std::span<const float>(y), std::span<float>(in)),
               std::invalid_argument);
  EXPECT_THROW(bx::ocml::sin_f32(std::span<const float>(in), std::span<float>(out)), std::invalid_argument);
  EXPECT_THROW(bx::ocml::fmod_f32(std::span<const float>(y), std::span<const float>(in), std::span<float>(in)),
               std::invalid_argument);
  for (float v : out) EXPECT_EQ(v, -7.0f);
  for (float v : in) EXPECT_EQ(v, 1.0f);
}

TEST(BatchContract, EmptySpans) {
  std::vector<float> none;
  EXPECT_NO_THROW(bx::nv::sinf(std::span<const float>(none), std::span<float>(none)));
  EXPECT_NO_THROW(bx::ocml::cos_f32(std::span<const float>(none), std::span<float>(none)));
}

}  // namespace

// The SIMD layer (bitexact/simd/hwy.hpp) is compiled into the project's builds
// (CMake's BITEXACT_SIMD fails configure without Highway's headers), and each
// vector level of this CPU runs its own target's kernel: nv's ceil kernel does
// the whole vectors of 4 (AVX2) or 8 (AVX-512) doubles and leaves the tail,
// below those levels nothing.
TEST(Simd, EachVectorLevelRunsItsTarget) {
#if !BITEXACT_SIMD
  GTEST_FAIL() << "BITEXACT_SIMD is 0 in a build configured with BITEXACT_SIMD=ON";
#elif defined(__x86_64__)
  std::vector<double> x(1027, 1.5), r(x.size());
  using L = bx::dispatch::level;
  const auto saved = bx::dispatch::cap;
  for (auto [l, lanes] : {std::pair{L::avx512, 8u}, {L::avx2_fma, 4u}, {L::fma, 0u}, {L::baseline, 0u}}) {
    if (int(bx::dispatch::cpu_level()) < int(l)) continue;
    bx::dispatch::cap = l;
    const std::size_t done =
        BITEXACT_SIMD_DISPATCH(std::size_t(0), bx::nv::detail, ceil_kernel(x.data(), r.data(), x.size()));
    EXPECT_EQ(done, lanes ? x.size() / lanes * lanes : 0) << bx::dispatch::level_name(l);
  }
  bx::dispatch::cap = saved;
#endif
}
