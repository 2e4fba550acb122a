#!/usr/bin/python3
"""The reproductions on a second CPU architecture: tests/cross/block_digests.cpp
built for it (aarch64, run under qemu-user) against the committed digests of
vectors/*/digests.json and against the same program built for this machine.

usage: cross_check.py --target CMD --native BIN --scope ci|full [--blocks K|all] [--sample N]
  --target CMD   runs the foreign build, e.g. "qemu-aarch64 build/tests/block_digests_aarch64"
  --native BIN   the same source built for this machine
  --scope ci     (1) every implementation-function pair the program has, on a
                 window of N inputs (default 2^16) of each standard set of the
                 function (functions.def: exhaustive, or uniform SEED and
                 structured SEED + 1), at a block of the set's middle: both
                 builds must print the same digest; (2) whole committed blocks
                 (2^24 outputs): for each implementation, one of its digest
                 sets (the set and the block picked by a fixed rule below),
                 against vectors/*/digests.json.
                 The pairs include nv-span, nv-ftz-span, triton-span and
                 ocml*-span (the span forms of rows with a SIMD kernel), each
                 equal to the implementation of its name without -span on
                 the same window in both builds; their windows are also run
                 with QEMU_CPU set to each of QEMU_CPUS below (NEON only, SVE
                 at 128 and 256 bits; the default cpu has SVE at 512): every
                 SIMD target and vector length against the native build.
  --scope full   (1) as ci, then (2) K spread blocks of every committed set
                 (default 16; `all`: every block).
Exit 0 when everything is equal, 1 on a difference (each printed), 2 on bad
usage or when a program fails.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BLOCK = 1 << 24
sys.path.insert(0, os.path.join(ROOT, "tools", "scripts"))
import function_rows  # noqa: E402  (the rows of include/bitexact/functions.def)


def die(msg):
    print(f"cross_check.py: {msg}", file=sys.stderr)
    sys.exit(2)


# qemu-user's CPU models for the span forms' second pass: NEON only, then SVE
# at 128 and 256 bits (the default model, max, has SVE at 512).
QEMU_CPUS = ("max,sve=off", "max,sve128=on", "max,sve256=on")


def run(cmd, jobs, env=None):
    """Runs the program on the job lines; {job: digest}."""
    t = time.time()
    r = subprocess.run(cmd, input="".join(f"{' '.join(map(str, j))}\n" for j in jobs), capture_output=True, text=True,
                       env=env)
    if r.returncode != 0:
        die(f"{' '.join(cmd)} failed (exit {r.returncode}): {r.stderr.strip()}")
    out = {}
    for line in r.stdout.splitlines():
        f = line.split()
        out[(f[0], f[1], f[2], int(f[3]), int(f[4]), int(f[5]))] = f[6]
    out = {j: out[j[:6]] for j in jobs if j[:6] in out}
    missing = [j for j in jobs if j not in out]
    if missing:
        die(f"{' '.join(cmd)} printed no digest for {missing[0]}")
    return out, time.time() - t


def rows():
    """{fn: [(set, seed)]}: the standard sets of each row of functions.def."""
    try:
        return {r.name: function_rows.standard_sets(r) for r in function_rows.rows(ROOT)}
    except (OSError, ValueError) as e:
        die(str(e))


def digest_sets():
    sets = []
    for v in sorted(os.listdir(os.path.join(ROOT, "vectors"))):
        p = os.path.join(ROOT, "vectors", v, "digests.json")
        if os.path.exists(p):
            for s in json.load(open(p))["sets"]:
                if s["block"] != BLOCK:
                    die(f"{p}: {s['impl']}.{s['fn']} has blocks of {s['block']}, not 2^24")
                sets.append(dict(s, source=f"vectors/{v}"))
    return sets


def spread(nblocks, k):
    """k block indices spread evenly over nblocks, the last block included."""
    if k >= nblocks:
        return list(range(nblocks))
    return sorted({(i * (nblocks - 1)) // (k - 1) for i in range(k)}) if k > 1 else [nblocks - 1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--target", required=True)
    ap.add_argument("--native", required=True)
    ap.add_argument("--scope", choices=("ci", "full"), required=True)
    ap.add_argument("--blocks", default="16")
    ap.add_argument("--sample", type=int, default=1 << 16)
    a = ap.parse_args()
    target = shlex.split(a.target)
    if not a.blocks.isdigit() and a.blocks != "all":
        die(f"--blocks must be a number or 'all', not {a.blocks!r}")
    if not 1 <= a.sample <= BLOCK:
        die("--sample must be 1 to 2^24")
    listed = subprocess.run(target + ["--list"], capture_output=True, text=True)
    native_listed = subprocess.run([a.native, "--list"], capture_output=True, text=True)
    if listed.returncode or native_listed.returncode:
        die(f"--list failed: {listed.stderr.strip() or native_listed.stderr.strip()}")
    pairs = [tuple(l.split()) for l in listed.stdout.splitlines()]
    if pairs != [tuple(l.split()) for l in native_listed.stdout.splitlines()]:
        die("the two builds list different implementations")
    std = rows()
    bad = 0

    # (1) Both builds on a window of every standard set of every pair.
    jobs = []
    for impl, fn in pairs:
        if fn not in std:
            die(f"{impl}.{fn}: no row {fn} in functions.def")
        for sset, seed in std[fn]:
            n = (1 << 32) if sset == "exhaustive" else (1 << 30)
            # (a span form's window is its scalar implementation's: compared below)
            base = impl.removesuffix("-span")
            first = (n // BLOCK // 2 + 1) * BLOCK + (zlib.crc32(f"{base} {fn}".encode()) % (BLOCK - a.sample + 1))
            jobs.append((impl, fn, sset, seed, first, a.sample))
    got, t_target = run(target, jobs)
    want, t_native = run([a.native], jobs)
    for j in jobs:
        if got[j] != want[j]:
            bad += 1
            print(f"DIFFERENT {' '.join(map(str, j))}: target {got[j]}, native {want[j]}")
    print(f"windows: {len(jobs)} sets of {len(pairs)} implementation-function pairs, {a.sample} inputs each: "
          f"{len(jobs) - bad} equal ({t_target:.1f} s target, {t_native:.1f} s native)")
    span_jobs = [j for j in jobs if j[0].endswith("-span")]
    if not span_jobs:
        die("the program lists no span forms (nv-span, ocml-span, ...)")
    for j in span_jobs:  # each span form equal to its scalar implementation, in both builds
        b = (j[0].removesuffix("-span"),) + j[1:]
        if b not in want:
            die(f"{j[0]} {j[1]}: no implementation {b[0]} to compare the span form with")
        for name, res in (("target", got), ("native", want)):
            if res[j] != res[b]:
                bad += 1
                print(f"DIFFERENT {name} {' '.join(map(str, j))}: span {res[j]}, scalar {res[b]}")
    for cpu in QEMU_CPUS:
        got, t_cpu = run(target, span_jobs, env=dict(os.environ, QEMU_CPU=cpu))
        diff = [j for j in span_jobs if got[j] != want[j]]
        for j in diff:
            print(f"DIFFERENT QEMU_CPU={cpu} {' '.join(map(str, j))}: target {got[j]}, native {want[j]}")
        bad += len(diff)
        print(f"span forms, QEMU_CPU={cpu}: {len(span_jobs) - len(diff)} of {len(span_jobs)} windows equal "
              f"({t_cpu:.1f} s)")

    # (2) Whole blocks against the committed digests.
    sets = digest_sets()
    have = set(pairs)
    jobs, expect = [], {}
    by_impl = {}
    for s in sets:
        if (s["impl"], s["fn"]) not in have:
            die(f"{s['source']}: {s['impl']}.{s['fn']} is committed but block_digests has no such implementation")
        by_impl.setdefault(s["impl"], []).append(s)
    for impl, ss in sorted(by_impl.items()):
        if a.scope == "ci":
            # One set per implementation, chosen by a fixed hash of its name
            # (so CI checks the same blocks every run), its middle block + 1.
            s = ss[zlib.crc32(impl.encode()) % len(ss)]
            picks = [(s, len(s["digests"]) // 2 + 1)]
        else:
            k = len(ss[0]["digests"]) if a.blocks == "all" else int(a.blocks)
            picks = [(s, b) for s in ss for b in spread(len(s["digests"]), k if a.blocks != "all" else len(s["digests"]))]
        for s, b in picks:
            j = (s["impl"], s["fn"], s["set"], s["seed"], b * BLOCK, BLOCK, s.get("outputs", "exact"))
            jobs.append(j)
            expect[j] = (s["digests"][b], s["source"])
    got, t_target = run(target, jobs)
    diff = 0
    for j in jobs:
        if got[j].lower() != expect[j][0].lower():
            diff += 1
            print(f"DIFFERENT {' '.join(map(str, j))}: target {got[j]}, {expect[j][1]} {expect[j][0]}")
    bad += diff
    print(f"committed blocks: {len(jobs)} of 2^24 outputs ({len(by_impl)} implementations): {len(jobs) - diff} equal "
          f"to vectors/*/digests.json ({t_target:.1f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
