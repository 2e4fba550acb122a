// bitexact corpus FN [--size N]
//   Print the edge corpus of FN: each input as a hex line preceded by a
//   "# why" comment line (the format of `bitexact eval` and `--inputs file:`).
#include <cstdio>

#include <fmt/format.h>

#include "bitexact/engine/corpus.hpp"
#include "command.hpp"

namespace bitexact::cli {
namespace {

void run_corpus(const std::string& fn_name, std::size_t size) {
  const Fn fn = require_fn(fn_name);
  const FnInfo& f = fn_info(fn);
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
  static std::string fn;
  static std::size_t size = 0;
  auto* c = app.add_subcommand("corpus", "Print the edge corpus of FN (hex lines, each after a '# why' comment)");
  c->add_option("fn", fn, "function: " + function_list())->required();
  c->add_option("--size", size,
                "resize the corpus to exactly N inputs (repeat/truncate), e.g. the batch shapes 1 33 1024 10000 "
                "65537");
  c->callback([] { run_corpus(fn, size); });
});

}  // namespace
}  // namespace bitexact::cli
