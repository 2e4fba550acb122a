"""bitexact.triton, the Triton interpreter bridge (docs/python.md), without Triton.

CI cannot install Triton, so a fake of the few pieces of Triton 3.6's
interpreter the bridge touches stands in for it (FakeTriton below): the
builder class with create_extern_elementwise, TensorHandle, the per-launch
_patch_lang / _patch_attr, and the two libdevice modules (the CUDA wrappers,
builtins that need `_semantic`, and the backend-neutral stubs). The real
interpreter is exercised by tools/scripts/device/triton_bridge_demo.py on the GPU machine.

Expected values: the H100's outputs (vectors/nv/edge.txt; the nv-fast, ptx-ftz
block digests of vectors/nv/digests.json and vectors/nv-sfu/digests.json) and
`bitexact eval` (the CLI), never the bridge itself.
Run by ctest with /usr/bin/python3: PYTHONPATH=BUILD/python, BITEXACT_CLI,
BITEXACT_SOURCE_DIR.
"""
import json
import os
import subprocess
import sys
import types
import unittest

import numpy as np

import bitexact
import bitexact.triton as bt

SRC = os.environ["BITEXACT_SOURCE_DIR"]
CLI = os.environ["BITEXACT_CLI"]
F32, F64 = np.dtype(np.float32), np.dtype(np.float64)
WORD = {F32: np.uint32, F64: np.uint64}

# The libdevice wrappers of Triton 3.6 (triton/language/extra/cuda/libdevice.py)
# whose symbols bitexact models: wrapper name, {dtype: symbol}.
WRAPPERS = {
    "sin": {F32: "__nv_sinf", F64: "__nv_sin"},
    "cos": {F32: "__nv_cosf", F64: "__nv_cos"},
    "fmod": {F32: "__nv_fmodf", F64: "__nv_fmod"},
    "ceil": {F32: "__nv_ceilf", F64: "__nv_ceil"},
    "fast_sinf": {F32: "__nv_fast_sinf"}, "fast_cosf": {F32: "__nv_fast_cosf"},
    "fast_tanf": {F32: "__nv_fast_tanf"}, "fast_expf": {F32: "__nv_fast_expf"},
    "fast_exp10f": {F32: "__nv_fast_exp10f"}, "fast_logf": {F32: "__nv_fast_logf"},
    "fast_log2f": {F32: "__nv_fast_log2f"}, "fast_log10f": {F32: "__nv_fast_log10f"},
    "fast_dividef": {F32: "__nv_fast_fdividef"}, "fast_powf": {F32: "__nv_fast_powf"},
    "exp2": {F32: "__nv_exp2f"}, "rsqrt": {F32: "__nv_rsqrtf"}, "sqrt": {F32: "__nv_sqrtf"},
}
TWO = {"fmod", "fast_dividef", "fast_powf"}


