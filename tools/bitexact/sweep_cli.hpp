// Helpers shared by the sweep, merge and conformance subcommands (the
// progress bar also by vectors export).
#pragma once

#include <functional>
#include <string>

#include "bitexact/sweep/engine.hpp"

namespace bitexact::cli {

// Read DIR/state.json (or a state file given directly); throws input_error.
sweep::State read_state_file(const std::string& path_or_dir);
// One line per implementation on stdout.
void print_summary(const sweep::State& s);
// A progress bar with rate and ETA on stderr, or nothing when !enabled.
std::function<void(const sweep::Progress&)> progress_bar(bool enabled);

}  // namespace bitexact::cli
