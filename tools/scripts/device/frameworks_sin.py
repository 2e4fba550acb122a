#!/usr/bin/env python3
"""Which framework gives which bits (docs/porting.md): runs sin and cos of each
framework installed on the GPU machine, on its eager and compiled paths, over
the float32 inputs of an exported set (column 0 of INPUTS.npy), and saves every
output array with the frameworks' versions in OUT.npz; `bitexact identify`
names the implementation of each locally (tools/scripts/frameworks_table.py).

usage: frameworks_sin.py INPUTS.npy OUT.npz
A framework that is missing or fails is recorded with its error, not fatal.

As a module: framework_paths(x, meta) gives, for float32 inputs x, one
callable per framework path (torch-eager, torch-compile, cupy, jax-jit,
numba-cuda) that evaluates an op by its C name without the trailing f
("exp", "log1p", "normcdf", ...) and returns the float32 outputs, raising
KeyError where the framework has no such op (the NAMES tables); the
two-operand ops (PAIRS: pow, atan2, hypot, fmod) take their second operands from
framework_paths(x, meta, y);
tools/scripts/device/triton_libdevice.py --frameworks runs them on its ops.
"""
import json
import sys
import traceback

import numpy as np

# Each framework's function for an op, as a dotted path in its module(s); ops
# without an entry are not offered by that framework (as a float32 elementwise op).
_COMMON = {op: op for op in ("sin", "cos", "tan", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "tanh",
                             "sqrt", "sinh", "cosh")}
NAMES = {
    "torch": dict(_COMMON, atan="atan", asin="asin", acos="acos", erf="erf", erfc="erfc", erfinv="erfinv",
                  rsqrt="rsqrt", normcdf="special.ndtr", pow="pow", atan2="atan2", hypot="hypot",
                  fmod="fmod"),
    "cupy": dict(_COMMON, atan="arctan", asin="arcsin", acos="arccos", cbrt="cbrt", erf="x.erf", erfc="x.erfc",
                 erfinv="x.erfinv", normcdf="x.ndtr", pow="power", atan2="arctan2",
                 hypot="hypot", fmod="fmod"),  # x.: cupyx.scipy.special
    "jax": dict(_COMMON, atan="arctan", asin="arcsin", acos="arccos", cbrt="cbrt", erf="x.erf", erfc="x.erfc",
                erfinv="x.erfinv", normcdf="x.ndtr", rsqrt="lax.rsqrt", pow="power", atan2="arctan2",
                hypot="hypot", fmod="fmod"),  # x.: jax.scipy.special
    "numba": dict(_COMMON, atan="atan", asin="asin", acos="acos", erf="erf", erfc="erfc", pow="pow", atan2="atan2",
                  hypot="hypot", fmod="fmod"),  # the math module
}
# The ops of two operands (x, y): f(x, y) in every framework.
PAIRS = ("pow", "atan2", "hypot", "fmod")


def _resolve(modules, dotted):
    """modules: {"": main module, "x": extra, ...}; dotted "x.erf" or "special.ndtr"."""
    head, _, rest = dotted.partition(".")
    if head in modules and rest:
        obj, parts = modules[head], rest.split(".")
    else:
        obj, parts = modules[""], dotted.split(".")
    for p in parts:
        obj = getattr(obj, p)
    return obj


