// Input sets of the sweep engine: every input is a function of its index.
#include <charconv>
#include <fstream>
#include <limits>

#include <fmt/format.h>
#include <xxhash.h>

#include "bitexact/sweep/corpus.hpp"
#include "bitexact/io/hexio.hpp"
#include "bitexact/sweep/engine.hpp"
#include "bitexact/io/user_text.hpp"
#include "bitexact/inputs.hpp"

namespace bitexact::sweep {

std::uint64_t splitmix64(std::uint64_t seed, std::uint64_t index) { return inputs::splitmix64(seed, index); }

namespace {

std::uint64_t parse_u64(std::string_view s, std::string_view what, std::string_view spec) {
  std::uint64_t v = 0;
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2), base = 16;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size())
    throw input_error(fmt::format("bad {} {} in input set {}", what, quote_input(s), quote_input(spec)));
  return v;
}

std::uint64_t rows_digest(const std::vector<std::array<word, 2>>& rows) {
  if (rows.empty()) return XXH3_64bits(nullptr, 0);
  return XXH3_64bits(rows.data(), rows.size() * sizeof(rows[0]));
}

constexpr const char* input_set_help =
    "expected exhaustive, uniform:N[:SEED] (or random:N[:SEED]), structured:N[:SEED], binades:N, "
    "interval:LO:HI, edge[:SIZE] or file:PATH (see 'bitexact sweep --help')";

// Ordered keys of one-argument inputs: consecutive keys are consecutive values
// from -NaN.. -inf up to +inf.. +NaN, with -0 just below +0.
word ordered_key(word bits, int width) {
  const word sign = word(1) << (width - 1);
  return (bits & sign) ? (sign - 1) - (bits & (sign - 1)) : sign + bits;
}
word from_ordered_key(word key, int width) {
  const word sign = word(1) << (width - 1);
  return key >= sign ? key - sign : ((sign - 1) - key) | sign;
}

}  // namespace

