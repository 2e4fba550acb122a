// bench_spans — every span form against its own scalar function in a loop,
// same inputs, same run: the nv, nv-ftz and triton (nv::NAME_triton)
// reproductions of every binary32 row of functions.def (a pair row's y: the set in reverse order), the SFU models
// (nv::NAME_approx and _ftz against ptx::NAME_approx_model), the fast-math intrinsics (nv-fast, nv-intrinsics: their
// span forms against nv::fast::row's scalar functions), and ocml's (gfx90a) of every row it has (issue 36 target:
// span >= 4x the scalar loop, AVX2's 8 floats). Also ocml's sin_f32 span against glibc's sinf on |x| < 105615 (target:
// at most 1.0x). Sets (bench/batch_common.hpp): `small` |x| < 4 and `bits` (random bit patterns: every class). Prints
// the dispatch level the spans ran at (BITEXACT_ISA caps it; bitexact/dispatch.hpp), so that one AVX-512 machine also
// measures the AVX2 paths.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "batch_common.hpp"
#include "bitexact/dispatch.hpp"
#include "bitexact/nv/fast_span.hpp"
#include "bitexact/nv/nv_span.hpp"
#include "bitexact/ocml/ocml_span.hpp"
#include "times_reporter.hpp"

namespace bx = bitexact;
using namespace bench_batch;

namespace {

// Scalar and span forms of each binary32 row (the binary64 rows have no
// 4096-element set here); a pair row's y is its set in reverse order.
#define BX_NV_FORMS(name, sfx)                                     \
  float s_nv_##name##sfx(float x) { return bx::nv::name##sfx(x); } \
  void v_nv_##name##sfx(std::span<const float> i, std::span<float> o) { bx::nv::name##sfx(i, o); }
#define BX_NV_FORMS2(name, sfx)                                                                   \
  float s_nv_##name##sfx(float x, float y) { return bx::nv::name##sfx(x, y); }                    \
  void v_nv_##name##sfx(std::span<const float> x, std::span<const float> y, std::span<float> o) { \
    bx::nv::name##sfx(x, y, o);                                                                   \
  }
#define BX_ROW_1_float(name, ocml_name) BX_NV_FORMS(name, ) BX_NV_FORMS(name, _ftz) BX_NV_FORMS(name, _triton)
#define BX_ROW_1_double(name, ocml_name)
#define BX_ROW_2_float(name, ocml_name) BX_NV_FORMS2(name, ) BX_NV_FORMS2(name, _ftz) BX_NV_FORMS2(name, _triton)
#define BX_ROW_2_double(name, ocml_name)
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed) BX_ROW_##arity##_##type(name, ocml_name)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

#define BX_OCML_1_float(ocml_name)                                                       \
  float s_ocml_##ocml_name(float x) { return bx::ocml::ocml_name<bx::ocml::gfx90a>(x); } \
  void v_ocml_##ocml_name(std::span<const float> i, std::span<float> o) { bx::ocml::ocml_name(i, o); }
#define BX_OCML_1_double(ocml_name)
#define BX_OCML_2_float(ocml_name)                                                                   \
  float s_ocml_##ocml_name(float x, float y) { return bx::ocml::ocml_name<bx::ocml::gfx90a>(x, y); } \
  void v_ocml_##ocml_name(std::span<const float> x, std::span<const float> y, std::span<float> o) {  \
    bx::ocml::ocml_name(x, y, o);                                                                    \
  }
#define BX_OCML_2_double(ocml_name)
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml_name, edges, seed)
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed) BX_OCML_##arity##_##type(ocml_name)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
#undef BITEXACT_FUNCTION_NO_OCML

// The SFU rows (one-operand BITEXACT_NV_FUNCTION rows): the span forms
// nv::NAME_approx(_ftz) against their scalar models.
#define BX_SFU_FORMS(name, sfx, m)                                                          \
  float s_nv_##name##sfx(float x) { return bx::nv::ptx::name##_model<bx::nv::mode::m>(x); } \
  void v_nv_##name##sfx(std::span<const float> i, std::span<float> o) { bx::nv::name##sfx(i, o); }
#define BX_SFU_1(name) BX_SFU_FORMS(name, , ieee) BX_SFU_FORMS(name, _ftz, ftz)
#define BX_SFU_2(name)
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed)
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) BX_SFU_##arity(name)
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION

float s_glibc_sinf(float x) { return ::sinf(x); }

struct Row {
  std::string name;  // "nv::sinf", ...
};
std::vector<Row> rows;

}  // namespace

