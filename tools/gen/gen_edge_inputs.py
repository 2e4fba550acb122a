#!/usr/bin/env python3
"""Writes vectors/edge_inputs.txt: the edge inputs every vendor run evaluates.

Each line is `FN X [Y]` (hex bit patterns); a comment before each group says
why the group is there. The device and bitcode runs read this file and record
each implementation's output next to the input (vectors/<vendor>/edge.txt).
Regenerate with: python3 tools/gen/gen_edge_inputs.py > vectors/edge_inputs.txt
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import function_rows  # noqa: E402  (the rows of include/bitexact/functions.def)


def edge_rows():
    """[(NAME, width in bits, EDGES family)] in row order, from the BITEXACT_FUNCTION
    and BITEXACT_FUNCTION_NO_OCML rows of include/bitexact/functions.def."""
    return [(r.name, function_rows.width(r), r.edges) for r in function_rows.rows()
            if r.kind in ("FUNCTION", "FUNCTION_NO_OCML")]


ROWS = edge_rows()
WIDTH = {name: width for name, width, _ in ROWS}


def f2b(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def d2b(v):
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def b2f(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


F32_SPECIALS = [
    (0x00000000, "+0"), (0x80000000, "-0"),
    (0x00000001, "+min subnormal"), (0x80000001, "-min subnormal"),
    (0x007FFFFF, "+max subnormal"), (0x807FFFFF, "-max subnormal"),
    (0x00800000, "+min normal"), (0x80800000, "-min normal"),
    (0x7F7FFFFF, "+max"), (0xFF7FFFFF, "-max"),
    (0x7F800000, "+inf"), (0xFF800000, "-inf"),
    (0x7FC00000, "default qNaN"), (0xFFC00000, "-qNaN"),
    (0x7FC12345, "qNaN with payload"), (0xFFFFFFFF, "all-ones NaN"),
    (0x7F800001, "sNaN min payload"), (0xFF800001, "-sNaN"), (0x7FA00000, "sNaN payload"),
    (0x3F800000, "1"), (0xBF800000, "-1"), (0x3F000000, "0.5"), (0xBF000000, "-0.5"),
]
F64_SPECIALS = [
    (0x0000000000000000, "+0"), (0x8000000000000000, "-0"),
    (0x0000000000000001, "+min subnormal"), (0x8000000000000001, "-min subnormal"),
    (0x000FFFFFFFFFFFFF, "+max subnormal"), (0x0010000000000000, "+min normal"),
    (0x7FEFFFFFFFFFFFFF, "+max"), (0xFFEFFFFFFFFFFFFF, "-max"),
    (0x7FF0000000000000, "+inf"), (0xFFF0000000000000, "-inf"),
    (0x7FF8000000000000, "default qNaN"), (0xFFF8000000000000, "-qNaN"),
    (0x7FF8000000012345, "qNaN with payload"), (0x7FF0000000000001, "sNaN"),
    (0x3FF0000000000000, "1"), (0xBFF0000000000000, "-1"),
    (0x3FE0000000000000, "0.5"), (0xBFE0000000000000, "-0.5"),
]


# SplitMix64 one step from state z (Vigna's splitmix64.c). Its C++ home is
# bitexact::inputs::mix64 (include/bitexact/inputs.hpp); this script keeps a
# copy because it is a stand-alone generator with no binding to the C++
# library, and the file it wrote is frozen: vectors/nv/edge.txt holds the
# H100's outputs on exactly these inputs. tests/vectors_test.cpp
# (Inputs.EdgeInputFileSamplesAreSplitMix64) checks the committed file
# against the C++ generator.
def splitmix(z):
    z = (z + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


# The groups of each edge family (the EDGES column; src/sweep/corpus.cpp builds
# the C++ side of the same families) per operand width, as group(why, items)
# calls for function fn. A new row of an existing family gets its inputs from
# here with nothing to add; a new family or width is refused below. The
# sampled groups' seeds are fixed per family and width: the committed file, and
# the device outputs recorded on it (vectors/*/edge.txt), must not move.
def trig_32(group, fn):
    cw = f2b(105615.0)
    group("IEEE specials (zeros, subnormals, max, infinities, quiet and signalling NaNs)",
          [(b,) for b, _ in F32_SPECIALS])
    group("libdevice Cody-Waite threshold 105615.0f and its neighbours, both signs",
          [(b | s,) for d in range(-3, 4) for s in (0, 0x80000000) for b in (cw + d,)])
    group("nearest floats to k*pi/2, k = 1..64 (reduction near a quadrant boundary)",
          [(f2b(k * math.pi / 2) + d,) for k in range(1, 65) for d in (-1, 0, 1)])
    group("large arguments (Payne-Hanek path), e.g. 0x1.5dea4ap+81",
          [(f2b(float.fromhex("0x1.5dea4ap+81")),), (0x5D4A3D56,), (0x7E800000,), (0x4B800000,),
           (0x4B000000,), (0x4F000000,), (0x6F000000,), (0xE6000000,), (0x47000000,), (0x49800000,)])
    group("tiny arguments where sin(x) rounds to x",
          [(b,) for b in (0x39800000, 0x39FFFFFF, 0x3A000000, 0x38000000, 0x30000000, 0x0F000000)])
    group("sampled: uniform bit patterns splitmix64(7 + i) >> 32, i < 512",
          [(splitmix(7 + i) >> 32,) for i in range(512)])


def ceil_32(group, fn):
    group("IEEE specials", [(b,) for b, _ in F32_SPECIALS])
    group("around integers and the 2^23 boundary (all floats >= 2^23 are integers)",
          [(f2b(v) + d,) for v in (1.0, 2.0, 3.0, -1.0, -2.0, 8388608.0, -8388608.0, 16777216.0)
           for d in (-1, 0, 1)])
    group("(-1, 0): ceil is -0" if fn == "ceilf" else "(-1, 0): a zero or -1 result",
          [(0xBF7FFFFF,), (0xBE800000,), (0x80400000,)])
    group("sampled: uniform bit patterns", [(splitmix(11 + i) >> 32,) for i in range(512)])


def ceil_64(group, fn):
    group("IEEE specials", [(b,) for b, _ in F64_SPECIALS])
    group("around integers and the 2^52 boundary",
          [(d2b(v) + d,) for v in (1.0, 2.0, -1.0, 2.0**52, -2.0**52, 2.0**53) for d in (-1, 0, 1)])
    group("sampled: uniform bit patterns", [(splitmix(19 + i),) for i in range(512)])


def fmod_32(group, fn):
    sp = [b for b, _ in F32_SPECIALS]
    group("every pair of IEEE specials", [(a, b) for a in sp for b in sp])
    group("exponent gaps 0..253 with mantissa 1.5 / 1.25",
          [(((g + 1) << 23) | 0x400000, (1 << 23) | 0x200000) for g in range(0, 254)])
    group("sampled: uniform bit pattern pairs",
          [(splitmix(13 + i) >> 32, splitmix(1013 + i) >> 32) for i in range(512)])


def fmod_64(group, fn):
    dsp = [b for b, _ in F64_SPECIALS]
    group("every pair of IEEE specials", [(a, b) for a in dsp for b in dsp])
    group("exponent gaps 0..2045 step 5 with mantissa 1.5 / 1.25",
          [(((g + 1) << 52) | (1 << 51), (1 << 52) | (1 << 50)) for g in range(0, 2046, 5)])
    group("sampled: uniform bit pattern pairs",
          [(splitmix(17 + i), splitmix(1017 + i)) for i in range(512)])


def unary_32(group, fn):
    group("IEEE specials (zeros, subnormals, max, infinities, quiet and signalling NaNs)",
          [(b,) for b, _ in F32_SPECIALS])
    group("sampled: uniform bit patterns splitmix64(23 + i) >> 32, i < 512",
          [(splitmix(23 + i) >> 32,) for i in range(512)])


def exp_32(group, fn):
    unary_32(group, fn)
    # Where the result leaves the normal range, becomes subnormal, rounds to 0
    # or overflows: the floats around log_b of 2^128, 2^-126, 2^-149 and
    # 2^-150 for the function's base b, and libdevice's own breakpoints.
    base = {"expf": math.e, "exp2f": 2.0, "exp10f": 10.0}.get(fn, math.e)
    edges = [e * math.log(2.0) / math.log(base) for e in (128, -126, -149, -150)]
    group("around the overflow, subnormal and underflow thresholds (+-8 ulp)",
          [(f2b(v) + d,) for v in edges for d in range(-8, 9)])
    group("tiny arguments where the result rounds to 1",
          [(s | b,) for s in (0, 0x80000000) for b in (0x33000000, 0x33800000, 0x32800000, 0x38000000)])


def log_32(group, fn):
    unary_32(group, fn)
    group("floats within 64 ulp of 1 (log near 1: cancellation)",
          [(0x3F800000 + d,) for d in range(-64, 65)])
    group("powers of two, every binade (exact results for log2)",
          [(e << 23,) for e in range(1, 255)])
    group("subnormals (libdevice scales them by 2^23 first)",
          [(b,) for b in (0x00000001, 0x00000002, 0x00000003, 0x00001000, 0x00400000, 0x00400001, 0x007FFFFF)])


def binary_32(group, fn):
    sp = [b for b, _ in F32_SPECIALS]
    group("every pair of IEEE specials", [(a, b) for a in sp for b in sp])
    group("sampled: uniform bit pattern pairs splitmix64(29 + i), splitmix64(1029 + i)",
          [(splitmix(29 + i) >> 32, splitmix(1029 + i) >> 32) for i in range(512)])


def pow_32(group, fn):
    binary_32(group, fn)
    group("negative and positive x with integer, odd, even and non-integer y (C99 Annex F)",
          [(f2b(x), f2b(y)) for x in (-8.0, -2.0, -1.0, -0.5, 0.5, 2.0, 8.0)
           for y in (-3.0, -2.0, -1.0, -0.5, 0.5, 1.0, 2.0, 3.0, 1e10, -1e10, 16777217.0, 16777216.0)])
    group("x within 4 ulp of 1 with large |y|",
          [(0x3F800000 + d, f2b(y)) for d in range(-4, 5) for y in (1e6, -1e6, 1e9, 8388608.0)])
    group("2^y around the overflow and underflow thresholds",
          [(f2b(2.0), f2b(y) + d) for y in (127.0, 128.0, 128.5, -126.0, -149.0, -149.5, -150.0, -151.0)
           for d in range(-2, 3)])


def erfinv_32(group, fn):
    unary_32(group, fn)
    group("within 64 ulp of +-1 (the tail and the poles)",
          [(s | (0x3F800000 - d),) for d in range(1, 65) for s in (0, 0x80000000)])


FAMILIES = {("trig", 32): trig_32, ("ceil", 32): ceil_32, ("ceil", 64): ceil_64,
            ("fmod", 32): fmod_32, ("fmod", 64): fmod_64, ("unary", 32): unary_32,
            ("exp", 32): exp_32, ("log", 32): log_32, ("binary", 32): binary_32,
            ("pow", 32): pow_32, ("erfinv", 32): erfinv_32}

# Inputs that found a bug in one function (Varity, docs/history.md), before its
# family's groups.
CASES = {
    "fmod": [("Varity case fmod(1.5917195493481116e+289, 1.5793e-307)",
              [(d2b(1.5917195493481116e+289), d2b(1.5793e-307))])],
    "ceil": [("Varity case ceil(1.5955e-125)", [(d2b(1.5955e-125),)])],
}

# The order of the first rows in the committed file (it predates row order);
# later rows follow in row order.
FIRST = ["sinf", "cosf", "ceilf", "fmodf", "fmod", "ceil"]


def main():
    out = []
    missing = [f"{name} ({edges}, {width}-bit)" for name, width, edges in ROWS if (edges, width) not in FAMILIES]
    if missing:
        raise SystemExit(f"gen_edge_inputs.py: no edge family for {', '.join(missing)}: add it to FAMILIES")
    order = sorted(ROWS, key=lambda r: (FIRST.index(r[0]) if r[0] in FIRST else len(FIRST), ROWS.index(r)))
    for fn, width, edges in order:
        def group(why, items, fn=fn, width=width):
            out.append(f"# {fn}: {why}")
            for it in items:
                out.append(f"{fn} " + " ".join(f"0x{v:08x}" if width == 32 else f"0x{v:016x}" for v in it))
        for why, items in CASES.get(fn, []):
            group(why, items)
        FAMILIES[(edges, width)](group, fn)
    print(__doc__.strip().splitlines()[0].replace('Writes', '# Written by tools/gen/gen_edge_inputs.py:'))
    print("\n".join(out))


main()
