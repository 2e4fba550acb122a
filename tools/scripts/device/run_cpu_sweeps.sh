#!/usr/bin/env bash
# The exhaustive CPU work of the rows without an ocml reproduction, for a
# many-core machine (the GPU machine's host: its CPU cores, not its GPU):
#   * the conformance suites FN-nv / FN-nv-structured of conformance/suites.json
#     (nv, nv-ftz, triton against the truth), each sweep also comparing every
#     block of its implementations' committed device digests
#     (vectors/nv/digests.json: the H100; vectors/triton/digests.json: Triton
#     kernels on the H200) with `bitexact sweep --check-digests`;
#   * the other committed sets of these digest files that no suite sweeps:
#     nv-fast where its digests are not nv-ftz's (the same code's are covered
#     by nv-ftz's sweep), and triton's sinf, cosf, ceilf and fmodf.
# Usage: run_cpu_sweeps.sh CLI OUTDIR SECONDS [JOB...]
#   CLI      the command that runs bitexact, e.g. ".devrun/cli/run bitexact"
#            (tools/scripts/device_carry.sh) or build/tools/bitexact
#   OUTDIR   one folder per job: report.{json,csv,html}, log.txt (the sweep's
#            summary and its "digests ... blocks equal" lines); a job whose
#            report.json exists is skipped, one with only a state.json resumed
#   SECONDS  stop starting jobs after this long; the job running then is
#            stopped (SIGINT: its state.json is kept for the next call)
#   JOB      names to run (default: all, suites first); `--list` prints them
# Exit status: 0 when every job that ran finished with its digests equal,
# 1 when a block differed, 2 on bad usage.
set -uo pipefail
if [[ ${1:-} == --list ]]; then list_only=1; shift; else list_only=0; fi
if ((!list_only && $# < 3)); then
  echo "usage: $0 CLI OUTDIR SECONDS [JOB...] | $0 --list" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")/../../.." && pwd)
py=$(command -v python3)

# JOB lines: NAME FN IMPLS INPUTS (from suites.json and the digest files).
jobs=$("$py" - "$here" <<'PY'
import json, sys
root = sys.argv[1]
# The ML rows' suites are the ones that sweep `triton` (their ocml row kind
# varies: expm1f, sinpif and cospif have ocml reproductions).
rows = []
for s in json.load(open(f"{root}/conformance/suites.json"))["suites"]:
    if "triton" in s["impls"] and s["name"] in (s["function"] + "-nv", s["function"] + "-nv-structured"):
        print(s["name"], s["function"], ",".join(s["impls"]), s["inputs"])
        rows.append(s["function"])
def spec(s):
    return "exhaustive" if s["set"] == "exhaustive" else f"{s['set']}:{s['count']}:{s['seed']}"
nv = json.load(open(f"{root}/vectors/nv/digests.json"))["sets"]
by = {(s["impl"], s["fn"], spec(s)): s["digests"] for s in nv}
for s in nv:
    if s["impl"] == "nv-fast" and s["fn"] in rows and by.get(("nv-ftz", s["fn"], spec(s))) != s["digests"]:
        print(f"{s['fn']}-nv-fast-{s['set']}", s["fn"], "nv-fast", spec(s))
for s in json.load(open(f"{root}/vectors/triton/digests.json"))["sets"]:
    if s["fn"] not in rows:
        print(f"{s['fn']}-triton-{s['set']}", s["fn"], "triton", spec(s))
PY
) || { echo "$0: cannot read the suites or the digest files" >&2; exit 2; }
if ((list_only)); then echo "$jobs"; exit 0; fi

cli=$1 out=$2 secs=$3
shift 3
[[ $secs =~ ^[1-9][0-9]*$ ]] || { echo "$0: SECONDS must be a positive number, not '$secs'" >&2; exit 2; }
if (($#)); then
  for j in "$@"; do
    grep -q "^$j " <<<"$jobs" || { echo "$0: unknown job '$j' ($0 --list)" >&2; exit 2; }
  done
fi
mkdir -p "$out"
end=$((SECONDS + secs))
status=0
while read -r name fn impls inputs; do
  [[ -z $name ]] && continue
  if (($#)) && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  d=$out/$name
  [[ -f $d/report.json ]] && continue
  left=$((end - SECONDS))
  ((left > 0)) || break
  resume=()
  [[ -f $d/state.json ]] && resume=(--resume)
  mkdir -p "$out/logs"
  t0=$SECONDS
  # shellcheck disable=SC2086  # CLI may be a command with arguments
  timeout -s INT "$left" $cli sweep "$fn" --impl "$impls" --inputs "$inputs" --out "$d" -q "${resume[@]}" \
    --check-digests "$here/vectors/nv/digests.json" --check-digests "$here/vectors/triton/digests.json" \
    >"$out/logs/$name.txt" 2>&1
  rc=$?
  echo "# $name: exit $rc, $((SECONDS - t0)) s, $(nproc) cores" >>"$out/logs/$name.txt"
  echo "$name: exit $rc, $((SECONDS - t0)) s"
  if ((rc == 1)); then status=1; fi
  if ((rc != 0 && rc != 1)); then
    ((SECONDS >= end)) && break  # stopped by the deadline: state kept for --resume
    status=1
  fi
done <<<"$jobs"
exit $status
