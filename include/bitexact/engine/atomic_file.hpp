// bitexact/engine/atomic_file.hpp — writing output files so that an error leaves
// nothing half-written (DEVELOPERS.md: bad input leaves no partial output).
// Part of bitexact::engine.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <string_view>

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

}  // namespace bitexact
