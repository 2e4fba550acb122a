// bitexact corpus FN [--size N]
//   Print the edge corpus of FN: each input as a hex line preceded by a
//   "# why" comment line (the format of `bitexact eval` and `--inputs file:`).
#include <cstdio>

#include <fmt/format.h>

#include "bitexact/sweep/corpus.hpp"
#include "command.hpp"
#include "options.hpp"

namespace bitexact::cli {
namespace {

void run_corpus(const std::string& fn_name, const std::string& size_text) {
  const Fn fn = require_fn(fn_name);
  const FnInfo& f = fn_info(fn);
  // --size 0 would be read as "the natural size" by corpus::sized: refuse it
  // rather than print the whole corpus for a size nobody asked for.
  const std::size_t size = size_text.empty() ? 0 : whole_number(size_text, "--size", 1, corpus::max_size);
  auto entries = corpus::sized(fn, size);
  std::string text = fmt::format("# bitexact edge corpus for {} ({} inputs)\n", f.name, entries.size());
  for (const auto& e : entries) {
    text += "# " + e.why + "\n";
    text += format_hex(e.a, f.bits);
    if (f.arity == 2) text += " " + format_hex(e.b, f.bits);
    text += "\n";
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
}

const bool registered = register_command([](CLI::App& app) {
  static std::string fn, size;
  auto* c = app.add_subcommand("corpus", "Print the edge corpus of FN (hex lines, each after a '# why' comment)");
  c->add_option("fn", fn, "function: " + function_list())->required();
  c->add_option("--size", size,
                fmt::format("resize the corpus to exactly N inputs, 1 to {} (repeat/truncate), e.g. the batch "
                            "shapes 1 33 1024 10000 65537",
                            corpus::max_size))
      ->type_name("N")->check(non_empty());
  c->footer(
      "Examples:\n"
      "  bitexact corpus sinf > edge.txt && bitexact sweep sinf --impl nv --inputs file:edge.txt --out out/e\n"
      "  bitexact corpus fmodf --size 33");
  c->callback([] { run_corpus(fn, size); });
});

}  // namespace
}  // namespace bitexact::cli
