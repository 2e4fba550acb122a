"""The README's link-time replacement recipe, followed literally (README.md,
"Link-time replacement": every `cc` line of its block), on a C program with a
constant argument (`sinf(1.0f)`) and `ceilf`, built with -O2 ahead of the
recipe's own flags, as a release build has. GCC folds the one and expands the
other inline unless told not to (docs/replacement.md, "What bypasses it"), so
the recipe must say how: `main` must call both, and where the library is nv's
their bits must be the H100's (vectors/nv/edge.txt)."""

import argparse
import os
import re
import shlex
import subprocess
import sys

PROGRAM = r"""
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
static uint32_t bits(float f) { uint32_t b; memcpy(&b, &f, sizeof b); return b; }
int main(void) {
  volatile float nan_in = NAN;
  printf("%08x %08x\n", bits(sinf(1.0f)), bits(ceilf(nan_in)));
  return 0;
}
"""


def recipe_lines(readme):
    text = open(readme).read()
    section = text.split("### Link-time replacement", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.startswith("cc ")]


def h100(source, fn, x):
    # vectors/nv/edge.txt: "FN INPUT NV NV-FTZ", the H100's outputs.
    with open(os.path.join(source, "vectors", "nv", "edge.txt")) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3 and parts[0] == fn and int(parts[1], 16) == x:
                return int(parts[2], 16)
    sys.exit(f"vectors/nv/edge.txt has no {fn} {x:#x}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True, help="the build folder the recipe calls build/")
    ap.add_argument("--cc", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    prog = os.path.join(a.work, "program.c")
    with open(prog, "w") as f:
        f.write(PROGRAM)
    lines = recipe_lines(os.path.join(a.source, "README.md"))
    if not lines:
        sys.exit("README.md, Link-time replacement: no `cc` line")
    want_nv = (h100(a.source, "sinf", 0x3f800000), h100(a.source, "ceilf", 0x7fc00000))
    failed = 0
    for i, line in enumerate(lines):
        args = []
        for tok in shlex.split(line)[1:]:
            if tok == "program.c":
                tok = prog
            elif tok.startswith("build/"):
                tok = os.path.join(a.build, tok[len("build/"):])
            args.append(tok)
        exe = os.path.join(a.work, f"program{i}")
        subprocess.run([a.cc, "-O2", *args, "-o", exe], check=True)
        out = subprocess.run([exe], capture_output=True, text=True, check=True).stdout.split()
        got = tuple(int(v, 16) for v in out)
        dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", exe],
                             capture_output=True, text=True, check=True).stdout
        body = dis.split("<main>:", 1)[1].split("\n\n", 1)[0]
        calls = {fn: f"<{fn}>" in body for fn in ("sinf", "ceilf")}
        problems = [f"main does not call {fn} (folded or inlined)" for fn, ok in calls.items() if not ok]
        if "libbitexact_nv.a" in line and got != want_nv:
            problems.append(f"sinf(1.0f), ceilf(NaN) = {got[0]:#010x}, {got[1]:#010x};"
                            f" the H100: {want_nv[0]:#010x}, {want_nv[1]:#010x}")
        print(f"{'FAIL' if problems else 'ok'}: {line}" + "".join(f"\n  {p}" for p in problems))
        failed += bool(problems)
    print(f"{len(lines) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
