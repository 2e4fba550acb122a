#!/usr/bin/env bash
# The long libFuzzer runs of docs/reliability.md on a many-core machine without
# this project's Debian packages (the GPU host's CPU cores), from a pack of
# tools/scripts/device/fuzz_pack.sh: tools/scripts/fuzz_run.sh with
# FUZZ_WORKERS processes per target sharing its corpus.
# usage: tools/scripts/device/run_fuzz.sh PACK OUT RUNS SECONDS [TARGET...]
#   RUNS     executions per target (summed over its workers)
#   SECONDS  stop every target after this long even short of RUNS
#   TARGET   default: every target in the pack
# Environment: FUZZ_WORKERS (default: the cores shared evenly by the targets),
# FUZZ_MERGE_SECONDS (the corpus merges afterwards, all at once, each given at
# most this long; default 60, 0 skips them).
# Writes OUT/summary.txt (fuzz_run.sh's line per target) and OUT/back.tar.xz,
# to unpack into build/ here: fuzz_corpus/TARGET (the new corpus reduced by
# libFuzzer -merge=1), fuzz_artifacts/TARGET (crashing inputs, if any) and
# fuzz_logs/ (one log per worker).
# Exit status: fuzz_run.sh's (1 when a target crashed), 2 on bad usage.
set -uo pipefail
here=$(cd "$(dirname "$0")/../../.." && pwd)
(($# >= 4)) || { echo "usage: $0 PACK OUT RUNS SECONDS [TARGET...]" >&2; exit 2; }
pack=$1 out=$2 runs=$3 secs=$4
shift 4
[[ $secs =~ ^[1-9][0-9]*$ ]] || { echo "$0: SECONDS must be a positive number, not '$secs'" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar xJf "$pack" -C "$work" || exit 2
if (($#)); then targets=("$@"); else
  targets=()
  for f in "$work"/fuzz/corpus/*; do targets+=("$(basename "$f")"); done
fi
# fuzz_run.sh's layout: SANITIZE_DIR/tests/fuzz/TARGET, here a call of the
# carried loader; the corpus the pack brought is where fuzz_run.sh grows it.
mkdir -p "$work/san/tests/fuzz" "$work/out/fuzz_corpus" "$out"
for t in "${targets[@]}"; do
  [[ -x $work/fuzz/$t ]] || { echo "$0: the pack has no target $t" >&2; exit 2; }
  printf '#!/usr/bin/env bash\nexec "%s/fuzz/run" %s "$@"\n' "$work" "$t" >"$work/san/tests/fuzz/$t"
  chmod +x "$work/san/tests/fuzz/$t"
  mv "$work/fuzz/corpus/$t" "$work/out/fuzz_corpus/$t"
done
workers=${FUZZ_WORKERS:-$(($(nproc) / ${#targets[@]}))}
((workers >= 1)) || workers=1
echo "pack of commit $(cat "$work/fuzz/commit"), $(nproc) cores, ${#targets[@]} targets, $workers workers each" |
  tee "$out/summary.txt"
BITEXACT_SANITIZE_DIR=$work/san FUZZ_OUT=$work/out FUZZ_WORKERS=$workers FUZZ_JOBS=${#targets[@]} \
  FUZZ_SECONDS=$secs "$here/tools/scripts/fuzz_run.sh" "$runs" "${targets[@]}" | tee -a "$out/summary.txt"
status=${PIPESTATUS[0]}
# The logs and crashing inputs first, so that a merge cut short by the call's
# time limit still leaves them.
mkdir -p "$work/back/fuzz_corpus"
mv "$work/out/fuzz_artifacts" "$work/out/fuzz_logs" "$work/back/"
tar cJf "$out/back.tar.xz" -C "$work/back" .
# Bring back a reduced corpus, what keeps the coverage of everything found:
# one merge per target, all at once, each given at most FUZZ_MERGE_SECONDS
# (default 60; 0 skips them). A merge that fails or runs out of time brings
# back nothing for its target: the logs above still hold its counts.
merge_secs=${FUZZ_MERGE_SECONDS:-60}
if ((merge_secs > 0)); then
  for t in "${targets[@]}"; do
    mkdir -p "$work/back/fuzz_corpus/$t"
    (
      timeout "$merge_secs" "$work/san/tests/fuzz/$t" -merge=1 "$work/back/fuzz_corpus/$t" \
        "$work/out/fuzz_corpus/$t" >/dev/null 2>&1
      echo $? >"$work/merge.$t"
    ) &
  done
  wait
  for t in "${targets[@]}"; do
    rc=$(cat "$work/merge.$t")
    if [[ $rc != 0 ]]; then
      rm -rf "$work/back/fuzz_corpus/$t"
      echo "$t: the corpus merge $( ((rc == 124)) && echo "ran past $merge_secs s" || echo "failed (exit $rc)"); its corpus is not brought back" |
        tee -a "$out/summary.txt"
    fi
  done
  tar cJf "$out/back.tar.xz" -C "$work/back" .
fi
exit "$status"
