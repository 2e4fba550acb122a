#!/usr/bin/env python3
"""Turns a run of tools/scripts/device/triton_libdevice.py into vectors/triton/digests.json.

Usage: tools/scripts/import_triton_device_run.py RUN_DIR [--vendor triton] [--allow-libdevice SHA256]
RUN_DIR holds triton_libdevice.json. Checks before writing anything:
  * the manifest names Triton, its libdevice.10.bc's SHA-256, the GPU and driver;
    for Triton 3.6 the SHA-256 must be the one of include/bitexact/nv/build.hpp
    (libdevice_file::triton3_6), any other needs --allow-libdevice SHA256;
  * every set has whole blocks of 2^24 (count = blocks x 2^24) and one implementation;
  * the harness validation passed (ceilf, ceil f64 equal to the committed nv
    digests of vectors/nv/digests.json), and every exhaustive set's loading-kernel
    check agreed.
Writes vectors/VENDOR/digests.json (default VENDOR triton) in the layout of
vectors/nv/digests.json, with write_digests and digest_set of
import_nv_device_run.py, and prints the validation findings (sinf against nv / nv-ftz).
Exit status 1, with nothing written, when a check fails.
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from import_nv_device_run import ROOT, digest_set, write_digests  # noqa: E402

BLOCK = 1 << 24


def known_triton_libdevice():
    """The SHA-256 nv/build.hpp records for Triton 3.6.0's libdevice.10.bc."""
    text = open(os.path.join(ROOT, "include", "bitexact", "nv", "build.hpp")).read()
    m = re.search(r"Triton 3\.6\.0, triton/backends/nvidia/lib/libdevice\.10\.bc[^\n]*\n\s*//\s*SHA-256 ([0-9a-f]{64})",
                  text)
    return m.group(1) if m else None


def check(run, allow):
    """(manifest, sets, problems, notes) of a run."""
    problems, notes = [], []
    man, sets, val = run["manifest"], run["sets"], run.get("validation")
    for key in ("triton", "gpu", "driver", "compute_capability", "digest", "impl"):
        if not man.get(key) or man.get(key) == "unknown":
            problems.append(f"manifest: no {key}")
    sha = man.get("libdevice", {}).get("sha256")
    want = known_triton_libdevice()
    if not sha:
        problems.append("manifest: no libdevice SHA-256")
    elif man.get("triton", "").startswith("3.6.") and sha != want and sha != allow:
        problems.append(f"libdevice.10.bc SHA-256 {sha}, not Triton 3.6.0's {want} (nv/build.hpp); "
                        "--allow-libdevice SHA256 to import it anyway")
    elif not man.get("triton", "").startswith("3.6.") and sha != allow:
        problems.append(f"Triton {man.get('triton')}: nv/build.hpp knows only 3.6.0's libdevice; "
                        f"--allow-libdevice {sha} to import it")
    impls = {s["impl"] for s in sets}
    if len(impls) != 1 or impls != {man.get("impl")}:
        problems.append(f"implementations {sorted(impls)}, manifest {man.get('impl')}")
    seen = set()
    for s in sets:
        key = (s["fn"], s["set"], s["seed"])
        if key in seen:
            problems.append(f"{key} twice")
        seen.add(key)
        if s["block"] != BLOCK or s["count"] != len(s["digests"]) * BLOCK or not s["digests"]:
            problems.append(f"{s['fn']} {s['set']}: count {s['count']}, block {s['block']}, {len(s['digests'])} digests")
        if not all(re.fullmatch(r"0x[0-9a-f]{16}", d) for d in s["digests"]):
            problems.append(f"{s['fn']} {s['set']}: malformed digests")
        if s["set"] == "exhaustive" and s.get("loading_kernel_check") is not True:
            problems.append(f"{s['fn']}: the loading kernel's blocks 0 and 190 differ from the exhaustive kernel's")
        if s.get("symbols") is not None and not isinstance(s["symbols"], list):
            notes.append(f"{s['fn']}: symbol unknown ({s['symbols']})")
    if not isinstance(val, list):
        problems.append(f"validation: {val}")
    else:
        for v in val:
            line = (f"validation {v['fn']} {v['set']} seed {v['seed']} ({v['blocks']} blocks): equal to nv "
                    f"{v['equal_blocks']['nv']}, nv-ftz {v['equal_blocks']['nv-ftz']}")
            if v["role"] == "harness" and not v["ok"]:
                problems.append(line + ": the harness does not reproduce the committed digests")
            else:
                notes.append(line)
    return problems, notes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run")
    ap.add_argument("--vendor", default="triton", help="writes vectors/VENDOR/digests.json")
    ap.add_argument("--allow-libdevice", default=None, metavar="SHA256")
    a = ap.parse_args()
    run = json.load(open(os.path.join(a.run, "triton_libdevice.json")))
    problems, notes = check(run, a.allow_libdevice)
    for n in notes:
        print(n)
    if problems:
        for p in problems:
            print("PROBLEM:", p)
        print(f"{len(problems)} problems: nothing written")
        return 1
    m = run["manifest"]
    manifest = {
        "source": m["source"],
        "gpu": m["gpu"],
        "compute_capability": m["compute_capability"],
        "driver": m["driver"],
        "triton": m["triton"],
        "torch": m.get("torch"),
        "libdevice": {k: m["libdevice"][k] for k in ("path", "bytes", "sha256")},
        "ptxas": m.get("ptxas"),
        "compile_options": m.get("compile_options"),
        "calls": {s["fn"]: {"call": s.get("call"), "symbols": s.get("symbols"), "ptx": s.get("ptx")}
                  for s in run["sets"]},
        "digest": m["digest"],
        "input_sets": m["input_sets"],
        "command": m["command"] + "; tools/scripts/import_triton_device_run.py OUT",
        "date": m.get("date"),
        "validation": [{k: v[k] for k in ("fn", "set", "seed", "blocks", "equal_blocks")} for v in run["validation"]],
    }
    sets = [digest_set(s, s["impl"]) for s in run["sets"]]
    path = write_digests(a.vendor, manifest, sets)
    print(f"{len(sets)} digest sets ({', '.join(sorted({s['fn'] for s in sets}))}) -> {os.path.relpath(path, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
