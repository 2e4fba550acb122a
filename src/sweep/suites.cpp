// Conformance suites: the suite file and the verdicts of its limits
// (bitexact/sweep/suites.hpp).
#include "bitexact/sweep/suites.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/printf.h>

#include "bitexact/io/json_fields.hpp"
#include "bitexact/io/user_text.hpp"

namespace bitexact::sweep {
namespace {

// The limits of one implementation, checked now rather than after the sweeps
// (where a wrong type ended a run of hours).
void check_limits(const Suite& s, const std::string& impl, const nlohmann::json& limits) {
  for (auto l = limits.begin(); l != limits.end(); ++l) {
    if (l.key() == "max_ulp_distance") {
      // {"to": IMPL, "ulps": N}: every output within N ulps of IMPL's (N a power of two).
      const auto& d = *l;
      const bool ok = d.is_object() && d.contains("to") && d["to"].is_string() && d.contains("ulps") &&
                      d["ulps"].is_number_unsigned();
      const std::uint64_t n = ok ? json_integer_at<std::uint64_t>(d, "ulps") : 0;
      if (!ok || n == 0 || n > (1u << 20) || (n & (n - 1)) != 0)
        throw input_error(
            fmt::format("suite '{}': max_ulp_distance needs {{\"to\": IMPL, \"ulps\": N}} with N "
                        "a power of two up to 2^20",
                        s.name));
      const std::string to = d["to"].get<std::string>();
      if (std::none_of(s.o.impls.begin(), s.o.impls.end(), [&](const Impl* im) { return im->name == to; }) ||
          to == impl)
        throw input_error(
            fmt::format("suite '{}': max_ulp_distance compares with '{}', which must be "
                        "another implementation of the suite",
                        s.name, one_line(to, 80)));
      continue;
    }
    if (l.key() != "max_ulp" && l.key() != "special_mismatches" && l.key() != "min_correctly_rounded_share" &&
        l.key() != "source")
      throw input_error(fmt::format("suite '{}': unknown limit '{}'", s.name, one_line(l.key(), 80)));
    const bool ok = l.key() == "source"               ? l->is_string()
                    : l.key() == "special_mismatches" ? l->is_number_unsigned()
                                                      : l->is_number();
    if (!ok)
      throw input_error(fmt::format("suite '{}': limit '{}' must be {}", s.name, l.key(),
                                    l.key() == "source"               ? "a string"
                                    : l.key() == "special_mismatches" ? "a whole number"
                                                                      : "a number"));
  }
}

// Inputs where implementations a and b differ by more than n ulps (n a power of
// two): numbers farther apart than n floats, and every difference of class
// (NaN, Inf or zero against a number, signs of Inf or zero). NaN payloads do
// not count. Read from the report (report::to_json's "pairs").
std::uint64_t inputs_farther_than(const nlohmann::json& report, const std::string& a, const std::string& b,
                                  std::uint64_t n) {
  for (const auto& p : report.at("pairs")) {
    const auto x = p.at("impls").at(0).get<std::string>(), y = p.at("impls").at(1).get<std::string>();
    if (!((x == a && y == b) || (x == b && y == a))) continue;
    std::uint64_t far = 0;
    for (int c = 0; c < static_cast<int>(Disc::count); ++c)
      if (c != static_cast<int>(Disc::number_vs_number) && c != static_cast<int>(Disc::nan_payload))
        far += json_integer_at<std::uint64_t>(p.at("classes").at(std::string(disc_name(Disc(c)))), "count");
    const auto& dist = p.at("number_vs_number_ulp_distance");
    for (int bin = dist_bin(n) + 1; bin < dist_bins; ++bin)
      far += json_integer_at<std::uint64_t>(dist.at(std::size_t(bin)), "count");
    return far;
  }
  throw input_error(fmt::format("no pair {} / {} in the report", a, b));
}

}  // namespace

SuiteFile parse_suites(const std::string& text, const std::string& origin, const SuiteSelection& sel) {
  const std::string file = quote_input(origin, 200);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw input_error(fmt::format("suite file {}: {}", file, json_problem(e.what())));
  }
  if (!j.is_object() || !j.contains("suites") || !j["suites"].is_array())
    throw input_error(fmt::format("suite file {} has no \"suites\" array", file));

