#!/usr/bin/env bash
# Checks `bitexact sweep --backend cuda` on a GPU machine against the CPU
# backend: for each case the same sweep runs on the GPU and on the CPU cores,
# and report.json, report.csv and report.html must be byte-identical. Then
# times the exhaustive sinf report (native + reproductions + truth) end to end.
#
# Usage: tools/scripts/device/run_cuda_sweep_check.sh BITEXACT OUTDIR
#   BITEXACT  the CLI to run (e.g. ".devrun/run bitexact" from tools/scripts/device_carry.sh,
#             or build/tools/bitexact of a build with nvcc)
# Writes OUTDIR/check.txt (one line per case: same/DIFFERENT, GPU and CPU seconds)
# and OUTDIR/<case>/{gpu,cpu}/report.* for the cases that differ.
set -uo pipefail
bx=${1:?usage: $0 BITEXACT OUTDIR}
out=${2:?usage: $0 BITEXACT OUTDIR}
mkdir -p "$out"
log=$out/check.txt
: >"$log"
fails=0

now() { date +%s.%N; }
# case NAME FN INPUTS GPU_IMPLS CPU_IMPLS
run_case() {
  local name=$1 fn=$2 inputs=$3 gimpl=$4 cimpl=$5 d=$out/$1 t0 t1 t2
  mkdir -p "$d"
  t0=$(now)
  $bx sweep "$fn" --backend cuda --impl "$gimpl" --inputs "$inputs" --out "$d/gpu" -q >"$d/gpu.txt" 2>&1
  local rg=$?
  t1=$(now)
  $bx sweep "$fn" --backend cpu --impl "$cimpl" --inputs "$inputs" --out "$d/cpu" -q >"$d/cpu.txt" 2>&1
  local rc=$?
  t2=$(now)
  local verdict=same
  for f in report.json report.csv report.html; do
    cmp -s "$d/gpu/$f" "$d/cpu/$f" || verdict=DIFFERENT
  done
  ((rg != 0 || rc != 0)) && verdict="FAILED(gpu rc $rg, cpu rc $rc)"
  [[ $verdict == same ]] || fails=$((fails + 1))
  if [[ $verdict == DIFFERENT ]]; then  # the first differing JSON paths, for the log
    python3 - "$d/gpu/report.json" "$d/cpu/report.json" >"$d/diff.txt" 2>&1 <<'PY'
import json, sys
g, c = (json.load(open(p)) for p in sys.argv[1:3])
out = []
def walk(a, b, path):
    if len(out) > 12: return
    if type(a) != type(b) or not isinstance(a, (dict, list)):
        if a != b: out.append(f"{path}: gpu {str(a)[:160]} | cpu {str(b)[:160]}")
        return
    keys = a.keys() | b.keys() if isinstance(a, dict) else range(max(len(a), len(b)))
    for k in sorted(keys, key=str):
        try: walk(a[k], b[k], f"{path}/{k}")
        except (KeyError, IndexError): out.append(f"{path}/{k}: only on one side")
walk(g, c, "")
print("\n".join(out))
PY
    sed 's/^/    /' "$d/diff.txt" | tee -a "$log"
  fi
  printf '%-28s %-5s %-18s %-40s %-10s gpu %7.2f s  cpu %7.2f s\n' "$name" "$fn" "$inputs" "$gimpl" "$verdict" \
    "$(awk "BEGIN{print $t1 - $t0}")" "$(awk "BEGIN{print $t2 - $t1}")" | tee -a "$log"
  [[ $verdict == same ]] && rm -rf "$d/gpu/state.json" "$d/cpu/state.json"
}

$bx sweep --help >/dev/null 2>&1 || { echo "cannot run $bx" | tee -a "$log"; exit 2; }
echo "# $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader 2>/dev/null)" | tee -a "$log"

# Native functions on the CPU backend go through the per-call GPU path of
# src/gpu/native_impls.cpp: an independent route to the same bits.
run_case sinf-uniform sinf uniform:4000000 native-nv,nv,nv-ftz,ocml,host native-nv,nv,nv-ftz,ocml,host
run_case sinf-binades sinf binades:4000 native-nv-ftz,nv-ftz,native-nv-fast,ocml-daz native-nv-ftz,nv-ftz,native-nv-fast,ocml-daz
run_case cosf-edge cosf edge native-nv,nv,ocml,host native-nv,nv,ocml,host
run_case cosf-interval cosf interval:0x49000000:0x49400000 native-nv,nv,ocml-gfx803 native-nv,nv,ocml-gfx803
run_case fmodf-structured fmodf structured:4000000 native-nv,nv,native-nv-ftz,nv-ftz,ocml native-nv,nv,native-nv-ftz,nv-ftz,ocml
run_case fmodf-uniform fmodf uniform:4000000 native-nv-fast,nv,ocml-daz native-nv-fast,nv,ocml-daz
run_case fmod-structured fmod structured:2000000 native-nv,nv,ocml native-nv,nv,ocml
run_case ceilf-uniform ceilf uniform:4000000 native-nv,native-nv-ftz,nv,nv-ftz,ocml-daz native-nv,native-nv-ftz,nv,nv-ftz,ocml-daz
run_case ceil-structured ceil structured:2000000 native-nv,nv,ocml native-nv,nv,ocml
# Exhaustive: the same implementations on both (the CPU has no native-nv in bulk).
run_case ceilf-exhaustive ceilf exhaustive nv,nv-ftz,ocml nv,nv-ftz,ocml
run_case sinf-exhaustive sinf exhaustive nv,ocml nv,ocml

# The exhaustive sinf report with the native function, end to end (process
# start, CUDA init, all 2^32 inputs, reports written), three times.
for k in 1 2 3; do
  t0=$(now)
  $bx sweep sinf --backend cuda --impl native-nv,nv --inputs exhaustive --out "$out/sinf-native-$k" -q \
    >"$out/sinf-native-$k.txt" 2>&1
  t1=$(now)
  printf 'exhaustive sinf --impl native-nv,nv on the GPU, end to end: %.3f s\n' "$(awk "BEGIN{print $t1 - $t0}")" | tee -a "$log"
done
cat "$out/sinf-native-1.txt" | tee -a "$log"
echo "cases that differ or failed: $fails" | tee -a "$log"
exit $((fails > 0))
