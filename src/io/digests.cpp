#include "bitexact/io/digests.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "bitexact/io/hexio.hpp"
#include "bitexact/io/json_fields.hpp"
#include "bitexact/io/user_text.hpp"

namespace bitexact::vectors {

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
  const std::string text = read_user_file(path);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const std::exception& e) {
    throw input_error(fmt::format("{}: {}", path, json_problem(e.what())));
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
      const auto fn = parse_fn(d.fn);
      if (!fn) throw input_error(fmt::format("{}: unknown function '{}'", path, d.fn));
      d.set = sweep::standard_set(*fn, s.at("set").get<std::string>(), json_integer_at<std::uint64_t>(s, "seed"),
                                  json_integer_at<std::uint64_t>(s, "count"));
      d.block = json_integer_at<std::uint64_t>(s, "block");
      for (const auto& h : s.at("digests")) d.digests.push_back(hex_u64(h, path));
      if (d.block == 0 || d.digests.size() != d.set.count / d.block)
        throw input_error(fmt::format("{}: {} {} {}: digest count does not match count/block", path, d.impl, d.fn,
                                      d.set.kind_name()));
      f.sets.push_back(std::move(d));
    }
  } catch (const nlohmann::json::exception& e) {
    throw input_error(fmt::format("{}: not a digest file: {}", path, json_problem(e.what())));
  }
  return f;
}

nlohmann::json to_json(const digest_file& f) {
  nlohmann::json j;
  j["manifest"] = f.manifest;
  j["sets"] = nlohmann::json::array();
  for (const auto& d : f.sets) {
    nlohmann::json s{{"fn", d.fn},         {"impl", d.impl},       {"set", d.set.kind_name()},
                     {"seed", d.set.seed}, {"count", d.set.count}, {"block", d.block}};
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
      throw input_error(
          fmt::format("{}: expected {} fields after the function, got {}", where, info.arity + nout, toks.size()));
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
