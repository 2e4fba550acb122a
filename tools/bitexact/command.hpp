// Subcommand registry of the bitexact CLI. Each cmd_*.cpp file adds its
// subcommands from a static initialiser:
//   static const bool reg = bitexact::cli::register_command([](CLI::App& app) { ... });
// A callback reports bad user input by throwing bitexact::input_error; main()
// prints it as one line "bitexact: error: ..." and exits with status 2.
#pragma once

#include <CLI/CLI.hpp>
#include <exception>
#include <functional>
#include <string>
#include <utility>

#include "bitexact/io/atomic_file.hpp"  // write_file_atomic, used by the commands
#include "bitexact/io/hexio.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/io/user_text.hpp"  // quote_input, for messages

namespace bitexact::cli {

// Thrown by a callback to exit with `status` and print nothing more: what
// happened was said already, or is said by another process (another MPI rank).
struct silent_exit {
  int status;
};

using setup_fn = void (*)(CLI::App& app);
bool register_command(setup_fn setup);
const std::vector<setup_fn>& commands();

// Prints the one line main() gives a failure (input_error: "bitexact: error:
// WHO...", exit status 2; any other exception: "internal error", 1;
// silent_exit: nothing, its status) and returns the exit status.
int report_failure(const std::exception_ptr& e, const std::string& who = "");

// Evaluates impl on the operands given as arguments (`eval nv.sinf 1e6 3e38`),
// or, when there are none, on every stdin line (parse_operand's rules, see
// options.hpp), all read before anything is evaluated so that bad input leaves
// no partial output behind; throws input_error.
struct evaluated {
  std::vector<word> a, b, out;  // operands and results, one per input
};
evaluated eval_operands(const Impl& impl, const std::vector<std::string>& args);

// The options naming a port's evidence (check, identify): --inputs and
// --outputs, files in any format of vectors/README.md.
inline void add_port_files(CLI::App* cmd, std::string& inputs, std::string& outputs) {
  cmd->add_option("--inputs", inputs,
                  "the inputs (npy, csv, json, bin, or text lines of operands as 'eval' reads them; an export will do)")
      ->required();
  cmd->add_option("--outputs", outputs, "the port's outputs, one column (or an export: its last column)")->required();
}

}  // namespace bitexact::cli
