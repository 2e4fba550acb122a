"""NVIDIA libdevice's bits in Triton's interpreter (TRITON_INTERPRET=1).

Triton's interpreter runs a kernel on the CPU with NumPy, but a kernel that
calls `libdevice` (`triton.language.extra.libdevice` or
`tl.extra.cuda.libdevice`) stops there (triton-lang/triton#8825). This
module routes those calls to bitexact, so the interpreter returns the bits
the GPU build of the same kernel returns:

    import bitexact.triton
    bitexact.triton.install()            # before the kernel runs; uninstall() undoes it
    with bitexact.triton.bridge(): ...   # the same, for a block of code

`SYMBOLS` lists the libdevice functions it knows and the bitexact function
(IMPL.FN) that gives each one's bits; `table(ftz)` gives the mapping in use.
Triton builds libdevice with FTZ on (`enable_reflect_ftz`, default True), so
`ftz=True` is the default; pass `ftz=False` for kernels launched with
`enable_reflect_ftz=False`. A symbol bitexact does not model raises
NotImplementedError naming it, unless `extra={"__nv_sin": numpy_fn}` supplies
one. docs/python.md ("Triton's interpreter") has the details and the limits.

Backends: the compiled module `_bitexact` when it imports, else the CLI
(`bitexact eval IMPL.FN`: `BITEXACT_CLI`, which may be a command prefix such as
"DIR/run bitexact", or `bitexact` on PATH), so the bridge also works under a
Python the module was not built for. The choice is said once on stderr.
"""

import os
import shlex
import shutil
import subprocess
import sys
from contextlib import contextmanager

import numpy as np

import bitexact as _bx

__all__ = ["SYMBOLS", "table", "evaluate", "install", "uninstall", "bridge", "Bridge",
           "ModuleBackend", "CliBackend", "default_backend"]

_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
_WORD = {_F32: np.dtype(np.uint32), _F64: np.dtype(np.uint64)}


class _Entry:
    """One libdevice symbol: its operand type and arity, and the bitexact
    function for a libdevice built with FTZ (`ftz`) and without (`ieee`).
    A spec is "IMPL.FN", or for a symbol that is a short sequence of modelled
    instructions, a callable (backend, ftz, *arrays) -> array."""

    def __init__(self, symbol, dtype, arity, ftz, ieee, why):
        self.symbol, self.dtype, self.arity = symbol, np.dtype(dtype), arity
        self.ftz, self.ieee, self.why = ftz, ieee, why

    def spec(self, ftz):
        return self.ftz if ftz else self.ieee

    def describe(self, ftz):
        s = self.spec(ftz)
        return s if isinstance(s, str) else s.label(ftz)


def _fast_powf(backend, ftz, x, y):
    # libdevice's __nv_fast_powf is lg2.approx, a plain float multiplication
    # and ex2.approx; the multiplication is IEEE binary32 round-to-nearest, as
    # NumPy's. Under FTZ a subnormal product is flushed by ex2.approx.ftz
    # itself, so whether the multiplication flushes does not change the bits.
    impl = "ptx-ftz" if ftz else "ptx"
    lg = backend.eval(f"{impl}.lg2_approx", x)
    with np.errstate(all="ignore"):
        p = np.multiply(np.asarray(y, _F32), lg, dtype=_F32)
    return backend.eval(f"{impl}.ex2_approx", p)


_fast_powf.label = lambda ftz: "{0}.ex2_approx(y*{0}.lg2_approx(x))".format("ptx-ftz" if ftz else "ptx")


def _fmodf(backend, ftz, x, y):
    # Triton links libdevice with __CUDA_FTZ reflected as 1 but, unlike nvcc
    # -ftz=true, compiles libdevice's plain float arithmetic without FTZ.
    # fmodf's inputs and its short path (|x| <= 2^23 |y|) go through the
    # reflected .ftz intrinsics, as nv-ftz; its long path scales the
    # remainder back with plain multiplications, which keep a subnormal
    # result there, as the IEEE build (nv) does. On normal inputs the two
    # builds differ only in that last scaling.
    x, y = np.broadcast_arrays(np.asarray(x, _F32), np.asarray(y, _F32))
    if not ftz:
        return backend.eval("nv.fmodf", x, y)
    r = backend.eval("nv-ftz.fmodf", x, y)
    ex = (x.view(np.uint32) >> 23) & 0xFF
    ey = (y.view(np.uint32) >> 23) & 0xFF
    with np.errstate(all="ignore"):
        long_path = (ex > 0) & (ex < 255) & (ey > 0) & (ey < 255) & ~(np.abs(x) <= np.float32(2.0**23) * np.abs(y))
    if long_path.any():
        r = np.array(r)
        r[long_path] = backend.eval("nv.fmodf", x[long_path], y[long_path])
    return r