  SuiteFile out;
  std::vector<std::string> names;  // of every suite in the file, for --only
  for (const auto& s : j["suites"]) {
    if (!s.is_object()) throw input_error(fmt::format("suite file {}: a suite is not an object", file));
    auto str = [&](const char* key) -> std::string {
      if (!s.contains(key) || !s[key].is_string())
        throw input_error(fmt::format("suite file {}: a suite lacks the string \"{}\"", file, key));
      return s[key].get<std::string>();
    };
    Suite suite;
    suite.name = str("name");
    names.push_back(suite.name);
    if (!sel.only.empty() && std::find(sel.only.begin(), sel.only.end(), suite.name) == sel.only.end()) continue;
    const std::string fn_name = str("function");
    const auto fn = parse_fn(fn_name);
    if (!fn) throw input_error(fmt::format("suite '{}': unknown function '{}'", suite.name, one_line(fn_name, 80)));
    if (!s.contains("impls") || !s["impls"].is_array())
      throw input_error(fmt::format("suite '{}': \"impls\" must be an array of names", suite.name));
    std::string impl_list;
    bool missing = false;
    for (const auto& n : s["impls"]) {
      if (!n.is_string()) throw input_error(fmt::format("suite '{}': \"impls\" must be an array of names", suite.name));
      if (!find_impl(n.get<std::string>(), *fn)) missing = true;
      impl_list += (impl_list.empty() ? "" : ",") + n.get<std::string>();
    }
    if (missing && sel.skip_missing) {
      out.skipped.emplace_back(suite.name, impl_list);
      continue;
    }
    try {
      suite.o.fn = *fn;
      suite.o.impls = resolve_impls(impl_list, *fn);
      if (suite.o.impls.empty())
        throw input_error("\"impls\" names no implementation besides the truth (mpfr), which is in every sweep");
      suite.o.inputs = parse_input_set(sel.inputs.empty() ? str("inputs") : sel.inputs, *fn);
    } catch (const input_error& e) {
      throw input_error(fmt::format("suite '{}': {}", suite.name, e.what()));
    }
    suite.limits = s.contains("limits") ? s["limits"] : nlohmann::json::object();
    if (!suite.limits.is_object())
      throw input_error(fmt::format("suite '{}': \"limits\" must be an object of implementations", suite.name));
    for (auto it = suite.limits.begin(); it != suite.limits.end(); ++it) {
      if (!find_impl(it.key(), *fn) || !it->is_object())
        throw input_error(
            fmt::format("suite '{}': limits for unknown implementation '{}'", suite.name, one_line(it.key(), 80)));
      check_limits(suite, it.key(), *it);
    }
    out.suites.push_back(std::move(suite));
  }
  for (const auto& name : sel.only)
    if (std::find(names.begin(), names.end(), name) == names.end())
      throw input_error(fmt::format("no suite named '{}' in {}", one_line(name, 80), file));
  return out;
}

std::vector<std::string> suite_verdicts(const Suite& s, const nlohmann::json& report, int& failures) {
  std::vector<std::string> lines;
  try {
    for (const Impl* impl : s.o.impls) {
      const std::string& name = impl->name;
      const auto& k = report.at("implementations").at(name);
      const auto count = json_integer_at<std::uint64_t>(k, "count");
      const auto cr = json_integer_at<std::uint64_t>(k, "correctly_rounded");
      const auto special = json_integer_at<std::uint64_t>(k, "special_mismatches");
      const auto flushed = json_integer_or<std::uint64_t>(k, "flushed", 0);  // report schema 1 has no flushed class
      const double max_ulp = k.at("max_ulp").get<double>();
      const double share = count ? double(cr) / double(count) : 0;
      std::string verdict = "INFO", why;
      if (s.limits.contains(name)) {
        const auto& l = s.limits[name];
        if (l.contains("max_ulp"))
          if (const double lim = l["max_ulp"].get<double>(); max_ulp > lim)
            why += fmt::format(" max_ulp {} > {}", max_ulp, lim);
        if (l.contains("special_mismatches"))
          if (const auto lim = json_integer_at<std::uint64_t>(l, "special_mismatches"); special > lim)
            why += fmt::format(" special_mismatches {} > {}", special, lim);
        if (l.contains("min_correctly_rounded_share"))
          if (const double lim = l["min_correctly_rounded_share"].get<double>(); share < lim)
            why += fmt::format(" correctly_rounded_share {} < {}", share, lim);
        if (l.contains("max_ulp_distance")) {
          const auto& d = l["max_ulp_distance"];
          const std::string to = d["to"].get<std::string>();
          const std::uint64_t n = json_integer_at<std::uint64_t>(d, "ulps");
          const std::uint64_t far = inputs_farther_than(report, name, to, n);
          if (far) why += fmt::format(" {} inputs more than {} ulp from {}", far, n, to);
        }
        verdict = why.empty() ? "PASS" : "FAIL";
      }
      if (verdict == "FAIL") ++failures;
      // FTZ/DAZ flushes (docs/sweep.md, "Flushed results") are outside max ulp:
      // say how many, as a field appended after the ones that tools parse.
      const std::string flush = flushed ? fmt::format(", flushed {} ({:.6f}%)", flushed,
                                                      count ? 100.0 * double(flushed) / double(count) : 0.0)
                                        : std::string();
      lines.push_back(fmt::sprintf("%s %-24s %-10s max %.4g ulp, correctly rounded %.6f%%, special mismatches %llu%s%s",
                                   verdict, s.name, name, max_ulp, 100 * share, (unsigned long long)special, flush,
                                   why));
    }
  } catch (const nlohmann::json::exception& e) {
    throw input_error(fmt::format("report of suite '{}': {}", s.name, json_problem(e.what())));
  }
  return lines;
}

}  // namespace bitexact::sweep
