// Runs the bitexact CLI (BITEXACT_CLI) without a shell: any bytes as arguments
// and stdin, a working directory, a file-size limit, and a time limit. What a
// run ended with (exit status or signal) is kept apart, so that a test can tell
// a crash from an error. Shared by the CLI robustness and fuzz tests.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace bitexact::testing {

struct exec_result {
  bool signaled = false;
  int sig = 0;     // the signal, when signaled
  int status = -1; // the exit status otherwise
  std::string out, err;
  int lines() const {
    int n = 0;
    for (char c : err) n += c == '\n';
    return n;
  }
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
  auto slurp = [](const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
  };
  exec_result r;
  r.signaled = WIFSIGNALED(st);
  r.sig = r.signaled ? WTERMSIG(st) : 0;
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  fs::remove_all(dir);
  return r;
}

}  // namespace bitexact::testing
