// Atomic file writes (bitexact/io/atomic_file.hpp).
#include "bitexact/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "bitexact/io/hexio.hpp"
#include "bitexact/io/user_text.hpp"

namespace bitexact {
namespace {

std::string reason(int err) { return err ? std::string(": ") + std::strerror(err) : std::string(); }

// Writes `tmp` completely (the content for `path`), or throws input_error
// naming `path` and leaves no `tmp`.
void write_temporary(const std::filesystem::path& tmp, const std::string& path,
                     const std::function<void(std::ostream&)>& write) {
  try {
    // errno says why (a full disk: ENOSPC; a file-size limit, with SIGXFSZ
    // ignored as main() does: EFBIG); the stream keeps only "failed".
    errno = 0;
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw input_error(fmt::format("cannot write {}{}", quote_input(path, 200), reason(errno)));
    write(out);
    int err = out ? 0 : errno;
    out.close();  // a failed close (e.g. a full disk) must not pass for a complete file
    if (!out)
      throw input_error(fmt::format("error while writing {}{}", quote_input(path, 200), reason(err ? err : errno)));
  } catch (...) {
    std::error_code ec;
    std::filesystem::remove(tmp, ec);
    throw;
  }
}

// The marks of write_file(s)_atomic's temporary names, NAME + mark + PID: the
// new content, and the hard link that keeps the old one during the renames.
// output_lock recognises a dead writer's leftovers by them.
constexpr const char* temp_marks[] = {".tmp-", ".old-"};
constexpr const char* new_content_mark = temp_marks[0];
constexpr const char* old_content_mark = temp_marks[1];

std::filesystem::path beside(const std::string& path, const char* what) {
  std::filesystem::path p(path);
  p += what + std::to_string(::getpid());
  return p;
}

// `dir` without a trailing separator ("out/" names the folder "out").
std::filesystem::path folder_path(const std::string& dir) {
  std::filesystem::path p(dir);
  while (p.has_parent_path() && !p.has_filename() && p != p.root_path()) p = p.parent_path();
  return p;
}

}  // namespace

void write_file_atomic(const std::string& path, const std::function<void(std::ostream&)>& write) {
  namespace fs = std::filesystem;
  const fs::path tmp = beside(path, new_content_mark);
  write_temporary(tmp, path, write);
  std::error_code ec;
  fs::rename(tmp, path, ec);  // e.g. onto a folder of that name
  if (ec) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    throw input_error(fmt::format("cannot write {}: {}", quote_input(path, 200), ec.message()));
  }
}

void write_files_atomic(const std::vector<file_content>& files) {
  namespace fs = std::filesystem;
  std::vector<fs::path> tmps;
  auto remove = [](const fs::path& p) {
    std::error_code ec;
    if (!p.empty()) fs::remove(p, ec);
  };
  try {
    for (const auto& f : files) {
      tmps.push_back(beside(f.path, new_content_mark));
      const std::string_view content = f.content;
      write_temporary(tmps.back(), f.path,
                      [content](std::ostream& out) { out.write(content.data(), std::streamsize(content.size())); });
    }
  } catch (...) {
    for (const auto& t : tmps) remove(t);
    throw;
  }
  // Every content is on disk. Keep each old target under a second name (a
  // hard link: no copy) so that a failed rename below can put it back.
  std::vector<fs::path> olds(files.size());
  std::vector<bool> existed(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::error_code ec;
    existed[i] = fs::exists(fs::symlink_status(files[i].path, ec));
    if (!existed[i] || !fs::is_regular_file(fs::symlink_status(files[i].path, ec))) continue;
    const fs::path old = beside(files[i].path, old_content_mark);
    remove(old);
    if (::link(files[i].path.c_str(), old.c_str()) == 0) olds[i] = old;
  }
  std::size_t done = 0;
  std::error_code ec;
  for (; done < files.size(); ++done) {
    fs::rename(tmps[done], files[done].path, ec);
    if (ec) break;
  }
  if (done < files.size()) {
    for (std::size_t i = 0; i < done; ++i) {
      std::error_code ignored;
      if (!olds[i].empty())
        fs::rename(olds[i], files[i].path, ignored);
      else if (!existed[i])
        fs::remove(files[i].path, ignored);
      // else: an old target that could not be linked (a file system without
      // hard links, or not a regular file) keeps the new content.
    }
    for (std::size_t i = done; i < files.size(); ++i) remove(tmps[i]), remove(olds[i]);
    throw input_error(fmt::format("cannot write {}: {}", quote_input(files[done].path, 200), ec.message()));
  }
  for (const auto& o : olds) remove(o);
}

