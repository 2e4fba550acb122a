#include "bitexact/vectors.hpp"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <fmt/format.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "bitexact/hexio.hpp"
#include "bitexact/inputs.hpp"

namespace bitexact::vectors {

void generate(Fn fn, const input_set& s, std::uint64_t begin, std::size_t n, word* a, word* b) {
  const FnInfo& f = fn_info(fn);
  const bool f32 = f.bits == 32;
  if (s.kind == "exhaustive") {
    if (f.arity != 1 || !f32)
      throw input_error(fmt::format("input set 'exhaustive' needs a one-argument f32 function, not {}", f.name));
    for (std::size_t i = 0; i < n; ++i) a[i] = (begin + i) & 0xffffffffu;
    return;
  }
  if (s.kind == "uniform") {
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = f32 ? inputs::uniform32(s.seed, begin + i, 0) : inputs::uniform64(s.seed, begin + i, 0);
      if (f.arity == 2)
        b[i] = f32 ? inputs::uniform32(s.seed, begin + i, 1) : inputs::uniform64(s.seed, begin + i, 1);
    }
    return;
  }
  if (s.kind == "structured") {
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t k = begin + i;
      if (f.arity == 2) {
        if (f32) {
          auto p = inputs::structured_pair<float>(s.seed, k);
          a[i] = p.x, b[i] = p.y;
        } else {
          auto p = inputs::structured_pair<double>(s.seed, k);
          a[i] = p.x, b[i] = p.y;
        }
      } else {
        a[i] = f32 ? inputs::structured_single<float>(s.seed, k)
                   : inputs::structured_single<double>(s.seed, k);
      }
    }
    return;
  }
  throw input_error(fmt::format("unknown input set '{}'", s.kind));
}

std::vector<input_set> standard_sets(Fn fn, std::uint64_t count) {
  // The SEED column of bitexact/functions.def.
  const std::uint64_t seed = fn_desc_of(fn).first_seed;
  if (seed == 0) return {{"exhaustive", 0, std::uint64_t(1) << 32}};
  return {{"uniform", seed, count}, {"structured", seed + 1, count}};
}

namespace {
// Feeds outputs into a streaming XXH3 state as little-endian words of `bits` width
// (x86-64 and the GPUs are little-endian, so 64-bit words go in as they are).
void digest_update(XXH3_state_t& st, const word* out, std::size_t n, int bits) {
  if (bits == 64) {
    XXH3_64bits_update(&st, out, n * sizeof(word));
    return;
  }
  std::uint32_t buf[1024];
  for (std::size_t i = 0; i < n;) {
    const std::size_t m = std::min<std::size_t>(1024, n - i);
    for (std::size_t j = 0; j < m; ++j) buf[j] = std::uint32_t(out[i + j]);
    XXH3_64bits_update(&st, buf, m * 4);
    i += m;
  }
}
}  // namespace

std::string_view view_name(output_view v) {
  return v == output_view::exact ? "exact" : "nan-sign-cleared";
}

output_view parse_view(std::string_view name) {
  if (name == "exact") return output_view::exact;
  if (name == "nan-sign-cleared") return output_view::nan_sign_cleared;
  throw input_error(fmt::format("unknown output view '{}' (exact, nan-sign-cleared)", name));
}

namespace {
void apply_view(output_view v, word* out, std::size_t n, int bits) {
  if (v == output_view::exact) return;
  const word sign = word(1) << (bits - 1);
  const word inf = bits == 32 ? word(0x7f800000u) : word(0x7ff0000000000000ull);
  for (std::size_t i = 0; i < n; ++i)
    if ((out[i] & (sign - 1)) > inf) out[i] &= ~sign;
}
}  // namespace

std::uint64_t digest_block(const word* out, std::size_t n, int bits) {
  XXH3_state_t st;
  XXH3_64bits_reset(&st);
  digest_update(st, out, n, bits);
  return XXH3_64bits_digest(&st);
}

std::vector<std::uint64_t> compute_digests(const Impl& impl, const input_set& s, std::uint64_t block,
                                           const std::vector<std::uint64_t>& blocks, output_view view) {
  const FnInfo& f = fn_info(impl.fn);
  std::vector<std::uint64_t> out(blocks.size());
  tbb::parallel_for(std::size_t(0), blocks.size(), [&](std::size_t k) {
    const std::uint64_t base = blocks[k] * block;
    constexpr std::size_t chunk = 1 << 14;  // stays in L1/L2
    std::vector<word> a(chunk), b(chunk), r(chunk);
    XXH3_state_t st;
    XXH3_64bits_reset(&st);
    for (std::uint64_t off = 0; off < block; off += chunk) {
      const std::size_t n = std::size_t(std::min<std::uint64_t>(chunk, block - off));
      generate(impl.fn, s, base + off, n, a.data(), b.data());
      const word* args[2] = {a.data(), b.data()};
      impl.eval(args, r.data(), n);
      apply_view(view, r.data(), n, f.bits);
      digest_update(st, r.data(), n, f.bits);
    }
    out[k] = XXH3_64bits_digest(&st);
  });
  return out;
}

