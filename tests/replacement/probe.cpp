// tests/replacement/probe.cpp — an ordinary C++ program whose math is plain
// <cmath> (std::sin(float), std::fmod(double, double), ...) and knows nothing
// of bitexact's reproductions; the test builds it with the system compiler
// and swaps libm underneath it (LD_PRELOAD, or a static archive linked ahead
// of libm), docs/replacement.md.
//
//   probe                      stdin: `FN X [Y]` per line (hex bits); stdout: the result's bits
//   probe digests FN SET SEED COUNT THREADS [FIRST NBLOCKS]
//                              evaluates input i < COUNT of the standard set SET
//                              (exhaustive, uniform, structured; bitexact/inputs.hpp)
//                              on THREADS threads and prints one `0xSTART 0xDIGEST`
//                              line per block of 2^24 outputs (XXH3_64bits, seed 0,
//                              outputs as little-endian words), the format of
//                              `bitexact digests print` and of the device runs;
//                              FIRST NBLOCKS restrict it to those blocks.
// Bad input: one line on stderr, exit status 2.
//
// Only the input generator, the table of functions and the digest come from
// outside the standard library (bitexact/inputs.hpp, bitexact/functions.def
// and libxxhash); every math call is <cmath>.
// Built with -Os by the test: at -O1 and above GCC expands std::ceil(float)
// and std::ceil(double) inline on x86-64 (libstdc++ calls __builtin_ceilf,
// which -fno-builtin does not stop), and no library can replace inline code.
#include <xxhash.h>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bitexact/functions.hpp"
#include "bitexact/inputs.hpp"

namespace {

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "probe: %s\n", what.c_str());
  std::exit(2);
}

