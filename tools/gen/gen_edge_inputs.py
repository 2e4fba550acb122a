#!/usr/bin/env python3
"""Writes vectors/edge_inputs.txt: the edge inputs every vendor run evaluates.

Each line is `FN X [Y]` (hex bit patterns); a comment before each group says
why the group is there. The device and bitcode runs read this file and record
each implementation's output next to the input (vectors/<vendor>/edge.txt).
Regenerate with: python3 tools/gen/gen_edge_inputs.py > vectors/edge_inputs.txt
"""
import math
import os
import re
import struct


def function_widths():
    """NAME -> operand width in bits, from the rows of include/bitexact/functions.def."""
    path = os.path.join(os.path.dirname(__file__), "..", "..", "include", "bitexact", "functions.def")
    rows = re.findall(r"^BITEXACT_FUNCTION\((\w+), ([12]), (float|double),", open(path).read(), re.M)
    return {name: 32 if ty == "float" else 64 for name, _, ty in rows}


WIDTH = function_widths()


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


def main():
    out = []

    def group(why, fn, items):
        out.append(f"# {fn}: {why}")
        for it in items:
            out.append(f"{fn} " + " ".join(f"0x{v:08x}" if WIDTH[fn] == 32 else f"0x{v:016x}" for v in it))

    cw = f2b(105615.0)
    for fn in ("sinf", "cosf"):
        group("IEEE specials (zeros, subnormals, max, infinities, quiet and signalling NaNs)", fn,
              [(b,) for b, _ in F32_SPECIALS])
        group("libdevice Cody-Waite threshold 105615.0f and its neighbours, both signs", fn,
              [(b | s,) for d in range(-3, 4) for s in (0, 0x80000000) for b in (cw + d,)])
        group("nearest floats to k*pi/2, k = 1..64 (reduction near a quadrant boundary)", fn,
              [(f2b(k * math.pi / 2) + d,) for k in range(1, 65) for d in (-1, 0, 1)])
        group("large arguments (Payne-Hanek path), e.g. 0x1.5dea4ap+81", fn,
              [(f2b(float.fromhex("0x1.5dea4ap+81")),), (0x5D4A3D56,), (0x7E800000,), (0x4B800000,),
               (0x4B000000,), (0x4F000000,), (0x6F000000,), (0xE6000000,), (0x47000000,), (0x49800000,)])
        group("tiny arguments where sin(x) rounds to x", fn,
              [(b,) for b in (0x39800000, 0x39FFFFFF, 0x3A000000, 0x38000000, 0x30000000, 0x0F000000)])
        group("sampled: uniform bit patterns splitmix64(7 + i) >> 32, i < 512", fn,
              [(splitmix(7 + i) >> 32,) for i in range(512)])
    group("IEEE specials", "ceilf", [(b,) for b, _ in F32_SPECIALS])
    group("around integers and the 2^23 boundary (all floats >= 2^23 are integers)", "ceilf",
          [(f2b(v) + d,) for v in (1.0, 2.0, 3.0, -1.0, -2.0, 8388608.0, -8388608.0, 16777216.0)
           for d in (-1, 0, 1)])
    group("(-1, 0): ceil is -0", "ceilf", [(0xBF7FFFFF,), (0xBE800000,), (0x80400000,)])
    group("sampled: uniform bit patterns", "ceilf", [(splitmix(11 + i) >> 32,) for i in range(512)])
    sp = [b for b, _ in F32_SPECIALS]
    group("every pair of IEEE specials", "fmodf", [(a, b) for a in sp for b in sp])
    group("exponent gaps 0..253 with mantissa 1.5 / 1.25", "fmodf",
          [(((g + 1) << 23) | 0x400000, (1 << 23) | 0x200000) for g in range(0, 254)])
    group("sampled: uniform bit pattern pairs", "fmodf",
          [(splitmix(13 + i) >> 32, splitmix(1013 + i) >> 32) for i in range(512)])
    dsp = [b for b, _ in F64_SPECIALS]
    group("Varity case fmod(1.5917195493481116e+289, 1.5793e-307)", "fmod",
          [(d2b(1.5917195493481116e+289), d2b(1.5793e-307))])
    group("every pair of IEEE specials", "fmod", [(a, b) for a in dsp for b in dsp])
    group("exponent gaps 0..2045 step 5 with mantissa 1.5 / 1.25", "fmod",
          [(((g + 1) << 52) | (1 << 51), (1 << 52) | (1 << 50)) for g in range(0, 2046, 5)])
    group("sampled: uniform bit pattern pairs", "fmod",
          [(splitmix(17 + i), splitmix(1017 + i)) for i in range(512)])
    group("Varity case ceil(1.5955e-125)", "ceil", [(d2b(1.5955e-125),)])
    group("IEEE specials", "ceil", [(b,) for b, _ in F64_SPECIALS])
    group("around integers and the 2^52 boundary", "ceil",
          [(d2b(v) + d,) for v in (1.0, 2.0, -1.0, 2.0**52, -2.0**52, 2.0**53) for d in (-1, 0, 1)])
    group("sampled: uniform bit patterns", "ceil", [(splitmix(19 + i),) for i in range(512)])
    missing = sorted(set(WIDTH) - {line.split()[1].rstrip(":") for line in out if line.startswith("# ")})
    if missing:
        raise SystemExit(f"gen_edge_inputs.py: no edge inputs for {', '.join(missing)} (functions.def rows)")
    print(__doc__.strip().splitlines()[0].replace('Writes', '# Written by tools/gen/gen_edge_inputs.py:'))
    print("\n".join(out))


main()
