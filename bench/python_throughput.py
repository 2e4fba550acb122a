"""Throughput of the Python module against the C++ batch API, same run, same
cores (target, issue 20: >= 0.8x on 2^24 float32 elements).

    PYTHONPATH=build/python /usr/bin/python3 bench/python_throughput.py

Both evaluate libdevice's sinf (bitexact::nv::sinf) on all cores: the
baseline calls the span API directly (module function cpp_batch_nv_sinf),
bitexact.nv.sinf goes through the engine's implementation table as every
Python call does. Inputs: uniform random bit patterns of finite floats with
|x| < 105615 (libdevice's fast path), and all-range random patterns.
"""
import time

import numpy as np

import bitexact
from bitexact import _bitexact as core


def best(f, reps=7):
    t = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        t.append(time.perf_counter() - t0)
    return min(t)


n = 1 << 24
rng = np.random.default_rng(1)
sets = {
    "|x| < 105615": rng.uniform(-105614.0, 105614.0, n).astype(np.float32),
    "all floats": rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32).view(np.float32),
}
print(f"2^24 float32 elements, all cores; ratio = C++ time / Python time (>= 0.8 wanted)")
for name, x in sets.items():
    out = np.empty_like(x)
    cpp = best(lambda: core.cpp_batch_nv_sinf(x, out))
    ref = out.copy()
    py = best(lambda: bitexact.nv.sinf(x, out=out))
    assert np.array_equal(out.view(np.uint32), ref.view(np.uint32))
    print(f"  {name:14} C++ batch {cpp * 1e3:7.1f} ms  Python {py * 1e3:7.1f} ms  ratio {cpp / py:.2f}")
