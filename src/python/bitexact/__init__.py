"""bitexact: GPU vendor math, bit for bit, on NumPy arrays.

    import numpy as np, bitexact
    x = np.linspace(0, 10, 5, dtype=np.float32)
    bitexact.eval("nv.sinf", x)            # what an NVIDIA GPU returns (libdevice)
    bitexact.nv.sinf(x)                     # the same, attribute form
    bitexact.ocml.sinf(x, config="gfx90a-daz")   # AMD ocml, DAZ
    bitexact.mpfr.sinf(x)                   # correctly rounded
    bitexact.ulp_error("sinf", x, bitexact.nv.sinf(x))

Implementations and functions are those of the CLI (`bitexact list`); errors
raise ValueError with the CLI's one-line messages. docs/python.md.

The package imports without its compiled module `_bitexact` (built for one
Python version; another interpreter cannot load it): then `bitexact.triton`
still works through the CLI, and everything else raises ImportError saying why.
"""

import functools as _functools
import json as _json

import numpy as _np

try:
    from . import _bitexact as _core
    _CORE_ERROR = None
except ImportError as _e:  # another Python than the one _bitexact was built for, or not built
    import os as _os
    import sys as _sys

    _built = sorted(f for f in _os.listdir(_os.path.dirname(__file__)) if f.startswith("_bitexact"))
    _CORE_ERROR = (f"{', '.join(_built)} does not load in Python {_sys.version_info[0]}.{_sys.version_info[1]}: {_e}"
                   if _built else f"not built in {_os.path.dirname(__file__)}")

    class InputError(ValueError):
        """Bad input (the compiled module's InputError when it is present)."""

    class _MissingCore:
        # Stands in for _bitexact so that `import bitexact` (and bitexact.triton,
        # which can use the CLI) works; every use of the module says why it is absent.
        InputError = InputError

        def __getattr__(self, name):
            raise ImportError(f"bitexact's compiled module _bitexact cannot be imported here ({_CORE_ERROR}); "
                              "build it for this Python (docs/python.md), or use bitexact.triton's CLI backend")

    _core = _MissingCore()

__all__ = ["eval", "ulp_error", "sweep", "implementations", "functions", "fpsan", "InputError", "__version__"]

if _CORE_ERROR is None:
    __version__ = _core.__version__  # CMakeLists.txt's project VERSION, compiled in
else:  # the version pip recorded, if pip installed this copy
    from importlib import metadata as _metadata

    try:
        __version__ = _metadata.version("bitexact")
    except _metadata.PackageNotFoundError:  # not installed by pip (PYTHONPATH=build/python)
        __version__ = "unknown"

InputError = _core.InputError

_DTYPE = {32: _np.dtype(_np.float32), 64: _np.dtype(_np.float64)}
_WORD = {32: _np.dtype(_np.uint32), 64: _np.dtype(_np.uint64)}


def _operand(a, bits, name, spec):
    """a as an array of the function's float type, native byte order (bit patterns kept).

    NumPy arrays and NumPy scalars keep their dtype: the function's float type
    (either byte order), or the unsigned integers of its width as bit patterns;
    any other dtype is refused, since converting it would round silently.
    Python numbers and (nested) lists of them are NumPy's "weak" scalars
    (NEP 50): they take the function's type, rounded to nearest as
    np.float32(v) does. A 0-d input gives a 0-d result, as a ufunc's does.
    """
    want = _DTYPE[bits]
    if isinstance(a, (_np.ndarray, _np.generic)):
        a = _np.asarray(a)
        if a.dtype.kind == "u" and a.dtype.itemsize == want.itemsize:  # raw bit patterns
            return a.astype(_WORD[bits], copy=False).view(want)
        if a.dtype.kind == "f" and a.dtype.itemsize == want.itemsize:
            return a.astype(want, copy=False)  # only the byte order may change
        raise InputError(f"{spec} takes {want.name} arrays (or uint{bits} bit patterns); {name} is a "
                         f"{a.dtype.name} array: convert it first (x.astype(np.{want.name})), "
                         "bitexact does not round arrays silently")
    try:
        v = _np.asarray(a)
    except (ValueError, TypeError) as e:
        raise InputError(f"{spec}: {name} is not an array or a number ({type(a).__name__})") from e
    if v.dtype.kind not in "biuf" or v.dtype == object:
        raise InputError(f"{spec}: {name} is not a number or a list of numbers ({type(a).__name__} of {v.dtype.name})")
    return v.astype(want)


