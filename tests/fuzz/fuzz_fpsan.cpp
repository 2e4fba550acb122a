// Fuzz target: FpSan expressions (fpsan::expr::parse, then evaluated in the
// payload algebra and in IEEE arithmetic, as `fpsan check` does) and the
// OP.DTYPE names of `fpsan eval` (fpsan_ops::resolve, then applied). The
// parser rejects with parse_error, the names with input_error.
#include <map>

#include "bitexact/fpsan/expr.hpp"
#include "bitexact/fpsan/fpsan_ops.hpp"
#include "bitexact/io/hexio.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bitexact;
  namespace fs = bitexact::fpsan;
  fuzz::reader r{data, size};
  const std::uint8_t sel = r.byte();
  const std::uint64_t a = r.u64(), b = r.u64(), c = r.u64();
  const std::string s = r.rest();
  const fs::params p = fpsan_ops::parse_params((sel & 1) ? "triton-3.8.0" : "1d2da15", (sel & 2) != 0);
  if (sel & 4) {
    try {
      const fpsan_ops::op_fn op = fpsan_ops::resolve(s, p);
      const std::uint64_t out = op.f(a & fs::mask_of(op.in_bits), b & fs::mask_of(op.in_bits),
                                     c & fs::mask_of(op.in_bits));
      if (op.out_bits < 64 && (out >> op.out_bits) != 0) fuzz::finding("fpsan op result wider than its dtype");
    } catch (const input_error&) {
    }
    return 0;
  }
  const fs::dtype d = fs::all_dtypes[(sel >> 3) % fs::dtype_count];
  try {
    const fs::expr::program pr = fs::expr::parse(s);
    std::map<std::string, fs::u64> bits;
    const std::uint64_t vals[3] = {a, b, c};
    for (std::size_t k = 0; k < pr.variables.size(); ++k)
      bits[pr.variables[k]] = vals[k % 3] & fs::mask_of(fs::width_of(d));
    const fs::expr::env e{d, p, &bits};
    (void)fs::expr::result_bits_fpsan(pr, e);
    (void)fs::expr::result_bits_ieee(pr, e);
  } catch (const fs::expr::parse_error&) {
  } catch (const input_error&) {
  }
  return 0;
}
