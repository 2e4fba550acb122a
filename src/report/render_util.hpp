// Formatting shared by the report renderers (src/report/render_*.cpp): numbers
// and inputs as every renderer writes them. Private to src/report/.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/io/hexio.hpp"
#include "bitexact/report/model.hpp"

namespace bitexact::report::detail {

// 1234567 -> "1,234,567": the one thousands separator of the HTML page and
// the Markdown summary.
inline std::string thousands(std::uint64_t v) {
  const std::string d = std::to_string(v);
  std::string o;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i && (d.size() - i) % 3 == 0) o += ',';
    o += d[i];
  }
  return o;
}

// The first operand's exponent field, which indexes binades everywhere
// (sweep::State::binade_count, PairBinade::biased_exponent): how many biased
// exponents there are (2^8 or 2^11) and the bias.
struct exponent_field {
  int count, bias;
};
inline exponent_field exponents(int bits) {
  return bits == 32 ? exponent_field{1 << fp_bits<float>::exponent_bits, fp_bits<float>::exponent_bias}
                    : exponent_field{1 << fp_bits<double>::exponent_bits, fp_bits<double>::exponent_bias};
}

inline std::string hex(const Model& m, word w) { return format_hex(w, m.bits); }

// An input as report.json, the CSV and the Markdown write it: "0x3f800000",
// for two operands "0x3f800000 0x40000000".
inline std::string input_text(const Model& m, word a, word b) {
  return m.arity == 1 ? hex(m, a) : hex(m, a) + " " + hex(m, b);
}
inline std::string input_text(const Model& m, const Input& in) { return input_text(m, in.a, in.b); }

// Consecutive binades of one sign where a pair differs, as the Markdown
// summary and the page's table list them: a run ends at a binade without
// differences, at the inf/NaN binade (always a run of its own), where the
// share that differs leaves [1/2, 2] times the share of the run's first
// binade, or where the largest distance moves to another bin of the distance
// histogram (1, 2, (2,4], ...): a vendor's switch of algorithm inside or
// between binades starts a new run.
struct BinadeRun {
  bool negative = false;
  int first = 0, last = 0;  // biased exponents
  std::uint64_t inputs = 0, differ = 0;
  double max_distance = 0;
};
std::vector<BinadeRun> binade_runs(const Model& m, const PairReport& p);
// "[2^16, 2^17)", "[0, 2^-125)" (zeros and subnormals included), "inf/NaN":
// the magnitudes of a run.
std::string run_range(const Model& m, const BinadeRun& r);

}  // namespace bitexact::report::detail
