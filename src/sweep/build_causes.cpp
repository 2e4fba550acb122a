// Why two builds of a libdevice function differ (bitexact/sweep/build_causes.hpp).
//
// The only file that instantiates every row's nv::NAME<B> for all 16 builds
// (33 rows x 16 builds): its includers see declarations, not templates.
#include "bitexact/sweep/build_causes.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "bitexact/bits.hpp"
#include "bitexact/nv/nv.hpp"
#include "bitexact/sweep/classify.hpp"

namespace bitexact::sweep {
namespace {

// nv::NAME<B> of each row, under one name. A row whose reproduction has no
// build template does not compile here.
template <Fn F>
struct by_build;
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)   \
  template <>                                                     \
  struct by_build<Fn::name> {                                     \
    template <nv::build B>                                        \
    static type eval(BITEXACT_PARAMS_##arity(type)) {             \
      return nv::name<B>(BITEXACT_ARGS_##arity);                  \
    }                                                             \
  };
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

// Completeness, both ways: every row above has a triton form (so the rows
// evaluated here are the rows with one), and no other row (an SFU or fast
// intrinsic row) has one that this file would leave out.
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)   \
  static_assert(nv::triton_form<Fn::name> != nullptr, #name       \
                ": its nv::" #name "<B> has no triton form (BITEXACT_NV_BUILD_FORMS_N, nv/build.hpp)");
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) \
  static_assert(nv::triton_form<Fn::name> == nullptr, #name          \
                ": a row with a triton form needs its builds here (src/sweep/build_causes.cpp)");
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION

constexpr unsigned build_count = 1u << nv::build_field_count;

template <Fn F>
using value_t = typename fn_traits<F>::type;
template <Fn F>
using storage_t = typename float_traits<value_t<F>>::storage;

// NAME<build_of_mask(M)> on n bit patterns.
using span_eval = void (*)(const word* a, const word* b, word* out, std::size_t n);

template <Fn F, unsigned M>
void span_of(const word* a, const word* b, word* out, std::size_t n) {
  using T = value_t<F>;
  using S = storage_t<F>;
  constexpr nv::build B = nv::build_of_mask(M);
  for (std::size_t i = 0; i < n; ++i) {
    const T x = bit_cast<T>(S(a[i]));
    if constexpr (fn_traits<F>::arity == 1)
      out[i] = word(bit_cast<S>(by_build<F>::template eval<B>(x)));
    else
      out[i] = word(bit_cast<S>(by_build<F>::template eval<B>(x, bit_cast<T>(S(b[i])))));
  }
}

// The entry of build M: nullptr where the reproduction does not model it (and
// is then not instantiated, which for powf would not compile).
template <Fn F, unsigned M>
constexpr span_eval span_entry() {
  if constexpr (nv::models_build<F>(nv::build_of_mask(M)))
    return &span_of<F, M>;
  else
    return nullptr;
}

using build_table = std::array<span_eval, build_count>;

template <Fn F, std::size_t... M>
constexpr build_table table_of(std::index_sequence<M...>) {
  return {span_entry<F, unsigned(M)>()...};
}

// Per row (Fn order), its 16 entries; rows without builds (the
// BITEXACT_NV_FUNCTION ones) have none.
constexpr build_table no_builds{};
constexpr build_table tables[] = {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  table_of<Fn::name>(std::make_index_sequence<build_count>{}),
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) no_builds,
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
};
static_assert(sizeof(tables) / sizeof(tables[0]) == all_function_count);

const build_table& table(Fn fn) { return tables[std::size_t(fn)]; }

span_eval entry(Fn fn, const nv::build& b) { return table(fn)[nv::mask_of_build(b)]; }

span_eval require_entry(Fn fn, const nv::build& b) {
  const span_eval e = entry(fn, b);
  if (!e)
    throw std::invalid_argument(fmt::format("{}: build {} (mask {}) is not modelled", fn_desc_of(fn).name,
                                            fields_text(nv::mask_of_build(b)), nv::mask_of_build(b)));
  return e;
}

// The proper, non-empty subsets of d by size, then by mask value.
std::vector<unsigned> proper_subsets(unsigned d) {
  std::vector<unsigned> s;
  for (unsigned m = 1; m < d; ++m)
    if ((m & ~d) == 0) s.push_back(m);
  std::stable_sort(s.begin(), s.end(), [](unsigned x, unsigned y) { return std::popcount(x) < std::popcount(y); });
  return s;
}

// What attribute does, with the target output known: the proper subsets in
// order, the first whose build gives `target`; a second of the same size that
// does too makes it a tie.
struct attributor {
  const build_table& tab;
  nv::build from, to;
  unsigned differing;
  std::vector<unsigned> order;  // proper_subsets(differing)

