// bitexact/registry/registry.hpp — the catalogue of functions and implementations.
//
// Every implementation of every function (a vendor reproduction, the vendor
// bitcode executed on the CPU, MPFR truth, the host libm, results read back
// from a device) is one `Impl`: a name, the function, and a batch evaluator on
// raw bit patterns. The CLI, the sweep engine and the tests all go through this
// one table, so a new backend is one registration and no new code paths.
//
// This header belongs to the compiled library bitexact::engine.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/functions.hpp"

namespace bitexact {

// The functions (Fn, their rows) are in bitexact/functions.def; FnInfo adds
// what needs the truth library. Every entry is filled from the row: a row
// without truth::NAME, truth::ulp_error_NAME or truth::ulp_error_NAME_approx
// does not compile (src/registry/registry.cpp).
using word = std::uint64_t;  // one operand or result, as raw bits in the low `bits`

struct FnInfo {
  Fn id;
  std::string_view name;  // CLI name: "sinf", "fmod", ...
  int arity;              // 1 or 2 operands
  int bits;               // 32 or 64: width of every operand and of the result
  std::string_view ocml;  // ocml entry point without "__ocml_"
  // Exact ULP error of `r` at operands (a, b) (MPFR; docs/truth.md has the rules).
  double (*ulp_error)(word a, word b, word r);
  // The same within 2^-23 ulp, fast where the truth has a fast form (sweeps).
  double (*ulp_error_approx)(word a, word b, word r);
};

// The functions every vendor provides (BITEXACT_FUNCTION rows), in enum order.
std::span<const FnInfo> functions();
// Every function, the BITEXACT_NV_FUNCTION rows (the SFU approximations and
// fast intrinsics, implemented by "ptx", "ptx-ftz", "nv-fast") last. parse_fn
// and function_list cover these.
std::span<const FnInfo> all_functions();
const FnInfo& fn_info(Fn fn);
std::optional<Fn> parse_fn(std::string_view name);
// parse_fn, or input_error (bitexact/io/hexio.hpp) with the CLI's one-line
// message naming every function.
Fn require_fn(std::string_view name);
// "sinf cosf fmodf fmod ceilf ceil": the names, for help texts and errors.
const std::string& function_list();

// Evaluate n inputs. args[k][i] is operand k of input i. Must be thread-safe.
using BatchFn = void (*)(const word* const* args, word* out, std::size_t n);

struct Impl {
  std::string name;  // e.g. "nv", "nv-ftz", "ocml-daz", "mpfr", "host"
  Fn fn;
  BatchFn eval;
  std::string description;         // one line for `bitexact list`
  bool correctly_rounded = false;  // true for the truth implementations
  // Evaluated on a GPU (the native CUDA functions, src/gpu/): usable only
  // where one is visible, so never part of a default implementation list.
  bool gpu = false;
  // Optional fast path on contiguous arrays of the function's value type
  // (float / double): x, y (two-operand functions), out, n; in place allowed.
  // The span forms of the reproductions provide it (span_values_of), scalar
  // functions through scalar_values_of (host, mpfr); callers
  // with typed arrays (the Python module) use it when set, eval otherwise.
  void (*values)(const void* x, const void* y, void* out, std::size_t n) = nullptr;
  // Optional, for a truth (sinf, cosf): eval, plus per input the double
  // approximation its fast layer computed (NaN where none), from which
  // ulp_from_approx gives results' ULP errors, the same values as
  // FnInfo::ulp_error_approx, without evaluating the function a second time:
  // e[q] = the error of result[idx[q]] at input a[idx[q]], q < n (a batch, so
  // that the independent evaluations overlap).
  void (*eval_approx)(const word* const* args, word* out, double* approx, std::size_t n) = nullptr;
  void (*ulp_from_approx)(const word* a, const double* approx, const word* result, const std::uint32_t* idx,
                          std::size_t n, double* e) = nullptr;
  // The same two on arrays of floats (x, out: n values): the sweep engine's
  // binary32 path, which skips the conversions between 64-bit words and
  // values when every implementation has `values`.
  void (*eval_approx_f32)(const float* x, float* out, double* approx, std::size_t n) = nullptr;
  void (*ulp_from_approx_f32)(const float* a, const double* approx, const float* result, const std::uint32_t* idx,
                              std::size_t n, double* e) = nullptr;
};

// Registration happens from static initialisers of object files in
// src/impls/ (linked as an OBJECT library, so none is dropped).
bool register_impl(Impl impl);
const Impl* find_impl(std::string_view name, Fn fn);
// The reference of sweeps and reports: the implementation of fn marked
// correctly_rounded (today "mpfr"); nullptr if none is registered.
const Impl* find_truth(Fn fn);
// "IMPL.FN" (e.g. "nv.sinf") to its implementation; throws input_error
// (bitexact/io/hexio.hpp) with the CLI's one-line message for a malformed
// spec, an unknown function or implementation, or a pair that does not exist.
const Impl& resolve_spec(std::string_view spec);
// All registered implementations, sorted by name then function.
std::vector<const Impl*> all_impls();
// Distinct implementation names, sorted.
std::vector<std::string> impl_names();

// ---- adapters from scalar functions to BatchFn ------------------------------
namespace detail {
template <class T>
using storage_t = typename float_traits<T>::storage;
template <auto F>
struct batch_adapter;
template <class T, T (*F)(T)>
struct batch_adapter<F> {
  static void run(const word* const* a, word* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) out[i] = bit_cast<storage_t<T>>(F(bit_cast<T>(storage_t<T>(a[0][i]))));
  }
};
template <class T, T (*F)(T, T)>
struct batch_adapter<F> {
  static void run(const word* const* a, word* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
      out[i] = bit_cast<storage_t<T>>(F(bit_cast<T>(storage_t<T>(a[0][i])), bit_cast<T>(storage_t<T>(a[1][i]))));
  }
};
}  // namespace detail

