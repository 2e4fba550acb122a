"""pip's build of the Python package `bitexact` (pyproject.toml; docs/python.md).

The compiled module _bitexact is built by CMake from this tree, configured for
nothing else (no CLI, tests, benchmarks, replacement libraries, ocml bitcode,
GPU backends or MPI) and for the interpreter running pip; setuptools packs it
with src/python/bitexact/*.py. Everything is built in a temporary directory,
removed afterwards: the source tree stays as it was (its build/ is left to
CMake builds).

Environment:
  BITEXACT_CMAKE_ARGS         more CMake configure arguments, split as a shell
                              does ("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
  CMAKE_BUILD_PARALLEL_LEVEL  compile jobs (default: the number of CPUs)
  CMAKE_GENERATOR             CMake's generator (default: Ninja when on PATH)
"""
import atexit
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError

ROOT = os.path.dirname(os.path.abspath(__file__))

# Only what the module needs (CMakeLists.txt's options); BITEXACT_CMAKE_ARGS,
# coming later, may turn any back on.
MODULE_ONLY = [
    "-DCMAKE_BUILD_TYPE=Release",
    "-DBITEXACT_PYTHON=ON",
    "-DBITEXACT_PYTHON_REQUIRED=ON",
    "-DBITEXACT_BUILD_TESTS=OFF",
    "-DBITEXACT_BUILD_BENCH=OFF",
    "-DBITEXACT_BUILD_TOOLS=OFF",
    "-DBITEXACT_BUILD_REPLACE=OFF",
    "-DBITEXACT_OCML_BITCODE=OFF",
    "-DBITEXACT_AMDGCN_BITCODE=OFF",
    "-DBITEXACT_CUDA_BACKEND=OFF",
    "-DBITEXACT_HIP_BACKEND=OFF",
    "-DBITEXACT_MPI=OFF",
]


def project_version():
    """CMakeLists.txt's project VERSION: the version has one source."""
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        m = re.search(r"^project\(bitexact\s+VERSION\s+([0-9][0-9.]*)", f.read(), re.M)
    if not m:
        sys.exit("bitexact: error: CMakeLists.txt has no 'project(bitexact VERSION ...)'")
    return m.group(1)


def scratch_dir():
    d = tempfile.mkdtemp(prefix="bitexact-pip-")
    atexit.register(shutil.rmtree, d, ignore_errors=True)
    return d


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        cmake = shutil.which("cmake")
        if not cmake:
            raise CompileError("bitexact: error: building the Python module needs cmake (3.25 or later) on PATH")
        build = os.path.join(self.build_temp, "cmake")
        configure = [cmake, "-S", ROOT, "-B", build, f"-DPython3_EXECUTABLE={sys.executable}"] + MODULE_ONLY
        if not os.environ.get("CMAKE_GENERATOR") and shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        configure += shlex.split(os.environ.get("BITEXACT_CMAKE_ARGS", ""))
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        compile_ = [cmake, "--build", build, "--target", "bitexact_python", "--parallel", jobs]
        for what, cmd in (("configure", configure), ("build", compile_)):
            print(" ".join(shlex.quote(c) for c in cmd), flush=True)
            r = subprocess.run(cmd)
            if r.returncode:
                raise CompileError(f"bitexact: error: the CMake {what} of the module failed with exit status "
                                   f"{r.returncode} (its output is above)")
        built = glob.glob(os.path.join(build, "python", "bitexact", "_bitexact*"))
        if len(built) != 1:
            raise CompileError(f"bitexact: error: expected one _bitexact module in {build}/python/bitexact, "
                               f"found {len(built)}")
        dest = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(built[0], dest)


# setuptools' build/ and egg-info would go into the source tree (build/ is
# where the README's CMake build lives): both go to a scratch directory.
_scratch = scratch_dir()
setup(
    version=project_version(),
    ext_modules=[Extension("bitexact._bitexact", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": os.path.join(_scratch, "build")},
             "egg_info": {"egg_base": _scratch}},
    zip_safe=False,
)