def framework_paths(x, meta, y=None):
    """{path: f(op) -> float32 outputs on x (and y for the PAIRS)}; versions and
    import failures go to meta."""
    paths = {}

    def operands(op, a, b):
        if op not in PAIRS:
            return (a,)
        if b is None:
            raise KeyError(op)  # no second operands given
        return (a, b)

    try:
        import torch
        meta["torch_version"] = torch.__version__
        xt = torch.from_numpy(x).cuda()
        yt = None if y is None else torch.from_numpy(y).cuda()
        compiled = {}

        def eager(op):
            return _resolve({"": torch}, NAMES["torch"][op])(*operands(op, xt, yt)).cpu().numpy()

        def comp(op):
            # Each op compiled afresh, fullgraph: torch.compile of one builtin
            # after another recompiles the same wrapper frame, and past
            # dynamo's recompile limit (8) it silently runs eager instead.
            if op not in compiled:
                torch._dynamo.reset()
                compiled[op] = torch.compile(_resolve({"": torch}, NAMES["torch"][op]), fullgraph=True)
            return compiled[op](*operands(op, xt, yt)).cpu().numpy()

        paths["torch-eager"], paths["torch-compile"] = eager, comp
    except Exception as e:  # noqa: BLE001
        meta["torch"] = f"unavailable: {e}"

    try:
        import cupy as cp
        import cupyx.scipy.special as cps
        meta["cupy_version"] = cp.__version__
        xc = cp.asarray(x)
        yc = None if y is None else cp.asarray(y)
        paths["cupy"] = lambda op: cp.asnumpy(_resolve({"": cp, "x": cps}, NAMES["cupy"][op])(*operands(op, xc, yc)))
    except Exception as e:  # noqa: BLE001
        meta["cupy"] = f"unavailable: {e}"

    try:
        import jax
        import jax.numpy as jnp
        import jax.scipy.special as jss
        meta["jax_version"] = jax.__version__
        meta["jax_devices"] = str(jax.devices())
        xj = jnp.asarray(x)
        yj = None if y is None else jnp.asarray(y)
        mods = {"": jnp, "x": jss, "lax": jax.lax}
        paths["jax-jit"] = lambda op: np.asarray(jax.jit(_resolve(mods, NAMES["jax"][op]))(*operands(op, xj, yj)))
    except Exception as e:  # noqa: BLE001
        meta["jax"] = f"unavailable: {e}"

    try:
        import math
        import numba
        from numba import cuda
        meta["numba_version"] = numba.__version__
        kernels = {}

        def nb(op):
            args = operands(op, x, y)
            if op not in kernels:
                f = _resolve({"": math}, NAMES["numba"][op])
                if len(args) == 1:
                    @cuda.jit
                    def k(a, o):
                        i = cuda.grid(1)
                        if i < a.size:
                            o[i] = f(a[i])
                else:
                    @cuda.jit
                    def k(a, b, o):
                        i = cuda.grid(1)
                        if i < a.size:
                            o[i] = f(a[i], b[i])
                kernels[op] = k
            o = cuda.device_array_like(x)
            kernels[op][(x.size + 255) // 256, 256](*[cuda.to_device(v) for v in args], o)
            return o.copy_to_host()

        paths["numba-cuda"] = nb
    except Exception as e:  # noqa: BLE001
        meta["numba"] = f"unavailable: {e}"
    return paths


def evaluate(fn, op, shape):
    """fn(op) as float32 of the inputs' shape; KeyError (no such op) passes through."""
    out = np.asarray(fn(op), dtype=np.float32)
    assert out.shape == shape, out.shape
    return out


def main():
    x = np.ascontiguousarray(np.load(sys.argv[1])[:, 0].astype(np.float32))
    results, meta = {}, {}
    paths = framework_paths(x, meta)

    try:
        import torch
        import triton
        import triton.language as tl
        from triton.language.extra import libdevice
        meta["triton_version"] = triton.__version__
        xt = torch.from_numpy(x).cuda()

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

        # the order of the original table: torch, triton, cupy, jax, numba
        order = ["torch-eager", "torch-compile"]
        paths = dict([(p, paths[p]) for p in order if p in paths] +
                     [("triton-tl", run(k_tl)), ("triton-libdevice", run(k_ld))] +
                     [(p, f) for p, f in paths.items() if p not in order])
    except Exception as e:  # noqa: BLE001
        meta["triton"] = f"unavailable: {e}"

    for name, fn in paths.items():
        try:
            for op in ("sin", "cos"):
                results[f"{name}.{op}"] = evaluate(fn, op, x.shape)
            meta[name] = "ok"
        except Exception as e:  # noqa: BLE001 - every failure is data here
            meta[name] = "failed: " + "".join(traceback.format_exception_only(type(e), e)).strip()

    np.savez(sys.argv[2], **results)
    with open(sys.argv[2] + ".json", "w") as f:
        json.dump(meta, f, indent=2)
    print(json.dumps(meta, indent=2))


if __name__ == "__main__":
    main()
