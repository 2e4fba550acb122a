#!/usr/bin/python3
"""Unit test of the libm replacement libraries (docs/replacement.md, "Host").

Builds the unmodified programs probe.c and probe.cpp with the system compilers
against the normal libm, then for every personality given runs both programs
(a) under LD_PRELOAD=libbitexact_<p>.so and (b) relinked with
libbitexact_<p>.a ahead of libm, on the committed vendor edge vectors, and
compares every output bit for bit with them:
  nv, nv-ftz   vectors/nv/edge.txt (columns fn x [y] nv nv-ftz: the H100's outputs)
  ocml<SFX>    vectors/ocml/edge/<config>.<fn>.txt, the config whose reproduction
               is ocml<SFX> in vectors/ocml/MANIFEST.txt (ocml.bc run on the CPU)
The C program also evaluates `sincosf X` (sinf and cosf of one x, which GCC
fuses into a sincosf call; checked to be imported) against the sinf and cosf
columns. Each shared library must define exactly the dynamic symbols EXPORTS
(the build's list, made from the rows of functions.def). Finally the C program
without any library must differ from the nv column somewhere, or this test
could not fail. The functions and their arities come from the rows of
include/bitexact/functions.def.

usage: run_edge.py --source DIR --libdir DIR --work DIR --cc CC --cxx CXX --exports "NAME..."
       --ocml-exports "NAME..." PERSONALITY...
Exit 0 pass, 1 mismatch, 2 bad arguments or missing files.
"""
import argparse
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "scripts"))
import function_rows  # noqa: E402  (the rows of include/bitexact/functions.def)

# The C program keeps real calls of every function but sinf/cosf (GCC inlines
# ceilf/ceil at -O1 and above on x86-64; sinf+cosf must stay builtins to be
# fused into sincosf): -fno-builtin-NAME per exported function, in main(). The
# C++ program is built with -Os for the same reason (std::ceil calls
# __builtin_ceilf, which -fno-builtin does not stop).
c_flags = ["-O2"]
cxx_flags = ["-std=c++20", "-Os", "-pthread"]
cxx_libs = ["-lxxhash", "-pthread"]


def die(msg):
    print(f"run_edge.py: {msg}", file=sys.stderr)
    sys.exit(2)


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        die(f"command failed ({r.returncode}): {' '.join(cmd)}\n{r.stderr}")
    return r.stdout


def read_rows(path):
    try:
        with open(path) as f:
            return [l.split() for l in f if l.strip() and not l.startswith("#")]
    except OSError as e:
        die(f"{path}: {e.strerror}")


def functions(source, ocml_only=False):
    """{NAME: ARITY} of the BITEXACT_FUNCTION and BITEXACT_FUNCTION_NO_OCML rows of
    include/bitexact/functions.def (the functions the nv replacement libraries
    export), in row order; ocml_only: the BITEXACT_FUNCTION rows alone (what the
    ocml personalities export)."""
    kinds = ("FUNCTION",) if ocml_only else ("FUNCTION", "FUNCTION_NO_OCML")
    try:
        rows = function_rows.rows(source)
    except (OSError, ValueError) as e:
        die(str(e))
    return {r.name: r.arity for r in rows if r.kind in kinds}


def nv_cases(source, column):
    """(input line, expected) pairs from vectors/nv/edge.txt; column 0 = nv, 1 = nv-ftz."""
    cases = []
    fns = functions(source)
    for r in read_rows(os.path.join(source, "vectors/nv/edge.txt")):
        if r[0] not in fns:
            die(f"vectors/nv/edge.txt: {r[0]} is not a row of functions.def")
        arity = fns[r[0]]
        if len(r) != 1 + arity + 2:
            die(f"vectors/nv/edge.txt: bad row {' '.join(r)}")
        cases.append((" ".join(r[: 1 + arity]), r[1 + arity + column]))
    return cases


def ocml_cases(source, personality):
    """Cases of the ocml.bc configuration whose reproduction is `personality`."""
    config = None
    for r in read_rows(os.path.join(source, "vectors/ocml/MANIFEST.txt")):
        if r[0] == "config" and r[-1] == personality:
            config = r[1]
    if config is None:
        die(f"vectors/ocml/MANIFEST.txt names no configuration for {personality}")
    cases = []
    for fn in functions(source, ocml_only=True):
        for r in read_rows(os.path.join(source, f"vectors/ocml/edge/{config}.{fn}.txt")):
            cases.append((" ".join([fn] + r[:-1]), r[-1]))
    return cases


def with_sincosf(cases):
    """Adds `sincosf X` for every x that has both a sinf and a cosf case."""
    s = {c[0].split()[1]: c[1] for c in cases if c[0].startswith("sinf ")}
    c = {c[0].split()[1]: c[1] for c in cases if c[0].startswith("cosf ")}
    return cases + [(f"sincosf {x}", f"{s[x]} {c[x]}") for x in s if x in c]


def nan_sign_only(inp, got, want):
    """The one documented divergence of ocml finite-only (docs/ocml.md, "Known
    divergence", accepted by ocml_vectors_test the same way): fmod and expm1f
    outside their contract give an invalid-operation NaN whose sign the CPU
    execution of ocml.bc (x86's default NaN) and the reproduction (AMD's) set
    differently."""
    if inp.split()[0] not in ("fmodf", "fmod", "expm1f") or " " in got:
        return False
    g, w = int(got, 16), int(want, 16)
    bits = 4 * (len(want) - 2)
    sign = 1 << (bits - 1)
    expo = 0x7F800000 if bits == 32 else 0x7FF0000000000000
    return (g & (sign - 1)) > expo and (g ^ w) == sign


