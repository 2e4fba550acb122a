"""python -m bitexact: the package's version, what it has, and the CLI's eval.

    python -m bitexact --version              bitexact 0.1.0 from DIR (python 3.11)
    python -m bitexact list                   implementations and their functions
    python -m bitexact eval nv.sinf 1e6 3e38  as `bitexact eval`: one hex result per input
    echo 0x3f800000 | python -m bitexact eval ocml.sinf

A pip install brings the package, not the C++ CLI: eval here reads operands
with the CLI's own code (after the name, else one input per line on stdin)
and prints the same bits. Bad arguments or input: one line on stderr,
exit status 2, no result printed; so is output that cannot be written (a
full disk: `bitexact: error: cannot write the output: No space left on
device`, as the CLI says it). A reader that closes the pipe early (`| head`)
ends it quietly, as it ends the CLI.
"""
import argparse
import os
import sys

import numpy as np

import bitexact

PROG = "python -m bitexact"


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    # argparse prints the usage and then the error: the project's rule is one line.
    def error(self, message):
        raise UsageError(f"{message} (see '{PROG} --help')")


def _eval(spec, operands, stdin, out):
    try:
        bits, arity, fn, _impl = bitexact._core.spec_info(spec)
    except ValueError as e:
        raise UsageError(str(e)) from None
    # The CLI's own reading (src/io/hexio.cpp: read_operand_args, read_operand_rows).
    rows = bitexact._core.operand_rows(operands, fn, arity, bits, "" if operands else stdin.read())
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


def _drop_stdout():
    # What is still buffered for stdout would fail again when Python flushes
    # it at exit (a second message, status 120): send it to /dev/null.
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


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
        out.flush()  # here, not at exit, where a failed write is only a warning
    except (UsageError, ValueError, ImportError) as e:
        print(f"bitexact: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader has gone: nothing to say
        _drop_stdout()
        return 1
    except OSError as e:  # ENOSPC, EIO, EFBIG on stdout
        print(f"bitexact: error: cannot write the output: {e.strerror or e}", file=sys.stderr)
        _drop_stdout()
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
