#!/usr/bin/env bash
# Builds and runs device/nv_ptx_ops.cu on an NVIDIA GPU: the GPU's own outputs
# for every PTX instruction modelled in include/bitexact/nv/ptx.hpp.
# Usage: tools/scripts/device/run_nv_ptx_ops.sh OUTDIR      -> OUTDIR/ptx_ops.txt (~1.9 MB)
# Needs: nvcc (CUDA 13) and a GPU; no other library. Commit the file as
# vectors/nv/ptx_ops.txt; tests/nv_ptx_test.cpp checks the model against it.
set -euo pipefail
out=$1
here=$(cd "$(dirname "$0")/../../.." && pwd)
# -ftz and -fmad do not reach the instructions (each is one inline asm naming
# its exact variant); they are fixed here only so that the header is complete.
flags="-O3 -std=c++20 -arch=sm_90 --expt-relaxed-constexpr -ftz=false -fmad=false -Xcompiler -fno-fast-math"
mkdir -p "$out"
nvcc $flags -I"$here/include" -DBX_FLAGS="\"$flags\"" "$here/device/nv_ptx_ops.cu" -o "$out/nv_ptx_ops.bin"
driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -1 || true)
"$out/nv_ptx_ops.bin" "$out/ptx_ops.txt" "${driver:-?}"
rm -f "$out/nv_ptx_ops.bin"
ls -l "$out/ptx_ops.txt"
