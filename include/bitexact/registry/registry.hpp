// bitexact/registry/registry.hpp — the catalogue of functions and implementations.
//
// Every implementation of every function (a vendor reproduction, the vendor
// bitcode executed on the CPU, MPFR truth, the host libm, results read back
// from a device) is one `Impl`: a name, the function, and its evaluation on
// arrays of the function's value type (float or double). The CLI, the sweep
// engine and the tests all go through this one table, so a new backend is one
// registration and no new code paths.
//
// This header belongs to the compiled library bitexact::engine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
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

// ---- evaluation -------------------------------------------------------------
// An implementation evaluates its function on arrays of the function's value
// type T (the row's TYPE: float or double), n inputs at a time. This typed
// form is the only one an implementation provides; the forms on raw bit
// patterns (Impl::eval, eval_one) are derived from it, by one function for
// every implementation (src/registry/registry.cpp).
template <class T>
struct Eval {
  using value_type = T;
  // out[i] = f(x[i]) or f(x[i], y[i]), i < n. y: the second operands of a
  // two-operand function (ignored, and may be null, for one operand). out may
  // be x (in place). Must be thread-safe.
  using values_fn = void (*)(const T* x, const T* y, T* out, std::size_t n);
  // values, plus approx[i] the double approximation of the exact value that
  // a truth's fast layer computed on the way (NaN where it has none).
  using values_approx_fn = void (*)(const T* x, const T* y, T* out, double* approx, std::size_t n);
  // e[q] = the ULP error of result[idx[q]] at input idx[q], q < n, from
  // approx[idx[q]]: the value of FnInfo::ulp_error_approx, bit for bit,
  // without evaluating the function again (a batch, so that the independent
  // evaluations overlap).
  using ulp_from_approx_fn = void (*)(const T* x, const T* y, const double* approx, const T* result,
                                      const std::uint32_t* idx, std::size_t n, double* e);

  values_fn values = nullptr;
  // Optional (both or neither), for a truth whose fast layer approximates
  // (sinf, cosf): the sweep engine then takes the ULP errors of the results
  // that differ from the truth from these approximations.
  values_approx_fn values_approx = nullptr;
  ulp_from_approx_fn ulp_from_approx = nullptr;

  constexpr Eval() = default;
  // Implicit from the evaluation alone, so that an Impl can be written
  // {name, fn, &f, description} with f of the row's type.
  constexpr Eval(values_fn v, values_approx_fn va = nullptr, ulp_from_approx_fn u = nullptr)
      : values(v), values_approx(va), ulp_from_approx(u) {}
};
// The alternative is the function's TYPE (register_impl refuses another).
using TypedEval = std::variant<Eval<float>, Eval<double>>;

struct Impl {
  std::string name;  // e.g. "nv", "nv-ftz", "ocml-daz", "mpfr", "host"
  Fn fn;
  TypedEval typed;                 // the evaluation (span_values_of, scalar_values_of below)
  std::string description;         // one line for `bitexact list`
  bool correctly_rounded = false;  // true for the truth implementations
  // Evaluated on a GPU (the native CUDA functions, src/gpu/): usable only
  // where one is visible, so never part of a default implementation list.
  bool gpu = false;
  // A fast-math approximation (nv-fast, nv-intrinsics, ptx, ptx-ftz), not a
  // vendor's accurate function: never in a default accepted set (tolerance).
  bool approximate = false;

  // The typed evaluation; T must be fn's type (else std::bad_variant_access).
  template <class T>
  const Eval<T>& as() const {
    return std::get<Eval<T>>(typed);
  }
  // Derived forms, for callers that hold other representations:
  //  * eval: raw bit patterns in 64-bit words (args[k][i] is operand k of
  //    input i, in the low `bits`; results likewise): the CLI, digests of
  //    words, the GPU backend's host side, the porting tools;
  //  * eval_values: arrays of fn's type given untyped (the Python module's
  //    buffers); y as for Eval::values.
  void eval(const word* const* args, word* out, std::size_t n) const;
  void eval_values(const void* x, const void* y, void* out, std::size_t n) const;
};

// Registration happens from static initialisers of object files in
// src/impls/ (linked as an OBJECT library, so none is dropped).
bool register_impl(Impl impl);
// register_impl with Impl::approximate set: the fast-math approximations
// (nv-fast, nv-intrinsics, ptx, ptx-ftz).
inline bool register_approximate(Impl impl) {
  impl.approximate = true;
  return register_impl(std::move(impl));
}
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
// One line saying what implementation NAME is as a whole, for `bitexact list`:
// the summary registered for it (register_summary, where its functions'
// descriptions differ: "ptx", "nv-fast"), else its functions' description
// where they all have the same, else their longest common start followed by
// "... (per function: bitexact list NAME)". "" for an unknown name.
bool register_summary(std::string name, std::string summary);
std::string impl_summary(std::string_view name);
// The one-line error for a known implementation that lacks function fn: why,
// where bitexact knows (ocml's own instructions, a C library without it), and
// the implementations that have fn.
std::string no_function_message(std::string_view impl, Fn fn);
// The one-line error for IMPL.FN that names no registered implementation:
// no_function_message for a known implementation, else the implementations
// that have fn (CLI, sweeps and Python give it, exit 2 / ValueError).
std::string unknown_impl_message(std::string_view impl, Fn fn);
// Distinct implementation names, sorted.
std::vector<std::string> impl_names();

// ---- typed evaluations from the functions of a row ---------------------------
// span_values_of<FN, &f>: the evaluation by the span form f of function FN,
// f(in, out) or f(x, y, out) on std::span (bitexact/nv/nv_span.hpp,
// bitexact/ocml/ocml_span.hpp); scalar_values_of<FN, &f>: by the scalar
// function f(x) or f(x, y), input by input. f's signature is checked against
// FN's row (TYPE and ARITY) at compile time.
namespace detail {
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
template <auto F>
struct span_values_adapter;
template <class T, void (*F)(std::span<const T>, std::span<T>)>
struct span_values_adapter<F> {
  static void run(const T* x, const T*, T* out, std::size_t n) { F(std::span<const T>(x, n), std::span<T>(out, n)); }
};
template <class T, void (*F)(std::span<const T>, std::span<const T>, std::span<T>)>
struct span_values_adapter<F> {
  static void run(const T* x, const T* y, T* out, std::size_t n) {
    F(std::span<const T>(x, n), std::span<const T>(y, n), std::span<T>(out, n));
  }
};
template <auto F>
struct scalar_values_adapter;
template <class T, T (*F)(T)>
struct scalar_values_adapter<F> {
  static void run(const T* x, const T*, T* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) out[i] = F(x[i]);
  }
};
template <class T, T (*F)(T, T)>
struct scalar_values_adapter<F> {
  static void run(const T* x, const T* y, T* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) out[i] = F(x[i], y[i]);
  }
};
}  // namespace detail

template <Fn FN>
using span_signature_of = typename detail::span_signature<typename fn_traits<FN>::type, fn_traits<FN>::arity>::type;
template <Fn FN, span_signature_of<FN>* F>
constexpr Eval<typename fn_traits<FN>::type> span_values_of{&detail::span_values_adapter<F>::run};
template <Fn FN, typename fn_traits<FN>::signature* F>
constexpr Eval<typename fn_traits<FN>::type> scalar_values_of{&detail::scalar_values_adapter<F>::run};

// Evaluate one input through the table (convenience for tests and the CLI).
word eval_one(const Impl& impl, word a, word b = 0);

}  // namespace bitexact
