#!/usr/bin/env python3
"""Checks a run of device/nv_native.cu against committed digests and edge vectors.

Usage: tools/scripts/check_nv_device_run.py RUN_DIR [--mode SUBDIR=IMPL ...]
                                    [--digests FILE] [--bitexact CLI]
RUN_DIR holds SUBDIR/native.json for each mode (default: ieee=nv ftz=nv-ftz,
the two builds of tools/scripts/device/run_nv_native.sh). Every digest set of the run is
compared with the set of the same function, implementation, set and seed in
the digests file (default vectors/nv/digests.json; vectors/ocml/digests.json
for an ocml personality), and every committed set of that implementation must
be in the run. Edge rows are compared by function and operands (order does not
matter) with vectors/nv/edge.txt (the H100's outputs) for nv and nv-ftz; for
any other implementation with the outputs of `CLI eval IMPL.FN` (default
build/tools/bitexact; its `ocml` is checked exhaustively against ocml.bc by
the committed ocml digests). The reproductions' on-device mismatch counts of
--repro runs are reported. Exit status 0 when everything is equal.
Also checks the routes of link-time replacement (tools/scripts/device/replace_routes.sh).
"""
import argparse
import json
import os
import subprocess
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
ap = argparse.ArgumentParser()
ap.add_argument("run")
ap.add_argument("--mode", action="append", default=[], help="SUBDIR=IMPL (repeatable)")
ap.add_argument("--digests", default=os.path.join(root, "vectors", "nv", "digests.json"))
ap.add_argument("--bitexact", default=os.path.join(root, "build", "tools", "bitexact"))
args = ap.parse_args()
modes = dict(m.split("=", 1) for m in args.mode) if args.mode else {"ieee": "nv", "ftz": "nv-ftz"}

committed = json.load(open(args.digests))
want = {(s["fn"], s["impl"], s["set"], s["seed"]): s["digests"]
        for s in committed["sets"] if s["impl"] in modes.values()}
nv_edges = {}
for line in open(os.path.join(root, "vectors", "nv", "edge.txt")):
    if line.startswith("#") or not line.strip():
        continue
    f = line.split()
    nv_edges[(f[0], tuple(f[1:-2]))] = {"nv": f[-2], "nv-ftz": f[-1]}


def expected_edges(impl, fn, rows):
    """The expected output of each edge row, in order."""
    if impl in ("nv", "nv-ftz"):
        return [nv_edges.get((fn, tuple(r[:-1])), {}).get(impl) for r in rows]
    text = "".join(" ".join(r[:-1]) + "\n" for r in rows)
    out = subprocess.run([args.bitexact, "eval", f"{impl}.{fn}"], input=text, capture_output=True,
                         text=True, check=True).stdout.split()
    return out


bad = 0
seen = set()
for mode, impl in modes.items():
    data = json.load(open(os.path.join(args.run, mode, "native.json")))
    for s in data["sets"]:
        key = (s["fn"], impl, s["set"], s["seed"])
        ref = want.get(key)
        seen.add(key)
        equal = ref is not None and ref == s["digests"]
        mism = s.get("repro_mismatches", "not run")
        print(f"{mode}: {impl} {s['fn']} {s['set']} seed {s['seed']}: {len(s['digests'])} blocks "
              f"{'equal to the committed digests' if equal else 'DIFFERENT' if ref else 'NOT COMMITTED'}, "
              f"reproduction mismatches on the device: {mism}")
        bad += (not equal) + (mism not in (0, "not run"))
    n = same = 0
    for fn, rows in data["edges"].items():
        for r, e in zip(rows, expected_edges(impl, fn, rows)):
            n += 1
            same += e == r[-1]
    print(f"{mode}: {impl} edges: {same}/{n} rows equal to "
          f"{'vectors/nv/edge.txt' if impl in ('nv', 'nv-ftz') else 'bitexact eval ' + impl}")
    bad += same != n
for key in sorted(set(want) - seen):
    print("committed set not in the run:", *key)
    bad += 1
print("ALL EQUAL" if bad == 0 else f"{bad} DIFFERENCES")
sys.exit(0 if bad == 0 else 1)
