"""bitexact.triton, the Triton interpreter bridge (docs/python.md), without Triton.

CI cannot install Triton, so a fake of the few pieces of Triton 3.6's
interpreter the bridge touches stands in for it (FakeTriton below): the
builder class with create_extern_elementwise, TensorHandle, the per-launch
_patch_lang / _patch_attr, and the two libdevice modules (the CUDA wrappers,
builtins that need `_semantic`, and the backend-neutral stubs). The real
interpreter is exercised by tools/scripts/device/triton_bridge_demo.py on the GPU machine.

Expected values come from the GPUs, never from the bridge or the model it calls:
  * Triton's default build (ftz=True): the block digests of Triton 3.6 kernels
    on the H200 (vectors/triton/digests.json), one block of every function,
    chosen where Triton's bits differ from nvcc's (vectors/nv/digests.json);
    and the H100's nvcc outputs on the edge inputs (vectors/nv/edge.txt) where
    the H200's Triton digest of the input's block equals the H100's nvcc one;
  * enable_reflect_ftz=False (ftz=False): vectors/nv/edge.txt's nv column (nvcc
    -ftz=false) for the functions the bridge gives nv.FN, and the H100's
    sqrt.approx / ex2.approx / rsqrt.approx digests (vectors/nv-sfu/digests.json);
  * the fast functions: the H100's nv-fast digests.
`bitexact eval` (the CLI) is the reference of the backend and hook tests.
Run by ctest with /usr/bin/python3: PYTHONPATH=BUILD/python, BITEXACT_CLI,
BITEXACT_SOURCE_DIR.
"""
import json
import os
import re
import subprocess
import sys
import types
import unittest
from concurrent.futures import ThreadPoolExecutor

import numpy as np

import bitexact
import bitexact.triton as bt

SRC = os.environ["BITEXACT_SOURCE_DIR"]
CLI = os.environ["BITEXACT_CLI"]
F32, F64 = np.dtype(np.float32), np.dtype(np.float64)
WORD = {F32: np.uint32, F64: np.uint64}


def load(path):
    with open(os.path.join(SRC, path)) as fh:
        return json.load(fh)


TRITON = load("vectors/triton/digests.json")  # Triton 3.6 kernels on the H200
NV = load("vectors/nv/digests.json")  # nvcc builds on the H100
SFU = load("vectors/nv-sfu/digests.json")
TRITON_ROWS = bitexact.implementations()["triton"]


def sig(fn, impl="nv"):
    """(dtype, arity) of a function, from the module's table (functions.def)."""
    bits, arity, _, _ = bitexact._bitexact.spec_info(f"{impl}.{fn}")
    return (F64 if bits == 64 else F32), arity


# The libdevice wrappers of Triton 3.6 (triton/language/extra/cuda/libdevice.py)
# whose symbols bitexact models: wrapper name, {dtype: symbol}. The symbols of
# the rows are those the H200's Triton kernels called (the manifest of
# vectors/triton/digests.json: libdevice.exp -> __nv_expf, libdevice.fmod on
# float64 -> __nv_fmod); binary64 sin and cos and the fast functions as in
# Triton's source.
WRAPPERS = {}
for _fn, _c in TRITON["manifest"]["calls"].items():
    WRAPPERS.setdefault(_c["call"].split(".")[-1], {})[sig(_fn)[0]] = _c["symbols"][0]
for name, sym in [("sin", "__nv_sin"), ("cos", "__nv_cos")]:
    WRAPPERS[name][F64] = sym
