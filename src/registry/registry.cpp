#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "bitexact/impl.hpp"

namespace bitexact {
namespace {
constexpr std::array<FnInfo, 6> kFunctions{{
    {Fn::sinf, "sinf", 1, 32},
    {Fn::cosf, "cosf", 1, 32},
    {Fn::fmodf, "fmodf", 2, 32},
    {Fn::fmod, "fmod", 2, 64},
    {Fn::ceilf, "ceilf", 1, 32},
    {Fn::ceil, "ceil", 1, 64},
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

std::span<const FnInfo> functions() { return kFunctions; }
const FnInfo& fn_info(Fn fn) { return kFunctions[static_cast<std::size_t>(fn)]; }
std::optional<Fn> parse_fn(std::string_view name) {
  for (const auto& f : kFunctions)
    if (f.name == name) return f.id;
  return std::nullopt;
}

bool register_impl(Impl impl) {
  auto& t = table();
  std::lock_guard lock(t.mu);
  for (const auto& p : t.impls)
    if (p->name == impl.name && p->fn == impl.fn)
      throw std::logic_error("bitexact: implementation registered twice: " + impl.name + "." +
                             std::string(fn_info(impl.fn).name));
  t.impls.push_back(std::make_unique<Impl>(std::move(impl)));
  return true;
}

const Impl* find_impl(std::string_view name, Fn fn) {
  auto& t = table();
  std::lock_guard lock(t.mu);
  for (const auto& p : t.impls)
    if (p->name == name && p->fn == fn) return p.get();
  return nullptr;
}

std::vector<const Impl*> all_impls() {
  auto& t = table();
  std::lock_guard lock(t.mu);
  std::vector<const Impl*> out;
  for (const auto& p : t.impls) out.push_back(p.get());
  std::sort(out.begin(), out.end(), [](const Impl* a, const Impl* b) {
    return a->name != b->name ? a->name < b->name : a->fn < b->fn;
  });
  return out;
}

std::vector<std::string> impl_names() {
  std::vector<std::string> names;
  for (const Impl* p : all_impls())
    if (names.empty() || names.back() != p->name) names.push_back(p->name);
  return names;
}

word eval_one(const Impl& impl, word a, word b) {
  const word* args[2] = {&a, &b};
  word out = 0;
  impl.eval(args, &out, 1);
  return out;
}

}  // namespace bitexact
