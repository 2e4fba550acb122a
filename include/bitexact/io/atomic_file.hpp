// bitexact/io/atomic_file.hpp — writing output files so that an error leaves
// nothing half-written (DEVELOPERS.md: bad input leaves no partial output).
// Part of bitexact::engine.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bitexact {

// Write a file atomically: the content goes to a temporary file next to
// `path` (same folder, so the rename cannot cross file systems), which is
// renamed over `path` only once it is completely written. On any error the
// temporary file is removed and `path` is left as it was. Throws input_error
// when the file cannot be written.
void write_file_atomic(const std::string& path, std::string_view content);
// The same with the content produced by `write`; an exception from `write`
// propagates, and nothing is written.
void write_file_atomic(const std::string& path, const std::function<void(std::ostream&)>& write);

// Several files that belong together (a sweep's reports and its state): all of
// them or none. Every content goes to its temporary file first; only when all
// are complete are they renamed over their targets. Should a rename still fail
// (a folder in the way), the targets renamed so far get their old content back
// (a hard link kept it) or are removed if they did not exist, so the folder is
// left as it was: a reader never sees report.json of one run beside report.csv
// of another. Throws input_error as write_file_atomic does.
struct file_content {
  std::string path;
  std::string content;
};
void write_files_atomic(const std::vector<file_content>& files);

// An output folder made for one command: made_for_output(dir) creates `dir`
// and every missing folder above it, and remembers which ones it made. Unless
// keep() was called, the destructor removes those again, deepest first and
// only while empty, so a command that fails leaves no folder it made behind
// and never removes a folder the user had (or one holding anything else).
class made_for_output {
 public:
  // Throws input_error ("cannot create output folder 'DIR'") when `dir` cannot
  // be made or is not a folder.
  explicit made_for_output(const std::string& dir);
  ~made_for_output();
  made_for_output(const made_for_output&) = delete;
  made_for_output& operator=(const made_for_output&) = delete;
  void keep() { made_.clear(); }

 private:
  void remove_made();
  std::vector<std::string> made_;  // deepest first
};

// An output folder held by one command while it writes there, so that a
// second bitexact writing the same folder (two sweeps given one --out) stops
// at once with one line naming the holder, instead of the two overwriting each
// other's checkpoints and reports. flock(2) on DIR/.bitexact.lock: the kernel
// releases it when the holder ends, however it ends (SIGKILL included, so a
// killed sweep never blocks its --resume); a holder that ends normally removes
// the file. The file holds "pid P, COMMAND, since TIME" for the message.
// Once held, the folder's stale temporary files (NAME.tmp-PID, NAME.old-PID:
// what a killed writer left) are removed.
// Throws input_error ("DIR is in use by another bitexact (pid P, sweep, since
// ...)") when held, or when the lock file cannot be made.
class output_lock {
 public:
  output_lock(const std::string& dir, std::string_view command);
  ~output_lock();
  output_lock(const output_lock&) = delete;
  output_lock& operator=(const output_lock&) = delete;

 private:
  int fd_ = -1;
  std::string path_;
};

// Throws input_error when `dir` could not be made or written by
// made_for_output later: a file in the way (of it or of a folder above it),
// or the nearest existing folder above it not writable. Creates nothing: for
// commands that check their output folder before hours of work but make it
// only when they write into it.
void check_output_folder(const std::string& dir);

}  // namespace bitexact
