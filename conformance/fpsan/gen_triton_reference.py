#!/usr/bin/python3
"""Generate triton_reference_vectors.txt from Triton's own FpSan test oracle.

Usage (REPO: a clone of triton-lang/triton or of a fork containing the commits):
  git -C REPO show 1d2da15d2b1f1dfe8f64ddcc2acfe530ff406ffd:python/test/gluon/test_fpsan.py > /tmp/t.py
  /usr/bin/python3 conformance/fpsan/gen_triton_reference.py /tmp/t.py 1d2da15d2b1f1dfe8f64ddcc2acfe530ff406ffd \
      > conformance/fpsan/triton_reference_vectors.txt
  # older algebra revisions, same way:
  #   4a4243f426fb45703a37124bce7e5e2b19c09ac5 -> triton_reference_vectors_4a4243f.txt
  #   c327a6f427963a1f697625f5da96060836fa31d7 -> triton_reference_vectors_c327a6f.txt

The upstream test file is loaded as a module with torch/triton/pytest replaced
by inert stubs (no GPU, no Triton needed); only its numpy reference helpers
(_mix_float_bits, _expected_*_i32, _cast_float_payload_u64, _mm_payload_bits,
_dot_scaled_payload_u32, ...) are called. Nothing of that file is copied into
this repository: this script calls it, and the output is data the C++ tests
(tests/fpsan_triton_reference_test.cpp) compare against bit for bit.

Output: one vector per line, "KIND ARGS... -> EXPECTED", all numbers hex.
"""
import sys
import types
from unittest import mock

import numpy as np


def load_upstream(path):
    for name in [
            "pytest", "torch", "triton", "triton.language", "triton.experimental", "triton.experimental.gluon",
            "triton.experimental.gluon.language", "triton._internal_testing",
            "triton.experimental.gluon.language.nvidia", "triton.experimental.gluon.language.nvidia.ampere",
            "triton.experimental.gluon.language.nvidia.blackwell"
    ]:
        sys.modules[name] = mock.MagicMock()
    mod = types.ModuleType("upstream_test_fpsan")
    with open(path) as f:
        src = f.read()
    exec(compile(src, path, "exec"), mod.__dict__)
    # Evaluate the dot_scaled oracle for NVIDIA (not AMD CDNA4).
    mod.is_hip_cdna4 = lambda: False
    return mod