std::vector<std::uint64_t> compute_digests(const Impl& impl, const input_set& s, std::uint64_t block,
                                           std::uint64_t first_block, std::uint64_t nblocks,
                                           output_view view) {
  std::vector<std::uint64_t> idx(nblocks);
  for (std::uint64_t k = 0; k < nblocks; ++k) idx[k] = first_block + k;
  return compute_digests(impl, s, block, idx, view);
}

std::vector<std::uint64_t> spread_blocks(std::uint64_t n, std::uint64_t k) {
  k = std::min(k, n);
  std::vector<std::uint64_t> v;
  for (std::uint64_t i = 0; i < k; ++i) v.push_back((i + 1) * n / k - 1);
  return v;
}

static std::uint64_t hex_u64(const nlohmann::json& j, const std::string& where) {
  if (!j.is_string()) throw input_error(where + ": expected a hex string");
  return parse_hex_word(j.get<std::string>(), 64, where);
}

digest_file load_digests(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw input_error(fmt::format("cannot open '{}'", path));
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    throw input_error(fmt::format("{}: malformed JSON ({})", path, e.what()));
  }
  digest_file f;
  try {
    f.manifest = j.at("manifest");
    for (const auto& s : j.at("sets")) {
      digest_set d;
      d.fn = s.at("fn").get<std::string>();
      d.impl = s.at("impl").get<std::string>();
      if (s.contains("truth")) d.truth = s.at("truth").get<std::string>();
      if (s.contains("outputs")) d.view = parse_view(s.at("outputs").get<std::string>());
      d.set.kind = s.at("set").get<std::string>();
      d.set.seed = s.at("seed").get<std::uint64_t>();
      d.set.count = s.at("count").get<std::uint64_t>();
      d.block = s.at("block").get<std::uint64_t>();
      for (const auto& h : s.at("digests")) d.digests.push_back(hex_u64(h, path));
      if (d.block == 0 || d.digests.size() != d.set.count / d.block)
        throw input_error(fmt::format("{}: {} {} {}: digest count does not match count/block", path,
                                      d.impl, d.fn, d.set.kind));
      f.sets.push_back(std::move(d));
    }
  } catch (const nlohmann::json::exception& e) {
    throw input_error(fmt::format("{}: {}", path, e.what()));
  }
  return f;
}

nlohmann::json to_json(const digest_file& f) {
  nlohmann::json j;
  j["manifest"] = f.manifest;
  j["sets"] = nlohmann::json::array();
  for (const auto& d : f.sets) {
    nlohmann::json s{{"fn", d.fn},          {"impl", d.impl},   {"set", d.set.kind},
                     {"seed", d.set.seed},  {"count", d.set.count}, {"block", d.block}};
    if (!d.truth.empty()) s["truth"] = d.truth;
    if (d.view != output_view::exact) s["outputs"] = std::string(view_name(d.view));
    s["digests"] = nlohmann::json::array();
    for (auto v : d.digests) s["digests"].push_back(format_hex(v, 64));
    j["sets"].push_back(std::move(s));
  }
  return j;
}

void upsert(digest_file& f, digest_set d) {
  for (auto& s : f.sets)
    if (s.fn == d.fn && s.impl == d.impl && s.set.kind == d.set.kind && s.set.seed == d.set.seed) {
      s = std::move(d);
      return;
    }
  f.sets.push_back(std::move(d));
}

edge_file load_edges(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw input_error(fmt::format("cannot open '{}'", path));
  edge_file f;
  std::string line;
  std::size_t lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.rfind("# columns:", 0) == 0) {
      std::istringstream ss(line.substr(10));
      std::string c;
      while (ss >> c) f.columns.push_back(c);
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    if (f.columns.empty()) throw input_error(fmt::format("{}: no '# columns:' header", path));
    std::istringstream ss(line);
    edge_row r;
    ss >> r.fn;
    auto fn = parse_fn(r.fn);
    const std::string where = fmt::format("{} line {}", path, lineno);
    if (!fn) throw input_error(fmt::format("{}: unknown function '{}'", where, r.fn));
    const FnInfo& info = fn_info(*fn);
    std::vector<std::string> toks;
    for (std::string t; ss >> t;) toks.push_back(t);
    // columns: fn x y? outputs...; inputs count = arity
    const std::size_t nout = f.columns.size() - 3;  // "fn x y" are always named
    if (toks.size() != std::size_t(info.arity) + nout)
      throw input_error(fmt::format("{}: expected {} fields after the function, got {}", where,
                                    info.arity + nout, toks.size()));
    for (int k = 0; k < info.arity; ++k) r.args.push_back(parse_hex_word(toks[k], info.bits, where));
    for (std::size_t k = info.arity; k < toks.size(); ++k)
      r.outputs.push_back(parse_hex_word(toks[k], info.bits, where));
    f.rows.push_back(std::move(r));
  }
  if (f.columns.size() < 4) throw input_error(fmt::format("{}: no output columns", path));
  f.columns.erase(f.columns.begin(), f.columns.begin() + 3);
  return f;
}

}  // namespace bitexact::vectors
