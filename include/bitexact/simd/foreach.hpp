// bitexact/simd/foreach.hpp — compiles the kernels of BITEXACT_SIMD_INCLUDE
// (a file without include guard) once per target of bitexact/simd/hwy.hpp:
//
//   #include "bitexact/simd/hwy.hpp"
//   #if BITEXACT_SIMD
//   #define BITEXACT_SIMD_INCLUDE "bitexact/nv/nv_span-inl.hpp"
//   #include "bitexact/simd/foreach.hpp"
//   #endif
//
// In each pass BITEXACT_SIMD_NS is the target's namespace (N_AVX2, N_AVX3,
// N_NEON, N_SVE: hwy::BITEXACT_SIMD_NS holds its ops, and the kernels go in a
// namespace of that name too) and BITEXACT_SIMD_TARGET its Highway constant
// (HWY_AVX2, ...) for #if; the code is compiled with the target's attributes.
// No include guard: every owner header includes it with its own kernels.
#if !BITEXACT_SIMD
#error "bitexact/simd/foreach.hpp: include bitexact/simd/hwy.hpp first and test BITEXACT_SIMD"
#endif
#ifndef BITEXACT_SIMD_INCLUDE
#error "bitexact/simd/foreach.hpp: define BITEXACT_SIMD_INCLUDE"
#endif

#if HWY_ARCH_X86_64
#define BITEXACT_SIMD_NS N_AVX2
#define BITEXACT_SIMD_TARGET HWY_AVX2
HWY_PUSH_ATTRIBUTES(BITEXACT_SIMD_STR_AVX2)
#ifndef BITEXACT_SIMD_COMMON_AVX2
#define BITEXACT_SIMD_COMMON_AVX2
#include "bitexact/simd/common-inl.hpp"
#endif
#include BITEXACT_SIMD_INCLUDE
HWY_POP_ATTRIBUTES
#undef BITEXACT_SIMD_NS
#undef BITEXACT_SIMD_TARGET

#define BITEXACT_SIMD_NS N_AVX3
#define BITEXACT_SIMD_TARGET HWY_AVX3
HWY_PUSH_ATTRIBUTES(BITEXACT_SIMD_STR_AVX3)
#ifndef BITEXACT_SIMD_COMMON_AVX3
#define BITEXACT_SIMD_COMMON_AVX3
#include "bitexact/simd/common-inl.hpp"
#endif
#include BITEXACT_SIMD_INCLUDE
HWY_POP_ATTRIBUTES
#undef BITEXACT_SIMD_NS
#undef BITEXACT_SIMD_TARGET

#elif HWY_ARCH_ARM_A64
#define BITEXACT_SIMD_NS N_NEON
#define BITEXACT_SIMD_TARGET HWY_NEON
#ifdef BITEXACT_SIMD_STR_NEON
HWY_PUSH_ATTRIBUTES(BITEXACT_SIMD_STR_NEON)
#endif
#ifndef BITEXACT_SIMD_COMMON_NEON
#define BITEXACT_SIMD_COMMON_NEON
#include "bitexact/simd/common-inl.hpp"
#endif
#include BITEXACT_SIMD_INCLUDE
#ifdef BITEXACT_SIMD_STR_NEON
HWY_POP_ATTRIBUTES
#endif
#undef BITEXACT_SIMD_NS
#undef BITEXACT_SIMD_TARGET

#if BITEXACT_SIMD_SVE
#define BITEXACT_SIMD_NS N_SVE
#define BITEXACT_SIMD_TARGET HWY_SVE
HWY_PUSH_ATTRIBUTES(BITEXACT_SIMD_STR_SVE)
#ifndef BITEXACT_SIMD_COMMON_SVE
#define BITEXACT_SIMD_COMMON_SVE
#include "bitexact/simd/common-inl.hpp"
#endif
#include BITEXACT_SIMD_INCLUDE
HWY_POP_ATTRIBUTES
#undef BITEXACT_SIMD_NS
#undef BITEXACT_SIMD_TARGET
#endif
#endif

#undef BITEXACT_SIMD_INCLUDE
