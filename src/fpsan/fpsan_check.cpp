// bitexact fpsan check EXPR1 EXPR2 --dtype D [--samples N]
//
// Evaluates both expressions on the same random inputs in FpSan's payload
// space and (for contrast) in host IEEE arithmetic, and reports whether they
// are FpSan-equivalent: equal payloads on every sample. Exit status 0:
// equivalent on every sample, 1: a counterexample was found, 2: bad input.
#include <cmath>
#include <cstdio>
#include <map>

#include <fmt/format.h>

#include "bitexact/fpsan/expr.hpp"
#include "bitexact/fpsan/fpsan_ops.hpp"
#include "bitexact/fpsan/fpsan_check.hpp"

namespace bitexact::fpsan {
namespace fs = bitexact::fpsan;

namespace {

std::string hexw(fs::u64 v, fs::dtype d) { return fs::validate::hexw(v, fs::width_of(d)); }

bool same_ieee(const fs::expr::tval& a, const fs::expr::tval& b) {
  if (a.d != b.d) return false;
  if (fs::ieee::is_nan(a.d, a.v) && fs::ieee::is_nan(b.d, b.v)) return true;
  return a.v == b.v;
}

}  // namespace

int run_fpsan_check(const std::string& e1, const std::string& e2, fs::dtype d, double samples_d,
                    unsigned long long seed, const fs::params& p) {
  if (!(samples_d >= 1) || samples_d > 1e9 || samples_d != std::floor(samples_d))
    throw input_error(fmt::format("--samples must be a whole number between 1 and 1e9 (got {})", samples_d));
  const auto samples = static_cast<unsigned long long>(samples_d);
  fs::expr::program p1, p2;
  try {
    p1 = fs::expr::parse(e1);
    p2 = fs::expr::parse(e2);
  } catch (const fs::expr::parse_error& e) {
    throw input_error(e.what());
  }
  std::vector<std::string> vars = p1.variables;
  for (const auto& v : p2.variables) {
    bool seen = false;
    for (const auto& u : vars) seen |= (u == v);
    if (!seen) vars.push_back(v);
  }

  const int w = fs::width_of(d);
  const fs::mixer m = fs::make_mixer(d, p.rev);
  std::map<std::string, fs::u64> bits;
  fs::expr::env env{d, p, &bits};

  // Edge payloads first (0, 1, -1, the sign bit, ...), then random bit
  // patterns; the IEEE contrast skips inputs that are NaN or infinite.
  const fs::u64 edges[] = {0, 1, fs::mask_of(w), fs::sign_bit_of(w), 2, 3, fs::sign_bit_of(w) - 1};
  unsigned long long fp_diff = 0, ie_same = 0, ie_n = 0;
  std::string fp_cex, ie_cex;
  for (unsigned long long i = 0; i < samples; ++i) {
    std::string assign;
    for (std::size_t k = 0; k < vars.size(); ++k) {
      fs::u64 payload =
          i < 7 ? edges[(i + k) % 7] : fs::validate::sample_bits(seed, i * vars.size() + k) & fs::mask_of(w);
      bits[vars[k]] = fs::unembed(m, payload);
      assign += (k ? " " : "") + vars[k] + "=" + hexw(bits[vars[k]], d);
    }
    fs::expr::tval a, b;
    try {
      a = fs::expr::result_bits_fpsan(p1, env);
      b = fs::expr::result_bits_fpsan(p2, env);
    } catch (const fs::expr::parse_error& e) {
      throw input_error(e.what());
    }
    if (a.d != b.d)
      throw input_error(std::string("the expressions have different result types: ") + fs::format_of(a.d).name +
                        " and " + fs::format_of(b.d).name);
    if (a.v != b.v && fp_diff++ == 0)
      fp_cex = "  counterexample: " + assign + "\n    expr1 = " + hexw(a.v, a.d) + "\n    expr2 = " + hexw(b.v, b.d) +
               "   (" + fs::format_of(a.d).name + " bits)\n";

    bool finite = true;
    for (const auto& v : vars) {
      double x = fs::ieee::decode(d, bits[v]);
      finite &= std::isfinite(x);
    }
    if (finite) {
      ++ie_n;
      fs::expr::tval c = fs::expr::result_bits_ieee(p1, env), e = fs::expr::result_bits_ieee(p2, env);
      if (same_ieee(c, e))
        ++ie_same;
      else if (ie_cex.empty())
        ie_cex = "  e.g. " + assign + ": " + hexw(c.v, c.d) + " vs " + hexw(e.v, e.d) + "\n";
    }
  }

  std::printf("expr1: %s\nexpr2: %s\nvariables: %zu of type %s; %llu samples; revision %s; %s casts\n", e1.c_str(),
              e2.c_str(), vars.size(), fs::format_of(d).name, samples, fpsan_ops::revision_name(p.rev),
              p.casts == fs::cast_mode::fold ? "folding" : "homomorphic");
  if (fp_diff == 0)
    std::printf("FpSan: EQUIVALENT (identical payloads on all %llu samples)\n", samples);
  else
    std::printf("FpSan: NOT equivalent (payloads differ on %llu of %llu samples)\n%s", fp_diff, samples,
                fp_cex.c_str());
  std::printf(
      "IEEE (host double arithmetic rounded to the dtype, for contrast): %s on %llu of %llu "
      "finite-input samples\n%s",
      "identical", ie_same, ie_n, ie_cex.c_str());
  return fp_diff == 0 ? 0 : 1;
}

}  // namespace bitexact::fpsan
