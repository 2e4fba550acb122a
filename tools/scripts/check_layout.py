#!/usr/bin/env python3
"""Checks the source layout rules of DEVELOPERS.md ("Layout"); run by ctest (layout_check).

1. No include escapes its side: a quoted #include in src/ resolves to the file's
   own folder, include/ or src/ (never device/ or tools/), and a public header
   in include/ includes only include/.
2. Header path = source path: a header include/bitexact/C/N.hpp of a component
   that has compiled parts (src/C/ exists) has its source src/C/N.cpp (.cu), or
   says "header-only" in its opening comment.
3. No colliding names: a file name stem (sweep, inputs, batch, ...) names one
   thing in include/, src/, device/, tools/ and bench/; the only repeats allowed
   are a header and its source (rule 2) or files side by side in one folder
   (functions.def / functions.hpp). The Python package (src/python/bitexact/)
   mirrors C++ component names on purpose and is left out.
4. JSON integers are read through bitexact/io/json_fields.hpp: no
   nlohmann::json get<T>() or value(KEY, default) of an integer type T in src/
   or tools/bitexact/ (it casts a JSON float to T, undefined beyond T's range:
   found by fuzzing state.json and report.json).

Prints one line per violation and exits 1 if there is any, 0 otherwise.
Usage: check_layout.py [REPO_ROOT]
"""
import os
import re
import subprocess
import sys

root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
files = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True, check=True).stdout.split()
files = [f for f in files if os.path.isfile(os.path.join(root, f))]
problems = []
include_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
code_ext = (".hpp", ".cpp", ".cu", ".cuh", ".hip", ".inc", ".h", ".c")


def exists(p):
    return os.path.isfile(os.path.join(root, p))


# 1. includes
for f in files:
    if not f.endswith(code_ext) or not f.startswith(("src/", "include/")):
        continue
    text = open(os.path.join(root, f), encoding="utf-8", errors="replace").read()
    here = os.path.dirname(f)
    for inc in include_re.findall(text):
        local = os.path.normpath(os.path.join(here, inc))
        if f.startswith("include/"):
            ok = (exists(local) and local.startswith("include/")) or exists(os.path.join("include", inc))
            if not ok:
                problems.append(f"{f}: includes \"{inc}\", which is not under include/")
            continue
        if local.startswith(("device/", "tools/")) or inc.startswith(("device/", "tools/")):
            problems.append(f"{f}: includes \"{inc}\" from {local.split('/')[0]}/")
        elif not (exists(local) or exists(os.path.join("include", inc)) or exists(os.path.join("src", inc))
                  or inc.endswith((".inc", "_entries.inc"))):  # generated .inc files live in the build tree
            problems.append(f"{f}: includes \"{inc}\", found neither beside it nor in include/ or src/")

# 2. header path = source path
for f in files:
    m = re.match(r"include/bitexact/(.+)/([^/]+)\.(hpp|cuh)$", f)
    if not m:
        continue
    comp, stem = m.group(1), m.group(2)
    if not os.path.isdir(os.path.join(root, "src", comp)):
        continue  # a header-only component (nv/, ocml/, ...)
    if any(exists(f"src/{comp}/{stem}.{e}") for e in ("cpp", "cu")):
        continue
    head = "".join(open(os.path.join(root, f), encoding="utf-8").readlines()[:25]).lower()
    if "header-only" not in head:
        problems.append(f"{f}: no src/{comp}/{stem}.cpp and not marked header-only in its opening comment")

# 3. colliding names
by_stem = {}
for f in files:
    if not f.startswith(("include/", "src/", "device/", "tools/", "bench/")):
        continue
    name = os.path.basename(f)
    if name in ("CMakeLists.txt", "README.md", "__init__.py") or f.startswith("src/python/bitexact/"):
        continue
    by_stem.setdefault(name.split(".")[0], []).append(f)


def pair(a, b):
    """a header and its source, or two files of one folder"""
    if os.path.dirname(a) == os.path.dirname(b):
        return True
    strip = lambda p: re.sub(r"^(include/bitexact|src)/", "", os.path.splitext(p)[0])
    sides = {a.split("/")[0], b.split("/")[0]}
    return sides == {"include", "src"} and strip(a) == strip(b)


for stem, paths in sorted(by_stem.items()):
    for i, a in enumerate(paths):
        for b in paths[i + 1:]:
            if not pair(a, b):
                problems.append(f"name '{stem}' used twice: {a} and {b}")

# 4. JSON integer reads
json_get = re.compile(r"(?<!std::)\bget<(.*?)>\(\)")
json_value = re.compile(r'\.value\(\s*"[^"]*"\s*,\s*(?:std::)?(?:u?int\d*_t|size_t)\(|\.value\(\s*"[^"]*"\s*,\s*\d+[uUlL]*\s*\)')
int_type = re.compile(r"\b(?:u?int\d*_t|size_t|int|unsigned|long|short|word)\b")
for f in files:
    if not f.endswith((".hpp", ".cpp")) or not f.startswith(("src/", "tools/bitexact/")):
        continue
    for k, line in enumerate(open(os.path.join(root, f), encoding="utf-8", errors="replace"), 1):
        if any(int_type.search(t) for t in json_get.findall(line)) or json_value.search(line):
            problems.append(f"{f}:{k}: an integer read from JSON without bitexact/io/json_fields.hpp")

for p in problems:
    print(p)
if problems:
    sys.exit(1)
print(f"layout: {len(files)} files, includes, header/source pairs, names and JSON integer reads as DEVELOPERS.md says")
