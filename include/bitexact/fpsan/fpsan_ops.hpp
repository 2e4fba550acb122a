// bitexact/fpsan/fpsan_ops.hpp — names of the FpSan model's dtypes, revisions
// and ops as the CLI (`bitexact fpsan ...`) and the Python module spell them,
// resolved to functions on bit patterns. Bad names throw input_error with the
// one-line message the CLI prints.
#pragma once

#include <functional>
#include <string>

#include "bitexact/io/hexio.hpp"
#include "bitexact/fpsan/identities.hpp"

namespace bitexact::fpsan_ops {

fpsan::dtype parse_dtype(const std::string& s);
// "1d2da15" (default, also ""), "triton-3.9.0", "triton-3.8.0", "4a4243f",
// "c327a6f" or the commits' dates; anything else throws input_error listing
// known_revisions().
fpsan::params parse_params(const std::string& revision, bool homomorphic);
const char* known_revisions();
const char* revision_name(fpsan::revision r);        // for reports: name and source
const char* revision_short_name(fpsan::revision r);  // a name parse_params accepts
// Throws input_error where revision r does not rewrite tt.clamp.
void require_clamp(fpsan::revision r);

// OP.DTYPE (e.g. "add.f32", "to_bf16.f32", "embed.f16"): FpSan's result on
// 1-3 operand bit patterns of DTYPE (unused ones 0).
struct op_fn {
  int arity = 1;
  int in_bits = 32, out_bits = 32;
  std::function<std::uint64_t(std::uint64_t, std::uint64_t, std::uint64_t)> f;
};
op_fn resolve(const std::string& spec, const fpsan::params& p);

}  // namespace bitexact::fpsan_ops
