// device/replace_clang.cpp — the link-time replacement of libdevice for clang
// CUDA: defines __nv_sinf, __nv_cosf, ... (the NAME column of
// include/bitexact/functions.def, prefixed __nv_) with bitexact's reproductions.
//
// Compiled by clang as CUDA device code WITHOUT CUDA's headers
// (-x cuda --cuda-device-only -nocudainc -nocudalib, target nvptx64-nvidia-cuda)
// into LLVM bitcode (CMake target bitexact_cuda_bitcode; docs/replacement.md),
// so that any clang and any machine can build it, CUDA installed or not. A CUDA
// program links it AHEAD of libdevice: clang maps sinf() in device code to
// __nv_sinf, and the bitcode linker takes the first definition it meets,
// never pulling libdevice's. One personality per build:
//   -DBITEXACT_PERSONALITY_NV           libdevice's bits (CUDA 13.0's libdevice,
//        pinned: immune to toolkit updates). As in libdevice, the FTZ flavour is
//        chosen by __nvvm_reflect("__CUDA_FTZ"), i.e. by the program's
//        -fgpu-flush-denormals-to-zero.
//   -DBITEXACT_PERSONALITY_OCML=TAG     AMD ocml's bits for the configuration
//        TAG of include/bitexact/ocml/configs.def (gfx90a, ...): an NVIDIA GPU
//        returns what that AMD GPU returns.
//   -DBITEXACT_PERSONALITY_TRITON       what Triton 3.6's libdevice.NAME returns
//        in a Triton kernel on sm_90 (nv::NAME_triton: Triton's own
//        libdevice.10.bc, FTZ reflect on, IEEE float operations), one flavour
//        whatever the program's FTZ flag. A Triton kernel given this file as
//        its libdevice (the compile option extern_libs) calls bitexact's
//        reproduction where it called Triton's libdevice: how the device time
//        of implementation `triton` is measured against Triton's own
//        (tools/scripts/device/triton_repro_bench.py).

// Without CUDA's headers nothing makes the headers' functions device
// functions: the pragma below does, for bitexact's own headers only. The
// standard headers come first, outside it, as clang's CUDA wrapper includes
// them (their constexpr functions are host and device already).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#define BITEXACT_CUDA_WITHOUT_HEADERS 1
#pragma clang force_cuda_host_device begin
#include "bitexact/functions.hpp"
#if defined(BITEXACT_PERSONALITY_NV) || defined(BITEXACT_PERSONALITY_TRITON)
#include "bitexact/nv/nv.hpp"
#elif defined(BITEXACT_PERSONALITY_OCML)
#include "bitexact/ocml/ocml.hpp"
#else
#error "define BITEXACT_PERSONALITY_NV, BITEXACT_PERSONALITY_TRITON or BITEXACT_PERSONALITY_OCML=<configs.def TAG>"
#endif
#pragma clang force_cuda_host_device end

#if !BITEXACT_NVVM_BUILTINS
#error "compile with clang -x cuda --cuda-device-only -nocudainc (docs/replacement.md)"
#endif

#if defined(BITEXACT_PERSONALITY_NV)
// libdevice's query: a clang builtin in newer clangs (19 and later); older ones
// need the declaration libdevice itself has.
#if !__has_builtin(__nvvm_reflect)
extern "C" __attribute__((device)) int __nvvm_reflect(const char*);
#endif
// NVVMReflect folds __nvvm_reflect("__CUDA_FTZ") to the program's FTZ flag
// when the program is compiled, exactly as for libdevice, and the other
// flavour is deleted as dead code.
#define BX_BODY(name, ocml_name, args) \
  return __nvvm_reflect("__CUDA_FTZ") ? bitexact::nv::name##_ftz(args) : bitexact::nv::name(args);
#elif defined(BITEXACT_PERSONALITY_TRITON)
#define BX_BODY(name, ocml_name, args) return bitexact::nv::name##_triton(args);
#else
#define BX_BODY(name, ocml_name, args) \
  return bitexact::ocml::ocml_name<bitexact::ocml::BITEXACT_PERSONALITY_OCML>(args);
// ocml's expf, logf, ... are not reproduced (ocml/not_reproduced.def): this
// personality leaves their __nv_ names to libdevice.
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml_name, edges, seed)
#endif

// always_inline, as libdevice's own functions are: a call that the
// program's inliner declines (powf in a Triton kernel) costs more than the
// function.
#define BITEXACT_FUNCTION(name, arity, type, ocml_name, edges, seed)                                  \
  extern "C" __attribute__((device, always_inline)) type __nv_##name(BITEXACT_PARAMS_##arity(type)) { \
    BX_BODY(name, ocml_name, BITEXACT_ARGS_##arity)                                                   \
  }
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
#ifdef BITEXACT_PERSONALITY_OCML
#undef BITEXACT_FUNCTION_NO_OCML
#endif
