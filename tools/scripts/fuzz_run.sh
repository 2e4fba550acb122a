#!/usr/bin/env bash
# The long runs of the libFuzzer targets (tests/fuzz; docs/reliability.md):
# each target RUNS executions from its committed corpus plus what earlier runs
# here found (build/fuzz_corpus/TARGET), one line per target with the counts
# libFuzzer printed. The CI runs (ctest -L fuzz) are short and seeded; these
# are the ones the table of docs/reliability.md reports.
# usage: tools/scripts/fuzz_run.sh RUNS [TARGET...]
#   RUNS     executions per target (e.g. 10000000)
#   TARGET   fuzz_operand, fuzz_vectors, ... (default: every tests/fuzz/fuzz_*.cpp)
# Environment: BITEXACT_SANITIZE_DIR (default build/sanitize, where the main
# build's ExternalProject puts the targets), FUZZ_JOBS targets at a time
# (default: the cores), FUZZ_SECONDS to stop a target after that long even
# short of RUNS (libFuzzer -max_total_time; the line says how many ran),
# FUZZ_WORKERS processes per target (default 1; for many cores): each runs
# RUNS/FUZZ_WORKERS executions with its own random seed, all on one corpus
# folder, which libFuzzer re-reads as the others add to it (-reload); the line
# sums their executions and gives the largest cov and ft one of them reached.
# FUZZ_OUT the folder for corpus/, artifacts/ and logs/ (default build/, as
# build/fuzz_corpus, build/fuzz_artifacts, build/fuzz_logs).
# FUZZ_MERGE=1 to fold the new inputs that add coverage
# into tests/fuzz/corpus/TARGET (libFuzzer -merge=1: a minimal set).
# Exit status: 0 when no target crashed, 1 otherwise (the crashing input is in
# build/fuzz_artifacts/TARGET/), 2 on bad usage.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-}
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 RUNS [TARGET...] (RUNS a positive number)" >&2; exit 2; }
shift
dir=${BITEXACT_SANITIZE_DIR:-$here/build/sanitize}
if (($#)); then targets=("$@"); else
  targets=()
  for f in "$here"/tests/fuzz/fuzz_*.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi
for t in "${targets[@]}"; do
  [[ -x $dir/tests/fuzz/$t ]] || { echo "$0: no fuzz target $dir/tests/fuzz/$t (build the main build's bitexact_sanitized)" >&2; exit 2; }
done
jobs=${FUZZ_JOBS:-$(nproc)}
workers=${FUZZ_WORKERS:-1}
[[ $workers =~ ^[1-9][0-9]*$ ]] || { echo "$0: FUZZ_WORKERS must be a positive number, not '$workers'" >&2; exit 2; }
out=${FUZZ_OUT:-$here/build}
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

one() {
  local t=$1 corpus=$out/fuzz_corpus/$1 art=$out/fuzz_artifacts/$1/ log=$out/fuzz_logs/$1.log
  mkdir -p "$corpus" "$art" "$(dirname "$log")"
  local t0=$SECONDS w logs=() pids=() rc=0
  for ((w = 0; w < workers; w++)); do
    local wlog=$log
    ((workers > 1)) && wlog=${log%.log}.$w.log
    logs+=("$wlog")
    "$dir/tests/fuzz/$t" -runs="$(((runs + workers - 1) / workers))" -max_total_time="${FUZZ_SECONDS:-0}" \
      -print_final_stats=1 -artifact_prefix="$art" "$corpus" "$here/tests/fuzz/corpus/$t" >"$wlog" 2>&1 &
    pids+=($!)
  done
  for w in "${pids[@]}"; do wait "$w" || rc=$?; done
  local secs=$((SECONDS - t0))
  # Executions summed over the workers; cov and ft, the largest one reached.
  local execs done_lines cov ft
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "${logs[@]}" | awk '{ s += $1; n++ } END { if (n) print s }')
  done_lines=$(grep -h -E '^#[0-9]+[[:space:]]+DONE' "${logs[@]}")
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$done_lines" | sort -n | tail -1)
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$done_lines" | sort -n | tail -1)
  local crashes
  crashes=$(find "$art" -maxdepth 1 -type f | wc -l)
  printf '%-16s runs %s  cov %s  ft %s  corpus %s  crashes %s  %s s  exit %s\n' "$t" "${execs:-?}" "${cov:-?}" \
    "${ft:-?}" "$(find "$corpus" -type f | wc -l)" "$crashes" "$secs" "$rc"
  if [[ ${FUZZ_MERGE:-0} == 1 && $rc == 0 ]]; then
    "$dir/tests/fuzz/$t" -merge=1 "$here/tests/fuzz/corpus/$t" "$corpus" >>"$log" 2>&1
  fi
  return $((rc != 0))
}

status=0
running=0
for t in "${targets[@]}"; do
  one "$t" &
  running=$((running + 1))
  if ((running >= jobs)); then
    wait -n || status=1
    running=$((running - 1))
  fi
done
while ((running > 0)); do
  wait -n || status=1
  running=$((running - 1))
done
exit $status
