"""NVIDIA libdevice's bits in Triton's interpreter (TRITON_INTERPRET=1).

Triton's interpreter runs a kernel on the CPU with NumPy, but a kernel that
calls `libdevice` (`triton.language.extra.libdevice` or
`tl.extra.cuda.libdevice`) stops there (triton-lang/triton#8825). This
module routes those calls to bitexact, so the interpreter returns the bits
the GPU build of the same kernel returns:

    import bitexact.triton
    bitexact.triton.install()            # before the kernel runs; uninstall() undoes it
    with bitexact.triton.bridge(): ...   # the same, for a block of code

`SYMBOLS` lists the libdevice symbols it knows and what gives each one's
bits; `table(ftz)` gives the mapping in use (`table(ftz, why=True)` with the
reasons). Triton builds libdevice with the FTZ reflect on
(`enable_reflect_ftz`, default True), so `ftz=True` is the default: every
libdevice function bitexact reproduces for Triton is then the implementation
`triton` (`__nv_expf` -> `triton.expf`: Triton 3.6's own libdevice.10.bc as
Triton builds it, docs/triton.md); the fast ones (`__nv_fast_*`) are the
intrinsics' instructions. Pass `ftz=False` for kernels compiled with
`enable_reflect_ftz=False`: no registered implementation is that build, so a
function gets `nv.FN` (nvcc -ftz=false) only where Triton's file has CUDA
13.0's code for it and no square root, and raises NotImplementedError saying
why otherwise. A symbol bitexact does not model raises NotImplementedError
naming it, unless `extra={"__nv_sin": numpy_fn}` supplies one.
docs/python.md ("Triton's interpreter") has the details and the limits.

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


class _Unreproduced:
    """A build bitexact does not reproduce: evaluating it raises NotImplementedError(why)."""

    def __init__(self, why):
        self.why = why


class _Entry:
    """One libdevice symbol: its operand type and arity (None where only the
    CLI knows them: it checks them itself), and what gives its bits in
    Triton's default build (`ftz`, enable_reflect_ftz=True) and in a kernel
    compiled with enable_reflect_ftz=False (`ieee`), each with the reason.
    A spec is "IMPL.FN"; for a symbol that is a short sequence of modelled
    instructions, a callable (backend, ftz, *arrays) -> array; or
    _Unreproduced."""

    def __init__(self, symbol, dtype, arity, ftz, ieee, why, why_ieee=None):
        self.symbol, self.arity = symbol, arity
        self.dtype = None if dtype is None else np.dtype(dtype)
        self.ftz, self.ieee, self._why = ftz, ieee, (why, why if why_ieee is None else why_ieee)

    def spec(self, ftz):
        return self.ftz if ftz else self.ieee

    def why(self, ftz):
        return self._why[0 if ftz else 1]

    def describe(self, ftz):
        s = self.spec(ftz)
        if isinstance(s, str):
            return s
        if isinstance(s, _Unreproduced):
            return f"not reproduced: {s.why}"
        return s.label(ftz)


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


# The libdevice fast functions of Triton 3.6's CUDA wrappers: not libdevice
# builds of a bitexact row but the intrinsics' instruction sequences. nv-fast
# is their FTZ form (what -use_fast_math builds), nv-intrinsics the IEEE one.
_FAST = [
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
]

# libdevice's symbol for a bitexact row is "__nv_" + the row's name (sinf ->
# __nv_sinf, fmod -> __nv_fmod): Triton 3.6's wrappers call exactly these for
# float32 (and float64 for fmod, ceil): vectors/triton/digests.json's manifest
# records each kernel's symbol (libdevice.exp -> __nv_expf, libdevice.normcdf
# -> __nv_normcdff, ...). A row whose symbol were named otherwise goes here.
_ROW_SYMBOL = {}

# Triton's default build (enable_reflect_ftz=True) is the implementation
# "triton": Triton's bundled libdevice.10.bc, FTZ reflect 1, IEEE plain
# operations, __CUDA_PREC_SQRT 0 (docs/triton.md), checked against Triton
# kernels on the H200 (vectors/triton/digests.json).
_WHY_FTZ = "Triton 3.6's libdevice.10.bc as Triton builds it (docs/triton.md)"

# enable_reflect_ftz=False reflects __CUDA_FTZ as 0, as nvcc -ftz=false does;
# the plain operations are IEEE in both. What still separates that build from
# nv (nvcc -ftz=false, CUDA 13.0's file) is Triton's file and
# __CUDA_PREC_SQRT = 0. No registered implementation is that build; nv.FN is
# its bits where neither can matter:
# the functions whose IR is the same in both files (tools/scripts/compare_libdevice.py,
# docs/history.md "issue 34, first look"; their reproductions in
# include/bitexact/nv/ read no B.file),
_SAME_IR = frozenset("expf exp2f exp10f expm1f logf log2f log10f log1pf rsqrtf sqrtf tanf hypotf sinf cosf ceilf "
                     "ceil".split())
# and those whose IR differs only in spelling a copysign as integer operations,
# which gives the same bits (their headers; their reproductions read no B.file),
_SAME_BITS = frozenset(["erfcf", "normcdff"])
# less those whose IR reads __CUDA_PREC_SQRT (__nv_sqrtf, inlined): nvcc sets
# it to 1 (sqrt.rn), Triton leaves it 0 (sqrt.approx).
_PREC_SQRT = frozenset(["sqrtf", "hypotf"])
# The rows where something else gives that build's bits, and why.
_IEEE = {
    "sqrtf": ("ptx.sqrt_approx", "__CUDA_PREC_SQRT 0 and FTZ 0: sqrt.approx.f32 (the H100, enable_reflect_ftz=False, "
                                 "2^20 inputs)"),
    "fmodf": ("nv.fmodf", "Triton's file differs only in spelling copysign as an integer OR, the same bits "
                          "(nv/fmodf.hpp); the H100 gave nv.fmodf's bits on 2^20 inputs of an enable_reflect_ftz=False kernel"),
    "fmod": ("triton.fmod", "reads no __CUDA_FTZ and PTX's f64 operations have no flush mode: the FTZ setting "
                            "changes nothing"),
    "ceil": ("triton.ceil", "reads no __CUDA_FTZ and PTX's f64 operations have no flush mode: the FTZ setting "
                            "changes nothing"),
}
_NV_WHY = {"sinf": "; the H100: nv.sinf's bits on 2^20 inputs of an enable_reflect_ftz=False kernel",
           "cosf": "; the H100: nv.cosf's bits on 2^20 inputs of an enable_reflect_ftz=False kernel",
           "ceilf": "; the H100: nv.ceilf's bits on 2^20 inputs of an enable_reflect_ftz=False kernel",
           "exp2f": "; the H100: ex2.approx.f32's bits on 2^20 inputs of an enable_reflect_ftz=False kernel",
           "rsqrtf": "; the H100: rsqrt.approx.f32's bits on 2^20 inputs of an enable_reflect_ftz=False kernel"}


def _ieee_form(fn):
    """(spec, why) of libdevice's fn in a Triton 3.6 kernel with enable_reflect_ftz=False."""
    if fn in _IEEE:
        return _IEEE[fn]
    if fn in _PREC_SQRT:
        return (_Unreproduced(f"enable_reflect_ftz=False: {fn} reaches Triton's sqrt.approx (__CUDA_PREC_SQRT 0), "
                              "which no registered build has with the FTZ reflect 0"), None)
    if fn in _SAME_IR:
        return (f"nv.{fn}", "Triton's file has CUDA 13.0's IR for it, and no square root: nvcc -ftz=false's build"
                + _NV_WHY.get(fn, ""))
    if fn in _SAME_BITS:
        return (f"nv.{fn}", "Triton's file differs from CUDA 13.0's only in spelling copysign as integer operations, "
                            f"the same bits (nv/{fn}.hpp), and has no square root: nvcc -ftz=false's build")
    return (_Unreproduced(f"enable_reflect_ftz=False: Triton's libdevice file has other code for {fn} than "
                          "CUDA 13.0's (docs/triton.md), and no registered build has that file with the FTZ reflect 0"),
            None)


