// bitexact/cuda/linked.cuh — the device functions of the nvcc route of link-time
// replacement: bitexact::cuda::<personality>::NAME for every row of
// bitexact/functions.def, defined once in a relocatable device library
// (src/cuda/linked.cu, CMake target bitexact::cuda_linked; docs/replacement.md).
//
// nvcc maps sinf() in device code to libdevice inside each translation unit,
// before any link step, so an nvcc program cannot have its sinf() replaced
// behind its back; it calls these instead. Against the header-only functions
// (bitexact::nv::sinf, bitexact/nv/nv.hpp) the library gives one compiled
// copy, built with the library's own flags (-ftz=false, no fast math) whatever
// the program's flags are, and a choice of personality made by which name
// the program calls:
//   nv      libdevice's bits, CUDA 13.0, -ftz=false
//   nv_ftz  libdevice's bits, CUDA 13.0, -ftz=true
//   ocml    AMD ocml 5.2.3 on gfx90a (the CLI's `ocml`)
// The program is compiled with -rdc=true (CMake: CUDA_SEPARABLE_COMPILATION);
// with -dlto the calls are inlined at device link time.
#pragma once

#include "bitexact/functions.hpp"

#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed) \
  __device__ type name(BITEXACT_PARAMS_##arity(type));

namespace bitexact::cuda {
namespace nv {
#include "bitexact/functions.def"
}  // namespace nv
namespace nv_ftz {
#include "bitexact/functions.def"
}  // namespace nv_ftz
namespace ocml {  // the functions ocml is reproduced for (ocml/not_reproduced.def)
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml_name, edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
}  // namespace ocml
}  // namespace bitexact::cuda

#undef BITEXACT_FUNCTION
