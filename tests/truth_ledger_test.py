#!/usr/bin/python3
"""ctest truth_ledger_rules: tools/scripts/truth_rows_full.py's reading of a
ledger, on a made-up one (the real one is truth_rows_full_ledger's): a shard
counts for the current truth sources and the C library it ran with only, so
two libraries' halves are not a whole; `done` lists one library's shards; a
mismatch under the current sources fails `status`, one under other sources
does not.
"""
import json
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools", "scripts", "truth_rows_full.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
import truth_rows_full  # noqa: E402

SRC = truth_rows_full.sources_hash()
failures = []


def line(offset, lib, sources=SRC, mismatches=0):
    return {"row": "expf", "set": "exhaustive", "n": 4294967296, "stride": 2, "offset": offset, "checked": 10,
            "decided": 10, "fallbacks": 0, "mismatches": mismatches, "seconds": 1.0, "sources": sources,
            "libc": lib, "commit": "x", "host": "h", "cores": 1, "date": "2026-01-01T00:00:00Z"}


def run(ledger_lines, *args):
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("".join(json.dumps(e) + "\n" for e in ledger_lines))
    try:
        r = subprocess.run([sys.executable, SCRIPT, *args, "--ledger", f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    return r.returncode, r.stdout


rc, out = run([line(0, "glibc A"), line(1, "glibc B")], "status")
row = next((l for l in out.splitlines() if l.startswith("expf")), "")
if rc != 0 or "50.00%" not in row or "1/2, glibc A" not in row or "1 other C library" not in row:
    failures.append(f"two libraries' halves: exit {rc}, {row!r} (want 50.00%, 1/2, glibc A, 1 other C library)")
rc, out = run([line(0, "glibc A"), line(1, "glibc A"), line(1, "glibc B")], "status")
row = next((l for l in out.splitlines() if l.startswith("expf")), "")
if rc != 0 or "100.00%" not in row or "2/2, glibc A" not in row:
    failures.append(f"one library's whole: exit {rc}, {row!r}")
rc, out = run([line(0, "glibc A"), line(1, "glibc B")], "done", "--stride", "2", "--libc", "glibc B")
if rc != 0 or out != "expf_exhaustive 1\n":
    failures.append(f"done for glibc B: exit {rc}, {out!r} (want 'expf_exhaustive 1')")
rc, _ = run([line(0, "glibc A", mismatches=1)], "status")
if rc != 1:
    failures.append(f"a mismatch under the current sources: exit {rc}, want 1")
rc, _ = run([line(0, "glibc A", sources="0000000000000000", mismatches=1)], "status")
if rc != 0:
    failures.append(f"a mismatch under other sources only: exit {rc}, want 0")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