made_for_output::made_for_output(const std::string& dir) {
  namespace fs = std::filesystem;
  const fs::path p = folder_path(dir);
  std::vector<std::string> missing;  // deepest first
  for (fs::path q = p; !q.empty(); q = q.parent_path()) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(q, ec))) break;
    missing.push_back(q.string());
    if (q == q.parent_path()) break;
  }
  std::error_code ec;
  fs::create_directories(p, ec);
  for (const auto& m : missing)
    if (fs::is_directory(fs::symlink_status(m, ec))) made_.push_back(m);
  if (!fs::is_directory(p, ec)) {
    const std::string why = ec ? ": " + ec.message() : std::string();
    remove_made();  // what was made before giving up
    throw input_error(fmt::format("cannot create output folder {}{}", quote_input(dir, 200), why));
  }
}

made_for_output::~made_for_output() { remove_made(); }

void made_for_output::remove_made() {
  // fs::remove removes a folder only while it is empty: one that holds
  // anything (another writer's file) stays, and so do the folders above it.
  for (const auto& m : made_) {
    std::error_code ec;
    if (!std::filesystem::remove(m, ec)) break;
  }
  made_.clear();
}

output_lock::output_lock(const std::string& dir, std::string_view command)
    : path_((std::filesystem::path(folder_path(dir)) / ".bitexact.lock").string()) {
  // A holder that ends normally unlinks the file while still holding it; a
  // process that opened it just before then locks a file no longer in the
  // folder. So after locking, the file must still be the folder's (same
  // inode), else try again with the new one.
  for (int attempt = 0;; ++attempt) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw input_error(fmt::format("cannot lock output folder {}{}", quote_input(dir, 200), reason(errno)));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      char who[200] = {0};
      const ssize_t n = ::pread(fd_, who, sizeof who - 1, 0);
      ::close(fd_);
      fd_ = -1;
      if (err != EWOULDBLOCK)
        throw input_error(fmt::format("cannot lock output folder {}{}", quote_input(dir, 200), reason(err)));
      std::string holder(who, n > 0 ? std::size_t(n) : 0);
      while (!holder.empty() && (holder.back() == '\n' || holder.back() == '\0')) holder.pop_back();
      throw input_error(fmt::format("output folder {} is in use by another bitexact ({}): wait for it to end, or "
                                    "choose another folder",
                                    quote_input(dir, 200), holder.empty() ? "its lock file names no process" : holder));
    }
    struct stat held {}, now {};
    if (::fstat(fd_, &held) == 0 && ::stat(path_.c_str(), &now) == 0 && held.st_ino == now.st_ino &&
        held.st_dev == now.st_dev)
      break;
    ::close(fd_);
    fd_ = -1;
    if (attempt == 100) throw input_error(fmt::format("cannot lock output folder {}", quote_input(dir, 200)));
  }
  // Holding the folder, no other bitexact writes here now: a temporary file of
  // write_file(s)_atomic (NAME.tmp-PID, NAME.old-PID) is what a killed writer
  // left behind, never part of an output. Removed, so that a killed sweep's
  // --resume ends with a clean folder.
  {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(folder_path(dir), ec)) {
      const std::string n = e.path().filename().string();
      for (const char* mark : temp_marks) {
        const std::size_t k = n.rfind(mark), pid = k + std::strlen(mark);
        if (k == std::string::npos || k == 0 || pid == n.size()) continue;
        if (n.find_first_not_of("0123456789", pid) != std::string::npos) continue;
        std::error_code rc;
        if (e.is_regular_file(rc)) std::filesystem::remove(e.path(), rc);
      }
    }
  }
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char when[32];
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  const std::string who = fmt::format("pid {}, {}, since {}\n", ::getpid(), command, when);
  // Best effort: the lock is the flock, the text only names its holder.
  if (::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, who.data(), who.size(), 0) < 0) {
  }
}

output_lock::~output_lock() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());  // while still held: see the constructor
  ::close(fd_);
}

void check_output_folder(const std::string& dir) {
  namespace fs = std::filesystem;
  const fs::path p = folder_path(dir);
  for (fs::path q = p;; q = q.parent_path()) {
    const fs::path at = q.empty() ? fs::path(".") : q;
    std::error_code ec;
    const fs::file_status st = fs::status(at, ec);  // ENOTDIR (a file above) counts as not found
    if (fs::exists(st)) {
      if (!fs::is_directory(st))
        throw input_error(fmt::format("cannot create output folder {}: {} is not a folder", quote_input(dir, 200),
                                      quote_input(at.string(), 200)));
      if (::access(at.c_str(), W_OK | X_OK) != 0)
        throw input_error(fmt::format("cannot create output folder {}{}", quote_input(dir, 200), reason(errno)));
      return;
    }
    if (q.empty() || q == q.parent_path()) return;  // nothing of it exists (cannot happen for "." or "/")
  }
}

void write_file_atomic(const std::string& path, std::string_view content) {
  write_file_atomic(path, [content](std::ostream& out) { out.write(content.data(), std::streamsize(content.size())); });
}

}  // namespace bitexact
