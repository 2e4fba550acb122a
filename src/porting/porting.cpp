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

namespace {

// Whether `impl` is libdevice's sinf/cosf, which leaves the Cody-Waite
// reduction for |x| >= 105615 (docs/nv-trig.md). nv-fast and nv-intrinsics are
// the SFU instructions: no slow path there.
bool libdevice_trig(const Impl& impl) {
  if (impl.fn != Fn::sinf && impl.fn != Fn::cosf) return false;
  for (const char* n : {"nv", "nv-ftz", "native-nv", "native-nv-ftz"})
    if (impl.name == n) return true;
  return false;
}
bool on_slow_path(word a) {
  const std::uint32_t m = std::uint32_t(a) & 0x7fffffffu;
  return m >= nv::detail::trig_slow_threshold_bits && m < 0x7f800000u;
}

// The cause of one difference, without the slow path (which needs the whole
// port: see compare).
struct cause {
  std::string text;
  bool known;
};
template <class T>
cause cause_of(const Impl& impl, word a, word b, word port, word ref) {
  using U = typename float_traits<T>::storage;
  const FnInfo& f = fn_info(impl.fn);
  // An FTZ port: the reference on the flushed operands gives the port's bits.
  const bool sub_a = subnormal<T>(a), sub_b = f.arity == 2 && subnormal<T>(b);
  if (sub_a || sub_b) {
    const word fa = flushed<T>(a), fb = f.arity == 2 ? flushed<T>(b) : b;
    const word* args[2] = {&fa, &fb};
    word r = 0;
    impl.eval(args, &r, 1);
    if (r == port) return {"subnormal input flushed to zero (FTZ)", true};
  }
  const T p = bit_cast<T>(U(port)), r = bit_cast<T>(U(ref));
  switch (sweep::discrepancy(float_traits<T>::total_bits, port, ref)) {
    case sweep::Disc::nan_payload: return {"NaN payload (both NaN, other bits)", true};
    case sweep::Disc::nan_vs_number:
      return {fp_bits<T>(p).is_nan() ? "NaN where the reference is a number" : "a number where the reference is NaN",
              false};
    case sweep::Disc::inf_sign: return {"infinity of the other sign", false};
    case sweep::Disc::inf_vs_number: return {"infinity vs a finite value", false};
    case sweep::Disc::zero_sign: return {"zero of the other sign", false};
    case sweep::Disc::zero_vs_nonzero:
      if (fp_bits<T>(p).is_zero() && fp_bits<T>(r).is_subnormal()) return {"subnormal result flushed to zero (FTZ)", true};
      // A class change, not a distance: a zero for a normal result is no
      // rounding error (a flush of an intermediate, an underflowing formula).
      return {fp_bits<T>(p).is_zero() ? "zero where the reference is a normal number"
                                      : "a non-zero where the reference is zero",
              false};
    default: break;
  }
  // Grouped in the sweep's distance bins, so that a port wrong everywhere
  // gives a short histogram rather than one line per distance.
  return {sweep::dist_label(sweep::dist_bin(std::uint64_t(ulp_steps(p, r)))) + " ulp apart", false};
}

}  // namespace

