#include <mpfr.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <ios>
#include <iostream>
#include <new>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bitexact/dispatch.hpp"
#include "bitexact/fpsan/fpsan_ops.hpp"
#include "bitexact/io/user_text.hpp"
#include "bitexact/nv/version.hpp"
#include "bitexact/ocml/presets.hpp"
#include "command.hpp"
#include "options.hpp"

#ifndef BITEXACT_VERSION
#define BITEXACT_VERSION "unknown"
#endif

namespace bitexact::cli {

static std::vector<setup_fn>& command_list() {
  static std::vector<setup_fn> v;
  return v;
}
bool register_command(setup_fn setup) {
  command_list().push_back(setup);
  return true;
}
const std::vector<setup_fn>& commands() { return command_list(); }

// Every failure ends here or in main's ParseError branch, so the promises of
// user_text.hpp are kept in one place as well as where messages are made: one
// line (control bytes escaped, length capped), library texts in our words.
static void print_error(const std::string& kind, const std::string& msg) {
  std::fflush(stdout);
  std::fprintf(stderr, "bitexact: %s: %s\n", kind.c_str(), one_line(json_problem(msg), 600).c_str());
}

int report_failure(const std::exception_ptr& e, const std::string& who) {
  try {
    std::rethrow_exception(e);
  } catch (const silent_exit& s) {
    return s.status;
  } catch (const input_error& x) {
    print_error("error", who + x.what());
    return 2;
  } catch (const nlohmann::json::exception& x) {
    // Only a file we read can hold JSON of the wrong shape.
    print_error("error", who + "a JSON input does not have the expected structure: " + json_problem(x.what()));
    return 2;
  } catch (const std::filesystem::filesystem_error& x) {
    // A path the user named: say which and why, not the library's text.
    print_error("error", who + fmt::format("cannot use {}: {}", quote_input(x.path1().string(), 200),
                                           x.code().message()));
    return 2;
  } catch (const std::ios_base::failure&) {
    print_error("error", who + "a file could not be read (a folder where a file was expected, or a read error)");
    return 2;
  } catch (const std::bad_alloc&) {
    print_error("error", who + "out of memory (an input or option asks for more than this machine has)");
    return 2;
  } catch (const std::exception& x) {
    print_error("internal error", who + x.what());
    return 1;
  } catch (...) {
    print_error("internal error", who + "unknown exception");
    return 1;
  }
}

evaluated eval_operands(const Impl& impl, const std::vector<std::string>& args) {
  const FnInfo& f = fn_info(impl.fn);
  const std::vector<std::array<word, 3>> rows = operand_rows(args, f.name, f.arity, f.bits);
  evaluated e{std::vector<word>(rows.size()), std::vector<word>(rows.size()), std::vector<word>(rows.size())};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    e.a[i] = rows[i][0];
    e.b[i] = rows[i][1];
  }
  const word* operands[2] = {e.a.data(), e.b.data()};
  impl.eval(operands, e.out.data(), e.out.size());
  return e;
}

namespace {

std::string version_text() {
  std::string v = fmt::format("bitexact {}\n", BITEXACT_VERSION);
  for (const auto& r : nv::releases_reproduced)
    v += fmt::format("  NVIDIA  CUDA {}.{} libdevice ({}), checked on {}\n", r.cuda_major, r.cuda_minor, r.libdevice,
                     r.checked_on);
  const ocml::release& o = ocml::presets[0].cfg.rel;
  v += fmt::format("  AMD     ROCm device-libs {}.{}.{} ocml (LLVM {}), {} device configurations\n", o.major, o.minor,
                   o.patch, o.llvm_major, std::size(ocml::presets));
  v += fmt::format("  FpSan   default revision: Triton {}\n", fpsan_ops::revision_name(fpsan::default_revision));
  v += fmt::format("  truth   MPFR {}", mpfr_get_version());
  return v;
}

// --help-all: the help of every command, depth first (CLI11 goes one level).
void print_all_help(const CLI::App* a, const std::string& prefix) {
  std::cout << a->help(prefix, CLI::AppFormatMode::Normal) << "\n";
  const std::string path = prefix.empty() ? a->get_name() : prefix + " " + a->get_name();
  for (const CLI::App* sub : a->get_subcommands([](const CLI::App*) { return true; })) print_all_help(sub, path);
}

// CLI11 answers "bitexact foo" with "A subcommand is required" (foo is taken
// for an extra argument). Walk the words naming subcommands and say which one
// is unknown, or which command lacks one. Stops at a command whose options
// take values (a value could look like a word) and at the first leaf.
std::optional<std::string> subcommand_problem(CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string t = argv[i];
    if (t == "-h" || t == "--help" || t == "--help-all" || t == "--version") return std::nullopt;
  }
  CLI::App* cur = &app;
  std::string path = "bitexact";
  auto names = [](CLI::App* a) {
    std::string s;
    for (const CLI::App* sub : a->get_subcommands([](const CLI::App*) { return true; }))
      s += (s.empty() ? "" : ", ") + sub->get_name();
    return s;
  };
  int i = 1;
  for (;;) {
    if (cur->get_subcommands([](const CLI::App*) { return true; }).empty()) return std::nullopt;
    for (const CLI::Option* o : cur->get_options())
      if (o->get_expected_max() > 0 || o->get_positional()) return std::nullopt;
    while (i < argc && argv[i][0] == '-' && std::string(argv[i]) != "--") ++i;
    if (i >= argc || std::string(argv[i]) == "--")
      return fmt::format("'{}' needs a subcommand: {} (see '{} --help')", path, names(cur), path);
    CLI::App* sub = nullptr;
    try {
      sub = cur->get_subcommand(argv[i]);
    } catch (const CLI::OptionNotFound&) {
    }
    if (sub == nullptr)
      return fmt::format("unknown subcommand {}{} (subcommands: {}; see '{} --help')", quote_input(argv[i]),
                         cur == &app ? "" : " of '" + path + "'", names(cur), path);
    cur = sub;
    path += " " + std::string(argv[i++]);
  }
}

