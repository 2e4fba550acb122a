"""The FpSan payload model (Triton's floating-point sanitizer) on arrays.

    bitexact.fpsan.embed(x)                 # payload of each float (float32 -> its FpSan integer)
    bitexact.fpsan.unembed(p, dtype="f32")
    bitexact.fpsan.add(x, y)                # FpSan's result unembed(add(embed(x), embed(y)))
    bitexact.fpsan.apply("to_bf16", x)      # any op of `bitexact fpsan eval OP.DTYPE`

Float arrays give their dtype (float64 f64, float32 f32, float16 f16); the
8- and 16-bit formats NumPy lacks (bf16, e4m3fn, e5m2, e4m3fnuz, e5m2fnuz)
are passed as unsigned-integer bit patterns with dtype=... . Results come
back as the float type where NumPy has one, else as bit patterns.
`revision` is the CLI's --revision (default: the pinned Triton main).
"""

import numpy as _np

from . import _bitexact as _core

_FLOAT = {"f64": _np.float64, "f32": _np.float32, "f16": _np.float16}
_BITS = {8: _np.uint8, 16: _np.uint16, 32: _np.uint32, 64: _np.uint64}
_FROM_NUMPY = {_np.dtype(_np.float64): "f64", _np.dtype(_np.float32): "f32", _np.dtype(_np.float16): "f16"}


def _dtype_of(a, dtype):
    if dtype is not None:
        return dtype
    if a.dtype in _FROM_NUMPY:
        return _FROM_NUMPY[a.dtype]
    raise _core.InputError(f"pass dtype=... for arrays of {a.dtype.name} (float16/32/64 name their own dtype)")


def _bits(a, width):
    a = _np.asarray(a)
    if a.dtype.itemsize * 8 != width:
        raise _core.InputError(f"expected {width}-bit elements, got {a.dtype.name}")
    return a.view(_BITS[width])


def apply(op, *args, dtype=None, revision="", homomorphic=False):
    """FpSan's result of OP (add, mul, exp, to_bf16, embed, unembed, ...) on arrays of one dtype."""
    arrays = [_np.asarray(a) for a in args]
    if not arrays:
        raise _core.InputError(f"{op} needs operands")
    d = _dtype_of(arrays[0], dtype)
    spec = f"{op}.{d}"
    arity, in_bits, out_bits = _core.fpsan_info(spec)
    if len(arrays) != arity:
        raise _core.InputError(f"{spec} takes {arity} operand(s), got {len(arrays)}")
    ops = [_np.ascontiguousarray(b) for b in _np.broadcast_arrays(*[_bits(a, in_bits) for a in arrays])]
    out = _np.empty(ops[0].shape, dtype=_BITS[out_bits])
    _core.fpsan_apply(spec, revision, homomorphic, [o.reshape(-1) for o in ops], out.reshape(-1))
    if op in ("embed",):
        return out  # integer payloads
    out_name = op[3:] if op.startswith("to_") else d
    return out.view(_FLOAT[out_name]) if out_name in _FLOAT else out


def embed(x, dtype=None, revision=""):
    """The FpSan payload (an integer of the float's width) of each element."""
    return apply("embed", x, dtype=dtype, revision=revision)


def unembed(p, dtype, revision=""):
    """The float whose payload is p (integers of dtype's width)."""
    return apply("unembed", p, dtype=dtype, revision=revision)


def __getattr__(op):
    if op.startswith("_"):
        raise AttributeError(op)

    def call(*args, dtype=None, revision="", homomorphic=False):
        return apply(op, *args, dtype=dtype, revision=revision, homomorphic=homomorphic)

    call.__name__ = op
    return call
