// bitexact eval IMPL.FN [OPERAND...] — operands (bit patterns or numbers) from the
//                                      arguments or stdin, results in hex (the stable contract)
// bitexact list                      — every implementation and the functions it provides
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "bitexact/ocml/not_reproduced.hpp"

#include "command.hpp"
#include "options.hpp"

namespace bitexact::cli {
namespace {

// Reads every input first so that bad input leaves no partial output behind.
void run_eval(const std::string& spec, const std::vector<std::string>& args, const std::string& output) {
  const Impl& impl = resolve_spec(spec);
  const FnInfo& f = fn_info(impl.fn);
  const output_form form = output.empty() ? output_form::hex : parse_output_form(output);
  const std::vector<word> out = eval_operands(impl, args).out;
  std::string text;
  text.reserve(out.size() * (f.bits / 4 + 3));
  for (word w : out) {
    text += format_value(w, f.bits, form);
    text += '\n';
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
}

// The functions a vendor implementation family has no reproduction of, and
// why (ocml: ocml/not_reproduced.def; triton: the rows without a build
// template). `only` empty: every family; else the family of that name.
void print_not_reproduced(const std::string& only) {
  const bool ocml = only.empty() || (only.starts_with("ocml") && !only.starts_with("ocml-bc"));
  const bool triton = only.empty() || only == "triton";
  const bool host = only.empty() || only == "host";
  bool header = false;
  auto line = [&](std::string_view impl, std::string_view fn, const std::string& why) {
    if (!header) std::printf("\nNot reproduced:\n");
    header = true;
    std::printf("  %-16s %s\n", fmt::format("{}.{}", impl, fn).c_str(), why.c_str());
  };
  for (const fn_desc& d : function_table) {
    if (!d.target.empty()) continue;  // the fast-path rows: NVIDIA only by definition
    if (ocml)
      if (const auto* r = ocml::not_reproduced_of(d.id))
        line("ocml*", d.name,
             r->instructions.empty()
                 ? std::string(r->why)
                 : fmt::format("{} ({}); their bits cannot be observed without an AMD GPU", r->why,
                               r->instructions));
    if (triton && !find_impl("triton", d.id)) line("triton", d.name, "no Triton form yet");
    if (host && !find_impl("host", d.id))
      line("host", d.name, fmt::format("this machine's C library has no {}", d.name));
  }
}

// `bitexact list`: one line per implementation, its functions and what it is
// as a whole; `bitexact list IMPL`: one line per function of IMPL with its own
// description (where they differ: nv-fast's intrinsics, ptx's instructions).
void run_list(const std::string& only) {
  if (!only.empty()) {
    bool any = false;
    for (const Impl* p : all_impls())
      if (p->name == only) {
        std::printf("%s.%-14s %s\n", p->name.c_str(), std::string(fn_info(p->fn).name).c_str(),
                    p->description.c_str());
        any = true;
      }
    if (!any)
      throw input_error(fmt::format("unknown implementation '{}' (implementations: {})", only,
                                    fmt::join(impl_names(), " ")));
    print_not_reproduced(only);
    return;
  }
  std::map<std::string, std::string> by_name;
  for (const Impl* p : all_impls()) {
    auto& e = by_name[p->name];
    if (!e.empty()) e += ' ';
    e += fn_info(p->fn).name;
  }
  int width = 0;
  for (const auto& [name, e] : by_name) width = std::max(width, int(name.size()));
  for (const auto& [name, e] : by_name)
    std::printf("%-*s  %-34s %s\n", width, name.c_str(), e.c_str(), impl_summary(name).c_str());
  print_not_reproduced("");
}

const bool registered = register_command([](CLI::App& app) {
  static std::string spec, output;
  auto* eval = app.add_subcommand(
      "eval",
      "Evaluate IMPL.FN on the operands given after it, or else on stdin (one input per line; two operands for "
      "fmodf/fmod); print one result per line, in hex unless --output says otherwise");
  eval->add_option("IMPL.FN", spec,
                   "e.g. nv.sinf, ocml.fmod, mpfr.cosf ('bitexact list' has them all); then the operands, if any")
      ->required();
  add_output_option(eval, output);
  // The operands are taken from remaining(), not from a positional option:
  // CLI11 would read "-inf" as the short option -i, and a second positional
  // would lose the order of the operands around it.
  eval->allow_extras();
  eval->footer(std::string(operand_rules) +
               "\nExamples:\n"
               "  bitexact eval nv.sinf 1e6 3e38                  CUDA's sinf of two floats\n"
               "  echo 0x3f800000 | bitexact eval ocml.sinf       bits in, bits out: 0x3f576aa4\n"
               "  bitexact eval nv.fmodf 5.5 2 --output both      0x3fc00000 1.5\n"
               "  bitexact eval mpfr.sinf -inf                    0x7fc00000 (a NaN)");
  eval->callback([eval] { run_eval(spec, eval->remaining(), output); });

  static std::string list_only;
  auto* list = app.add_subcommand("list", "List implementations and their functions; with IMPL, each function of "
                                          "IMPL and its own description");
  list->add_option("IMPL", list_only, "one implementation, e.g. nv-fast");
  list->footer("Examples:\n  bitexact list | grep ocml\n  bitexact list ptx-ftz");
  list->callback([] { run_list(list_only); });
});

}  // namespace
}  // namespace bitexact::cli
