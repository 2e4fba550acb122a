"""The standard input sets of include/bitexact/inputs.hpp for Python harnesses.

build(tmpdir) compiles device/input_sets_lib.cpp with g++ into tmpdir and
returns an InputSets whose fill() gives the very operands of
inputs::standard_input<T, Arity> (the function device/nv_native.cu's kernels
and the CPU digest tests call): nothing is re-implemented in Python.
With xxhash.h on the include path (/usr/include, or XXHASH_INC=dir) the
library also digests blocks with XXH3_64bits on all cores (has_xxhash).
Needs only numpy and a C++20 g++ (CXX=...).
"""
import ctypes
import os
import subprocess

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SOURCE = os.path.join(REPO, "device", "input_sets_lib.cpp")
KINDS = {"exhaustive": 0, "uniform": 1, "structured": 2}  # inputs::set_kind


class InputSets:
    def __init__(self, path):
        self.path = path
        lib = ctypes.CDLL(path)
        u64, i32, vp = ctypes.c_uint64, ctypes.c_int, ctypes.c_void_p
        for name in ("bx_fill_f32", "bx_fill_f64"):
            f = getattr(lib, name)
            f.argtypes = [i32, i32, u64, u64, u64, vp, vp, i32]
            f.restype = i32
        lib.bx_has_xxhash.restype = i32
        lib.bx_xxh3_blocks.argtypes = [vp, u64, u64, vp, i32]
        lib.bx_xxh3_blocks.restype = i32
        self.lib = lib
        self.has_xxhash = bool(lib.bx_has_xxhash())

    def fill(self, kind, arity, seed, base, n, width=32, x=None, y=None, threads=0):
        """Operands of inputs base .. base+n-1 of a standard set as uint32/uint64
        arrays (x, y); y is None for one operand. x, y may be given (C-contiguous,
        right dtype, at least n long: pinned buffers) and are filled in place."""
        dt = np.uint32 if width == 32 else np.uint64
        if x is None:
            x = np.empty(n, dtype=dt)
        if y is None and arity == 2:
            y = np.empty(n, dtype=dt)
        for a in (x, y):
            if a is not None:
                assert a.dtype == dt and a.flags.c_contiguous and a.size >= n, (a.dtype, a.size, n)
        f = self.lib.bx_fill_f32 if width == 32 else self.lib.bx_fill_f64
        rc = f(KINDS[kind], arity, seed, base, n, x.ctypes.data, y.ctypes.data if y is not None else None, threads)
        if rc != 0:
            raise ValueError(f"no standard set {kind} for {arity} operand(s) of width {width}")
        return x, y

    def xxh3_blocks(self, buf, block_bytes, threads=0):
        """XXH3_64bits (seed 0) of each block_bytes of the C-contiguous array buf."""
        assert self.has_xxhash and buf.flags.c_contiguous and buf.nbytes % block_bytes == 0
        out = np.empty(buf.nbytes // block_bytes, dtype=np.uint64)
        rc = self.lib.bx_xxh3_blocks(buf.ctypes.data, out.size, block_bytes, out.ctypes.data, threads)
        assert rc == 0
        return [int(v) for v in out]


def build(tmpdir, xxhash=True):
    """Compiles the library into tmpdir (with XXH3 where xxhash.h is found) and loads it."""
    cxx = os.environ.get("CXX", "g++")
    out = os.path.join(tmpdir, "libbx_inputs.so")
    base = [cxx, "-O2", "-std=c++20", "-shared", "-fPIC", "-pthread", "-I" + os.path.join(REPO, "include")]
    tries = []
    if xxhash:
        inc = os.environ.get("XXHASH_INC")
        tries.append(base + (["-I" + inc] if inc else []) + ["-DBX_WITH_XXHASH"])
    tries.append(base)
    err = ""
    for cmd in tries:
        r = subprocess.run(cmd + [SOURCE, "-o", out], capture_output=True, text=True)
        if r.returncode == 0:
            return InputSets(out)
        err = r.stderr
    raise RuntimeError(f"cannot build {SOURCE}: {err[-2000:]}")
