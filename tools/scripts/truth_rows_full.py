#!/usr/bin/python3
"""The heavy test TruthRowsFull (tests/heavy/truth_rows_full_test.cpp: the fast
truth of every row without an ocml reproduction against MPFR on each input
where it decides) in shards, and the ledger of the shards run.

A full run is ~1e5 core-seconds. Shard j of k checks the inputs i with
i mod k = j (BITEXACT_TRUTH_FULL_STRIDE=k, BITEXACT_TRUTH_FULL_OFFSET=j), so the
k shards of one k are the whole run, spread over machines and days. Each case a
shard runs becomes one line of the ledger (tests/heavy/truth_rows_full_ledger.jsonl),
with the SHA-256 of the truth's sources (include/bitexact/truth, src/truth,
bitexact/functions.def) and the C library the test ran with: the fast truth
decides from the host libm's binary64 values, so a shard counts for the
sources and libm it ran with only.

usage:
  truth_rows_full.py run TEST_BINARY --stride K --offsets J[-J2] [--filter GTEST_FILTER] [--ledger FILE]
                        [--libc TEXT] [--commit REV]
  truth_rows_full.py status [--ledger FILE]
  truth_rows_full.py done --stride K [--ledger FILE] [--libc TEXT]
run: the shards J..J2 of K one after another (each over every case the filter
  selects, all cores), appending each case's line; exit 1 if any case found a
  mismatch or failed, 2 on bad usage. TEST_BINARY may be a wrapper that runs
  the test with a carried runtime (tools/scripts/device_carry.sh); then
  --libc names the C library it carries (this Python's is recorded otherwise)
  and --commit the commit it was built from, where the tree has no .git.
status: per row and set, the share of the full run covered by the ledger's
  shards for the current sources and one C library (one K whose offsets are
  all there: done), and the mismatches found.
done: one "ROW_SET OFFSET" line (e.g. "expf_exhaustive 12", the test case's
  name and the shard) per shard of K the ledger has for the current sources
  and C library, for tools/scripts/device/run_truth_shards.sh to leave out.
"""
import argparse
import datetime
import hashlib
import json
import os
import re
import signal
import socket
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LEDGER = os.path.join(ROOT, "tests/heavy/truth_rows_full_ledger.jsonl")
LINE = re.compile(r"^\[truth\] (\w+) (\w+): (\d+) inputs \(stride (\d+), offset (\d+), of (\d+)\), fast path decided "
                  r"(\d+), MPFR fallbacks (\d+), mismatches (\d+), ([\d.]+) s$")


# erfinvf, normcdff: how many decided inputs MPFR proved directly (the test's
# erfinv_proven / normcdf_proven) rather than by comparing with its value.
PROOF = re.compile(r"^\[truth\] (\w+): (\d+) of the decided inputs proven directly")


def die(msg):
    print(f"truth_rows_full.py: {msg}", file=sys.stderr)
    sys.exit(2)


def sources_hash():
    """SHA-256 over the truth's sources, path and content, in path order."""
    files = []
    for d in ("include/bitexact/truth", "src/truth"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, d)):
            files += [os.path.join(dirpath, n) for n in names]
    files.append(os.path.join(ROOT, "include/bitexact/functions.def"))
    h = hashlib.sha256()
    for f in sorted(files):
        h.update(os.path.relpath(f, ROOT).encode() + b"\0")
        with open(f, "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()[:16]


def libc():
    try:
        return os.confstr("CS_GNU_LIBC_VERSION")
    except (ValueError, OSError):
        return "unknown"


def read_ledger(path):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path) as f:
        for k, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                die(f"{path}:{k}: not a JSON line ({e})")
    return rows


def parse_offsets(text, stride):
    m = re.fullmatch(r"(\d+)(?:-(\d+))?", text)
    if not m:
        die(f"--offsets must be J or J-J2, not {text!r}")
    a, b = int(m.group(1)), int(m.group(2) or m.group(1))
    if not a <= b < stride:
        die(f"--offsets {text}: need 0 <= J <= J2 < stride {stride}")
    return range(a, b + 1)


