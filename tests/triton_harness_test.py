#!/usr/bin/python3
"""The Triton device harness's inputs are the C++ ones (tools/scripts/device/input_sets_ctypes.py).

Builds device/input_sets_lib.cpp with g++ as the harness does, and a tiny C++
program that prints inputs::standard_input<T, Arity> from bitexact/inputs.hpp
directly; compares them on indices across the sets the harness runs
(float and double, one and two operands, uniform and structured, several
seeds, indices past 2^32), chunked fills at odd offsets included. Where
xxhash.h is found, checks the library's block digests against XXH3_64bits
called by the program. Run: /usr/bin/python3 tests/triton_harness_test.py
(needs numpy and g++). Exit status 0 when everything agrees.
"""
import os
import subprocess
import sys
import tempfile
import types

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(REPO, "tools", "scripts", "device"))
import input_sets_ctypes as input_sets  # noqa: E402

REFERENCE = r"""
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "bitexact/inputs.hpp"
#ifdef BX_WITH_XXHASH
#define XXH_INLINE_ALL
#include "xxhash.h"
#endif
namespace in = bitexact::inputs;
// usage: ref f32|f64 ARITY KIND SEED BASE N  -> lines "x y" (hex)
//        ref xxh3 NBYTES                      -> XXH3_64bits of bytes (i * 37 + 11) & 255
int main(int argc, char** argv) {
  if (std::strcmp(argv[1], "xxh3") == 0) {
#ifdef BX_WITH_XXHASH
    unsigned long long n = std::strtoull(argv[2], nullptr, 0);
    unsigned char* b = static_cast<unsigned char*>(std::malloc(n));
    for (unsigned long long i = 0; i < n; ++i) b[i] = (unsigned char)((i * 37 + 11) & 255);
    std::printf("%llu\n", (unsigned long long)XXH3_64bits(b, n));
#endif
    return 0;
  }
  const bool f32 = std::strcmp(argv[1], "f32") == 0;
  const int arity = std::atoi(argv[2]);
  const auto kind = std::strcmp(argv[3], "uniform") == 0      ? in::set_kind::uniform
                    : std::strcmp(argv[3], "structured") == 0 ? in::set_kind::structured
                                                              : in::set_kind::exhaustive;
  const unsigned long long seed = std::strtoull(argv[4], nullptr, 0), base = std::strtoull(argv[5], nullptr, 0),
                           n = std::strtoull(argv[6], nullptr, 0);
  for (unsigned long long i = base; i < base + n; ++i) {
    unsigned long long x, y;
    if (f32 && arity == 1) { auto p = in::standard_input<float, 1>(kind, seed, i); x = p.x; y = p.y; }
    else if (f32) { auto p = in::standard_input<float, 2>(kind, seed, i); x = p.x; y = p.y; }
    else if (arity == 1) { auto p = in::standard_input<double, 1>(kind, seed, i); x = p.x; y = p.y; }
    else { auto p = in::standard_input<double, 2>(kind, seed, i); x = p.x; y = p.y; }
    std::printf("%llx %llx\n", x, y);
  }
  return 0;
}
"""


def reference(prog, width, arity, kind, seed, base, n):
    out = subprocess.run([prog, f"f{width}", str(arity), kind, str(seed), str(base), str(n)],
                         capture_output=True, text=True, check=True).stdout.split()
    dt = np.uint32 if width == 32 else np.uint64
    return (np.array([int(v, 16) for v in out[0::2]], dtype=dt), np.array([int(v, 16) for v in out[1::2]], dtype=dt))


class _FakeTensor:
    """What triton_libdevice.Runner uses of a torch tensor, over a NumPy array."""

    def __init__(self, a):
        self.a = a

    def view(self, dtype):
        return _FakeTensor(self.a.view(dtype))

    def __getitem__(self, k):
        return _FakeTensor(self.a[k])

    def copy_(self, other):
        self.a[...] = other.a

    def numpy(self):
        return self.a

    def element_size(self):
        return self.a.itemsize


class _FakeKernel:
    """k_exhaustive / k_list of a generated module, computing NumPy's ceil (a kernel launch's results)."""

    def __init__(self, exhaustive, shift):
        self.exhaustive, self.shift = exhaustive, shift

    def __getitem__(self, grid):
        def launch(*args, BLOCK):
            if self.exhaustive:
                o, hi = args
                bits = (np.arange(grid[0] * BLOCK, dtype=np.uint64) + (hi << self.shift)).astype(np.uint32)
                o.a[:] = np.ceil(bits.view(np.float32))
            else:
                x, _, o, n = args
                o.a[:n] = np.ceil(x.a[:n])
            return types.SimpleNamespace(asm={"ttir": 'symbol = "__nv_ceilf"', "ptx": ""})
        return launch


