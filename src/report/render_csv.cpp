// report.csv: one row per implementation and per pair
// (conformance/report-schema.md, "report.csv").
#include <fmt/format.h>

#include "bitexact/report/report.hpp"
#include "render_util.hpp"

namespace bitexact::report {

namespace {

std::string quote(const std::string& x) {
  std::string q = "\"";
  for (char c : x) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

}  // namespace

std::string render_csv(const Model& m) {
  constexpr int discs = int(sweep::Disc::count);
  std::string o =
      "row,impl,other,function,inputs,count,correctly_rounded,correctly_rounded_share,max_ulp,max_ulp_input,"
      "special_mismatches,differ,adjacent";
  for (int d = 0; d < discs; ++d) o += fmt::format(",{}", sweep::disc_name(sweep::Disc(d)));
  // Schema 2 appends its columns, so the earlier ones keep their positions.
  o += ",flushed,max_ulp_distance,max_ulp_distance_input\n";
  const std::string inputs = quote(m.inputs_spec);
  auto input_or_empty = [&](const std::optional<Input>& in) { return in ? detail::input_text(m, *in) : std::string(); };
  for (const auto& p : m.impls)
    o += fmt::format("impl,{},,{},{},{},{},{:.9f},{},{},{},,{},{},,\n", p.name, m.function, inputs, p.count,
                     p.correctly_rounded, p.correctly_rounded_share, p.max_ulp, input_or_empty(p.max_ulp_input),
                     p.special_mismatches, std::string(std::size_t(discs), ','), p.flushed.value_or(0));
  for (const auto& p : m.pairs) {
    o += fmt::format("pair,{},{},{},{},{},,,,,,{},{}", p.a, p.b, m.function, inputs, m.evaluated, p.differ,
                     p.adjacent());
    for (int d = 0; d < discs; ++d) o += fmt::format(",{}", p.classes[std::size_t(d)]);
    o += fmt::format(",,{},{}\n", p.max_distance, input_or_empty(p.max_distance_input));
  }
  return o;
}

}  // namespace bitexact::report