def _row_entry(fn, bits, arity):
    ieee, why_ieee = _ieee_form(fn)
    dtype = {32: _F32, 64: _F64}.get(bits)
    return _Entry(_ROW_SYMBOL.get(fn, f"__nv_{fn}"), dtype, arity, f"triton.{fn}", ieee, _WHY_FTZ,
                  why_ieee or ieee.why)


_symbols_cache = {}


def _symbols(backend=None):
    """{symbol: _Entry}: one per function of the implementation "triton" (the
    compiled module's registry, else the CLI's `bitexact list triton`), then
    the fast functions."""
    if _bx._CORE_ERROR is None:
        key = "module"
    else:
        cli = backend if isinstance(backend, CliBackend) else default_backend(quiet=True)
        key = tuple(cli.argv)
    if key not in _symbols_cache:
        if key == "module":
            rows = []
            for fn in _bx.implementations().get("triton", []):
                bits, arity, _, _ = _bx._core.spec_info(f"triton.{fn}")
                rows.append((fn, bits, arity))
        else:
            rows = [(fn, None, None) for fn in cli.functions("triton")]
        entries = [_row_entry(*r) for r in rows] + _FAST
        _symbols_cache[key] = {e.symbol: e for e in entries}
    return _symbols_cache[key]


def __getattr__(name):
    # SYMBOLS is computed on first use (it asks the module or the CLI); the
    # functions of the implementation "triton" are also reachable here, so
    # that bitexact.triton.sinf(x) is triton.sinf once this module is imported,
    # as before (bitexact's own __getattr__).
    if name == "SYMBOLS":
        return _symbols()
    if not name.startswith("_") and _bx._CORE_ERROR is None and name in _bx.implementations().get("triton", []):
        return getattr(_bx._Impl("triton"), name)
    raise AttributeError(f"module 'bitexact.triton' has no attribute '{name}'")


