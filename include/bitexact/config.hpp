// bitexact/config.hpp — compile-time policy shared by every header.
//
// BITEXACT_HD marks a function callable from host and device code (CUDA or HIP).
// The library refuses -ffast-math: it licenses the compiler to reassociate,
// contract and drop NaN/Inf handling, all of which change bits.
#pragma once

#if defined(__FAST_MATH__)
#error "bitexact: compile without -ffast-math (it changes results bit for bit)"
#endif

#if defined(__CUDACC__) || defined(__HIPCC__)
#define BITEXACT_HD __host__ __device__
#define BITEXACT_DEVICE_COMPILER 1
#else
#define BITEXACT_HD
#define BITEXACT_DEVICE_COMPILER 0
#endif

// True while compiling the device side of a CUDA/HIP translation unit.
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define BITEXACT_DEVICE_PASS 1
#else
#define BITEXACT_DEVICE_PASS 0
#endif

// clang CUDA without CUDA's headers (-nocudainc): how the link-time
// replacement bitcode is built (device/replace_clang.cpp, which defines
// BITEXACT_CUDA_WITHOUT_HEADERS; docs/replacement.md). No header declares CUDA's
// intrinsics then, so bitexact/nvptx_intrinsics.hpp supplies the few the
// headers call, on clang's NVVM builtins.
#if defined(__CUDA_ARCH__) && defined(BITEXACT_CUDA_WITHOUT_HEADERS)
#define BITEXACT_NVVM_BUILTINS 1
#else
#define BITEXACT_NVVM_BUILTINS 0
#endif

// In the replacement bitcode every function is always_inline, as libdevice's
// are: each __nv_NAME then reaches the program whole, and its inliner never
// leaves a call to a helper behind (powf in a Triton kernel).
#if BITEXACT_NVVM_BUILTINS
#define BITEXACT_INLINE BITEXACT_HD inline __attribute__((always_inline))
#else
#define BITEXACT_INLINE BITEXACT_HD inline
#endif
// For the one-instruction wrappers of the vendor ops (ocml/amdgcn.hpp's add,
// mul, fma, ...): a scalar function calls dozens of them, and where GCC's
// inliner ran out of budget in a span's loop a call per fma was left (the
// ocml sin_f32 span then took twice its own scalar loop's time).
#if defined(__GNUC__) || defined(__clang__)
#define BITEXACT_INLINE_OP BITEXACT_HD inline __attribute__((always_inline))
#else
#define BITEXACT_INLINE_OP BITEXACT_INLINE
#endif
