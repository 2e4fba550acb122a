// bitexact ulp IMPL.FN [OPERAND...] — like `eval`, and each result's exact ULP
// error against the correctly rounded truth: one line "RESULT ULP_ERROR" per
// input, e.g.
//   echo 0x3f800000 | bitexact ulp nv.sinf      ->  0x3f576aa5 0.530
// The error is |result - exact| / ulp(exact), computed with MPFR (rules in
// docs/truth.md: +inf for an infinite result of a finite value, 0 for NaN vs
// NaN, nan for a NaN against a number).
#include <cstdio>
#include <iostream>

#include "command.hpp"
#include "options.hpp"

namespace bitexact::cli {
namespace {

// Reads every input first so that bad input leaves no partial output behind.
void run_ulp(const std::string& spec, const std::vector<std::string>& args, const std::string& digits_text,
             const std::string& output) {
  const int digits = digits_text.empty() ? 3 : int(whole_number(digits_text, "--digits", 0, 17));
  const Impl& impl = resolve_spec(spec);
  const FnInfo& f = fn_info(impl.fn);
  const output_form form = output.empty() ? output_form::hex : parse_output_form(output);
  const auto [a, b, out] = eval_operands(impl, args);
  std::string text;
  char buf[64];
  for (std::size_t i = 0; i < out.size(); ++i) {
    std::snprintf(buf, sizeof buf, " %.*f\n", digits, f.ulp_error(a[i], b[i], out[i]));
    text += format_value(out[i], f.bits, form);
    text += buf;
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
}

const bool registered = register_command([](CLI::App& app) {
  static std::string spec, digits, output;
  auto* cmd = app.add_subcommand("ulp",
                                 "Evaluate IMPL.FN as 'eval' does (operands after it, or stdin) and print 'RESULT "
                                 "ULP_ERROR' per input: the exact error in ulps of the correctly rounded truth (MPFR)");
  cmd->add_option("IMPL.FN", spec, "e.g. nv.sinf, ocml.fmod, host.cosf; then the operands, if any")->required();
  cmd->add_option("--digits", digits, "decimals of the ULP error, 0 to 17 (default 3)")->type_name("N")->check(non_empty());
  add_output_option(cmd, output);
  cmd->allow_extras();  // operands, as for eval
  cmd->footer(std::string(operand_rules) +
              "\nExamples:\n"
              "  bitexact ulp nv.sinf 1e6 --output both          0xbeb3325a -0.34999353 0.831 (bits, value, ulps)\n"
              "  echo 0x3f800000 | bitexact ulp nv.sinf          0x3f576aa5 0.530");
  cmd->callback([cmd] { run_ulp(spec, cmd->remaining(), digits, output); });
});

}  // namespace
}  // namespace bitexact::cli
