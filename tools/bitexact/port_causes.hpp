// How `check` and `identify` print a port's differences from an
// implementation (porting::compare): a short histogram of causes, each with a
// few example inputs, in text and JSON. Both commands print the same lines so
// that a porter reads one format.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bitexact/porting/porting.hpp"

namespace bitexact::cli {

// Causes shown in text unless --all: enough for the usual mix (a flush, a
// payload, a few distance bins), short enough to read at a glance.
constexpr std::size_t shown_causes = 6;

// One input as the porting tools name it: "x=0x48bd2635 (387377.66)" and, for
// two operands, " y=...".
std::string port_input(const porting::port_data& p, std::size_t i);

// {"x": .., ["y": ..,] "port": ..}: input i and the port's output as bits, the
// shape of every example and witness in check's and identify's JSON.
nlohmann::json port_witness(const porting::port_data& p, std::size_t i);

// The causes of `c` (most outputs first), each followed by its examples
// ("x=... port=... nv=...  1 ulp"); at most `limit` causes (0: all), the rest
// summed on one line that names --all.
std::string cause_text(const porting::port_data& p, const std::vector<word>& ref, const std::string& ref_name,
                       const porting::comparison& c, std::size_t limit);

// [{"cause", "known", "count", "examples": [{"x", ["y",] "port", REF_NAME}]}].
nlohmann::json cause_json(const porting::port_data& p, const std::vector<word>& ref, const std::string& ref_name,
                          const porting::comparison& c);

}  // namespace bitexact::cli
