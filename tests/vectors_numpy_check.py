#!/usr/bin/python3
"""Loads an exported .npy set with NumPy alone, as a user would (vectors/README.md),
and checks it against the hex export of the same set: shape, dtype and every
bit pattern (NaN payloads included). Run by ctest with Debian's python3-numpy.

usage: vectors_numpy_check.py BITEXACT_CLI WORKDIR
"""
import os
import subprocess
import sys

import numpy as np

cli, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
for fn, impl, inputs, ncols, utype in (("sinf", "nv", "edge", 2, np.uint32), ("fmod", "ocml", "uniform:300:9", 3, np.uint64)):
    npy, hexf = os.path.join(work, fn + ".npy"), os.path.join(work, fn + ".hex")
    for fmt, path in (("npy", npy), ("hex", hexf)):
        subprocess.run([cli, "vectors", "export", fn, "--impl", impl, "--inputs", inputs, "--format", fmt,
                        "--out", path], check=True)
    # --- the snippet a user needs: nothing but NumPy ---
    table = np.load(npy)                    # float32 / float64, shape (rows, columns): x [y] out
    bits = table.view(utype)                # the same bytes as bit patterns
    # ---
    want = np.array([[int(w, 16) for w in line.split()] for line in open(hexf)], dtype=utype)
    assert table.shape == (len(want), ncols), (fn, table.shape)
    assert table.dtype == (np.float32 if utype == np.uint32 else np.float64), table.dtype
    assert (bits == want).all(), fn
    nans = np.isnan(table[:, -1]).sum()
    print(f"{fn}: {table.shape[0]} rows, {nans} NaN outputs, every bit pattern equal to the hex export")
