#!/usr/bin/env python3
"""Which framework gives which bits (docs/porting.md): runs sin and cos of each
framework installed on the GPU machine, on its eager and compiled paths, over
the float32 inputs of an exported set (column 0 of INPUTS.npy), and saves every
output array with the frameworks' versions in OUT.npz; `bitexact identify`
names the implementation of each locally (tools/scripts/frameworks_table.py).

usage: frameworks_sin.py INPUTS.npy OUT.npz
A framework that is missing or fails is recorded with its error, not fatal.
"""
import json
import sys
import traceback

import numpy as np

x = np.ascontiguousarray(np.load(sys.argv[1])[:, 0].astype(np.float32))
results, meta = {}, {}


def record(name, fn):
    try:
        for op in ("sin", "cos"):
            out = np.asarray(fn(op), dtype=np.float32)
            assert out.shape == x.shape, out.shape
            results[f"{name}.{op}"] = out
        meta[name] = "ok"
    except Exception as e:  # noqa: BLE001 - every failure is data here
        meta[name] = "failed: " + "".join(traceback.format_exception_only(type(e), e)).strip()


try:
    import torch
    meta["torch_version"] = torch.__version__
    xt = torch.from_numpy(x).cuda()
    record("torch-eager", lambda op: getattr(torch, op)(xt).cpu().numpy())
    compiled = {op: torch.compile(getattr(torch, op)) for op in ("sin", "cos")}
    record("torch-compile", lambda op: compiled[op](xt).cpu().numpy())
except Exception as e:  # noqa: BLE001
    meta["torch"] = f"unavailable: {e}"

try:
    import triton
    import triton.language as tl
    from triton.language.extra import libdevice
    meta["triton_version"] = triton.__version__

    @triton.jit
    def k_tl(x_ptr, o_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + i, mask=i < n)
        r = tl.sin(v) if OP == 0 else tl.cos(v)
        tl.store(o_ptr + i, r, mask=i < n)

    @triton.jit
    def k_ld(x_ptr, o_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + i, mask=i < n)
        r = libdevice.sin(v) if OP == 0 else libdevice.cos(v)
        tl.store(o_ptr + i, r, mask=i < n)

    def run(kernel):
        def f(op):
            o = torch.empty_like(xt)
            kernel[(triton.cdiv(x.size, 1024),)](xt, o, x.size, OP=0 if op == "sin" else 1, BLOCK=1024)
            return o.cpu().numpy()
        return f

    record("triton-tl", run(k_tl))
    record("triton-libdevice", run(k_ld))
except Exception as e:  # noqa: BLE001
    meta["triton"] = f"unavailable: {e}"

try:
    import cupy as cp
    meta["cupy_version"] = cp.__version__
    xc = cp.asarray(x)
    record("cupy", lambda op: cp.asnumpy(getattr(cp, op)(xc)))
except Exception as e:  # noqa: BLE001
    meta["cupy"] = f"unavailable: {e}"

try:
    import jax
    import jax.numpy as jnp
    meta["jax_version"] = jax.__version__
    meta["jax_devices"] = str(jax.devices())
    xj = jnp.asarray(x)
    record("jax-jit", lambda op: np.asarray(jax.jit(getattr(jnp, op))(xj)))
except Exception as e:  # noqa: BLE001
    meta["jax"] = f"unavailable: {e}"

try:
    import math
    import numba
    from numba import cuda
    meta["numba_version"] = numba.__version__

    @cuda.jit
    def k_nb_sin(a, o):
        i = cuda.grid(1)
        if i < a.size:
            o[i] = math.sin(a[i])

    @cuda.jit
    def k_nb_cos(a, o):
        i = cuda.grid(1)
        if i < a.size:
            o[i] = math.cos(a[i])

    def nb(op):
        o = cuda.device_array_like(x)
        (k_nb_sin if op == "sin" else k_nb_cos)[(x.size + 255) // 256, 256](cuda.to_device(x), o)
        return o.copy_to_host()

    record("numba-cuda", nb)
except Exception as e:  # noqa: BLE001
    meta["numba"] = f"unavailable: {e}"

np.savez(sys.argv[2], **results)
with open(sys.argv[2] + ".json", "w") as f:
    json.dump(meta, f, indent=2)
print(json.dumps(meta, indent=2))