def cli_eval(spec, *arrays):
    """`bitexact eval SPEC` on bit patterns: the reference for every backend."""
    w = WORD[arrays[0].dtype]
    cols = [a.view(w).reshape(-1) for a in arrays]
    width = 16 if w is np.uint64 else 8
    text = "".join(" ".join(f"0x{int(c[i]):0{width}x}" for c in cols) + "\n" for i in range(cols[0].size))
    r = subprocess.run([CLI, "eval", spec], input=text, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return np.array([int(v, 16) for v in r.stdout.split()], dtype=w)


# -- a fake of Triton 3.6's interpreter --------------------------------------

class FakeTriton:
    """The shapes of the hooks the bridge patches, as Triton 3.6 has them."""

    def __init__(self):
        interp = types.ModuleType("fake_interpreter")

        class TensorHandle:
            def __init__(self, data, dtype):
                self.data, self.dtype = data, dtype

        class InterpreterBuilder:
            def create_extern_elementwise(self, libName, libPath, symbol, argList, retType, isPure):
                raise NotImplementedError("extern_elementwise not supported in interpreter mode")

            create_sin = lambda self, arg: TensorHandle(np.sin(arg.data), arg.dtype)  # noqa: E731
            create_cos = lambda self, arg: TensorHandle(np.cos(arg.data), arg.dtype)  # noqa: E731

        class Scope:
            def __init__(self):
                self.changes = []

            def set_attr(self, obj, name, value):
                self.changes.append((obj, name, getattr(obj, name)))
                setattr(obj, name, value)

            def restore(self):
                while self.changes:
                    obj, name, value = self.changes.pop()
                    setattr(obj, name, value)

        class Semantic:
            def __init__(self, builder):
                self.builder = builder

        def _patch_attr(obj, name, member, builder, scope):
            scope.set_attr(obj, name, lambda *a, member=member, **k: member(*a, _semantic=Semantic(builder)))

        interp.TensorHandle, interp.InterpreterBuilder = TensorHandle, InterpreterBuilder
        interp.interpreter_builder = InterpreterBuilder()
        interp._patch_attr = _patch_attr
        interp._patch_lang = lambda fn: Scope()  # tl itself needs nothing here
        self.interp = interp
        self.Tensor = types.SimpleNamespace  # .handle, .dtype (a block type: .element_ty, .shape)

        # the CUDA wrappers: builtins that fail without _semantic, as Triton's
        cuda = types.ModuleType("fake_cuda_libdevice")
        generic = types.ModuleType("fake_libdevice")
        for name, symbols in WRAPPERS.items():
            setattr(cuda, name, self._wrapper(name, symbols))
            setattr(generic, name, lambda *a: None)  # the `...` stubs return None
        self.cuda, self.generic = cuda, generic

    def _wrapper(self, name, symbols):
        def wrapper(*args, _semantic=None):
            if _semantic is None:
                raise ValueError("Did you forget to add @triton.jit ?")
            dt = args[0].handle.data.dtype
            ret = types.SimpleNamespace(element_ty=str(dt), shape=list(args[0].handle.data.shape))
            h = _semantic.builder.create_extern_elementwise("", "", symbols[dt], [a.handle for a in args], ret, True)
            return self.Tensor(handle=h, dtype=h.dtype)

        wrapper.__triton_builtin__ = True
        wrapper.__name__ = name
        return wrapper

    def tensor(self, a):
        a = np.asarray(a)
        return self.Tensor(handle=self.interp.TensorHandle(a, str(a.dtype)), dtype=str(a.dtype))

    def launch(self, kernel, *args):
        """What GridExecutor does around one launch: patch, run, restore."""
        scope = self.interp._patch_lang(kernel)
        try:
            return kernel(*args)
        finally:
            scope.restore()


def make_kernel(ft, how, name):
    """A 'kernel' calling libdevice NAME the three ways Triton code does."""
    g = {"cuda_ld": ft.cuda, "libdevice": ft.generic, "direct": getattr(ft.cuda, name)}
    body = {"cuda": f"cuda_ld.{name}(*xs)", "generic": f"libdevice.{name}(*xs)", "direct": "direct(*xs)"}[how]
    exec(f"def kernel(*xs):\n    return {body}\n", g)
    return g["kernel"]


# -- inputs and H100 vectors -----------------------------------------------

def edge_inputs(fn):
    xs, ys = [], []
    with open(os.path.join(SRC, "vectors/edge_inputs.txt")) as fh:
        lines = fh.read().splitlines()
    for line in lines:
        f = line.split()
        if f and f[0] == fn:
            xs.append(int(f[1], 16))
            ys.append(int(f[2], 16) if len(f) > 2 else 0)
    w = np.uint64 if fn in ("fmod", "ceil") else np.uint32
    dt = np.float64 if w is np.uint64 else np.float32
    return np.array(xs, w).view(dt), np.array(ys, w).view(dt)


def h100_edge(fn):
    """vectors/nv/edge.txt: x, y, nv, nv-ftz bits (nvcc builds on the H100)."""
    with open(os.path.join(SRC, "vectors/nv/edge.txt")) as fh:
        rows = [l.split()[1:] for l in fh if l.split()[:1] == [fn]]
    w = np.uint64 if fn in ("fmod", "ceil") else np.uint32
    cols = np.array([[int(v, 16) for v in r] for r in rows], dtype=w)
    if fn in ("fmodf", "fmod"):
        return cols[:, 0], cols[:, 1], cols[:, 2], cols[:, 3]
    return cols[:, 0], None, cols[:, 1], cols[:, 2]


def spread_f32(n=4096, seed=7):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 1 << 32, size=n, dtype=np.uint64).astype(np.uint32).view(np.float32)