_fmodf.label = lambda ftz: "nv-ftz.fmodf, nv.fmodf where |x|>2^23|y|" if ftz else "nv.fmodf"


def _fmod(backend, ftz, x, y):
    # When both operands are NaN, Triton's build of libdevice fmod returns
    # x's NaN (quieted) where nvcc's, which nv models, returns y's: the
    # compilers order the operands of the add that propagates the NaN
    # differently. Every other input: nv.fmod.
    x, y = np.broadcast_arrays(np.asarray(x, _F64), np.asarray(y, _F64))
    r = backend.eval("nv.fmod", x, y)
    both = np.isnan(x) & np.isnan(y)
    if both.any():
        r = np.array(r)
        r.view(np.uint64)[both] = x.view(np.uint64)[both] | np.uint64(1 << 51)
    return r


_fmod.label = lambda ftz: "nv.fmod, x's NaN if both NaN"


# The libdevice symbols of Triton 3.6's CUDA wrappers that bitexact models.
# The reasons come from libdevice.10.bc (CUDA 13.0): which __nvvm_reflect
# ("__CUDA_FTZ") branch each function takes, and which PTX instructions it is.
SYMBOLS = {e.symbol: e for e in [
    _Entry("__nv_sinf", _F32, 1, "nv-ftz.sinf", "nv.sinf", "libdevice sinf"),
    _Entry("__nv_cosf", _F32, 1, "nv-ftz.cosf", "nv.cosf", "libdevice cosf"),
    _Entry("__nv_fmodf", _F32, 2, _fmodf, _fmodf, "libdevice fmodf as Triton builds it"),
    _Entry("__nv_ceilf", _F32, 1, "nv-ftz.ceilf", "nv.ceilf", "libdevice ceilf (cvt.rpi[.ftz])"),
    # libdevice's double functions have no FTZ branch: one model for both
    _Entry("__nv_fmod", _F64, 2, _fmod, _fmod, "libdevice fmod (f64) as Triton builds it"),
    _Entry("__nv_ceil", _F64, 1, "nv.ceil", "nv.ceil", "libdevice ceil (f64)"),
    # the fast functions are the intrinsics' instruction sequences: nv-fast is
    # their FTZ form (what -use_fast_math builds), nv-intrinsics the IEEE one
    _Entry("__nv_fast_sinf", _F32, 1, "nv-fast.sinf", "nv-intrinsics.sinf", "sin.approx"),
    _Entry("__nv_fast_cosf", _F32, 1, "nv-fast.cosf", "nv-intrinsics.cosf", "cos.approx"),
    _Entry("__nv_fast_tanf", _F32, 1, "nv-fast.tanf", "nv-intrinsics.tanf", "sin.approx / cos.approx (div.approx)"),
    _Entry("__nv_fast_expf", _F32, 1, "nv-fast.expf", "nv-intrinsics.expf", "ex2.approx(x * log2 e)"),
    _Entry("__nv_fast_exp10f", _F32, 1, "nv-fast.exp10f", "nv-intrinsics.exp10f", "ex2.approx(x * log2 10)"),
    _Entry("__nv_fast_logf", _F32, 1, "nv-fast.logf", "nv-intrinsics.logf", "lg2.approx(x) * ln 2"),
    _Entry("__nv_fast_log2f", _F32, 1, "nv-fast.log2f", "nv-intrinsics.log2f", "lg2.approx"),
    _Entry("__nv_fast_log10f", _F32, 1, "nv-fast.log10f", "nv-intrinsics.log10f", "lg2.approx(x) * log10 2"),
    _Entry("__nv_fast_fdividef", _F32, 2, "nv-fast.fdividef", "nv-intrinsics.fdividef", "div.approx"),
    _Entry("__nv_fast_powf", _F32, 2, _fast_powf, _fast_powf, "ex2.approx(y * lg2.approx(x))"),
    # libdevice functions that are one approximate instruction
    _Entry("__nv_exp2f", _F32, 1, "ptx-ftz.ex2_approx", "ptx.ex2_approx", "ex2.approx"),
    _Entry("__nv_rsqrtf", _F32, 1, "ptx-ftz.rsqrt_approx", "ptx.rsqrt_approx", "rsqrt.approx"),
    # __CUDA_PREC_SQRT, which Triton does not set, reflects as 0: sqrt.approx
    _Entry("__nv_sqrtf", _F32, 1, "ptx-ftz.sqrt_approx", "ptx.sqrt_approx", "sqrt.approx (no __CUDA_PREC_SQRT)"),
]}

