// tests/fuzz/fuzz.hpp — what every libFuzzer target of tests/fuzz shares
// (docs/reliability.md). A target feeds its input to one parser or to two
// paths that must agree; the parser may reject the input only with its
// documented exception (input_error, and the JSON library's parse_error for
// text that is not JSON). Anything else escaping, a sanitizer report, or two
// paths disagreeing aborts: that is a finding, kept as a regression input in
// tests/fuzz/corpus/TARGET/ once fixed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <typeinfo>

namespace bitexact::fuzz {

// The bytes as text.
inline std::string text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// Reads bytes off the front of the input: selectors, then the rest.
struct reader {
  const std::uint8_t* p;
  std::size_t n;
  std::uint8_t byte() {
    if (n == 0) return 0;
    --n;
    return *p++;
  }
  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (int k = 0; k < 8; ++k) v |= std::uint64_t(byte()) << (8 * k);
    return v;
  }
  std::string rest() {
    std::string s(reinterpret_cast<const char*>(p), n);
    p += n, n = 0;
    return s;
  }
};

[[noreturn]] inline void finding(const std::string& what) {
  std::fprintf(stderr, "FUZZ FINDING: %s\n", what.c_str());
  std::abort();
}

// An exception that escapes a target ends the process through
// std::terminate: name it (type and message) before libFuzzer's "deadly
// signal", so that the finding says what escaped.
inline const bool terminate_names_the_exception = [] {
  std::set_terminate([] {
    if (const std::exception_ptr e = std::current_exception()) {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& x) {
        std::fprintf(stderr, "FUZZ FINDING: uncaught %s: %s\n", typeid(x).name(), x.what());
      } catch (...) {
        std::fprintf(stderr, "FUZZ FINDING: uncaught exception of an unknown type\n");
      }
    }
    std::abort();
  });
  return true;
}();

}  // namespace bitexact::fuzz