class Table(unittest.TestCase):
    def test_every_spec_is_registered(self):
        impls = bitexact.implementations()
        fns = {name: (arity, bits) for name, arity, bits in bitexact.functions()}
        for ftz in (True, False):
            for sym, e in bt.SYMBOLS.items():
                spec = e.spec(ftz)
                parts = [spec] if isinstance(spec, str) else []
                for p in parts:
                    impl, fn = p.split(".")
                    self.assertIn(fn, impls.get(impl, []), f"{sym}: {p}")
                    self.assertEqual(fns[fn][1], e.dtype.itemsize * 8, sym)
                self.assertTrue(bt.table(ftz)[sym], sym)

    def test_the_symbols_of_triton_3_6_wrappers(self):
        modelled = {s for m in WRAPPERS.values() for s in m.values()} - {"__nv_sin", "__nv_cos"}
        self.assertEqual(set(bt.SYMBOLS), modelled)

    def test_ftz_choice(self):
        # Triton reflects __CUDA_FTZ as 1 by default (enable_reflect_ftz)
        ftz, ieee = bt.table(True), bt.table(False)
        for f in ("sinf", "cosf", "ceilf"):
            self.assertEqual(ftz[f"__nv_{f}"], f"nv-ftz.{f}")
            self.assertEqual(ieee[f"__nv_{f}"], f"nv.{f}")
        for f in ("sinf", "cosf", "tanf", "expf", "exp10f", "logf", "log2f", "log10f", "fdividef"):
            self.assertEqual(ftz[f"__nv_fast_{f}"], f"nv-fast.{f}")
            self.assertEqual(ieee[f"__nv_fast_{f}"], f"nv-intrinsics.{f}")
        self.assertEqual(ftz["__nv_exp2f"], "ptx-ftz.ex2_approx")
        self.assertEqual(ieee["__nv_sqrtf"], "ptx.sqrt_approx")
        self.assertIn("nv.ceil", ftz["__nv_ceil"])


