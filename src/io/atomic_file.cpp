// Atomic file writes (bitexact/engine/atomic_file.hpp).
#include "bitexact/engine/atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "bitexact/engine/hexio.hpp"
#include "bitexact/engine/user_text.hpp"

namespace bitexact {
namespace {

std::string reason(int err) { return err ? std::string(": ") + std::strerror(err) : std::string(); }

}  // namespace

void write_file_atomic(const std::string& path, const std::function<void(std::ostream&)>& write) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  fs::path tmp = target;
  tmp += ".tmp-" + std::to_string(::getpid());
  try {
    {
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
    }
    std::error_code ec;
    fs::rename(tmp, target, ec);  // e.g. onto a folder of that name
    if (ec) throw input_error(fmt::format("cannot write {}: {}", quote_input(path, 200), ec.message()));
  } catch (...) {
    std::error_code ec;
    fs::remove(tmp, ec);
    throw;
  }
}

void write_file_atomic(const std::string& path, std::string_view content) {
  write_file_atomic(path, [content](std::ostream& out) { out.write(content.data(), std::streamsize(content.size())); });
}

}  // namespace bitexact
