"""python -m bitexact: the package's version, what it has, and the CLI's eval.

    python -m bitexact --version              bitexact 0.1.0 from DIR (python 3.11)
    python -m bitexact list                   implementations and their functions
    python -m bitexact eval nv.sinf 1e6 3e38  as `bitexact eval`: one hex result per input
    echo 0x3f800000 | python -m bitexact eval ocml.sinf

A pip install brings the package, not the C++ CLI: eval here reads operands
as `bitexact eval IMPL.FN` does (after the name, else one input per line on
stdin) and prints the same bits. Bad arguments or input: one line on stderr,
exit status 2, no result printed.
"""
import argparse
import os
import re
import sys
from fractions import Fraction

import numpy as np

import bitexact

PROG = "python -m bitexact"


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    # argparse prints the usage and then the error: the project's rule is one line.
    def error(self, message):
        raise UsageError(f"{message} (see '{PROG} --help')")


# Binary formats by width: significand bits (with the hidden one), lowest
# normal exponent, highest exponent, exponent bias.
_FORMAT = {32: (24, -126, 127, 127), 64: (53, -1022, 1023, 1023)}
_HEX = "0123456789abcdefABCDEF"
_DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_HEX_FLOAT = re.compile(r"([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)(?:[pP]([+-]?\d+))?")
_SPECIAL = re.compile(r"([+-]?)(inf|infinity|nan)", re.I)


def _round(sign, a, bits):
    """The bits of (-1)^sign * a (a >= 0 rational) rounded once to nearest-even in binary`bits`,
    or None on overflow."""
    p, emin, emax, bias = _FORMAT[bits]
    if a == 0:
        return sign << (bits - 1)
    e = a.numerator.bit_length() - a.denominator.bit_length()  # 2^e <= a < 2^(e+2)
    if Fraction(2) ** e > a:
        e -= 1
    elif Fraction(2) ** (e + 1) <= a:
        e += 1
    q_exp = max(e, emin) - (p - 1)  # exponent of the last significand bit (subnormals: emin's)
    n = round(a / Fraction(2) ** q_exp)  # Fraction rounds half to even
    if n == 1 << p:  # rounded up to the next binade
        n, q_exp = n >> 1, q_exp + 1
    if q_exp + p - 1 > emax:
        return None
    if n < 1 << (p - 1):  # subnormal (or zero)
        return sign << (bits - 1) | n
    return sign << (bits - 1) | (q_exp + p - 1 + bias) << (p - 1) | (n - (1 << (p - 1)))


def _operand(tok, bits, where):
    """One operand as the CLI reads it (src/io/hexio.cpp, parse_operand): its bit pattern."""
    pattern = f"0x{'3f800000' if bits == 32 else '3ff0000000000000'}"
    has_prefix = tok[:2] in ("0x", "0X")
    if has_prefix and not any(c in tok for c in ".pP"):  # bits
        digits = tok[2:]
        if not digits or len(digits) > bits // 4 or any(c not in _HEX for c in digits):
            raise UsageError(f"{where}: '{tok}' is not a {bits}-bit hex pattern")
        return int(digits, 16)
    if tok[:1] in "+-" and tok[1:3] in ("0x", "0X") and not any(c in tok for c in ".pP"):
        raise UsageError(f"{where}: '{tok}' is a signed hex integer: write bits as 0x... (no sign), "
                         "or a hex float with a p exponent (-0x1p4)")
    special = _SPECIAL.fullmatch(tok)
    if special:
        sign = 1 if special.group(1) == "-" else 0
        p, _, emax, bias = _FORMAT[bits]
        exp_all_ones = (emax + bias + 1) << (p - 1)
        quiet = 0 if special.group(2).lower().startswith("inf") else 1 << (p - 2)
        return sign << (bits - 1) | exp_all_ones | quiet
    hex_float = _HEX_FLOAT.fullmatch(tok)
    if hex_float and (hex_float.group(2) or hex_float.group(3)):
        sign, whole, frac, exp = hex_float.groups()
        a = Fraction(int(whole + frac, 16), 16 ** len(frac)) * Fraction(2) ** int(exp or 0)
    elif _DECIMAL.fullmatch(tok):
        a = abs(Fraction(tok))
    else:
        bare_hex = 0 < len(tok) <= bits // 4 and all(c in _HEX for c in tok)
        hint = f"bit patterns start with 0x: 0x{tok}" if bare_hex else pattern
        raise UsageError(f"{where}: '{tok}' is neither a number (1.5, -2e-3, inf, nan, 0x1.8p3) "
                         f"nor a bit pattern ({hint})")
    w = _round(1 if tok[0] == "-" else 0, a, bits)  # the sign from the text: -0 is negative zero
    if w is None:
        largest = "3.4028235e+38" if bits == 32 else "1.7976931348623157e+308"
        raise UsageError(f"{where}: '{tok}' is beyond the largest finite binary{bits} ({largest}): "
                         "write inf for infinity")
    return w


