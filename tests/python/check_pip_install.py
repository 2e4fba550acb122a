"""pip install of the source tree (pyproject.toml, setup.py) into a fresh venv, then
the Python tests against the installed package. Run by ctest (Python.PipInstall,
label packaging) with Debian's /usr/bin/python3.

  1. a venv with --system-site-packages (Debian's NumPy, setuptools, wheel);
  2. pip install --no-build-isolation --no-index --no-cache-dir SOURCE: offline,
     a CMake build of its own from scratch (nothing from the ctest build tree);
  3. bitexact imports from the venv, its version is CMakeLists.txt's, and
     `python -m bitexact --version` says so;
  4. test_bitexact.py Api, test_triton_bridge.py (all but DeviceDigests) and docs/python.md's example
     run with the venv's python, no PYTHONPATH, each checking first that its
     `import bitexact` is the venv's;
  5. the source tree has no new file, ignored ones included (git status).

Usage: check_pip_install.py SOURCE WORKDIR CLI VERSION. WORKDIR is emptied
first and removed when everything passed. Environment: CMAKE_BUILD_PARALLEL_LEVEL
(default 2), BITEXACT_CMAKE_ARGS (setup.py). Prints each step's time.
"""
import os
import shutil
import subprocess
import sys
import time

SRC, WORK, CLI, VERSION = (os.path.realpath(a) if i < 3 else a for i, a in enumerate(sys.argv[1:5]))
VENV = os.path.join(WORK, "venv")
PY = os.path.join(VENV, "bin", "python")
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
ENV.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", "2")
ENV.update(PIP_DISABLE_PIP_VERSION_CHECK="1", BITEXACT_SOURCE_DIR=SRC, BITEXACT_CLI=CLI)
T0 = time.monotonic()


def step(what, cmd, **kw):
    t = time.monotonic()
    r = subprocess.run(cmd, env=ENV, cwd=WORK, text=True, **kw)
    print(f"[{time.monotonic() - t:6.1f} s] {what}: exit status {r.returncode}", flush=True)
    if r.returncode:
        sys.exit(f"check_pip_install: {what} failed ({' '.join(cmd)}); work directory kept: {WORK}")
    return r


def source_status():
    # Untracked and ignored entries; an ignored folder is one entry (build/),
    # so the ctest build tree inside the source changes nothing here.
    if not os.path.isdir(os.path.join(SRC, ".git")) and not os.path.isfile(os.path.join(SRC, ".git")):
        return None
    r = subprocess.run(["git", "-C", SRC, "status", "--porcelain", "--ignored"], capture_output=True, text=True)
    return set(r.stdout.splitlines()) if r.returncode == 0 else None


shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
before = source_status()
step("venv", [sys.executable, "-m", "venv", "--system-site-packages", VENV])
step("pip install", [PY, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--no-cache-dir", SRC])

# Where the package comes from, and its version, from the venv's python in WORK.
r = step("import", [PY, "-c", "import bitexact, sys; print(bitexact.__file__); print(bitexact.__version__); "
                    "from importlib.metadata import version; print(version('bitexact'))"], capture_output=True)
init, module_version, dist_version = r.stdout.split()
pkg = os.path.dirname(init)
if not os.path.realpath(pkg).startswith(os.path.realpath(VENV) + os.sep):
    sys.exit(f"check_pip_install: bitexact was imported from {pkg}, not from the venv {VENV}")
if (module_version, dist_version) != (VERSION, VERSION):
    sys.exit(f"check_pip_install: versions {module_version} (module), {dist_version} (wheel); CMakeLists.txt: {VERSION}")
r = step("python -m bitexact --version", [PY, "-m", "bitexact", "--version"], capture_output=True)
want = f"bitexact {VERSION} from {pkg} (python {sys.version_info[0]}.{sys.version_info[1]})\n"
if r.stdout != want:
    sys.exit(f"check_pip_install: python -m bitexact --version printed {r.stdout!r}, not {want!r}")

# The tests, each asserting in its own process that bitexact is the venv's.
RUN = ("import os, runpy, sys\n"
       "script = sys.argv[1]\n"
       "sys.argv = sys.argv[1:]\n"
       "sys.path[0] = os.path.dirname(script)\n"
       "import bitexact\n"
       "if not os.path.realpath(bitexact.__file__).startswith(os.path.realpath(sys.prefix) + os.sep):\n"
       "    sys.exit(f'bitexact imported from {bitexact.__file__}, not from the venv {sys.prefix}')\n"
       "runpy.run_path(script, run_name='__main__')\n")
tests = os.path.join(SRC, "tests", "python")
step("test_bitexact.py Api", [PY, "-c", RUN, os.path.join(tests, "test_bitexact.py"), "Api"])
step("test_triton_bridge.py", [PY, "-c", RUN, os.path.join(tests, "test_triton_bridge.py"), "Table", "Backends",
                                "InterpreterHook"])
step("docs/python.md example", [PY, "-c", RUN, os.path.join(tests, "check_doc_example.py"),
                                os.path.join(SRC, "docs", "python.md")])

after = source_status()
if before is not None and after is not None and after - before:
    sys.exit(f"check_pip_install: pip install left in the source tree: {' '.join(sorted(after - before))}")
shutil.rmtree(WORK, ignore_errors=True)
print(f"check_pip_install: passed in {time.monotonic() - T0:.0f} s (bitexact {VERSION} from {pkg})")
