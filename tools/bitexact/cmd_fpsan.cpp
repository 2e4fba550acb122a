// bitexact fpsan eval OP.DTYPE      — FpSan's result on hex float bits from stdin
// bitexact fpsan validate [...]     — check FpSan's identities per dtype
// bitexact fpsan check E1 E2 [...]  — are two expressions FpSan-equivalent?
//
// The model is include/bitexact/fpsan/ (Triton main 1d2da15 by default;
// --revision picks another algebra, e.g. triton-3.8.0).
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bitexact/fpsan/expr.hpp"
#include "bitexact/fpsan/identities.hpp"
#include "bitexact/fpsan/fpsan_ops.hpp"
#include "command.hpp"
#include "options.hpp"
#include "bitexact/fpsan/fpsan_check.hpp"

namespace bitexact::cli {
namespace fs = bitexact::fpsan;
using fpsan::fpsan_markdown_report;
using fpsan::revision_results;
using fpsan::run_fpsan_check;

namespace {

// ---- eval ------------------------------------------------------------------

void run_eval(const std::string& spec, const std::vector<std::string>& args, const fs::params& p) {
  const fpsan_ops::op_fn op = fpsan_ops::resolve(spec, p);
  // As `bitexact eval`: the operands after OP.DTYPE, else one input per line
  // on stdin; 0x bit patterns, or numbers for f32/f64 (parse_operand).
  std::string text;
  for (const auto& v : operand_rows(args, spec, op.arity, op.in_bits)) {
    text += format_hex(op.f(v[0], v[1], v[2]), op.out_bits);  // unused operands are 0
    text += '\n';
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
}

// ---- validate ----------------------------------------------------------------

nlohmann::json results_json(const std::vector<revision_results>& runs) {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& run : runs)
    for (const auto& r : run.results)
      arr.push_back({{"revision", fpsan_ops::revision_short_name(run.algebra.rev)},
                     {"identity", r.identity},
                     {"dtype", fs::format_of(r.type).name},
                     {"checked", r.checked},
                     {"violations", r.violations},
                     {"witness", r.witness.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.witness)}});
  return arr;
}

// --revision for validate: one name, or "all" (every modelled revision, the
// default first: what the committed report compares).
std::vector<fs::params> validate_revisions(const std::string& rev, bool homomorphic) {
  std::vector<fs::params> out;
  if (rev != "all") return {fpsan_ops::parse_params(rev, homomorphic)};
  for (fs::revision r : fs::all_revisions)
    out.push_back({r, homomorphic ? fs::cast_mode::homomorphic : fs::cast_mode::fold});
  return out;
}

void run_validate(const std::vector<std::string>& dtypes, double samples_d, bool json, bool markdown,
                  const std::string& report_dir, const std::vector<fs::params>& algebras) {
  if (!(samples_d >= 1) || samples_d > 1e13 || samples_d != std::floor(samples_d))
    throw input_error(fmt::format("--samples must be a whole number between 1 and 1e13 (got {})", samples_d));
  const auto samples = static_cast<unsigned long long>(samples_d);
  std::vector<fs::dtype> ds;
  if (dtypes.empty())
    ds.assign(std::begin(fs::all_dtypes), std::end(fs::all_dtypes));
  else
    for (const auto& s : dtypes) ds.push_back(fpsan_ops::parse_dtype(s));

  const bool text = !json && !markdown && report_dir.empty();
  std::vector<revision_results> runs;
  for (const fs::params& p : algebras) {
    runs.push_back({p, {}});
    if (text && algebras.size() > 1) std::printf("== revision %s\n", fpsan_ops::revision_name(p.rev));
    for (fs::dtype d : ds)
      for (const char* id : fs::validate::identity_names) {
        runs.back().results.push_back(fs::validate::run(d, id, samples, p));
        if (text) {
          const auto& r = runs.back().results.back();
          std::printf("%-15s %-9s %s  checked %llu, violations %llu%s%s\n", r.identity.c_str(),
                      fs::format_of(d).name, r.checked == 0 ? "n/a  " : r.violations ? "FAILS" : "holds", r.checked,
                      r.violations, r.witness.empty() ? "" : "\n    witness: ", r.witness.c_str());
          std::fflush(stdout);
        }
      }
  }
  if (!report_dir.empty()) {
    const std::string md = fpsan_markdown_report(runs, samples);
    const std::string js = results_json(runs).dump(1) + "\n";
    // As sweep --out does: a new folder is made (a failure is one line, exit 2).
    std::error_code ec;
    std::filesystem::create_directories(report_dir, ec);
    if (ec || !std::filesystem::is_directory(report_dir))
      throw input_error("--write-report: cannot create folder " + quote_input(report_dir, 200));
    write_file_atomic(report_dir + "/report.md", md);
    write_file_atomic(report_dir + "/report.json", js);
  }
  if (json) {
    std::cout << results_json(runs).dump(1) << '\n';
  } else if (markdown) {
    std::cout << fpsan_markdown_report(runs, samples);
  }
}

// `fpsan check --help`: the expression language, stated once here.
std::string check_grammar() {
  return std::string(
             "Expressions (Triton-like, evaluated in FpSan's payload space):\n"
             "  expr    := term (('+' | '-') term)*\n"
             "  term    := unary (('*' | '/' | '%') unary)*\n"
             "  unary   := '-' unary | '+' unary | postfix\n"
             "  postfix := primary ('.to(' DTYPE ')')*\n"
             "  primary := NUMBER | NAME | NAME '(' expr (',' expr)* ')' | '(' expr ')'\n"
             "Functions: ") +
         fs::expr::known_functions +
         "\n"
         "Any other NAME is a variable of type --dtype. NUMBER is a float literal, rounded to the type of the\n"
         "other operand like a Triton scalar. DTYPE: f64 f32 f16 bf16 e4m3fn e5m2 e4m3fnuz e5m2fnuz, or\n"
         "Triton's spellings (float32, tl.bfloat16, float8e4nv, ...). At most " +
         std::to_string(fs::expr::max_depth) +
         " nested levels.\n"
         "Revisions: " +
         fpsan_ops::known_revisions() +
         "\n"
         "Exit status: 0 equivalent on every sample, 1 a counterexample was printed, 2 bad input.";
}

const bool registered = register_command([](CLI::App& app) {
  auto* fp = app.add_subcommand("fpsan", "Model of Triton's FpSan payload algebra (eval, validate, check)");
  fp->require_subcommand(1);
  fp->footer(
      "Examples:\n"
      "  bitexact fpsan eval add.f32 0x3f800000 0x40000000   FpSan's payload for 1 + 2\n"
      "  bitexact fpsan validate --dtype bf16               which identities FpSan keeps\n"
      "  bitexact fpsan check 'a+b' 'b+a'                   are two expressions FpSan-equivalent?\n"
      "Bad input: one line on stderr, exit status 2.");

  static std::string spec, rev_e, rev_v, rev_c;
  static const std::string revision_help = std::string("algebra revision: ") + fpsan_ops::known_revisions();
  static bool homo_e = false, homo_v = false, homo_c = false;
  auto* ev = fp->add_subcommand("eval",
                                "FpSan's result unembed(rewrite(embed(args))) on the operands after OP.DTYPE, else on "
                                "stdin (1-3 per line)");
  ev->add_option("spec", spec, "OP.DTYPE, e.g. add.f32, sin.bf16, embed.f16, unembed.e4m3fn, to_bf16.f32")->required();
  ev->add_option("--revision", rev_e, revision_help);
  ev->add_flag("--homomorphic-casts", homo_e, "narrowing casts truncate (TRITON_FPSAN_HOMOMORPHIC_CASTS=1)");
  // Operands from remaining(), as `bitexact eval` takes them ("-inf" is no option).
  ev->allow_extras();
  ev->footer(
      "Examples:\n"
      "  bitexact fpsan eval add.f32 0x3f800000 0x40000000     one input: FpSan's add of 1 and 2\n"
      "  printf '1 2\\n3 4\\n' | bitexact fpsan eval mul.f32    one input per line on stdin\n"
      "  bitexact fpsan eval embed.f16 0x3c00                 f16 and the fp8 types take 0x bit patterns");
  ev->callback([ev] { run_eval(spec, ev->remaining(), fpsan_ops::parse_params(rev_e, homo_e)); });

  static std::vector<std::string> vd;
  static double samples = 1e6;
  static bool json = false, markdown = false;
  auto* va = fp->add_subcommand("validate", "Check FpSan's identities per dtype");
  va->add_option("--dtype", vd, "dtype(s) to check (default: all)");
  va->add_option("--samples", samples, "random samples for identities not checked exhaustively (default 1e6)");
  va->add_flag("--json", json, "print a JSON array of {identity, dtype, checked, violations, witness}");
  va->add_flag("--markdown", markdown, "print the markdown report (conformance/fpsan/report.md)");
  static std::string report_dir;
  va->add_option("--write-report", report_dir, "also write DIR/report.md and DIR/report.json (atomically)");
  va->add_option("--revision", rev_v, revision_help + ", or all (every one; what tools/scripts/fpsan-report.sh writes)");
  va->add_flag("--homomorphic-casts", homo_v, "narrowing casts truncate");
  va->callback([] { run_validate(vd, samples, json, markdown, report_dir, validate_revisions(rev_v, homo_v)); });

  static std::string e1, e2, cd = "f32";
  static double csamples = 10000;
  static unsigned long long seed = 1;
  auto* ch =
      fp->add_subcommand("check", "Are two expressions FpSan-equivalent? Exit 0: equivalent, 1: not, 2: bad input");
  ch->footer(check_grammar());
  ch->add_option("expr1", e1, "first expression, e.g. 'sin(a+b)'")->required();
  ch->add_option("expr2", e2, "second expression, e.g. 'sin(a)*cos(b)+cos(a)*sin(b)'")->required();
  ch->add_option("--dtype", cd, "dtype of the variables (default f32)");
  ch->add_option("--samples", csamples, "random input assignments (default 10000)");
  ch->add_option("--seed", seed, "random seed (default 1)");
  ch->add_option("--revision", rev_c, revision_help);
  ch->add_flag("--homomorphic-casts", homo_c, "narrowing casts truncate");
  ch->callback([] {
    int rc = run_fpsan_check(e1, e2, fpsan_ops::parse_dtype(cd), csamples, seed, fpsan_ops::parse_params(rev_c, homo_c));
    std::fflush(stdout);
    if (rc != 0) std::exit(rc);
  });
});

}  // namespace
}  // namespace bitexact::cli
