#!/usr/bin/python3
"""Which libdevice functions two libdevice.10.bc files implement alike.

CUDA's libdevice and the copy Triton bundles are both "libdevice.10.bc" but of
different releases; a function whose IR is the same in both needs one
reproduction (its results can still differ by how the file is compiled:
Triton keeps its own float operations IEEE under FTZ), a function whose IR
differs needs one per release (issue 34). The IR is compared after llvm-dis,
ignoring what does not change the code: attribute group numbers (#N) and
metadata attachments (!srcloc !N, !llvm.loop !N).

usage: compare_libdevice.py A.bc B.bc [FN ...] [--llvm-dis PATH]
  FN: functions without the __nv_ prefix (default: every function of both).
Prints each file's SHA-256, then "same" / "different" / "only in A|B" per
function and a count. Exit 0; 2 on bad usage or a file llvm-dis cannot read.
"""
import argparse
import hashlib
import re
import shutil
import subprocess
import sys


def functions(ir):
    """{name: normalised body} of every __nv_ function defined in the IR text."""
    out = {}
    for m in re.finditer(r"^define [^@]*@(__nv_\w+)\(.*?^}", ir, re.S | re.M):
        body = re.sub(r"#\d+", "", m.group(0))
        body = re.sub(r", !\w+(\.\w+)* !\d+", "", body)
        out[m.group(1)[len("__nv_"):]] = body
    return out


def main():
    ap = argparse.ArgumentParser(description="compare the functions of two libdevice bitcode files")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("fns", nargs="*")
    ap.add_argument("--llvm-dis", default=shutil.which("llvm-dis") or "/usr/lib/llvm-15/bin/llvm-dis")
    a = ap.parse_args()
    texts, lines = [], []  # printed only once every name is known: bad input prints nothing else
    for path in (a.a, a.b):
        try:
            with open(path, "rb") as f:
                data = f.read()
            ir = subprocess.run([a.llvm_dis, "-o", "-"], input=data, capture_output=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"compare_libdevice.py: cannot read {path!r} as bitcode ({e})", file=sys.stderr)
            return 2
        lines.append(f"{hashlib.sha256(data).hexdigest()}  {path}")
        texts.append(functions(ir.decode()))
    fa, fb = texts
    names = a.fns or sorted(set(fa) | set(fb))
    counts = {}
    for n in names:
        if n not in fa and n not in fb:
            print(f"compare_libdevice.py: no function __nv_{n} in either file", file=sys.stderr)
            return 2
        verdict = ("only in B" if n not in fa else "only in A" if n not in fb
                   else "same" if fa[n] == fb[n] else "different")
        counts[verdict] = counts.get(verdict, 0) + 1
        lines.append(f"{n:24} {verdict}")
    lines.append(", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
