#!/usr/bin/python3
"""Expected FpSan values of the Triton 3.8.0 release, from its test oracle.

The oracle is the set of numpy reference helpers in
python/test/gluon/test_fpsan.py on the release branch release/3.8.x
(triton-lang/triton, read at 10f6be363d24e199ea55d172d6f9e6adccc797be through
the mirror triton-lang/triton-windows). Those helpers are what Triton 3.8.0's
GPU tests compare sanitized kernels against. This script restates each helper
used here in plain Python integers (written for this repository from reading
the helpers, nothing copied) and prints vectors in the format of
triton_reference_vectors.txt, each kind preceded by a comment naming the
helper, the file and the tag.

  /usr/bin/python3 conformance/fpsan/gen_release_reference.py \\
      > conformance/fpsan/triton_reference_vectors_triton-3.8.0.txt

The restatement is not the C++ model: it follows the helpers' own structure
(their embedding with the sign handled by xor, their Newton inverse with a
fixed iteration count, their exp2 closed form on 32 and 64 bits, their
cos/sin loop from the top bit down, their signed casts). To check that it
says what the release's helpers say, run it against the release's file
(numpy needed; torch, triton and pytest are replaced by stubs):

  git --git-dir=MIRROR show 10f6be363d24:python/test/gluon/test_fpsan.py > /tmp/t38.py
  /usr/bin/python3 conformance/fpsan/gen_release_reference.py --check /tmp/t38.py

which recomputes every vector with the release's own helper and reports
the number that agree.
"""
import random
import sys

RELEASE = "triton-lang/triton python/test/gluon/test_fpsan.py @ release/3.8.x " \
          "10f6be363d24e199ea55d172d6f9e6adccc797be (Triton 3.8.0)"

# _mix_config / _mix_float_bits_to_payload_u64 @ release/3.8.x: the mixer's
# odd multiplier (written 922291 there).
MIX_A = 0xE12B3
# _expected_exp_i32 @ release/3.8.x: exp's payload scale (rcp_log2).
EXP_SCALE = 0x236EE9BF
# OP_TO_ID_U64 / UNARY_TAG_MULTIPLIER_U64 @ release/3.8.x (written 314159).
TAG_MUL = 0x4CB2F
OP_IDS = {"exp": 0, "log": 1, "exp2": 2, "log2": 3, "cos": 4, "sin": 5, "sqrt": 6, "rsqrt": 7, "erf": 8,
          "floor": 9, "ceil": 10, "sqrt_rn": 11}
# Symbol tables of the extern tests @ release/3.8.x (CUDA lists).
UNARY_SYMS = ["__nv_tanf", "__nv_tanhf", "__nv_log1pf", "__nv_cbrtf", "__nv_roundf"]
BINARY_SYMS = ["__nv_atan2f", "__nv_hypotf", "__nv_powf"]
MIXED_SYMS = ["__nv_ldexpf"]

# Width and bits of +1.0 per format (_FLOAT_DTYPE_INFO @ release/3.8.x).
FORMATS = {"f64": (64, 0x3FF0000000000000), "f32": (32, 0x3F800000), "f16": (16, 0x3C00), "bf16": (16, 0x3F80),
           "e4m3": (8, 0x38), "e5m2": (8, 0x3C), "e4m3fnuz": (8, 0x40), "e5m2fnuz": (8, 0x40)}
OURS = {"e4m3": "e4m3fn"}  # the C++ model's spelling


def low(w):
    return (1 << w) - 1


def odd_inverse(a, w=64):
    """Inverse of odd a modulo 2^w (the helpers iterate Newton five times on 64 bits)."""
    x = (2 - a) & low(64)
    for _ in range(5):
        x = (x * (2 - a * x)) & low(64)
    return x & low(w)


def mixer(fmt):
    w, one = FORMATS[fmt]
    sign, mag = 1 << (w - 1), (1 << (w - 1)) - 1
    shift = (one & -one).bit_length() - 1
    y = (one * MIX_A) & mag
    z = y ^ (y >> shift)
    b_pos = odd_inverse(z) & low(w)
    b_neg = (b_pos * mag) & low(w)
    return w, sign, mag, shift, b_pos, b_neg