class Backends(unittest.TestCase):
    """Module and CLI backends against `bitexact eval` on every symbol."""

    def _inputs(self, e):
        if e.dtype == F64:
            return edge_inputs("fmod") if e.arity == 2 else edge_inputs("ceil")[:1]
        if e.arity == 2:
            xe, ye = edge_inputs("fmodf")
            return np.concatenate([xe, spread_f32()]), np.concatenate([ye, spread_f32(seed=9)])
        return (np.concatenate([edge_inputs("sinf")[0], spread_f32()]),)

    def _reference(self, e, ftz, args):
        spec = e.spec(ftz)
        if isinstance(spec, str):
            return cli_eval(spec, *args)
        return None  # compositions: checked against the H100 below

    def test_module_and_cli_give_the_cli_bits(self):
        backends = [bt.ModuleBackend(), bt.CliBackend(CLI), bt.CliBackend(f"/usr/bin/env {CLI}")]
        for sym, e in bt.SYMBOLS.items():
            for ftz in (True, False):
                args = self._inputs(e)
                want = self._reference(e, ftz, args)
                got = [bt.evaluate(sym, *args, ftz=ftz, backend=b).view(WORD[e.dtype]) for b in backends]
                for b, g in zip(backends[1:], got[1:]):
                    self.assertTrue(np.array_equal(g, got[0]), f"{sym} ftz={ftz}: {b!r} differs from the module")
                if want is not None:
                    bad = np.nonzero(got[0] != want)[0]
                    self.assertEqual(len(bad), 0, f"{sym} ftz={ftz}: first at 0x{int(args[0].view(WORD[e.dtype])[bad[0]]):x}"
                                     if len(bad) else "")

    def test_cli_shapes_and_empty(self):
        b = bt.CliBackend(CLI)
        x = np.linspace(-4, 4, 12, dtype=np.float32).reshape(3, 4)
        self.assertTrue(np.array_equal(b.eval("nv-ftz.sinf", x), bitexact.eval("nv-ftz.sinf", x)))
        m = b.eval("nv-ftz.fmodf", x, np.float32(1.5))  # broadcast
        self.assertEqual(m.shape, (3, 4))
        self.assertTrue(np.array_equal(m, bitexact.eval("nv-ftz.fmodf", x, np.float32(1.5))))
        self.assertEqual(b.eval("nv.ceil", np.empty((0, 2))).shape, (0, 2))
        with self.assertRaises(RuntimeError) as c:
            b.eval("nv.lgammaf", x)
        self.assertIn("unknown function 'lgammaf'", str(c.exception))

    def test_h100_edge_vectors(self):
        # Through the bridge's table, the H100's own outputs (nvcc builds; the
        # Triton build of fmodf is nv-ftz's on the short path, nv's on the
        # long one, and fmod takes x's NaN when both are: device demo).
        for fn, sym in [("sinf", "__nv_sinf"), ("cosf", "__nv_cosf"), ("ceilf", "__nv_ceilf"),
                        ("fmodf", "__nv_fmodf"), ("fmod", "__nv_fmod"), ("ceil", "__nv_ceil")]:
            x, y, nv, ftz = h100_edge(fn)
            dt = F64 if fn in ("fmod", "ceil") else F32
            args = (x.view(dt),) if y is None else (x.view(dt), y.view(dt))
            for flag, col in [(True, ftz), (False, nv)]:
                want = col.copy()
                if fn == "fmodf" and flag:
                    xf, yf = x.view(np.float32), y.view(np.float32)
                    ex, ey = (x >> 23) & 0xFF, (y >> 23) & 0xFF
                    with np.errstate(all="ignore"):
                        long_path = (ex > 0) & (ex < 255) & (ey > 0) & (ey < 255) & ~(np.abs(xf) <= np.float32(2**23) * np.abs(yf))
                    want[long_path] = nv[long_path]
                    self.assertGreater(long_path.sum(), 10)
                if fn == "fmod":
                    both = np.isnan(x.view(dt)) & np.isnan(y.view(dt))
                    want[both] = x[both] | np.uint64(1 << 51)
                for b in (bt.ModuleBackend(), bt.CliBackend(CLI)):
                    got = bt.evaluate(sym, *args, ftz=flag, backend=b).view(want.dtype)
                    bad = np.nonzero(got != want)[0]
                    self.assertEqual(len(bad), 0, f"{sym} ftz={flag} {b!r}: x=0x{int(x[bad[0]]):x}" if len(bad) else "")

    def test_h100_digests_of_the_fast_functions(self):
        # one block of each exhaustive set behind a fast symbol: the bridge's
        # bits hash to the H100's digest
        want = {("nv-fast", f): f"__nv_fast_{f}" for f in ("sinf", "cosf", "tanf", "expf", "exp10f", "logf", "log2f", "log10f")}
        want.update({("ptx-ftz", "ex2_approx"): "__nv_exp2f", ("ptx-ftz", "rsqrt_approx"): "__nv_rsqrtf",
                     ("ptx-ftz", "sqrt_approx"): "__nv_sqrtf", ("nv-ftz", "sinf"): "__nv_sinf"})
        seen = set()  # (impl, fn): a set may be in both files (the fast rows became full rows)
        for path in ("vectors/nv/digests.json", "vectors/nv-sfu/digests.json"):
            with open(os.path.join(SRC, path)) as fh:
                sets = json.load(fh)["sets"]
            for s in sets:
                sym = want.get((s["impl"], s["fn"]))
                if sym is None or s["set"] != "exhaustive":
                    continue
                k = len(s["digests"]) // 4 - 1  # the block of [0.5, 2)
                a, _ = bitexact._bitexact.inputs(s["fn"], "exhaustive", k * s["block"], (k + 1) * s["block"])
                out = bt.evaluate(sym, a.astype(np.uint32).view(np.float32), backend="module")
                self.assertEqual(f"0x{bitexact._bitexact.xxh3(out):016x}", s["digests"][k], f"{sym} block {k}")
                seen.add((s["impl"], s["fn"]))
        self.assertEqual(seen, set(want))

    def test_errors(self):
        with self.assertRaises(NotImplementedError) as c:
            bt.evaluate("__nv_sin", np.float64([1.0]))
        self.assertIn("__nv_sin", str(c.exception))
        self.assertIn("extra", str(c.exception))
        with self.assertRaises(TypeError):
            bt.evaluate("__nv_sinf", np.float64([1.0]))
        with self.assertRaises(TypeError):
            bt.evaluate("__nv_fmodf", np.float32([1.0]))
        self.assertTrue(np.array_equal(bt.evaluate("__nv_sin", np.float64([0.5]), extra={"__nv_sin": np.sin}),
                                       np.sin(np.float64([0.5]))))

    def test_cli_only_when_the_module_does_not_import(self):
        # the source package has no _bitexact: auto picks the CLI, says so once
        code = ("import numpy as np, bitexact.triton as bt\n"
                "x = np.float32([1.0, 2.0, 1e-40])\n"
                "a = bt.evaluate('__nv_sinf', x); b = bt.evaluate('__nv_fast_expf', x)\n"
                "print(' '.join(f'{v:08x}' for v in np.concatenate([a, b]).view(np.uint32)))\n"
                "import bitexact\n"
                "try:\n    bitexact.nv\nexcept AttributeError as e:\n    print('nv:', e)\n")
        env = dict(os.environ, PYTHONPATH=os.path.join(SRC, "src/python"), BITEXACT_CLI=f"/usr/bin/env {CLI}")
        r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        x = np.float32([1.0, 2.0, 1e-40])
        want = np.concatenate([cli_eval("nv-ftz.sinf", x), cli_eval("nv-fast.expf", x)])
        self.assertEqual(r.stdout.splitlines()[0], " ".join(f"{v:08x}" for v in want))
        self.assertIn("_bitexact", r.stdout.splitlines()[1])
        self.assertEqual(r.stderr.count("evaluating through the CLI"), 1, r.stderr)
        env.pop("BITEXACT_CLI")
        env["PATH"] = "/nonexistent"
        r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("BITEXACT_CLI", r.stderr)


