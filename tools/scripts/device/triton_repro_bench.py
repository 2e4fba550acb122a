#!/usr/bin/env python3
"""Implementation `triton` on the GPU: bitexact's reproduction inside Triton kernels, against Triton's own libdevice.

The reproductions nv::NAME_triton, compiled by clang into a libdevice
replacement (device/build_cuda_bitcode.sh CLANG include triton OUT.bc, the
"triton" personality of device/replace_clang.cpp), are given to Triton as its
libdevice (the compile option extern_libs); the same kernels as
triton_libdevice.py then call bitexact's code where they called Triton's
bundled libdevice.10.bc. For every function and standard set (the sets of
vectors/triton/digests.json):

  * equality: the block digests of both (every block of the set), compared
    with each other and with the committed Triton digests;
  * time: the kernel launches over the whole set (all 2^32 inputs made in the
    kernel; for a pair set, its first 2^28 pairs loaded once and evaluated
    count / 2^28 times, so that both cover as many evaluations as the set),
    cudaEvents around the launches, Triton's libdevice and the reproduction
    alternately, median of --runs rounds. Every kernel stores each output, as
    a user's kernel does; ratio = reproduction / Triton's libdevice.

Writes OUT/triton_repro_bench.json and prints one line per set. Exit status 1
when a block differs.

usage: triton_repro_bench.py --bitcode BC [--out DIR] [--only NAMES] [--runs 5] [--pairs-log2 30]
Needs what triton_libdevice.py needs (torch, triton, numpy, g++).
"""
import argparse
import json
import os
import re
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import triton_libdevice as tl_dev  # noqa: E402  (kernels, sets, digests of Triton's libdevice)


def committed_triton():
    d = json.load(open(os.path.join(tl_dev.REPO, "vectors", "triton", "digests.json")))
    return {(s["fn"], s["set"], s["seed"]): s["digests"] for s in d["sets"]}


def time_set(r, fn, call, arity, width, kind, seed, count, opts):
    """ms of the launches covering `count` evaluations of fn (module docstring)."""
    torch, triton = r.torch, r.triton
    k_exh, k_list = tl_dev.kernels(r.tmp, re.sub(r"\W", "_", f"{fn}_f{width}"), call, arity, f"{fn}: {call}")
    n = min(tl_dev.CHUNK, count)
    d_o = r.typed(r.dev["o"], width, n)
    if kind == "exhaustive":
        launches = [lambda hi=hi: k_exh[(n // tl_dev.KB,)](d_o, hi, BLOCK=tl_dev.KB, **opts)
                    for hi in range(count >> tl_dev.CHUNK_LOG2)]
    else:
        if r.loaded != (fn, kind, seed):  # the first chunk of the set, on the device
            hx, hy = r.typed(r.host["x"], width, n), r.typed(r.host["y"], width, n)
            r.lib.fill(kind, arity, seed, 0, n, width=width, x=r.words(hx), y=r.words(hy) if arity == 2 else None)
            r.typed(r.dev["x"], width, n).copy_(hx)
            if arity == 2:
                r.typed(r.dev["y"], width, n).copy_(hy)
            r.loaded = (fn, kind, seed)
        d_x, d_y = r.typed(r.dev["x"], width, n), r.typed(r.dev["y"], width, n)
        launches = [lambda: k_list[(triton.cdiv(n, tl_dev.KB),)](d_x, d_y if arity == 2 else d_x, d_o, n,
                                                                  BLOCK=tl_dev.KB, **opts)] * (count // n)
    launches[0]()  # compiled and warm
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    a.record()
    for f in launches:
        f()
    b.record()
    b.synchronize()
    return a.elapsed_time(b)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bitcode", required=True, help="the triton personality's bitcode (device/build_cuda_bitcode.sh)")
    ap.add_argument("--out", default="out/triton_repro_bench")
    ap.add_argument("--only", help="comma-separated function names (default: every row with a libdevice build)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--pairs-log2", type=int, default=30)
    a = ap.parse_args()
    names = a.only.split(",") if a.only else list(tl_dev.FUNCTIONS)
    unknown = [f for f in names if f not in tl_dev.FUNCTIONS]
    if unknown:
        ap.error(f"unknown functions {unknown}; known: {' '.join(tl_dev.FUNCTIONS)}")
    if not os.path.isfile(a.bitcode):
        ap.error(f"no bitcode file {a.bitcode}")
    if not 1 <= a.runs <= 101 or not 28 <= a.pairs_log2 <= 32:
        ap.error("--runs 1..101, --pairs-log2 28..32")
    os.makedirs(a.out, exist_ok=True)
    import torch
    import triton
    native = {}
    repro = {"extern_libs": (("libdevice", os.path.abspath(a.bitcode)),)}
    ref = committed_triton()
    rows, differ = [], 0
    with tempfile.TemporaryDirectory(prefix="bx_triton_bench_") as tmp:
        lib = tl_dev.input_sets.build(tmp)
        r = tl_dev.Runner(torch, triton, lib, tl_dev.Digester(lib), native, tmp)
        r.loaded = None
        for fn in names:
            arity, width, call = tl_dev.FUNCTIONS[fn], tl_dev.WIDTH[fn], tl_dev.libdevice_call(fn)
            for kind, seed, count in tl_dev.standard_sets(fn, arity, a.pairs_log2, ("exhaustive", "uniform", "structured")):
                r.opts = native
                d_native, _ = r.run_set(fn, call, arity, width, kind, seed, count)
                r.opts = repro
                d_repro, ck = r.run_set(fn, call, arity, width, kind, seed, count)
                committed = ref.get((fn, kind, seed), [])
                equal = sum(x == y for x, y in zip(d_native, d_repro))
                equal_committed = sum(x == y for x, y in zip(d_repro, committed))
                differ += equal != len(d_native)
                tn, tr = [], []
                for _ in range(a.runs):
                    tn.append(time_set(r, fn, call, arity, width, kind, seed, count, native))
                    tr.append(time_set(r, fn, call, arity, width, kind, seed, count, repro))
                mn, mr = statistics.median(tn), statistics.median(tr)
                row = {"fn": fn, "set": kind, "seed": seed, "count": count, "blocks": len(d_native),
                       "equal_blocks": equal, "equal_committed_blocks": equal_committed,
                       "committed_blocks": len(committed), "native_ms": round(mn, 3), "repro_ms": round(mr, 3),
                       "ratio": round(mr / mn, 3), **tl_dev.compiled_info(ck)}
                rows.append(row)
                print(f"{fn:9s} {kind:10s} blocks {equal}/{len(d_native)} equal (committed Triton digests: "
                      f"{equal_committed}/{len(committed)}), Triton {mn:8.2f} ms, bitexact {mr:8.2f} ms, "
                      f"ratio {mr / mn:.2f}", flush=True)
    m = tl_dev.manifest(torch, triton, native, lib, "-")
    m["bitcode"] = {"path": a.bitcode, "bytes": os.path.getsize(a.bitcode), "sha256": tl_dev.sha256(a.bitcode)}
    m["runs"] = a.runs
    with open(os.path.join(a.out, "triton_repro_bench.json"), "w") as f:
        json.dump({"manifest": m, "sets": rows}, f, indent=1)
    print(f"{len(rows)} sets, {differ} with a differing block; worst ratio "
          f"{max(x['ratio'] for x in rows) if rows else 0:.2f}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
