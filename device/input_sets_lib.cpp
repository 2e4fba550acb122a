// device/input_sets_lib.cpp — the standard input sets of bitexact/inputs.hpp as a
// C shared library, for Python harnesses that must feed a GPU exactly the
// operands device/nv_native.cu and the CPU digest tests use
// (tools/scripts/device/input_sets_ctypes.py loads it with ctypes for triton_libdevice.py).
//
// Build (the harness does this itself, into a temporary directory):
//   g++ -O2 -std=c++20 -shared -fPIC -Iinclude device/input_sets_lib.cpp -o libbx_inputs.so -pthread
// With -DBX_WITH_XXHASH (xxhash.h on the include path) it also digests blocks
// with XXH3_64bits on all cores, as nv_native.cu does.
//
// Nothing here re-implements a generator: every operand comes from
// inputs::standard_input<T, Arity>, the function the device kernels call.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "bitexact/inputs.hpp"

#ifdef BX_WITH_XXHASH
#define XXH_INLINE_ALL
#include "xxhash.h"
#endif

namespace {
namespace in = bitexact::inputs;

// Runs body(begin, end) over [0, n) in nthreads contiguous pieces.
template <class Body>
void parallel(std::uint64_t n, int nthreads, Body body) {
  if (nthreads <= 0) nthreads = int(std::max(1u, std::thread::hardware_concurrency()));
  const std::uint64_t per = (n + std::uint64_t(nthreads) - 1) / std::uint64_t(nthreads);
  std::vector<std::thread> th;
  for (int t = 0; t < nthreads; ++t) {
    const std::uint64_t b = std::min(n, per * std::uint64_t(t)), e = std::min(n, b + per);
    if (b < e) th.emplace_back(body, b, e);
  }
  for (auto& t : th) t.join();
}

template <class T, int Arity>
void fill(in::set_kind kind, std::uint64_t seed, std::uint64_t base, std::uint64_t n,
          typename bitexact::float_traits<T>::storage* x, typename bitexact::float_traits<T>::storage* y,
          int nthreads) {
  parallel(n, nthreads, [&](std::uint64_t b, std::uint64_t e) {
    for (std::uint64_t i = b; i < e; ++i) {
      const auto p = in::standard_input<T, Arity>(kind, seed, base + i);
      x[i] = p.x;
      if (y != nullptr) y[i] = p.y;
    }
  });
}

// kind: 0 exhaustive, 1 uniform, 2 structured (inputs::set_kind's order).
bool valid(int kind, int arity) { return kind >= 0 && kind <= 2 && (arity == 1 || arity == 2); }
}  // namespace

extern "C" {

// Inputs base .. base+n-1 of a standard set of binary32 operands: x[i] (and,
// when y is not null, y[i]: 0 for one operand). Returns 0, or -1 for a bad kind/arity.
int bx_fill_f32(int kind, int arity, std::uint64_t seed, std::uint64_t base, std::uint64_t n, std::uint32_t* x,
                std::uint32_t* y, int nthreads) {
  if (!valid(kind, arity)) return -1;
  const auto k = in::set_kind(kind);
  if (arity == 1)
    fill<float, 1>(k, seed, base, n, x, y, nthreads);
  else
    fill<float, 2>(k, seed, base, n, x, y, nthreads);
  return 0;
}

// The same for binary64 operands.
int bx_fill_f64(int kind, int arity, std::uint64_t seed, std::uint64_t base, std::uint64_t n, std::uint64_t* x,
                std::uint64_t* y, int nthreads) {
  if (!valid(kind, arity) || kind == 0) return -1;  // no exhaustive binary64 set
  const auto k = in::set_kind(kind);
  if (arity == 1)
    fill<double, 1>(k, seed, base, n, x, y, nthreads);
  else
    fill<double, 2>(k, seed, base, n, x, y, nthreads);
  return 0;
}

// 1 when built with xxhash.h (bx_xxh3_blocks available), else 0.
int bx_has_xxhash() {
#ifdef BX_WITH_XXHASH
  return 1;
#else
  return 0;
#endif
}

// out[b] = XXH3_64bits (seed 0) of bytes [b * block_bytes, (b + 1) * block_bytes)
// of data, for b < nblocks, on nthreads threads. Returns -1 without xxhash.h.
int bx_xxh3_blocks(const void* data, std::uint64_t nblocks, std::uint64_t block_bytes, std::uint64_t* out,
                   int nthreads) {
#ifdef BX_WITH_XXHASH
  const auto* p = static_cast<const unsigned char*>(data);
  std::atomic<std::uint64_t> next{0};
  parallel(std::uint64_t(nthreads > 0 ? nthreads : std::max(1u, std::thread::hardware_concurrency())), nthreads,
           [&](std::uint64_t, std::uint64_t) {
             for (std::uint64_t b; (b = next++) < nblocks;) out[b] = XXH3_64bits(p + b * block_bytes, block_bytes);
           });
  return 0;
#else
  (void)data, (void)nblocks, (void)block_bytes, (void)out, (void)nthreads;
  return -1;
#endif
}

}  // extern "C"
