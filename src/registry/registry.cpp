// The function table (from bitexact/functions.def, completed with the truth
// library's entries) and the table of implementations.
#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <type_traits>
#include <variant>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "bitexact/io/hexio.hpp"
#include "bitexact/ocml/not_reproduced.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/truth/truth.hpp"

namespace bitexact {
namespace {

// Adapters from the truth's typed functions to the word interface of FnInfo.
template <class T>
T from_word(word w) {
  return bit_cast<T>(typename float_traits<T>::storage(w));
}
template <auto F>
struct ulp_adapter;
template <class T, double (*F)(T, T)>
struct ulp_adapter<F> {
  static double run(word a, word, word r) { return F(from_word<T>(a), from_word<T>(r)); }
};
template <class T, double (*F)(T, T, T)>
struct ulp_adapter<F> {
  static double run(word a, word b, word r) { return F(from_word<T>(a), from_word<T>(b), from_word<T>(r)); }
};

constexpr std::array<FnInfo, all_function_count> function_rows{{
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  {Fn::name,                                                    \
   #name,                                                       \
   arity,                                                       \
   int(8 * sizeof(type)),                                       \
   #ocml,                                                       \
   &ulp_adapter<&truth::ulp_error_##name>::run,                 \
   &ulp_adapter<&truth::ulp_error_##name##_approx>::run},
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) BITEXACT_FUNCTION(name, arity, type, , edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
}};

struct Table {
  std::mutex mu;
  std::vector<std::unique_ptr<Impl>> impls;
};
Table& table() {
  static Table t;  // constructed on first use: safe from any static initialiser
  return t;
}
}  // namespace

std::span<const FnInfo> functions() { return std::span<const FnInfo>(function_rows).first(function_count); }
std::span<const FnInfo> all_functions() { return function_rows; }
const FnInfo& fn_info(Fn fn) { return function_rows[static_cast<std::size_t>(fn)]; }
std::optional<Fn> parse_fn(std::string_view name) {
  for (const auto& f : function_rows)
    if (f.name == name) return f.id;
  return std::nullopt;
}
const std::string& function_list() {
  static const std::string list = [] {
    std::string s;
    // Appended, not `" " + std::string(...)`: GCC 12 warns -Wrestrict on that
    // operator+ (a false positive, GCC bug 105329).
    for (const auto& f : function_rows) {
      if (!s.empty()) s += ' ';
      s += f.name;
    }
    return s;
  }();
  return list;
}

bool register_impl(Impl impl) {
  // What the compile-time checks of span_values_of / scalar_values_of cannot
  // see in an Impl written by hand: the evaluation's type against the row's.
  const FnInfo& f = fn_info(impl.fn);
  const std::string what = impl.name + "." + std::string(f.name);
  if (impl.typed.index() != (f.bits == 64 ? 1u : 0u))
    throw std::logic_error("bitexact: " + what + ": evaluation on the wrong type (the row's is binary" +
                           std::to_string(f.bits) + ")");
  std::visit(
      [&](const auto& e) {
        if (!e.values) throw std::logic_error("bitexact: " + what + ": no evaluation");
        if (!e.values_approx != !e.ulp_from_approx)
          throw std::logic_error("bitexact: " + what + ": values_approx and ulp_from_approx come together");
      },
      impl.typed);
  auto& t = table();
  std::lock_guard lock(t.mu);
  for (const auto& p : t.impls)
    if (p->name == impl.name && p->fn == impl.fn)
      throw std::logic_error("bitexact: implementation registered twice: " + impl.name + "." +
                             std::string(fn_info(impl.fn).name));
  t.impls.push_back(std::make_unique<Impl>(std::move(impl)));
  return true;
}

namespace {
std::map<std::string, std::string, std::less<>>& summaries() {
  static std::map<std::string, std::string, std::less<>> m;
  return m;
}
}  // namespace

bool register_summary(std::string name, std::string summary) {
  auto& t = table();
  std::lock_guard lock(t.mu);
  summaries()[std::move(name)] = std::move(summary);
  return true;
}

std::string impl_summary(std::string_view name) {
  std::vector<std::string> ds;
  {
    auto& t = table();
    std::lock_guard lock(t.mu);
    if (auto it = summaries().find(name); it != summaries().end()) return it->second;
    for (const auto& p : t.impls)
      if (p->name == name) ds.push_back(p->description);
  }
  if (ds.empty()) return "";
  std::size_t common = ds[0].size();
  for (const auto& d : ds) {
    std::size_t k = 0;
    while (k < common && k < d.size() && d[k] == ds[0][k]) ++k;
    common = k;
  }
  if (common == ds[0].size() && std::all_of(ds.begin(), ds.end(), [&](const std::string& d) { return d == ds[0]; }))
    return ds[0];
  // Cut at the last word boundary and drop trailing separators.
  std::string start = ds[0].substr(0, common);
  if (auto sp = start.find_last_of(' '); sp != std::string::npos) start.resize(sp);
  while (!start.empty() && (start.back() == ',' || start.back() == ':' || start.back() == ' ')) start.pop_back();
  return start + "... (per function: bitexact list " + std::string(name) + ")";
}

const Impl* find_impl(std::string_view name, Fn fn) {
  auto& t = table();
  std::lock_guard lock(t.mu);
  for (const auto& p : t.impls)
    if (p->name == name && p->fn == fn) return p.get();
  return nullptr;
}

const Impl* find_truth(Fn fn) {
  auto& t = table();
  std::lock_guard lock(t.mu);
  for (const auto& p : t.impls)
    if (p->fn == fn && p->correctly_rounded) return p.get();
  return nullptr;
}

namespace {
// The implementations that have fn, sorted, each once.
std::vector<std::string> impls_having(Fn fn) {
  std::vector<std::string> have;
  for (const Impl* p : all_impls())
    if (p->fn == fn) have.push_back(p->name);
  std::sort(have.begin(), have.end());
  have.erase(std::unique(have.begin(), have.end()), have.end());
  return have;
}
}  // namespace

std::string no_function_message(std::string_view impl, Fn fn) {
  const std::string name(fn_info(fn).name);
  std::string why;
  if (impl.starts_with("ocml") && !impl.starts_with("ocml-bc"))
    if (const auto* r = ocml::not_reproduced_of(fn))
      why = r->instructions.empty() ? std::string(r->why) : fmt::format("{} ({})", r->why, r->instructions);
  if (impl == "host") why = "this machine's C library has no " + name;
  return fmt::format("implementation '{}' has no function '{}'{} ({} is in: {})", impl, name,
                     why.empty() ? "" : ": " + why, name, fmt::join(impls_having(fn), " "));
}

std::string unknown_impl_message(std::string_view impl, Fn fn) {
  for (const auto& n : impl_names())
    if (n == impl) return no_function_message(impl, fn);
  const std::string name(fn_info(fn).name);
  return fmt::format("unknown implementation '{}' ({} is in: {})", impl, name, fmt::join(impls_having(fn), " "));
}

Fn require_fn(std::string_view name) {
  if (auto f = parse_fn(name)) return *f;
  throw input_error("unknown function '" + std::string(name) + "' (functions: " + function_list() + ")");
}

const Impl& resolve_spec(std::string_view spec_view) {
  const std::string spec(spec_view);
  auto dot = spec.rfind('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == spec.size())
    throw input_error("expected IMPL.FN (e.g. nv.sinf), got '" + spec + "'");
  std::string impl = spec.substr(0, dot), fn = spec.substr(dot + 1);
  const Impl* p = find_impl(impl, require_fn(fn));
  if (!p) throw input_error(unknown_impl_message(impl, require_fn(fn)));
  return *p;
}

std::vector<const Impl*> all_impls() {
  auto& t = table();
  std::lock_guard lock(t.mu);
  std::vector<const Impl*> out;
  for (const auto& p : t.impls) out.push_back(p.get());
  std::sort(out.begin(), out.end(),
            [](const Impl* a, const Impl* b) { return a->name != b->name ? a->name < b->name : a->fn < b->fn; });
  return out;
}

std::vector<std::string> impl_names() {
  std::vector<std::string> names;
  for (const Impl* p : all_impls())
    if (names.empty() || names.back() != p->name) names.push_back(p->name);
  return names;
}

namespace {
// The word form of every implementation: blocks of words to values, the
// typed evaluation in place, values back to words (the blocks stay in L1).
constexpr std::size_t word_block = 2048;
template <class T>
void eval_words(const Eval<T>& e, int arity, const word* const* args, word* out, std::size_t n) {
  using S = typename float_traits<T>::storage;
  T x[word_block], y[word_block];
  for (std::size_t i = 0; i < n; i += word_block) {
    const std::size_t m = std::min(word_block, n - i);
    for (std::size_t j = 0; j < m; ++j) x[j] = from_word<T>(args[0][i + j]);
    if (arity == 2)
      for (std::size_t j = 0; j < m; ++j) y[j] = from_word<T>(args[1][i + j]);
    e.values(x, arity == 2 ? y : nullptr, x, m);
    for (std::size_t j = 0; j < m; ++j) out[i + j] = bit_cast<S>(x[j]);
  }
}
}  // namespace

void Impl::eval(const word* const* args, word* out, std::size_t n) const {
  const int arity = fn_info(fn).arity;
  std::visit([&](const auto& e) { eval_words(e, arity, args, out, n); }, typed);
}

void Impl::eval_values(const void* x, const void* y, void* out, std::size_t n) const {
  std::visit(
      [&](const auto& e) {
        using T = typename std::decay_t<decltype(e)>::value_type;
        e.values(static_cast<const T*>(x), static_cast<const T*>(y), static_cast<T*>(out), n);
      },
      typed);
}

word eval_one(const Impl& impl, word a, word b) {
  const word* args[2] = {&a, &b};
  word out = 0;
  impl.eval(args, &out, 1);
  return out;
}

}  // namespace bitexact
