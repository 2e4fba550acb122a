// FpSan names (bitexact/fpsan/fpsan_ops.hpp).
#include "bitexact/fpsan/fpsan_ops.hpp"

namespace bitexact::fpsan_ops {
namespace fs = bitexact::fpsan;

fs::dtype parse_dtype(const std::string& s) {
  for (fs::dtype d : fs::all_dtypes)
    if (s == fs::format_of(d).name) return d;
  throw input_error("unknown dtype '" + s + "' (dtypes: f64 f32 f16 bf16 e4m3fn e5m2 e4m3fnuz e5m2fnuz)");
}

namespace {
// Every spelling --revision accepts, the default first; the error message
// lists them in this order.
struct revision_spelling {
  const char* name;
  fs::revision rev;
};
constexpr revision_spelling revision_spellings[] = {
    {"1d2da15", fs::revision::r2026_08_20},      {"2026-08-20", fs::revision::r2026_08_20},
    {"triton-3.9.0", fs::triton_3_9_0},           {"triton-3.8.0", fs::revision::triton_3_8_0},
    {"4a4243f", fs::revision::r2026_07_29},      {"2026-07-29", fs::revision::r2026_07_29},
    {"c327a6f", fs::revision::r2026_07_28},      {"2026-07-28", fs::revision::r2026_07_28},
};
}  // namespace

const char* known_revisions() {
  return "1d2da15 (default; = 2026-08-20), triton-3.9.0, triton-3.8.0, 4a4243f (= 2026-07-29), c327a6f (= 2026-07-28)";
}

fs::params parse_params(const std::string& rev, bool homomorphic) {
  fs::params p;
  bool found = rev.empty();
  for (const auto& s : revision_spellings)
    if (rev == s.name) {
      p.rev = s.rev;
      found = true;
    }
  if (!found) throw input_error("unknown revision '" + rev + "' (revisions: " + known_revisions() + ")");
  p.casts = homomorphic ? fs::cast_mode::homomorphic : fs::cast_mode::fold;
  return p;
}

const char* revision_name(fs::revision r) {
  switch (r) {
    case fs::revision::r2026_08_20:
      return "1d2da15 (2026-08-20; also triton-3.9.0, unconfirmed)";
    case fs::revision::r2026_07_29:
      return "4a4243f (2026-07-29)";
    case fs::revision::r2026_07_28:
      return "c327a6f (2026-07-28)";
    case fs::revision::triton_3_8_0:
      return "triton-3.8.0 (release/3.8.x 10f6be36)";
  }
  return "?";
}

const char* revision_short_name(fs::revision r) {
  switch (r) {
    case fs::revision::r2026_08_20:
      return "1d2da15";
    case fs::revision::r2026_07_29:
      return "4a4243f";
    case fs::revision::r2026_07_28:
      return "c327a6f";
    case fs::revision::triton_3_8_0:
      return "triton-3.8.0";
  }
  return "?";
}

void require_clamp(fs::revision r) {
  if (!fs::rewrites_clamp(r))
    throw input_error(std::string("clamp is not rewritten by FpSan in ") + revision_short_name(r) +
                      " (no ClampFOpPattern before #10707): the kernel clamps the unembedded floats in IEEE "
                      "arithmetic, which this model does not reproduce");
}

op_fn resolve(const std::string& spec, const fs::params& p) {
  auto dot = spec.rfind('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == spec.size())
    throw input_error("expected OP.DTYPE (e.g. add.f32, to_bf16.f32), got '" + spec + "'");
  const std::string opname = spec.substr(0, dot);
  const fs::dtype d = parse_dtype(spec.substr(dot + 1));
  const int w = fs::width_of(d);
  const fs::mixer m = fs::make_mixer(d, p.rev);
  op_fn r;
  r.in_bits = r.out_bits = w;
  if (opname == "embed") {
    r.f = [m](fs::u64 a, fs::u64, fs::u64) { return fs::embed(m, a); };
  } else if (opname == "unembed") {
    r.f = [m](fs::u64 a, fs::u64, fs::u64) { return fs::unembed(m, a); };
  } else if (opname.starts_with("to_")) {
    const fs::dtype to = parse_dtype(opname.substr(3));
    r.out_bits = fs::width_of(to);
    r.f = [=](fs::u64 a, fs::u64, fs::u64) { return fs::cast_bits(d, to, a, p); };
  } else if (opname == "clamp") {
    require_clamp(p.rev);
    r.arity = 3;
    r.f = [=](fs::u64 a, fs::u64 b, fs::u64 c) { return fs::clamp_bits(d, a, b, c, p.rev); };
  } else {
    bool found = false;
    for (int i = 0; i < fs::op_count && !found; ++i) {
      const fs::op o = fs::op(i);
      if (opname == fs::info(o).name) {
        r.arity = fs::info(o).arity;
        r.f = [=](fs::u64 a, fs::u64 b, fs::u64 c) { return fs::apply_bits(o, d, a, b, c, p.rev); };
        found = true;
      }
    }
    if (!found)
      throw input_error("unknown op '" + opname +
                        "' (ops: add sub mul div rem fma min max clamp neg exp exp2 sin cos log log2 "
                        "sqrt rsqrt erf floor ceil precise_sqrt embed unembed to_DTYPE)");
  }
  return r;
}

}  // namespace bitexact::fpsan_ops
