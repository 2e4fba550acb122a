// The compiled half of the Python package `bitexact` (src/python/bitexact/):
// every registered implementation, the truth, the sweep engine and the FpSan
// model on contiguous NumPy buffers. The Python half does the broadcasting,
// dtype checks and the attribute forms; docs/python.md.
//
// Work on large arrays runs on all cores (TBB) with the GIL released. Errors
// are the CLI's one-line messages: input_error becomes ValueError (KeyError
// would quote them), anything else RuntimeError.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include <xxhash.h>

#include "bitexact/fpsan/fpsan_ops.hpp"
#include "bitexact/io/hexio.hpp"
#include "bitexact/nv/nv_span.hpp"
#include "bitexact/ocml/ocml_span.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/report/report.hpp"
#include "bitexact/sweep/engine.hpp"

namespace py = pybind11;
using bitexact::word;

namespace {

// Elements per task: big enough to amortise scheduling, small enough that the
// word buffers stay in L1/L2.
constexpr std::size_t grain = 4096;
// The same for evaluations, which work on the arrays themselves (a slice in L2).
constexpr std::size_t eval_grain = 1 << 14;

// out[i] = impl(x[i] [, y[i]]) on arrays of the function's type, on all cores.
void eval_buffers(const bitexact::Impl& impl, const void* x, const void* y, void* out, std::size_t n) {
  const std::size_t w = std::size_t(bitexact::fn_info(impl.fn).bits / 8);
  py::gil_scoped_release nogil;
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, eval_grain), [&](const auto& r) {
    const char* yp = y ? static_cast<const char*>(y) + r.begin() * w : nullptr;
    impl.eval_values(static_cast<const char*>(x) + r.begin() * w, yp, static_cast<char*>(out) + r.begin() * w,
                     r.size());
  });
}

// The function's operand width and arity, for the Python side's checks.
// The operands of `python -m bitexact eval` as the CLI reads them (hexio.hpp):
// the arguments, or when there are none the lines of `stdin_text`; rows of
// `arity` words.
std::vector<std::vector<std::uint64_t>> operand_rows(const std::vector<std::string>& args, const std::string& name,
                                                     int arity, int bits, const std::string& stdin_text) {
  std::vector<bitexact::hex_row> read;
  if (args.empty()) {
    std::istringstream in(stdin_text);
    read = bitexact::read_operand_rows(in, arity, bits, "stdin");
  } else {
    read = bitexact::read_operand_args(args, name, arity, bits);
  }
  std::vector<std::vector<std::uint64_t>> rows;
  for (const auto& r : read) rows.emplace_back(r.v.begin(), r.v.begin() + arity);
  return rows;
}

py::tuple spec_info(const std::string& spec) {
  const auto& impl = bitexact::resolve_spec(spec);
  const auto& f = bitexact::fn_info(impl.fn);
  return py::make_tuple(f.bits, f.arity, std::string(f.name), impl.name);
}

void eval(const std::string& spec, py::buffer x, py::object y, py::buffer out) {
  const auto& impl = bitexact::resolve_spec(spec);
  const auto& f = bitexact::fn_info(impl.fn);
  py::buffer_info xi = x.request(), oi = out.request(true);
  const std::size_t n = std::size_t(xi.size);
  if (std::size_t(oi.size) != n) throw bitexact::input_error("out has " + std::to_string(oi.size) + " elements, x " + std::to_string(n));
  const void* yp = nullptr;
  py::buffer_info yi;
  if (f.arity == 2) {
    yi = y.cast<py::buffer>().request();
    if (std::size_t(yi.size) != n) throw bitexact::input_error("x and y have different sizes");
    yp = yi.ptr;
  }
  eval_buffers(impl, xi.ptr, yp, oi.ptr, n);
}

