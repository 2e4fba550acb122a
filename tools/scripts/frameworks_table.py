#!/usr/bin/python3
"""The table "which framework gives which bits" (docs/porting.md) from a run of
tools/scripts/device/frameworks_sin.py: every output array of OUT.npz is given to
`bitexact identify` with the inputs it was computed from.

usage: tools/scripts/frameworks_table.py INPUTS.npy OUT.npz [BITEXACT_CLI]
       tools/scripts/frameworks_table.py RUN_DIR [BITEXACT_CLI]
RUN_DIR: the OUT of tools/scripts/device/triton_libdevice.py --frameworks
(frameworks.json and frameworks_K.npz: uint32 inputs and outputs per op; the
table then also says how many of the whole sample's outputs differ from Triton
libdevice's). Prints one markdown row per (framework path, function): versions, the best
implementation with its bit-identical share, the ties, the residual reasons,
and the SHA-256 of the output array's bytes (float32, little-endian).
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

DEFAULT_CLI = os.path.join(os.path.dirname(__file__), "..", "..", "build", "tools", "bitexact")

def identify(cli, fn, inputs, out, tmp, key):
    """bitexact identify's JSON for float32 outputs out (n, 1) of fn on the inputs file."""
    f = os.path.join(tmp, key + ".npy")
    np.save(f, out)
    r = subprocess.run([cli, "identify", fn, "--inputs", inputs, "--outputs", f, "--json"], capture_output=True,
                       text=True)
    if r.returncode != 0:  # e.g. a function bitexact does not know yet: one line, exit 2
        return {"error": (r.stderr.strip() or r.stdout.strip() or f"exit {r.returncode}").splitlines()[-1]}
    return json.loads(r.stdout)


def row(path, ver, fn, j, out, extra=""):
    if "error" in j:
        print(f"| {path} | {ver or '?'} | {fn} | identify: {j['error']} | | | "
              f"{hashlib.sha256(out.tobytes()).hexdigest()[:16]} |{extra}")
        return
    best = j["matches"][0]
    share = f"{best['bitexact_share'] * 100:.2f}% of {j['inputs']}"
    resid = "; ".join(f"{n} {k}" for k, n in j["reasons"].items()) or "none"
    print(f"| {path} | {ver or '?'} | {fn} | `{j['best']}` ({share}) | "
          f"{', '.join(j['tied']) or '-'} | {resid} | {hashlib.sha256(out.tobytes()).hexdigest()[:16]} |{extra}")


def run_dir(run, cli):
    """The table of a triton_libdevice.py --frameworks run."""
    meta = json.load(open(os.path.join(run, "frameworks.json")))
    files = {name: np.load(os.path.join(run, name)) for name in set(meta["arrays"].values())}

    def array(key):
        return files[meta["arrays"][key]][key]

    version = {"torch": meta.get("torch_version"), "triton": meta.get("triton_version"),
               "cupy": meta.get("cupy_version"), "jax": meta.get("jax_version"), "numba": meta.get("numba_version")}
    print(f"sample: {meta['sample']}; identify on the first {meta['kept_head']} and up to 2048 inputs where paths disagree")
    print("| framework, path | version | function | implementation (bit-identical share) | also every output | residual "
          "| output SHA-256 | differ from triton-libdevice (whole sample) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        inputs = {}
        for key in sorted(meta["outputs"]):
            path, op = key.rsplit(".", 1)
            if op not in inputs:
                inputs[op] = os.path.join(tmp, f"inputs.{op}.npy")
                cols = [array(f"inputs.{op}")]
                if f"inputs_y.{op}" in meta["arrays"]:  # a two-operand op: x and y columns
                    cols.append(array(f"inputs_y.{op}"))
                np.save(inputs[op], np.ascontiguousarray(np.stack(cols, axis=1).view("<f4")))
            out = np.ascontiguousarray(array(meta["outputs"][key]).view("<f4").reshape(-1, 1))
            st = meta["stats"][op][path]
            row(path, version.get(path.split("-")[0]), op + "f", identify(cli, op + "f", inputs[op], out, tmp, key), out,
                f" {st.get('differ_from_triton_libdevice', '-')} ({st.get('of_which_nan_payload', 0)} NaN payload) |")
    for op, st in meta["stats"].items():
        for path, s in st.items():
            if "failed" in s:
                print(f"\n{path}.{op}: {s['failed']}")
    for k, v in meta.items():
        if k in ("torch", "cupy", "jax", "numba"):
            print(f"\n{k}: {v}")


if os.path.isdir(sys.argv[1]):
    run_dir(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else DEFAULT_CLI)
    sys.exit(0)
inputs, npz = sys.argv[1], sys.argv[2]
cli = sys.argv[3] if len(sys.argv) > 3 else DEFAULT_CLI
meta = json.load(open(npz + ".json"))
data = np.load(npz)
version = {"torch": meta.get("torch_version"), "triton": meta.get("triton_version"),
           "cupy": meta.get("cupy_version"), "jax": meta.get("jax_version"), "numba": meta.get("numba_version")}
print("| framework, path | version | function | implementation (bit-identical share) | also every output | residual | output SHA-256 |")
print("| --- | --- | --- | --- | --- | --- | --- |")
with tempfile.TemporaryDirectory() as tmp:
    for key in sorted(data.files):
        path, op = key.rsplit(".", 1)
        out = np.ascontiguousarray(data[key].astype("<f4").reshape(-1, 1))
        fn = op + "f"
        row(path, version.get(path.split('-')[0]), fn, identify(cli, fn, inputs, out, tmp, key), out)
for k, v in meta.items():
    if not k.endswith("_version") and v != "ok" and k != "jax_devices":
        print(f"\n{k}: {v}")