def h(v, bits):
    return "0x%0*x" % (bits // 4, int(v) & ((1 << bits) - 1))


def main():
    up = load_upstream(sys.argv[1])
    out = []
    rs = np.random.RandomState(20260820)

    def i32(n):
        return rs.randint(-(2**31), 2**31 - 1, size=n, dtype=np.int64).astype(np.int32)

    widths = {"f64": 64, "f32": 32, "f16": 16, "bf16": 16, "e4m3": 8, "e5m2": 8, "e4m3fnuz": 8, "e5m2fnuz": 8}
    ours = {"e4m3": "e4m3fn"}

    # embed / unembed of every format (random payloads incl. Triton's edge payloads).
    for dt, w in widths.items():
        bits = up._random_float_bits(rs, (64, ), dt)
        bits_u = bits.astype(np.int64) & ((1 << w) - 1) if w < 64 else bits.view(np.uint64)
        pay = up._mix_float_bits(bits, dt)
        back = up._unmix_payload_to_float_bits(pay, dt)
        for b, p, bb in zip(bits_u, pay, back):
            out.append(f"embed {ours.get(dt, dt)} {h(b, w)} -> {h(p, w)}")
            assert (int(bb) & ((1 << w) - 1)) == (int(b) & ((1 << w) - 1))

    # f32 binary ops, on random bit patterns as the GPU tests use.
    x, y = i32(64), i32(64)
    for name, fn in [("add", up._expected_add_i32), ("sub", up._expected_sub_i32), ("mul", up._expected_mul_i32),
                     ("min", up._expected_min_i32), ("max", up._expected_max_i32),
                     ("div", up._expected_div_payload_i32), ("rem", up._expected_srem_i32)]:
        for a, b, r in zip(x, y, fn(x, y)):
            out.append(f"{name} f32 {h(a, 32)} {h(b, 32)} -> {h(r, 32)}")
    z = i32(64)
    for a, b, c, r in zip(x, y, z, up._expected_fma_i32(x, y, z)):
        out.append(f"fma f32 {h(a, 32)} {h(b, 32)} {h(c, 32)} -> {h(r, 32)}")
    lo, hi = np.minimum(y, z), np.maximum(y, z)
    for a, b, c, r in zip(x, lo, hi, up._expected_clamp_i32(x, lo, hi)):
        out.append(f"clamp f32 {h(a, 32)} {h(b, 32)} {h(c, 32)} -> {h(r, 32)}")

    # f32 unary ops: algebraic and tagged.
    xf = rs.randn(64).astype(np.float32).view(np.int32)
    xs = np.concatenate([xf, i32(64)])
    for name, fn in [("exp", up._expected_exp_i32), ("exp2", up._expected_exp2_i32), ("neg", up._expected_neg_i32),
                     ("cos", up._expected_cos_i32), ("sin", up._expected_sin_i32)]:
        for a, r in zip(xs, fn(xs)):
            out.append(f"{name} f32 {h(a, 32)} -> {h(r, 32)}")
    for name in ["log", "log2", "sqrt", "sqrt_rn", "rsqrt", "erf", "floor", "ceil"]:
        ours_name = "precise_sqrt" if name == "sqrt_rn" else name
        for a, r in zip(xs, up._expected_unary_tag_i32(xs, name)):
            out.append(f"{ours_name} f32 {h(a, 32)} -> {h(r, 32)}")
    for name, op_id in up.OP_TO_ID_U64.items():
        out.append(f"tag32 {int(op_id)} -> {h(up.OP_TO_TAG_U32[name], 32)}")

    # exp2 in f64.
    x64 = up._random_float_bits(rs, (64, ), "f64")
    for a, r in zip(x64.view(np.uint64), up._expected_exp2_i64(x64).view(np.uint64)):
        out.append(f"exp2 f64 {h(a, 64)} -> {h(r, 64)}")

    # Payload casts between widths, and float-to-float casts.
    for s, d in [(8, 16), (8, 32), (16, 32), (16, 64), (32, 64), (16, 8), (32, 8), (32, 16), (64, 8), (64, 16),
                 (64, 32)]:
        p = rs.randint(0, np.iinfo(np.uint64).max, size=32, dtype=np.uint64) & up._low_mask_u64(s)
        p[:3] = [0, 1, up._low_mask_u64(s)]
        for a, r in zip(p, up._cast_float_payload_u64(p, s, d)):
            out.append(f"castp {s} {d} {h(a, s)} -> {h(r, d)}")
    for src, dst in [("f32", "bf16"), ("f32", "f16"), ("f64", "f32"), ("f16", "f32"), ("bf16", "f16"),
                     ("f32", "e4m3"), ("e5m2", "f32"), ("f64", "e5m2fnuz")]:
        bits = up._random_float_bits(rs, (16, ), src)
        ws, wd = widths[src], widths[dst]
        res = up._cast_float_bits(bits, src, dst)
        for a, r in zip(bits, res):
            out.append(f"cast {ours.get(src, src)} {ours.get(dst, dst)} {h(int(a), ws)} -> {h(int(r), wd)}")

    # Extern and inline-asm structural tags (CUDA symbol lists of the test).
    x, y, z = i32(16), i32(16), i32(16)
    for _, sym in up.UNARY_EXTERN_SYMBOLS["cuda"]:
        for a, r in zip(x, up._expected_extern_variadic_tag_i32([x], sym)):
            out.append(f"extern1 {sym} {h(a, 32)} -> {h(r, 32)}")
    for _, sym in up.BINARY_EXTERN_SYMBOLS["cuda"]:
        for a, b, r in zip(x, y, up._expected_extern_variadic_tag_i32([x, y], sym)):
            out.append(f"extern2 {sym} {h(a, 32)} {h(b, 32)} -> {h(r, 32)}")
    for _, sym in up.MIXED_EXTERN_SYMBOLS["cuda"]:
        for a, b, r in zip(x, y, up._expected_extern_variadic_tag_i32([x, y], sym, float_args=[True, False])):
            out.append(f"externfi {sym} {h(a, 32)} {h(b, 32)} -> {h(r, 32)}")
    for asm in ["add.f32 $0, $1, $2;", "sub.f32 $0, $1, $2;"]:
        tag = asm.replace(" ", "_")
        for a, b, r in zip(x, y, up._expected_extern_variadic_tag_i32([x, y], asm)):
            out.append(f"asm2 {tag} {h(a, 32)} {h(b, 32)} -> {h(r, 32)}")
    # The swiglu composite of test_swiglu_tanh_payload_semantics.
    half = np.full_like(x, np.float32(0.5).view(np.int32))
    arg = up._expected_mul_i32(x, np.full_like(x, np.float32(0.851).view(np.int32)))
    tanh = up._expected_extern_unary_tag_i32(arg, "tanh.approx.f32 $0, $1;")
    sig = up._expected_mul_i32(x, up._expected_fma_i32(tanh, half, half))
    for a, b, r in zip(x, y, up._expected_fma_i32(sig, y, sig)):
        out.append(f"swiglu f32 {h(a, 32)} {h(b, 32)} -> {h(r, 32)}")

    # Dot over the payload ring with mixed operand types (one output element, K = 8).
    K = 8
    for ta, tb, acc in up._DOT_FLOAT_DTYPES:
        # Skip the edge payloads _random_float_bits puts first, to get random ones.
        a = up._random_float_bits(rs, (16 + K, ), ta)[16:].reshape(1, K)
        b = up._random_float_bits(rs, (16 + K, ), tb)[16:].reshape(K, 1)
        c = up._random_float_bits(rs, (17, ), acc)[16:].reshape(1, 1)
        d = up._mm_payload_bits(a, b, c, ta, tb, acc)
        wa, wb, wc = widths[ta], widths[tb], widths[acc]
        av = " ".join(h(int(v), wa) for v in a.reshape(-1))
        bv = " ".join(h(int(v), wb) for v in b.reshape(-1))
        out.append(f"dot {ours.get(ta, ta)} {ours.get(tb, tb)} {acc} {K} {av} {bv} {h(int(c[0, 0]), wc)} -> "
                   f"{h(int(d.reshape(-1)[0]), wc)}")

    # dot_scaled (one output element, K = 64, two scale groups; e8m0 scales).
    K = 64
    for ta, tb in [("e4m3", "e4m3"), ("e5m2", "e4m3"), ("bf16", "e5m2"), ("fp16", "e4m3"), ("e2m1", "e2m1"),
                   ("e2m1", "bf16")]:
        def operand(t, shape_k, is_a):
            if t == "e2m1":
                raw = rs.randint(0, 256, size=(shape_k // 2, ), dtype=np.uint64)
                return raw, 2
            if t in ("bf16", "fp16"):
                return rs.randint(0, 1 << 16, size=(shape_k, ), dtype=np.uint64), 1
            return rs.randint(0, 256, size=(shape_k, ), dtype=np.uint64), 1

        a_raw, a_pack = operand(ta, K, True)
        b_raw, b_pack = operand(tb, K, False)
        sa = rs.randint(100, 150, size=(1, K // 32), dtype=np.uint64)
        sb = rs.randint(100, 150, size=(1, K // 32), dtype=np.uint64)
        d = up._dot_scaled_payload_u32(a_raw.reshape(1, -1), b_raw.reshape(-1, 1), sa, sb, a_pack, b_pack, ta, tb)
        av = " ".join(h(int(v), 16) for v in a_raw)
        bv = " ".join(h(int(v), 16) for v in b_raw)
        sv = " ".join(h(int(v), 8) for v in list(sa.reshape(-1)) + list(sb.reshape(-1)))
        out.append(f"dot_scaled {ta} {tb} {K} {len(a_raw)} {av} {len(b_raw)} {bv} {sv} -> "
                   f"{h(int(d.reshape(-1)[0]) & 0xffffffff, 32)}")

    commit = sys.argv[2] if len(sys.argv) > 2 else "1d2da15d2b1f1dfe8f64ddcc2acfe530ff406ffd"
    print("# Generated by conformance/fpsan/gen_triton_reference.py from Triton's own oracle:")
    print(f"# triton-lang/triton python/test/gluon/test_fpsan.py @ {commit}")
    print("# (read via intel/intel-xpu-backend-for-triton, which contains that commit). numpy", np.__version__)
    for line in out:
        print(line)


if __name__ == "__main__":
    main()
