"""tools/scripts/setup-debian.sh and setup-gpu.sh on a GPU machine (README,
"On a GPU machine"), run here: copies of the scripts in a scratch repository,
an os-release file saying Ubuntu, and stand-ins for nvcc, nvidia-smi, cmake,
apt-get and apt-cache that log their arguments. What is checked is the plan
(--dry-run) and, with --debs, the unpacking into build/debs of a real .deb
made here by dpkg-deb. Usage: setup_script_test.py SOURCE_DIR."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

SOURCE = None

STUBS = {
    # cmake: the version the script checks; every other call logged, one line each.
    "cmake": '[ "$1" = --version ] && { echo "cmake version 3.28.3"; exit 0; }\n'
             'echo "$*" >> "$STUB_LOG/cmake.log"\n',
    "apt-get": 'echo "$*" >> "$STUB_LOG/apt.log"; exit 1\n',
    "apt-cache": 'echo "$*" >> "$STUB_LOG/apt.log"; exit 1\n',
    "nvidia-smi": 'echo 9.0\n',
}
NVCC = 'echo "Cuda compilation tools, release 13.0, V13.0.88"\n'


def write_exe(path, body):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(path, 0o755)


class SetupScript(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="bx-setup-")
        self.repo = os.path.join(self.tmp, "repo")
        scripts = os.path.join(self.repo, "tools", "scripts")
        os.makedirs(scripts)
        for name in ("setup-debian.sh", "setup-gpu.sh"):
            src = os.path.join(SOURCE, "tools", "scripts", name)
            if os.path.exists(src):
                shutil.copy2(src, scripts)
        self.stubs = os.path.join(self.tmp, "stubs")
        for name, body in STUBS.items():
            write_exe(os.path.join(self.stubs, name), body)
        self.logs = os.path.join(self.tmp, "logs")
        os.makedirs(self.logs)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def os_release(self, ident, version):
        path = os.path.join(self.tmp, f"os-release-{ident}-{version}")
        with open(path, "w") as f:
            f.write(f'NAME="{ident}"\nID={ident}\nVERSION_ID="{version}"\n')
        return path

    def run_script(self, script, *args, os_release=None, nvcc_on_path=True, cuda_home=None):
        path = [self.stubs]
        if nvcc_on_path:
            nvbin = os.path.join(self.tmp, "nvbin")
            write_exe(os.path.join(nvbin, "nvcc"), NVCC)
            path.append(nvbin)
        env = {
            "PATH": ":".join(path + ["/usr/bin", "/bin"]),
            "STUB_LOG": self.logs,
            "BITEXACT_OS_RELEASE": os_release or self.os_release("ubuntu", "24.04"),
            # Not the machine's /usr/local/cuda: only the stand-ins count.
            "CUDA_HOME": cuda_home or os.path.join(self.tmp, "no-cuda"),
        }
        return subprocess.run([os.path.join(self.repo, "tools", "scripts", script), *args],
                              env=env, capture_output=True, text=True, timeout=60)

    def log(self, name):
        path = os.path.join(self.logs, name)
        if not os.path.exists(path):
            return []
        with open(path) as f:
            return f.read().splitlines()

    def lines(self, text, word):
        return [line for line in text.splitlines() if word in line]

    def test_bad_options_exit_2_with_one_line(self):
        empty = os.path.join(self.tmp, "empty")
        os.makedirs(empty)
        for args in (["--bogus"], ["--debs"], ["--debs", os.path.join(self.tmp, "none")],
                     ["--debs", empty]):
            for script in ("setup-debian.sh", "setup-gpu.sh"):
                r = self.run_script(script, *args)
                self.assertEqual(r.returncode, 2, (script, args, r.stderr))
                self.assertEqual(len(r.stderr.splitlines()), 1, (script, args, r.stderr))
                self.assertEqual(r.stdout, "")
        self.assertEqual(self.log("cmake.log") + self.log("apt.log"), [])

    def test_ubuntu_24_04_all_skips_chromium_and_builds_cuda(self):
        r = self.run_script("setup-debian.sh", "--all", "--dry-run")
        self.assertEqual(r.returncode, 0, r.stderr)
        chromium = self.lines(r.stdout + r.stderr, "chromium")
        self.assertEqual(len(chromium), 1, r.stdout)
        self.assertIn("skipped", chromium[0])
        self.assertIn("snap", chromium[0])
        configure = self.lines(r.stdout, "would run: cmake -S . -B build")
        self.assertEqual(len(configure), 1, r.stdout)
        nvcc = os.path.join(self.tmp, "nvbin", "nvcc")
        self.assertIn(f"-DCMAKE_CUDA_COMPILER={nvcc}", configure[0])
        self.assertIn("-DBITEXACT_CUDA_ARCHITECTURES=90", configure[0])  # nvidia-smi's 9.0
        self.assertIn("-DBITEXACT_CUDA_BACKEND=ON", configure[0])
        # A plan only: nothing configured, installed or unpacked.
        self.assertEqual(self.log("cmake.log"), [])
        self.assertNotIn("update", "".join(self.log("apt.log")))
        self.assertFalse(os.path.exists(os.path.join(self.repo, "build")))

    def test_ubuntu_22_04_gpu_finds_nvcc_in_cuda_home(self):
        cuda = os.path.join(self.tmp, "cuda")
        write_exe(os.path.join(cuda, "bin", "nvcc"), NVCC)
        os.remove(os.path.join(self.stubs, "nvidia-smi"))
        r = self.run_script("setup-gpu.sh", "--dry-run", os_release=self.os_release("ubuntu", "22.04"),
                            nvcc_on_path=False, cuda_home=cuda)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("CUDA 13.0", r.stdout)
        configure = self.lines(r.stdout, "would run: cmake -S . -B build")[0]
        self.assertIn(f"-DCMAKE_CUDA_COMPILER={cuda}/bin/nvcc", configure)
        self.assertIn("-DBITEXACT_CUDA_BACKEND=ON", configure)
        # The option's last value wins: ON after the OFF of a fresh CLI-only build.
        self.assertGreater(configure.rindex("-DBITEXACT_CUDA_BACKEND=ON"),
                           configure.index("-DBITEXACT_CUDA_BACKEND=OFF"))
        self.assertNotIn("BITEXACT_CUDA_ARCHITECTURES", configure)  # no GPU seen: the default, 90
        build = self.lines(r.stdout, "would run: cmake --build build")
        self.assertEqual(len(build), 1)
        self.assertTrue(build[0].endswith("--target bitexact"), build[0])

    def test_gpu_without_nvcc_says_so(self):
        r = self.run_script("setup-gpu.sh", "--dry-run", nvcc_on_path=False)
        self.assertEqual(r.returncode, 1)
        self.assertEqual(len(r.stderr.splitlines()), 1, r.stderr)
        self.assertIn("nvcc", r.stderr)

    def test_debian_12_main_is_the_cpu_cli(self):
        # README command 1: no CUDA even where nvcc is, every option off.
        r = self.run_script("setup-debian.sh", "--main", "--dry-run",
                            os_release=self.os_release("debian", "12"))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn("CUDA backend", r.stdout)
        configure = self.lines(r.stdout, "would run: cmake -S . -B build")[0]
        self.assertIn("-DBITEXACT_CUDA_BACKEND=OFF", configure)
        self.assertNotIn("=ON", configure)
        self.assertNotIn("chromium", r.stdout + r.stderr)

    def test_debs_are_unpacked_into_build_debs(self):
        # A real .deb: a header under include/<multiarch> and a .pc file naming /usr.
        pkg = os.path.join(self.tmp, "pkg")
        os.makedirs(os.path.join(pkg, "DEBIAN"))
        with open(os.path.join(pkg, "DEBIAN", "control"), "w") as f:
            f.write("Package: bx-fake\nVersion: 1.0\nArchitecture: all\n"
                    "Maintainer: bitexact tests <none@example.invalid>\nDescription: a test package\n")
        arch = subprocess.run(["gcc", "-print-multiarch"], capture_output=True, text=True).stdout.strip()
        arch = arch or "x86_64-linux-gnu"
        header = os.path.join("usr", "include", arch, "bxfake.h")
        pc = os.path.join("usr", "lib", arch, "pkgconfig", "bxfake.pc")
        for rel, text in ((header, "#define BXFAKE 1\n"),
                          (pc, f"prefix=/usr\nlibdir=/usr/lib/{arch}\nincludedir=${{prefix}}/include\n"
                               "Name: bxfake\nDescription: x\nVersion: 1.0\nLibs: -L${libdir} -lbxfake\n")):
            os.makedirs(os.path.dirname(os.path.join(pkg, rel)), exist_ok=True)
            with open(os.path.join(pkg, rel), "w") as f:
                f.write(text)
        debs = os.path.join(self.tmp, "debs")
        os.makedirs(debs)
        subprocess.run(["dpkg-deb", "--root-owner-group", "--build", pkg, os.path.join(debs, "bx-fake.deb")],
                       check=True, capture_output=True)

        r = self.run_script("setup-gpu.sh", "--debs", debs)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        prefix = os.path.join(self.repo, "build", "debs")
        self.assertTrue(os.path.isfile(os.path.join(prefix, header)))
        self.assertFalse(os.path.exists(os.path.join("/", header)))
        with open(os.path.join(prefix, pc)) as f:
            text = f.read()
        self.assertIn(f"prefix={prefix}/usr\n", text)
        self.assertIn(f"libdir={prefix}/usr/lib/{arch}\n", text)
        self.assertEqual(self.log("apt.log"), [])  # offline: apt is not used
        calls = self.log("cmake.log")
        self.assertEqual(len(calls), 2, calls)
        configure, build = calls
        for want in (f"-DCMAKE_PREFIX_PATH={prefix}/usr", f"-DCMAKE_BUILD_RPATH={prefix}/usr/lib/{arch}",
                     "-DCMAKE_EXE_LINKER_FLAGS=-Wl,--disable-new-dtags",
                     f"-DCMAKE_CXX_STANDARD_INCLUDE_DIRECTORIES={prefix}/usr/include/{arch}",
                     "-DBITEXACT_CUDA_BACKEND=ON", "-DBITEXACT_CUDA_ARCHITECTURES=90"):
            self.assertIn(want, configure)
        self.assertTrue(build.startswith("--build build"), build)
        self.assertTrue(build.endswith("--target bitexact"), build)


if __name__ == "__main__":
    SOURCE = os.path.abspath(sys.argv.pop(1))
    unittest.main()