comparison compare(const Impl& impl, const port_data& p, const std::vector<word>& ref, std::size_t examples) {
  const FnInfo& f = fn_info(impl.fn);
  comparison c;
  // First pass: each difference's cause; which inputs the slow path may explain.
  std::vector<std::size_t> at;
  std::vector<cause> causes;
  bool agrees_off_slow_path = false, unknown_off_slow_path = false;
  const bool trig = libdevice_trig(impl);
  for (std::size_t i = 0; i < p.size(); ++i) {
    const bool slow = trig && on_slow_path(p.a[i]);
    if (p.out[i] == ref[i]) {
      ++c.equal;
      agrees_off_slow_path |= trig && !slow;
      continue;
    }
    const std::uint64_t d = ulp_distance(f.bits, p.out[i], ref[i]);
    if (at.empty() || d > c.max_distance) c.max_distance = d, c.max_at = i;
    const sweep::Disc k = sweep::discrepancy(f.bits, p.out[i], ref[i]);
    ++c.classes[std::string(sweep::disc_name(k))];
    c.class_changes += k != sweep::Disc::number_vs_number && k != sweep::Disc::nan_payload;
    cause x = f.bits == 32 ? cause_of<float>(impl, p.a[i], p.b[i], p.out[i], ref[i])
                           : cause_of<double>(impl, p.a[i], p.b[i], p.out[i], ref[i]);
    unknown_off_slow_path |= !x.known && !slow;
    at.push_back(i);
    causes.push_back(std::move(x));
  }
  // The slow path is the cause only where the port is libdevice elsewhere:
  // a port that is another function altogether (an approximate instruction)
  // differs on both sides of the threshold.
  const bool slow_path_explains = trig && agrees_off_slow_path && !unknown_off_slow_path;
  std::map<std::string, std::size_t> index;
  for (std::size_t k = 0; k < at.size(); ++k) {
    cause& x = causes[k];
    if (slow_path_explains && !x.known && on_slow_path(p.a[at[k]]))
      x = {"|x| >= 105615: libdevice's Payne-Hanek slow path", true};
    auto [it, fresh] = index.try_emplace(x.text, c.groups.size());
    if (fresh) c.groups.push_back({x.text, x.known, 0, {}});
    cause_group& g = c.groups[it->second];
    ++g.count;
    c.explained += x.known;
    if (g.examples.size() < examples) g.examples.push_back(at[k]);
  }
  std::stable_sort(c.groups.begin(), c.groups.end(), [](const cause_group& x, const cause_group& y) {
    return x.count != y.count ? x.count > y.count : x.cause < y.cause;
  });
  return c;
}

namespace {

// The registered implementations of the port's function that can run here
// (the native CUDA functions only where a GPU can evaluate them).
std::vector<const Impl*> candidates(Fn fn) {
  std::vector<const Impl*> r;
  const bool gpu = sweep::cuda::device_count() > 0;
  for (const Impl* impl : all_impls())
    if (impl->fn == fn && (!impl->gpu || gpu)) r.push_back(impl);
  return r;
}

}  // namespace

std::vector<match> rank(const port_data& p) {
  std::vector<match> m;
  for (const Impl* impl : candidates(p.fn)) m.push_back({impl->name, p.size(), compare(*impl, p, evaluate(*impl, p))});
  std::sort(m.begin(), m.end(), [](const match& x, const match& y) {
    const std::uint64_t xe = x.equal() + x.explained(), ye = y.equal() + y.explained();
    if (xe != ye) return xe > ye;
    if (x.equal() != y.equal()) return x.equal() > y.equal();
    if (x.detail.class_changes != y.detail.class_changes) return x.detail.class_changes < y.detail.class_changes;
    if (x.detail.max_distance != y.detail.max_distance) return x.detail.max_distance < y.detail.max_distance;
    return x.impl < y.impl;
  });
  return m;
}

std::vector<std::string> reproducing(const port_data& p, const std::string& skip) {
  std::vector<std::string> names;
  // A first slice rejects nearly every implementation cheaply.
  port_data head{p.fn, {}, {}, {}};
  const std::size_t n = std::min<std::size_t>(p.size(), 4096);
  head.a.assign(p.a.begin(), p.a.begin() + std::ptrdiff_t(n));
  head.b.assign(p.b.begin(), p.b.begin() + std::ptrdiff_t(n));
  head.out.assign(p.out.begin(), p.out.begin() + std::ptrdiff_t(n));
  for (const Impl* impl : candidates(p.fn)) {
    if (impl->name == skip || evaluate(*impl, head) != head.out) continue;
    if (n == p.size() || evaluate(*impl, p) == p.out) names.push_back(impl->name);
  }
  return names;
}

}  // namespace bitexact::porting