def eval(spec, x, y=None, out=None):
    """IMPL.FN on array x (and y for two-operand functions, broadcast against x).

    Inputs: arrays of float32 (float64 for fmod, ceil), either byte order, or
    the matching unsigned integer bit patterns; Python numbers and lists of
    them (rounded to the function's type, as NumPy's weak scalars are). Other
    array dtypes are refused rather than rounded. The result is a new array of
    the float type with the inputs' broadcast shape (0-d for 0-d inputs), or
    `out` filled in place. The same bits as `bitexact eval IMPL.FN`.
    """
    bits, arity, fn, _impl = _core.spec_info(spec)
    xa = _operand(x, bits, "x", spec)
    if arity == 2:
        if y is None:
            raise InputError(f"{spec} takes two operands (x, y)")
        ya = _operand(y, bits, "y", spec)
        xa, ya = _np.broadcast_arrays(xa, ya)
        ya = _np.asarray(ya, order="C")  # (np.ascontiguousarray makes a 0-d array 1-d)
    elif y is not None:
        raise InputError(f"{spec} takes one operand")
    else:
        ya = None
    xa = _np.asarray(xa, order="C")
    if out is None:
        res = _np.empty(xa.shape, dtype=_DTYPE[bits])
    else:
        if not isinstance(out, _np.ndarray) or out.dtype != _DTYPE[bits] or out.shape != xa.shape:
            raise InputError(f"out must be a {_DTYPE[bits].name} array of shape {xa.shape}")
        # a strided out is filled through a contiguous buffer
        res = out if out.flags.c_contiguous else _np.empty(xa.shape, dtype=_DTYPE[bits])
    _core.eval(spec, xa.reshape(-1), None if ya is None else ya.reshape(-1), res.reshape(-1))
    if out is not None and res is not out:
        out[...] = res
        return out
    return res


def ulp_error(fn, *args):
    """Exact ULP errors (MPFR): ulp_error(fn, x, result) or ulp_error(fn, x, y, result)."""
    arity, bits = _core.fn_arity_bits(fn)
    if len(args) != arity + 1:
        raise InputError(f"ulp_error({fn!r}, ...) takes {arity + 1} arrays ({'x, y' if arity == 2 else 'x'}, result)")
    ops = [_operand(a, bits, n, fn) for a, n in zip(args, ["x", "y", "result"][: arity] + ["result"])]
    ops = [_np.asarray(a, order="C") for a in _np.broadcast_arrays(*ops)]
    out = _np.empty(ops[0].shape, dtype=_np.float64)
    y = ops[1].reshape(-1) if arity == 2 else None
    _core.ulp_error(fn, ops[0].reshape(-1), y, ops[-1].reshape(-1), out.reshape(-1))
    return out


def sweep(fn, impls, inputs="binades:64", threads=0):
    """A conformance sweep in memory; returns the report (report.json) as a dict.

    impls: "nv,ocml,host" or a list; inputs: the CLI's set syntax
    ("exhaustive", "uniform:N[:SEED]", "binades:N", "edge", ...).
    """
    if not isinstance(impls, str):
        impls = ",".join(impls)
    return _json.loads(_core.sweep(fn, impls, inputs, threads))


@_functools.lru_cache(maxsize=None)
def _implementations():
    d = {}
    for name, fn, _desc, _cr in _core.implementations():
        d.setdefault(name, []).append(fn)
    return d


def implementations():
    """{implementation: [functions]} of every registered implementation."""
    return {k: list(v) for k, v in _implementations().items()}


def functions():
    """[(name, arity, bits)] of every function."""
    return list(_core.functions())


class _Impl:
    """bitexact.<impl>.<fn>(x[, y]) — the attribute form of eval."""

    def __init__(self, name, configs=None):
        self._name = name
        self._configs = configs or {}

    def _resolve(self, config):
        if config is None:
            return self._name
        if config not in self._configs:
            raise InputError(f"unknown config '{config}' for {self._name} (configs: {' '.join(sorted(self._configs))})")
        return self._configs[config]

    def __getattr__(self, fn):
        if fn.startswith("_"):
            raise AttributeError(fn)

        def call(x, y=None, out=None, config=None):
            return eval(f"{self._resolve(config)}.{fn}", x, y, out=out)

        call.__name__ = fn
        call.__doc__ = f"{self._name}.{fn}: see bitexact.eval"
        return call

    def __dir__(self):
        return sorted(_implementations().get(self._name, []))

    def __repr__(self):
        return f"<bitexact implementation {self._name}>"


def _ocml_configs():
    # ocml's names: "ocml" is gfx90a; "ocml-daz" gfx90a with DAZ; "ocml-gfx803-daz" ...
    c = {}
    for name in _implementations():
        if name.startswith("ocml-bc"):
            continue
        if name == "ocml" or name.startswith("ocml-"):
            rest = name[len("ocml-"):] if name != "ocml" else ""
            cfg = rest if rest.startswith("gfx") else ("gfx90a-" + rest if rest else "gfx90a")
            c[cfg] = name
    return c


def __getattr__(name):
    """bitexact.nv, bitexact.nv_ftz, bitexact.ocml, bitexact.mpfr, ...: every implementation."""
    if name.startswith("_"):  # dunder probes (inspect, pickle) are not implementations
        raise AttributeError(f"module 'bitexact' has no attribute '{name}'")
    if _CORE_ERROR is not None:
        raise AttributeError(f"bitexact.{name} needs the compiled module _bitexact, which cannot be imported here ({_CORE_ERROR})")
    impls = _implementations()
    if name == "ocml":
        return _Impl("ocml", _ocml_configs())
    real = name.replace("_", "-")
    if real in impls:
        return _Impl(real)
    if name in impls:
        return _Impl(name)
    raise AttributeError(f"module 'bitexact' has no attribute '{name}' (implementations: {' '.join(sorted(impls))})")


if _CORE_ERROR is None:
    from . import fpsan  # noqa: E402  (needs _core above)
