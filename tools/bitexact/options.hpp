// Checked values of the CLI's options and operands, shared by the subcommands.
//
// Numeric options are taken as text and read here rather than by CLI11: CLI11
// reads "-1" into an unsigned option as 2^64-1 and takes "nan" for a range
// check, so a wrong value ran silently (sweep --chunk -1 wrote a report of 0
// inputs marked complete). Every value outside its range is one line, exit 2.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bitexact/registry/registry.hpp"

namespace bitexact::cli {

// A whole number in [lo, hi] (decimal digits only; no sign, no exponent).
std::uint64_t whole_number(std::string_view text, std::string_view option, std::uint64_t lo, std::uint64_t hi);
// A finite number in [lo, hi] (a decimal or C99 hex float, as strtod reads).
double real_number(std::string_view text, std::string_view option, double lo, double hi);

// Refuses "--size ''": an option given with an empty value would otherwise
// read as not given at all (corpus --size '' printed the whole corpus).
const CLI::Validator& non_empty();

// --threads: 1 to this many (a typo like 100000 would start that many threads).
inline constexpr std::uint64_t max_threads = 4096;
// Reads --threads when given ("" = not given: 0, all cores).
unsigned thread_count(const std::string& text);

// How eval and ulp print a value: the hex bits (the contract), the shortest
// decimal that reads back to the same bits, or both ("0x3f800000 1").
enum class output_form { hex, decimal, both };
output_form parse_output_form(const std::string& text);
std::string format_value(word w, int bits, output_form form);
// Adds --output to eval and ulp.
void add_output_option(CLI::App* cmd, std::string& target);

// The operands given on the command line (eval IMPL.FN 1e6 3e38, grouped by
// the function's arity), read as parse_operand reads stdin; throws input_error.
// The inputs of `name` (a function, or fpsan eval's OP.DTYPE) of `arity` (1 to
// 3) operands of `bits` bits: the operands given after the name, else one
// input per line on stdin; unused operands are 0.
std::vector<std::array<word, 3>> operand_rows(const std::vector<std::string>& args, std::string_view name, int arity,
                                              int bits);

// The input rules, for the help of every command that reads operands.
extern const char* const operand_rules;
// The input sets of sweep, vectors export, tolerance and conformance --inputs.
extern const char* const input_set_rules;

}  // namespace bitexact::cli