WRAPPERS.update({
    "fast_sinf": {F32: "__nv_fast_sinf"}, "fast_cosf": {F32: "__nv_fast_cosf"},
    "fast_tanf": {F32: "__nv_fast_tanf"}, "fast_expf": {F32: "__nv_fast_expf"},
    "fast_exp10f": {F32: "__nv_fast_exp10f"}, "fast_logf": {F32: "__nv_fast_logf"},
    "fast_log2f": {F32: "__nv_fast_log2f"}, "fast_log10f": {F32: "__nv_fast_log10f"},
    "fast_dividef": {F32: "__nv_fast_fdividef"}, "fast_powf": {F32: "__nv_fast_powf"},
})
TWO = {"fmod", "pow", "atan2", "hypot", "fast_dividef", "fast_powf"}


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


# -- inputs, device vectors, sources ------------------------------------------

def edge_inputs(fn):
    """vectors/edge_inputs.txt's inputs of fn: x, y (zeros for one operand)."""
    dt, _ = sig(fn)
    xs, ys = [], []
    with open(os.path.join(SRC, "vectors/edge_inputs.txt")) as fh:
        for line in fh:
            f = line.split()
            if f and f[0] == fn:
                xs.append(int(f[1], 16))
                ys.append(int(f[2], 16) if len(f) > 2 else 0)
    return np.array(xs, WORD[dt]).view(dt), np.array(ys, WORD[dt]).view(dt)


def h100_edge(fn):
    """vectors/nv/edge.txt: x, y (None for one operand), nv, nv-ftz bits (nvcc builds on the H100)."""
    dt, arity = sig(fn)
    with open(os.path.join(SRC, "vectors/nv/edge.txt")) as fh:
        rows = [l.split()[1:] for l in fh if l.split()[:1] == [fn]]
    cols = np.array([[int(v, 16) for v in r] for r in rows], dtype=WORD[dt])
    if arity == 2:
        return cols[:, 0], cols[:, 1], cols[:, 2], cols[:, 3]
    return cols[:, 0], None, cols[:, 1], cols[:, 2]


def fmod_nan_pairs(x, y, want):
    # __nv_fmod of two NaNs as Triton builds it: x's NaN, quieted (its file's
    # plain fadd; nvcc's add.rn returns y's): the H100, 2^20 pairs in both
    # builds (vectors/device-logs/triton_bridge_h100_ftz.txt, _ieee.txt).
    both = np.isnan(x.view(F64)) & np.isnan(y.view(F64))
    want = want.copy()
    want[both] = x[both] | np.uint64(1 << 51)
    return want, int(both.sum())


def spread_f32(n=1024, seed=7):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 1 << 32, size=n, dtype=np.uint64).astype(np.uint32).view(np.float32)


def sets_of(d):
    return {(s["impl"], s["fn"], s["set"], s["seed"]): s for s in d["sets"]}


def block_args(s, k):
    """Block k of a digest set's inputs, as the row's float arrays."""
    spec = "exhaustive" if s["set"] == "exhaustive" else f"{s['set']}:{s['count']}:{s['seed']}"
    a, b = bitexact._bitexact.inputs(s["fn"], spec, k * s["block"], (k + 1) * s["block"])
    dt, arity = sig(s["fn"], s["impl"])
    a = a.astype(WORD[dt]).view(dt)
    return (a,) if arity == 1 else (a, b.astype(WORD[dt]).view(dt))


def digest(out):
    return f"0x{bitexact._bitexact.xxh3(out):016x}"


def check_blocks(test, jobs):
    """jobs: (symbol, ftz, set, block, what); the bridge's bits of each block
    hash to the set's digest. Two threads (the module releases the GIL)."""
    def one(job):
        sym, ftz, s, k, _ = job
        return digest(bt.evaluate(sym, *block_args(s, k), ftz=ftz, backend="module"))

    with ThreadPoolExecutor(2) as pool:
        got = list(pool.map(one, jobs))
    for (sym, ftz, s, k, what), g in zip(jobs, got):
        test.assertEqual(g, s["digests"][k], f"{sym} ftz={ftz}: block {k} of {what}")


