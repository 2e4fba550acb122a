// bitexact/nvptx_intrinsics.hpp — the CUDA device intrinsics bitexact's headers
// call (__fmaf_rn, __fmul_rn, ...), for device code compiled by clang without
// CUDA's headers (BITEXACT_NVVM_BUILTINS, config.hpp), where none declares them.
//
// fma and the conversions map to the NVVM builtin that CUDA's own definition
// reaches (fma.rn, cvt.rn): LLVM emits those as that instruction, or rewrites
// fma.rn as llvm.fma, which is the same fused operation, and only where the
// function's denormal mode is the builtin's. mul, add and sub are inline PTX
// (mul.rn, add.rn, sub.rn): LLVM rewrites their builtins as a plain fmul/fadd
// (f64 always, f32 where the denormal mode allows), and a program compiled
// with fp contraction (clang's CUDA default -ffp-contract=fast; Triton's fp
// fusion) may then fuse such a product with a following sum into one fma,
// which rounds once where CUDA's __fmul_rn and __fadd_rn round twice. Inline
// PTX is never rewritten, and ptxas never contracts an instruction with an
// explicit rounding modifier.
// Included by bits.hpp only when BITEXACT_NVVM_BUILTINS; the including file
// makes them device functions (#pragma clang force_cuda_host_device).
#pragma once

#if !BITEXACT_NVVM_BUILTINS
#error "bitexact/nvptx_intrinsics.hpp is for clang CUDA without CUDA's headers"
#endif

// The names are CUDA's (reserved identifiers, as in CUDA's headers): the
// headers are written once against them for nvcc, clang CUDA and this route.
inline float __fmaf_rn(float a, float b, float c) { return __nvvm_fma_rn_f(a, b, c); }
inline double __fma_rn(double a, double b, double c) { return __nvvm_fma_rn_d(a, b, c); }
// One PTX instruction of two operands; C: the operand constraint ("f" f32, "d" f64).
#define BITEXACT_PTX_OP2(name, T, insn, C)            \
  inline T name(T a, T b) {                           \
    T r;                                              \
    asm(insn " %0, %1, %2;" : "=" C(r) : C(a), C(b)); \
    return r;                                         \
  }
BITEXACT_PTX_OP2(__fmul_rn, float, "mul.rn.f32", "f")
BITEXACT_PTX_OP2(__dmul_rn, double, "mul.rn.f64", "d")
BITEXACT_PTX_OP2(__fadd_rn, float, "add.rn.f32", "f")
BITEXACT_PTX_OP2(__dadd_rn, double, "add.rn.f64", "d")
BITEXACT_PTX_OP2(__fsub_rn, float, "sub.rn.f32", "f")
BITEXACT_PTX_OP2(__dsub_rn, double, "sub.rn.f64", "d")
#undef BITEXACT_PTX_OP2
inline float __double2float_rn(double d) { return __nvvm_d2f_rn(d); }
inline double __ll2double_rn(long long i) { return __nvvm_ll2d_rn(i); }
