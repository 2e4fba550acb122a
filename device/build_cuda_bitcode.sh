#!/usr/bin/env bash
# Builds the link-time replacement bitcode of libdevice (device/replace_clang.cpp)
# for one personality. Used by CMake (target bitexact_cuda_bitcode) and by
# tools/scripts/device/replace_routes.sh; docs/replacement.md explains the route.
#
# usage: build_cuda_bitcode.sh CLANG INCLUDE_DIR PERSONALITY OUT.bc [DEPFILE]
#   CLANG        clang++ (15 or later; best the clang that compiles the CUDA
#                program: older bitcode links with a data-layout warning)
#   PERSONALITY  nv | triton | ocml (gfx90a) | ocml:TAG (a row of ocml/configs.def)
#   DEPFILE      where to write the headers OUT.bc depends on (make syntax),
#                for the build system (CMake's DEPFILE: Ninja has no other way
#                to see a header change)
#
# CUDA device code without CUDA's headers (-nocudainc -nocudalib), so no CUDA
# installation is needed. -disable-llvm-passes leaves the IR unoptimised, as
# libdevice is: __nvvm_reflect("__CUDA_FTZ") must survive until the program's
# own compilation folds it, and the program's optimiser inlines the functions.
set -euo pipefail
if (($# != 4 && $# != 5)); then
  echo "usage: $0 CLANG INCLUDE_DIR PERSONALITY OUT.bc [DEPFILE]" >&2
  exit 2
fi
clang=$1 inc=$2 personality=$3 out=$4
dep=()
if (($# == 5)); then dep=(-MD -MF "$5" -MT "$out"); fi
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
  "${dep[@]}" -emit-llvm -S "$(dirname "$0")/replace_clang.cpp" -o "$tmp.ll"
# clang marks CUDA device code with the module flag nvvm-reflect-ftz (here 0)
# as "override"; linked into a program compiled with FTZ (flag 1) two override
# values conflict and the link fails. The library has no FTZ mode of its own:
# downgrade the flag to "warning" (2) so that the program's value wins.
sed -i 's/^\(![0-9]* = !{i32\) 4, !"nvvm-reflect-ftz"/\1 2, !"nvvm-reflect-ftz"/' "$tmp.ll"
grep -q '{i32 2, !"nvvm-reflect-ftz"' "$tmp.ll" || { echo "$0: nvvm-reflect-ftz flag not found" >&2; exit 1; }
# Attributes as libdevice's own functions have them, so that the program's
# optimiser treats the replacement as it treats libdevice (in a Triton kernel
# the difference was up to 1.6x the time, tools/scripts/device/triton_repro_bench.py):
#  * no `convergent`: clang gives it to all CUDA code and every inline PTX
#    statement, and it forbids hoisting, sinking and if-converting them;
#    nothing here communicates across threads;
#  * no "target-cpu"/"target-features" (sm_70 here): the program's target
#    applies, and nothing can refuse to inline for a differing feature set.
sed -i -E '/^attributes #[0-9]+ = \{/{s/([{ ])convergent /\1/g; s/ "target-(cpu|features)"="[^"]*"//g}' "$tmp.ll"
if grep -E '^attributes #[0-9]+ = \{.*(convergent|"target-cpu")' "$tmp.ll" >/dev/null; then
  echo "$0: attributes left that libdevice's functions do not have" >&2
  exit 1
fi
"$clang" --target=nvptx64-nvidia-cuda -x ir -c -emit-llvm -Xclang -disable-llvm-passes "$tmp.ll" -o "$tmp"
mv "$tmp" "$out"
