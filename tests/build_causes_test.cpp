// Tests of bitexact/sweep/build_causes.hpp (`bitexact causes`): the
// attribution of a difference between two builds to a set of build fields.
// Where the expected values come from:
//  * the definition, checked by brute force here: every subset of the
//    differing fields is evaluated and the smallest (by size, then mask) that
//    gives TO's bits must be the cause reported, and the reported tie must be
//    a second such subset;
//  * the registered implementations nv, nv-ftz, triton (nv::NAME, NAME_ftz,
//    NAME_triton through the registry: what the H100/H200 digests check) for
//    eval_build of the three measured builds;
//  * libdevice's IR, independently of the reproductions:
//    tools/scripts/compare_libdevice.py on CUDA 13.0's and Triton 3.6's
//    libdevice.10.bc (docs/history.md, "issue 34, first look": which rows have
//    the same IR in both files), and llvm-dis of CUDA 13.0's file (which
//    functions call __nvvm_reflect("__CUDA_PREC_SQRT"): among the rows only
//    __nv_sqrtf and __nv_hypotf; __nv_ceil calls no __nvvm_reflect, __nv_fmod
//    only __CUDA_ARCH's), and the PTX ISA (.ftz exists for .f32 only);
//  * docs/triton.md: Triton leaves __CUDA_PREC_SQRT 0, so its sqrtf is
//    sqrt.approx, not the correctly rounded sqrt.rn of nvcc's.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "bitexact/nv/build.hpp"
#include "bitexact/registry/registry.hpp"
#include "bitexact/sweep/build_causes.hpp"
#include "bitexact/sweep/engine.hpp"

