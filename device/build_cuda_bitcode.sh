#!/usr/bin/env bash
# Builds the link-time replacement bitcode of libdevice (device/replace_clang.cpp)
# for one personality. Used by CMake (target bitexact_cuda_bitcode) and by
# tools/scripts/device/replace_routes.sh; docs/replacement.md explains the route.
#
# usage: build_cuda_bitcode.sh CLANG INCLUDE_DIR PERSONALITY OUT.bc
#   CLANG        clang++ (15 or later; best the clang that compiles the CUDA
#                program: older bitcode links with a data-layout warning)
#   PERSONALITY  nv | triton | ocml (gfx90a) | ocml:TAG (a row of ocml/configs.def)
#
# CUDA device code without CUDA's headers (-nocudainc -nocudalib), so no CUDA
# installation is needed. -disable-llvm-passes leaves the IR unoptimised, as
# libdevice is: __nvvm_reflect("__CUDA_FTZ") must survive until the program's
# own compilation folds it, and the program's optimiser inlines the functions.
set -euo pipefail
if (($# != 4)); then
  echo "usage: $0 CLANG INCLUDE_DIR PERSONALITY OUT.bc" >&2
  exit 2
fi
clang=$1 inc=$2 personality=$3 out=$4
case $personality in
  nv) def=-DBITEXACT_PERSONALITY_NV ;;
  triton) def=-DBITEXACT_PERSONALITY_TRITON ;;
  ocml) def=-DBITEXACT_PERSONALITY_OCML=gfx90a ;;
  ocml:*) def=-DBITEXACT_PERSONALITY_OCML=${personality#ocml:} ;;
  *) echo "$0: unknown personality '$personality' (nv, triton, ocml, ocml:TAG)" >&2; exit 2 ;;
esac
tmp="$out.tmp.$$"
trap 'rm -f "$tmp" "$tmp.ll"' EXIT
"$clang" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 -Wno-unknown-cuda-version \
  -std=c++20 -O2 -Xclang -disable-llvm-passes -ffp-contract=off -I"$inc" "$def" \
  -emit-llvm -S "$(dirname "$0")/replace_clang.cpp" -o "$tmp.ll"
# clang marks CUDA device code with the module flag nvvm-reflect-ftz (here 0)
# as "override"; linked into a program compiled with FTZ (flag 1) two override
# values conflict and the link fails. The library has no FTZ mode of its own:
# downgrade the flag to "warning" (2) so that the program's value wins.
sed -i 's/^\(![0-9]* = !{i32\) 4, !"nvvm-reflect-ftz"/\1 2, !"nvvm-reflect-ftz"/' "$tmp.ll"
grep -q '{i32 2, !"nvvm-reflect-ftz"' "$tmp.ll" || { echo "$0: nvvm-reflect-ftz flag not found" >&2; exit 1; }
"$clang" --target=nvptx64-nvidia-cuda -x ir -c -emit-llvm -Xclang -disable-llvm-passes "$tmp.ll" -o "$tmp"
mv "$tmp" "$out"