InputSet parse_input_set(std::string_view spec, Fn fn) {
  const FnInfo& f = fn_info(fn);
  const std::string q = quote_input(spec);  // the spec as messages show it
  InputSet s;
  s.fn = fn;
  auto colon = spec.find(':');
  std::string_view kind = spec.substr(0, colon);
  std::string_view rest = colon == std::string_view::npos ? std::string_view() : spec.substr(colon + 1);
  const std::uint64_t strata = std::uint64_t(2) << (f.bits == 32 ? 8 : 11);  // sign x biased exponent

  if (kind == "exhaustive") {
    if (colon != std::string_view::npos) throw input_error(fmt::format("bad input set {}: {}", q, input_set_help));
    if (f.arity != 1 || f.bits != 32)
      throw input_error(
          fmt::format("input set 'exhaustive' needs a one-argument binary32 function; {} has {} operand(s) of {} "
                      "bits (use random:N or binades:N)",
                      f.name, f.arity, f.bits));
    s.kind = InputSet::Kind::exhaustive;
    s.count = std::uint64_t(1) << 32;
    s.spec = "exhaustive";
  } else if (kind == "uniform" || kind == "random" || kind == "structured") {
    auto c2 = rest.find(':');
    s.kind = kind == "structured" ? InputSet::Kind::structured : InputSet::Kind::uniform;
    s.param = parse_u64(rest.substr(0, c2), "count", spec);
    if (c2 != std::string_view::npos) s.seed = parse_u64(rest.substr(c2 + 1), "seed", spec);
    if (s.param == 0) throw input_error(fmt::format("input set {} is empty", q));
    if (s.param > (std::uint64_t(1) << 62)) throw input_error(fmt::format("input set {} is too large", q));
    s.count = s.param;
    s.spec = fmt::format("{}:{}:{}", s.kind_name(), s.param, s.seed);
  } else if (kind == "binades") {
    s.kind = InputSet::Kind::binades;
    s.param = parse_u64(rest, "count per binade", spec);
    if (s.param == 0) throw input_error(fmt::format("input set {} is empty", q));
    std::uint64_t per = f.arity == 1 ? strata : strata * strata;
    if (s.param > (std::uint64_t(1) << 62) / per) throw input_error(fmt::format("input set {} is too large", q));
    s.count = s.param * per;
    s.spec = fmt::format("binades:{}", s.param);
  } else if (kind == "interval") {
    // interval:LO:HI with LO, HI bit patterns or numbers: every input whose value
    // lies in [LO, HI], both zeros included when the interval spans 0.
    auto c2 = rest.find(':');
    if (f.arity != 1 || c2 == std::string_view::npos)
      throw input_error(
          fmt::format("bad input set {}: interval:LO:HI (numbers or 0x bit patterns) takes a "
                      "one-argument function",
                      q));
    // The bounds as eval reads operands: bit patterns (0x...) or numbers.
    const word lo = parse_operand(rest.substr(0, c2), f.bits, "input set " + q);
    const word hi = parse_operand(rest.substr(c2 + 1), f.bits, "input set " + q);
    const word mag = (word(1) << (f.bits - 1)) - 1;
    const word inf = f.bits == 32 ? word(fp_bits<float>::inf().bits) : word(fp_bits<double>::inf().bits);
    if ((lo & mag) > inf || (hi & mag) > inf)
      throw input_error(fmt::format("bad input set {}: the bounds must not be NaNs", q));
    const word klo = ordered_key(lo, f.bits), khi = ordered_key(hi, f.bits);
    if (klo > khi) throw input_error(fmt::format("bad input set {}: LO is above HI", q));
    if (khi - klo >= (std::uint64_t(1) << 62)) throw input_error(fmt::format("input set {} is too large", q));
    s.kind = InputSet::Kind::interval;
    s.param = klo;
    s.count = khi - klo + 1;
    s.spec = fmt::format("interval:{}:{}", format_hex(lo, f.bits), format_hex(hi, f.bits));
  } else if (kind == "edge") {
    s.kind = InputSet::Kind::edge;
    // edge:0 would be the whole corpus: a size is 1 or more (plain "edge" is the corpus).
    if (colon != std::string_view::npos) {
      s.param = parse_u64(rest, "size", spec);
      if (s.param == 0 || s.param > corpus::max_size)
        throw input_error(fmt::format("bad input set {}: SIZE must be 1 to {} (plain 'edge' is the whole corpus)", q,
                                      corpus::max_size));
    }
    for (const auto& e : corpus::sized(fn, s.param)) s.rows.push_back({e.a, e.b});
    s.count = s.rows.size();
    s.digest = rows_digest(s.rows);
    s.spec = s.param ? fmt::format("edge:{}", s.param) : "edge";
  } else if (kind == "file") {
    s.kind = InputSet::Kind::file;
    s.path = std::string(rest);
    if (s.path.empty()) throw input_error(fmt::format("bad input set {}: file: needs a path", q));
    std::ifstream in(s.path);
    if (!in) throw input_error(fmt::format("cannot read input file {}", quote_input(s.path, 200)));
    for (const auto& row : read_operand_rows(in, f.arity, f.bits, quote_input(s.path, 200)))
      s.rows.push_back({row.v[0], row.v[1]});
    if (s.rows.empty()) throw input_error(fmt::format("input file {} has no inputs", quote_input(s.path, 200)));
    s.count = s.rows.size();
    s.digest = rows_digest(s.rows);
    s.spec = "file:" + s.path;
  } else {
    throw input_error(fmt::format("unknown input set {}: {}", q, input_set_help));
  }
  return s;
}

