// bitexact eval IMPL.FN   — hex bit patterns in, hex results out (the stable contract)
// bitexact list           — every implementation and the functions it provides
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>

#include "command.hpp"

namespace bitexact::cli {
namespace {

// Reads every line first so that bad input leaves no partial output behind.
void run_eval(const std::string& spec) {
  const Impl& impl = resolve_spec(spec);
  const FnInfo& f = fn_info(impl.fn);
  const std::vector<word> out = eval_stdin(impl).out;
  std::string text;
  text.reserve(out.size() * (f.bits / 4 + 3));
  for (word w : out) {
    text += format_hex(w, f.bits);
    text += '\n';
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
}

void run_list() {
  std::map<std::string, std::pair<std::string, std::string>> by_name;
  for (const Impl* p : all_impls()) {
    auto& e = by_name[p->name];
    if (!e.first.empty()) e.first += ' ';
    e.first += fn_info(p->fn).name;
    e.second = p->description;
  }
  int width = 0;
  for (const auto& [name, e] : by_name) width = std::max(width, int(name.size()));
  for (const auto& [name, e] : by_name)
    std::printf("%-*s  %-34s %s\n", width, name.c_str(), e.first.c_str(), e.second.c_str());
}

const bool registered = register_command([](CLI::App& app) {
  static std::string spec;
  auto* eval = app.add_subcommand("eval",
                                  "Evaluate IMPL.FN on hex bit patterns from stdin (one input per line; two "
                                  "space-separated operands for fmodf/fmod); print one hex result per line");
  eval->add_option("spec", spec, "IMPL.FN, e.g. nv.sinf, ocml.fmod, mpfr.cosf")->required();
  eval->callback([] { run_eval(spec); });

  auto* list = app.add_subcommand("list", "List implementations and their functions");
  list->callback([] { run_list(); });
});

}  // namespace
}  // namespace bitexact::cli