  attributor(Fn fn, const nv::build& f, const nv::build& t)
      : tab(table(fn)), from(f), to(t), differing(nv::fields_differing(f, t)), order(proper_subsets(differing)) {}

  cause operator()(word a, word b, word target) const {
    cause c{differing, false};
    bool found = false;
    for (unsigned s : order) {
      if (found && std::popcount(s) > std::popcount(c.fields)) break;
      const span_eval e = tab[nv::mask_of_build(nv::with_fields(from, to, s))];
      if (!e) continue;
      word r;
      e(&a, &b, &r, 1);
      if (r != target) continue;
      if (found) {
        c.tied = true;
        break;
      }
      c.fields = s;
      found = true;
    }
    return c;
  }
};

constexpr std::size_t slot_count = 2 * build_count;  // (fields, NaN payload)

struct accumulator {
  std::uint64_t count = 0, differ = 0, nan_payload = 0;
  std::array<cause_group, slot_count> g{};
};

// Keeps the `k` examples of smallest index.
void offer(std::vector<cause_example>& ex, const cause_example& e, std::size_t k) {
  if (k == 0) return;
  if (ex.size() == k && e.index > ex.back().index) return;
  ex.insert(std::upper_bound(ex.begin(), ex.end(), e,
                             [](const cause_example& x, const cause_example& y) { return x.index < y.index; }),
            e);
  if (ex.size() > k) ex.pop_back();
}

void merge_into(accumulator& dst, const accumulator& src, std::size_t k) {
  dst.count += src.count;
  dst.differ += src.differ;
  dst.nan_payload += src.nan_payload;
  for (std::size_t i = 0; i < slot_count; ++i) {
    cause_group& d = dst.g[i];
    const cause_group& s = src.g[i];
    d.count += s.count;
    d.tied += s.tied;
    d.nan_vs_number += s.nan_vs_number;
    d.max_ulp = std::max(d.max_ulp, s.max_ulp);
    for (const cause_example& e : s.examples) offer(d.examples, e, k);
  }
}

// Inputs per task and per evaluation batch.
constexpr std::uint64_t chunk_inputs = 16384;

}  // namespace

// ---- names ---------------------------------------------------------------------------

std::optional<nv::build> parse_build(std::string_view name) {
  for (const named_build& n : measured_builds)
    if (n.name == name) return n.b;
  return std::nullopt;
}

std::string build_names() {
  std::string s;
  for (const named_build& n : measured_builds) s += (s.empty() ? "" : ", ") + std::string(n.name);
  return s;
}

std::string fields_text(unsigned fields) {
  static constexpr std::string_view names[] = {"file", "reflect", "ops", "prec_sqrt"};
  std::string s;
  for (unsigned i = 0; i < nv::build_field_count; ++i)
    if (fields & (1u << i)) s += (s.empty() ? "" : "+") + std::string(names[i]);
  return s;
}

// ---- evaluation ----------------------------------------------------------------------

bool has_builds(Fn fn) { return table(fn)[0] != nullptr; }

bool modelled(Fn fn, const nv::build& b) { return entry(fn, b) != nullptr; }

template <Fn F>
  requires(fn_traits<F>::arity == 1)
typename fn_traits<F>::type eval_build(const nv::build& b, typename fn_traits<F>::type x) {
  const word a = word(bit_cast<storage_t<F>>(x)), none = 0;
  word r;
  require_entry(F, b)(&a, &none, &r, 1);
  return bit_cast<value_t<F>>(storage_t<F>(r));
}
template <Fn F>
  requires(fn_traits<F>::arity == 2)
