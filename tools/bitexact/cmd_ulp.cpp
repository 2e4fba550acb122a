// bitexact ulp IMPL.FN — like `eval`, and each result's exact ULP error against
// the correctly rounded truth: one line "RESULT_HEX ULP_ERROR" per input, e.g.
//   echo 0x3f800000 | bitexact ulp nv.sinf      ->  0x3f576aa4 0.470
// The error is |result - exact| / ulp(exact), computed with MPFR (rules in
// docs/truth.md: +inf for an infinite result of a finite value, 0 for NaN vs
// NaN, nan for a NaN against a number).
#include <cstdio>
#include <iostream>

#include "command.hpp"

namespace bitexact::cli {
namespace {

// Reads every line first so that bad input leaves no partial output behind.
void run_ulp(const std::string& spec, int digits) {
  if (digits < 0 || digits > 17) throw input_error("--digits must be between 0 and 17");
  const Impl& impl = resolve_spec(spec);
  const FnInfo& f = fn_info(impl.fn);
  const auto [a, b, out] = eval_stdin(impl);
  std::string text;
  char buf[64];
  for (std::size_t i = 0; i < out.size(); ++i) {
    std::snprintf(buf, sizeof buf, " %.*f\n", digits, f.ulp_error(a[i], b[i], out[i]));
    text += format_hex(out[i], f.bits);
    text += buf;
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
}

const bool registered = register_command([](CLI::App& app) {
  static std::string spec;
  static int digits = 3;
  auto* cmd = app.add_subcommand("ulp",
                                 "Evaluate IMPL.FN on hex bit patterns from stdin (as 'eval') and print "
                                 "'RESULT_HEX ULP_ERROR' per line: the exact error in ulps of the correctly "
                                 "rounded truth (MPFR)");
  cmd->add_option("spec", spec, "IMPL.FN, e.g. nv.sinf, ocml.fmod, host.cosf")->required();
  cmd->add_option("--digits", digits, "decimals of the ULP error (default 3)");
  cmd->callback([] { run_ulp(spec, digits); });
});

}  // namespace
}  // namespace bitexact::cli
