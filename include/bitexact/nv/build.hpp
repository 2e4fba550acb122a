// bitexact/nv/build.hpp — how a libdevice function was built, as data: the
// template argument of every nv reproduction that differs between nvcc and
// Triton (nv/expf.hpp, nv/logf.hpp, ...).
//
// A libdevice function's bits depend on four things, and nothing else:
//   * which libdevice.10.bc it comes from (CUDA 13.0's, or the older file
//     Triton bundles: their IR differs for tanhf, erff, powf, ...);
//   * __nvvm_reflect("__CUDA_FTZ"): libdevice's own branches between
//     llvm.nvvm.fma.rn.f and fma.rn.ftz.f, ex2.approx.f and .ftz.f, ...;
//   * the flush mode of the plain IR float operations (fadd, fmul, fdiv,
//     fcmp, ...), which the compiler chooses: nvcc -ftz=true makes them .ftz,
//     Triton leaves them IEEE (checked on its PTX for expf: `fma.rn.ftz.f32`,
//     `cvt.ftz.sat.f32.f32`, `ex2.approx.ftz.f32` from the reflect, then a
//     plain `mul.f32` and `add.f32`);
//   * __nvvm_reflect("__CUDA_PREC_SQRT"): sqrt.rn or sqrt.approx. nvcc sets it
//     to 1 (-prec-sqrt=true, the default); LLVM's NVVMReflect pass, which
//     Triton runs, answers 0 for a name it is not given.
// One reproduction per function serves every build: `template <build B>`, with
// `if constexpr` on the fields where the IR differs.
#pragma once

#include <string_view>

#include "bitexact/functions.hpp"
#include "bitexact/nv/ptx.hpp"

namespace bitexact::nv {

// A libdevice.10.bc file, by what ships it. The SHA-256 sums are those of the
// files read on the GPU machine (docs/history.md, "issue 34, first look").
enum class libdevice_file {
  // CUDA 13.0, nvvm/libdevice/libdevice.10.bc,
  // SHA-256 91334d6e12748f6cb5bbf0a1cd965a56bcd93dc4f496d2e5c5f8c6e523094356.
  cuda13_0,
  // Triton 3.6.0, triton/backends/nvidia/lib/libdevice.10.bc (473,728 bytes),
  // SHA-256 5c2fae37c86e68c3a38605a95f512d7d12d5f3db986310be47f57304aa72a5ee.
  triton3_6,
};

struct build {
  libdevice_file file;
  mode reflect;    // __nvvm_reflect("__CUDA_FTZ")
  mode ops;        // the plain IR float operations
  bool prec_sqrt;  // __nvvm_reflect("__CUDA_PREC_SQRT")
};

// nvcc -ftz=false (the default): implementation "nv".
inline constexpr build nvcc_ieee{libdevice_file::cuda13_0, mode::ieee, mode::ieee, true};
// nvcc -ftz=true: implementation "nv-ftz".
inline constexpr build nvcc_ftz{libdevice_file::cuda13_0, mode::ftz, mode::ftz, true};
// A Triton 3.6 kernel calling tl.extra.cuda.libdevice.NAME on sm_90 (and so
// torch.compile): Triton's make_llir sets the FTZ reflect to 1 and leaves the
// module's float operations IEEE; __CUDA_PREC_SQRT is not set, so 0.
// Implementation "triton".
inline constexpr build triton3_6{libdevice_file::triton3_6, mode::ftz, mode::ieee, false};

// triton_form<F>: nv::NAME_triton for a row whose reproduction takes a build
// (the implementation "triton", src/impls/triton_impls.cpp), nullptr for the
// rows without a build template (none left: fmodf, fmod, ceilf, ceil, sinf
// and cosf set theirs in their own files; fmod and ceil, f64, by hand).
template <Fn F>
inline constexpr typename fn_traits<F>::signature* triton_form = nullptr;

// The named forms of a build-templated reproduction NAME<B>, after it:
// NAME (nvcc -ftz=false), NAME_ftz (nvcc -ftz=true), NAME_triton, and its
// triton_form entry. One macro per arity.
#define BITEXACT_NV_BUILD_FORMS_1(name)                                             \
  BITEXACT_INLINE float name(float x) { return name<nvcc_ieee>(x); }                \
  BITEXACT_INLINE float name##_ftz(float x) { return name<nvcc_ftz>(x); }           \
  BITEXACT_INLINE float name##_triton(float x) { return name<triton3_6>(x); }       \
  template <>                                                                       \
  inline constexpr fn_traits<Fn::name>::signature* triton_form<Fn::name> = &name##_triton;
#define BITEXACT_NV_BUILD_FORMS_2(name)                                                         \
  BITEXACT_INLINE float name(float x, float y) { return name<nvcc_ieee>(x, y); }                \
  BITEXACT_INLINE float name##_ftz(float x, float y) { return name<nvcc_ftz>(x, y); }           \
  BITEXACT_INLINE float name##_triton(float x, float y) { return name<triton3_6>(x, y); }       \
  template <>                                                                                   \
  inline constexpr fn_traits<Fn::name>::signature* triton_form<Fn::name> = &name##_triton;

}  // namespace bitexact::nv