typename fn_traits<F>::type eval_build(const nv::build& b, typename fn_traits<F>::type x,
                                       typename fn_traits<F>::type y) {
  const word a = word(bit_cast<storage_t<F>>(x)), c = word(bit_cast<storage_t<F>>(y));
  word r;
  require_entry(F, b)(&a, &c, &r, 1);
  return bit_cast<value_t<F>>(storage_t<F>(r));
}
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  template type eval_build<Fn::name>(const nv::build&, BITEXACT_PARAMS_##arity(type));
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION

void eval_build(Fn fn, const nv::build& b, const word* a, const word* bv, word* out, std::size_t n) {
  const span_eval e = require_entry(fn, b);
  if (fn_desc_of(fn).arity == 1 || bv == nullptr) {
    // One operand: the span form reads b[i] only for two.
    e(a, a, out, n);
  } else {
    e(a, bv, out, n);
  }
}

// ---- attribution ---------------------------------------------------------------------

cause attribute(Fn fn, const nv::build& from, const nv::build& to, word a, word b) {
  const span_eval f = require_entry(fn, from), t = require_entry(fn, to);
  word rf, rt;
  f(&a, &b, &rf, 1);
  t(&a, &b, &rt, 1);
  if (rf == rt) return {};
  return attributor(fn, from, to)(a, b, rt);
}

std::vector<unsigned> unmodelled_subsets(Fn fn, const nv::build& from, const nv::build& to) {
  std::vector<unsigned> out;
  if (!has_builds(fn)) return out;
  for (unsigned s : proper_subsets(nv::fields_differing(from, to)))
    if (!modelled(fn, nv::with_fields(from, to, s))) out.push_back(s);
  return out;
}

// ---- over an input set ---------------------------------------------------------------

causes_result run_causes(const causes_options& o) {
  const fn_desc& d = fn_desc_of(o.fn);
  if (!has_builds(o.fn))
    throw input_error(fmt::format("{} has no reproduction by build (causes covers the rows with a triton form)",
                                  d.name));
  if (o.from == o.to) throw input_error("the two builds are the same: nothing can differ");
  if (o.inputs.fn != o.fn) throw std::invalid_argument("run_causes: the input set is for another function");
  const span_eval ef = require_entry(o.fn, o.from), et = require_entry(o.fn, o.to);
  const attributor attr(o.fn, o.from, o.to);
  const int bits = d.bits;
  const std::size_t k = o.examples;

  const std::uint64_t chunks = (o.inputs.count + chunk_inputs - 1) / chunk_inputs;
  struct worker {
    accumulator acc;
    std::vector<word> a, b, f, t;
  };
  tbb::enumerable_thread_specific<worker> workers;
  auto run_chunk = [&](std::uint64_t c) {
    worker& w = workers.local();
    const std::uint64_t lo = c * chunk_inputs, hi = std::min(lo + chunk_inputs, o.inputs.count);
    const std::size_t n = std::size_t(hi - lo);
    w.a.resize(n);
    w.b.assign(n, 0);
    w.f.resize(n);
    w.t.resize(n);
    o.inputs.generate(lo, hi, w.a.data(), w.b.data());
    ef(w.a.data(), w.b.data(), w.f.data(), n);
    et(w.a.data(), w.b.data(), w.t.data(), n);
    accumulator& acc = w.acc;
    acc.count += n;
    for (std::size_t i = 0; i < n; ++i) {
      const word x = w.f[i], y = w.t[i];
      if (x == y) continue;
      const bool payload = hd::is_nan(bits, x) && hd::is_nan(bits, y);
      const cause cs = attr(w.a[i], w.b[i], y);
      (payload ? acc.nan_payload : acc.differ) += 1;
      cause_group& g = acc.g[2 * cs.fields + (payload ? 1 : 0)];
      ++g.count;
      g.tied += cs.tied;
      if (hd::is_nan(bits, x) != hd::is_nan(bits, y))
        ++g.nan_vs_number;
      else if (!payload)
        g.max_ulp = std::max(g.max_ulp, hd::ordered_distance(bits, x, y));
      offer(g.examples, {lo + i, w.a[i], d.arity == 2 ? w.b[i] : 0, x, y}, k);
    }
  };
  tbb::task_arena arena(o.threads ? int(o.threads) : tbb::this_task_arena::max_concurrency());
  arena.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<std::uint64_t>(0, chunks, 1),
        [&](const tbb::blocked_range<std::uint64_t>& r) {
          for (std::uint64_t c = r.begin(); c != r.end(); ++c) run_chunk(c);
        },
        tbb::simple_partitioner());
  });

  accumulator total;
  for (const worker& w : workers) merge_into(total, w.acc, k);
  causes_result res;
  res.fn = o.fn;
  res.from = o.from;
  res.to = o.to;
  res.differing = nv::fields_differing(o.from, o.to);
  res.unmodelled = unmodelled_subsets(o.fn, o.from, o.to);
  res.inputs = o.inputs.spec;
  res.count = total.count;
  res.differ = total.differ;
  res.nan_payload = total.nan_payload;
  for (std::size_t i = 0; i < slot_count; ++i) {
    cause_group g = total.g[i];
    if (!g.count) continue;
    g.fields = unsigned(i / 2);
    g.nan_payload = i % 2;
    res.groups.push_back(std::move(g));
  }
  std::stable_sort(res.groups.begin(), res.groups.end(), [](const cause_group& x, const cause_group& y) {
    if (x.nan_payload != y.nan_payload) return !x.nan_payload;
    return x.count > y.count;
  });
  return res;
}

}  // namespace bitexact::sweep