# tl.sin and tl.cos on float32 compile to libdevice's sinf and cosf in
# Triton's NVIDIA backend (docs/porting.md: the same bits as libdevice.sin);
# install(math=True) routes the interpreter's NumPy sin and cos there too.
_MATH = {"create_sin": "__nv_sinf", "create_cos": "__nv_cosf"}


def table(ftz=True):
    """{libdevice symbol: what gives its bits ("IMPL.FN" or a composition)}."""
    return {s: e.describe(ftz) for s, e in SYMBOLS.items()}


# -- backends ---------------------------------------------------------------

class ModuleBackend:
    """The compiled module: bitexact.eval."""

    name = "module"

    def eval(self, spec, *arrays):
        return _bx.eval(spec, *arrays)

    def __repr__(self):
        return "bitexact module (_bitexact)"


class CliBackend:
    """`bitexact eval IMPL.FN` in a subprocess: hex bit patterns in and out,
    one element per line. argv is the command before "eval" (a list, or a
    string split like a shell would: "DIR/run bitexact")."""

    name = "cli"

    def __init__(self, argv=None):
        if argv is None:
            argv = os.environ.get("BITEXACT_CLI") or shutil.which("bitexact")
            if not argv:
                raise RuntimeError("bitexact.triton: no bitexact CLI: set BITEXACT_CLI (a path or a command prefix "
                                   "such as 'DIR/run bitexact') or put bitexact on PATH")
        self.argv = shlex.split(argv) if isinstance(argv, str) else list(argv)

    def eval(self, spec, *arrays):
        arrays = np.broadcast_arrays(*[np.asarray(a) for a in arrays])
        dtype = arrays[0].dtype
        if dtype not in _WORD or any(a.dtype != dtype for a in arrays):
            raise TypeError(f"{spec}: float32 or float64 operands of one type, got {[a.dtype.name for a in arrays]}")
        shape = arrays[0].shape
        words = [np.ascontiguousarray(a).reshape(-1).view(_WORD[dtype]).tolist() for a in arrays]
        if not words[0]:
            return np.empty(shape, dtype)
        fmt = "0x{:016x}" if dtype == _F64 else "0x{:08x}"
        if len(words) == 1:
            text = "\n".join(map(fmt.format, words[0]))
        else:
            pair = fmt + " " + fmt
            text = "\n".join(pair.format(a, b) for a, b in zip(*words))
        r = subprocess.run(self.argv + ["eval", spec], input=text + "\n", capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"{shlex.join(self.argv)} eval {spec}: {r.stderr.strip() or f'exit status {r.returncode}'}")
        out = r.stdout.split()
        if len(out) != len(words[0]):
            raise RuntimeError(f"{shlex.join(self.argv)} eval {spec}: {len(out)} results for {len(words[0])} inputs")
        res = np.fromiter((int(t, 16) for t in out), dtype=_WORD[dtype], count=len(out))
        return res.view(dtype).reshape(shape)

    def __repr__(self):
        return f"bitexact CLI ({shlex.join(self.argv)})"


_said = set()


def default_backend(quiet=False):
    """The module when `_bitexact` imports here, else the CLI (said once on stderr)."""
    if _bx._CORE_ERROR is None:
        return ModuleBackend()
    b = CliBackend()
    if not quiet and b.argv[0] not in _said:
        _said.add(b.argv[0])
        print(f"bitexact.triton: the compiled module _bitexact cannot be imported here ({_bx._CORE_ERROR}); "
              f"evaluating through the CLI: {shlex.join(b.argv)}", file=sys.stderr)
    return b


def _backend(backend):
    if backend is None or backend == "auto":
        return default_backend()
    if backend == "module":
        if _bx._CORE_ERROR is not None:
            raise ImportError(f"bitexact.triton: backend 'module' needs _bitexact, which cannot be imported ({_bx._CORE_ERROR})")
        return ModuleBackend()
    if backend == "cli":
        return CliBackend()
    if hasattr(backend, "eval"):
        return backend
    raise ValueError(f"bitexact.triton: unknown backend {backend!r} (auto, module, cli, or an object with eval)")


