// report.json: the model in the schema of conformance/report-schema.md.
#include <cmath>

#include <fmt/format.h>

#include "bitexact/bits.hpp"
#include "bitexact/report/report.hpp"
#include "render_util.hpp"

namespace bitexact::report {

using nlohmann::json;
using detail::hex;
using detail::input_text;

namespace {

// JSON numbers must be finite; errors are finite except in witnesses of special bins.
json num(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

json witness_json(const Model& m, const Witness& w, bool pair) {
  json j;
  j["input"] = input_text(m, w.a, w.b);
  if (pair) {
    j["results"] = json::array({hex(m, w.r), hex(m, w.s)});
    if (w.ulp > 0) j["ulp_distance"] = w.ulp;
  } else {
    j["result"] = hex(m, w.r);
    j["truth"] = hex(m, w.s);
    j["ulp"] = num(w.ulp);
  }
  return j;
}

json witnesses_json(const Model& m, const std::vector<Witness>& ws, bool pair) {
  json a = json::array();
  for (const auto& w : ws) a.push_back(witness_json(m, w, pair));
  return a;
}

json optional_input(const Model& m, const std::optional<Input>& in) {
  return in ? json(input_text(m, *in)) : json(nullptr);
}

// "[2^e,2^(e+1))", "zero/subnormal", "inf/nan": a binade of the first operand.
std::string binade_range(const Model& m, int be) {
  const auto [nexp, bias] = detail::exponents(m.bits);
  return be == 0          ? std::string("zero/subnormal")
         : be == nexp - 1 ? std::string("inf/nan")
                          : fmt::format("[2^{},2^{})", be - bias, be - bias + 1);
}

}  // namespace

json render_json(const Model& m) {
  json j;
  j["schema"] = m.schema;
  j["function"] = m.function;
  j["arity"] = m.arity;
  j["bits"] = m.bits;
  j["inputs"] = {{"spec", m.inputs_spec}, {"count", m.inputs_count}, {"description", m.inputs_description}};
  j["complete"] = m.complete;
  j["inputs_evaluated"] = m.evaluated;
  j["truth"] = m.truth;
  j["ulp_error"] = m.ulp_error;
  json ic = json::object();
  for (const auto& [name, count] : m.input_classes) ic[name] = count;
  j["input_classes"] = ic;
  json oc = json::object();
  for (const auto& [name, count] : m.truth_output_classes) oc[name] = count;
  j["truth_output_classes"] = oc;

  json impls = json::object();
  for (const auto& p : m.impls) {
    json k;
    k["description"] = p.description;
    k["count"] = p.count;
    k["correctly_rounded"] = p.correctly_rounded;
    k["correctly_rounded_share"] = p.correctly_rounded_share;
    k["not_correctly_rounded"] = p.not_correctly_rounded;
    k["max_ulp"] = p.max_ulp;
    k["max_ulp_input"] = optional_input(m, p.max_ulp_input);
    k["max_ulp_witnesses"] = witnesses_json(m, p.max_ulp_witnesses, false);
    k["special_mismatches"] = p.special_mismatches;
    k["special_witnesses"] = witnesses_json(m, p.special_witnesses, false);
    k["nan_payload_differs"] = p.nan_payload_differs;
    // FTZ/DAZ flushes: their own class, outside the histogram and max_ulp.
    if (p.flushed) k["flushed"] = *p.flushed;
    json fw = json::array();
    for (const auto& w : p.flush_witnesses)
      fw.push_back({{"input", input_text(m, w.a, w.b)}, {"result", hex(m, w.r)}, {"truth", hex(m, w.s)}});
    k["flush_witnesses"] = fw;
    json h = json::array();
    for (int b = 0; b < sweep::bins::count; ++b)
      h.push_back({{"bin", sweep::bin_label(b)}, {"count", p.histogram[std::size_t(b)]}});
    k["histogram"] = h;
    json bn = json::array();
    for (const auto& b : p.binades) {
      const int be = b.biased_exponent;
      json e;
      e["sign"] = b.negative ? "-" : "+";
      e["biased_exponent"] = be;
      e["range"] = binade_range(m, be);
      e["not_correctly_rounded"] = b.not_correctly_rounded;
      e["max_ulp"] = b.max_ulp;
      if (b.max_ulp > 0) e["max_ulp_input"] = input_text(m, b.max_ulp_input);
      bn.push_back(e);
    }
    k["binades"] = bn;
    json icl = json::object();
    for (const auto& c : p.input_classes)
      icl[c.name] = {{"count", c.count}, {"not_correctly_rounded", c.not_correctly_rounded}, {"max_ulp", c.max_ulp}};
    k["input_classes"] = icl;
    json ocl = json::object();
    for (const auto& c : p.truth_output_classes)
      ocl[c.name] = {{"count", c.count}, {"not_correctly_rounded", c.not_correctly_rounded}};
    k["truth_output_classes"] = ocl;
    json sv = json::array();
    for (const auto& v : p.special_values)
      sv.push_back({{"input", input_text(m, v.input)},
                    {"result", hex(m, v.result)},
                    {"truth", hex(m, v.truth)},
                    {"correctly_rounded", v.correctly_rounded}});
    k["special_values"] = sv;
    impls[p.name] = k;
  }
  j["implementations"] = impls;

  json pairs = json::array();
  for (const auto& p : m.pairs) {
    json k;
    k["impls"] = json::array({p.a, p.b});
    k["differ"] = p.differ;
    k["nan_payload_only"] = p.nan_payload_only;
    k["adjacent"] = p.adjacent();
    json cl = json::object();
    for (int c = 0; c < int(sweep::Disc::count); ++c)
      cl[std::string(sweep::disc_name(sweep::Disc(c)))] = {
          {"count", p.classes[std::size_t(c)]}, {"witnesses", witnesses_json(m, p.witnesses[std::size_t(c)], true)}};
    k["classes"] = cl;
    json d = json::array();
    for (std::size_t b = 0; b < p.distance.size(); ++b)
      d.push_back({{"bin", sweep::dist_label(int(b))}, {"count", p.distance[b]}});
    k["number_vs_number_ulp_distance"] = d;
    // Where the two differ most: the largest number_vs_number distance and
    // the smallest inputs reaching it.
    k["max_ulp_distance"] = p.max_distance;
    k["max_ulp_distance_input"] = optional_input(m, p.max_distance_input);
    k["max_ulp_distance_witnesses"] = witnesses_json(m, p.max_distance_witnesses, true);
    // Where they differ: the binades of the first operand with differences.
    json bn = json::array();
    for (const auto& b : p.binades)
      bn.push_back({{"sign", b.negative ? "-" : "+"},
                    {"biased_exponent", b.biased_exponent},
                    {"range", binade_range(m, b.biased_exponent)},
                    {"inputs", b.inputs},
                    {"differ", b.differ},
                    {"max_ulp_distance", b.max_distance}});
    k["binades"] = bn;
    pairs.push_back(k);
  }
  j["pairs"] = pairs;
  return j;
}

}  // namespace bitexact::report
