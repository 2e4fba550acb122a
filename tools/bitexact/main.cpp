#include <cstdio>
#include <iostream>

#include "command.hpp"

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

int report_failure(const std::exception_ptr& e, const std::string& who) {
  try {
    std::rethrow_exception(e);
  } catch (const silent_exit& s) {
    return s.status;
  } catch (const input_error& x) {
    std::fflush(stdout);
    std::fprintf(stderr, "bitexact: error: %s%s\n", who.c_str(), x.what());
    return 2;
  } catch (const std::exception& x) {
    std::fprintf(stderr, "bitexact: internal error: %s%s\n", who.c_str(), x.what());
    return 1;
  } catch (...) {
    std::fprintf(stderr, "bitexact: internal error: %sunknown exception\n", who.c_str());
    return 1;
  }
}

evaluated eval_stdin(const Impl& impl) {
  const FnInfo& f = fn_info(impl.fn);
  auto rows = read_hex_rows(std::cin, f.arity, f.bits, "stdin");
  evaluated e{std::vector<word>(rows.size()), std::vector<word>(rows.size()), std::vector<word>(rows.size())};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    e.a[i] = rows[i].v[0];
    e.b[i] = rows[i].v[1];
  }
  const word* args[2] = {e.a.data(), e.b.data()};
  impl.eval(args, e.out.data(), e.out.size());
  return e;
}

}  // namespace bitexact::cli

int main(int argc, char** argv) {
  using namespace bitexact;
  CLI::App app{"bitexact: bit-exact reproductions of GPU vendor math, truth and conformance"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show help for every subcommand");
  for (auto setup : cli::commands()) setup(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string msg = e.what();
    for (char& c : msg)
      if (c == '\n') c = ' ';
    std::fprintf(stderr, "bitexact: error: %s\n", msg.c_str());
    return 2;
  } catch (const cli::silent_exit& e) {
    return e.status;
  } catch (const std::exception&) {
    return cli::report_failure(std::current_exception());
  }
  return 0;
}