def evaluate(symbol, *arrays, ftz=True, backend=None, extra=None):
    """libdevice's `symbol` (e.g. "__nv_sinf") on NumPy arrays, with libdevice's bits."""
    if extra and symbol in extra:
        return np.asarray(extra[symbol](*arrays))
    e = SYMBOLS.get(symbol)
    if e is None:
        raise NotImplementedError(f"bitexact.triton: libdevice's {symbol} is not modelled by bitexact "
                                  f"(modelled: {' '.join(sorted(SYMBOLS))}); install(extra={{'{symbol}': fn}}) "
                                  "supplies a NumPy function for it")
    if len(arrays) != e.arity:
        raise TypeError(f"bitexact.triton: {symbol} takes {e.arity} operand(s), got {len(arrays)}")
    arrays = [np.asarray(a) for a in arrays]
    for a in arrays:
        if a.dtype != e.dtype:
            raise TypeError(f"bitexact.triton: {symbol} takes {e.dtype.name} operands, got {a.dtype.name}")
    b = _backend(backend)
    spec = e.spec(ftz)
    if isinstance(spec, str):
        return b.eval(spec, *arrays)
    return spec(b, ftz, *arrays)


# -- the interpreter hook ---------------------------------------------------

class Bridge:
    """An installed bridge: `uninstall()` (or leaving its `with` block) undoes it."""

    def __init__(self, ftz, backend, extra, math):
        self.ftz, self.backend, self.extra, self.math = ftz, backend, dict(extra or {}), math
        self._undo = []

    def evaluate(self, symbol, *arrays):
        return evaluate(symbol, *arrays, ftz=self.ftz, backend=self.backend, extra=self.extra)

    def table(self):
        t = table(self.ftz)
        t.update({s: f"extra: {getattr(f, '__name__', repr(f))}" for s, f in self.extra.items()})
        return t

    def _set(self, obj, name, value):
        self._undo.append((obj, name, vars(obj).get(name, _absent)))
        setattr(obj, name, value)

    def uninstall(self):
        global _active
        while self._undo:
            obj, name, old = self._undo.pop()
            if old is _absent:
                delattr(obj, name)
            else:
                setattr(obj, name, old)
        if _active is self:
            _active = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.uninstall()
        return False

    def __repr__(self):
        return f"<bitexact.triton bridge: ftz={self.ftz}, {self.backend!r}, {len(self.table())} symbols>"


_absent = object()
_active = None


def _hook_extern(bridge, TensorHandle):
    # Replaces InterpreterBuilder.create_extern_elementwise(libName, libPath,
    # symbol, argList, retType, isPure): the operands arrive as TensorHandles
    # already broadcast to one shape by triton.language.core.extern_elementwise;
    # the result is a TensorHandle of the scalar return type, as the
    # interpreter's other create_* methods return.
    def create_extern_elementwise(self, libName, libPath, symbol, argList, retType, isPure):
        arrays = [np.asarray(h.data) for h in argList]
        res = bridge.evaluate(symbol, *arrays)
        # retType is a block type for tensor operands; handles carry the element type
        scalar = retType.element_ty if hasattr(retType, "shape") and hasattr(retType, "element_ty") else retType
        return TensorHandle(res, scalar)

    create_extern_elementwise.__doc__ = "libdevice through bitexact (bitexact.triton)"
    return create_extern_elementwise


def _hook_math(bridge, TensorHandle, symbol, original):
    def create(self, arg):
        data = np.asarray(arg.data)
        if data.dtype != _F32:  # float64 and the rest stay with the interpreter's NumPy
            return original(self, arg)
        return TensorHandle(bridge.evaluate(symbol, data), getattr(arg.dtype, "scalar", arg.dtype))

    return create


