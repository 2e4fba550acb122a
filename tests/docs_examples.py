#!/usr/bin/python3
"""Runs the examples of the README and docs/ and compares what they print.

An example is a fenced block whose lines start with "$ " (a command, run by
bash) and the lines after it (what it prints, stdout and stderr together, up to
the next "$ " line or the end of the block). Blocks marked ```sh or ```cpp (and
any other language but ```console) are recipes, not examples: not run. The
expected text may elide:
  - a line that is only "..." stands for any number of lines (none included);
  - "..." inside a line stands for any text on that line (a value that depends
    on the machine, such as the host libm's, or a long list cut short).
A command followed by no output is run and its output not compared (it makes
a file for the next). Commands of one file run in order in one scratch folder
that links every top-level entry of the source tree, so that both
`conformance/reports/...` and a fresh `port.npy` resolve as in the docs;
`bitexact` on PATH is the CLI under test.

usage: docs_examples.py --cli PATH --source DIR FILE.md...
Exit 0 when every example prints what its docs say, 1 otherwise (with a diff),
2 on bad usage.
"""
import argparse
import difflib
import fnmatch
import os
import subprocess
import sys
import tempfile


def examples(path):
    """[(line number, command, [expected lines])] of the file's example blocks."""
    out = []
    block = None  # None outside a fence; else the info string
    current = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f.read().split("\n"), 1):
            if line.startswith("```"):
                if block is None:
                    block = line[3:].strip()
                else:
                    block, current = None, None
                continue
            if block is None or block not in ("", "console"):
                continue
            if line.startswith("$ "):
                current = (n, line[2:], [])
                out.append(current)
            elif current is not None:
                current[2].append(line.rstrip())
    return out


def matches(expected, actual):
    """Whether the actual lines fit the expected ones, elisions allowed."""
    def line_ok(e, a):
        return e == a or ("..." in e and fnmatch.fnmatchcase(a, e.replace("[", "[[]").replace("...", "*")))

    memo = {}

    def fit(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(expected):
            r = j == len(actual)
        elif expected[i] == "...":
            r = any(fit(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            r = j < len(actual) and line_ok(expected[i], actual[j]) and fit(i + 1, j + 1)
        memo[(i, j)] = r
        return r

    return fit(0, 0)


def main():
    ap = argparse.ArgumentParser(description="run the docs' examples and compare their output")
    ap.add_argument("--cli", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    if not os.access(a.cli, os.X_OK):
        print(f"docs_examples.py: --cli {a.cli!r} is not an executable", file=sys.stderr)
        return 2
    failures, count = 0, 0
    for name in a.files:
        path = os.path.join(a.source, name)
        with tempfile.TemporaryDirectory(prefix="bx-docs-") as work:
            bindir = os.path.join(work, ".bin")
            os.mkdir(bindir)
            os.symlink(os.path.abspath(a.cli), os.path.join(bindir, "bitexact"))
            for entry in os.listdir(a.source):
                if not entry.startswith(".") and not entry.startswith("build"):
                    os.symlink(os.path.join(os.path.abspath(a.source), entry), os.path.join(work, entry))
            env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
            for line, cmd, expected in examples(path):
                while expected and expected[-1] == "":
                    expected.pop()
                r = subprocess.run(["bash", "-c", cmd], cwd=work, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, timeout=600)
                count += 1
                if not expected:
                    continue
                actual = [l.rstrip() for l in r.stdout.rstrip("\n").split("\n")]
                if not matches(expected, actual):
                    failures += 1
                    print(f"{name}:{line}: $ {cmd}")
                    sys.stdout.writelines(difflib.unified_diff(
                        [l + "\n" for l in expected], [l + "\n" for l in actual], "documented", "printed"))
    print(f"{count} documented commands run, {failures} print something else than their docs say")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
