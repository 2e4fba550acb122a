#!/usr/bin/python3
"""tools/scripts/compare_libdevice.py on two hand-written bitcode files.

Expected verdicts come from how the files are written here: __nv_same has the
same body in both but, B defining another function first, other attribute
group and metadata numbers (#1, !srcloc !1), which the script must ignore, __nv_changed has another constant in B,
__nv_gone exists in A only. Bad usage exits 2 and prints nothing on stdout.
usage: compare_libdevice_test.py SCRIPT LLVM_BIN
"""
import os
import subprocess
import sys
import tempfile

script, llvm_bin = sys.argv[1], sys.argv[2]

A = """
define float @__nv_same(float %x) #0 {
  %1 = fmul float %x, 2.000000e+00, !srcloc !0
  ret float %1
}
define float @__nv_changed(float %x) #0 {
  %1 = fadd float %x, 1.000000e+00
  ret float %1
}
define float @__nv_gone(float %x) #0 {
  ret float %x
}
attributes #0 = { nounwind }
!0 = !{i32 1}
"""
B = """
define float @__nv_changed(float %x) #0 {
  %1 = fadd float %x, 3.000000e+00, !srcloc !0
  ret float %1
}
define float @__nv_same(float %x) #1 {
  %1 = fmul float %x, 2.000000e+00, !srcloc !1
  ret float %1
}
attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
!0 = !{i32 7}
!1 = !{i32 2}
"""

failures = []
with tempfile.TemporaryDirectory() as d:
    paths = []
    for name, text in (("a", A), ("b", B)):
        ll, bc = os.path.join(d, name + ".ll"), os.path.join(d, name + ".bc")
        with open(ll, "w") as f:
            f.write(text)
        subprocess.run([os.path.join(llvm_bin, "llvm-as"), ll, "-o", bc], check=True)
        paths.append(bc)
    dis = ["--llvm-dis", os.path.join(llvm_bin, "llvm-dis")]
    r = subprocess.run([sys.executable, script, *paths, *dis], capture_output=True, text=True)
    verdict = dict(line.split(None, 1) for line in r.stdout.splitlines()[2:-1])
    want = {"same": "same", "changed": "different", "gone": "only in A"}
    if r.returncode != 0 or verdict != want:
        failures.append(f"verdicts {verdict} (exit {r.returncode}), expected {want}: {r.stderr}")
    if r.stdout.splitlines()[-1:] != ["different: 1, only in A: 1, same: 1"]:
        failures.append(f"count line: {r.stdout.splitlines()[-1:]}")
    for bad in ([*paths, "nope", *dis], [paths[0], os.path.join(d, "missing.bc"), *dis]):
        r = subprocess.run([sys.executable, script, *bad], capture_output=True, text=True)
        if r.returncode != 2 or r.stdout or r.stderr.count("\n") != 1:
            failures.append(f"{bad[1:3]}: exit {r.returncode}, stdout {r.stdout!r}, stderr {r.stderr!r}")
for f in failures:
    print("FAIL:", f)
print("compare_libdevice: ok" if not failures else f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