namespace {

namespace bx = bitexact;
namespace nv = bitexact::nv;
namespace sw = bitexact::sweep;
using bx::Fn;
using bx::word;

constexpr nv::build measured[] = {nv::nvcc_ieee, nv::nvcc_ftz, nv::triton3_6};
constexpr const char* measured_names[] = {"nv", "nv-ftz", "triton"};

std::vector<Fn> build_fns() {
  std::vector<Fn> v;
  for (const auto& f : bx::all_functions())
    if (sw::has_builds(f.id)) v.push_back(f.id);
  return v;
}

// Inputs with every binade, subnormals (where the flush modes part) and the
// edge corpus (specials, boundaries of each function's branches).
std::vector<std::array<word, 2>> inputs_of(Fn fn, std::uint64_t uniform, std::uint64_t seed) {
  std::vector<std::array<word, 2>> rows;
  auto add = [&](const sw::InputSet& s) {
    std::vector<word> a(s.count), b(s.count, 0);
    s.generate(0, s.count, a.data(), b.data());
    for (std::size_t i = 0; i < a.size(); ++i) rows.push_back({a[i], b[i]});
  };
  add(sw::parse_input_set("uniform:" + std::to_string(uniform) + ":" + std::to_string(seed), fn));
  add(sw::parse_input_set("edge", fn));
  // Subnormal operands and operands near the subnormal range, both signs.
  const auto& f = bx::fn_info(fn);
  const word sign = word(1) << (f.bits - 1), frac = f.bits == 32 ? 0x007fffffull : 0x000fffffffffffffull;
  const word min_normal = frac + 1;
  for (std::uint64_t i = 0; i < uniform / 8; ++i) {
    const word r = sw::splitmix64(seed + 100, i), r2 = sw::splitmix64(seed + 200, i);
    const word a = ((r & frac) % (min_normal * 4)) | ((r >> 62) & 1 ? sign : 0);
    const word b = f.arity == 2 ? (i % 2 ? (r2 & (f.bits == 32 ? 0xffffffffull : ~word(0))) : (r2 & frac) | 0) : 0;
    rows.push_back({a, b});
  }
  return rows;
}

word eval(Fn fn, const nv::build& b, word x, word y) {
  word r;
  sw::eval_build(fn, b, &x, &y, &r, 1);
  return r;
}

// The cause by its definition, by brute force over all 16 masks.
sw::cause brute_force(Fn fn, const nv::build& from, const nv::build& to, word x, word y) {
  const word target = eval(fn, to, x, y);
  if (eval(fn, from, x, y) == target) return {};
  const unsigned d = nv::fields_differing(from, to);
  unsigned best = d;
  int found = 0;
  for (int size = 1; size < std::popcount(d) && !found; ++size)
    for (unsigned s = 0; s < 16; ++s) {
      if ((s & ~d) || std::popcount(s) != size) continue;
      const nv::build m = nv::with_fields(from, to, s);
      if (!sw::modelled(fn, m) || eval(fn, m, x, y) != target) continue;
      if (!found) best = s;
      ++found;
    }
  return {best, found > 1};
}

TEST(BuildCauses, MaskEncodingIsTheFourFields) {
  // Every mask gives a distinct build, and the three measured ones are where
  // nv/build.hpp defines them.
  std::set<unsigned> seen;
  for (unsigned m = 0; m < 16; ++m) {
    EXPECT_EQ(nv::mask_of_build(nv::build_of_mask(m)), m);
    seen.insert(nv::mask_of_build(nv::build_of_mask(m)));
  }
  EXPECT_EQ(seen.size(), 16u);
  EXPECT_EQ(nv::fields_differing(nv::nvcc_ieee, nv::triton3_6),
            unsigned(nv::field_file | nv::field_reflect | nv::field_prec_sqrt));
  EXPECT_EQ(nv::fields_differing(nv::nvcc_ieee, nv::nvcc_ftz), unsigned(nv::field_reflect | nv::field_ops));
  EXPECT_EQ(nv::fields_differing(nv::nvcc_ftz, nv::triton3_6),
            unsigned(nv::field_file | nv::field_ops | nv::field_prec_sqrt));
  EXPECT_EQ(nv::with_fields(nv::nvcc_ieee, nv::triton3_6, nv::fields_differing(nv::nvcc_ieee, nv::triton3_6)),
            nv::triton3_6);
}

TEST(BuildCauses, EveryRowWithATritonFormHasBuilds) {
  // The rows with an implementation "triton" are the rows causes covers.
  for (const auto& f : bx::all_functions())
    EXPECT_EQ(sw::has_builds(f.id), bx::find_impl("triton", f.id) != nullptr) << f.name;
  EXPECT_EQ(build_fns().size(), bx::functions().size());
}

TEST(BuildCauses, MeasuredBuildsAreTheRegisteredImplementations) {
  for (Fn fn : build_fns())
    for (int k = 0; k < 3; ++k) {
      const bx::Impl* impl = bx::find_impl(measured_names[k], fn);
      ASSERT_NE(impl, nullptr) << measured_names[k];
      for (const auto& [x, y] : inputs_of(fn, 4000, 11))
        ASSERT_EQ(eval(fn, measured[k], x, y), bx::eval_one(*impl, x, y))
            << measured_names[k] << "." << bx::fn_info(fn).name << " x=" << std::hex << x << " y=" << y;
    }
}

TEST(BuildCauses, OnlyPowfLeavesBuildsUnmodelled) {
  for (Fn fn : build_fns())
    for (unsigned m = 0; m < 16; ++m) {
      const nv::build b = nv::build_of_mask(m);
      // powf: Triton's file only as Triton compiles it (FTZ reflect, IEEE ops).
      const bool expected = fn != Fn::powf || b.file != nv::libdevice_file::triton3_6 ||
                            (b.reflect == nv::mode::ftz && b.ops == nv::mode::ieee);
      EXPECT_EQ(sw::modelled(fn, b), expected) << bx::fn_info(fn).name << " mask " << m;
    }
  EXPECT_THROW(bx::sweep::eval_build<Fn::powf>(nv::build_of_mask(1), 2.0f, 3.0f), std::invalid_argument);
  EXPECT_EQ(bx::sweep::eval_build<Fn::powf>(nv::nvcc_ieee, 2.0f, 3.0f), 8.0f);
  EXPECT_EQ(bx::sweep::eval_build<Fn::sqrtf>(nv::triton3_6, 4.0f), 2.0f);
}

// (a) The defining property, on every row and every ordered pair of the
// measured builds: the cause gives TO's bits, no smaller set does, and the
// tie flag says whether another set of its size does.
TEST(BuildCauses, CauseIsTheSmallestSetThatGivesTosBits) {
  std::uint64_t checked = 0, differing = 0;
  for (Fn fn : build_fns()) {
    const auto rows = inputs_of(fn, 6000, 3);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        if (i == j) continue;
        const nv::build from = measured[i], to = measured[j];
        for (const auto& [x, y] : rows) {
          const sw::cause got = sw::attribute(fn, from, to, x, y);
          const sw::cause want = brute_force(fn, from, to, x, y);
          ++checked;
          ASSERT_EQ(got.fields, want.fields) << bx::fn_info(fn).name << " " << measured_names[i] << " -> "
                                             << measured_names[j] << " x=" << std::hex << x << " y=" << y;
          ASSERT_EQ(got.tied, want.tied) << bx::fn_info(fn).name << " x=" << std::hex << x;
          if (!got.fields) continue;
          ++differing;
          EXPECT_EQ(got.fields & ~nv::fields_differing(from, to), 0u);
          EXPECT_EQ(eval(fn, nv::with_fields(from, to, got.fields), x, y), eval(fn, to, x, y));
        }
      }
  }
  // Enough differences for the check to mean something.
  EXPECT_GT(differing, checked / 100) << checked;
}