class InterpreterHook(unittest.TestCase):
    """install() on the fake interpreter: every way a kernel names libdevice."""

    def setUp(self):
        self.ft = FakeTriton()

    def tearDown(self):
        bt.uninstall()

    def _install(self, **kw):
        return bt.install(interpreter=self.ft.interp, libdevice=(self.ft.cuda, self.ft.generic), **kw)

    def test_without_the_bridge_as_triton_fails(self):
        x = self.ft.tensor(np.float32([1.0]))
        with self.assertRaises(ValueError):
            self.ft.launch(make_kernel(self.ft, "cuda", "sin"), x)
        self.assertIsNone(self.ft.launch(make_kernel(self.ft, "generic", "sin"), x))

    def test_kernels_get_the_bits(self):
        self._install()
        x32 = np.concatenate([edge_inputs("sinf")[0], spread_f32(512)]).reshape(-1, 1)  # 2-D blocks
        y32 = np.float32(np.resize(np.float32([1.5, -3.0, 1e-30, 7e5]), x32.shape))
        for name, symbols in WRAPPERS.items():
            for dt, sym in symbols.items():
                if sym not in bt.SYMBOLS:
                    continue
                with np.errstate(invalid="ignore"):  # NaNs widen quietly
                    x = x32 if dt == F32 else x32.astype(np.float64)
                y = y32 if dt == F32 else y32.astype(np.float64)
                args = (x, y) if name in TWO else (x,)
                want = bt.evaluate(sym, *args, backend="module")
                if isinstance(bt.SYMBOLS[sym].spec(True), str):
                    self.assertTrue(np.array_equal(want.view(WORD[dt]).reshape(-1),
                                                   cli_eval(bt.SYMBOLS[sym].spec(True), *[a.reshape(-1) for a in args])), sym)
                for how in ("cuda", "generic", "direct"):
                    r = self.ft.launch(make_kernel(self.ft, how, name), *[self.ft.tensor(a) for a in args])
                    self.assertEqual(r.handle.data.shape, x.shape)
                    self.assertEqual(r.handle.dtype, str(dt))  # the element type, not the block type
                    self.assertTrue(np.array_equal(r.handle.data.view(WORD[dt]), want.view(WORD[dt])), f"{sym} via {how}")

    def test_each_launch_is_undone_and_uninstall_restores(self):
        cls = self.ft.interp.InterpreterBuilder
        originals = (cls.create_extern_elementwise, cls.create_sin, self.ft.interp._patch_lang,
                     self.ft.cuda.sin, self.ft.generic.sin)
        kernel = make_kernel(self.ft, "direct", "sin")
        direct = kernel.__globals__["direct"]
        b = self._install(math=True)
        self.ft.launch(kernel, self.ft.tensor(np.float32([1.0])))
        self.assertIs(self.ft.cuda.sin, originals[3])  # the launch's patches are gone after it
        self.assertIs(self.ft.generic.sin, originals[4])
        self.assertIs(kernel.__globals__["direct"], direct)
        # a nested call patches without undoing (Triton's InterpretedFunction.__call__)
        self.ft.interp._patch_lang(kernel)
        b.uninstall()
        self.assertEqual((cls.create_extern_elementwise, cls.create_sin, self.ft.interp._patch_lang,
                          self.ft.cuda.sin, self.ft.generic.sin), originals)
        with self.assertRaises(NotImplementedError):
            self.ft.interp.interpreter_builder.create_extern_elementwise("", "", "__nv_sinf", [], None, True)
        with bt.bridge(interpreter=self.ft.interp, libdevice=(self.ft.cuda, self.ft.generic)):
            self.assertIsNot(cls.create_extern_elementwise, originals[0])
        self.assertIs(cls.create_extern_elementwise, originals[0])

    def test_math_sin_cos(self):
        self._install(math=True, ftz=False)
        h = self.ft.interp.TensorHandle
        b = self.ft.interp.interpreter_builder
        x = spread_f32(256)
        self.assertTrue(np.array_equal(b.create_sin(h(x, "fp32")).data.view(np.uint32), cli_eval("nv.sinf", x)))
        self.assertTrue(np.array_equal(b.create_cos(h(x, "fp32")).data.view(np.uint32), cli_eval("nv.cosf", x)))
        d = np.float64([0.5, 2.0])
        self.assertTrue(np.array_equal(b.create_sin(h(d, "fp64")).data, np.sin(d)))  # float64 stays NumPy's

    def test_extra_and_unmodelled(self):
        self._install(extra={"__nv_sin": np.sin})
        x = self.ft.tensor(np.float64([0.25]))
        r = self.ft.launch(make_kernel(self.ft, "cuda", "sin"), x)
        self.assertEqual(r.handle.data.tolist(), np.sin([0.25]).tolist())
        bt.install(interpreter=self.ft.interp, libdevice=(self.ft.cuda, self.ft.generic))
        with self.assertRaises(NotImplementedError):
            self.ft.launch(make_kernel(self.ft, "cuda", "cos"), x)

    def test_refuses_an_unknown_interpreter(self):
        with self.assertRaises(RuntimeError):
            bt.install(interpreter=types.ModuleType("not_triton"), libdevice=(None, None))


if __name__ == "__main__":
    unittest.main(verbosity=2)
