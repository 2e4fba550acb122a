// The porting tools' shared part (bitexact/porting/porting.hpp).
#include "bitexact/porting/porting.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <tbb/parallel_for.h>

#include "bitexact/bits.hpp"
#include "bitexact/gpu/backend.hpp"
#include "bitexact/io/hexio.hpp"
#include "bitexact/sweep/engine.hpp"
#include "bitexact/io/vector_io.hpp"
#include "bitexact/nv/trig_reduction.hpp"  // trig_slow_threshold_bits

namespace bitexact::porting {
namespace {

// The reason text of two different outputs: their discrepancy class
// (sweep::discrepancy, the sweep's own), told the way a porter reads it.
template <class T>
std::string classify(word port, word ref) {
  using U = typename float_traits<T>::storage;
  const T p = bit_cast<T>(U(port)), r = bit_cast<T>(U(ref));
  switch (sweep::discrepancy(float_traits<T>::total_bits, port, ref)) {
    case sweep::Disc::nan_payload: return "NaN payload (both NaN, other bits)";
    case sweep::Disc::nan_vs_number:
      return fp_bits<T>(p).is_nan() ? "NaN where the reference is a number" : "a number where the reference is NaN";
    case sweep::Disc::inf_sign: return "infinity of the other sign";
    case sweep::Disc::inf_vs_number: return "infinity vs a finite value";
    case sweep::Disc::zero_sign: return "zero of the other sign";
    case sweep::Disc::zero_vs_nonzero:
      if (fp_bits<T>(p).is_zero() && fp_bits<T>(r).is_subnormal()) return "subnormal result flushed to zero (FTZ)";
      break;
    default: break;
  }
  return fmt::format("{} ulp apart", std::uint64_t(ulp_steps(p, r)));
}

template <class T>
bool subnormal(word w) {
  using U = typename float_traits<T>::storage;
  return fp_bits<T>(bit_cast<T>(U(w))).is_subnormal();
}
template <class T>
word flushed(word w) {
  using U = typename float_traits<T>::storage;
  return word(bit_cast<U>(flush_subnormal(bit_cast<T>(U(w)))));
}

template <class T>
std::uint64_t distance(word port, word ref) {
  using U = typename float_traits<T>::storage;
  const T p = bit_cast<T>(U(port)), r = bit_cast<T>(U(ref));
  const bool pn = fp_bits<T>(p).is_nan(), rn = fp_bits<T>(r).is_nan();
  if (pn || rn) return pn && rn ? 0 : ~std::uint64_t(0);
  return std::uint64_t(ulp_steps(p, r));
}

}  // namespace

std::uint64_t ulp_distance(int bits, word port, word ref) {
  return bits == 32 ? distance<float>(port, ref) : distance<double>(port, ref);
}

port_data load(Fn fn, const std::string& inputs, const std::string& outputs) {
  const FnInfo& f = fn_info(fn);
  const vector_io::table in = vector_io::read(inputs, std::nullopt, f.bits, 0);
  const std::size_t ic = in.columns.size();
  if (ic != std::size_t(f.arity) && ic != std::size_t(f.arity) + 1)
    throw input_error(fmt::format("{}: {} column(s); {} takes {} operand(s) (an export's x{} out will do)", inputs, ic,
                                  f.name, f.arity, f.arity == 2 ? " y" : ""));
  const vector_io::table out = vector_io::read(outputs, std::nullopt, f.bits, 0);
  // Outputs exported for another function are another function's outputs (the
  // inputs of any export are just operands: any function may use them).
  if (out.manifest.is_object() && out.manifest.contains("fn") && out.manifest["fn"].is_string() &&
      out.manifest["fn"] != f.name) {
    const std::string other = out.manifest["fn"];
    throw input_error(fmt::format("{}: its manifest says these are outputs of {}, not {} (give {}'s outputs, or the "
                                  "function {})",
                                  outputs, other, f.name, f.name, other));
  }
  const std::size_t oc = out.columns.size();
  if (oc != 1 && oc != std::size_t(f.arity) + 1)
    throw input_error(fmt::format("{}: {} column(s); expected the outputs (one column) or an export", outputs, oc));
  if (in.rows() != out.rows())
    throw input_error(fmt::format("{} has {} inputs but {} has {} outputs", inputs, in.rows(), outputs, out.rows()));
  port_data p{fn, {}, {}, {}};
  const std::size_t n = in.rows();
  p.a.resize(n);
  p.b.assign(n, 0);
  p.out.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    p.a[i] = in.data[i * ic];
    if (f.arity == 2) p.b[i] = in.data[i * ic + 1];
    p.out[i] = out.data[i * oc + oc - 1];
  }
  return p;
}

std::vector<word> evaluate(const Impl& impl, const port_data& p) {
  std::vector<word> r(p.size());
  constexpr std::size_t grain = 4096;
  tbb::parallel_for(std::size_t(0), (p.size() + grain - 1) / grain, [&](std::size_t g) {
    const std::size_t lo = g * grain, m = std::min(grain, p.size() - lo);
    const word* args[2] = {p.a.data() + lo, p.b.data() + lo};
    impl.eval(args, r.data() + lo, m);
  });
  return r;
}

std::vector<match> rank(const port_data& p) {
  std::vector<match> m;
  // The native CUDA functions take part only where a GPU can evaluate them.
  const bool gpu = sweep::cuda::device_count() > 0;
  for (const Impl* impl : all_impls()) {
    if (impl->fn != p.fn || (impl->gpu && !gpu)) continue;
    const std::vector<word> r = evaluate(*impl, p);
    match x{impl->name, 0, 0};
    for (std::size_t i = 0; i < r.size(); ++i) x.equal += r[i] == p.out[i];
    x.share = p.size() ? double(x.equal) / double(p.size()) : 0;
    m.push_back(x);
  }
  std::sort(m.begin(), m.end(), [](const match& x, const match& y) {
    return x.equal != y.equal ? x.equal > y.equal : x.impl < y.impl;
  });
  return m;
}

std::string reason(const Impl& impl, word a, word b, word port, word ref) {
  const FnInfo& f = fn_info(impl.fn);
  const bool f32 = f.bits == 32;
  // An FTZ port: the reference on the flushed operands gives the port's bits.
  const bool sub_a = f32 ? subnormal<float>(a) : subnormal<double>(a);
  const bool sub_b = f.arity == 2 && (f32 ? subnormal<float>(b) : subnormal<double>(b));
  if (sub_a || sub_b) {
    const word fa = f32 ? flushed<float>(a) : flushed<double>(a);
    const word fb = f.arity == 2 ? (f32 ? flushed<float>(b) : flushed<double>(b)) : b;
    const word* args[2] = {&fa, &fb};
    word r = 0;
    impl.eval(args, &r, 1);
    if (r == port) return "subnormal input flushed to zero (FTZ)";
  }
  // libdevice's sinf/cosf leave the Cody-Waite reduction for |x| >= 105615
  // (docs/nv-trig.md): a port that kept only the fast path differs there.
  if ((impl.fn == Fn::sinf || impl.fn == Fn::cosf) && impl.name.rfind("nv", 0) == 0 &&
      (std::uint32_t(a) & 0x7fffffffu) >= nv::detail::trig_slow_threshold_bits &&
      (std::uint32_t(a) & 0x7fffffffu) < 0x7f800000u)
    return "|x| >= 105615: libdevice's Payne-Hanek slow path; " + (f32 ? classify<float>(port, ref) : classify<double>(port, ref));
  return f32 ? classify<float>(port, ref) : classify<double>(port, ref);
}

}  // namespace bitexact::porting