def reads(fn):
    """What include/bitexact/nv/FN.hpp's reproduction, with the nv headers it
    includes, reads of its build besides the flush modes: "file" (it branches
    on the libdevice file) and "prec_sqrt"; comments stripped."""
    hdr = os.path.join(SRC, "include/bitexact/nv")
    seen, todo, code = set(), [f"{fn}.hpp"], ""
    while todo:
        h = todo.pop()
        if h in seen or h == "build.hpp":
            continue
        seen.add(h)
        with open(os.path.join(hdr, h)) as fh:
            text = re.sub(r"//[^\n]*", "", fh.read())
        code += text
        todo += re.findall(r'#include "bitexact/nv/([\w/]+\.hpp)"', text)
    out = set()
    if re.search(r"\bB\.file\b|libdevice_file::", code):
        out.add("file")
    if "prec_sqrt" in code:
        out.add("prec_sqrt")
    return out


def h100_ieee_demo():
    """{symbol: spec} of the rows the H100 run of the bridge with
    enable_reflect_ftz=False found equal to the GPU on all its inputs
    (vectors/device-logs/triton_bridge_h100_ieee.txt)."""
    out = {}
    with open(os.path.join(SRC, "vectors/device-logs/triton_bridge_h100_ieee.txt")) as fh:
        for line in fh:
            m = re.match(r"^\S+\s+(__nv_\w+)\s+(.+?)\s+(\d+)\s+(\d+)\s+0\s+0\s", line)
            if m and m.group(3) == m.group(4):
                out[m.group(1)] = m.group(2)
    return out


