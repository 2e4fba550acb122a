// bitexact/span_api.hpp — what the span APIs of the reproductions share
// (bitexact/nv/nv_span.hpp, bitexact/ocml/ocml_span.hpp). Host functions only.
//
// The contract of every span API `f(in, out)` / `f(in_x, in_y, out)`:
//  * out[i] = f(in[i]) (or f(in_x[i], in_y[i])) for every i, bit for bit the
//    scalar function's result, whatever path (SIMD or scalar) computes it;
//  * every input span must have out's size, else std::invalid_argument is
//    thrown before anything is written;
//  * out may be the very same memory as an input (in place: in.data() ==
//    out.data()); any other overlap is undefined;
//  * no alignment is required.
#pragma once

#include "bitexact/config.hpp"


#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>

#include "bitexact/dispatch.hpp"

namespace bitexact::spans {

inline void check_size(const char* fn, std::size_t in, std::size_t out) {
  if (in != out)
    throw std::invalid_argument(std::string("bitexact: ") + fn + ": input span has " + std::to_string(in) +
                                " elements, output span " + std::to_string(out));
}

// The scalar loop: out[i] = f(in[i]). Reading in[i] before writing out[i]
// makes it correct in place.
template <class T, class F>
inline void map(std::span<const T> in, std::span<T> out, F f) {
  const T* x = in.data();
  T* r = out.data();
  for (std::size_t i = 0, n = out.size(); i < n; ++i) r[i] = f(x[i]);
}
template <class T, class F>
inline void map(std::span<const T> in_x, std::span<const T> in_y, std::span<T> out, F f) {
  const T* x = in_x.data();
  const T* y = in_y.data();
  T* r = out.data();
  for (std::size_t i = 0, n = out.size(); i < n; ++i) r[i] = f(x[i], y[i]);
}

#if BITEXACT_X86_DISPATCH
// The same loops compiled for FMA: f, inlined here, gets the fma instruction
// for every bitexact::fma instead of a call of libm's fmaf (builds without
// -mfma). Same bits (both are correctly rounded).
template <class T, class F>
BITEXACT_TARGET_FMA void map_fma(const T* x, T* r, std::size_t n, F f) {
  for (std::size_t i = 0; i < n; ++i) r[i] = f(x[i]);
}
template <class T, class F>
BITEXACT_TARGET_FMA void map_fma(const T* x, const T* y, T* r, std::size_t n, F f) {
  for (std::size_t i = 0; i < n; ++i) r[i] = f(x[i], y[i]);
}
#endif

// map() with the sizes checked (the span APIs' contract) and, where the build
// has no -mfma but the CPU has FMA, the loops above: the span forms of
// functions whose fmas are their cost and whose branches keep them scalar.
template <class T, class F>
void map_checked(const char* fn, std::span<const T> in, std::span<T> out, F f) {
  check_size(fn, in.size(), out.size());
#if BITEXACT_X86_DISPATCH && !defined(__FMA__)
  if (dispatch::host_level() != dispatch::level::baseline) return map_fma<T>(in.data(), out.data(), out.size(), f);
#endif
  map<T>(in, out, f);
}
template <class T, class F>
void map_checked(const char* fn, std::span<const T> in_x, std::span<const T> in_y, std::span<T> out, F f) {
  check_size(fn, in_x.size(), out.size());
  check_size(fn, in_y.size(), out.size());
#if BITEXACT_X86_DISPATCH && !defined(__FMA__)
  if (dispatch::host_level() != dispatch::level::baseline)
    return map_fma<T>(in_x.data(), in_y.data(), out.data(), out.size(), f);
#endif
  map<T>(in_x, in_y, out, f);
}

}  // namespace bitexact::spans