template <class T, class S>
T from_bits(S b) {
  static_assert(sizeof(T) == sizeof(S));
  T v;
  std::memcpy(&v, &b, sizeof v);
  return v;
}
template <class S, class T>
S to_bits(T v) {
  S b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// The functions, as a C++ program calls them: the <cmath> overload a C++
// program writes, for the functions named here; every other row of
// bitexact/functions.def by its C name (<cmath> declares those too), so a new
// row is probed with nothing to add here.
// Exported by the replacement libraries, not defined by glibc 2.36: C has no
// rsqrtf, erfinvf or normcdff (CUDA's and HIP's math libraries do), and C23's
// sinpif and cospif came later. Weak, so that the program links against glibc
// alone; where nothing defines them the probe returns a quiet NaN.
extern "C" float rsqrtf(float) noexcept __attribute__((weak));
extern "C" float erfinvf(float) noexcept __attribute__((weak));
extern "C" float normcdff(float) noexcept __attribute__((weak));
extern "C" float sinpif(float) noexcept __attribute__((weak));
extern "C" float cospif(float) noexcept __attribute__((weak));
// "if (!::name)" below is always false for the libm functions.
#pragma GCC diagnostic ignored "-Waddress"

template <bitexact::Fn F>
struct tag {};
float call(tag<bitexact::Fn::sinf>, float x, float) { return std::sin(x); }
float call(tag<bitexact::Fn::cosf>, float x, float) { return std::cos(x); }
float call(tag<bitexact::Fn::fmodf>, float x, float y) { return std::fmod(x, y); }
double call(tag<bitexact::Fn::fmod>, double x, double y) { return std::fmod(x, y); }
float call(tag<bitexact::Fn::ceilf>, float x, float) { return std::ceil(x); }
double call(tag<bitexact::Fn::ceil>, double x, double) { return std::ceil(x); }
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  [[maybe_unused]] type call_c(tag<bitexact::Fn::name>, type x, type y) { \
    (void)y;                                                    \
    if (!::name) return type(__builtin_nan(""));                \
    return ::name(BITEXACT_ARGS_##arity);                       \
  }
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

template <bitexact::Fn F, class T>
T eval(T x, T y) {
  if constexpr (requires { call(tag<F>{}, x, y); })
    return call(tag<F>{}, x, y);
  else
    return call_c(tag<F>{}, x, y);
}

template <class T>
using fn_ptr = T (*)(T, T);

struct entry {
  const char* name;
  int arity;
  bool is_double;
  fn_ptr<float> f;
  fn_ptr<double> d;
};
#define BX_ENTRY_float(name) false, &eval<bitexact::Fn::name, float>, nullptr
#define BX_ENTRY_double(name) true, nullptr, &eval<bitexact::Fn::name, double>
const entry table[] = {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) {#name, arity, BX_ENTRY_##type(name)},
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
};

const entry& find(const std::string& name) {
  for (const entry& e : table)
    if (name == e.name) return e;
  fail("unknown function '" + name + "' (not a row of functions.def)");
}

int eval_lines() {
  std::string line;
  unsigned long n = 0;
  while (std::getline(std::cin, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    std::string fn, rest;
    std::uint64_t x = 0, y = 0;
    in >> fn >> std::hex >> x;
    const entry& e = find(fn);
    if (e.arity == 2) in >> y;
    if (in.fail() || (in >> rest)) fail("line " + std::to_string(n) + ": expected FN X [Y] in hex");
    char out[32];
    if (e.is_double)
      std::snprintf(out, sizeof out, "0x%016llx",
                    (unsigned long long)to_bits<std::uint64_t>(e.d(from_bits<double>(x), from_bits<double>(y))));
    else
      std::snprintf(out, sizeof out, "0x%08x",
                    to_bits<std::uint32_t>(e.f(from_bits<float>(std::uint32_t(x)), from_bits<float>(std::uint32_t(y)))));
    std::puts(out);
  }
  return 0;
}

constexpr std::uint64_t block = std::uint64_t(1) << 24;

template <class T, int Arity>
void digest_blocks(fn_ptr<T> f, bitexact::inputs::set_kind kind, std::uint64_t seed, std::uint64_t first,
                   std::uint64_t nblocks, unsigned threads, std::vector<std::uint64_t>& out) {
  using S = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  std::atomic<std::uint64_t> next{0};
  auto work = [&] {
    std::vector<S> buf(block);
    for (std::uint64_t b; (b = next.fetch_add(1)) < nblocks;) {
      const std::uint64_t base = (first + b) * block;
      for (std::uint64_t i = 0; i < block; ++i) {
        const auto p = bitexact::inputs::standard_input<T, Arity>(kind, seed, base + i);
        buf[i] = to_bits<S>(f(from_bits<T>(p.x), from_bits<T>(p.y)));
      }
      // x86-64 and every other target this runs on is little-endian, the
      // byte order the digests are defined in.
      out[b] = XXH3_64bits(buf.data(), block * sizeof(S));
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
  for (std::thread& t : pool) t.join();
}

std::uint64_t parse_u64(const char* s, const char* what) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(s, &end, 0);
  if (errno != 0 || end == s || *end != '\0') fail(std::string("bad ") + what + " '" + s + "'");
  return v;
}

int digests(int argc, char** argv) {
  if (argc != 7 && argc != 9) fail("usage: probe digests FN SET SEED COUNT THREADS [FIRST NBLOCKS]");
  const entry& e = find(argv[2]);
  const std::string set = argv[3];
  using bitexact::inputs::set_kind;
  const set_kind kind = set == "exhaustive" ? set_kind::exhaustive
                        : set == "uniform"  ? set_kind::uniform
                        : set == "structured"
                            ? set_kind::structured
                            : (fail("unknown set '" + set + "' (exhaustive uniform structured)"), set_kind::uniform);
  const std::uint64_t seed = parse_u64(argv[4], "SEED"), count = parse_u64(argv[5], "COUNT");
  const std::uint64_t threads = parse_u64(argv[6], "THREADS");
  if (count % block != 0 || count == 0) fail("COUNT must be a positive multiple of 2^24");
  if (threads == 0 || threads > 1024) fail("THREADS must be 1..1024");
  if (kind == set_kind::exhaustive && (e.is_double || e.arity != 1 || count > (std::uint64_t(1) << 32)))
    fail("the exhaustive set is for one-operand float functions, COUNT <= 2^32");
  std::uint64_t first = 0, nblocks = count / block;
  if (argc == 9) {
    first = parse_u64(argv[7], "FIRST");
    nblocks = parse_u64(argv[8], "NBLOCKS");
    if (first + nblocks > count / block) fail("FIRST + NBLOCKS exceeds the set");
  }
  std::vector<std::uint64_t> out(nblocks);
  if (e.is_double)
    e.arity == 1 ? digest_blocks<double, 1>(e.d, kind, seed, first, nblocks, unsigned(threads), out)
                 : digest_blocks<double, 2>(e.d, kind, seed, first, nblocks, unsigned(threads), out);
  else
    e.arity == 1 ? digest_blocks<float, 1>(e.f, kind, seed, first, nblocks, unsigned(threads), out)
                 : digest_blocks<float, 2>(e.f, kind, seed, first, nblocks, unsigned(threads), out);
  for (std::uint64_t b = 0; b < nblocks; ++b)
    std::printf("0x%08llx 0x%016llx\n", (unsigned long long)((first + b) * block), (unsigned long long)out[b]);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "digests") return digests(argc, argv);
  if (argc != 1) fail("usage: probe < lines, or probe digests FN SET SEED COUNT THREADS [FIRST NBLOCKS]");
  return eval_lines();
}