def embed(fmt, bits):
    w, sign, mag, shift, b_pos, b_neg = mixer(fmt)
    x = bits & low(w)
    s = x & sign
    y = ((x ^ s) * MIX_A) & mag
    z = y ^ (y >> shift)
    return ((z * (b_neg if s else b_pos)) & mag) ^ s


def unembed(fmt, payload):
    w, sign, mag, shift, b_pos, b_neg = mixer(fmt)
    v = payload & low(w)
    s = v & sign
    z = ((v ^ s) * odd_inverse(b_neg if s else b_pos)) & mag
    k = shift
    while k < w:  # undo y ^ (y >> shift)
        z ^= z >> k
        k *= 2
    return ((z * odd_inverse(MIX_A)) & mag) ^ s


def signed(v, w):
    v &= low(w)
    return v - (1 << w) if v >> (w - 1) else v


def signed_cast(p, src, dst):
    """_signed_cast_payload_u64: truncation when narrowing, sign extension when widening."""
    p &= low(src)
    if dst <= src:
        return p & low(dst)
    return signed(p, src) & low(dst)


def f32_op(payload_fn, *xs):
    """The f32 helpers: embed every operand, apply, unembed."""
    return unembed("f32", payload_fn(*[embed("f32", x) for x in xs]) & low(32))


def inv32(u):
    """_expected_u32_inv: Newton on u|1 (four steps reach 32 bits), then u's parity."""
    a = (u | 1) & low(32)
    x = (2 - a) & low(32)
    for _ in range(4):
        x = (x * ((2 - a * x) & low(32))) & low(32)
    return (x & 0xFFFFFFFE) | (u & 1)


def srem32(x, y):
    a, b = signed(x, 32), signed(y | 1, 32)
    q = abs(a) // abs(b)
    if (a < 0) != (b < 0):
        q = -q
    return (a - q * b) & low(32)


def exp2_payload(x, w):
    """_expected_exp2_i32 (w = 32) and _expected_exp2_i64 (w = 64): the closed form."""
    k, xl_mask = (8, 0x1FF) if w == 32 else (16, 0x1FFFF)
    c2 = ((x * ((x - 1) & low(w))) & low(w)) >> 1
    xl = x & xl_mask
    c3 = xl * (xl - 1) * (xl - 2) // 6
    return (1 + (x << k) + (c2 << (2 * k)) + (c3 << (3 * k))) & low(w)


def cossin32(x):
    """_expected_cossin_payload_u32: (a + b i)^x by squaring from bit 31 down."""
    m = low(32)
    r5 = odd_inverse(5) & m
    a, b = (-3 * r5) & m, (4 * r5) & m
    c, s = 1, 0
    for i in range(31, -1, -1):
        c2, s2 = (c * c - s * s) & m, (2 * c * s) & m
        if (x >> i) & 1:
            c, s = (a * c2 - b * s2) & m, (a * s2 + b * c2) & m
        else:
            c, s = c2, s2
    return c, s


def fmix64(h):
    m = low(64)
    h ^= h >> 33
    h = (h * 0xFF51AFD7ED558CCD) & m
    h ^= h >> 33
    h = (h * 0xC4CEB9FE1A85EC53) & m
    return h ^ (h >> 33)


def fnv1a64(s):
    h = 0xCBF29CE484222325
    for c in s.encode():
        h = ((h ^ c) * 0x100000001B3) & low(64)
    return h


def unary_tag(x, name):
    t = fmix64(OP_IDS[name]) & low(32)
    return ((((x * TAG_MUL) & low(32)) ^ t) * TAG_MUL) & low(32)


def rotl32(x, k):
    k &= 31
    return x if k == 0 else ((x << k) | (x >> (32 - k))) & low(32)


def extern_tag(args, symbol, is_float):
    """_expected_extern_variadic_tag_i32: float operands as payloads, ints as bits."""
    total = 0
    for i, (a, f) in enumerate(zip(args, is_float)):
        total = (total + rotl32(embed("f32", a) if f else a & low(32), i)) & low(32)
    return unembed("f32", total ^ (fnv1a64(symbol) & low(32)))