def plumbing(lib):
    """triton_libdevice.Runner with NumPy standing in for the GPU (ceilf = np.ceil, CHUNK 2^25):
    the exhaustive index order, chunking, pinned-buffer reuse and block digests reproduce the
    committed H100 digests of nv ceilf on blocks 0-15 (no NaN there; np.ceil rounds subnormals
    up to 1 as IEEE libdevice does), and the loading kernel gives the same blocks."""
    import triton_libdevice as tld
    tld.CHUNK_LOG2, tld.CHUNK = 25, 1 << 25
    torch = types.SimpleNamespace(uint8=np.uint8, float32=np.float32, float64=np.float64,
                                  empty=lambda n, dtype, **kw: _FakeTensor(np.zeros(n, dtype=dtype)))
    triton = types.SimpleNamespace(cdiv=lambda a, b: (a + b - 1) // b)
    tld.kernels = lambda tmp, ident, call, arity, what: (_FakeKernel(True, tld.CHUNK_LOG2), _FakeKernel(False, 0))
    r = tld.Runner(torch, triton, lib, tld.Digester(lib), {}, None)
    got, ck = r.run_set("ceilf", "libdevice.ceil", 1, 32, "exhaustive", 0, 16 * tld.BLOCK)
    want = tld.committed()[("ceilf", "nv", "exhaustive", 0)][:16]
    again = r.list_blocks("ceilf", "libdevice.ceil", [0, 5])
    ok = got == want and again == [got[0], got[5]] and tld.compiled_info(ck)["symbols"] == ["__nv_ceilf"]
    print(f"plumbing: {sum(a == b for a, b in zip(got, want))}/16 blocks equal to nv ceilf, "
          f"loading kernel {'agrees' if again == [got[0], got[5]] else 'DIFFERS'}")
    return 0 if ok else 1


def main():
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        lib = input_sets.build(tmp)
        src = os.path.join(tmp, "ref.cpp")
        with open(src, "w") as f:
            f.write(REFERENCE)
        prog = os.path.join(tmp, "ref")
        cmd = ["g++", "-O1", "-std=c++20", "-I" + os.path.join(REPO, "include"), src, "-o", prog]
        subprocess.run(cmd + (["-DBX_WITH_XXHASH"] if lib.has_xxhash else []), check=True)
        cases = []
        for width in (32, 64):
            for arity in (1, 2):
                for kind in ("uniform", "structured"):
                    for seed in (1, 2, 13, 14, 0xdeadbeefcafe):
                        for base in (0, 1 << 24, (1 << 30) - 7, (1 << 32) + 3):
                            cases.append((width, arity, kind, seed, base, 203))
        cases.append((32, 1, "exhaustive", 0, (1 << 32) - 100, 100))
        cases.append((32, 2, "exhaustive", 0, 12345, 50))
        for width, arity, kind, seed, base, n in cases:
            rx, ry = reference(prog, width, arity, kind, seed, base, n)
            x, y = lib.fill(kind, arity, seed, base, n, width=width)
            ok = np.array_equal(x, rx) and (np.array_equal(y, ry) if arity == 2 else not ry.any())
            # A chunked fill into a larger, preallocated buffer at an odd offset (threads forced to 3).
            bx = np.full(n + 5, 0xAB, dtype=x.dtype)
            by = np.full(n + 5, 0xAB, dtype=x.dtype) if arity == 2 else None
            k = n // 3 + 1
            lib.fill(kind, arity, seed, base, k, width=width, x=bx, y=by, threads=3)
            lib.fill(kind, arity, seed, base + k, n - k, width=width, x=bx[k:], y=by[k:] if by is not None else None)
            ok &= np.array_equal(bx[:n], rx) and (by is None or np.array_equal(by[:n], ry))
            ok &= bool((bx[n:] == 0xAB).all())
            if not ok:
                failures += 1
                print(f"DIFFERENT: f{width} arity {arity} {kind} seed {seed} base {base}")
        print(f"inputs: {len(cases) - failures}/{len(cases)} cases equal to inputs::standard_input "
              f"({sum(c[-1] for c in cases)} inputs)")
        try:
            lib.fill("exhaustive", 2, 0, 0, 4, width=64)
            print("DIFFERENT: bx_fill_f64 accepted the exhaustive set")
            failures += 1
        except ValueError:
            pass
        if lib.has_xxhash:
            failures += plumbing(lib)
            nbytes = 3 * 4096
            buf = ((np.arange(nbytes, dtype=np.uint64) * 37 + 11) & 255).astype(np.uint8)
            whole = int(subprocess.run([prog, "xxh3", str(nbytes)], capture_output=True, text=True, check=True).stdout)
            got = lib.xxh3_blocks(buf, nbytes)[0]
            if got != whole:
                failures += 1
                print(f"DIFFERENT: xxh3 {got:#x} against {whole:#x}")
            blocks = lib.xxh3_blocks(buf, 4096, threads=2)
            # block 1 starts at byte 4096, whose pattern ((i * 37 + 11) & 255) repeats every 256 bytes: equal to block 0
            if len(blocks) != 3 or blocks[0] != blocks[1] or blocks[1] != blocks[2]:
                failures += 1
                print(f"DIFFERENT: block digests {blocks}")
            try:
                import xxhash  # the harness's fallback on the GPU machine
                if xxhash.xxh3_64_intdigest(buf.tobytes()) != whole:
                    failures += 1
                    print("DIFFERENT: python xxhash")
            except ImportError:
                pass
            print("xxh3: library digests equal XXH3_64bits")
        else:
            print("xxh3: xxhash.h not found, not checked")
    print("ALL EQUAL" if failures == 0 else f"{failures} FAILURES")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