void ulp_error(const std::string& fn_name, py::buffer x, py::object y, py::buffer result, py::buffer out) {
  const bitexact::Fn fn = bitexact::require_fn(fn_name);
  const auto& f = bitexact::fn_info(fn);
  py::buffer_info xi = x.request(), ri = result.request(), oi = out.request(true);
  const std::size_t n = std::size_t(xi.size);
  const void* yp = nullptr;
  py::buffer_info yi;
  if (f.arity == 2) {
    yi = y.cast<py::buffer>().request();
    yp = yi.ptr;
  }
  const int bits = f.bits;
  const auto ulp = f.ulp_error;  // exact (MPFR)
  double* o = static_cast<double*>(oi.ptr);
  const void *xp = xi.ptr, *rp = ri.ptr;
  py::gil_scoped_release nogil;
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 256), [&](const auto& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i) {
      word a, b = 0, res;
      if (bits == 32) {
        a = static_cast<const std::uint32_t*>(xp)[i];
        res = static_cast<const std::uint32_t*>(rp)[i];
        if (yp) b = static_cast<const std::uint32_t*>(yp)[i];
      } else {
        a = static_cast<const std::uint64_t*>(xp)[i];
        res = static_cast<const std::uint64_t*>(rp)[i];
        if (yp) b = static_cast<const std::uint64_t*>(yp)[i];
      }
      o[i] = ulp(a, b, res);
    }
  });
}

// A sweep in memory: the report (report.json's content) as a JSON string.
std::string sweep(const std::string& fn_name, const std::string& impls, const std::string& inputs, unsigned threads) {
  const bitexact::Fn fn = bitexact::require_fn(fn_name);
  bitexact::sweep::Options o;
  o.fn = fn;
  o.impls = bitexact::sweep::resolve_impls(impls, fn);
  o.inputs = bitexact::sweep::parse_input_set(inputs, fn);
  o.threads = threads;
  auto state = bitexact::sweep::make_state(o);
  {
    py::gil_scoped_release nogil;
    bitexact::sweep::run(o, state);
  }
  return bitexact::report::to_json(state).dump();
}

void fpsan_apply(const std::string& spec, const std::string& revision, bool homomorphic, std::vector<py::buffer> args,
                 py::buffer out) {
  const auto p = bitexact::fpsan_ops::parse_params(revision, homomorphic);
  const auto op = bitexact::fpsan_ops::resolve(spec, p);
  if (int(args.size()) != op.arity)
    throw bitexact::input_error(spec + " takes " + std::to_string(op.arity) + " operand(s), got " +
                                std::to_string(args.size()));
  std::vector<py::buffer_info> in;
  for (auto& a : args) in.push_back(a.request());
  py::buffer_info oi = out.request(true);
  const std::size_t n = std::size_t(oi.size);
  auto get = [](const py::buffer_info& b, std::size_t i) -> std::uint64_t {
    switch (b.itemsize) {
      case 1: return static_cast<const std::uint8_t*>(b.ptr)[i];
      case 2: return static_cast<const std::uint16_t*>(b.ptr)[i];
      case 4: return static_cast<const std::uint32_t*>(b.ptr)[i];
      default: return static_cast<const std::uint64_t*>(b.ptr)[i];
    }
  };
  const std::size_t osz = std::size_t(oi.itemsize);
  void* optr = oi.ptr;
  py::gil_scoped_release nogil;
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, grain), [&](const auto& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i) {
      const std::uint64_t a = get(in[0], i), b = op.arity > 1 ? get(in[1], i) : 0, c = op.arity > 2 ? get(in[2], i) : 0;
      const std::uint64_t v = op.f(a, b, c);
      switch (osz) {
        case 1: static_cast<std::uint8_t*>(optr)[i] = std::uint8_t(v); break;
        case 2: static_cast<std::uint16_t*>(optr)[i] = std::uint16_t(v); break;
        case 4: static_cast<std::uint32_t*>(optr)[i] = std::uint32_t(v); break;
        default: static_cast<std::uint64_t*>(optr)[i] = v; break;
      }
    }
  });
}

py::tuple fpsan_info(const std::string& spec) {
  const auto op = bitexact::fpsan_ops::resolve(spec, bitexact::fpsan_ops::parse_params("", false));
  return py::make_tuple(op.arity, op.in_bits, op.out_bits);
}

// Inputs lo..hi of an input set (the CLI's syntax: "exhaustive",
// "uniform:N:SEED", "structured:N:SEED", ...) as raw words (x, y).
py::tuple inputs(const std::string& fn_name, const std::string& spec, std::uint64_t lo, std::uint64_t hi) {
  const bitexact::Fn fn = bitexact::require_fn(fn_name);
  const auto set = bitexact::sweep::parse_input_set(spec, fn);
  if (hi < lo || hi > set.count) throw bitexact::input_error("range outside the set's " + std::to_string(set.count) + " inputs");
  py::array_t<std::uint64_t> a(hi - lo), b(hi - lo);
  {
    py::gil_scoped_release nogil;
    set.generate(lo, hi, a.mutable_data(), b.mutable_data());
  }
  return py::make_tuple(a, b);
}

