#!/usr/bin/env bash
# ctest fuzz.device_route: the route of the long fuzz runs on a many-core
# machine (tools/scripts/device/fuzz_pack.sh here, run_fuzz.sh there, which
# runs tools/scripts/fuzz_run.sh with FUZZ_WORKERS), end to end on this
# machine with one target: two workers' executions are summed, the corpus and
# every worker's log come back, and bad usage is refused with status 2.
# usage: tests/fuzz/device_route_check.sh SANITIZE_DIR SCRATCH
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
san=$1 scratch=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$scratch" && mkdir -p "$scratch/empty" || exit 1
t=fuzz_operand
# An empty FUZZ_OUT: the pack carries no corpus grown here; the run starts
# from the committed one.
BITEXACT_SANITIZE_DIR=$san FUZZ_OUT=$scratch/empty "$here/tools/scripts/device/fuzz_pack.sh" "$scratch/p.tar.xz" $t ||
  fail "fuzz_pack.sh exit $?"
FUZZ_WORKERS=2 "$here/tools/scripts/device/run_fuzz.sh" "$scratch/p.tar.xz" "$scratch/out" 4000 120 ||
  fail "run_fuzz.sh exit $?"
line=$(grep "^$t " "$scratch/out/summary.txt") || fail "no line for $t in summary.txt"
echo "$line"
runs=$(sed -n 's/.* runs \([0-9]*\) .*/\1/p' <<<"$line")
# Each worker runs 2000; one worker's count alone would be 2000.
if [[ -z $runs ]] || ((runs < 4000)); then fail "expected at least 4000 executions summed over 2 workers, got '$runs'"; fi
grep -q "crashes 0 .* exit 0$" <<<"$line" || fail "a crash or a failed worker: $line"
mkdir -p "$scratch/back" || exit 1
tar xJf "$scratch/out/back.tar.xz" -C "$scratch/back" || fail "back.tar.xz unreadable"
for w in 0 1; do [[ -s $scratch/back/fuzz_logs/$t.$w.log ]] || fail "no log of worker $w"; done
n=$(find "$scratch/back/fuzz_corpus/$t" -type f | wc -l)
((n > 0)) || fail "no corpus came back"
"$here/tools/scripts/device/run_fuzz.sh" "$scratch/p.tar.xz" "$scratch/out2" 10 soon 2>/dev/null
(($? == 2)) || fail "SECONDS 'soon' was not refused with status 2"
"$here/tools/scripts/device/run_fuzz.sh" "$scratch/p.tar.xz" "$scratch/out3" 10 5 fuzz_nothing 2>/dev/null
(($? == 2)) || fail "an unknown target was not refused with status 2"
BITEXACT_SANITIZE_DIR=$san FUZZ_WORKERS=0 "$here/tools/scripts/fuzz_run.sh" 10 $t 2>/dev/null
(($? == 2)) || fail "FUZZ_WORKERS=0 was not refused with status 2"
echo "ok: $runs executions over 2 workers, $n corpus inputs back"