int main(int argc, char** argv) {
  const std::string sets[] = {"small", "bits"};
  auto add = [&](const std::string& name, auto scalar, auto span) {
    rows.push_back({name});
    for (const std::string& s : sets) {
      benchmark::RegisterBenchmark(("scalar " + name + "/" + s).c_str(), [=](benchmark::State& st) { scalar(st, s); });
      benchmark::RegisterBenchmark(("span " + name + "/" + s).c_str(), [=](benchmark::State& st) { span(st, s); });
    }
  };
#define BX_ADD(label, s, v)                                                                \
  add(                                                                                     \
      label, [](benchmark::State& st, const std::string& set) { run_scalar<s>(st, set); }, \
      [](benchmark::State& st, const std::string& set) { run_span<v>(st, set); });
#define BX_ADD2(label, s, v)                                                                \
  add(                                                                                      \
      label, [](benchmark::State& st, const std::string& set) { run_scalar2<s>(st, set); }, \
      [](benchmark::State& st, const std::string& set) { run_span2<v>(st, set); });
#undef BX_ROW_1_float
#define BX_ROW_1_float(name, ocml_name)                             \
  BX_ADD("nv::" #name, s_nv_##name, v_nv_##name)                    \
  BX_ADD("nv::" #name "_ftz", s_nv_##name##_ftz, v_nv_##name##_ftz) \
  BX_ADD("nv::" #name "_triton", s_nv_##name##_triton, v_nv_##name##_triton)
#undef BX_ROW_2_float
#define BX_ROW_2_float(name, ocml_name)                              \
  BX_ADD2("nv::" #name, s_nv_##name, v_nv_##name)                    \
  BX_ADD2("nv::" #name "_ftz", s_nv_##name##_ftz, v_nv_##name##_ftz) \
  BX_ADD2("nv::" #name "_triton", s_nv_##name##_triton, v_nv_##name##_triton)
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed) BX_ROW_##arity##_##type(name, ocml_name)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
#undef BX_SFU_1
#define BX_SFU_1(name)                           \
  BX_ADD("nv::" #name, s_nv_##name, v_nv_##name) \
  BX_ADD("nv::" #name "_ftz", s_nv_##name##_ftz, v_nv_##name##_ftz)
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed)
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) BX_SFU_##arity(name)
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
  // nv-fast and nv-intrinsics: the intrinsics' span forms and -use_fast_math's
  // sqrtf and hypotf (nv::fast::span_row) against their scalar functions
  // (nv::fast::row); the rows -use_fast_math leaves to libdevice are nv-ftz's.
#define BX_FAST_ROW(name, add)                                                                                 \
  {                                                                                                            \
    add("nv-fast::" #name, bx::nv::fast::row<bx::Fn::name>::fast, bx::nv::fast::span_row<bx::Fn::name>::fast); \
    if constexpr (bx::nv::fast::span_row<bx::Fn::name>::intrinsic != nullptr) {                                \
      add("nv-intrinsics::" #name, bx::nv::fast::row<bx::Fn::name>::intrinsic,                                 \
          bx::nv::fast::span_row<bx::Fn::name>::intrinsic);                                                    \
    }                                                                                                          \
  }
  BX_FAST_ROW(sinf, BX_ADD);
  BX_FAST_ROW(cosf, BX_ADD);
  BX_FAST_ROW(tanf, BX_ADD);
  BX_FAST_ROW(expf, BX_ADD);
  BX_FAST_ROW(exp10f, BX_ADD);
  BX_FAST_ROW(logf, BX_ADD);
  BX_FAST_ROW(log2f, BX_ADD);
  BX_FAST_ROW(log10f, BX_ADD);
  BX_FAST_ROW(tanhf, BX_ADD);
  BX_FAST_ROW(sqrtf, BX_ADD);
  BX_FAST_ROW(powf, BX_ADD2);
  BX_FAST_ROW(hypotf, BX_ADD2);
  BX_FAST_ROW(fdividef, BX_ADD2);
#undef BX_FAST_ROW
#define BX_OCML_ADD_1_float(ocml_name) BX_ADD("ocml::" #ocml_name, s_ocml_##ocml_name, v_ocml_##ocml_name)
#define BX_OCML_ADD_1_double(ocml_name)
#define BX_OCML_ADD_2_float(ocml_name) BX_ADD2("ocml::" #ocml_name, s_ocml_##ocml_name, v_ocml_##ocml_name)
#define BX_OCML_ADD_2_double(ocml_name)
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml_name, edges, seed)
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed) BX_OCML_ADD_##arity##_##type(ocml_name)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
#undef BITEXACT_FUNCTION_NO_OCML
  // ocml's sin_f32 span and glibc's sinf on libdevice's Cody-Waite range.
  benchmark::RegisterBenchmark("glibc sinf/fast", [](benchmark::State& st) { run_scalar<s_glibc_sinf>(st, "fast"); });
  benchmark::RegisterBenchmark("span ocml::sin_f32/fast",
                               [](benchmark::State& st) { run_span<v_ocml_sin_f32>(st, "fast"); });
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  TimesReporter t;
  benchmark::RunSpecifiedBenchmarks(&t);
#if BITEXACT_X86_DISPATCH
  const char* level = bx::dispatch::level_name(bx::dispatch::host_level());
#else
  const char* level = "portable";
#endif
  std::printf("\nspans at dispatch level %s; time(scalar loop) / time(span), same inputs, same run (>= 4 wanted):\n",
              level);
  for (const Row& r : rows)
    for (const std::string& s : sets) {
      const auto a = t.seconds("scalar " + r.name + "/" + s);
      const auto b = t.seconds("span " + r.name + "/" + s);
      if (a && b)
        std::printf("  %-22s %-6s %6.2fx  (%6.2f vs %6.2f ns/element)\n", r.name.c_str(), s.c_str(), *a / *b,
                    *a * 1e9 / n_inputs, *b * 1e9 / n_inputs);
    }
  const auto g = t.seconds("glibc sinf/fast"), o = t.seconds("span ocml::sin_f32/fast");
  if (g && o)
    std::printf("ocml::sin_f32 span / glibc sinf, |x| < 105615: %.2f  (%.2f vs %.2f ns/element; <= 1.0 wanted)\n",
                *o / *g, *o * 1e9 / n_inputs, *g * 1e9 / n_inputs);
  benchmark::Shutdown();
  return 0;
}
