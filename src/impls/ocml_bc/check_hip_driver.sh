#!/usr/bin/env bash
# check_hip_driver.sh — evidence that build_ocml_bc.sh compiles ocml the way a
# real HIP build does (docs/ocml-bc.md).
#
# Compiles HIP kernels calling the six ocml functions with clang-15's own HIP
# driver flow (--rocm-path pointing at the Debian bitcode, so the driver itself
# picks and links ocml.bc, ockl.bc, hip.bc and the oclc_* control libraries),
# and compares, opcode by opcode, the floating-point instructions of the result
# with the AMDGPU assembly build_ocml_bc.sh produced for the same configuration.
#
# usage: check_hip_driver.sh OCML_BC_BUILD_DIR [LLVM_BIN [BITCODE_DIR [NV_BC]]]
#   OCML_BC_BUILD_DIR: where CMake put ocml_bc_<tag>.o.d/ (build/src/ocml_bc)
#   NV_BC: bitexact_ocml_nv.bc (build/device/); when given, also the HIP build
#          with it linked ahead of the device libraries (docs/replacement.md ("AMD GPU"))
#          against ocml_bc_gfx90a_nv_replaced ("ocml-bc-nv-replaced")
set -euo pipefail
objs=$1
llvm=${2:-/usr/lib/llvm-15/bin}
bc=${3:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
nv_bc=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/rocm/amdgcn"
ln -s "$bc" "$tmp/rocm/amdgcn/bitcode"
cat >"$tmp/k.hip" <<'HIP'
#define D extern "C" __attribute__((device))
#define K extern "C" __attribute__((global))
D float __ocml_sin_f32(float);
D float __ocml_cos_f32(float);
D float __ocml_fmod_f32(float, float);
D double __ocml_fmod_f64(double, double);
D float __ocml_ceil_f32(float);
D double __ocml_ceil_f64(double);
K void k_sin(float* o, const float* i) { o[0] = __ocml_sin_f32(i[0]); }
K void k_cos(float* o, const float* i) { o[0] = __ocml_cos_f32(i[0]); }
K void k_fmodf(float* o, const float* i) { o[0] = __ocml_fmod_f32(i[0], i[1]); }
K void k_fmod(double* o, const double* i) { o[0] = __ocml_fmod_f64(i[0], i[1]); }
K void k_ceilf(float* o, const float* i) { o[0] = __ocml_ceil_f32(i[0]); }
K void k_ceil(double* o, const double* i) { o[0] = __ocml_ceil_f64(i[0]); }
HIP
histogram() {
  grep -E '^\s+v_' "$1" | awk '{print $1}' | sed -E 's/_e(32|64)$//' | grep -E '_f(32|64)$' | sort | uniq -c
}
status=0
# tag  gpu  extra HIP flags (clang-15 defaults: gfx803 flushes f32 denormals, gfx9 does not)
while read -r tag gpu flags; do
  # shellcheck disable=SC2086
  "$llvm/clang" -x hip --offload-arch="$gpu" --cuda-device-only --rocm-path="$tmp/rocm" \
    -nogpuinc -O3 $flags -S -o "$tmp/$tag.s" "$tmp/k.hip"
  if diff <(histogram "$tmp/$tag.s") <(histogram "$objs/ocml_bc_$tag.o.d/amdgcn.s") >"$tmp/diff"; then
    echo "$tag: same floating-point instructions as the HIP driver build ($flags)"
  else
    echo "$tag: DIFFERENT from the HIP driver build ($flags):" >&2
    cat "$tmp/diff" >&2
    status=1
  fi
done <<'LIST'
gfx90a gfx90a -fno-gpu-flush-denormals-to-zero
gfx90a_daz gfx90a -fgpu-flush-denormals-to-zero
gfx900_daz gfx900 -fgpu-flush-denormals-to-zero
gfx803 gfx803 -fno-gpu-flush-denormals-to-zero
gfx803_daz gfx803
gfx702 gfx702 -fno-gpu-flush-denormals-to-zero
gfx90a_finite gfx90a -ffinite-math-only
gfx803_daz_finite gfx803 -ffinite-math-only
LIST
if [[ -n $nv_bc ]]; then
  # The driver puts a user's -Xclang -mlink-builtin-bitcode after its own
  # device libraries, where it would lose to ocml; so -nogpulib and the
  # driver's own list for gfx90a (clang -### shows it), with NV_BC first.
  libs=(-Xclang -mlink-builtin-bitcode -Xclang "$nv_bc")
  for l in hip ocml ockl oclc_daz_opt_off oclc_unsafe_math_off oclc_finite_only_off \
    oclc_correctly_rounded_sqrt_on oclc_wavefrontsize64_on oclc_isa_version_90a oclc_abi_version_400; do
    libs+=(-Xclang -mlink-builtin-bitcode -Xclang "$bc/$l.bc")
  done
  "$llvm/clang" -x hip --offload-arch=gfx90a --cuda-device-only -nogpulib -nogpuinc -O3 "${libs[@]}" \
    -S -o "$tmp/nv.s" "$tmp/k.hip"
  # Compares (v_cmp_*) are left out: in this module the f64 compares of
  # fmodf's model feed branches, and block layout picks the predicate or its
  # inverse (v_cmp_ge vs v_cmp_nge) differently in a kernel and in a function.
  arith() { histogram "$1" | grep -v ' v_cmp_'; }
  diff <(histogram "$tmp/nv.s" | grep ' v_cmp_') \
    <(histogram "$objs/ocml_bc_gfx90a_nv_replaced.o.d/amdgcn.s" | grep ' v_cmp_') >"$tmp/cmp" ||
    { echo "gfx90a_nv_replaced: compares (not checked):"; cat "$tmp/cmp"; }
  if diff <(arith "$tmp/nv.s") <(arith "$objs/ocml_bc_gfx90a_nv_replaced.o.d/amdgcn.s") >"$tmp/diff"; then
    echo "gfx90a_nv_replaced: same floating-point arithmetic instructions as the HIP driver build with $nv_bc ahead"
  else
    echo "gfx90a_nv_replaced: DIFFERENT from the HIP driver build with $nv_bc ahead:" >&2
    cat "$tmp/diff" >&2
    status=1
  fi
fi
exit $status