void InputSet::generate(std::uint64_t lo, std::uint64_t hi, word* a, word* b) const {
  const FnInfo& f = fn_info(fn);
  const int mbits = f.bits == 32 ? 23 : 52;
  const int ebits = f.bits == 32 ? 8 : 11;
  const std::uint64_t strata = std::uint64_t(2) << ebits;
  const word frac_mask = (word(1) << mbits) - 1;
  // (sign, biased exponent) stratum s -> its bits with a random fraction.
  auto in_stratum = [&](std::uint64_t st, std::uint64_t rnd) {
    word sign = st >> ebits, exp = st & ((word(1) << ebits) - 1);
    return (sign << (f.bits - 1)) | (exp << mbits) | (rnd & frac_mask);
  };
  const std::uint64_t n = hi - lo;
  switch (kind) {
    case Kind::exhaustive:
      for (std::uint64_t i = 0; i < n; ++i) a[i] = lo + i;
      break;
    case Kind::uniform:
    case Kind::structured: {
      // The generator shared with the device kernels (bitexact/inputs.hpp).
      const auto k = kind == Kind::uniform ? inputs::set_kind::uniform : inputs::set_kind::structured;
      auto gen = [&]<class T, int N>() {
        for (std::uint64_t i = 0; i < n; ++i) {
          const auto p = inputs::standard_input<T, N>(k, seed, lo + i);
          a[i] = p.x;
          if constexpr (N == 2) b[i] = p.y;
        }
      };
      if (f.bits == 32)
        f.arity == 1 ? gen.template operator()<float, 1>() : gen.template operator()<float, 2>();
      else
        f.arity == 1 ? gen.template operator()<double, 1>() : gen.template operator()<double, 2>();
      break;
    }
    case Kind::binades:
      for (std::uint64_t i = 0; i < n; ++i) {
        const std::uint64_t idx = lo + i, st = idx / param;
        if (f.arity == 1) {
          a[i] = in_stratum(st, splitmix64(seed, idx));
        } else {
          a[i] = in_stratum(st / strata, splitmix64(seed, idx * 2));
          b[i] = in_stratum(st % strata, splitmix64(seed, idx * 2 + 1));
        }
      }
      break;
    case Kind::interval:
      for (std::uint64_t i = 0; i < n; ++i) a[i] = from_ordered_key(param + lo + i, f.bits);
      break;
    case Kind::edge:
    case Kind::file:
      for (std::uint64_t i = 0; i < n; ++i) {
        a[i] = rows[lo + i][0];
        if (f.arity == 2) b[i] = rows[lo + i][1];
      }
      break;
  }
}

std::string InputSet::describe() const {
  switch (kind) {
    case Kind::exhaustive:
      return "every binary32 bit pattern (2^32 inputs)";
    case Kind::uniform:
      return fmt::format("{} uniformly random bit patterns (bitexact::inputs::uniform{}, seed {})", param,
                         fn_info(fn).bits, seed);
    case Kind::structured:
      return fmt::format("{} structured inputs (bitexact::inputs::structured_{}, seed {})", param,
                         fn_info(fn).arity == 2 ? "pair" : "single", seed);
    case Kind::binades:
      return fmt::format("{} random inputs per (sign, binade) stratum{}", param,
                         fn_info(fn).arity == 2 ? " pair of the two operands" : "");
    case Kind::edge:
      return param ? fmt::format("the edge corpus resized to {} inputs", param)
                   : fmt::format("the edge corpus ({} inputs; bitexact corpus {})", count, fn_info(fn).name);
    case Kind::file:
      return fmt::format("{} inputs read from {}", count, path);
    case Kind::interval: {
      const int w = fn_info(fn).bits;
      return fmt::format("every input in [{}, {}] ({} inputs)", format_hex(from_ordered_key(param, w), w),
                         format_hex(from_ordered_key(param + count - 1, w), w), count);
    }
  }
  return "";
}

std::string_view InputSet::kind_name() const {
  switch (kind) {
    case Kind::exhaustive:
      return "exhaustive";
    case Kind::uniform:
      return "uniform";
    case Kind::structured:
      return "structured";
    case Kind::binades:
      return "binades";
    case Kind::edge:
      return "edge";
    case Kind::file:
      return "file";
    case Kind::interval:
      return "interval";
  }
  return "";
}

InputSet standard_set(Fn fn, std::string_view kind, std::uint64_t seed, std::uint64_t count) {
  if (kind == "exhaustive") {
    InputSet s = parse_input_set("exhaustive", fn);
    if (count != s.count)
      throw input_error(
          fmt::format("input set 'exhaustive' of {} has {} inputs, not {}", fn_info(fn).name, s.count, count));
    s.seed = seed;  // unused by the generator; kept so that the set is named as it was
    return s;
  }
  if (kind != "uniform" && kind != "structured")
    throw input_error(fmt::format("unknown standard input set {} (exhaustive, uniform, structured)", kind));
  return parse_input_set(fmt::format("{}:{}:{}", kind, count, seed), fn);
}

std::vector<InputSet> standard_sets(Fn fn, std::uint64_t count) {
  // The SEED column of bitexact/functions.def.
  const std::uint64_t seed = fn_desc_of(fn).first_seed;
  if (seed == 0) return {standard_set(fn, "exhaustive", 0, std::uint64_t(1) << 32)};
  return {standard_set(fn, "uniform", seed, count), standard_set(fn, "structured", seed + 1, count)};
}

}  // namespace bitexact::sweep
