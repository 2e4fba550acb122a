// bitexact/porting/porting.hpp — what the porting tools share (`bitexact
// identify`, `check`, docs/porting.md): a port's inputs and outputs read from
// files, its differences from an implementation grouped by cause, and the
// registered implementations ranked by how much of the port they explain.
#pragma once

#include <cstdint>
#include <map>
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

// How a port's outputs differ from one implementation's, grouped by cause.
// A cause is *known* when it explains the difference, not only its size:
// a flushed subnormal operand or result (FTZ), NaN payload bits, libdevice's
// sinf/cosf slow path where the port agrees with libdevice everywhere else.
// Other differences are grouped by discrepancy class, and number-vs-number
// ones by ULP distance in the sweep's bins (1, 2, (2^1,2^2], ...), so a
// port that is wrong everywhere gives a few dozen groups at most.
struct cause_group {
  std::string cause;
  bool known = false;
  std::uint64_t count = 0;
  std::vector<std::size_t> examples;  // indices of the first few inputs
};
struct comparison {
  std::uint64_t equal = 0;           // bit-identical outputs
  std::uint64_t explained = 0;       // differing outputs with a known cause
  std::uint64_t class_changes = 0;   // differing in class: NaN, infinity or zero against another value
  std::uint64_t max_distance = 0;    // largest ulp_distance (~0: a NaN against a number)
  std::size_t max_at = 0;            // its input (valid when some output differs)
  std::map<std::string, std::uint64_t> classes;  // sweep::disc_name -> outputs
  std::vector<cause_group> groups;   // most outputs first, then by name
  std::uint64_t differ(std::size_t n) const { return n - equal; }
};
// `ref` is `impl`'s outputs on the port's inputs (evaluate(impl, p)).
comparison compare(const Impl& impl, const port_data& p, const std::vector<word>& ref, std::size_t examples = 3);

struct match {
  std::string impl;
  std::uint64_t inputs = 0;
  comparison detail;
  std::uint64_t equal() const { return detail.equal; }          // bit-identical outputs
  std::uint64_t explained() const { return detail.explained; }  // differing, with a known cause
  double share() const { return inputs ? double(equal()) / double(inputs) : 0; }
  double explained_share() const { return inputs ? double(equal() + explained()) / double(inputs) : 0; }
};
// Every registered implementation of the function, the one that explains the
// most outputs first: bit-identical or differing for a known cause; then the
// most bit-identical, the fewest class changes, the smallest largest
// distance, the name. Bit-identical share alone misleads: a port that is
// libdevice with its slow path changed matches the host's libm on more
// inputs than libdevice by chance, and libdevice explains all of it.
std::vector<match> rank(const port_data& p);

// The registered implementations of the port's function, other than `skip`,
// that reproduce every output bit for bit (most are rejected on the first
// few thousand inputs).
std::vector<std::string> reproducing(const port_data& p, const std::string& skip = {});

// Representable values between two outputs (0 when equal; both NaN count as
// equal, a NaN and a number as the largest distance).
std::uint64_t ulp_distance(int bits, word port, word ref);

}  // namespace bitexact::porting
