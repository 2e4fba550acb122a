// Differential fuzz target: the evaluation paths that must give the same bits.
// For one registered implementation (a selector byte picks it among all but
// the GPU ones and the correctly rounded truth) and up to 300 inputs from the
// fuzz data:
//   * the typed evaluation (Impl::as<T>().values: the span forms, with AVX2
//     kernels where the CPU has them, any batch size, so every tail path)
//     against the word evaluation (Impl::eval, what the CLI and the digests
//     use), and against itself in place (out == x, which the contract allows);
//   * where the implementation's code is header-only (tests/scalar_forms.hpp:
//     nv, nv-ftz, triton, every ocml configuration, ptx, ptx-ftz, nv-fast,
//     nv-intrinsics), the header's scalar function on each input alone.
#include <map>
#include <utility>
#include <vector>

#include "../scalar_forms.hpp"
#include "bitexact/bits.hpp"
#include "bitexact/registry/registry.hpp"
#include "fuzz.hpp"

namespace {
using namespace bitexact;

// out[i] = P(x[i][, y[i]]), one call per input, on words.
using scalar_fn = void (*)(const word* x, const word* y, word* out, std::size_t n);
template <Fn F, typename fn_traits<F>::signature* P>
void scalar(const word* x, const word* y, word* out, std::size_t n) {
  using T = typename fn_traits<F>::type;
  using S = typename float_traits<T>::storage;
  for (std::size_t i = 0; i < n; ++i) {
    const T a = bit_cast<T>(S(x[i]));
    if constexpr (fn_traits<F>::arity == 1)
      out[i] = bit_cast<S>(P(a));
    else
      out[i] = bit_cast<S>(P(a, bit_cast<T>(S(y[i]))));
  }
}

std::map<std::pair<std::string, Fn>, scalar_fn> scalars() {
  std::map<std::pair<std::string, Fn>, scalar_fn> m;
  testing::for_each_scalar_form([&]<Fn F, auto P>(const char* impl) { m[{impl, F}] = &scalar<F, P>; });
  return m;
}

template <class T>
void typed_paths(const Impl& im, const std::vector<word>& x, const std::vector<word>& y, const std::vector<word>& w) {
  using S = typename float_traits<T>::storage;
  const std::size_t n = x.size();
  std::vector<T> tx(n), ty(n), out(n), in_place(n);
  for (std::size_t i = 0; i < n; ++i) tx[i] = bit_cast<T>(S(x[i])), ty[i] = bit_cast<T>(S(y[i]));
  im.as<T>().values(tx.data(), ty.data(), out.data(), n);
  in_place = tx;
  im.as<T>().values(in_place.data(), ty.data(), in_place.data(), n);
  for (std::size_t i = 0; i < n; ++i) {
    if (bit_cast<S>(out[i]) != S(w[i])) fuzz::finding(im.name + ": typed and word evaluations differ");
    if (bit_cast<S>(in_place[i]) != S(w[i])) fuzz::finding(im.name + ": in-place evaluation differs");
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<const Impl*> impls = [] {
    std::vector<const Impl*> v;
    for (const Impl* p : all_impls())
      if (!p->gpu && !p->correctly_rounded) v.push_back(p);
    return v;
  }();
  static const auto table = scalars();
  fuzz::reader in{data, size};
  const std::uint16_t sel = std::uint16_t(in.byte() | (in.byte() << 8));
  const Impl& im = *impls[sel % impls.size()];
  const fn_desc& d = fn_desc_of(im.fn);
  const std::size_t bytes = std::size_t(d.bits / 8) * std::size_t(d.arity);
  const std::size_t n = std::min<std::size_t>(300, in.n / bytes);
  if (n == 0) return 0;
  std::vector<word> x(n), y(n, 0), w(n);
  for (std::size_t i = 0; i < n; ++i) {
    for (int k = 0; k < d.bits / 8; ++k) x[i] |= word(in.byte()) << (8 * k);
    if (d.arity == 2)
      for (int k = 0; k < d.bits / 8; ++k) y[i] |= word(in.byte()) << (8 * k);
  }
  const word* args[2] = {x.data(), y.data()};
  im.eval(args, w.data(), n);
  if (d.bits == 32)
    typed_paths<float>(im, x, y, w);
  else
    typed_paths<double>(im, x, y, w);
  const auto it = table.find({im.name, im.fn});
  if (it != table.end()) {
    std::vector<word> s(n);
    it->second(x.data(), y.data(), s.data(), n);
    for (std::size_t i = 0; i < n; ++i)
      if (s[i] != w[i]) fuzz::finding(im.name + "." + std::string(d.name) + ": span and scalar differ");
  }
  return 0;
}