# tl.sin and tl.cos on float32 compile to libdevice's sinf and cosf in
# Triton's NVIDIA backend (docs/porting.md: the same bits as libdevice.sin);
# install(math=True) routes the interpreter's NumPy sin and cos there too.
_MATH = {"create_sin": "__nv_sinf", "create_cos": "__nv_cosf"}


def table(ftz=True, backend=None, why=False):
    """{libdevice symbol: what gives its bits}: "IMPL.FN", a composition of
    modelled instructions, or "not reproduced: REASON"; with why=True, each
    followed by " -- " and the reason it is that."""
    t = {}
    for s, e in _symbols(_backend(backend, quiet=True)).items():
        d = e.describe(ftz)
        t[s] = f"{d} -- {e.why(ftz)}" if why and not d.startswith("not reproduced") else d
    return t


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

    def functions(self, impl):
        """The functions of implementation impl, from `bitexact list IMPL`."""
        r = subprocess.run(self.argv + ["list", impl], capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"{shlex.join(self.argv)} list {impl}: {r.stderr.strip() or f'exit status {r.returncode}'}")
        fns = []
        for line in r.stdout.splitlines():
            if not line.strip():
                break  # "Not reproduced:" follows
            name = line.split()[0]
            if name.startswith(impl + "."):
                fns.append(name[len(impl) + 1:])
        return fns

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


def _backend(backend, quiet=False):
    if backend is None or backend == "auto":
        return default_backend(quiet)
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
    """libdevice's `symbol` (e.g. "__nv_sinf") on NumPy arrays, with the bits a
    Triton 3.6 kernel on sm_90 gets (ftz: its enable_reflect_ftz)."""
    if extra and symbol in extra:
        return np.asarray(extra[symbol](*arrays))
    b = _backend(backend)
    e = _symbols(b).get(symbol)
    if e is None:
        raise NotImplementedError(f"bitexact.triton: libdevice's {symbol} is not modelled by bitexact "
                                  "(bitexact.triton.table() lists the symbols it models); "
                                  f"install(extra={{'{symbol}': fn}}) supplies a NumPy function for it")
    spec = e.spec(ftz)
    if isinstance(spec, _Unreproduced):
        raise NotImplementedError(f"bitexact.triton: {symbol}: {spec.why}")
    if e.arity is not None and len(arrays) != e.arity:
        raise TypeError(f"bitexact.triton: {symbol} takes {e.arity} operand(s), got {len(arrays)}")
    arrays = [np.asarray(a) for a in arrays]
    for a in arrays:
        if e.dtype is not None and a.dtype != e.dtype:
            raise TypeError(f"bitexact.triton: {symbol} takes {e.dtype.name} operands, got {a.dtype.name}")
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

    def table(self, why=False):
        t = table(self.ftz, self.backend, why)
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