def mm_payload(a, b, c, ta, tb, acc):
    """_mm_payload_bits for one output element: c + sum a[k] b[k] in the accumulator ring."""
    wa, wb, wc = FORMATS[ta][0], FORMATS[tb][0], FORMATS[acc][0]
    s = embed(acc, c)
    for x, y in zip(a, b):
        s += signed_cast(embed(ta, x), wa, wc) * signed_cast(embed(tb, y), wb, wc)
    return unembed(acc, s & low(wc))


def scaled_elem_payload(v, t):
    """_dot_scaled_compute_payload_elem: float operands embedded then cast to 16 bits; e2m1 raw."""
    if t in ("e4m3", "e5m2"):
        return signed_cast(embed(t, v), 8, 16)
    if t == "bf16":
        return embed("bf16", v)
    if t == "fp16":
        return embed("f16", v)
    return v & 0xFFFF


def scale_payload(s, compute):
    """_dot_scaled_scale_payload (NVIDIA: the scale follows the compute type)."""
    if compute == "bf16":
        return embed("bf16", (s & 0xFF) << 7)
    return signed_cast(embed("f32", (s & 0xFF) << 23), 32, 16)


def dot_scaled(a_elems, b_elems, a_scales, b_scales, ta, tb):
    """_dot_scaled_payload_u32 for one output element (groups of 32 along K)."""
    compute = "fp16" if "fp16" in (ta, tb) else "bf16"
    s = 0
    for k, (x, y) in enumerate(zip(a_elems, b_elems)):
        xa = (scaled_elem_payload(x, ta) * scale_payload(a_scales[k // 32], compute)) & 0xFFFF
        yb = (scaled_elem_payload(y, tb) * scale_payload(b_scales[k // 32], compute)) & 0xFFFF
        s = (s + signed_cast(xa, 16, 32) * signed_cast(yb, 16, 32)) & low(32)
    return unembed("f32", s)


# ---- vectors -------------------------------------------------------------------


def h(v, w):
    return "0x%0*x" % (w // 4, v & low(w))


def edges(w):
    return [0, 1, 0xFF, 0x100, low(w) >> 1, 1 << (w - 1), (1 << (w - 1)) + 1, low(w)] if w > 8 else \
        [0, 1, 0x7F, 0x80, 0x81, 0xFF]


def vectors():
    """(kind, helper, lines, inputs) in the order of the file; inputs feed --check."""
    rs = random.Random(20260828)  # the release's PyPI date
    out = []

    def bits(fmt, n):  # float bit patterns whose payloads include the edge payloads
        w = FORMATS[fmt][0]
        ps = edges(w)[:n] + [rs.getrandbits(w) for _ in range(max(0, n - len(edges(w))))]
        return [unembed(fmt, p) for p in ps]

    def r32(n):
        return [rs.getrandbits(32) for _ in range(n)]

    lines = []
    for fmt in FORMATS:
        w = FORMATS[fmt][0]
        for b in bits(fmt, 40):
            lines.append((f"embed {OURS.get(fmt, fmt)} {h(b, w)} -> {h(embed(fmt, b), w)}", ("embed", fmt, b)))
    out.append(("embed", "_mix_float_bits / _unmix_payload_to_float_bits", lines))

    x, y, z = r32(64), r32(64), r32(64)
    binops = [("add", "_expected_add_i32", lambda a, b: a + b), ("sub", "_expected_sub_i32", lambda a, b: a - b),
              ("mul", "_expected_mul_i32", lambda a, b: a * b),
              ("min", "_expected_min_i32", lambda a, b: a if signed(a, 32) <= signed(b, 32) else b),
              ("max", "_expected_max_i32", lambda a, b: a if signed(a, 32) >= signed(b, 32) else b),
              ("div", "_expected_div_payload_i32", lambda a, b: a * inv32(b)),
              ("rem", "_expected_srem_i32", srem32)]
    for name, helper, fn in binops:
        lines = [(f"{name} f32 {h(a, 32)} {h(b, 32)} -> {h(f32_op(fn, a, b), 32)}", (helper, a, b))
                 for a, b in zip(x, y)]
        out.append((name, helper, lines))
    lines = [(f"fma f32 {h(a, 32)} {h(b, 32)} {h(c, 32)} -> {h(f32_op(lambda p, q, r: p * q + r, a, b, c), 32)}",
              ("_expected_fma_i32", a, b, c)) for a, b, c in zip(x, y, z)]
    out.append(("fma", "_expected_fma_i32", lines))

    xs = bits("f32", 16) + r32(112)
    unops = [("exp", "_expected_exp_i32", lambda p: exp2_payload((p * EXP_SCALE) & low(32), 32)),
             ("exp2", "_expected_exp2_i32", lambda p: exp2_payload(p, 32)), ("neg", "_expected_neg_i32", lambda p: -p),
             ("cos", "_expected_cos_i32", lambda p: cossin32(p)[0]),
             ("sin", "_expected_sin_i32", lambda p: cossin32(p)[1])]
    for name, helper, fn in unops:
        out.append((name, helper, [(f"{name} f32 {h(a, 32)} -> {h(f32_op(fn, a), 32)}", (helper, a)) for a in xs]))
    for name in ["log", "log2", "sqrt", "sqrt_rn", "rsqrt", "erf", "floor", "ceil"]:
        ours = "precise_sqrt" if name == "sqrt_rn" else name
        lines = [(f"{ours} f32 {h(a, 32)} -> {h(f32_op(lambda p: unary_tag(p, name), a), 32)}",
                  ("_expected_unary_tag_i32", a, name)) for a in xs]
        out.append((ours, f"_expected_unary_tag_i32(x, '{name}')", lines))
    out.append(("tag32", "OP_TO_TAG_U32", [(f"tag32 {i} -> {h(fmix64(i), 32)}", ("tag32", n))
                                             for n, i in OP_IDS.items()]))

    lines = []
    for a in bits("f64", 64):
        lines.append((f"exp2 f64 {h(a, 64)} -> {h(unembed('f64', exp2_payload(embed('f64', a), 64)), 64)}",
                      ("_expected_exp2_i64", a)))
    out.append(("exp2", "_expected_exp2_i64", lines))

    lines = []
    for s, d in [(8, 16), (8, 32), (16, 32), (16, 64), (32, 64), (16, 8), (32, 8), (32, 16), (64, 8), (64, 16),
                 (64, 32)]:
        ps = [0, 1, low(s)] + [rs.getrandbits(s) for _ in range(29)]
        lines += [(f"castp {s} {d} {h(p, s)} -> {h(signed_cast(p, s, d), d)}", ("castp", p, s, d)) for p in ps]
    out.append(("castp", "_signed_cast_payload_u64", lines))
    lines = []
    for a in bits("f32", 64):  # f32 -> f16 -> f32 (test_cast_trunc_ext_payload_semantics)
        p16 = signed_cast(embed("f32", a), 32, 16)
        lines.append((f"cast f32 f16 {h(a, 32)} -> {h(unembed('f16', p16), 16)}", ("trunc16", a)))
        lines.append((f"cast f16 f32 {h(unembed('f16', p16), 16)} -> {h(unembed('f32', signed_cast(p16, 16, 32)), 32)}",
                      ("roundtrip", a)))
    for a in bits("f16", 32):  # _expected_ext_f16_to_f32_i32
        lines.append((f"cast f16 f32 {h(a, 16)} -> {h(unembed('f32', signed_cast(embed('f16', a), 16, 32)), 32)}",
                      ("ext16", a)))
    out.append(("cast", "_expected_trunc_ext_roundtrip_i32 / _expected_ext_f16_to_f32_i32", lines))

    xe, ye = r32(16), r32(16)
    lines = [(f"extern1 {sym} {h(a, 32)} -> {h(extern_tag([a], sym, [True]), 32)}", ("ext", [a], sym, None))
             for sym in UNARY_SYMS for a in xe]
    lines += [(f"extern2 {sym} {h(a, 32)} {h(b, 32)} -> {h(extern_tag([a, b], sym, [True, True]), 32)}",
               ("ext", [a, b], sym, None)) for sym in BINARY_SYMS for a, b in zip(xe, ye)]
    lines += [(f"externfi {sym} {h(a, 32)} {h(b, 32)} -> {h(extern_tag([a, b], sym, [True, False]), 32)}",
               ("ext", [a, b], sym, [True, False])) for sym in MIXED_SYMS for a, b in zip(xe, ye)]
    out.append(("extern", "_expected_extern_variadic_tag_i32", lines))

    lines = []
    K = 8
    dot_types = [("f32", "f32", "f32"), ("bf16", "bf16", "f32"), ("f16", "f16", "f16"), ("f16", "f16", "f32")] + \
        [(a, b, c) for a in ("e4m3", "e5m2") for b in ("e4m3", "e5m2") for c in ("f16", "f32")]  # _DOT_FLOAT_DTYPES
    for ta, tb, acc in dot_types:
        a = [unembed(ta, rs.getrandbits(FORMATS[ta][0])) for _ in range(K)]
        b = [unembed(tb, rs.getrandbits(FORMATS[tb][0])) for _ in range(K)]
        c = unembed(acc, rs.getrandbits(FORMATS[acc][0]))
        wa, wb, wc = FORMATS[ta][0], FORMATS[tb][0], FORMATS[acc][0]
        lines.append((f"dot {OURS.get(ta, ta)} {OURS.get(tb, tb)} {acc} {K} " + " ".join(h(v, wa) for v in a) + " " +
                      " ".join(h(v, wb) for v in b) + f" {h(c, wc)} -> {h(mm_payload(a, b, c, ta, tb, acc), wc)}",
                      ("dot", a, b, c, ta, tb, acc)))
    out.append(("dot", "_mm_payload_bits", lines))

    lines = []
    K = 64
    for ta, tb in [("e4m3", "e4m3"), ("e5m2", "e4m3"), ("bf16", "e5m2"), ("fp16", "e4m3"), ("e2m1", "e2m1"),
                   ("e2m1", "bf16")]:

        def operand(t):
            if t == "e2m1":
                raw = [rs.getrandbits(8) for _ in range(K // 2)]
                return raw, [n for r in raw for n in (r & 0xF, r >> 4)]  # low nibble first
            raw = [rs.getrandbits(16 if t in ("bf16", "fp16") else 8) for _ in range(K)]
            return raw, raw

        a_raw, a_el = operand(ta)
        b_raw, b_el = operand(tb)
        sa = [rs.randrange(100, 150) for _ in range(K // 32)]
        sb = [rs.randrange(100, 150) for _ in range(K // 32)]
        r = dot_scaled(a_el, b_el, sa, sb, ta, tb)
        lines.append((f"dot_scaled {ta} {tb} {K} {len(a_raw)} " + " ".join(h(v, 16) for v in a_raw) +
                      f" {len(b_raw)} " + " ".join(h(v, 16) for v in b_raw) + " " +
                      " ".join(h(v, 8) for v in sa + sb) + f" -> {h(r, 32)}",
                      ("dot_scaled", a_raw, b_raw, sa, sb, ta, tb)))
    out.append(("dot_scaled", "_dot_scaled_payload_u32", lines))
    return out


def print_vectors():
    print("# Expected FpSan values of Triton 3.8.0, from the reference helpers of")
    print(f"# {RELEASE},")
    print("# restated in conformance/fpsan/gen_release_reference.py (not the C++ model).")
    print("# Not in 3.8.0, hence no vectors: clamp (#10707), inline asm (#10857), folding casts (#10627).")
    for kind, helper, lines in vectors():
        print(f"# {kind}: {helper} of {RELEASE}")
        for line, _ in lines:
            print(line)


def check(upstream_path):
    """Recomputes every vector with the release's own helpers; prints the tally."""
    import types
    from unittest import mock
    import numpy as np
    for name in ["pytest", "torch", "triton", "triton.language", "triton.experimental", "triton.experimental.gluon",
                 "triton.experimental.gluon.language", "triton._internal_testing",
                 "triton.experimental.gluon.language.nvidia", "triton.experimental.gluon.language.nvidia.ampere",
                 "triton.experimental.gluon.language.nvidia.blackwell"]:
        sys.modules[name] = mock.MagicMock()
    up = types.ModuleType("release_test_fpsan")
    with open(upstream_path) as f:
        exec(compile(f.read(), upstream_path, "exec"), up.__dict__)
    up.is_hip_cdna4 = lambda: False  # the NVIDIA scale path

    def i32(v):
        return np.asarray([v & low(32)], dtype=np.uint32).view(np.int32)

    def u(v, w):
        return int(np.asarray(v).reshape(-1)[0]) & low(w)

    def theirs(inp):
        tag = inp[0]
        if tag == "embed":
            fmt, b = inp[1], inp[2]
            w = FORMATS[fmt][0]
            return u(up._mix_float_bits_to_payload_u64(np.asarray([b], dtype=np.uint64), w, FORMATS[fmt][1]), w)
        if tag == "tag32":
            return int(up.OP_TO_TAG_U32[inp[1]])
        if tag == "castp":
            return u(up._signed_cast_payload_u64(np.asarray([inp[1]], dtype=np.uint64), inp[2], inp[3]), inp[3])
        if tag == "_expected_exp2_i64":
            return u(up._expected_exp2_i64(np.asarray([inp[1]], dtype=np.uint64).view(np.int64)), 64)
        if tag == "trunc16":  # payload of the truncated f16 via the roundtrip helper's first half
            p = up._signed_cast_payload_u64(up._mix_f32_bits_to_payload_u32(i32(inp[1])), 32, 16)
            return u(up._unmix_payload_to_float_bits(p, "f16"), 16)
        if tag == "roundtrip":
            return u(up._expected_trunc_ext_roundtrip_i32(i32(inp[1])), 32)
        if tag == "ext16":
            return u(up._expected_ext_f16_to_f32_i32(np.asarray([inp[1]], dtype=np.uint16).view(np.int16)), 32)
        if tag == "ext":
            args = [i32(a) for a in inp[1]]
            return u(up._expected_extern_variadic_tag_i32(args, inp[2], float_args=inp[3]), 32)
        if tag == "dot":
            a, b, c, ta, tb, acc = inp[1:]
            st = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}
            arr = lambda v, t, shape: np.asarray(v, dtype=st[FORMATS[t][0]]).reshape(shape)
            return u(up._mm_payload_bits(arr(a, ta, (1, -1)), arr(b, tb, (-1, 1)), arr([c], acc, (1, 1)), ta, tb, acc),
                     FORMATS[acc][0])
        if tag == "dot_scaled":
            a_raw, b_raw, sa, sb, ta, tb = inp[1:]
            pa, pb = (2 if ta == "e2m1" else 1), (2 if tb == "e2m1" else 1)
            r = up._dot_scaled_payload_u32(np.asarray(a_raw, dtype=np.uint64).reshape(1, -1),
                                           np.asarray(b_raw, dtype=np.uint64).reshape(-1, 1),
                                           np.asarray(sa, dtype=np.uint64).reshape(1, -1),
                                           np.asarray(sb, dtype=np.uint64).reshape(1, -1), pa, pb, ta, tb)
            return u(r, 32)
        fn = getattr(up, tag)
        args = [i32(a) for a in inp[1:] if isinstance(a, int)] + [a for a in inp[1:] if isinstance(a, str)]
        return u(fn(*args), 32)

    agree = total = 0
    for kind, _, lines in vectors():
        for line, inp in lines:
            total += 1
            mine = int(line.split(" -> ")[1], 16)
            got = theirs(inp)
            if got == mine:
                agree += 1
            elif total - agree <= 10:
                print(f"DIFFERS: {line}  (release helper: {got:#x})")
    print(f"{agree} of {total} vectors agree with the release's own helpers")
    return 0 if agree == total else 1


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        sys.exit(check(sys.argv[2]))
    print_vectors()