class Table(unittest.TestCase):
    def test_every_spec_is_registered(self):
        impls = bitexact.implementations()
        fns = {name: bits for name, _, bits in bitexact.functions()}
        fns.update({fn: 32 for fn in impls["ptx"]})
        n = 0
        for ftz in (True, False):
            for sym, e in bt.SYMBOLS.items():
                spec = e.spec(ftz)
                if isinstance(spec, str):
                    impl, fn = spec.split(".")
                    self.assertIn(fn, impls.get(impl, []), f"{sym}: {spec}")
                    self.assertEqual(fns[fn], e.dtype.itemsize * 8, sym)
                    n += 1
                self.assertTrue(bt.table(ftz)[sym], sym)
                self.assertTrue(e.why(ftz), sym)
        self.assertGreaterEqual(n, 70)

    def test_the_symbols_of_triton_3_6_wrappers(self):
        modelled = {s for m in WRAPPERS.values() for s in m.values()} - {"__nv_sin", "__nv_cos"}
        self.assertEqual(set(bt.SYMBOLS), modelled)

    def test_default_build_is_triton(self):
        # Triton reflects __CUDA_FTZ as 1 by default (enable_reflect_ftz):
        # every row the implementation "triton" has is exactly triton.FN,
        # under the symbol the H200's kernels called
        ftz = bt.table(True)
        self.assertGreaterEqual(len(TRITON_ROWS), 33)
        for fn in TRITON_ROWS:
            self.assertEqual(ftz[f"__nv_{fn}"], f"triton.{fn}")
        calls = TRITON["manifest"]["calls"]
        for fn, c in calls.items():
            self.assertEqual(c["symbols"], [f"__nv_{fn}"])
        self.assertEqual(set(calls), set(TRITON_ROWS))  # binary64 fmod and ceil too (measured since 2026-11-29)
        ieee = bt.table(False)
        for f in ("sinf", "cosf", "tanf", "expf", "exp10f", "logf", "log2f", "log10f", "fdividef"):
            self.assertEqual(ftz[f"__nv_fast_{f}"], f"nv-fast.{f}")
            self.assertEqual(ieee[f"__nv_fast_{f}"], f"nv-intrinsics.{f}")
        self.assertIn("lg2_approx", ftz["__nv_fast_powf"])
        self.assertIn("triton.expf -- ", bt.table(True, why=True)["__nv_expf"])

    def test_ieee_build_follows_the_reproductions(self):
        # enable_reflect_ftz=False: the FTZ reflect 0 and IEEE plain operations,
        # as nvcc -ftz=false (nv); what can still differ is Triton's libdevice
        # file and __CUDA_PREC_SQRT 0. The reproductions branch on B.file where
        # the files' code differs and reach B.prec_sqrt where the square root
        # is in the function: nv.FN exactly where one reads neither; binary64
        # (no FTZ at all) triton.FN; the two the H100 measured through the
        # bridge in that build as they are; the rest refused.
        demo = h100_ieee_demo()
        measured = {fn: demo[f"__nv_{fn}"] for fn in ("fmodf", "sqrtf")}
        self.assertEqual(measured, {"fmodf": "nv.fmodf", "sqrtf": "ptx.sqrt_approx"})
        refused = 0
        for fn in TRITON_ROWS:
            sym, (dt, arity), r = f"__nv_{fn}", sig(fn), reads(fn)
            if dt == F64:
                want = f"triton.{fn}"
            elif fn in measured:
                want = measured[fn]
            else:
                want = None if r else f"nv.{fn}"
            spec = bt.SYMBOLS[sym].spec(False)
            if want is not None:
                self.assertEqual(spec, want, f"{sym}: reads {r or 'neither'}")
                continue
            refused += 1
            self.assertEqual(bt.table(False)[sym][:16], "not reproduced: ", sym)
            args = (np.float32([0.5, 2.0]),) * arity
            with self.assertRaises(NotImplementedError) as c:
                bt.evaluate(sym, *args, ftz=False)
            msg = str(c.exception)
            self.assertIn(sym, msg)
            self.assertIn("enable_reflect_ftz=False", msg)
            self.assertNotIn("\n", msg)
            self.assertTrue(np.array_equal(bt.evaluate(sym, *args).view(np.uint32),
                                           bitexact.eval(f"triton.{fn}", *args).view(np.uint32)), sym)
        self.assertGreaterEqual(refused, 14)  # the 13 rows of other code, and hypotf (sqrt.approx)
        self.assertIsInstance(bt.SYMBOLS["__nv_hypotf"].spec(False), bt._Unreproduced)

    def test_attribute_form(self):
        # bitexact.triton.FN is the implementation triton, as bitexact.triton
        # was before this module was imported (docs/triton.md)
        x = np.float32([0.5, 1e-40, 3.0])
        self.assertTrue(np.array_equal(bt.erff(x).view(np.uint32), bitexact.eval("triton.erff", x).view(np.uint32)))
        with self.assertRaises(AttributeError):
            bt.no_such_function