def _hook_patch_lang(interp, modules):
    # The interpreter hands `_semantic` (its NumPy builder) only to the
    # builtins of triton.language that it patches for each launch
    # (_patch_lang). libdevice's CUDA wrappers are builtins too but are not
    # patched, so they fail asking for @triton.jit; and the backend-neutral
    # triton.language.extra.libdevice is a module of empty stubs that the
    # compiler swaps for the CUDA one (the backend's get_module_map) but the
    # interpreter does not, so its functions return None. This wrapper does
    # both for each launch, in the launch's patch scope.
    original = interp._patch_lang
    cuda, generic = modules
    # The functions as imported, taken once: a launch's patches are undone
    # afterwards, but a nested @triton.jit call patches without undoing, so
    # the module's current attributes may already be patched ones.
    wrappers = {n: f for n, f in vars(cuda).items() if getattr(f, "__triton_builtin__", False)} if cuda else {}
    stubs = {n: f for n, f in vars(generic).items() if n in wrappers and callable(f)} if generic else {}

    def _patch_lang(fn):
        scope = original(fn)
        launch = _LaunchPatches(scope)
        by_id = {}
        for name, member in wrappers.items():
            interp._patch_attr(cuda, name, member, interp.interpreter_builder, scope)
            by_id[id(member)] = getattr(cuda, name)
        for name, stub in stubs.items():
            scope.set_attr(generic, name, getattr(cuda, name))
            by_id[id(stub)] = getattr(cuda, name)
        # names bound in the kernel's module by `from ...libdevice import sin`
        g = getattr(fn, "__globals__", None)
        if g is not None and by_id:
            for name, value in list(g.items()):
                new = by_id.get(id(value))
                if new is not None:
                    launch.globals_undo.append((g, name, value))
                    g[name] = new
        return launch

    return _patch_lang, wrappers, stubs


class _LaunchPatches:
    """The interpreter's patch scope plus the kernel-global names this bridge
    rebound; GridExecutor restores both after the launch."""

    def __init__(self, scope):
        self.scope = scope
        self.globals_undo = []

    def set_attr(self, obj, name, value):
        self.scope.set_attr(obj, name, value)

    def restore(self):
        while self.globals_undo:
            g, name, value = self.globals_undo.pop()
            g[name] = value
        self.scope.restore()


def _libdevice_modules():
    mods = []
    for name in ("triton.language.extra.cuda.libdevice", "triton.language.extra.libdevice"):
        try:
            __import__(name)
            mods.append(sys.modules[name])
        except ImportError:
            mods.append(None)
    return tuple(mods)


def install(ftz=True, backend="auto", extra=None, math=False, *, interpreter=None, libdevice=None):
    """Route the Triton interpreter's libdevice calls to bitexact.

    ftz: the FTZ setting of the GPU build being reproduced (Triton's default
    `enable_reflect_ftz=True`). backend: "auto", "module", "cli", or an object
    with eval(spec, *arrays). extra: {symbol: NumPy function} for symbols
    bitexact does not model. math: also give tl.sin and tl.cos on float32
    libdevice's bits. interpreter, libdevice: the interpreter module and the
    (cuda, generic) libdevice modules to patch, for tests and other builds
    (default: Triton's). Returns the Bridge; a second install replaces the first.
    """
    global _active
    if interpreter is None:
        import triton.runtime.interpreter as interpreter  # noqa: PLW0621 (the real one)
        if libdevice is None:
            libdevice = _libdevice_modules()
    if libdevice is None:
        libdevice = (None, None)
    builder_cls = getattr(interpreter, "InterpreterBuilder", None)
    missing = [n for n in ("InterpreterBuilder", "TensorHandle", "_patch_lang", "_patch_attr", "interpreter_builder")
               if not hasattr(interpreter, n)]
    if missing or not hasattr(builder_cls, "create_extern_elementwise"):
        raise RuntimeError(f"bitexact.triton: this Triton interpreter lacks {', '.join(missing) or 'create_extern_elementwise'} "
                           "(the bridge knows Triton 3.6's)")
    if _active is not None:
        _active.uninstall()
    b = Bridge(ftz, _backend(backend), extra, math)
    TH = interpreter.TensorHandle
    b._set(builder_cls, "create_extern_elementwise", _hook_extern(b, TH))
    if math:
        for meth, symbol in _MATH.items():
            b._set(builder_cls, meth, _hook_math(b, TH, symbol, getattr(builder_cls, meth)))
    patch_lang, wrappers, stubs = _hook_patch_lang(interpreter, libdevice)
    b._set(interpreter, "_patch_lang", patch_lang)
    # uninstall puts the libdevice modules back as imported, whatever a
    # nested call left patched
    cuda, generic = libdevice
    for name, f in wrappers.items():
        b._undo.insert(0, (cuda, name, f))
    for name, f in stubs.items():
        b._undo.insert(0, (generic, name, f))
    _active = b
    return b


def uninstall():
    """Undo install() (nothing if no bridge is installed)."""
    if _active is not None:
        _active.uninstall()


@contextmanager
def bridge(ftz=True, backend="auto", extra=None, math=False, **kw):
    """install() for the duration of a `with` block."""
    b = install(ftz, backend, extra, math, **kw)
    try:
        yield b
    finally:
        b.uninstall()