def _rows(operands, arity, bits, fn, stdin):
    """[[word] * arity]: operands after the name, else stdin's lines."""
    if operands:
        if len(operands) % arity:
            raise UsageError(f"{fn} takes {arity} operands per input; {len(operands)} operand"
                             f"{'' if len(operands) == 1 else 's'} {'was' if len(operands) == 1 else 'were'} given")
        words = [_operand(t, bits, f"operand {i + 1}") for i, t in enumerate(operands)]
        return [words[i:i + arity] for i in range(0, len(words), arity)]
    rows = []
    for lineno, line in enumerate(stdin, 1):
        toks = line.split()
        if not toks or toks[0].startswith("#"):
            continue
        where = f"stdin line {lineno}"
        if len(toks) != arity:
            got = "more" if len(toks) > arity else str(len(toks))
            raise UsageError(f"{where}: expected {arity} operand{'' if arity == 1 else 's'} per line, got {got}")
        rows.append([_operand(t, bits, where) for t in toks])
    return rows


def _eval(spec, operands, stdin, out):
    try:
        bits, arity, fn, _impl = bitexact._core.spec_info(spec)
    except ValueError as e:
        raise UsageError(str(e)) from None
    rows = _rows(operands, arity, bits, fn, stdin)
    word = np.uint32 if bits == 32 else np.uint64
    cols = np.array(rows, dtype=word).reshape(len(rows), arity)
    y = cols[:, 1] if arity == 2 else None
    res = bitexact.eval(spec, cols[:, 0], y).view(word)
    # All results at once, after every input was read: nothing half-written.
    out.write("".join(f"0x{int(v):0{bits // 4}x}\n" for v in res))


def _list(out):
    impls = bitexact.implementations()
    width = max(map(len, impls), default=0)
    out.write("".join(f"{name:<{width}}  {' '.join(fns)}\n" for name, fns in sorted(impls.items())))


def main(argv=None, stdin=None, out=None):
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if out is None else out
    parser = _Parser(prog=PROG, description="bitexact's Python package: GPU vendor math, bit for bit "
                     "(docs/python.md). The C++ CLI `bitexact` has every command; this has list and eval.")
    parser.add_argument("--version", action="store_true",
                        help="print the version, where the package is and the Python it runs on")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.add_parser("list", help="the implementations and their functions",
                   description="Every implementation this build registers, with its functions.")
    ev = sub.add_parser("eval", usage=f"{PROG} eval IMPL.FN [OPERAND ...]", help="IMPL.FN on operands: bits as `bitexact eval IMPL.FN` prints them",
                        description="Evaluate IMPL.FN on the operands given after it, or else on stdin (one input "
                        "per line; two operands for fmodf/fmod); print one hex result per line. Operands: bit "
                        "patterns (0x3f800000) or numbers (1e6, -0.5, inf, nan, 0x1.8p3), rounded once to the "
                        "function's type.")
    # IMPL.FN optional to argparse, which would name the operands missing too.
    ev.add_argument("spec", metavar="IMPL.FN", nargs="?", help="e.g. nv.sinf, ocml.fmod, mpfr.cosf (see list)")
    ev.add_argument("operands", nargs=argparse.REMAINDER, metavar="OPERAND", help="the inputs; none: read stdin")
    try:
        args = parser.parse_args(argv)
        if args.version:
            if args.command:
                raise UsageError("--version takes no command")
            out.write(f"bitexact {bitexact.__version__} from {os.path.dirname(bitexact.__file__)} "
                      f"(python {sys.version_info[0]}.{sys.version_info[1]})\n")
        elif args.command == "list":
            _list(out)
        elif args.command == "eval":
            if args.spec is None:
                raise UsageError(f"eval needs IMPL.FN, e.g. nv.sinf (see '{PROG} eval --help')")
            if "-h" in args.operands or "--help" in args.operands:  # after IMPL.FN, where argparse won't look
                ev.print_help(out)
            else:
                _eval(args.spec, args.operands, stdin, out)
        else:
            parser.print_help(out)
    except (UsageError, ValueError, ImportError) as e:
        print(f"bitexact: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
