// Runs the bitexact CLI (BITEXACT_CLI) with the given arguments and stdin text;
// shared by the CLI tests.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace bitexact::testing {

struct cli_result {
  int status;
  std::string out, err;
};

inline cli_result run_cli(const std::string& args, const std::string& input = "") {
  namespace fs = std::filesystem;
  static std::atomic<int> counter{0};
  const fs::path dir =
      fs::temp_directory_path() / ("bx_cli_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  fs::create_directories(dir);
  { std::ofstream(dir / "in") << input; }
  const std::string cmd = std::string(BITEXACT_CLI) + " " + args + " <" + (dir / "in").string() + " >" +
                          (dir / "out").string() + " 2>" + (dir / "err").string();
  const int st = std::system(cmd.c_str());
  auto slurp = [](const fs::path& p) {
    std::ifstream f(p);
    return std::string(std::istreambuf_iterator<char>(f), {});
  };
  cli_result r{WIFEXITED(st) ? WEXITSTATUS(st) : -1, slurp(dir / "out"), slurp(dir / "err")};
  fs::remove_all(dir);
  return r;
}

// A path `name` in a per-process scratch directory named after `tag`.
inline std::filesystem::path scratch_path(const std::string& tag, const std::string& name) {
  const std::filesystem::path d =
      std::filesystem::temp_directory_path() / ("bx_" + tag + "_" + std::to_string(::getpid()));
  std::filesystem::create_directories(d);
  return d / name;
}

}  // namespace bitexact::testing
