#!/usr/bin/env bash
# Shards of the heavy test TruthRowsFull (tests/heavy/truth_rows_full_test.cpp)
# on a machine without this project's Debian packages (the GPU host's CPU
# cores), case by case, until a time budget would be exceeded; each case run
# becomes one line of OUT/ledger.jsonl for tests/heavy/truth_rows_full_ledger.jsonl
# (tools/scripts/truth_rows_full.py keeps it).
# Usage: tools/scripts/device/run_truth_shards.sh PACK OUT FIRST LAST LIMIT_S COMMIT [CASE_SECONDS]
#   PACK    a tarball of tools/scripts/device_carry.sh DIR build/tests/truth_rows_full_test
#           (DIR/run bitexact ...: the test with this machine's glibc, libm and MPFR)
#   FIRST..LAST  the shards of 61 to run, in order
#   LIMIT_S stop before a case that would end past this many seconds
#   COMMIT  the commit the test was built from (the ledger's "commit")
#   CASE_SECONDS  a file of "CASE SECONDS" lines (e.g. expf_exhaustive 2.2), the
#           time one shard of the case took on this machine, in the test's
#           order; without it every case is run (no time check)
# A case and shard that tests/heavy/truth_rows_full_ledger.jsonl already has for
# the current truth sources (truth_rows_full.py done) is left out, so a call
# can be repeated with the same range until its line says nothing is left.
# TRUTH_SECONDS_SCALE (default 1) multiplies CASE_SECONDS, for a machine with
# other cores than the one they were measured on (0.55 on the 32 cores of the
# two-H200 host for times from the 16 of the one-H200 host).
# The carried runtime is glibc 2.36 (Debian 12): the ledger's "libc".
set -uo pipefail
pack=$1 out=$2 first=$3 last=$4 limit=$5 commit=$6 secs=${7:-}
libc="glibc 2.36"  # what the runs record and what `done` must match
here=$(cd "$(dirname "$0")/../../.." && pwd)
start=$SECONDS
work=$(mktemp -d)
tar xJf "$pack" -C "$work"
dir=$(dirname "$(find "$work" -name run -type f | head -1)")
cat >"$work/truth_test" <<RUN
#!/usr/bin/env bash
exec "$dir/run" bitexact "\$@"
RUN
chmod +x "$work/truth_test"
mkdir -p "$out"
if [[ -z $secs ]]; then
  secs=$work/all_cases
  "$work/truth_test" --gtest_list_tests | sed -n 's/^  FastEqualsMpfrWhereItDecides\/\([a-z0-9_]*\).*/\1 0/p' >"$secs"
fi
python3 "$here/tools/scripts/truth_rows_full.py" "done" --stride 61 --libc "$libc" >"$work/done" || exit 2
skipped=0
for j in $(seq "$first" "$last"); do
  while read -r c s; do
    grep -qx "$c $j" "$work/done" && continue
    need=$(awk -v s="$s" -v k="${TRUTH_SECONDS_SCALE:-1}" 'BEGIN { printf "%d", s * k * 1.15 + 2 }')
    if ((SECONDS - start + need > limit)); then skipped=$((skipped + 1)); continue; fi
    python3 "$here/tools/scripts/truth_rows_full.py" run "$work/truth_test" --stride 61 --offsets "$j" \
      --filter "*/$c" --ledger "$out/ledger.jsonl" --libc "$libc" --commit "$commit" </dev/null >>"$out/run.log" 2>&1 ||
      echo "case $c shard $j: exit $?"
  done <"$secs"
done
echo "$(grep -c . "$out/ledger.jsonl" 2>/dev/null || echo 0) case runs in $((SECONDS - start)) s; $skipped left for lack of time;" \
  "the ledger had $(wc -l <"$work/done") case shards already"
rm -rf "$work"