class Backends(unittest.TestCase):
    """Module and CLI backends against `bitexact eval` on every symbol."""

    def _inputs(self, sym, e):
        fn = sym[len("__nv_"):]
        if fn in TRITON_ROWS:
            x, y = edge_inputs(fn)
            if e.dtype == F32:
                x, y = np.concatenate([x, spread_f32()]), np.concatenate([y, spread_f32(seed=9)])
            return (x,) if e.arity == 1 else (x, y)
        if e.arity == 2:
            xe, ye = edge_inputs("fmodf")
            return np.concatenate([xe, spread_f32()]), np.concatenate([ye, spread_f32(seed=9)])
        return (np.concatenate([edge_inputs("sinf")[0], spread_f32()]),)

    def test_module_and_cli_give_the_cli_bits(self):
        backends = [bt.ModuleBackend(), bt.CliBackend(CLI)]
        for i, (sym, e) in enumerate(bt.SYMBOLS.items()):
            args = self._inputs(sym, e)
            if i % 8 == 0:  # a command prefix, now and then
                backends[1] = bt.CliBackend(f"/usr/bin/env {CLI}" if i % 16 == 0 else CLI)
            for ftz in (True, False):
                spec = e.spec(ftz)
                if isinstance(spec, bt._Unreproduced):
                    for b in backends:
                        with self.assertRaises(NotImplementedError):
                            bt.evaluate(sym, *args, ftz=ftz, backend=b)
                    continue
                got = [bt.evaluate(sym, *args, ftz=ftz, backend=b).view(WORD[e.dtype]) for b in backends]
                for b, g in zip(backends[1:], got[1:]):
                    self.assertTrue(np.array_equal(g, got[0]), f"{sym} ftz={ftz}: {b!r} differs from the module")
                if isinstance(spec, str):
                    bad = np.nonzero(got[0] != cli_eval(spec, *args))[0]
                    self.assertEqual(len(bad), 0, f"{sym} ftz={ftz}: first at 0x{int(args[0].view(WORD[e.dtype])[bad[0]]):x}"
                                     if len(bad) else "")

    def test_cli_shapes_and_empty(self):
        b = bt.CliBackend(CLI)
        x = np.linspace(-4, 4, 12, dtype=np.float32).reshape(3, 4)
        self.assertTrue(np.array_equal(b.eval("triton.sinf", x), bitexact.eval("triton.sinf", x)))
        m = b.eval("triton.fmodf", x, np.float32(1.5))  # broadcast
        self.assertEqual(m.shape, (3, 4))
        self.assertTrue(np.array_equal(m, bitexact.eval("triton.fmodf", x, np.float32(1.5))))
        self.assertEqual(b.eval("triton.ceil", np.empty((0, 2))).shape, (0, 2))
        self.assertEqual(b.functions("triton"), TRITON_ROWS)
        with self.assertRaises(RuntimeError) as c:
            b.eval("nv.lgammaf", x)
        self.assertIn("unknown function 'lgammaf'", str(c.exception))

    def test_edge_vectors(self):
        # The H100's nvcc outputs on the edge inputs (vectors/nv/edge.txt).
        # ftz=True: an input's expected bits are the nv-ftz (else nv) column
        # where the H200's Triton digest of the block holding it equals the
        # H100's digest of that build (exhaustive sets: block = bits >> 24);
        # ftz=False: the nv column, for every row the bridge gives nv.FN.
        # fmod, ceil (binary64): the nv column, fmod's NaN pairs as Triton's.
        tri, nv = sets_of(TRITON), sets_of(NV)
        checked = {True: 0, False: 0}
        for fn in TRITON_ROWS:
            sym, (dt, _) = f"__nv_{fn}", sig(fn)
            x, y, col_nv, col_ftz = h100_edge(fn)
            args = (x.view(dt),) if y is None else (x.view(dt), y.view(dt))
            for ftz in (True, False):
                spec = bt.SYMBOLS[sym].spec(ftz)
                if dt == F64:
                    want, known = col_nv, np.ones(len(x), bool)
                    if fn == "fmod":
                        want, n = fmod_nan_pairs(x, y, col_nv)
                        self.assertGreater(n, 5)
                elif not ftz:
                    if spec != f"nv.{fn}":
                        continue  # ptx.sqrt_approx (its digests below) or refused
                    want, known = col_nv, np.ones(len(x), bool)
                else:
                    key = (fn, "exhaustive", 0)
                    if ("triton",) + key not in tri:
                        continue  # pair sets: Triton's digests differ from nvcc's in every block
                    d = np.array(tri[("triton",) + key]["digests"])
                    same_ftz = d == np.array(nv[("nv-ftz",) + key]["digests"])
                    same_nv = d == np.array(nv[("nv",) + key]["digests"])
                    blk = (x >> 24).astype(np.intp)
                    want = np.where(same_ftz[blk], col_ftz, col_nv)
                    known = same_ftz[blk] | same_nv[blk]
                got = bt.evaluate(sym, *args, ftz=ftz, backend="module").view(WORD[dt])
                bad = np.nonzero(known & (got != want))[0]
                self.assertEqual(len(bad), 0, f"{sym} ftz={ftz}: x=0x{int(x[bad[0]]):x}" if len(bad) else "")
                checked[ftz] += int(known.sum())
        self.assertGreater(checked[True], 15000)
        self.assertGreater(checked[False], 9000)

    def test_errors(self):
        with self.assertRaises(NotImplementedError) as c:
            bt.evaluate("__nv_sin", np.float64([1.0]))
        self.assertIn("__nv_sin", str(c.exception))
        self.assertIn("extra", str(c.exception))
        with self.assertRaises(NotImplementedError) as c:
            bt.evaluate("__nv_tanhf", np.float32([1.0]), ftz=False)
        self.assertIn("tanhf", str(c.exception))
        with self.assertRaises(TypeError):
            bt.evaluate("__nv_sinf", np.float64([1.0]))
        with self.assertRaises(TypeError):
            bt.evaluate("__nv_fmodf", np.float32([1.0]))
        with self.assertRaises(TypeError):
            bt.evaluate("__nv_powf", np.float32([1.0]))
        self.assertTrue(np.array_equal(bt.evaluate("__nv_sin", np.float64([0.5]), extra={"__nv_sin": np.sin}),
                                       np.sin(np.float64([0.5]))))

    def test_cli_only_when_the_module_does_not_import(self):
        # the source package has no _bitexact: auto picks the CLI (its
        # `list triton` gives the rows), says so once
        code = ("import numpy as np, bitexact.triton as bt\n"
                "x = np.float32([1.0, 2.0, 1e-40])\n"
                "a = bt.evaluate('__nv_sinf', x); b = bt.evaluate('__nv_fast_expf', x)\n"
                "c = bt.evaluate('__nv_powf', x, x)\n"
                "print(' '.join(f'{v:08x}' for v in np.concatenate([a, b, c]).view(np.uint32)))\n"
                "import bitexact\n"
                "try:\n    bitexact.nv\nexcept AttributeError as e:\n    print('nv:', e)\n"
                "print(bt.table()['__nv_expf'], bt.table(False)['__nv_expf'], bt.table(False)['__nv_tanhf'][:15])\n"
                "try:\n    bt.evaluate('__nv_tanhf', x, ftz=False)\nexcept NotImplementedError as e:\n    print('ok')\n")
        env = dict(os.environ, PYTHONPATH=os.path.join(SRC, "src/python"), BITEXACT_CLI=f"/usr/bin/env {CLI}")
        r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        x = np.float32([1.0, 2.0, 1e-40])
        want = np.concatenate([cli_eval("triton.sinf", x), cli_eval("nv-fast.expf", x), cli_eval("triton.powf", x, x)])
        out = r.stdout.splitlines()
        self.assertEqual(out[0], " ".join(f"{v:08x}" for v in want))
        self.assertIn("_bitexact", out[1])
        self.assertEqual(out[2:], ["triton.expf nv.expf not reproduced:", "ok"])
        self.assertEqual(r.stderr.count("evaluating through the CLI"), 1, r.stderr)
        env.pop("BITEXACT_CLI")
        env["PATH"] = "/nonexistent"
        r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("BITEXACT_CLI", r.stderr)


