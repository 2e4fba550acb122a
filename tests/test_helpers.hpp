// What the tests share: reading a file whole, scratch folders, and running the
// bitexact CLI (BITEXACT_CLI) — through the shell (run_cli, shell) or without
// one (exec_cli: any bytes as arguments and stdin, a working directory, a
// file-size and a time limit, a crash told apart from an error).
// (The sweep engine's in-process helpers are in sweep_test_helpers.hpp, the
// digest checks in digest_check.hpp.)
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace bitexact::testing {

// ---- files ---------------------------------------------------------------------

// The bytes of a file ("" if it cannot be read).
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// The number of '\n' in s (a one-line error has exactly one).
inline int line_count(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

// ---- scratch folders -------------------------------------------------------------

// A new, empty folder /tmp/bx-TAG-XXXXXX on every call.
inline std::filesystem::path fresh_dir(const std::string& tag) {
  std::string tmpl = "/tmp/bx-" + tag + "-XXXXXX";
  return std::filesystem::path(::mkdtemp(tmpl.data()));
}

// One folder per TAG for the whole process (fresh_dir on first use).
inline std::filesystem::path scratch_dir(const std::string& tag) {
  static std::mutex mu;
  static std::map<std::string, std::filesystem::path> dirs;
  std::lock_guard lock(mu);
  auto it = dirs.find(tag);
  if (it == dirs.end()) it = dirs.emplace(tag, fresh_dir(tag)).first;
  return it->second;
}

// A path `name` in a per-process scratch directory named after `tag`.
inline std::filesystem::path scratch_path(const std::string& tag, const std::string& name) {
  const std::filesystem::path d =
      std::filesystem::temp_directory_path() / ("bx_" + tag + "_" + std::to_string(::getpid()));
  std::filesystem::create_directories(d);
  return d / name;
}

// ---- running commands through the shell ------------------------------------------

struct cli_result {
  int status;  // exit status; -1 if the command did not exit (a signal)
  std::string out, err;
};

namespace detail {
// `cmd` with /bin/sh, stdout and stderr captured in a folder of its own; stdin
// from the file holding `*input`, or this process's when input is null.
inline cli_result run_shell(const std::string& cmd, const std::string* input) {
  namespace fs = std::filesystem;
  static std::atomic<int> counter{0};
  const fs::path dir =
      fs::temp_directory_path() / ("bx_cli_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  fs::create_directories(dir);
  std::string line = cmd;
  if (input) {
    std::ofstream(dir / "in") << *input;
    line += " <" + (dir / "in").string();
  }
  line += " >" + (dir / "out").string() + " 2>" + (dir / "err").string();
  const int st = std::system(line.c_str());
  cli_result r{WIFEXITED(st) ? WEXITSTATUS(st) : -1, slurp(dir / "out"), slurp(dir / "err")};
  fs::remove_all(dir);
  return r;
}
}  // namespace detail

// Runs `cmd` with /bin/sh, stdout and stderr captured (stdin is this process's).
inline cli_result shell(const std::string& cmd) { return detail::run_shell(cmd, nullptr); }

// `bitexact ARGS` through the shell with `input` as its stdin.
inline cli_result run_cli(const std::string& args, const std::string& input = "") {
  return detail::run_shell(std::string(BITEXACT_CLI) + " " + args, &input);
}

// ---- running the CLI without a shell ---------------------------------------------

struct exec_result {
  bool signaled = false;
  int sig = 0;      // the signal, when signaled
  int status = -1;  // the exit status otherwise
  std::string out, err;
  int lines() const { return line_count(err); }
};

struct exec_options {
  std::filesystem::path cwd;       // empty: this process's
  long long file_size_limit = -1;  // bytes (RLIMIT_FSIZE); -1: none
  unsigned seconds = 60;           // then SIGALRM ends the run: a hang shows as a signal
};

inline exec_result exec_cli(const std::vector<std::string>& args, const std::string& input = "",
                            const exec_options& o = {}) {
  namespace fs = std::filesystem;
  static std::atomic<int> counter{0};
  const fs::path dir =
      fs::temp_directory_path() / ("bx_exec_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  fs::create_directories(dir);
  const fs::path in = dir / "in", out = dir / "out", err = dir / "err";
  std::ofstream(in, std::ios::binary) << input;
  std::vector<char*> argv;
  std::string cli = BITEXACT_CLI;
  argv.push_back(cli.data());
  std::vector<std::string> copy = args;
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fi = ::open(in.c_str(), O_RDONLY), fo = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644),
              fe = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fi, 0), ::dup2(fo, 1), ::dup2(fe, 2);
    if (!o.cwd.empty() && ::chdir(o.cwd.c_str()) != 0) ::_exit(126);
    ::signal(SIGXFSZ, SIG_DFL);  // what a shell gives: the CLI must handle it itself
    if (o.file_size_limit >= 0) {
      const rlimit r{rlim_t(o.file_size_limit), rlim_t(o.file_size_limit)};
      ::setrlimit(RLIMIT_FSIZE, &r);
    }
    ::alarm(o.seconds);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  int st = 0;
  ::waitpid(pid, &st, 0);
  exec_result r;
  r.signaled = WIFSIGNALED(st);
  r.sig = r.signaled ? WTERMSIG(st) : 0;
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  fs::remove_all(dir);
  return r;
}

// A CSV's rows as fields, split at every comma (the reports' CSVs quote no
// field: none holds a comma).
inline std::vector<std::vector<std::string>> csv_rows(const std::string& csv) {
  std::vector<std::vector<std::string>> rows;
  std::size_t line = 0;
  while (line < csv.size()) {
    std::size_t end = csv.find('\n', line);
    if (end == std::string::npos) end = csv.size();
    std::vector<std::string> f;
    std::size_t p = line;
    for (std::size_t k; (k = csv.find(',', p)) < end; p = k + 1) f.push_back(csv.substr(p, k - p));
    f.push_back(csv.substr(p, end - p));
    rows.push_back(f);
    line = end + 1;
  }
  return rows;
}

}  // namespace bitexact::testing
