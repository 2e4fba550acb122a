#!/usr/bin/python3
"""The table "which framework gives which bits" (docs/porting.md) from a run of
tools/scripts/device/frameworks_sin.py: every output array of OUT.npz is given to
`bitexact identify` with the inputs it was computed from.

usage: tools/scripts/frameworks_table.py INPUTS.npy OUT.npz [BITEXACT_CLI]
Prints one markdown row per (framework path, function): versions, the best
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

inputs, npz = sys.argv[1], sys.argv[2]
cli = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(__file__), "..", "..", "build", "tools", "bitexact")
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
        f = os.path.join(tmp, key + ".npy")
        np.save(f, out)
        fn = op + "f"
        r = subprocess.run([cli, "identify", fn, "--inputs", inputs, "--outputs", f, "--json"], capture_output=True,
                           text=True, check=True)
        j = json.loads(r.stdout)
        best = j["matches"][0]
        share = f"{best['bitexact_share'] * 100:.2f}% of {j['inputs']}"
        resid = "; ".join(f"{n} {k}" for k, n in j["reasons"].items()) or "none"
        print(f"| {path} | {version.get(path.split('-')[0]) or '?'} | {fn} | `{j['best']}` ({share}) | "
              f"{', '.join(j['tied']) or '-'} | {resid} | {hashlib.sha256(out.tobytes()).hexdigest()[:16]} |")
for k, v in meta.items():
    if not k.endswith("_version") and v != "ok" and k != "jax_devices":
        print(f"\n{k}: {v}")
