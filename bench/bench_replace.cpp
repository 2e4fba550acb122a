// bench_replace — cost of the libm replacement libraries (docs/replacement.md,
// "Host"): sinf cosf fmodf fmod ceilf ceil of libbitexact_nv.so,
// libbitexact_nv_ftz.so and libbitexact_ocml.so against this machine's glibc
// on the same inputs, in the same run.
//
// Every function is called through a pointer, as a program calls it through
// the PLT: the replacement's from dlopen/dlsym of the built library (what an
// LD_PRELOADed program runs), glibc's from the address of the libm symbol.
// Each benchmark maps 4096 inputs to 4096 outputs (throughput). Inputs:
//   sinf cosf     uniform |x| < 100
//   ceilf ceil    uniform |x| < 2^20
//   fmodf fmod    x uniform |x| < 2^20, y uniform in [0.5, 100)
// After the run, one line per (function, library) gives time(library) / time(glibc).
#include <benchmark/benchmark.h>
#include <dlfcn.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "times_reporter.hpp"

#ifndef BX_REPLACE_DIR
#error "define BX_REPLACE_DIR, the folder of the built libbitexact_*.so (bench/CMakeLists.txt does)"
#endif

namespace {

constexpr std::size_t n_inputs = 4096;
const char* const libraries[] = {"nv", "nv_ftz", "ocml"};

template <class T>
struct inputs {
  std::vector<T> x, y;
};

template <class T>
inputs<T> make_inputs(const std::string& fn) {
  std::mt19937_64 rng(12345);
  const T lim = (fn == "sinf" || fn == "cosf") ? T(100) : T(1 << 20);
  std::uniform_real_distribution<T> dx(-lim, lim), dy(T(0.5), T(100));
  inputs<T> in;
  for (std::size_t i = 0; i < n_inputs; ++i) {
    in.x.push_back(dx(rng));
    in.y.push_back(dy(rng));
  }
  return in;
}

template <class T>
using unary = T (*)(T);
template <class T>
using binary = T (*)(T, T);

template <class T, class F>
void run(benchmark::State& state, F f, const std::string& fn) {
  const inputs<T> in = make_inputs<T>(fn);
  std::vector<T> out(n_inputs);
  // Hides the pointer's value, so that glibc's known address is not turned
  // back into a direct call that the compiler then expands inline (ceil).
  benchmark::DoNotOptimize(f);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n_inputs; ++i) {
      if constexpr (std::is_same_v<F, unary<T>>)
        out[i] = f(in.x[i]);
      else
        out[i] = f(in.x[i], in.y[i]);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * std::int64_t(n_inputs));
}

void* open_library(const char* name) {
  const std::string path = std::string(BX_REPLACE_DIR) + "/libbitexact_" + name + ".so";
  // RTLD_LOCAL: the library's symbols stay out of the global scope, so this
  // program's own sinf etc. remain glibc's.
  void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (h == nullptr) {
    std::fprintf(stderr, "bench_replace: %s\n", dlerror());
    std::exit(2);
  }
  return h;
}

template <class P>
P symbol(void* h, const char* fn) {
  void* s = dlsym(h, fn);
  if (s == nullptr) {
    std::fprintf(stderr, "bench_replace: no %s in the library: %s\n", fn, dlerror());
    std::exit(2);
  }
  return reinterpret_cast<P>(s);
}

// Registers glibc's and every library's fn under "LIB_fn".
template <class P>
void register_fn(const char* fn, P glibc, const std::map<std::string, void*>& libs) {
  using T = std::conditional_t<std::is_same_v<P, unary<float>> || std::is_same_v<P, binary<float>>, float, double>;
  const std::string f = fn;
  benchmark::RegisterBenchmark(("glibc_" + f).c_str(), [glibc, f](benchmark::State& st) { run<T>(st, glibc, f); });
  for (const auto& [name, h] : libs) {
    const P p = symbol<P>(h, fn);
    benchmark::RegisterBenchmark((name + "_" + f).c_str(), [p, f](benchmark::State& st) { run<T>(st, p, f); });
  }
}

// Ratios of every library's run against glibc's on the same inputs.
void print_ratios(const TimesReporter& t) {
  std::printf("\nratio time(libbitexact_LIB.so) / time(glibc), same inputs, same run:\n");
  for (const char* fn : {"sinf", "cosf", "fmodf", "fmod", "ceilf", "ceil"})
    for (const char* lib : libraries) {
      const auto a = t.seconds(std::string(lib) + "_" + fn), b = t.seconds(std::string("glibc_") + fn);
      if (!a || !b) continue;
      std::printf("  %-6s %-7s %6.2f  (%.2f vs %.2f ns/call)\n", fn, lib, *a / *b, *a * 1e9 / n_inputs,
                  *b * 1e9 / n_inputs);
    }
}

}  // namespace

int main(int argc, char** argv) {
  std::map<std::string, void*> libs;
  for (const char* name : libraries) libs[name] = open_library(name);
  register_fn<unary<float>>("sinf", &::sinf, libs);
  register_fn<unary<float>>("cosf", &::cosf, libs);
  register_fn<binary<float>>("fmodf", &::fmodf, libs);
  register_fn<binary<double>>("fmod", static_cast<binary<double>>(&::fmod), libs);
  register_fn<unary<float>>("ceilf", &::ceilf, libs);
  register_fn<unary<double>>("ceil", static_cast<unary<double>>(&::ceil), libs);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  TimesReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_ratios(reporter);
  benchmark::Shutdown();
  return 0;
}
