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

// What each file is, as `bitexact list` says it: its SHA-256 and the releases
// that ship that exact file. Triton: every release from 2.0 to 3.8 carries the
// one file (the 3.6.0 wheel read on the GPU machine, the other release
// branches' copies compared by hash: docs/history.md, "Triton's libdevice by
// release"); Triton's main branch took CUDA 12.9's file after 3.8 was cut.
struct libdevice_file_info {
  libdevice_file file;
  const char* sha256;
  const char* shipped_by;  // "ships with ..."
};
inline constexpr libdevice_file_info libdevice_files[] = {
    {libdevice_file::cuda13_0, "91334d6e12748f6cb5bbf0a1cd965a56bcd93dc4f496d2e5c5f8c6e523094356",
     "CUDA 13.0 (nvvm/libdevice/libdevice.10.bc)"},
    {libdevice_file::triton3_6, "5c2fae37c86e68c3a38605a95f512d7d12d5f3db986310be47f57304aa72a5ee",
     "every Triton release from 2.0 to 3.8 (triton/backends/nvidia/lib/libdevice.10.bc)"},
};
// One entry per file, in the enumeration's order, so that info() indexes it.
static_assert(sizeof libdevice_files / sizeof libdevice_files[0] == 2 &&
              libdevice_files[0].file == libdevice_file::cuda13_0 &&
              libdevice_files[1].file == libdevice_file::triton3_6);
constexpr const libdevice_file_info& info(libdevice_file f) { return libdevice_files[static_cast<int>(f)]; }

struct build {
  libdevice_file file;
  mode reflect;    // __nvvm_reflect("__CUDA_FTZ")
  mode ops;        // the plain IR float operations
  bool prec_sqrt;  // __nvvm_reflect("__CUDA_PREC_SQRT")
  friend constexpr bool operator==(const build&, const build&) = default;
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

// ---- the fields of a build, as a set (bitexact causes: docs/eager-vs-compiled.md) ----
// Each field is a bit; a set of fields is their sum. The bit order (file,
// reflect, ops, prec_sqrt) is the fixed order that `causes` breaks ties by.
// Every field has two values (two files, two modes, a bool), so the builds are
// exactly the 16 masks; a third libdevice file would need a wider encoding.
enum build_field : unsigned {
  field_file = 1,
  field_reflect = 2,
  field_ops = 4,
  field_prec_sqrt = 8,
};
inline constexpr unsigned build_field_count = 4;
inline constexpr unsigned all_build_fields = (1u << build_field_count) - 1;

// The fields where a and b differ.
constexpr unsigned fields_differing(const build& a, const build& b) {
  return (a.file != b.file ? field_file : 0u) | (a.reflect != b.reflect ? field_reflect : 0u) |
         (a.ops != b.ops ? field_ops : 0u) | (a.prec_sqrt != b.prec_sqrt ? field_prec_sqrt : 0u);
}
// `from` with the fields of `fields` set to `to`'s values.
constexpr build with_fields(const build& from, const build& to, unsigned fields) {
  return {fields & field_file ? to.file : from.file, fields & field_reflect ? to.reflect : from.reflect,
          fields & field_ops ? to.ops : from.ops, fields & field_prec_sqrt ? to.prec_sqrt : from.prec_sqrt};
}
// The 16 builds by mask, relative to nvcc_ieee: build_of_mask(m) is nvcc_ieee
// with the fields of m set the other way (Triton's file, FTZ reflect, FTZ
// plain ops, __CUDA_PREC_SQRT 0); mask_of_build inverts it. Only nvcc_ieee
// (0), nvcc_ftz (6) and triton3_6 (11) are builds some compiler makes and a
// GPU checked; the others are what the reproductions give for that
// combination of fields, a model.
inline constexpr build build_opposite_of_nvcc_ieee{libdevice_file::triton3_6, mode::ftz, mode::ftz, false};
constexpr build build_of_mask(unsigned m) { return with_fields(nvcc_ieee, build_opposite_of_nvcc_ieee, m); }
constexpr unsigned mask_of_build(const build& b) { return fields_differing(nvcc_ieee, b); }
static_assert(mask_of_build(nvcc_ieee) == 0 && mask_of_build(nvcc_ftz) == 6 && mask_of_build(triton3_6) == 11);
static_assert(build_of_mask(11) == triton3_6 && build_of_mask(6) == nvcc_ftz);

// models_build<F>(b): whether nv::NAME<b> models build b. True for every
// reproduction and build unless its file specialises this (powf: Triton's
// file is modelled from Triton's PTX, so only with the FTZ reflect and IEEE
// plain ops that Triton compiles it with).
template <Fn F>
constexpr bool models_build(const build&) {
  return true;
}

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
