#!/usr/bin/env bash
# Builds and runs device/nv_native.cu on an NVIDIA GPU (IEEE and FTZ builds).
# Usage: tools/scripts/device/run_nv_native.sh OUTDIR [--repro] [pairs_log2] [MODES]
#   MODES: any of ieee ftz fast triton intrinsics (default "ieee ftz");
#   fast = nvcc -use_fast_math (-ftz=true -prec-div=false -prec-sqrt=false
#   -fmad=true), the native functions of nv-fast (--repro compares
#   bitexact::nv::fast there); triton = bitexact::nv::NAME_triton compiled for
#   the device (-ftz=false), checked against Triton's kernels with
#   tools/scripts/check_nv_device_run.py OUT --mode triton=triton --digests
#   vectors/triton/digests.json; intrinsics = the CUDA intrinsics (__sinf,
#   __powf, ...) in a -ftz=false build, implementation nv-intrinsics (--repro
#   compares nv::fast::row<F>::intrinsic).
# Needs: nvcc (CUDA 13), xxhash.h on the include path (Debian libxxhash-dev, or XXHASH_INC=dir).
set -euo pipefail
out=$1; shift
repro=""; [ "${1:-}" = "--repro" ] && { repro="-DBX_WITH_REPRO"; shift; }
pairs=${1:-30}
modes=${2:-ieee ftz}
here=$(cd "$(dirname "$0")/../../.." && pwd)
inc="-I$here/include ${XXHASH_INC:+-I$XXHASH_INC}"
base="-O3 -std=c++20 -arch=sm_90 --expt-relaxed-constexpr -Xcompiler -fno-fast-math"
for mode in $modes; do
  case $mode in
    fast) flags="$base -use_fast_math" ;;
    triton) flags="$base -ftz=false -DBX_TRITON" ;;
    intrinsics) flags="$base -ftz=false -DBX_INTRINSICS" ;;
    *) flags="$base -ftz=$([ $mode = ftz ] && echo true || echo false)" ;;
  esac
  mkdir -p "$out/$mode"
  nvcc $flags $repro $inc -DBX_MODE="\"$mode\"" -DBX_FLAGS="\"$flags\"" \
    "$here/device/nv_native.cu" -o "$out/nv_native_$mode.bin"
  "$out/nv_native_$mode.bin" "$out/$mode" "$here/vectors/edge_inputs.txt" "$pairs"
  rm -f "$out/nv_native_$mode.bin"
done