TEST(BuildCauses, TypedAttributeAgreesWithTheWordForm) {
  EXPECT_EQ(sw::attribute<Fn::sqrtf>(nv::nvcc_ieee, nv::triton3_6, 4.0f), 0u);  // both exact
  for (std::uint32_t u : {0x3f8ccccdu, 0x40490fdbu, 0x00000001u, 0x7f7fffffu})
    EXPECT_EQ(sw::attribute<Fn::sqrtf>(nv::nvcc_ieee, nv::triton3_6, std::bit_cast<float>(u)),
              sw::attribute(Fn::sqrtf, nv::nvcc_ieee, nv::triton3_6, u).fields);
  EXPECT_EQ(sw::attribute<Fn::fmodf>(nv::nvcc_ieee, nv::triton3_6, 5.5f, 2.0f),
            sw::attribute(Fn::fmodf, nv::nvcc_ieee, nv::triton3_6, 0x40b00000u, 0x40000000u).fields);
}

// Every cause over a set, all ordered pairs of measured builds.
std::set<unsigned> causes_over(Fn fn, const std::string& spec, std::uint64_t* differing = nullptr) {
  std::set<unsigned> out;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      if (i == j) continue;
      sw::causes_options o;
      o.fn = fn;
      o.from = measured[i];
      o.to = measured[j];
      o.inputs = sw::parse_input_set(spec, fn);
      const sw::causes_result r = sw::run_causes(o);
      if (differing) *differing += r.differ + r.nan_payload;
      for (const auto& g : r.groups) out.insert(g.fields);
    }
  return out;
}

std::string spec_for(Fn fn) { return bx::fn_info(fn).arity == 1 ? "binades:128" : "uniform:200000:5"; }

// (b) Rows whose IR is the same in both files (compare_libdevice.py,
// docs/history.md) never get a cause with `file`; of them, those whose IR does
// not read __CUDA_PREC_SQRT (all but sqrtf and hypotf) none with `prec_sqrt`.
TEST(BuildCauses, SameIrRowsNeverBlameTheFile) {
  const Fn same_ir[] = {Fn::expf,  Fn::exp2f,  Fn::exp10f, Fn::expm1f, Fn::logf, Fn::log2f,
                        Fn::log10f, Fn::log1pf, Fn::rsqrtf, Fn::sqrtf, Fn::tanf, Fn::hypotf,
                        Fn::sinf,  Fn::cosf,   Fn::ceilf,  Fn::ceil};
  std::uint64_t n = 0;  // differences seen, so that the check means something
  for (Fn fn : same_ir) {
    for (unsigned c : causes_over(fn, spec_for(fn), &n)) {
      EXPECT_EQ(c & nv::field_file, 0u) << bx::fn_info(fn).name << ": " << sw::fields_text(c);
      if (fn != Fn::sqrtf && fn != Fn::hypotf) {
        EXPECT_EQ(c & nv::field_prec_sqrt, 0u) << bx::fn_info(fn).name << ": " << sw::fields_text(c);
      }
    }
  }
  EXPECT_GT(n, 10000u);
}

