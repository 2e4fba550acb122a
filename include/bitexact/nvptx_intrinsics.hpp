// bitexact/nvptx_intrinsics.hpp — the CUDA device intrinsics bitexact's headers
// call (__fmaf_rn, __fmul_rn, ...), for device code compiled by clang without
// CUDA's headers (BITEXACT_NVVM_BUILTINS, config.hpp), where none declares them.
//
// Each maps to the NVVM builtin that CUDA's own definition reaches, an
// instruction with an explicit rounding modifier (fma.rn, mul.rn, add.rn,
// cvt.rn). Those are exactly what keeps the results fixed: ptxas never
// contracts a mul.rn with an add.rn into an fma, and LLVM's NVPTX backend
// emits the builtins as they are whatever -ffp-contract or denormal mode the
// program that links the bitcode was compiled with. Plain `a * b` would be
// neither (clang's CUDA default is -ffp-contract=fast).
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
inline float __fmul_rn(float a, float b) { return __nvvm_mul_rn_f(a, b); }
inline double __dmul_rn(double a, double b) { return __nvvm_mul_rn_d(a, b); }
inline float __fadd_rn(float a, float b) { return __nvvm_add_rn_f(a, b); }
inline double __dadd_rn(double a, double b) { return __nvvm_add_rn_d(a, b); }
// sub.rn is add.rn of the negated operand: equal results for every non-NaN
// input (signed zeros included: x - x and x + (-x) are both +0). With a NaN
// operand f32 gives the canonical NaN 0x7fffffff either way (docs/nv-ptx.md);
// f64 passes a NaN payload on, so a NaN b comes out with its sign flipped —
// bitexact's reproductions never subtract a NaN (they test for it first).
inline float __fsub_rn(float a, float b) { return __nvvm_add_rn_f(a, -b); }
inline double __dsub_rn(double a, double b) { return __nvvm_add_rn_d(a, -b); }
inline float __double2float_rn(double d) { return __nvvm_d2f_rn(d); }
inline double __ll2double_rn(long long i) { return __nvvm_ll2d_rn(i); }
