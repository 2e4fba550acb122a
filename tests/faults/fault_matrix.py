#!/usr/bin/python3
"""Faults injected into every file writer of the CLI (docs/reliability.md):
each writer x fault must end in exit status 2, one line on stderr naming the
file and the system's reason, and no partial or temporary file; an output
folder that was there keeps its files byte for byte. Then a long sweep is
killed (SIGKILL) at many points and resumed: each resumed report must equal
the uninterrupted run's, byte for byte.

usage: fault_matrix.py --cli BITEXACT --shim LIBBX_FAULT.so [--kills N] [--table]
The faults come from tests/faults/fault_shim.c (LD_PRELOAD: one kind of call
fails with one errno, only on paths under the case's folder), and for EFBIG
also from a real file-size limit (ulimit -f, SIGXFSZ ignored by the CLI).
--table prints the writer x fault table of docs/reliability.md.
Exit 0 when every case holds, 1 otherwise (each failure printed), 2 on bad usage.
"""
import argparse
import errno
import hashlib
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

FAULTS = [  # (kind of call, errno)
    ("write", errno.ENOSPC), ("write", errno.EFBIG), ("write", errno.EIO),
    ("open", errno.EACCES), ("open", errno.ENOSPC),
    ("rename", errno.EIO), ("rename", errno.EACCES), ("rename", errno.ENOSPC),
]


def writers(root, prep):
    """(name, args, output folder) for every writer of the CLI. `vectors
    export` writes a file into a folder that must exist (it makes none):
    its folder is made before each run (prepare())."""
    suite = os.path.join(prep, "suite.json")
    return [
        ("sweep reports", ["sweep", "sinf", "--impl", "nv", "--inputs", "uniform:2000", "--out", f"{root}/sweep"],
         f"{root}/sweep"),
        ("sweep checkpoint", ["sweep", "sinf", "--impl", "nv", "--inputs", "uniform:400000", "--chunk", "1000",
                              "--checkpoint-seconds", "0", "--threads", "1", "--out", f"{root}/ckpt"], f"{root}/ckpt"),
        ("merge", ["merge", f"{prep}/s1", f"{prep}/s2", "--out", f"{root}/merge"], f"{root}/merge"),
        ("conformance run", ["conformance", "run", "--suite", suite, "--out", f"{root}/conf"], f"{root}/conf"),
        ("vectors export npy", ["vectors", "export", "sinf", "--impl", "nv", "--inputs", "uniform:1000", "--out",
                                f"{root}/vec/v.npy", "-q"], f"{root}/vec"),
        ("vectors export json", ["vectors", "export", "fmodf", "--impl", "nv", "--inputs", "uniform:1000", "--out",
                                 f"{root}/vecj/v.json", "-q"], f"{root}/vecj"),
        ("fpsan report", ["fpsan", "validate", "--samples", "200", "--write-report", f"{root}/fpsan"],
         f"{root}/fpsan"),
    ]


def prepare(args, out):
    if args[0] == "vectors":
        os.makedirs(out, exist_ok=True)


def snapshot(path):
    """{relative path: sha256} of every file under path (empty if absent)."""
    out = {}
    for dirpath, _, names in os.walk(path):
        for n in names:
            p = os.path.join(dirpath, n)
            out[os.path.relpath(p, path)] = hashlib.sha256(open(p, "rb").read()).hexdigest()
    return out


def temp_marks():
    """The marks of the writers' temporary names (NAME.tmp-PID, NAME.old-PID),
    read from their one list in src/io/atomic_file.cpp."""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "io", "atomic_file.cpp")
    m = re.search(r"temp_marks\[\]\s*=\s*\{([^}]*)\}", open(src).read())
    marks = re.findall(r'"([^"]+)"', m.group(1)) if m else []
    if ".tmp-" not in marks:
        sys.exit(f"fault_matrix: no temp_marks list with \".tmp-\" in {src}")
    return marks


TEMP_MARKS = temp_marks()