// __nv_ceil: one cvt.rpi.f64.f64, no reflect, the same IR in both files: no
// build differs from another. __nv_fmod: f64 code (no .ftz in PTX) whose only
// reflect is __CUDA_ARCH: only the file can matter.
TEST(BuildCauses, DoubleRowsDependOnTheFileAtMost) {
  std::uint64_t n = 0;
  EXPECT_TRUE(causes_over(Fn::ceil, "uniform:100000:9", &n).empty());
  EXPECT_TRUE(causes_over(Fn::ceil, "edge", &n).empty());
  EXPECT_EQ(n, 0u);
  for (const std::string spec : {"uniform:100000:9", "edge"})
    for (unsigned c : causes_over(Fn::fmod, spec)) EXPECT_EQ(c, unsigned(nv::field_file)) << sw::fields_text(c);
}

// docs/triton.md: Triton's sqrtf is sqrt.approx (__CUDA_PREC_SQRT 0), nvcc's
// the correctly rounded sqrt.rn. An approximation is not correctly rounded
// everywhere, so there are differences. The PTX ISA: .ftz changes only
// subnormal inputs and results of an f32 instruction, and a square root has
// no subnormal results; a subnormal input is read as a zero of its sign,
// whose square root both sqrt.rn and sqrt.approx give exactly. So a
// difference at a subnormal x is the reflect alone (nv's root is nonzero),
// and anywhere else __CUDA_PREC_SQRT alone (the file: the same IR).
TEST(BuildCauses, SqrtfEagerVsCompiledIsPrecSqrtOrTheFlush) {
  sw::causes_options o;
  o.fn = Fn::sqrtf;
  o.from = nv::nvcc_ieee;
  o.to = nv::triton3_6;
  o.inputs = sw::parse_input_set("binades:256", Fn::sqrtf);
  o.examples = o.inputs.count;  // every differing input
  const sw::causes_result r = sw::run_causes(o);
  EXPECT_GT(r.differ, 0u);
  std::uint64_t subnormal = 0, other = 0;
  for (const auto& g : r.groups) {
    EXPECT_EQ(g.tied, 0u);
    for (const auto& e : g.examples) {
      const bool sub = (e.a & 0x7f800000u) == 0 && (e.a & 0x007fffffu) != 0;
      (sub ? subnormal : other) += 1;
      EXPECT_EQ(g.fields, unsigned(sub ? nv::field_reflect : nv::field_prec_sqrt))
          << sw::fields_text(g.fields) << " x=" << std::hex << e.a;
    }
  }
  EXPECT_GT(subnormal, 0u);
  EXPECT_GT(other, 0u);
  EXPECT_EQ(subnormal + other, r.differ + r.nan_payload);
}

// The result of a set does not depend on the threads, and its counts add up.
TEST(BuildCauses, ThreadsDoNotChangeTheResult) {
  for (Fn fn : {Fn::expm1f, Fn::powf, Fn::erfcf}) {
    sw::causes_options o;
    o.fn = fn;
    o.from = nv::nvcc_ftz;
    o.to = nv::triton3_6;
    o.inputs = sw::parse_input_set(fn == Fn::powf ? "uniform:300000:2" : "binades:256", fn);
    o.examples = 5;
    o.threads = 1;
    const sw::causes_result a = sw::run_causes(o);
    o.threads = 4;
    const sw::causes_result b = sw::run_causes(o);
    ASSERT_EQ(a.groups.size(), b.groups.size());
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < a.groups.size(); ++i) {
      EXPECT_EQ(a.groups[i].fields, b.groups[i].fields);
      EXPECT_EQ(a.groups[i].count, b.groups[i].count);
      EXPECT_EQ(a.groups[i].max_ulp, b.groups[i].max_ulp);
      ASSERT_EQ(a.groups[i].examples.size(), b.groups[i].examples.size());
      for (std::size_t k = 0; k < a.groups[i].examples.size(); ++k)
        EXPECT_EQ(a.groups[i].examples[k].index, b.groups[i].examples[k].index);
      sum += a.groups[i].count;
    }
    EXPECT_EQ(sum, a.differ + a.nan_payload);
    EXPECT_EQ(a.count, o.inputs.count);
  }
}

TEST(BuildCauses, RefusesWhatCannotDiffer) {
  sw::causes_options o;
  o.fn = Fn::sin_approx;
  o.inputs = sw::parse_input_set("uniform:10", Fn::sin_approx);
  EXPECT_THROW(sw::run_causes(o), bx::input_error);
  o.fn = Fn::sinf;
  o.inputs = sw::parse_input_set("uniform:10", Fn::sinf);
  o.to = o.from;
  EXPECT_THROW(sw::run_causes(o), bx::input_error);
}

}  // namespace
