// include/bitexact/nv/sfu_sets.hpp — the input sets on which device/sfu_probe.cu dumps the
// GPU's SFU outputs, shared with the host tools that read those dumps
// (tools/gen/fit_sfu_tables.cpp, tests): pure functions, no state.
//   spread      2^18 bit patterns, one in each run of 2^14, over all 2^32;
//   spread_second  a second operand per spread input (two-operand ops);
//   subnormals  2^16 subnormals, one in each run of 256, both signs;
//   dense(op)   a contiguous binade range of the op's table domain, every
//               STRIDE-th pattern (enough points per table interval to fit
//               its coefficients; exhaustive checks come from the digests).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bitexact/inputs.hpp"

namespace bitexact::sfu_sets {

// One splitmix64 step from state z (bitexact/inputs.hpp), low word.
inline std::uint32_t mix32(std::uint64_t z) { return std::uint32_t(inputs::mix64(z)); }

inline std::vector<std::uint32_t> spread() {
  std::vector<std::uint32_t> v(1u << 18);
  for (std::uint32_t i = 0; i < v.size(); ++i) v[i] = (i << 14) | (mix32(i) & 0x3fffu);
  return v;
}
inline std::vector<std::uint32_t> spread_second() {
  std::vector<std::uint32_t> v(1u << 18);
  for (std::uint32_t i = 0; i < v.size(); ++i) v[i] = mix32(i + (1ull << 40));
  return v;
}
inline std::vector<std::uint32_t> subnormals() {
  std::vector<std::uint32_t> v(1u << 16);
  for (std::uint32_t i = 0; i < v.size(); ++i)
    v[i] = ((i & 1u) << 31) | ((i >> 1) << 8) | (mix32(i + (1ull << 41)) & 0xffu);
  return v;
}

struct dense_range {
  std::uint32_t lo, hi, stride;  // bit patterns lo, lo + stride, ... < hi
};
// The op name is the PTX instruction ("sin.approx.ftz.f32").
inline std::vector<dense_range> dense_ranges(const std::string& op) {
  if (op.rfind("rcp.", 0) == 0) return {{0x3f800000u, 0x40000000u, 16}};                    // [1, 2)
  if (op.rfind("rsqrt.", 0) == 0 || op.rfind("sqrt.", 0) == 0) return {{0x3f800000u, 0x40800000u, 16}};  // [1, 4)
  if (op.rfind("lg2.", 0) == 0) return {{0x3f000000u, 0x40000000u, 16}};                    // [0.5, 2)
  if (op.rfind("ex2.", 0) == 0)                                                              // +-[0.5, 2)
    return {{0x3f000000u, 0x40000000u, 16}, {0xbf000000u, 0xc0000000u, 16}};
  if (op.rfind("sin.", 0) == 0 || op.rfind("cos.", 0) == 0) return {{0x3d000000u, 0x41000000u, 64}};  // [2^-5, 8)
  if (op.rfind("tanh.", 0) == 0) return {{0x3c800000u, 0x41800000u, 64}};                   // [2^-6, 16)
  return {};
}
inline std::vector<std::uint32_t> dense(const std::string& op) {
  std::vector<std::uint32_t> v;
  for (const auto& r : dense_ranges(op))
    for (std::uint64_t b = r.lo; b < r.hi; b += r.stride) v.push_back(std::uint32_t(b));
  return v;
}

}  // namespace bitexact::sfu_sets