def compare(label, cases, out, report, finite_only=False):
    got = out.splitlines()
    if len(got) != len(cases):
        report.append(f"{label}: {len(got)} output lines for {len(cases)} inputs")
        return
    accepted = 0
    if finite_only:
        before = len(cases)
        kept = [(c, g) for c, g in zip(cases, got) if not nan_sign_only(c[0], g.strip(), c[1])]
        accepted = before - len(kept)
        cases, got = [c for c, _ in kept], [g for _, g in kept]
    bad = [(c, g) for c, g in zip(cases, got) if g.strip() != c[1]]
    for (inp, want), g in bad[:5]:
        report.append(f"{label}: {inp} -> {g}, expected {want}")
    if bad:
        report.append(f"{label}: {len(bad)} of {len(cases)} outputs differ")
    else:
        note = f" ({accepted} finite-only fmod/expm1f NaNs differ only in sign, as documented)" if accepted else ""
        print(f"ok   {label}: {len(cases)} outputs bit-identical{note}")


def main():
    ap = argparse.ArgumentParser()
    for a in ("--source", "--libdir", "--work", "--cc", "--cxx", "--exports", "--ocml-exports"):
        ap.add_argument(a, required=True)
    ap.add_argument("personalities", nargs="+")
    a = ap.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    w = lambda n: os.path.join(a.work, n)
    src = os.path.join(a.source, "tests/replacement")

    # Built once, against the normal libm; the C program sees no bitexact path.
    no_builtin = [f"-fno-builtin-{f}" for f in a.exports.split() if f not in ("sinf", "cosf", "sincosf")]
    run([a.cc, *c_flags, *no_builtin, "-I", os.path.join(a.source, "include"), "-c",
         os.path.join(src, "probe.c"), "-o", w("probe_c.o")])
    run([a.cc, w("probe_c.o"), "-o", w("probe_c"), "-lm"])
    run([a.cxx, *cxx_flags, "-I", os.path.join(a.source, "include"), "-c",
         os.path.join(src, "probe.cpp"), "-o", w("probe_cpp.o")])
    run([a.cxx, w("probe_cpp.o"), "-o", w("probe_cpp"), *cxx_libs])
    if "sincosf" not in run(["nm", "-D", "--undefined-only", w("probe_c")]):
        die("probe.c does not call sincosf: GCC did not fuse sinf+cosf, the sincosf check would be empty")

    report = []
    for p in a.personalities:
        lib = "bitexact_" + p.replace("-", "_")
        so, ar = os.path.join(a.libdir, f"lib{lib}.so"), os.path.join(a.libdir, f"lib{lib}.a")
        for f in (so, ar):
            if not os.path.exists(f):
                die(f"{f}: no such library")
        # Defined dynamic symbols: lines "VALUE TYPE NAME".
        exported = sorted(l.split()[-1] for l in run(["nm", "-D", "--defined-only", so]).splitlines() if l.strip())
        # ocml personalities: only the rows ocml is reproduced for.
        expected = a.ocml_exports if p.startswith("ocml") else a.exports
        if exported != sorted(expected.split()):
            report.append(f"{p}: {so} exports {' '.join(exported)}, expected {expected}")
        else:
            print(f"ok   {p}: exports exactly {expected}")
        if p in ("nv", "nv-ftz"):
            cases = nv_cases(a.source, 0 if p == "nv" else 1)
        elif p.startswith("ocml"):
            cases = ocml_cases(a.source, p)
        else:
            die(f"unknown personality {p}")
        c_cases = with_sincosf(cases)
        # Static route: the same objects, the archive ahead of libm.
        run([a.cc, w("probe_c.o"), ar, "-lm", "-o", w(f"probe_c_{p}")])
        run([a.cxx, w("probe_cpp.o"), ar, *cxx_libs, "-o", w(f"probe_cpp_{p}")])
        env = dict(os.environ, LD_PRELOAD=so)
        for prog, cs in (("probe_c", c_cases), ("probe_cpp", cases)):
            stdin = "".join(c[0] + "\n" for c in cs)
            fo = "finite" in p
            compare(f"{p} LD_PRELOAD {prog}", cs, run([w(prog)], input=stdin, env=env), report, fo)
            compare(f"{p} static {prog}", cs, run([w(f"{prog}_{p}")], input=stdin), report, fo)

    # Without a library the program must give other bits (glibc's), so the
    # comparisons above can fail.
    cases = with_sincosf(nv_cases(a.source, 0))
    plain = run([w("probe_c")], input="".join(c[0] + "\n" for c in cases)).splitlines()
    differ = sum(g.strip() != c[1] for c, g in zip(cases, plain))
    if differ == 0:
        report.append("plain probe_c (glibc) matches the nv column everywhere: the test cannot fail")
    else:
        print(f"ok   plain probe_c (no library): {differ} of {len(cases)} outputs differ from nv, as they must")

    for r in report:
        print("FAIL " + r)
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