def leftovers(root):
    return sorted(os.path.relpath(os.path.join(d, n), root) for d, _, ns in os.walk(root) for n in ns
                  if any(k in n for k in TEMP_MARKS) or n.endswith(".tmp") or n == ".bitexact.lock")


def run(cli, args, env=None, limit_fsize=None):
    def pre():
        if limit_fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_fsize, limit_fsize))
    return subprocess.run([cli] + args, capture_output=True, text=True, env=env, preexec_fn=pre, timeout=600)


def check_failure(r, what, reason, root, out, before, problems, label):
    lines = r.stderr.splitlines()
    ok = True
    if r.returncode != 2:
        problems.append(f"{label}: exit {r.returncode}, not 2 ({r.stderr.strip()[:200]})")
        ok = False
    elif len(lines) != 1 or not lines[0].startswith("bitexact: error: ") or reason not in lines[0]:
        problems.append(f"{label}: stderr is not one line naming '{reason}': {r.stderr.strip()[:300]!r}")
        ok = False
    left = leftovers(root)
    if left:
        problems.append(f"{label}: left {left}")
        ok = False
    after = snapshot(out)
    if after != before:
        problems.append(f"{label}: the output folder changed: before {sorted(before)}, after {sorted(after)}")
        ok = False
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", required=True)
    ap.add_argument("--shim", required=True)
    ap.add_argument("--kills", type=int, default=12)
    ap.add_argument("--table", action="store_true")
    a = ap.parse_args()
    if not os.access(a.cli, os.X_OK) or not os.path.exists(a.shim):
        print(f"fault_matrix.py: need --cli (an executable) and --shim (the .so): {a.cli}, {a.shim}", file=sys.stderr)
        return 2
    top = tempfile.mkdtemp(prefix="bx-faults-")
    prep = os.path.join(top, "prep")
    os.makedirs(prep)
    with open(os.path.join(prep, "suite.json"), "w") as f:
        json.dump({"suites": [{"name": "t", "function": "sinf", "impls": ["nv"],
                               "inputs": "interval:0x3f800000:0x3f800400"}]}, f)
    for k in (1, 2):
        r = run(a.cli, ["sweep", "sinf", "--impl", "nv", "--inputs", "uniform:4000", "--shard", f"{k}/2",
                        "--out", f"{prep}/s{k}", "-q"])
        if r.returncode != 0:
            print(f"fault_matrix.py: preparing the shards failed: {r.stderr}", file=sys.stderr)
            return 2
    problems, table, cases = [], {}, 0
    for name, _, _ in writers("R", prep):
        table[name] = {}
    # Each writer x fault, into a fresh folder and (second pass) over the
    # writer's own earlier output, which must stay as it was.
    for existing in (False, True):
        for fault, err in FAULTS:
            root = os.path.join(top, f"{fault}-{err}-{int(existing)}")
            for name, args, out in writers(root, prep):
                prepare(args, out)
                if existing:
                    r = run(a.cli, args)
                    if r.returncode not in (0, 1):
                        problems.append(f"{name}: the run without faults failed: {r.stderr.strip()}")
                        continue
                before = snapshot(out)
                log = os.path.join(top, "injected.log")
                if os.path.exists(log):
                    os.remove(log)
                env = dict(os.environ, LD_PRELOAD=os.path.abspath(a.shim), BX_FAULT_OP=fault,
                           BX_FAULT_ERRNO=str(err), BX_FAULT_PATH=root + "/", BX_FAULT_LOG=log)
                r = run(a.cli, args, env)
                cases += 1
                label = f"{name} / {fault} {errno.errorcode[err]}{' (existing output)' if existing else ''}"
                if not os.path.exists(log):
                    # This writer makes no such call (e.g. an export that renames nothing).
                    if r.returncode not in (0, 1):
                        problems.append(f"{label}: nothing injected, yet exit {r.returncode}: {r.stderr.strip()}")
                    table[name].setdefault(f"{fault} {errno.errorcode[err]}", "no such call")
                    shutil.rmtree(root, ignore_errors=True)
                    continue
                ok = check_failure(r, name, os.strerror(err), root, out, before, problems, label)
                cell = table[name].get(f"{fault} {errno.errorcode[err]}", "exit 2, one line, nothing left")
                if not ok:
                    cell = "FAILED"
                table[name][f"{fault} {errno.errorcode[err]}"] = cell
                shutil.rmtree(root, ignore_errors=True)
    # A real file-size limit: the kernel refuses the write (EFBIG; the CLI
    # ignores SIGXFSZ). 4 KiB: every report is larger.
    root = os.path.join(top, "fsize")
    for name, args, out in writers(root, prep):
        prepare(args, out)
        before = snapshot(out)
        r = run(a.cli, args, limit_fsize=4096)
        cases += 1
        label = f"{name} / ulimit -f (SIGXFSZ, EFBIG)"
        if r.returncode == 0:
            table[name]["ulimit -f 4 KiB"] = "fits: nothing to refuse"
            continue
        ok = check_failure(r, name, os.strerror(errno.EFBIG), root, out, before, problems, label)
        table[name]["ulimit -f 4 KiB"] = "exit 2, one line, nothing left" if ok else "FAILED"
        shutil.rmtree(root, ignore_errors=True)

    # SIGKILL at many points of a long sweep, then --resume.
    ref = os.path.join(top, "kill-ref")
    sweep = ["sweep", "expf", "--impl", "nv,nv-ftz", "--inputs", "uniform:3000000:5", "--chunk", "20000",
             "--checkpoint-seconds", "0", "--threads", "2"]
    t0 = time.time()
    r = run(a.cli, sweep + ["--out", ref, "-q"])
    full = time.time() - t0
    if r.returncode != 0:
        problems.append(f"the reference sweep failed: {r.stderr.strip()}")
    killed_mid = resumed_equal = stale_after_kill = 0
    want = open(os.path.join(ref, "report.json"), "rb").read() if r.returncode == 0 else b""
    for k in range(a.kills):
        d = os.path.join(top, f"kill-{k}")
        p = subprocess.Popen([a.cli] + sweep + ["--out", d, "-q"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(full * (k + 0.5) / (a.kills + 1))
        p.send_signal(signal.SIGKILL)
        p.wait()
        if p.returncode == -signal.SIGKILL:
            killed_mid += 1
        stale_after_kill += any(x != ".bitexact.lock" for x in leftovers(d))
        args = sweep + ["--out", d, "-q"] + (["--resume"] if os.path.exists(os.path.join(d, "state.json")) else [])
        r = run(a.cli, args)
        if r.returncode != 0:
            problems.append(f"kill {k}: the resumed sweep failed: {r.stderr.strip()}")
            continue
        # A killed writer leaves its temporary files (it cannot remove them);
        # the resumed run, once it holds the folder, must.
        if leftovers(d):
            problems.append(f"kill {k}: after the resume, left: {leftovers(d)}")
        if open(os.path.join(d, "report.json"), "rb").read() == want:
            resumed_equal += 1
        else:
            problems.append(f"kill {k}: the resumed report differs from the uninterrupted one")
    if killed_mid < a.kills // 2:
        problems.append(f"only {killed_mid} of {a.kills} kills landed while the sweep ran: the test proved little")

    if a.table:
        faults = [f"{f} {errno.errorcode[e]}" for f, e in FAULTS] + ["ulimit -f 4 KiB"]
        print("| writer | " + " | ".join(faults) + " |")
        print("| --- " * (len(faults) + 1) + "|")
        for name, cells in table.items():
            print(f"| {name} | " + " | ".join(cells.get(f, "-") for f in faults) + " |")
    print(f"faults: {cases} cases, {len(problems)} problems; SIGKILL: {killed_mid} of {a.kills} kills mid-run, "
          f"{resumed_equal} resumed reports equal to the uninterrupted run's ({full:.1f} s each); "
          f"{stale_after_kill} kills left temporary files, which the resumed runs removed")
    for p in problems:
        print("PROBLEM " + p)
    shutil.rmtree(top, ignore_errors=True)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
