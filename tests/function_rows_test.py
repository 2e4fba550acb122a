#!/usr/bin/python3
"""ctest function_rows: tools/scripts/function_rows.py, the one reader of
include/bitexact/functions.def for the Python scripts, against the C++ side's
own expansion of the same rows (the preprocessor, through `bitexact list IMPL`):
  - every row, in order: `bitexact list mpfr` (the truth has every row);
  - the BITEXACT_FUNCTION and BITEXACT_FUNCTION_NO_OCML rows: `list nv`;
  - the BITEXACT_FUNCTION rows: `list ocml-bc` (ocml's bitcode, which the
    NO_OCML rows lack);
and a malformed row, or a table without rows, is refused with its line.
usage: function_rows_test.py CLI
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools", "scripts"))
import function_rows  # noqa: E402

failures = []


def check(what, got, want):
    if got != want:
        failures.append(f"{what}:\n  function_rows: {got}\n  the CLI:       {want}")


def listed(cli, impl):
    """The functions `bitexact list IMPL` prints, one "IMPL.FN  description" line each."""
    out = subprocess.run([cli, "list", impl], capture_output=True, text=True, check=True).stdout
    return [line.split()[0].split(".", 1)[1] for line in out.splitlines() if line.startswith(impl + ".")]


cli = sys.argv[1]
rows = function_rows.rows()
check("every row (list mpfr)", [r.name for r in rows], listed(cli, "mpfr"))
check("FUNCTION and FUNCTION_NO_OCML rows (list nv)",
      [r.name for r in rows if r.kind != "NV_FUNCTION"], listed(cli, "nv"))
check("FUNCTION rows (list ocml-bc)", [r.name for r in rows if r.kind == "FUNCTION"], listed(cli, "ocml-bc"))
check("powf's row", tuple(next(r for r in rows if r.name == "powf")),
      ("FUNCTION_NO_OCML", "powf", 2, "float", "pow_f32", "pow", 13))

with tempfile.TemporaryDirectory() as root:
    os.makedirs(os.path.join(root, "include", "bitexact"))
    path = os.path.join(root, "include", "bitexact", "functions.def")
    for text, why in [("// a comment\nBITEXACT_FUNCTION(sinf, 1, float, sin_f32, trig, 0)\n"
                       "BITEXACT_FUNCTION(cosf, 3, float, cos_f32, trig, 0)\n", ":3: not a row"),
                      ("// only comments\n#define BITEXACT_FUNCTION(a)\n", ": no rows")]:
        with open(path, "w") as f:
            f.write(text)
        try:
            function_rows.rows(root)
            failures.append(f"a table with {why.strip(': ')} was accepted")
        except ValueError as e:
            if why not in str(e):
                failures.append(f"the error for {why.strip(': ')} was: {e}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"ok: {len(rows)} rows, as the CLI expands them")
