// Atomic file writes (bitexact/engine/atomic_file.hpp).
#include "bitexact/engine/atomic_file.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "bitexact/engine/hexio.hpp"

namespace bitexact {

void write_file_atomic(const std::string& path, const std::function<void(std::ostream&)>& write) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  fs::path tmp = target;
  tmp += ".tmp-" + std::to_string(::getpid());
  try {
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      if (!out) throw input_error("cannot write '" + path + "'");
      write(out);
      out.close();  // a failed close (e.g. a full disk) must not pass for a complete file
      if (!out) throw input_error("error while writing '" + path + "'");
    }
    fs::rename(tmp, target);
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
