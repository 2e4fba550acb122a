#!/usr/bin/env bash
# Checks the clang CUDA replacement bitcode (device/replace_clang.cpp) without a
# GPU or CUDA: what it defines and declares, and that a kernel linking it
# compiles to PTX with every libdevice call resolved, in IEEE and FTZ builds.
# (The bits themselves are checked on an H100: vectors/device-logs/replace_routes_run.txt.)
# usage: cuda_bitcode_check.sh CLANG SOURCE_DIR BC... (bitexact_cuda_{nv,triton,ocml}.bc)
set -euo pipefail
clang=$1 src=$2
shift 2
llvm_bin=$(dirname "$(readlink -f "$(command -v "$clang")")")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# The functions: the NAME column of functions.def. The ocml personality leaves
# the BITEXACT_FUNCTION_NO_OCML rows to libdevice (ocml/not_reproduced.def).
all_names=$(sed -n -E 's/^BITEXACT_FUNCTION(_NO_OCML)?\(([a-z0-9_]*),.*/\2/p' "$src/include/bitexact/functions.def" | sort)
ocml_names=$(sed -n -E 's/^BITEXACT_FUNCTION\(([a-z0-9_]*),.*/\1/p' "$src/include/bitexact/functions.def" | sort)
[ -n "$ocml_names" ] || fail "no rows read from functions.def"
for bc in "$@"; do
  if [[ $bc == *_nv.bc || $bc == *_triton.bc ]]; then names=$all_names; else names=$ocml_names; fi
  "$llvm_bin/llvm-dis" "$bc" -o "$tmp/x.ll"
  defined=$(sed -n 's/^define .*@__nv_\([a-z0-9_]*\)(.*/\1/p' "$tmp/x.ll" | sort)
  [ "$defined" = "$names" ] || fail "$bc defines __nv_{$(echo $defined)}, functions.def has {$(echo $names)}"
  # Nothing may stay unresolved but LLVM intrinsics and libdevice's __nvvm_reflect.
  other=$(sed -n 's/^declare .*@\([A-Za-z0-9_.]*\)(.*/\1/p' "$tmp/x.ll" | grep -v '^llvm\.' | grep -vx '__nvvm_reflect' || true)
  [ -z "$other" ] || fail "$bc declares $other"
  grep -q '{i32 2, !"nvvm-reflect-ftz"' "$tmp/x.ll" || fail "$bc: nvvm-reflect-ftz is not a 'warning' flag"
  # libdevice's attributes (device/build_cuda_bitcode.sh): every __nv_ function
  # always inline; nothing convergent, no target CPU or features.
  for g in $(sed -n 's/^define .*@__nv_[a-z0-9_]*(.*) #\([0-9]*\) .*/\1/p' "$tmp/x.ll" | sort -u); do
    grep -q "^attributes #$g = {.*alwaysinline" "$tmp/x.ll" || fail "$bc: an __nv_ function without alwaysinline (#$g)"
  done
  [ "$(grep -c '^define .*@__nv_' "$tmp/x.ll")" = "$(sed -n 's/^define .*@__nv_.*(.*) #[0-9]* .*/x/p' "$tmp/x.ll" | wc -l)" ] ||
    fail "$bc: an __nv_ definition without an attribute group"
  ! grep -E '^attributes #[0-9]+ = \{.*(convergent|"target-cpu"|"target-features")' "$tmp/x.ll" ||
    fail "$bc: convergent or target attributes left"
  # No f32 mul/add NVVM intrinsic: LLVM rewrites those as a plain fmul/fadd,
  # which a program compiled with fp fusion may contract (nv/ptx.hpp).
  ! grep -E 'call .*@llvm\.nvvm\.(mul|add)\.rn(\.ftz)?\.f\(' "$tmp/x.ll" || fail "$bc: an f32 mul/add NVVM intrinsic"
  # A kernel calling every __nv_ function, compiled to PTX with the bitcode linked.
  for mode in ieee ftz; do
    flags=()
    [ $mode = ftz ] && flags=(-fgpu-flush-denormals-to-zero)
    "$clang" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 -Wno-unknown-cuda-version \
      -O3 "${flags[@]}" -Xclang -mlink-builtin-bitcode -Xclang "$bc" -S \
      "$src/tests/replacement/cuda_kernel.cu" -o "$tmp/$mode.ptx"
    # Unresolved calls would be .extern declarations (an inlined or a
    # local .func definition is fine).
    ! grep -q '^\.extern' "$tmp/$mode.ptx" || fail "$bc ($mode): PTX has $(grep '^\.extern' "$tmp/$mode.ptx" | tr '\n' ' ')"
    grep -q 'fma.rn.f32' "$tmp/$mode.ptx" || fail "$bc ($mode): no fma.rn.f32 in the PTX"
  done
  # The IEEE build must not flush; the nv personality's FTZ build takes libdevice's
  # FTZ flavour (__nvvm_reflect), so its code differs. One exception: fmodf's
  # reciprocal seed is rcp.approx.ftz.f32 in both of libdevice's builds, and on
  # the device the nv reproduction IS that instruction (include/bitexact/nv/ptx.hpp).
  # The triton personality is Triton's build whatever the program's flag: its
  # FTZ reflect is on, so libdevice's own FTZ branches (sinf's fma.rn.ftz)
  # are there in an IEEE program too.
  if [[ $bc == *_triton.bc ]]; then
    grep -q 'fma\.rn\.ftz\.f32' "$tmp/ieee.ptx" || fail "$bc (ieee): no fma.rn.ftz.f32 (Triton's FTZ reflect)"
  else
    ftz_ops=$(grep -o '[a-z0-9.]*\.ftz\.[a-z0-9.]*' "$tmp/ieee.ptx" | grep -vx 'rcp\.approx\.ftz\.f32' || true)
    [ -z "$ftz_ops" ] || fail "$bc (ieee): PTX has .ftz instructions: $(echo $ftz_ops | tr ' ' '\n' | sort -u | tr '\n' ' ')"
  fi
  if [[ $bc == *_nv.bc ]]; then
    ! cmp -s "$tmp/ieee.ptx" "$tmp/ftz.ptx" || fail "$bc: the FTZ build compiled the same code as IEEE"
    # On the device the nv ops are the PTX instructions themselves (ptx.hpp),
    # the .ftz form chosen by the flavour: fmodf's quotient estimate.
    grep -q 'div\.approx\.f32' "$tmp/ieee.ptx" || fail "$bc (ieee): no div.approx.f32 in the PTX"
    grep -q 'div\.approx\.ftz\.f32' "$tmp/ftz.ptx" || fail "$bc (ftz): no div.approx.ftz.f32 in the PTX"
  fi
  echo "ok: $bc defines $(echo $names | wc -w) __nv_ functions; IEEE and FTZ kernels compile to PTX"
done
