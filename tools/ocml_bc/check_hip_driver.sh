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
# usage: check_hip_driver.sh OCML_BC_BUILD_DIR [LLVM_BIN [BITCODE_DIR]]
#   OCML_BC_BUILD_DIR: where CMake put ocml_bc_<tag>.o.d/ (build/src/ocml_bc)
set -euo pipefail
objs=$1
llvm=${2:-/usr/lib/llvm-15/bin}
bc=${3:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
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
exit $status
