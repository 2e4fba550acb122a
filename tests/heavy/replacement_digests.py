#!/usr/bin/python3
"""Heavy test of the libm replacement libraries (docs/replacement.md, "Host"):
the unmodified C++ program tests/replacement/probe.cpp, built against the
normal libm, evaluates every standard input set of vectors/nv/digests.json
(all 2^32 inputs of sinf cosf ceilf; 2^30 uniform + 2^30 structured inputs of
fmodf fmod ceil) through std::sin/std::fmod/std::ceil, (a) under
LD_PRELOAD=libbitexact_<p>.so and (b) relinked with libbitexact_<p>.a ahead of
libm, and every block digest must equal the H100's committed one.

usage: replacement_digests.py --source DIR --libdir DIR --work DIR --cc CC --cxx CXX
         [--threads N] [--only PERSONALITY.FN[.ROUTE],...] [--blocks FIRST:N]
         [--prebuilt] [--loader "CMD ARGS"]
--threads defaults to $BITEXACT_REPLACE_THREADS, else all cores; --blocks
restricts every set to those blocks (a quick look). --prebuilt runs the probes
an earlier run left in --work instead of building them (another machine's
cores: with --loader, e.g. "lib/ld-linux-x86-64.so.2 --library-path lib", the
probes run on the C/C++ runtime they were built with). Exit 0 pass, 1
mismatch, 2 bad arguments.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import time

# No __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "replacement"))
import run_edge  # noqa: E402  (the probes' build recipe)


def main():
    ap = argparse.ArgumentParser()
    for a in ("--source", "--libdir", "--work", "--cc", "--cxx"):
        ap.add_argument(a, required=True)
    ap.add_argument("--threads", type=int,
                    default=int(os.environ.get("BITEXACT_REPLACE_THREADS", "0")) or os.cpu_count())
    ap.add_argument("--only", default="")
    ap.add_argument("--blocks", default="")
    ap.add_argument("--prebuilt", action="store_true")
    ap.add_argument("--loader", default="")
    a = ap.parse_args()
    loader = shlex.split(a.loader)
    only = [o.split(".") for o in a.only.split(",") if o]
    first = nblocks = None
    if a.blocks:
        try:
            first, nblocks = (int(v, 0) for v in a.blocks.split(":"))
        except ValueError:
            run_edge.die(f"--blocks {a.blocks}: expected FIRST:N")
    os.makedirs(a.work, exist_ok=True)
    w = lambda n: os.path.join(a.work, n)

    if not a.prebuilt:
        run_edge.run([a.cxx, *run_edge.cxx_flags, "-I", os.path.join(a.source, "include"), "-c",
                      os.path.join(a.source, "tests/replacement/probe.cpp"), "-o", w("probe_cpp.o")])
        run_edge.run([a.cxx, w("probe_cpp.o"), "-o", w("probe_cpp"), *run_edge.cxx_libs])
    try:
        with open(os.path.join(a.source, "vectors/nv/digests.json")) as f:
            sets = json.load(f)["sets"]
    except (OSError, ValueError, KeyError) as e:
        run_edge.die(f"vectors/nv/digests.json: {e}")

    failures = 0
    for p in ("nv", "nv-ftz"):
        lib = "bitexact_" + p.replace("-", "_")
        so, ar = os.path.join(a.libdir, f"lib{lib}.so"), os.path.join(a.libdir, f"lib{lib}.a")
        if not a.prebuilt:
            run_edge.run([a.cxx, w("probe_cpp.o"), ar, *run_edge.cxx_libs, "-o", w(f"probe_cpp_{p}")])
        routes = {"preload": (loader + [w("probe_cpp")], dict(os.environ, LD_PRELOAD=os.path.abspath(so))),
                  "static": (loader + [w(f"probe_cpp_{p}")], dict(os.environ))}
        for s in sets:
            if s["impl"] != p:
                continue
            for route, (cmd, env) in routes.items():
                key = [p, s["fn"], route]
                if only and not any(key[: len(o)] == o for o in only):
                    continue
                block = s["block"]
                want = [(i * block, int(d, 16)) for i, d in enumerate(s["digests"])]
                extra = []
                if first is not None:
                    want = want[first : first + nblocks]
                    extra = [str(first), str(len(want))]
                t0 = time.monotonic()
                out = run_edge.run(cmd + ["digests", s["fn"], s["set"], str(s["seed"]), str(s["count"]),
                                          str(a.threads), *extra], env=env)
                dt = time.monotonic() - t0
                got = [tuple(int(v, 16) for v in l.split()) for l in out.splitlines()]
                bad = [(wv, g) for wv, g in zip(want, got) if wv != g]
                label = f"{p}.{s['fn']} {s['set']}:{s['seed']} via {route}"
                if len(got) != len(want) or bad:
                    failures += 1
                    for (start, d), g in bad[:3]:
                        print(f"FAIL {label}: block 0x{start:08x} digest 0x{g[1]:016x}, H100 0x{d:016x}")
                    print(f"FAIL {label}: {len(bad)} of {len(want)} blocks differ ({len(got)} printed)")
                else:
                    n = len(want) * block
                    print(f"ok   {label}: {len(want)} blocks ({n} inputs) equal the H100's, "
                          f"{dt:.1f} s wall on {a.threads} threads", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