// Output that did not reach stdout (a full disk, a file-size limit) is a
// failure, not a success with a short file: false after saying so in one
// line. Help and --version (CLI11 prints them with std::cout) too.
bool output_written() {
  std::cout.flush();
  if (std::fflush(stdout) == 0 && !std::ferror(stdout) && std::cout.good()) return true;
  // errno is still that of the failed write, unless a later call changed it:
  // name only the reasons a write gives.
  const int e = errno;
  const bool known = e == EFBIG || e == ENOSPC || e == EIO || e == EDQUOT || e == EPIPE;
  std::fprintf(stderr, "bitexact: error: cannot write the output: %s\n",
               known ? std::strerror(e) : "write error (a full disk or a file-size limit?)");
  return false;
}

}  // namespace
}  // namespace bitexact::cli

int main(int argc, char** argv) {
  using namespace bitexact;
  // Under a file-size limit (ulimit -f) the kernel kills a writer with SIGXFSZ,
  // leaving a half-written temporary file. Ignored, the write fails with EFBIG
  // and ends like a full disk: the writer removes its temporary file and the
  // user gets one line, exit 2.
  std::signal(SIGXFSZ, SIG_IGN);
  // BITEXACT_ISA caps the instructions the host paths use (bitexact/dispatch.hpp);
  // the library ignores a value it does not know, so it is refused here.
  if (const char* isa = std::getenv("BITEXACT_ISA"); isa && !dispatch::parse_level(isa)) {
    std::fprintf(stderr, "bitexact: error: BITEXACT_ISA=%s is not one of %s\n", quote_input(isa, 40).c_str(),
                 dispatch::level_names);
    return 2;
  }
  CLI::App app{"bitexact: bit-exact reproductions of GPU vendor math, truth and conformance"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show the help of every subcommand, nested ones included");
  app.set_version_flag("--version", cli::version_text,
                       "Show the library version and the vendor releases it reproduces (CUDA, ROCm ocml, FpSan)");
  app.footer(
      "Examples:\n"
      "  bitexact eval nv.sinf 1e6              CUDA's sinf(1e6), bits in hex (operands: see 'eval --help')\n"
      "  bitexact ulp nv.sinf 1e6 --output both  its value and its error in ulps\n"
      "  bitexact sweep sinf --impl nv,ocml --inputs binades:64 --out out/sinf\n"
      "Bad input: one line on stderr, exit status 2.");
  for (auto setup : cli::commands()) setup(app);
  // eval and ulp read "-inf" and "-0.5" as operands without help; a "--" typed
  // out of habit would make CLI11 hand the rest to the top level, which takes
  // no operands: drop it there.
  std::vector<char*> args(argv, argv + argc);
  if (argc > 2 && (std::strcmp(argv[1], "eval") == 0 || std::strcmp(argv[1], "ulp") == 0))
    std::erase_if(args, [](const char* a) { return std::strcmp(a, "--") == 0; });
  argc = int(args.size());
  argv = args.data();
  // CLI11 answers --version as soon as it meets it and drops the rest
  // ("--version foo" printed the version): anything next to it is refused.
  if (argc > 2 && std::find_if(argv + 1, argv + argc, [](const char* a) { return std::strcmp(a, "--version") == 0; }) !=
                      argv + argc) {
    std::fprintf(stderr, "bitexact: error: --version takes no other arguments (bitexact --version)\n");
    return 2;
  }
  if (auto why = cli::subcommand_problem(app, argc, argv)) {
    std::fprintf(stderr, "bitexact: error: %s\n", why->c_str());
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForAllHelp&) {
    cli::print_all_help(&app, "");
    return cli::output_written() ? 0 : 2;
  } catch (const CLI::CallForHelp& e) {
    const int rc = app.exit(e);
    return cli::output_written() ? rc : 2;
  } catch (const CLI::CallForVersion& e) {
    const int rc = app.exit(e);
    return cli::output_written() ? rc : 2;
  } catch (const CLI::ParseError& e) {
    cli::print_error("error", e.what());
    return 2;
  } catch (const cli::silent_exit& e) {
    return e.status;
  } catch (...) {
    return cli::report_failure(std::current_exception());
  }
  return cli::output_written() ? 0 : 2;
}
