// Differential fuzz target: the truth's fast layer (truth::fast::row<F>,
// binary64 and exact arithmetic) against MPFR alone (truth::mpfr_only) on
// every input where the fast layer decides, for every row and all four
// rounding modes. A difference is a wrong "correctly rounded" result.
#include <cmath>

#include "bitexact/bits.hpp"
#include "bitexact/functions.hpp"
#include "bitexact/truth/fast_layer.hpp"
#include "bitexact/truth/truth.hpp"
#include "fuzz.hpp"

namespace {
using namespace bitexact;

template <class T>
bool same(T a, T b) {
  return (std::isnan(a) && std::isnan(b)) || bit_cast<typename float_traits<T>::storage>(a) ==
                                                 bit_cast<typename float_traits<T>::storage>(b);
}

template <Fn F, class M>
void check(std::uint64_t wx, std::uint64_t wy, truth::rounding r, M mpfr) {
  using R = truth::fast::row<F>;
  using T = typename R::value_type;
  using S = typename float_traits<T>::storage;
  const T x = bit_cast<T>(S(wx)), y = bit_cast<T>(S(wy));
  T fast{};
  if (!R::value(x, y, r, fast)) return;
  if (!same(fast, mpfr(x, y, r)))
    fuzz::finding(std::string(fn_desc_of(F).name) + ": the fast truth and MPFR differ at x=" + std::to_string(wx) +
                  " y=" + std::to_string(wy) + " mode " + std::to_string(int(r)));
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::reader in{data, size};
  const std::uint8_t sel = in.byte();
  const auto r = truth::rounding(in.byte() & 3);
  const std::uint64_t wx = in.u64(), wy = in.u64();
  int k = 0;
  const int rows = 0
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) +1
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
      ;
  const int pick = sel % rows;
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                                              \
  if (k++ == pick)                                                                                           \
    check<Fn::name>(wx, wy, r, [](type x, type y, truth::rounding m) {                                       \
      (void)y;                                                                                               \
      return truth::mpfr_only::name(BITEXACT_ARGS_##arity, m);                                               \
    });
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
  return 0;
}
