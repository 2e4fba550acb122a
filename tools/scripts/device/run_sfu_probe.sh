#!/usr/bin/env bash
# Builds and runs device/sfu_probe.cu on an NVIDIA GPU, -ftz=false and -ftz=true.
# Usage: tools/scripts/device/run_sfu_probe.sh OUTDIR [digests] [dump] [compare] [sass]
#   digests: OUTDIR/sfu_digests_{ieee,ftz}.json (+ 2^20-block sub-digests); ~2 s per op on an H100
#   dump:    OUTDIR/dump/*.u32, the outputs on include/bitexact/nv/sfu_sets.hpp's sets
#   compare: OUTDIR/sfu_compare.txt, the models compiled for the GPU against the instructions (all 2^32 inputs)
#   sass:    OUTDIR/sfu_sass.txt, the SASS of every op's kernel (cuobjdump)
# Needs: nvcc (CUDA 13), xxhash.h on the include path (Debian libxxhash-dev, or XXHASH_INC=dir).
set -euo pipefail
out=$1; shift
jobs=${*:-digests dump sass}
here=$(cd "$(dirname "$0")/../../.." && pwd)
inc="-I$here/include -I$here/device ${XXHASH_INC:+-I$XXHASH_INC}"
mkdir -p "$out/dump"
for mode in ieee ftz; do
  flags="-O3 -std=c++20 -arch=sm_90 --expt-relaxed-constexpr -ftz=$([ $mode = ftz ] && echo true || echo false)"
  nvcc $flags $inc -DBX_MODE="\"$mode\"" "$here/device/sfu_probe.cu" -o "$out/sfu_probe_$mode.bin"
  for job in $jobs; do
    case $job in
      digests) "$out/sfu_probe_$mode.bin" digests "$out" ;;
      dump) "$out/sfu_probe_$mode.bin" dump "$out/dump" ;;
      compare) "$out/sfu_probe_$mode.bin" compare "$out" ;;
      sass) cuobjdump -sass "$out/sfu_probe_$mode.bin" | c++filt > "$out/sfu_sass_$mode.txt" ;;
    esac
  done
  rm -f "$out/sfu_probe_$mode.bin"
done
