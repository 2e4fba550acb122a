// bitexact/porting/porting.hpp — what the porting tools share (`bitexact
// identify`, docs/porting.md): a port's inputs and outputs read from files, the
// registered implementations ranked by how many outputs they reproduce bit for
// bit, and the known reason for a difference.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bitexact/registry/registry.hpp"

namespace bitexact::porting {

// A port's evidence: operands a[i] (and b[i] for two-operand functions) and
// the port's output out[i].
struct port_data {
  Fn fn;
  std::vector<word> a, b, out;
  std::size_t size() const { return out.size(); }
};

// Reads inputs and outputs in any format of bitexact/io/vector_io.hpp.
// The inputs file has the function's operands as its first columns (an
// export's x [y] out will do); the outputs file has one column, or is such an
// export, whose last column is taken. Throws input_error (one line) on a
// malformed file or when the counts differ.
port_data load(Fn fn, const std::string& inputs, const std::string& outputs);

// `impl`'s outputs on the port's inputs (all cores).
std::vector<word> evaluate(const Impl& impl, const port_data& p);

struct match {
  std::string impl;
  std::uint64_t equal = 0;  // bit-identical outputs
  double share = 0;         // equal / inputs
};
// Every registered implementation of the function, most bit-identical outputs
// first (ties by name).
std::vector<match> rank(const port_data& p);

// Representable values between two outputs (0 when equal; both NaN count as
// equal, a NaN and a number as the largest distance).
std::uint64_t ulp_distance(int bits, word port, word ref);

// Why the port's output `port` differs from `impl`'s `ref` at operands (a, b),
// as far as it can be told from the values: a NaN payload, a flushed
// subnormal (FTZ) input or output, libdevice's slow trigonometric path, ...;
// otherwise the discrepancy class with the ULP distance.
std::string reason(const Impl& impl, word a, word b, word port, word ref);

}  // namespace bitexact::porting
