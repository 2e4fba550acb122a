// device/cuda_intrinsics.cuh — evaluated<F>(): the rows a build of
// device/nv_native.cu or device/bench_repro.cu evaluates. Every row, except in
// an intrinsics build (-DBX_INTRINSICS), which evaluates the rows that have a
// CUDA intrinsic and has here cuda_intrinsic<F>, that intrinsic (__sinf,
// __powf, ...), for exactly the rows whose bitexact::nv::fast::row<F>::intrinsic
// is set (implementation nv-intrinsics): a static_assert per row keeps the two
// lists equal.
#pragma once

#include "bitexact/functions.hpp"

#ifndef BX_INTRINSICS
template <bitexact::Fn F>
constexpr bool evaluated() {
  return true;
}
#else
#include "bitexact/nv/fast.hpp"

template <bitexact::Fn F>
struct cuda_intrinsic {
  static constexpr bool exists = false;
  template <class T, class... A>
  __device__ static T call(T a, A...) {
    return a;  // never evaluated: the programs skip the rows without an intrinsic
  }
};
#define BX_INTRINSIC(name, intrinsic)         \
  template <>                                 \
  struct cuda_intrinsic<bitexact::Fn::name> { \
    static constexpr bool exists = true;      \
    template <class... A>                     \
    __device__ static auto call(A... a) {     \
      return intrinsic(a...);                 \
    }                                         \
  };
BX_INTRINSIC(sinf, __sinf)
BX_INTRINSIC(cosf, __cosf)
BX_INTRINSIC(tanf, __tanf)
BX_INTRINSIC(expf, __expf)
BX_INTRINSIC(exp10f, __exp10f)
BX_INTRINSIC(logf, __logf)
BX_INTRINSIC(log2f, __log2f)
BX_INTRINSIC(log10f, __log10f)
BX_INTRINSIC(powf, __powf)
BX_INTRINSIC(tanhf, __tanhf)
#undef BX_INTRINSIC
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                          \
  static_assert(cuda_intrinsic<bitexact::Fn::name>::exists ==                            \
                    (bitexact::nv::fast::row<bitexact::Fn::name>::intrinsic != nullptr), \
                "device/cuda_intrinsics.cuh and nv::fast::row disagree on " #name);
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

// nv::fast::row<F>::intrinsic, named through a template so that a row without
// one is never instantiated (its call is never evaluated).
template <bitexact::Fn F, class... A>
__device__ auto intrinsic_repro(A... a) {
  constexpr auto f = bitexact::nv::fast::row<F>::intrinsic;
  if constexpr (f == nullptr)
    return bitexact::nv::fast::libdevice<F>::ftz(a...);
  else
    return f(a...);
}

// The rows an intrinsics build evaluates: those with an intrinsic.
template <bitexact::Fn F>
constexpr bool evaluated() {
  return cuda_intrinsic<F>::exists;
}
#endif  // BX_INTRINSICS
