#!/usr/bin/env bash
# Builds and runs device/bench_repro.cu on an NVIDIA GPU: kernel time of every
# native CUDA math function (functions.def) against bitexact's reproduction,
# and their bitwise equality on every input timed, in the builds of BX_MODES
# (default "ieee ftz fast intrinsics": -ftz=false, -ftz=true, -use_fast_math,
# and the CUDA intrinsics in a -ftz=false build; device/bench_repro.cu).
# Usage: tools/scripts/device/run_bench_repro.sh OUTDIR [--runs N] [--pairs-log2 K]
# Writes OUTDIR/bench_repro.txt (GPU state, then each build's table) and
# OUTDIR/bench_repro.log (progress). Needs nvcc (CUDA 13) only. About 1-2
# minutes per build on an H100, compilation included.
set -euo pipefail
if (($# < 1)); then
  echo "usage: $0 OUTDIR [--runs N] [--pairs-log2 K]" >&2
  exit 2
fi
out=$1
shift
# The options are the program's; checked here too, before minutes of compiling.
args=("$@")
while (($#)); do
  case $1 in
    --runs | --pairs-log2)
      [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "$0: $1 needs a positive number" >&2; exit 2; }
      shift 2 ;;
    *) echo "$0: unknown argument '$1' (--runs N, --pairs-log2 K)" >&2; exit 2 ;;
  esac
done
here=$(cd "$(dirname "$0")/../../.." && pwd)
mkdir -p "$out"
base="-O3 -std=c++20 -arch=sm_90 --expt-relaxed-constexpr -Xcompiler -fno-fast-math"
modes=${BX_MODES:-ieee ftz fast intrinsics}
pids=()
for mode in $modes; do
  case $mode in
    ieee) flags="$base -ftz=false" ;;
    ftz) flags="$base -ftz=true" ;;
    fast) flags="$base -use_fast_math" ;;
    intrinsics) flags="$base -ftz=false -DBX_INTRINSICS" ;;
    *) echo "$0: unknown build '$mode' in BX_MODES (ieee, ftz, fast, intrinsics)" >&2; exit 2 ;;
  esac
  nvcc $flags -I"$here/include" -DBX_MODE="\"$mode\"" -DBX_FLAGS="\"$flags\"" \
    "$here/device/bench_repro.cu" -o "$out/bench_repro_$mode.bin" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done

gpu_state() {
  if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw \
      --format=csv | sed 's/^/# /'
  else
    echo "# (no nvidia-smi)"
  fi
}
txt="$out/bench_repro.txt.tmp"  # renamed when complete
{
  echo "# device/bench_repro.cu, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nvcc --version | tail -2 | head -1)"
  echo "# GPU before:"
  gpu_state
} >"$txt"
: >"$out/bench_repro.log"
for mode in $modes; do
  echo >>"$txt"
  "$out/bench_repro_$mode.bin" "${args[@]}" >>"$txt" 2>>"$out/bench_repro.log"
  rm -f "$out/bench_repro_$mode.bin"
done
{
  echo
  echo "# GPU after:"
  gpu_state
} >>"$txt"
mv "$txt" "$out/bench_repro.txt"
cat "$out/bench_repro.txt"
