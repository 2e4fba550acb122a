// The porting tools' histogram of causes (port_causes.hpp).
#include "port_causes.hpp"

#include <fmt/format.h>

#include "bitexact/io/hexio.hpp"

namespace bitexact::cli {
namespace {

std::string distance_text(int bits, word port, word ref) {
  const std::uint64_t d = porting::ulp_distance(bits, port, ref);
  if (d == 0) return "NaN payloads";
  if (d == ~std::uint64_t(0)) return "NaN vs a number";
  return fmt::format("{} ulp", d);
}

}  // namespace

std::string port_input(const porting::port_data& p, std::size_t i) {
  const FnInfo& f = fn_info(p.fn);
  std::string s = fmt::format("x={} ({})", format_hex(p.a[i], f.bits), format_decimal(p.a[i], f.bits));
  if (f.arity == 2) s += fmt::format(" y={} ({})", format_hex(p.b[i], f.bits), format_decimal(p.b[i], f.bits));
  return s;
}

nlohmann::json port_witness(const porting::port_data& p, std::size_t i) {
  const FnInfo& f = fn_info(p.fn);
  nlohmann::json w = {{"x", format_hex(p.a[i], f.bits)}};
  if (f.arity == 2) w["y"] = format_hex(p.b[i], f.bits);
  w["port"] = format_hex(p.out[i], f.bits);
  return w;
}

std::string cause_text(const porting::port_data& p, const std::vector<word>& ref, const std::string& ref_name,
                       const porting::comparison& c, std::size_t limit) {
  const int bits = fn_info(p.fn).bits;
  std::string out;
  std::size_t shown = 0;
  std::uint64_t rest = 0;
  for (const porting::cause_group& g : c.groups) {
    if (limit && shown == limit) {
      rest += g.count;
      continue;
    }
    ++shown;
    out += fmt::format("  {:>10}  {}\n", g.count, g.cause);
    for (std::size_t i : g.examples)
      out += fmt::format("              {} port={} {}={}  {}\n", port_input(p, i), format_hex(p.out[i], bits), ref_name,
                         format_hex(ref[i], bits), distance_text(bits, p.out[i], ref[i]));
  }
  if (rest)
    out += fmt::format("  {:>10}  in {} more causes (--all lists every cause)\n", rest, c.groups.size() - shown);
  return out;
}

nlohmann::json cause_json(const porting::port_data& p, const std::vector<word>& ref, const std::string& ref_name,
                          const porting::comparison& c) {
  const FnInfo& f = fn_info(p.fn);
  nlohmann::json groups = nlohmann::json::array();
  for (const porting::cause_group& g : c.groups) {
    nlohmann::json ex = nlohmann::json::array();
    for (std::size_t i : g.examples) {
      nlohmann::json w = port_witness(p, i);
      w[ref_name] = format_hex(ref[i], f.bits);
      ex.push_back(w);
    }
    groups.push_back({{"cause", g.cause}, {"known", g.known}, {"count", g.count}, {"examples", ex}});
  }
  return groups;
}

}  // namespace bitexact::cli
