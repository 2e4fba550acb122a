#!/usr/bin/env python3
"""Turns the output of tools/scripts/device/run_nv_native.sh into the committed NVIDIA vectors.

Usage: tools/scripts/import_nv_device_run.py RUN_DIR [--driver 580.159.04]
       tools/scripts/import_nv_device_run.py RUN_DIR --add MODE=IMPL
RUN_DIR holds ieee/native.json and ftz/native.json, optionally fast/native.json
(tools/scripts/device/run_nv_native.sh OUT --repro 30 fast: the native functions under
-use_fast_math, implementation nv-fast), and env.txt from nvidia-smi.
Writes vectors/nv/digests.json and vectors/nv/edge.txt.
--add: adds the sets of RUN_DIR/MODE/native.json (e.g. intrinsics=nv-intrinsics) that
vectors/nv/digests.json and vectors/nv-sfu/digests.json lack, with a manifest note naming the run; a set it has
already must have the same digests (a re-measurement), else nothing is written.
"""
import json
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DIGEST_KEYS = ("fn", "impl", "set", "seed", "count", "block", "digests")


def read_env(run):
    """(driver, nvcc) from RUN/env.txt (nvidia-smi and nvcc --version), "unknown" where absent."""
    driver = nvcc = "unknown"
    env = os.path.join(run, "env.txt")
    if os.path.exists(env):
        text = open(env).read()
        m = re.search(r"Driver Version:\s*([0-9.]+)", text)
        if m:
            driver = m.group(1)
        m = re.search(r"release ([0-9.]+), (V[0-9.]+)", text)
        nvcc = m.group(0) if m else "unknown"
    return driver, nvcc


def digest_set(s, impl):
    """One committed set: the run's set s under implementation impl, in the key order of digests.json."""
    return dict(zip(DIGEST_KEYS, [s["fn"], impl] + [s[k] for k in DIGEST_KEYS[2:]]))


def write_digests(vendor, manifest, sets):
    """Writes vectors/VENDOR/digests.json (the layout tests/digest_check.hpp reads); returns its path."""
    os.makedirs(os.path.join(ROOT, "vectors", vendor), exist_ok=True)
    path = os.path.join(ROOT, "vectors", vendor, "digests.json")
    with open(path, "w") as f:
        json.dump({"manifest": manifest, "sets": sets}, f, indent=1)
        f.write("\n")
    return path


def add(run, mode, impl):
    """The --add of the module docstring; returns the exit status."""
    data = json.load(open(os.path.join(run, mode, "native.json")))
    path = os.path.join(ROOT, "vectors", "nv", "digests.json")
    committed = json.load(open(path))
    have = {(s["fn"], s["impl"], s["set"], s["seed"]): s["digests"] for s in committed["sets"]}
    # the SFU probe's file holds the intrinsics' sets too (vectors/nv-sfu): a set there is not added again
    sfu = json.load(open(os.path.join(ROOT, "vectors", "nv-sfu", "digests.json")))["sets"]
    have.update({(s["fn"], s["impl"], s["set"], s["seed"]): s["digests"] for s in sfu if "impl" in s})
    new, same = [], []
    for s in data["sets"]:
        key = (s["fn"], impl, s["set"], s["seed"])
        if key in have:
            if have[key] != s["digests"]:
                print(f"{' '.join(map(str, key))}: committed with other digests; nothing written")
                return 1
            same.append(key)
        else:
            new.append(digest_set(s, impl))
    if not new:
        print(f"nothing to add ({len(same)} sets re-measured equal)")
        return 0
    driver, nvcc = read_env(run)
    man = data["manifest"]
    committed["manifest"]["notes"].append(
        f"{impl} sets of {', '.join(sorted({s['fn'] for s in new}))} ({len(new)}): measured on an {man['gpu']} "
        f"(sm_{man['sm'].replace('.', '')}, driver {driver}, nvcc {nvcc}) with device/nv_native.cu, build "
        f"{man['mode']} ({man['nvcc_flags']}); the same run re-measured {len(same)} committed {impl} sets equal")
    write_digests("nv", committed["manifest"], committed["sets"] + new)
    print(f"{len(new)} sets added, {len(same)} re-measured equal")
    return 0


def main():
    run = sys.argv[1]
    if len(sys.argv) == 4 and sys.argv[2] == "--add" and "=" in sys.argv[3]:
        sys.exit(add(run, *sys.argv[3].split("=", 1)))
    modes = {"ieee": "nv", "ftz": "nv-ftz", "fast": "nv-fast"}
    modes = {m: i for m, i in modes.items() if m != "fast" or os.path.exists(os.path.join(run, m, "native.json"))}
    data = {m: json.load(open(os.path.join(run, m, "native.json"))) for m in modes}
    driver, nvcc = read_env(run)

    man = data["ieee"]["manifest"]
    manifest = {
        "source": "native CUDA math functions on the GPU (nvcc links libdevice __nv_*), device/nv_native.cu",
        "gpu": man["gpu"],
        "compute_capability": man["sm"],
        "driver": driver,
        "cuda_runtime_api": man["runtime_version"],
        "nvcc": nvcc,
        "nvcc_flags": {modes[m]: data[m]["manifest"]["nvcc_flags"] for m in modes},
        "digest": man["digest"],
        "input_sets": {
            "exhaustive": "input i = bit pattern i, i < 2^32",
            "uniform": "operand k of input i = word_at(seed, i, k) (bitexact/inputs.hpp; upper 32 bits for f32)",
            "structured": "inputs::structured_pair<T>(seed, i) for fmod, inputs::structured_single<T>(seed, i) for ceil",
        },
        "command": "tools/scripts/device/run_nv_native.sh OUT --repro; tools/scripts/import_nv_device_run.py OUT",
        "notes": [
            "fmod with BOTH operands NaN: libdevice returns `fadd double %a, %b`, and which NaN payload "
            "the GPU's add.f64 returns depends on the operand order ptxas chooses for this commutative "
            "add in the caller's kernel. In a kernel evaluating only the native fmod (device run 1) the "
            "first operand's payload came back (uniform seed 3 block 0 digest 0x9f2411fa1612d119); in a "
            "kernel evaluating the native fmod next to the reproduction, and in the edge kernel, the "
            "second operand's (block 0 digest 0xaa4202ae1a3b22e4). The committed digests are from the "
            "latter run; bitexact::nv::fmod follows the second-operand rule. No other set differed "
            "between the two runs.",
        ],
    }
    sets = [digest_set(s, impl) for m, impl in modes.items() for s in data[m]["sets"]]
    write_digests("nv", manifest, sets)

    lines = ["# NVIDIA libdevice outputs on the edge inputs of vectors/edge_inputs.txt,",
             f"# measured on {man['gpu']} (driver {driver}, {nvcc}); see digests.json manifest.",
             "# Unary rows have no y column.",
             "# columns: fn x y nv nv-ftz"]
    for fn in data["ieee"]["edges"]:
        a, b = data["ieee"]["edges"][fn], data["ftz"]["edges"][fn]
        assert len(a) == len(b)
        for ra, rb in zip(a, b):
            assert ra[:-1] == rb[:-1]
            lines.append(" ".join([fn] + ra + [rb[-1]]))
    with open(os.path.join(ROOT, "vectors", "nv", "edge.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(sets)} digest sets, {len(lines) - 4} edge rows")


if __name__ == "__main__":
    main()
