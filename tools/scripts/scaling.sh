#!/usr/bin/env bash
# CPU scaling of `bitexact sweep` (bench/README.md, "CPU scaling: threads and
# MPI ranks"): one fixed sweep run with 1..P threads in one process, then over
# 1..P MPI ranks of one thread each. Prints a markdown table: wall seconds
# (process start, and mpirun's, included), inputs per second, speed-up against
# one thread, and whether report.json is byte-identical to the one-thread run's.
#
#   tools/scripts/scaling.sh [-b BITEXACT] [-n INPUTS] [-p MAX_WORKERS] [-f FN] [-i IMPL]
#
# Defaults: build/tools/bitexact, 2^26 inputs, nproc workers, sinf, nv.
set -euo pipefail
bx=build/tools/bitexact
n=$((1 << 26))
max=$(nproc)
fn=sinf
impl=nv
while getopts "b:n:p:f:i:" opt; do
  case $opt in
    b) bx=$OPTARG ;;
    n) n=$OPTARG ;;
    p) max=$OPTARG ;;
    f) fn=$OPTARG ;;
    i) impl=$OPTARG ;;
    *) echo "usage: $0 [-b BITEXACT] [-n INPUTS] [-p MAX_WORKERS] [-f FN] [-i IMPL]" >&2; exit 2 ;;
  esac
done
[[ -x $bx ]] || { echo "scaling.sh: no bitexact at '$bx' (build it, or pass -b)" >&2; exit 2; }
# mpirun refuses root unless told (CI and these machines run as root).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sweep=(sweep "$fn" --impl "$impl" --inputs "uniform:$n" --quiet)

base=""
ref=""
# One row: MODE WORKERS COMMAND...
row() {
  local mode=$1 k=$2 out=$work/$1$2
  shift 2
  local t0 t1
  t0=$(date +%s.%N)
  "$@" --out "$out" >/dev/null
  t1=$(date +%s.%N)
  local rate same
  rate=$(awk -v n="$n" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", n / (b - a) }')
  [[ -n $base ]] || base=$rate
  [[ -n $ref ]] || ref=$out/report.json
  cmp -s "$ref" "$out/report.json" && same=yes || same=NO
  awk -v m="$mode" -v k="$k" -v a="$t0" -v b="$t1" -v r="$rate" -v r1="$base" -v s="$same" \
    'BEGIN { printf "| %s | %d | %.2f | %.2f | %.2f | %s |\n", m, k, b - a, r / 1e6, r / r1, s }'
}

echo "$(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) CPUs; $bx ${sweep[*]}"
echo
echo "| mode | workers | seconds | M inputs/s | speed-up | report.json identical |"
echo "| --- | --- | --- | --- | --- | --- |"
for ((k = 1; k <= max; ++k)); do row threads "$k" "$bx" "${sweep[@]}" --threads "$k"; done
if command -v mpirun >/dev/null; then
  # --bind-to core: one rank per core, as the threads above are spread by TBB.
  for ((k = 1; k <= max; ++k)); do
    row "MPI ranks" "$k" mpirun -q --bind-to core -n "$k" "$bx" "${sweep[@]}" --threads 1
  done
else
  echo "(no mpirun: MPI rows skipped; Debian: apt-get install openmpi-bin libopenmpi-dev)"
fi
