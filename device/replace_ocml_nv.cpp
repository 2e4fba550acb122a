// device/replace_ocml_nv.cpp — AMD ocml entry points with NVIDIA's bits (the
// "nv personality"): compiled as plain C++ for amdgcn into
// bitexact_ocml_nv.bc (CMake target bitexact_amdgcn_nv_bc). Linked into an
// AMD GPU program ahead of ocml.bc (clang -mlink-builtin-bitcode), its
// definitions of __ocml_sin_f32, __ocml_fmod_f64, ... are the ones the
// program's sinf, fmod, ... calls reach, and ocml's are never linked. See
// docs/replacement.md ("AMD GPU").
//
// One entry point per row of include/bitexact/functions.def (the OCML column
// names the symbol, NAME the reproduction): adding a row adds a replacement.
// The IEEE flavour (bitexact::nv::NAME, nvcc -ftz=false) because gfx90a keeps
// f32 denormals (the HIP default for it); the nv_ftz flavour would flush them.
//
// Built with -nogpulib -fno-math-errno -ffp-contract=off -fno-exceptions
// -fno-rtti: bitexact::fma must become llvm.fma (no errno, so no libcall),
// and no fmul/fadd pair may be contracted (contraction is only where the
// reproduction writes bitexact::fma). The build checks the bitcode declares
// nothing but LLVM intrinsics.
#include "bitexact/nv/nv.hpp"

#define BX_NV_PARAMS_1(type) type x
#define BX_NV_PARAMS_2(type) type x, type y
#define BX_NV_ARGS_1 x
#define BX_NV_ARGS_2 x, y

extern "C" {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  type __ocml_##ocml(BX_NV_PARAMS_##arity(type)) { return bitexact::nv::name(BX_NV_ARGS_##arity); }
// Not the BITEXACT_FUNCTION_NO_OCML rows: their nv reproductions use the SFU
// models (ex2.approx, rsqrt.approx, ...), whose tables this table-free build
// (BITEXACT_SFU_NO_TABLES) cannot hold.
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml, edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION
}
