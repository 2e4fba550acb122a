// bitexact/io/json_fields.hpp — checked reads of the integer fields of the JSON
// files bitexact reads back (sweep states, reports, digests, conformance
// suites). Part of bitexact::engine.
//
// Why not nlohmann::json's get<std::uint64_t>(): it converts a JSON float
// with a C++ cast, which is undefined behaviour when the value is beyond the
// type's range (a count of 2.1e108 in a damaged state.json: found by fuzzing,
// tests/fuzz/fuzz_state.cpp and fuzz_report.cpp) and a silent truncation
// within it (1.5 read as 1). bitexact writes every count as a JSON integer,
// so anything else in such a field is damage: these read a JSON integer in
// the range of T and throw input_error naming the field otherwise. Every
// integer read of those files goes through them (tools/scripts/check_layout.py,
// rule 4, refuses a direct one in src/ and tools/bitexact/).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

namespace bitexact {

// Throws input_error: FIELD must be EXPECTED, not VALUE (the field's dump(),
// cut short).
[[noreturn]] void json_field_error(std::string_view field, std::string_view expected, std::string_view value);

// J is nlohmann::json or nlohmann::ordered_json (reports keep their order).
// The value of an integer field: a JSON integer within T's range.
template <class T, class J>
T json_integer(const J& v, std::string_view field) {
  static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>);
  using lim = std::numeric_limits<T>;
  if (v.is_number_unsigned()) {
    const std::uint64_t u = v.template get<std::uint64_t>();  // stored as such: no conversion
    if (u <= std::uint64_t(lim::max())) return T(u);
  } else if (v.is_number_integer()) {
    const std::int64_t s = v.template get<std::int64_t>();  // stored as such: no conversion
    if (s >= 0 ? std::uint64_t(s) <= std::uint64_t(lim::max()) : std::is_signed_v<T> && s >= std::int64_t(lim::min()))
      return T(s);
  }
  if constexpr (std::is_signed_v<T>)
    json_field_error(field, "an integer from " + std::to_string(lim::min()) + " to " + std::to_string(lim::max()),
                     v.dump());
  else
    json_field_error(field, "an integer from 0 to " + std::to_string(lim::max()), v.dump());
}

// obj[key] as an integer (nlohmann's out_of_range when the key is missing, as
// at() throws it), or `fallback` when the key is missing (a field that older
// files lack).
template <class T, class J>
T json_integer_at(const J& obj, const char* key) {
  return json_integer<T>(obj.at(key), key);
}
template <class T, class J>
T json_integer_or(const J& obj, const char* key, T fallback) {
  return obj.contains(key) ? json_integer<T>(obj.at(key), key) : fallback;
}

// An array of integers, any length or exactly N.
template <class T, class J>
std::vector<T> json_integers(const J& v, std::string_view field) {
  if (!v.is_array()) json_field_error(field, "an array of integers", v.dump());
  std::vector<T> out;
  out.reserve(v.size());
  for (const auto& e : v) out.push_back(json_integer<T>(e, field));
  return out;
}
template <class T, std::size_t N, class J>
std::array<T, N> json_integer_array(const J& v, std::string_view field) {
  if (!v.is_array() || v.size() != N)
    json_field_error(field, "an array of " + std::to_string(N) + " integers", v.dump());
  std::array<T, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = json_integer<T>(v[i], field);
  return out;
}

}  // namespace bitexact
