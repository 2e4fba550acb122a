// bitexact merge DIR1 DIR2 ... --out DIR
//   Combine the states of shards (or of any disjoint partial sweeps of the same
//   definition) exactly, then write DIR/state.json and DIR/report.{json,csv,html}.
#include <filesystem>

#include <fmt/format.h>

#include "bitexact/report/report.hpp"
#include "command.hpp"
#include "sweep_cli.hpp"

namespace bitexact::cli {
namespace {

void run_merge(const std::vector<std::string>& dirs, const std::string& out) {
  if (dirs.empty()) throw input_error("merge needs at least one state folder");
  sweep::State merged = read_state_file(dirs[0]);
  for (std::size_t i = 1; i < dirs.size(); ++i) {
    sweep::State s = read_state_file(dirs[i]);
    try {
      merged.merge(s);
    } catch (const input_error& e) {
      throw input_error(fmt::format("{} + {}: {}", dirs[0], dirs[i], e.what()));
    }
  }
  if (merged.complete()) merged.shard.clear();
  // Everything is produced before anything is written, all files or none,
  // and a folder made here goes again if writing fails.
  made_for_output dir(out);
  const output_lock lock(out, "merge");
  report::write_reports(merged, out, /*with_state=*/true);
  dir.keep();
  if (!merged.complete())
    std::fprintf(stderr, "bitexact: merged state covers %llu of %llu chunks (report marked partial)\n",
                 (unsigned long long)merged.done.size(), (unsigned long long)merged.total_chunks);
  print_summary(merged);
}

const bool registered = register_command([](CLI::App& app) {
  static std::vector<std::string> dirs;
  static std::string out;
  auto* c = app.add_subcommand("merge", "Merge sweep shard states (DIR/state.json) exactly and write the reports");
  c->add_option("dirs", dirs, "shard folders (or state.json files)")->required();
  c->add_option("--out", out, "output folder")->required();
  c->footer(
      "Example:\n"
      "  bitexact sweep cosf --impl nv,ocml --inputs exhaustive --shard 1/2 --out s1   (and --shard 2/2 --out s2)\n"
      "  bitexact merge s1 s2 --out out/cosf");
  c->callback([] { run_merge(dirs, out); });
});

}  // namespace
}  // namespace bitexact::cli