// batch<&f>: a BatchFn evaluating f(float), f(float,float), f(double) or f(double,double).
template <auto F>
constexpr BatchFn batch = &detail::batch_adapter<F>::run;
// batch_of<FN, &f>: the same, with f's signature checked against function FN's row.
template <Fn FN, typename fn_traits<FN>::signature* F>
constexpr BatchFn batch_of = batch<F>;

// ---- adapters from span functions to BatchFn ------------------------------------
// The span forms of the reproductions (bitexact/nv/nv_span.hpp,
// bitexact/ocml/ocml_span.hpp) are their fast paths; the registered
// implementations call them through these, converting words to values a block
// at a time (the blocks stay in L1).
namespace detail {
template <auto F>
struct span_batch_adapter;
inline constexpr std::size_t span_batch_block = 2048;
template <class T, void (*F)(std::span<const T>, std::span<T>)>
struct span_batch_adapter<F> {
  static void run(const word* const* a, word* out, std::size_t n) {
    T x[span_batch_block];
    for (std::size_t i = 0; i < n; i += span_batch_block) {
      const std::size_t m = std::min(span_batch_block, n - i);
      for (std::size_t j = 0; j < m; ++j) x[j] = bit_cast<T>(storage_t<T>(a[0][i + j]));
      F(std::span<const T>(x, m), std::span<T>(x, m));  // in place
      for (std::size_t j = 0; j < m; ++j) out[i + j] = bit_cast<storage_t<T>>(x[j]);
    }
  }
};
template <class T, void (*F)(std::span<const T>, std::span<const T>, std::span<T>)>
struct span_batch_adapter<F> {
  static void run(const word* const* a, word* out, std::size_t n) {
    T x[span_batch_block], y[span_batch_block];
    for (std::size_t i = 0; i < n; i += span_batch_block) {
      const std::size_t m = std::min(span_batch_block, n - i);
      for (std::size_t j = 0; j < m; ++j) {
        x[j] = bit_cast<T>(storage_t<T>(a[0][i + j]));
        y[j] = bit_cast<T>(storage_t<T>(a[1][i + j]));
      }
      F(std::span<const T>(x, m), std::span<const T>(y, m), std::span<T>(x, m));  // in place
      for (std::size_t j = 0; j < m; ++j) out[i + j] = bit_cast<storage_t<T>>(x[j]);
    }
  }
};
template <class T, int N>
struct span_signature;
template <class T>
struct span_signature<T, 1> {
  using type = void(std::span<const T>, std::span<T>);
};
template <class T>
struct span_signature<T, 2> {
  using type = void(std::span<const T>, std::span<const T>, std::span<T>);
};
}  // namespace detail

namespace detail {
template <auto F>
struct span_values_adapter;
template <class T, void (*F)(std::span<const T>, std::span<T>)>
struct span_values_adapter<F> {
  static void run(const void* x, const void*, void* out, std::size_t n) {
    F(std::span<const T>(static_cast<const T*>(x), n), std::span<T>(static_cast<T*>(out), n));
  }
};
template <class T, void (*F)(std::span<const T>, std::span<const T>, std::span<T>)>
struct span_values_adapter<F> {
  static void run(const void* x, const void* y, void* out, std::size_t n) {
    F(std::span<const T>(static_cast<const T*>(x), n), std::span<const T>(static_cast<const T*>(y), n),
      std::span<T>(static_cast<T*>(out), n));
  }
};
}  // namespace detail
// Impl::values from a scalar function f(T) or f(T, T).
namespace detail {
template <auto F>
struct scalar_values_adapter;
template <class T, T (*F)(T)>
struct scalar_values_adapter<F> {
  static void run(const void* x, const void*, void* out, std::size_t n) {
    const T* xs = static_cast<const T*>(x);
    T* o = static_cast<T*>(out);
    for (std::size_t i = 0; i < n; ++i) o[i] = F(xs[i]);
  }
};
template <class T, T (*F)(T, T)>
struct scalar_values_adapter<F> {
  static void run(const void* x, const void* y, void* out, std::size_t n) {
    const T *xs = static_cast<const T*>(x), *ys = static_cast<const T*>(y);
    T* o = static_cast<T*>(out);
    for (std::size_t i = 0; i < n; ++i) o[i] = F(xs[i], ys[i]);
  }
};
}  // namespace detail
template <auto F>
constexpr auto scalar_values_of = &detail::scalar_values_adapter<F>::run;

// Impl::values from the span form f of function FN.
template <Fn FN, typename detail::span_signature<typename fn_traits<FN>::type, fn_traits<FN>::arity>::type* F>
constexpr auto span_values_of = &detail::span_values_adapter<F>::run;
// impl with its typed fast path set.
inline Impl with_values(Impl impl, void (*values)(const void*, const void*, void*, std::size_t)) {
  impl.values = values;
  return impl;
}

// span_batch_of<FN, &f>: a BatchFn calling the span form f of function FN
// (its signature checked against FN's row: f(in, out) or f(x, y, out)).
template <Fn FN>
using span_signature_of = typename detail::span_signature<typename fn_traits<FN>::type, fn_traits<FN>::arity>::type;
template <Fn FN, span_signature_of<FN>* F>
constexpr BatchFn span_batch_of = &detail::span_batch_adapter<F>::run;

// Evaluate one input through the table (convenience for tests and the CLI).
word eval_one(const Impl& impl, word a, word b = 0);

}  // namespace bitexact
