// Checked option values and command-line operands (options.hpp).
#include "options.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iostream>

#include <fmt/format.h>

#include "bitexact/io/hexio.hpp"
#include "bitexact/io/user_text.hpp"

namespace bitexact::cli {

const char* const operand_rules =
    "Operands (after IMPL.FN, or one input per line on stdin when none are given):\n"
    "  0x3f800000, 0x1         a bit pattern: 0x and hex digits, no '.' or 'p' (0x1: the smallest subnormal)\n"
    "  1e6, -0.5, 100, inf,    a number: decimal, inf, nan, or a C99 hex float (0x1.8p3 = 12), rounded once\n"
    "  -inf, nan, 0x1.8p3      to nearest-even to the function's type; bare digits are decimal (100, not 0x100);\n"
    "                          a finite number beyond the type's range (1e39 for float) is refused: write inf\n"
    "  stdin lines: the two operands of fmodf/fmod separated by spaces or tabs; blank and # lines are skipped";

const char* const input_set_rules =
    "Input sets (--inputs):\n"
    "  exhaustive              every bit pattern (one-argument float functions: 2^32 inputs)\n"
    "  uniform:N[:SEED]        N random bit patterns (random:N[:SEED] is the same)\n"
    "  structured:N[:SEED]     N hard cases: pairs with every exponent gap, tiny divisors, x near k*y; single\n"
    "                          operands near integers and in (0, 2); specials (docs/sweep.md)\n"
    "  binades:N               N random inputs in every (sign, exponent) stratum (of each operand)\n"
    "  interval:LO:HI          every input from LO to HI (one-argument functions); LO, HI numbers or bit\n"
    "                          patterns as eval reads them: interval:1e6:1.0001e6, interval:0x00000001:0x00000010\n"
    "  edge[:SIZE]             the edge corpus ('bitexact corpus FN'), or it repeated/cut to SIZE inputs\n"
    "  file:PATH               the inputs of a text file, one per line, operands as eval reads them";

std::uint64_t whole_number(std::string_view text, std::string_view option, std::uint64_t lo, std::uint64_t hi) {
  std::uint64_t v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v, 10);
  // from_chars takes no sign, no spaces, no exponent: "-1", " 5" and "1e3" fail.
  if (text.empty() || ec != std::errc() || p != text.data() + text.size() || v < lo || v > hi)
    throw input_error(fmt::format("{} {}: expected a whole number from {} to {}", option, quote_input(text), lo, hi));
  return v;
}

double real_number(std::string_view text, std::string_view option, double lo, double hi) {
  const std::string s(text);
  char* end = nullptr;
  const double v = s.empty() || std::isspace(static_cast<unsigned char>(s[0])) ? NAN : std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v) || v < lo || v > hi)
    throw input_error(fmt::format("{} {}: expected a number from {:g} to {:g}", option, quote_input(text), lo, hi));
  return v;
}

const CLI::Validator& non_empty() {
  static const CLI::Validator v(
      [](std::string& value) {
        return value.empty() ? std::string("an empty value (give one, or leave the option out)") : std::string();
      },
      "", "");
  return v;
}

unsigned thread_count(const std::string& text) {
  return text.empty() ? 0u : unsigned(whole_number(text, "--threads", 1, max_threads));
}

output_form parse_output_form(const std::string& text) {
  if (text == "hex") return output_form::hex;
  if (text == "decimal") return output_form::decimal;
  if (text == "both") return output_form::both;
  throw input_error(fmt::format("--output {}: expected hex, decimal or both", quote_input(text)));
}

std::string format_value(word w, int bits, output_form form) {
  switch (form) {
    case output_form::hex:
      return format_hex(w, bits);
    case output_form::decimal:
      return format_decimal(w, bits);
    case output_form::both:
      return format_hex(w, bits) + " " + format_decimal(w, bits);
  }
  return "";
}

void add_output_option(CLI::App* cmd, std::string& target) {
  cmd->add_option("--output", target,
                  "hex (default: the bit pattern, e.g. 0x3f576aa5), decimal (the shortest decimal that reads back "
                  "to the same bits, e.g. 0.84147096), or both")
      ->type_name("FORM")
      ->check(non_empty());
}

std::vector<std::array<word, 3>> operand_rows(const std::vector<std::string>& args, std::string_view name, int arity,
                                              int bits) {
  // An option CLI11 does not know reaches read_operand_args as an operand:
  // it is called an unknown option there.
  const std::vector<hex_row> read =
      args.empty() ? read_operand_rows(std::cin, arity, bits, "stdin") : read_operand_args(args, name, arity, bits, true);
  std::vector<std::array<word, 3>> rows;
  rows.reserve(read.size());
  for (const auto& r : read) rows.push_back(r.v);
  return rows;
}

}  // namespace bitexact::cli
