// The report model (bitexact/report/model.hpp): built once from a sweep
// state, or read back from a report.json for the Markdown summary.
#include "bitexact/report/model.hpp"

#include <algorithm>
#include <string_view>

#include "bitexact/bits.hpp"
#include "bitexact/io/hexio.hpp"
#include "bitexact/io/json_fields.hpp"
#include "bitexact/registry/registry.hpp"
#include "render_util.hpp"  // detail::exponents

namespace bitexact::report {

namespace {

// Version 2: implementations' `flushed` and `flush_witnesses`, pairs'
// `max_ulp_distance*`, CSV columns appended. Version 3: a pair's `differ`
// leaves out the NaN-payload-only differences (`nan_payload_only`), pairs'
// `binades` (conformance/report-schema.md).
constexpr std::string_view schema = "bitexact-sweep-report/3";

constexpr std::string_view ulp_error_definition =
    "|result - exact| / ulp(exact), ulp(v) = 2^(e-p+1) for 2^e <= |v| < 2^(e+1), e clamped to the "
    "normal range; computed only for results that are not correctly rounded";

bool is_nan(int bits, word w) {
  return bits == 32 ? fp_bits<float>::from_bits(std::uint32_t(w)).is_nan() : fp_bits<double>::from_bits(w).is_nan();
}

std::string class_name(const FnInfo& f, std::size_t i) {
  if (f.arity == 1) return std::string(sweep::vclass_name(sweep::VClass(i)));
  return std::string(sweep::vclass_name(sweep::VClass(i / 5))) + "," +
         std::string(sweep::vclass_name(sweep::VClass(i % 5)));
}

std::optional<Input> first_input(const std::vector<Witness>& w) {
  if (w.empty()) return std::nullopt;
  return Input{w[0].a, w[0].b};
}

// The figures derived from a pair's counts, in one place for both sources;
// p.differ is the count that leaves NaN payloads out already.
void derive(PairReport& p) {
  p.nan_payload_only = p.count(sweep::Disc::nan_payload);
  p.not_numeric = p.differ - p.count(sweep::Disc::number_vs_number);
}

}  // namespace

Model build_model(const sweep::State& s) {
  const FnInfo& f = fn_info(s.fn);
  Model m;
  m.schema = std::string(schema);
  m.function = std::string(f.name);
  m.arity = f.arity;
  m.bits = f.bits;
  m.inputs_spec = s.inputs.spec;
  m.inputs_count = s.inputs.count;
  m.inputs_description = s.inputs.describe();
  m.complete = s.complete();
  m.evaluated = s.count;
  m.truth = s.truth;
  m.ulp_error = std::string(ulp_error_definition);
  for (std::size_t i = 0; i < s.in_class_count.size(); ++i)
    if (s.in_class_count[i]) m.input_classes.push_back({class_name(f, i), s.in_class_count[i]});
  for (std::size_t i = 0; i < 5; ++i)
    if (s.out_class_count[i])
      m.truth_output_classes.push_back({std::string(sweep::vclass_name(sweep::VClass(i))), s.out_class_count[i]});

  const int nexp = detail::exponents(f.bits).count;
  m.binade_inputs = s.binade_count;
  for (std::size_t i = 0; i < s.impls.size(); ++i) {
    const auto& st = s.impl_stats[i];
    const Impl* p = find_impl(s.impls[i], s.fn);
    ImplReport k;
    k.name = s.impls[i];
    k.description = p ? p->description : std::string("(not registered in this build)");
    k.count = st.count;
    k.correctly_rounded = st.correctly_rounded;
    k.not_correctly_rounded = st.count - st.correctly_rounded;
    k.correctly_rounded_share = st.count ? double(st.correctly_rounded) / double(st.count) : 0.0;
    k.max_ulp = st.max.value;
    k.max_ulp_witnesses = st.max.at.w;
    k.max_ulp_input = first_input(k.max_ulp_witnesses);
    k.special_mismatches = st.special_mismatches();
    k.special_witnesses = st.special_witness.w;
    k.nan_payload_differs = st.nan_payload_differs;
    k.flushed = st.flushed;
    k.flush_witnesses = st.flush_witness.w;
    k.histogram = st.hist;
    for (std::size_t b = 0; b < st.binade_wrong.size(); ++b) {
      if (!st.binade_wrong[b]) continue;
      k.binades.push_back({b >= std::size_t(nexp), int(b) % nexp, st.binade_wrong[b], st.binade_max[b],
                           Input{st.binade_witness[b].a, st.binade_witness[b].b}});
    }
    for (std::size_t c = 0; c < st.in_class_wrong.size(); ++c)
      if (s.in_class_count[c])
        k.input_classes.push_back({class_name(f, c), s.in_class_count[c], st.in_class_wrong[c], st.in_class_max[c]});
    for (std::size_t c = 0; c < 5; ++c)
      if (s.out_class_count[c])
        k.truth_output_classes.push_back(
            {std::string(sweep::vclass_name(sweep::VClass(c))), s.out_class_count[c], st.out_class_wrong[c], 0.0});
    const auto& sv = s.special;
    if (i < sv.results.size() && !sv.results[i].empty())
      for (std::size_t q = 0; q < sv.inputs.size(); ++q) {
        const word r = sv.results[i][q], t = sv.truth[q];
        k.special_values.push_back({Input{sv.inputs[q][0], sv.inputs[q][1]}, r, t,
                                    r == t || (is_nan(f.bits, r) && is_nan(f.bits, t))});
      }
    k.bucket_max = st.bucket_max;
    k.bucket_wrong = st.bucket_wrong;
    m.impls.push_back(std::move(k));
  }

  std::size_t pi = 0;
  for (std::size_t a = 0; a < s.impls.size(); ++a)
    for (std::size_t b = a + 1; b < s.impls.size(); ++b, ++pi) {
      const auto& ps = s.pair_stats[pi];
      PairReport p;
      p.a = s.impls[a];
      p.b = s.impls[b];
      // Every difference of bits but the NaN-payload-only ones.
      p.differ = ps.differ - ps.cls[std::size_t(sweep::Disc::nan_payload)];
      p.classes = ps.cls;
      for (std::size_t c = 0; c < p.witnesses.size(); ++c) p.witnesses[c] = ps.witness[c].w;
      p.distance.assign(ps.dist.begin(), ps.dist.end());
      p.max_distance = ps.max_dist.value;
      p.max_distance_witnesses = ps.max_dist.at.w;
      p.max_distance_input = first_input(p.max_distance_witnesses);
      for (std::size_t b = 0; b < ps.binade_differ.size(); ++b)
        if (ps.binade_differ[b])
          p.binades.push_back({b >= std::size_t(nexp), int(b) % nexp, b < s.binade_count.size() ? s.binade_count[b] : 0,
                               ps.binade_differ[b], ps.binade_max_dist[b]});
      derive(p);
      m.pairs.push_back(std::move(p));
    }
  return m;
}

// ---- read back from report.json ------------------------------------------------------

namespace {

using ojson = nlohmann::ordered_json;

// "0x3f800000" or "0x3f800000 0x40000000" (report.json's inputs).
Input parse_input(const Model& m, const ojson& j) {
  const std::string text = j.get<std::string>();
  Input in;
  const auto sp = text.find(' ');
  in.a = parse_hex_word(std::string_view(text).substr(0, sp), m.bits, "input");
  if (sp != std::string::npos) in.b = parse_hex_word(std::string_view(text).substr(sp + 1), m.bits, "input");
  return in;
}

double parse_error(const ojson& j) {  // a number, or "inf" / "-inf" / "nan" (report.json has no non-finite numbers)
  if (!j.is_string()) return j.get<double>();
  const std::string v = j.get<std::string>();
  return v == "inf" ? HUGE_VAL : v == "-inf" ? -HUGE_VAL : std::nan("");
}

// A witness against the truth: {input, result, truth, ulp}; or of a pair:
// {input, results: [a's, b's], ulp_distance (when numeric)}.
Witness parse_witness(const Model& m, const ojson& j, bool pair) {
  Witness w;
  const Input in = parse_input(m, j.at("input"));
  w.a = in.a;
  w.b = in.b;
  if (pair) {
    w.r = parse_hex_word(j.at("results").at(0).get<std::string>(), m.bits, "result");
    w.s = parse_hex_word(j.at("results").at(1).get<std::string>(), m.bits, "result");
    w.ulp = j.value("ulp_distance", 0.0);
  } else {
    w.r = parse_hex_word(j.at("result").get<std::string>(), m.bits, "result");
    w.s = parse_hex_word(j.at("truth").get<std::string>(), m.bits, "truth");
    if (j.contains("ulp")) w.ulp = parse_error(j.at("ulp"));
  }
  return w;
}

std::vector<Witness> parse_witnesses(const Model& m, const ojson& j, const char* key, bool pair) {
  std::vector<Witness> out;
  if (j.contains(key))
    for (const auto& w : j.at(key)) out.push_back(parse_witness(m, w, pair));
  return out;
}

std::optional<Input> parse_optional_input(const Model& m, const ojson& j) {
  if (j.is_null()) return std::nullopt;
  return parse_input(m, j);
}

}  // namespace

Model read_model(const ojson& r) {
  Model m;
  m.schema = r.value("schema", std::string());
  m.function = r.at("function").get<std::string>();
  const auto fn = parse_fn(m.function);
  if (!fn) throw input_error("unknown function '" + m.function + "'");
  m.arity = fn_info(*fn).arity;
  m.bits = fn_info(*fn).bits;
  const auto& in = r.at("inputs");
  m.inputs_spec = in.value("spec", std::string());
  m.inputs_count = json_integer_at<std::uint64_t>(in, "count");
  m.inputs_description = in.at("description").get<std::string>();
  m.complete = r.value("complete", false);
  m.evaluated = json_integer_or<std::uint64_t>(r, "inputs_evaluated", 0);
  m.truth = r.at("truth").get<std::string>();
  m.ulp_error = r.value("ulp_error", std::string());
  // Schemas 1 and 2 (and reports without a schema) counted NaN-payload-only
  // differences in a pair's `differ`.
  const bool older =
      m.schema.empty() || m.schema == "bitexact-sweep-report/1" || m.schema == "bitexact-sweep-report/2";
  for (const auto& [name, k] : r.at("implementations").items()) {
    ImplReport p;
    p.name = name;
    p.description = k.value("description", std::string());
    p.count = json_integer_or<std::uint64_t>(k, "count", 0);
    p.correctly_rounded = json_integer_or<std::uint64_t>(k, "correctly_rounded", 0);
    p.not_correctly_rounded = json_integer_or<std::uint64_t>(k, "not_correctly_rounded", 0);
    p.correctly_rounded_share = k.at("correctly_rounded_share").get<double>();
    p.max_ulp = k.at("max_ulp").get<double>();
    p.max_ulp_input = parse_optional_input(m, k.at("max_ulp_input"));
    p.max_ulp_witnesses = parse_witnesses(m, k, "max_ulp_witnesses", false);
    p.special_mismatches = json_integer_or<std::uint64_t>(k, "special_mismatches", 0);
    p.special_witnesses = parse_witnesses(m, k, "special_witnesses", false);
    p.nan_payload_differs = json_integer_or<std::uint64_t>(k, "nan_payload_differs", 0);
    if (k.contains("flushed")) p.flushed = json_integer_at<std::uint64_t>(k, "flushed");
    m.impls.push_back(std::move(p));
  }
  for (const auto& j : r.at("pairs")) {
    PairReport p;
    p.a = j.at("impls").at(0).get<std::string>();
    p.b = j.at("impls").at(1).get<std::string>();
    p.differ = json_integer_at<std::uint64_t>(j, "differ");
    for (int d = 0; d < int(sweep::Disc::count); ++d) {
      const auto& c = j.at("classes").at(std::string(sweep::disc_name(sweep::Disc(d))));
      p.classes[std::size_t(d)] = json_integer_at<std::uint64_t>(c, "count");
      for (const auto& w : c.at("witnesses")) p.witnesses[std::size_t(d)].push_back(parse_witness(m, w, true));
    }
    if (older) p.differ -= std::min(p.differ, p.count(sweep::Disc::nan_payload));  // counted in before schema 3
    if (j.contains("binades"))
      for (const auto& b : j.at("binades"))
        p.binades.push_back({b.at("sign").get<std::string>() == "-", json_integer_at<int>(b, "biased_exponent"),
                             json_integer_at<std::uint64_t>(b, "inputs"), json_integer_at<std::uint64_t>(b, "differ"),
                             b.at("max_ulp_distance").get<double>()});
    // The bins in sweep::dist_label's order, which renders their labels.
    for (const auto& b : j.at("number_vs_number_ulp_distance")) {
      if (b.at("bin").get<std::string>() != sweep::dist_label(int(p.distance.size())))
        throw input_error("unexpected distance bin " + b.at("bin").dump());
      p.distance.push_back(json_integer_at<std::uint64_t>(b, "count"));
    }
    p.max_distance_witnesses = parse_witnesses(m, j, "max_ulp_distance_witnesses", true);
    if (j.contains("max_ulp_distance") || !p.max_distance_witnesses.empty())
      p.max_distance = j.at("max_ulp_distance").get<double>();
    if (j.contains("max_ulp_distance_input")) p.max_distance_input = parse_optional_input(m, j.at("max_ulp_distance_input"));
    derive(p);
    m.pairs.push_back(std::move(p));
  }
  return m;
}

}  // namespace bitexact::report
