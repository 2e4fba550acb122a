#!/usr/bin/env bash
# build_replace_ocml_nv.sh — compile device/replace_ocml_nv.cpp to amdgcn LLVM
# bitcode (bitexact_ocml_nv.bc: ocml's entry points with NVIDIA's bits) and
# check what came out. Run by the CMake target bitexact_amdgcn_nv_bc;
# docs/replacement.md ("AMD GPU") explains the flags.
#
# usage: build_replace_ocml_nv.sh LLVM_BIN INCLUDE_DIR SOURCE OUT.bc ENTRIES [HOST_INCLUDE_DIR...]
#   LLVM_BIN          directory with clang and llvm-dis (llvm-15)
#   INCLUDE_DIR       bitexact's include/ directory
#   SOURCE            device/replace_ocml_nv.cpp
#   OUT.bc            bitcode to write (OUT.bc.d: dependency file)
#   ENTRIES           the symbols it must define, comma separated (__ocml_sin_f32,...):
#                     the OCML column of include/bitexact/functions.def
#   HOST_INCLUDE_DIR  the host C++ compiler's system include directories, in order
set -euo pipefail
if (($# < 5)); then
  echo "usage: $0 LLVM_BIN INCLUDE_DIR SOURCE OUT.bc ENTRIES [HOST_INCLUDE_DIR...]" >&2
  exit 2
fi
llvm=$1 include=$2 source=$3 out=$4 entries=$5
shift 5
die() { echo "build_replace_ocml_nv.sh: $*" >&2; exit 1; }

# The headers include <cstdint>, <type_traits>, <string_view>: the host's
# libstdc++ and glibc headers, parsed as clang's HIP device pass parses them
# (it defines the host's __x86_64__ there, and clang's Linux targets define
# _GNU_SOURCE for C++, which libstdc++ needs). Only types and constexpr code
# of those headers are used; nothing of the host's libraries is linked.
sys=()
for d in "$@"; do sys+=(-isystem "$d"); done
# -nogpulib: no device library (the point is to come before ocml.bc).
# -fno-math-errno: __builtin_fma is llvm.fma, never a call to fma().
# -ffp-contract=off: no fmul+fadd is fused; the only fused operations are the
#   reproduction's bitexact::fma (llvm.fma), as the vendor's. The products that
#   feed additions are also pinned by bitexact::opaque (an empty asm on a VGPR,
#   include/bitexact/bits.hpp), so a program built with -ffp-contract=fast
#   cannot fuse them after linking either.
# -fno-exceptions -fno-rtti: device code.
# -DBITEXACT_SFU_NO_TABLES: fmodf's rcp.approx seed without the SFU table
#   (global data; see nv/ptx.hpp, rcp_correctly_rounded_ftz).
flags=(-std=c++20 --target=amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib -O3 -fno-math-errno
  -ffp-contract=off -fno-exceptions -fno-rtti -D__x86_64__ -D_GNU_SOURCE -DBITEXACT_SFU_NO_TABLES "${sys[@]}" -I "$include")
"$llvm/clang" "${flags[@]}" -MD -MF "$out.d" -MT "$out" -emit-llvm -c -o "$out.tmp" "$source"

# Checks on the IR: every entry point defined; nothing called but LLVM
# intrinsics of exact semantics (no libm, no ocml, no amdgcn intrinsic, no
# llvm.fmuladd that a backend may fuse or not); no global data (the CPU route
# of src/impls/ocml_bc refuses address spaces).
"$llvm/llvm-dis" -o "$out.ll" "$out.tmp"
IFS=, read -r -a want <<<"$entries"
for e in "${want[@]}"; do
  grep -Eq "^define [^@]*@$e\(" "$out.ll" || die "$e is not defined in $out.ll"
done
while read -r name; do
  [[ $name =~ ^llvm\.(fma\.f(32|64)|(umin|umax|smin|smax|abs|ctlz|cttz|fshl|fshr)\.i(32|64))$ ]] ||
    die "unexpected callee @$name in $out.ll"
done < <(grep -oE '^declare [^@]*@[A-Za-z0-9_.]+' "$out.ll" | sed 's/.*@//')
grep -Eq '^@' "$out.ll" && die "global data in $out.ll"
mv "$out.tmp" "$out"