class DeviceDigests(unittest.TestCase):
    """Whole blocks of the GPUs' digest sets through the bridge (the slow part:
    16.7M inputs a block)."""

    def test_triton_digests(self):
        # One block of every row's set (the first set of a pair function or a
        # binary64 row; the rows before issue 34 where Triton's differ from
        # nvcc's: fmodf, fmod)
        # through the bridge with Triton's default build: the H200's Triton
        # kernels' digest. The block is one where Triton's bits differ from
        # nvcc -ftz=true's (the H100's nv-ftz digest) and, where one exists,
        # also from nvcc -ftz=false's, so neither nv build passes in its place.
        nv = sets_of(NV)
        jobs, seen, discriminating = [], set(), 0
        for s in TRITON["sets"]:
            if s["fn"] in seen:
                continue
            seen.add(s["fn"])
            key = (s["fn"], s["set"], s["seed"])
            d, dn, df = s["digests"], nv[("nv",) + key]["digests"], nv[("nv-ftz",) + key]["digests"]
            if s["fn"] in ("sinf", "cosf", "ceilf"):
                # Triton's digests are nv-ftz's in every block: Backends.test_edge_vectors
                # checks every edge input against the H100's nv-ftz column
                self.assertEqual(d, df, s["fn"])
                continue
            order = [[k for k in range(len(d)) if d[k] != df[k] and d[k] != dn[k]],
                     [k for k in range(len(d)) if d[k] != df[k]], [k for k in range(len(d)) if d[k] != dn[k]],
                     [len(d) // 2]]
            k = next(c for c in order if c)[0]
            discriminating += d[k] != df[k]
            jobs.append((f"__nv_{s['fn']}", True, s, k, f"triton.{s['fn']} {s['set']} (H200, Triton 3.6)"))
        # binary64 ceil with ftz=False too: the reflect does not reach binary64,
        # so the same Triton kernel's bits (which are also the H100's nv digests)
        ceil = next(s for s in TRITON["sets"] if s["fn"] == "ceil" and s["set"] == "uniform")
        self.assertEqual(ceil["digests"], nv[("nv", "ceil", "uniform", ceil["seed"])]["digests"])
        jobs.append(("__nv_ceil", False, ceil, 1, "triton.ceil uniform (H200, Triton 3.6), ftz=False"))
        self.assertEqual(seen, set(TRITON_ROWS))  # binary64 fmod and ceil measured since 2026-11-29
        self.assertGreaterEqual(discriminating, 20)
        check_blocks(self, jobs)

    def test_sfu_digests(self):
        # The fast symbols in Triton's default build (the H100's nv-fast
        # digests, block [0.5, 2)), and the three libdevice rows
        # that are one SFU instruction in the enable_reflect_ftz=False build:
        # sqrt.approx (__CUDA_PREC_SQRT 0), ex2.approx, rsqrt.approx. For
        # sqrtf the block is one where sqrt.approx's digest is not nv.sqrtf's.
        sets = {**sets_of(NV), **sets_of(SFU)}
        jobs = []
        for f in ("sinf", "cosf", "tanf", "expf", "exp10f", "logf", "log2f", "log10f"):
            s = sets[("nv-fast", f, "exhaustive", 0)]
            jobs.append((f"__nv_fast_{f}", True, s, len(s["digests"]) // 4 - 1, f"nv-fast.{f} (H100)"))
        nv_sqrt = sets[("nv", "sqrtf", "exhaustive", 0)]["digests"]
        for fn, instr in (("sqrtf", "sqrt_approx"), ("exp2f", "ex2_approx"), ("rsqrtf", "rsqrt_approx")):
            s = sets[("ptx", instr, "exhaustive", 0)]
            k = len(s["digests"]) // 4 - 1
            if fn == "sqrtf":
                k = next(k for k in range(len(s["digests"])) if s["digests"][k] != nv_sqrt[k])
            jobs.append((f"__nv_{fn}", False, s, k, f"ptx.{instr} (H100)"))
        check_blocks(self, jobs)


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

    def test_ieee_build(self):
        # install(ftz=False): nv.FN where the bridge has it, the refusal
        # (NotImplementedError) where it has none, through a kernel
        self._install(ftz=False)
        x = np.float32([0.5, 1e-40, -3.0])
        r = self.ft.launch(make_kernel(self.ft, "cuda", "exp"), self.ft.tensor(x))
        self.assertTrue(np.array_equal(r.handle.data.view(np.uint32), cli_eval("nv.expf", x)))
        with self.assertRaises(NotImplementedError):
            self.ft.launch(make_kernel(self.ft, "generic", "tanh"), self.ft.tensor(x))

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
