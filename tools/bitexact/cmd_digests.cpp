// bitexact digests print FILE --impl NAME --fn FN [--set KIND] [--seed N]
//   Print the committed block digests of one set of a digests.json
//   (vectors/<vendor>/digests.json, bitexact/io/digests.hpp) as lines
//   "0xSTART 0xXXH3" (START = index of the block's first input), the format the
//   device sweeps print (device/ocml_sweep.hip), so a GPU run diffs against it:
//     diff <(bitexact digests print vectors/ocml/digests.json --impl ocml-daz --fn sinf) gpu.txt
// bitexact digests compute IMPL.FN --set KIND [--seed N] [--count N] [--blocks A:B]
//   Compute the same lines from an implementation on this machine (all cores).
// bitexact digests agree FILE1:IMPL1 FILE2:IMPL2
//   For every input set both files hold for the two implementations (same
//   function, kind, seed, count and block size): how many blocks have equal
//   digests, i.e. how much of the input space the two agree on bit for bit,
//   e.g. vectors/nv/digests.json:nv vectors/ocml/digests.json:ocml.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bitexact/io/digests.hpp"
#include "command.hpp"
#include "options.hpp"

namespace bitexact::cli {
namespace {

struct Args {
  std::string file, impl, fn, set, blocks, left, right;
  std::string seed_text, count_text;  // as typed (options.hpp reads them)
  std::uint64_t seed = 0, count = 0;
  bool seed_given = false;
};

void read_numbers(Args& a) {
  a.seed_given = !a.seed_text.empty();
  if (a.seed_given) a.seed = whole_number(a.seed_text, "--seed", 0, ~std::uint64_t(0));
  if (!a.count_text.empty()) a.count = whole_number(a.count_text, "--count", 1, std::uint64_t(1) << 62);
}

void print_lines(const std::vector<std::uint64_t>& first_inputs, const std::vector<std::uint64_t>& digests) {
  std::string text;
  for (std::size_t k = 0; k < digests.size(); ++k)
    text += format_hex(first_inputs[k], first_inputs[k] >> 32 ? 64 : 32) + " " + format_hex(digests[k], 64) + "\n";
  std::fputs(text.c_str(), stdout);
}

void run_print(const Args& a) {
  const auto file = vectors::load_digests(a.file);
  const vectors::digest_set* found = nullptr;
  int matches = 0;
  for (const auto& s : file.sets)
    if (s.impl == a.impl && s.fn == a.fn && (a.set.empty() || s.set.kind_name() == a.set) &&
        (!a.seed_given || s.set.seed == a.seed)) {
      found = &s;
      ++matches;
    }
  if (matches == 0)
    throw input_error(fmt::format("{}: no set of {}.{}{}{}", a.file, a.impl, a.fn, a.set.empty() ? "" : " " + a.set,
                                  a.seed_given ? fmt::format(" seed {}", a.seed) : ""));
  if (matches > 1)
    throw input_error(
        fmt::format("{}: {} sets of {}.{} match; name one with --set and --seed", a.file, matches, a.impl, a.fn));
  std::vector<std::uint64_t> starts;
  for (std::size_t k = 0; k < found->digests.size(); ++k) starts.push_back(k * found->block);
  print_lines(starts, found->digests);
}

void run_compute(const Args& a) {
  const Impl& impl = resolve_spec(a.impl);
  std::optional<sweep::InputSet> found;
  if (a.count == 0) {
    for (const auto& s : sweep::standard_sets(impl.fn))
      if (s.kind_name() == a.set && (!a.seed_given || s.seed == a.seed)) found = s;
    if (!found)
      throw input_error(
          fmt::format("--set {}: not a standard set of {} (give --seed and --count)", a.set, fn_info(impl.fn).name));
  } else {
    found = sweep::standard_set(impl.fn, a.set, a.seed, a.count);  // validates the set for the function
  }
  const sweep::InputSet& set = *found;
  const std::uint64_t block = vectors::standard_block, nblocks = set.count / block;
  if (nblocks == 0 || set.count % block)
    throw input_error(fmt::format("--count must be a positive multiple of 2^24, not {}", set.count));
  std::uint64_t lo = 0, hi = nblocks;
  if (!a.blocks.empty()) {
    const auto c = a.blocks.find(':');
    try {
      lo = std::stoull(a.blocks.substr(0, c));
      hi = c == std::string::npos ? lo + 1 : std::stoull(a.blocks.substr(c + 1));
    } catch (const std::exception&) {
      throw input_error(fmt::format("--blocks '{}': expected A:B (block indices, B exclusive)", a.blocks));
    }
    if (lo >= hi || hi > nblocks)
      throw input_error(fmt::format("--blocks '{}': the set has blocks 0:{}", a.blocks, nblocks));
  }
  std::vector<std::uint64_t> blocks;
  for (std::uint64_t k = lo; k < hi; ++k) blocks.push_back(k);
  const auto d = sweep::block_digests(impl, set, block, blocks);
  std::vector<std::uint64_t> starts;
  for (std::uint64_t k = lo; k < hi; ++k) starts.push_back(k * block);
  print_lines(starts, d);
}

void run_agree(const Args& a) {
  struct side {
    vectors::digest_file file;
    std::string impl;
  };
  auto open = [](const std::string& spec) {
    const auto c = spec.rfind(':');
    if (c == std::string::npos || c == 0 || c + 1 == spec.size())
      throw input_error(fmt::format("'{}': expected FILE:IMPL, e.g. vectors/nv/digests.json:nv", spec));
    return side{vectors::load_digests(spec.substr(0, c)), spec.substr(c + 1)};
  };
  const side l = open(a.left), r = open(a.right);
  std::string text;
  int common = 0;
  for (const auto& x : l.file.sets) {
    if (x.impl != l.impl) continue;
    for (const auto& y : r.file.sets) {
      if (y.impl != r.impl || y.fn != x.fn || y.set.kind != x.set.kind || y.set.seed != x.set.seed ||
          y.set.count != x.set.count || y.block != x.block || y.view != x.view)
        continue;
      std::size_t equal = 0;
      for (std::size_t k = 0; k < x.digests.size(); ++k) equal += x.digests[k] == y.digests[k];
      text += fmt::format("{} {} seed {}: {}/{} blocks of {} inputs equal\n", x.fn, x.set.kind_name(), x.set.seed,
                          equal, x.digests.size(), x.block);
      ++common;
    }
  }
  if (common == 0) throw input_error(fmt::format("no input set in common between {} and {}", a.left, a.right));
  std::fputs(text.c_str(), stdout);
}

const bool registered = register_command([](CLI::App& app) {
  static Args a;
  auto* c = app.add_subcommand("digests", "Block digests of committed vectors: print them, or compute them here");
  c->require_subcommand(1);
  c->footer("Example:\n  bitexact digests agree vectors/nv/digests.json:nv vectors/ocml/digests.json:ocml");
  auto* p = c->add_subcommand("print", "Print one set of a digests.json as '0xSTART 0xXXH3' lines");
  p->add_option("file", a.file, "digests.json, e.g. vectors/ocml/digests.json")->required();
  p->add_option("--impl", a.impl, "the set's implementation, e.g. ocml-daz")->required();
  p->add_option("--fn", a.fn, "function, e.g. sinf")->required();
  p->add_option("--set", a.set, "input set: exhaustive, uniform or structured");
  p->add_option("--seed", a.seed_text, "input-set seed")->type_name("N")->check(non_empty());
  p->footer("Example:\n  bitexact digests print vectors/ocml/digests.json --impl ocml-daz --fn sinf > cpu.txt");
  p->callback([] {
    read_numbers(a);
    run_print(a);
  });
  auto* k = c->add_subcommand("compute", "Compute '0xSTART 0xXXH3' lines of IMPL.FN over an input set");
  k->add_option("spec", a.impl, "IMPL.FN, e.g. ocml-bc-daz.sinf")->required();
  k->add_option("--set", a.set, "exhaustive, uniform or structured (default seeds and 2^30 inputs: the standard sets)")
      ->required();
  k->add_option("--seed", a.seed_text, "input-set seed")->type_name("N")->check(non_empty());
  k->add_option("--count", a.count_text, "number of inputs (a multiple of 2^24)")->type_name("N")->check(non_empty());
  k->add_option("--blocks", a.blocks, "A:B — only blocks A..B-1 (of 2^24 inputs)")->check(non_empty());
  k->footer("Example:\n  bitexact digests compute nv.sinf --set exhaustive --blocks 0:2");
  k->callback([] {
    read_numbers(a);
    run_compute(a);
  });
  auto* g = c->add_subcommand("agree", "Count the blocks where two committed digest sets are equal (FILE:IMPL each)");
  g->add_option("left", a.left, "FILE:IMPL, e.g. vectors/nv/digests.json:nv")->required();
  g->add_option("right", a.right, "FILE:IMPL, e.g. vectors/ocml/digests.json:ocml")->required();
  g->footer("Example:\n  bitexact digests agree vectors/nv/digests.json:nv vectors/ocml/digests.json:ocml");
  g->callback([] { run_agree(a); });
});

}  // namespace
}  // namespace bitexact::cli
