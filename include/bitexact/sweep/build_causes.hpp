// bitexact/sweep/build_causes.hpp — why two builds of a libdevice function
// differ, input by input, as a set of build fields (`bitexact causes`,
// docs/eager-vs-compiled.md).
//
// A libdevice function's bits depend on four fields of nv::build (the file,
// the __CUDA_FTZ reflect, the plain ops' flush mode, __CUDA_PREC_SQRT), and
// every reproduction nv::NAME<B> is written for any value of each. So between
// two builds FROM and TO, whose differing fields form D, the cause of
// FROM(x) != TO(x) is the smallest S ⊆ D such that FROM with the fields of S
// set to TO's values gives TO(x) (by size, then by the mask value: file 1,
// reflect 2, ops 4, prec_sqrt 8). S = D with more than one field means no
// proper subset does: the fields act together.
//
// That is a counterfactual over builds the reproductions define: only nv
// (nvcc_ieee), nv-ftz (nvcc_ftz) and triton (triton3_6) are builds a compiler
// makes and a GPU checked. A build between them (say CUDA 13.0's file compiled
// the way Triton compiles) is what the reproductions give for that
// combination, a model, not a measurement. Where a reproduction does not model
// a combination at all (nv::models_build: powf with Triton's file) the subsets
// that need it are skipped.
//
// Part of bitexact::engine: the 16 instantiations of every row's nv::NAME<B>
// are compiled once, in src/sweep/build_causes.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/functions.hpp"
#include "bitexact/nv/build.hpp"
#include "bitexact/sweep/engine.hpp"

namespace bitexact::sweep {

// ---- the builds by name --------------------------------------------------------

// The builds a compiler makes and a GPU checked, by their implementation names.
struct named_build {
  std::string_view name;
  nv::build b;
};
inline constexpr std::array<named_build, 3> measured_builds{
    {{"nv", nv::nvcc_ieee}, {"nv-ftz", nv::nvcc_ftz}, {"triton", nv::triton3_6}}};
// The build of an implementation name ("nv", "nv-ftz", "triton"); nullopt for another.
std::optional<nv::build> parse_build(std::string_view name);
// "nv, nv-ftz, triton": for messages.
std::string build_names();

// "file", "reflect", "ops", "prec_sqrt" joined by '+' ("" for no field).
std::string fields_text(unsigned fields);

// ---- evaluation by build ----------------------------------------------------------

// Whether fn's reproduction is written for every build (nv::NAME<B>: the rows
// with an nv::triton_form, every BITEXACT_FUNCTION row; a row without one does
// not compile, src/sweep/build_causes.cpp).
bool has_builds(Fn fn);
// Whether nv::NAME<b> models build b (nv::models_build); false for a function
// without builds.
bool modelled(Fn fn, const nv::build& b);

// nv::NAME<b>(x[, y]) for a build known at run time, through the 16
// instantiations. Throws std::invalid_argument when b is not modelled.
template <Fn F>
  requires(fn_traits<F>::arity == 1)
typename fn_traits<F>::type eval_build(const nv::build& b, typename fn_traits<F>::type x);
template <Fn F>
  requires(fn_traits<F>::arity == 2)
typename fn_traits<F>::type eval_build(const nv::build& b, typename fn_traits<F>::type x,
                                       typename fn_traits<F>::type y);

// The same on bit patterns, n inputs: out[i] = NAME<b>(a[i], b[i]) (bv unused
// for one operand). Throws std::invalid_argument as above.
void eval_build(Fn fn, const nv::build& b, const word* a, const word* bv, word* out, std::size_t n);

// ---- attribution --------------------------------------------------------------------

struct cause {
  unsigned fields = 0;  // S; 0: FROM and TO give the same bits
  bool tied = false;    // another set of S's size gives TO's bits too (S won by the order)
};
// The cause of FROM(a, b) != TO(a, b) on bit patterns (b unused for one operand).
cause attribute(Fn fn, const nv::build& from, const nv::build& to, word a, word b = 0);

// attribute<F>(from, to, x[, y]): the field mask S (0 when the two agree).
template <class T>
word word_of(T x) {
  return word(bit_cast<typename float_traits<T>::storage>(x));
}
template <Fn F>
  requires(fn_traits<F>::arity == 1)
unsigned attribute(const nv::build& from, const nv::build& to, typename fn_traits<F>::type x) {
  return attribute(F, from, to, word_of(x)).fields;
}
template <Fn F>
  requires(fn_traits<F>::arity == 2)
unsigned attribute(const nv::build& from, const nv::build& to, typename fn_traits<F>::type x,
                   typename fn_traits<F>::type y) {
  return attribute(F, from, to, word_of(x), word_of(y)).fields;
}

// The subsets of fields_differing(from, to) that fn's reproduction does not
// model (nv::models_build), smallest first: attribute skips them.
std::vector<unsigned> unmodelled_subsets(Fn fn, const nv::build& from, const nv::build& to);

// ---- over an input set ----------------------------------------------------------------

struct causes_options {
  Fn fn = Fn::sinf;
  nv::build from = nv::nvcc_ieee, to = nv::triton3_6;
  InputSet inputs;
  unsigned threads = 0;      // 0: all cores
  std::size_t examples = 3;  // examples kept per cause: the first inputs of the set in it
};

struct cause_example {
  std::uint64_t index;  // in the input set
  word a, b;            // operands (b = 0 for one operand)
  word from, to;        // the two builds' outputs
};

// The inputs of one cause.
struct cause_group {
  unsigned fields = 0;
  bool nan_payload = false;        // both outputs NaN, other bits (kept apart, as sweep's pairs do)
  std::uint64_t count = 0;
  std::uint64_t tied = 0;          // of count: S won a tie by the fixed order
  std::uint64_t max_ulp = 0;       // largest distance in representable values between the outputs,
                                   // over those neither NaN (hd::ordered_distance; +0 and -0 are 0 apart)
  std::uint64_t nan_vs_number = 0; // of count: exactly one output NaN (no distance)
  std::vector<cause_example> examples;
};

struct causes_result {
  Fn fn = Fn::sinf;
  nv::build from, to;
  unsigned differing = 0;                 // fields_differing(from, to)
  std::vector<unsigned> unmodelled;       // unmodelled_subsets(fn, from, to)
  std::string inputs;                     // the input set's spec
  std::uint64_t count = 0;                // inputs
  std::uint64_t differ = 0;               // outputs differ, NaN payload only not included
  std::uint64_t nan_payload = 0;          // both NaN with other bits
  std::vector<cause_group> groups;        // most inputs first (then by mask; NaN payloads after the others)
};

// The causes of every difference of from and to over o.inputs, on o.threads
// threads; the same result for any thread count. Throws input_error when fn
// has no builds or from == to.
causes_result run_causes(const causes_options& o);

}  // namespace bitexact::sweep
