#!/usr/bin/env python3
"""Checks a new run of device/run_nv_native.sh against the committed NVIDIA vectors.

Usage: tools/check_nv_device_run.py RUN_DIR
RUN_DIR holds ieee/native.json and ftz/native.json. Every digest set and every
edge row of the run is compared with vectors/nv/digests.json and
vectors/nv/edge.txt (matched by function, implementation, set and seed; edge
rows by function and operands, so the order of the run does not matter), and
the reproductions' on-device mismatch counts (--repro runs) are reported.
Exit status 0 when everything is equal and the run found no mismatch.
"""
import json
import os
import sys

run = sys.argv[1]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
modes = {"ieee": "nv", "ftz": "nv-ftz"}
committed = json.load(open(os.path.join(root, "vectors", "nv", "digests.json")))
want = {(s["fn"], s["impl"], s["set"], s["seed"]): s["digests"] for s in committed["sets"]}
edges = {}
for line in open(os.path.join(root, "vectors", "nv", "edge.txt")):
    if line.startswith("#") or not line.strip():
        continue
    f = line.split()
    edges[(f[0], tuple(f[1:-2]))] = {"nv": f[-2], "nv-ftz": f[-1]}

bad = 0
for mode, impl in modes.items():
    data = json.load(open(os.path.join(run, mode, "native.json")))
    for s in data["sets"]:
        key = (s["fn"], impl, s["set"], s["seed"])
        ref = want.pop(key, None)
        equal = ref is not None and ref == s["digests"]
        mism = s.get("repro_mismatches", "not run")
        print(f"{impl} {s['fn']} {s['set']} seed {s['seed']}: {len(s['digests'])} blocks "
              f"{'equal to the committed digests' if equal else 'DIFFERENT' if ref else 'NOT COMMITTED'}, "
              f"reproduction mismatches on the device: {mism}")
        bad += (not equal) + (mism not in (0, "not run"))
    n = same = 0
    for fn, rows in data["edges"].items():
        for r in rows:
            n += 1
            got = edges.get((fn, tuple(r[:-1])), {}).get(impl)
            same += got == r[-1]
    print(f"{impl} edges: {same}/{n} rows equal to vectors/nv/edge.txt")
    bad += same != n
for key in want:
    print("committed set not in the run:", *key)
    bad += 1
print("ALL EQUAL" if bad == 0 else f"{bad} DIFFERENCES")
sys.exit(0 if bad == 0 else 1)
