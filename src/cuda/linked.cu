// src/cuda/linked.cu — definitions of bitexact/cuda/linked.cuh: the relocatable
// device library of the nvcc route of link-time replacement
// (libbitexact_cuda_linked.a, CMake target bitexact::cuda_linked;
// docs/replacement.md). Compiled once with -rdc=true -ftz=false; each
// function is the header-only reproduction of its personality.
#include "bitexact/cuda/linked.cuh"
#include "bitexact/nv/nv.hpp"
#include "bitexact/ocml/ocml.hpp"

namespace bitexact::cuda {

#define BX_NV_LINKED(name, arity, type)                                                                       \
  __device__ type nv::name(BITEXACT_PARAMS_##arity(type)) { return bitexact::nv::name(BITEXACT_ARGS_##arity); }        \
  __device__ type nv_ftz::name(BITEXACT_PARAMS_##arity(type)) { return bitexact::nv::name##_ftz(BITEXACT_ARGS_##arity); }
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed) \
  BX_NV_LINKED(name, arity, type)                                    \
  __device__ type ocml::name(BITEXACT_PARAMS_##arity(type)) {        \
    return bitexact::ocml::ocml_name<bitexact::ocml::gfx90a>(BITEXACT_ARGS_##arity); \
  }
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml_name, edges, seed) BX_NV_LINKED(name, arity, type)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION
#undef BX_NV_LINKED

}  // namespace bitexact::cuda