def run(a):
    if a.stride < 1:
        die("--stride must be at least 1")
    if not os.access(a.test, os.X_OK):
        die(f"{a.test} is not an executable test program")
    offsets = parse_offsets(a.offsets, a.stride)
    src, lib = sources_hash(), a.libc or libc()
    commit = a.commit or subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                                        capture_output=True, text=True).stdout.strip() or "unknown"
    bad = 0
    for j in offsets:
        env = dict(os.environ, BITEXACT_TRUTH_FULL_STRIDE=str(a.stride), BITEXACT_TRUTH_FULL_OFFSET=str(j))
        cmd = [a.test, f"--gtest_filter={a.filter}"]
        r = subprocess.run(cmd, env=env, capture_output=True, text=True)
        lines = [LINE.match(l) for l in r.stdout.splitlines()]
        lines = [m for m in lines if m]
        proven = {m[1]: int(m[2]) for m in map(PROOF.match, r.stdout.splitlines()) if m}
        if not lines:
            print(r.stdout[-2000:] + r.stderr[-2000:], file=sys.stderr)
            die(f"shard {j}/{a.stride}: the test printed no [truth] line (exit {r.returncode}; filter {a.filter!r})")
        when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        with open(a.ledger, "a") as f:
            for m in lines:
                e = {"row": m[1], "set": m[2], "n": int(m[6]), "stride": int(m[4]), "offset": int(m[5]),
                     "checked": int(m[3]), "decided": int(m[7]), "fallbacks": int(m[8]), "mismatches": int(m[9]),
                     "seconds": float(m[10]), "sources": src, "libc": lib, "commit": commit,
                     "host": socket.gethostname(), "cores": os.cpu_count(), "date": when}
                if m[1] in proven:
                    e["proven"] = proven[m[1]]
                f.write(json.dumps(e, sort_keys=True) + "\n")
                bad += e["mismatches"] > 0
                print(f"{e['row']} {e['set']} shard {j}/{a.stride}: {e['checked']} inputs, "
                      f"{e['mismatches']} mismatches, {e['seconds']} s", flush=True)
        if r.returncode != 0:
            print(f"shard {j}/{a.stride}: the test exited {r.returncode}", file=sys.stderr)
            bad += 1
    return 1 if bad else 0


def status(a):
    src = sources_hash()
    entries = read_ledger(a.ledger)
    cases = {}
    for e in entries:
        cases.setdefault((e["row"], e["set"]), []).append(e)
    print(f"truth sources {src}; ledger {os.path.relpath(a.ledger, ROOT)}: {len(entries)} lines")
    print(f"{'row':10} {'set':11} {'covered':>9} {'inputs':>14} {'mismatches':>10}  shards (current sources), C library")
    for (row, sset), es in sorted(cases.items()):
        cur = [e for e in es if e["sources"] == src]
        # A shard counts for the C library it ran with only (the fast truth
        # decides from the host libm's values): the coverage is one library's.
        by_libc = {}
        for e in cur:
            by_libc.setdefault(e["libc"], {}).setdefault(e["stride"], set()).add(e["offset"])
        best, share, shards = "-", 0.0, "-"
        for lib, by_stride in sorted(by_libc.items()):
            k, o = max(by_stride.items(), key=lambda ko: len(ko[1]) / ko[0])
            if len(o) / k > share:
                best, share, shards = lib, len(o) / k, f"{len(o)}/{k}"
        checked = sum(e["checked"] for e in cur if e["libc"] == best)
        mism = sum(e["mismatches"] for e in cur)
        stale = len(es) - len(cur)
        note = f"; {stale} line(s) of other sources" if stale else ""
        others = len(by_libc) - 1 if by_libc else 0
        note += f"; lines of {others} other C librar{'y' if others == 1 else 'ies'}" if others > 0 else ""
        print(f"{row:10} {sset:11} {100 * share:8.2f}% {checked:14,} {mism:10}  {shards}, {best}{note}")
    return 1 if any(e["mismatches"] for e in entries if e["sources"] == src) else 0


def done(a):
    src = sources_hash()
    lib = a.libc or libc()
    pairs = sorted({(f"{e['row']}_{e['set']}", e["offset"]) for e in read_ledger(a.ledger)
                    if e["sources"] == src and e["stride"] == a.stride and e["libc"] == lib})
    for case, j in pairs:
        print(case, j)
    return 0


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `status | head` ends quietly
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("test")
    r.add_argument("--stride", type=int, required=True)
    r.add_argument("--offsets", required=True)
    r.add_argument("--filter", default="*TruthRowsFull*")
    r.add_argument("--ledger", default=LEDGER)
    r.add_argument("--libc", help="the C library TEST_BINARY runs with, if not this Python's")
    r.add_argument("--commit", help="the commit TEST_BINARY was built from, if the tree has no .git")
    s = sub.add_parser("status")
    s.add_argument("--ledger", default=LEDGER)
    d = sub.add_parser("done")
    d.add_argument("--stride", type=int, required=True)
    d.add_argument("--ledger", default=LEDGER)
    d.add_argument("--libc", help="the C library of the runs to count, if not this Python's")
    a = ap.parse_args()
    return {"run": run, "status": status, "done": done}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
