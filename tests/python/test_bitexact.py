"""The Python module (docs/python.md), run by ctest with Debian's /usr/bin/python3.

Expected values: the H100's own outputs (vectors/nv/edge.txt, and the block
digests of vectors/nv/digests.json and vectors/nv-sfu/digests.json) and the CLI
(`bitexact eval`, `bitexact fpsan eval`), never the module itself.
"""
import contextlib
import io
import json
import os
import subprocess
import sys
import unittest

import numpy as np

import bitexact

SRC = os.environ["BITEXACT_SOURCE_DIR"]
CLI = os.environ["BITEXACT_CLI"]


def cli(args, stdin):
    r = subprocess.run([CLI] + args, input=stdin, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


class DeviceVectors(unittest.TestCase):
    def test_edge_vectors_equal_the_h100(self):
        # vectors/nv/edge.txt: fn x [y] nv nv-ftz, the H100's outputs.
        rows = {}
        for line in open(os.path.join(SRC, "vectors/nv/edge.txt")):
            if line.startswith("#") or not line.strip():
                continue
            f = line.split()
            rows.setdefault(f[0], []).append(f[1:])
        checked = 0
        for fn, rs in rows.items():
            # the width and the operand count from the module's own table
            # (functions.def), not from a list here that new rows outgrow
            bits, arity, _, _ = bitexact._bitexact.spec_info(f"nv.{fn}")
            w = np.uint64 if bits == 64 else np.uint32
            two = arity == 2
            cols = np.array([[int(v, 16) for v in r] for r in rs], dtype=w)
            x = cols[:, 0]
            y = cols[:, 1] if two else None
            for k, impl in enumerate(["nv", "nv-ftz"]):
                want = cols[:, (2 if two else 1) + k]
                got = bitexact.eval(f"{impl}.{fn}", x, y).view(w)
                bad = np.nonzero(got != want)[0]
                self.assertEqual(len(bad), 0, f"{impl}.{fn}: first at x=0x{int(x[bad[0]]):x}" if len(bad) else "")
                checked += len(x)
        self.assertGreater(checked, 1000)

    # Same code under another name (include/bitexact/nv/fmod.hpp: fmod_ftz is
    # `return fmod(a, b)`; nv/fast.hpp: use_fast_math_fmod is nv::fmod,
    # use_fast_math_fmodf nv::fmodf_ftz). Their sets' committed digests are the
    # primary's (asserted below), so here such a set is checked on the first
    # SAME_CODE_SLICE inputs of the primary's block against the primary's
    # outputs, which matched the H100's digest: the module's path for the name,
    # not a second 2^24-pair long division (binary64 fmod, ~1 us a pair: 4
    # blocks were ~60 s of this test). The C++ VendorDigests cases check these
    # names' own blocks against the digests (tests/digest_check.hpp);
    # BITEXACT_PY_DIGESTS_FULL=1 (ctest -L heavy: Python.DeviceVectorsFull)
    # checks every set's whole block here as well.
    SAME_CODE = {("nv-ftz", "fmod"): "nv", ("nv-fast", "fmod"): "nv", ("nv-fast", "fmodf"): "nv-ftz"}
    SAME_CODE_SLICE = 1 << 16

    def _check_digests(self, path):
        d = json.load(open(os.path.join(SRC, path)))
        impls = bitexact.implementations()
        full = os.environ.get("BITEXACT_PY_DIGESTS_FULL") == "1"
        # (fn, set, seed, digests) -> (impl, block, the first SAME_CODE_SLICE
        # outputs) of the first set checked in full: a later set whose
        # committed digests are the same, block for block (a declared
        # same-code name, or an implementation whose bits the GPU found equal
        # to another's, as nv-fast's erff is nv-ftz's), is then checked on a
        # slice against those outputs, as SAME_CODE names are.
        first_with = {}
        n = 0
        for s in d["sets"]:
            if s["fn"] not in impls.get(s["impl"], []):
                continue  # an implementation this build lacks
            bits, arity, _, _ = bitexact._bitexact.spec_info(f"{s['impl']}.{s['fn']}")
            count, block = s["count"], s["block"]
            spec = "exhaustive" if s["set"] == "exhaustive" else f"{s['set']}:{count}:{s['seed']}"
            what = f"{s['impl']}.{s['fn']} {s['set']}"
            k = len(s["digests"]) // 2 + (n % 3)  # one block per set, spread
            primary = self.SAME_CODE.get((s["impl"], s["fn"]))
            if primary is not None:
                pkey = (primary, s["fn"], s["set"], s["seed"])
                ps = [p for p in d["sets"] if (p["impl"], p["fn"], p["set"], p["seed"]) == pkey]
                self.assertEqual(len(ps), 1, f"{what}: the set of {primary}, whose code it is")
                self.assertEqual(ps[0]["digests"], s["digests"], f"{what}: same code as {primary}, other committed digests")
            dkey = (s["fn"], s["set"], s["seed"], tuple(s["digests"]))
            slice_only = dkey in first_with and not full
            if slice_only:
                pimpl, k, pout = first_with[dkey]
            end = k * block + (self.SAME_CODE_SLICE if slice_only else block)
            a, b = bitexact._bitexact.inputs(s["fn"], spec, k * block, end)
            w = np.uint64 if bits == 64 else np.uint32
            two = arity == 2
            out = bitexact.eval(f"{s['impl']}.{s['fn']}", a.astype(w), b.astype(w) if two else None)
            if slice_only:
                self.assertEqual(len(out), self.SAME_CODE_SLICE)
                same = np.array_equal(out.view(w), pout[: len(out)].view(w))
                self.assertTrue(same, f"{what} block {k}: differs from {pimpl}, whose committed digests it has")
            else:
                self.assertEqual(f"0x{bitexact._bitexact.xxh3(out):016x}", s["digests"][k], f"{what} block {k}")
                first_with.setdefault(dkey, (s["impl"], k, out[: self.SAME_CODE_SLICE].copy()))
            n += 1
        return n

    def test_nvidia_digests(self):
        self.assertGreaterEqual(self._check_digests("vectors/nv/digests.json"), 27)

    def test_sfu_digests(self):
        self.assertGreaterEqual(self._check_digests("vectors/nv-sfu/digests.json"), 28)


class Api(unittest.TestCase):
    def test_same_bits_as_the_cli(self):
        x = np.array([0x3F800000, 0x40490FDB, 0x7FC00001, 0x00000001, 0x4B000001], dtype=np.uint32)
        for spec in ["nv.sinf", "nv-ftz.cosf", "ocml.sinf", "ocml-daz.ceilf", "mpfr.sinf", "ptx-ftz.ex2_approx", "nv-fast.expf"]:
            rc, out, err = cli(["eval", spec], "".join(f"0x{v:08x}\n" for v in x))
            self.assertEqual(rc, 0, err)
            want = [int(v, 16) for v in out.split()]
            got = bitexact.eval(spec, x.view(np.float32)).view(np.uint32).tolist()
            self.assertEqual(got, want, spec)

    def test_shapes_broadcasting_and_out(self):
        x = np.linspace(-10, 10, 24, dtype=np.float32).reshape(2, 3, 4)
        r = bitexact.nv.sinf(x)
        self.assertEqual(r.shape, (2, 3, 4))
        self.assertTrue(np.array_equal(r.reshape(-1).view(np.uint32), bitexact.nv.sinf(x.reshape(-1)).view(np.uint32)))
        y = np.float32(3.0)
        m = bitexact.eval("nv.fmodf", x, y)  # broadcast scalar
        self.assertEqual(m.shape, x.shape)
        self.assertTrue(np.array_equal(m[0, 0], bitexact.eval("nv.fmodf", x[0, 0], np.full(4, 3.0, np.float32))))
        out = np.empty_like(x)
        self.assertIs(bitexact.nv.cosf(x, out=out), out)
        self.assertTrue(np.array_equal(out.view(np.uint32), bitexact.nv.cosf(x).view(np.uint32)))
        strided = np.empty((2, 3, 8), np.float32)[:, :, ::2]
        bitexact.nv.cosf(x, out=strided)
        self.assertTrue(np.array_equal(strided, out))
        d = bitexact.nv.ceil(np.array([1.5, -0.5]))
        self.assertEqual(d.dtype, np.float64)
        self.assertEqual(d.tolist(), [2.0, -0.0])

    def test_inputs_behave_like_numpy(self):
        # Issue 33, item 10: a NumPy scalar gave shape (1,); Python floats and
        # lists were refused ("x is float64"); a big-endian float32 array got
        # "takes float32 arrays, x is float32".
        one = bitexact.nv.sinf(np.float32(1.0))
        self.assertEqual(one.shape, ())
        self.assertEqual(one.dtype, np.float32)
        want = bitexact.nv.sinf(np.float32([1.0, 2.0])).view(np.uint32).tolist()
        self.assertEqual(bitexact.nv.sinf(1.0).shape, ())
        self.assertEqual(bitexact.nv.sinf(1.0).view(np.uint32), want[0])  # weak scalar: float32(1.0)
        self.assertEqual(bitexact.nv.sinf([1.0, 2]).view(np.uint32).tolist(), want)
        self.assertEqual(bitexact.nv.sinf([[1.0], [2.0]]).shape, (2, 1))
        self.assertEqual(bitexact.nv.sinf(np.array([1.0, 2.0], dtype=">f4")).view(np.uint32).tolist(), want)
        self.assertEqual(bitexact.nv.sinf(np.array([0x3F800000, 0x40000000], dtype=">u4")).view(np.uint32).tolist(), want)
        self.assertEqual(bitexact.eval("nv.fmodf", 5.5, 2).tolist(), 1.5)
        self.assertEqual(bitexact.eval("nv.fmodf", np.float32([5.5, 7]), 2.0).tolist(), [1.5, 1.0])
        self.assertEqual(bitexact.ulp_error("sinf", np.float32(1), np.float32(0.84147096)).shape, ())
        for bad, needle in [(np.float64([1.0]), "x is a float64 array: convert it first"),
                            (np.float64(1.0), "x is a float64 array"),
                            ("1.0", "not a number"), (None, "not a number")]:
            with self.assertRaises(ValueError) as c:
                bitexact.nv.sinf(bad)
            self.assertIn(needle, str(c.exception))
            self.assertNotIn("\n", str(c.exception))

    def test_attribute_forms(self):
        x = np.float32([0.5, 1e-40, 3.0])
        self.assertTrue(np.array_equal(bitexact.ocml.sinf(x, config="gfx90a-daz").view(np.uint32),
                                       bitexact.eval("ocml-daz.sinf", x).view(np.uint32)))
        self.assertTrue(np.array_equal(bitexact.nv_ftz.sinf(x).view(np.uint32), bitexact.eval("nv-ftz.sinf", x).view(np.uint32)))
        self.assertTrue(np.array_equal(bitexact.mpfr.cosf(x), bitexact.eval("mpfr.cosf", x)))
        for name, fns in bitexact.implementations().items():  # every registered implementation has a form
            impl = getattr(bitexact, name.replace("-", "_"))
            self.assertIn(fns[0], dir(impl))

    def test_errors_are_the_cli_messages(self):
        x = np.float32([1.0])
        for spec, args, needle in [("nv.lgammaf", (x,), "unknown function 'lgammaf'"),
                                   ("gpu.sinf", (x,), "unknown implementation 'gpu'"),
                                   ("nv.sin_approx", (x,), "implementation 'nv' has no function 'sin_approx'"),
                                   ("nv.sinf", (x.astype(np.float64),), "takes float32 arrays"),
                                   ("nv.fmodf", (x,), "takes two operands"),
                                   ("nv.fmodf", (np.float32([1, 2]), np.float32([1, 2, 3])), "broadcast")]:
            with self.assertRaises(ValueError) as c:
                bitexact.eval(spec, *args)
            self.assertIn(needle, str(c.exception))
            self.assertNotIn("\n", str(c.exception))
        rc, _, err = cli(["eval", "nv.lgammaf"], "0x3f800000\n")
        self.assertEqual(rc, 2)
        with self.assertRaises(ValueError) as c:
            bitexact.eval("nv.lgammaf", x)
        self.assertIn(str(c.exception), err)
        with self.assertRaises(ValueError):
            bitexact.ocml.sinf(x, config="gfx1100")
        with self.assertRaises(AttributeError):
            bitexact.nvidia  # noqa: B018

    def test_no_crash_on_any_input(self):
        x = np.arange(0, 1 << 20, dtype=np.uint32) * np.uint32(4093)  # all classes of bit patterns
        for spec in ["nv.sinf", "ocml.cosf", "ptx.rsqrt_approx", "nv-fast.logf"]:
            self.assertEqual(bitexact.eval(spec, x).shape, x.shape)
        self.assertEqual(bitexact.nv.sinf(np.empty(0, np.float32)).shape, (0,))

    def test_ulp_error_matches_the_cli(self):
        x = np.float32([1.0, 2.0, 1e30])
        r = bitexact.nv.sinf(x)
        rc, out, err = cli(["ulp", "nv.sinf", "--digits", "12"], "".join(f"0x{v:08x}\n" for v in x.view(np.uint32)))
        self.assertEqual(rc, 0, err)
        want = [float(line.split()[-1]) for line in out.splitlines()]
        got = bitexact.ulp_error("sinf", x, r)
        for g, w in zip(got, want):
            self.assertAlmostEqual(g, w, delta=1e-11 * max(1.0, w))
        e2 = bitexact.ulp_error("fmodf", np.float32([5.5]), np.float32([2.0]), np.float32([1.5]))
        self.assertEqual(e2.tolist(), [0.0])

    def test_sweep_returns_the_report(self):
        rep = bitexact.sweep("sinf", ["nv", "ocml"], "binades:4")
        self.assertEqual(rep["function"], "sinf")
        self.assertTrue(rep["complete"])
        self.assertEqual(sorted(rep["implementations"]), ["nv", "ocml"])

    def test_python_m_bitexact(self):
        # python -m bitexact (src/python/bitexact/__main__.py): its eval reads
        # operands as the CLI's does and prints the CLI's bits.
        def run(args, stdin=""):  # in this process: main() as `python -m bitexact ARGS` runs it
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
                rc = bitexact_main.main(args, io.StringIO(stdin), out)
            return rc, out.getvalue(), err.getvalue()

        def run_m(args):  # the real thing, for what -m itself decides (the status, the streams)
            r = subprocess.run([sys.executable, "-m", "bitexact"] + args, capture_output=True, text=True)
            return r.returncode, r.stdout, r.stderr

        from bitexact import __main__ as bitexact_main

        rc, out, err = run_m(["--version"])
        self.assertEqual((rc, err), (0, ""))
        self.assertEqual(out, f"bitexact {bitexact.__version__} from {os.path.dirname(bitexact.__file__)} "
                              f"(python {sys.version_info[0]}.{sys.version_info[1]})\n")
        self.assertNotEqual(bitexact.__version__, "unknown")
        rc, out, _ = run_m(["--help"])
        self.assertEqual(rc, 0)
        self.assertIn("eval", out)
        rc, out, err = run_m(["eval", "nv.sinf", "1e39"])
        self.assertEqual((rc, out), (2, ""))
        self.assertEqual(err.count("\n"), 1, err)
        rc, out, _ = run(["list"])
        self.assertEqual(rc, 0)
        self.assertEqual({l.split()[0]: l.split()[1:] for l in out.splitlines()}, bitexact.implementations())
        # Numbers rounded once to the type (binary32 too: no detour through
        # binary64), halfway cases, subnormals, overflow to the largest finite.
        tokens = ["1", "-0.5", "1e6", "3e38", ".5", "5.", "+2", "-0", "inf", "-Infinity", "nan", "-nan", "0x1.8p3",
                  "-0x1p-149", "0x1.000001p0", "0x1.0000010000000000001p0", "0x1.fffffefp127", "1e-46", "7e-46",
                  "3.4028235677973366e38", "1.00000005960464477539062500000000001", "0.1", "0x3f800000", "0x1",
                  "0x7fc00001", "0XFF800000"]
        for spec, toks in [("nv.sinf", tokens), ("mpfr.sinf", tokens), ("ocml-daz.ceilf", tokens),
                           ("nv.ceil", tokens[:20] + ["1e-320", "2.4703282292062328e-324", "0x1.00000000000008p0",
                                                     "0x1.000000000000080000001p0", "1.7976931348623158e308",
                                                     "0x3ff0000000000000", "0x7ff0000000000001"]),
                           ("nv.fmodf", ["5.5", "2", "-7", "0x1p-149", "1e38", "3"])]:
            rc, want, err = cli(["eval", spec] + toks, "")
            self.assertEqual(rc, 0, err)
            self.assertEqual(run(["eval", spec] + toks), (0, want, ""), spec)
            self.assertEqual(run(["eval", spec], "# stdin\n\n" + "".join(
                " ".join(toks[i:i + 2]) + "\n" if spec.endswith("fmodf") else t + "\n"
                for i, t in enumerate(toks) if not spec.endswith("fmodf") or i % 2 == 0)), (0, want, ""), spec)
        # Bad input: the CLI's one-line message, status 2, no output.
        for args, stdin in [(["eval", "nv.sinf", "1e39"], ""), (["eval", "nv.sinf", "3f800000"], ""),
                            (["eval", "nv.sinf", "-0x10"], ""), (["eval", "nv.sinf", "0x1ffffffff"], ""),
                            (["eval", "nv.fmodf", "5.5"], ""), (["eval", "nv.lgammaf", "1"], ""),
                            (["eval", "nv.sinf"], "1\n1 2\n"), (["eval", "nv.ceil", "1_0"], "")]:
            rc, want_err = cli(args, stdin)[0::2]
            self.assertEqual(rc, 2, args)
            self.assertEqual(run(args, stdin), (2, "", want_err), args)
        for args in [["frobnicate"], ["eval"], ["--version", "list"], ["--bogus"], ["list", "extra"]]:
            rc, out, err = run(args)
            self.assertEqual((rc, out), (2, ""), args)
            self.assertTrue(err.startswith("bitexact: error: ") and err.count("\n") == 1, err)
        # Output that cannot be written (a full device: ENOSPC from the kernel):
        # the CLI's line and status 2 (was a traceback and status 1).
        def to_full(cmd):
            with open("/dev/full", "w") as full:
                r = subprocess.run(cmd, stdout=full, stderr=subprocess.PIPE, text=True)
            return r.returncode, r.stderr

        want = to_full([CLI, "eval", "nv.sinf", "1", "2"])
        self.assertEqual(want, (2, "bitexact: error: cannot write the output: No space left on device\n"))
        for args in [["eval", "nv.sinf", "1", "2"], ["list"], ["--version"]]:
            self.assertEqual(to_full([sys.executable, "-m", "bitexact"] + args), want, args)
        # A reader that stops early: no traceback.
        r = subprocess.run(f"{sys.executable} -m bitexact list | head -c 1 > /dev/null", shell=True,
                           stderr=subprocess.PIPE, text=True)
        self.assertEqual(r.stderr, "")

    def test_fpsan_matches_the_cli(self):
        x = np.float32([1.0, -2.5, 3e-39, np.inf])
        y = np.float32([2.0, 0.5, 1.0, 1.0])
        for op, args in [("embed", (x,)), ("add", (x, y)), ("mul", (x, y)), ("exp", (x,)), ("to_bf16", (x,)), ("to_f16", (x,))]:
            rc, out, err = cli(["fpsan", "eval", f"{op}.f32"],
                               "".join(" ".join(f"0x{int(a.view(np.uint32)[i]):08x}" for a in args) + "\n" for i in range(len(x))))
            self.assertEqual(rc, 0, err)
            want = [int(v, 16) for v in out.split()]
            got = bitexact.fpsan.apply(op, *args)
            self.assertEqual(np.asarray(got).view({2: np.uint16, 4: np.uint32}[got.itemsize]).tolist(), want, op)
        p = bitexact.fpsan.embed(np.float16([1.0, 2.0]))
        self.assertTrue(np.array_equal(bitexact.fpsan.unembed(p, "f16"), np.float16([1.0, 2.0])))
        with self.assertRaises(ValueError):
            bitexact.fpsan.apply("frobnicate", x)


if __name__ == "__main__":
    unittest.main(verbosity=2)
