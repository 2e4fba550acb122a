"""The rows of include/bitexact/functions.def for the project's Python scripts,
so that each reads the table one way (the C++ side expands the same rows with
the preprocessor). A line that starts like a row but does not parse as one is
an error, not a row silently left out of some script's list.

    import function_rows
    for r in function_rows.rows():        # in the table's order
        r.kind   # "FUNCTION", "FUNCTION_NO_OCML" or "NV_FUNCTION"
        r.name, r.arity, r.type, r.edges, r.seed
        r.ocml   # BITEXACT_FUNCTION(_NO_OCML)'s OCML column, NV_FUNCTION's TARGET

Scripts outside tools/scripts put this folder on sys.path first.
"""
import collections
import os
import re

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

Row = collections.namedtuple("Row", "kind name arity type ocml edges seed")

_ROW = re.compile(r"BITEXACT_(FUNCTION|FUNCTION_NO_OCML|NV_FUNCTION)\(\s*(\w+)\s*,\s*([12])\s*,\s*(float|double)\s*,"
                  r"\s*(\w+)\s*,\s*(\w+)\s*,\s*(\d+)\s*\)\s*$")


def rows(root=ROOT):
    """[Row] of root's include/bitexact/functions.def, in order. Raises ValueError
    on a line beginning with a row macro that does not parse, OSError when the
    file cannot be read."""
    path = os.path.join(root, "include", "bitexact", "functions.def")
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.startswith("BITEXACT_"):
                continue  # comments, and the #define lines that default the macros
            m = _ROW.match(line)
            if not m:
                raise ValueError(f"{path}:{n}: not a row of the table: {line.strip()}")
            kind, name, arity, ty, ocml, edges, seed = m.groups()
            out.append(Row(kind, name, int(arity), ty, ocml, edges, int(seed)))
    if not out:
        raise ValueError(f"{path}: no rows")
    return out


def width(row):
    """Bits of the row's operands and result."""
    return 32 if row.type == "float" else 64


def standard_sets(row):
    """[(set, seed)] the row's SEED column names: all 2^32 inputs, or the
    uniform and structured sets."""
    return [("exhaustive", 0)] if row.seed == 0 else [("uniform", row.seed), ("structured", row.seed + 1)]