// XXH3-64 (seed 0) of a buffer: the digest of the committed vectors.
std::uint64_t xxh3(py::buffer b) {
  py::buffer_info i = b.request();
  return XXH3_64bits(i.ptr, std::size_t(i.size) * std::size_t(i.itemsize));
}

// The C++ batch API itself (a span form, on all cores): the baseline of
// bench/python_throughput.py for nv's and ocml's sinf.
template <void (*S)(std::span<const float>, std::span<float>)>
void cpp_batch(py::array_t<float, py::array::c_style> x, py::array_t<float, py::array::c_style> out) {
  const float* xp = x.data();
  float* op = out.mutable_data();
  const std::size_t n = std::size_t(x.size());
  py::gil_scoped_release nogil;
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1 << 14), [&](const auto& r) {
    S(std::span<const float>(xp + r.begin(), r.size()), std::span<float>(op + r.begin(), r.size()));
  });
}
void nv_sinf_span(std::span<const float> x, std::span<float> r) { bitexact::nv::sinf(x, r); }
void ocml_sinf_span(std::span<const float> x, std::span<float> r) { bitexact::ocml::sin_f32(x, r); }

// FN -> (arity, bits); the CLI's message for an unknown function.
py::tuple fn_arity_bits(const std::string& fn_name) {
  const auto& f = bitexact::fn_info(bitexact::require_fn(fn_name));
  return py::make_tuple(f.arity, f.bits);
}

py::list implementations() {
  py::list l;
  for (const bitexact::Impl* p : bitexact::all_impls())
    l.append(py::make_tuple(p->name, std::string(bitexact::fn_info(p->fn).name), p->description, p->correctly_rounded));
  return l;
}

}  // namespace

// The project's version (CMakeLists.txt, project VERSION), as the CLI's --version.
#ifndef BITEXACT_VERSION
#define BITEXACT_VERSION "unknown"
#endif

PYBIND11_MODULE(_bitexact, m) {
  m.doc() = "bitexact's compiled core (use the package `bitexact`)";
  m.attr("__version__") = BITEXACT_VERSION;
  py::register_exception<bitexact::input_error>(m, "InputError", PyExc_ValueError);
  m.def("spec_info", &spec_info, "IMPL.FN -> (bits, arity, function, implementation)");
  m.def("operand_rows", &operand_rows, py::arg("args"), py::arg("name"), py::arg("arity"), py::arg("bits"),
        py::arg("stdin_text"), "operands as `bitexact eval` reads them: rows of words");
  m.def("eval", &eval, py::arg("spec"), py::arg("x"), py::arg("y"), py::arg("out"));
  m.def("ulp_error", &ulp_error, py::arg("fn"), py::arg("x"), py::arg("y"), py::arg("result"), py::arg("out"));
  m.def("sweep", &sweep, py::arg("fn"), py::arg("impls"), py::arg("inputs"), py::arg("threads") = 0);
  m.def("fpsan_apply", &fpsan_apply);
  m.def("fpsan_info", &fpsan_info);
  m.def("implementations", &implementations);
  m.def("fn_arity_bits", &fn_arity_bits);
  m.def("inputs", &inputs, py::arg("fn"), py::arg("set"), py::arg("lo"), py::arg("hi"));
  m.def("xxh3", &xxh3);
  m.def("cpp_batch_nv_sinf", &cpp_batch<nv_sinf_span>, "benchmark baseline: bitexact::nv::sinf on spans, all cores");
  m.def("cpp_batch_ocml_sinf", &cpp_batch<ocml_sinf_span>,
        "benchmark baseline: bitexact::ocml::sin_f32 (gfx90a) on spans, all cores");
  m.def("functions", [] {
    py::list l;
    for (const auto& f : bitexact::all_functions()) l.append(py::make_tuple(std::string(f.name), f.arity, f.bits));
    return l;
  });
}
