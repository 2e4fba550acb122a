// Tests of the PTX instruction model include/bitexact/nv/ptx.hpp.
//
// Where the expected values come from:
//  * The H100: vectors/nv/ptx_ops.txt, written by device/nv_ptx_ops.cu (run
//    with tools/scripts/device/run_nv_ptx_ops.sh), holds the GPU's own output of every
//    modelled instruction, in every FTZ form the model offers, over special,
//    random and engineered operands. PtxDevice.EveryOpMatchesTheH100 checks
//    every line against the model and FAILS when the file is missing.
//  * MPFR, for the f32 arithmetic (mul, add, fma.rn, fma.rz: correctly rounded
//    with IEEE subnormals; FTZ: the MPFR result on flushed operands, flushed)
//    and the reciprocal model; the host's trunc (an exact operation) for cvt.rzi.
//  * PTX ISA: an f32 NaN result is the canonical NaN 0x7fffffff.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "bitexact/inputs.hpp"
#include "bitexact/nv/ptx.hpp"

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

namespace {

using bitexact::bit_cast;
using bitexact::nv::mode;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
namespace ptx = bitexact::nv::ptx;
namespace in = bitexact::inputs;

float F(u32 b) { return bit_cast<float>(b); }
double D(u64 b) { return bit_cast<double>(b); }
u32 B(float x) { return bit_cast<u32>(x); }
u64 B(double x) { return bit_cast<u64>(x); }
bool isnan32(u32 b) { return (b & 0x7fffffffu) > 0x7f800000u; }
u32 flush32(u32 b) { return ((b & 0x7f800000u) == 0) ? (b & 0x80000000u) : b; }

// ---- the H100 ------------------------------------------------------------------------
// Every op of the model under the name device/nv_ptx_ops.cu prints: its
// operand count and the model applied to the operand bit patterns.
struct OpModel {
  int arity;
  std::function<u64(u64, u64, u64)> eval;
};

template <mode M>
std::map<std::string, OpModel> f32_ops(const std::string& ftz) {
  auto f = [](u64 v) { return F(u32(v)); };
  return {
      {"mul.rn" + ftz + ".f32", {2, [=](u64 a, u64 b, u64) -> u64 { return B(ptx::mul_rn_f32<M>(f(a), f(b))); }}},
      {"add.rn" + ftz + ".f32", {2, [=](u64 a, u64 b, u64) -> u64 { return B(ptx::add_rn_f32<M>(f(a), f(b))); }}},
      {"fma.rn" + ftz + ".f32",
       {3, [=](u64 a, u64 b, u64 c) -> u64 { return B(ptx::fma_rn_f32<M>(f(a), f(b), f(c))); }}},
      {"fma.rz" + ftz + ".f32",
       {3, [=](u64 a, u64 b, u64 c) -> u64 { return B(ptx::fma_rz_f32<M>(f(a), f(b), f(c))); }}},
      {"setp.lt" + ftz + ".f32", {2, [=](u64 a, u64 b, u64) -> u64 { return ptx::setp_lt_f32<M>(f(a), f(b)); }}},
      {"setp.ge" + ftz + ".f32", {2, [=](u64 a, u64 b, u64) -> u64 { return ptx::setp_ge_f32<M>(f(a), f(b)); }}},
      {"setp.ltu" + ftz + ".f32", {2, [=](u64 a, u64 b, u64) -> u64 { return ptx::setp_ltu_f32<M>(f(a), f(b)); }}},
      {"setp.gtu" + ftz + ".f32", {2, [=](u64 a, u64 b, u64) -> u64 { return ptx::setp_gtu_f32<M>(f(a), f(b)); }}},
      {"setp.leu" + ftz + ".f32", {2, [=](u64 a, u64 b, u64) -> u64 { return ptx::setp_leu_f32<M>(f(a), f(b)); }}},
      {"abs" + ftz + ".f32", {1, [=](u64 a, u64, u64) -> u64 { return B(ptx::abs_f32<M>(f(a))); }}},
      {"neg" + ftz + ".f32", {1, [=](u64 a, u64, u64) -> u64 { return B(ptx::neg_f32<M>(f(a))); }}},
      {"cvt.rzi" + ftz + ".f32.f32", {1, [=](u64 a, u64, u64) -> u64 { return B(ptx::cvt_rzi_f32_f32<M>(f(a))); }}},
      {"cvt.rpi" + ftz + ".f32.f32", {1, [=](u64 a, u64, u64) -> u64 { return B(ptx::cvt_rpi_f32_f32<M>(f(a))); }}},
      {"div.approx" + ftz + ".f32",
       {2, [=](u64 a, u64 b, u64) -> u64 { return B(ptx::div_approx_f32<M>(f(a), f(b))); }}},
  };
}

std::map<std::string, OpModel> all_ops() {
  std::map<std::string, OpModel> ops = f32_ops<mode::ieee>("");
  ops.merge(f32_ops<mode::ftz>(".ftz"));
  ops.insert({
      {"rcp.approx.ftz.f32", {1, [](u64 a, u64, u64) -> u64 { return B(ptx::rcp_approx_f32<mode::ftz>(F(u32(a)))); }}},
      {"copysign.f32", {2, [](u64 a, u64 b, u64) -> u64 { return B(ptx::copysign_f32(F(u32(a)), F(u32(b)))); }}},
      {"cvt.rpi.f64.f64", {1, [](u64 a, u64, u64) -> u64 { return B(ptx::cvt_rpi_f64_f64(D(a))); }}},
      {"cvt.rn.f64.s64", {1, [](u64 a, u64, u64) -> u64 { return B(ptx::cvt_rn_f64_s64(std::int64_t(a))); }}},
      {"mul.rn.f64", {2, [](u64 a, u64 b, u64) -> u64 { return B(ptx::mul_rn_f64(D(a), D(b))); }}},
      {"add.rn.f64", {2, [](u64 a, u64 b, u64) -> u64 { return B(ptx::add_rn_f64(D(a), D(b))); }}},
      {"mad.lo.cc.u32+madc.hi.u32",
       {3, [](u64 a, u64 b, u64 c) -> u64 { return ptx::mad_wide_u32(u32(a), u32(b), u32(c)); }}},
  });
  return ops;
}

TEST(PtxDevice, EveryOpMatchesTheH100) {
  const std::string path = std::string(BITEXACT_SOURCE_DIR) + "/vectors/nv/ptx_ops.txt";
  std::ifstream file(path);
  ASSERT_TRUE(file.good()) << path << " is missing: it comes from the GPU "
                           << "(tools/scripts/device/run_nv_ptx_ops.sh OUTDIR on an H100, then copy "
                           << "OUTDIR/ptx_ops.txt there)";
  const std::map<std::string, OpModel> ops = all_ops();
  // The SFU approximations are modelled from the correctly rounded reciprocal
  // (ptx.hpp: the hardware's table is not public). Against the H100 they must
  // stay within PTX's documented bound, counted apart: rcp.approx 1 ulp,
  // div.approx (a * rcp(b), two roundings) 2 ulp. Every other op must be equal.
  const std::map<std::string, u64> approx = {
      {"rcp.approx.ftz.f32", 1}, {"div.approx.f32", 2}, {"div.approx.ftz.f32", 2}};
  std::map<std::string, u64> lines, mismatches, one_ulp;
  u64 shown = 0, bad_lines = 0, differing = 0;
  std::string line;
  for (u64 number = 1; std::getline(file, line); ++number) {
    if (line.empty() || line[0] == '#') {
      if (line.rfind("# GPU", 0) == 0 || line.rfind("# nvcc", 0) == 0 || line.rfind("# written", 0) == 0)
        std::printf("  %s\n", line.c_str());
      continue;
    }
    std::istringstream fields(line);
    std::string name, tok;
    fields >> name;
    std::vector<u64> v;
    bool ok = true;
    while (fields >> tok) {
      std::size_t used = 0;
      try {
        v.push_back(std::stoull(tok, &used, 16));
      } catch (...) {
        ok = false;
      }
      ok = ok && tok.rfind("0x", 0) == 0 && used == tok.size();
    }
    const auto op = ops.find(name);
    if (!ok || op == ops.end() || int(v.size()) != op->second.arity + 1) {
      if (bad_lines++ < 10) ADD_FAILURE() << path << ":" << number << ": malformed line or unknown op: " << line;
      continue;
    }
    ++lines[name];
    v.resize(4, 0);
    const u64 want = v[op->second.arity];
    const u64 got = op->second.eval(v[0], op->second.arity > 1 ? v[1] : 0, op->second.arity > 2 ? v[2] : 0);
    if (got != want && approx.count(name) && (got ^ want) < 0x80000000u &&
        ((got & 0x7fffffffu) < 0x7f800000u) && ((want & 0x7fffffffu) < 0x7f800000u) &&
        (got > want ? got - want : want - got) <= approx.at(name)) {
      ++one_ulp[name];
      continue;
    }
    if (got != want) {
      ++mismatches[name];
      ++differing;
      if (shown++ < 40) ADD_FAILURE() << "line " << number << ": " << line << std::hex << "  model 0x" << got;
    }
  }
  EXPECT_EQ(bad_lines, 0u);
  // Every op of the model (both FTZ forms where there are two) must be in the file.
  std::string differ;
  for (const auto& [name, op] : ops) {
    const u64 n = lines[name], m = mismatches[name];
    EXPECT_GT(n, 100u) << name << ": too few lines in " << path;
    std::printf("  %-28s %6llu lines, %6llu differ from the H100%s\n", name.c_str(), (unsigned long long)n,
                (unsigned long long)m,
                approx.count(name) ? (", " + std::to_string(one_ulp[name]) + " within its ulp bound (approximation)").c_str()
                                   : "");
    if (m != 0) differ += " " + name;
  }
  EXPECT_EQ(differing, 0u) << "lines where the model differs from the H100; ops:" << differ;
}

// ---- MPFR references for the f32 arithmetic -----------------------------------------
// binary32 with subnormals: precision 24, exponent range of IEEE binary32.
enum class op { mul, add, fma, rcp };
float mpfr_f32(op o, float a, float b, float c, mpfr_rnd_t rnd) {
  const auto old_emin = mpfr_get_emin(), old_emax = mpfr_get_emax();
  mpfr_set_emin(-148);
  mpfr_set_emax(128);
  mpfr_t x, y, z, r;
  mpfr_inits2(24, x, y, z, r, (mpfr_ptr)0);
  mpfr_set_flt(x, a, MPFR_RNDN);
  mpfr_set_flt(y, b, MPFR_RNDN);
  mpfr_set_flt(z, c, MPFR_RNDN);
  int t = 0;
  switch (o) {
    case op::mul:
      t = mpfr_mul(r, x, y, rnd);
      break;
    case op::add:
      t = mpfr_add(r, x, y, rnd);
      break;
    case op::fma:
      t = mpfr_fma(r, x, y, z, rnd);
      break;
    case op::rcp:
      t = mpfr_ui_div(r, 1, x, rnd);
      break;
  }
  t = mpfr_check_range(r, t, rnd);
  mpfr_subnormalize(r, t, rnd);
  const float out = mpfr_get_flt(r, rnd);
  mpfr_clears(x, y, z, r, (mpfr_ptr)0);
  mpfr_set_emin(old_emin);
  mpfr_set_emax(old_emax);
  return out;
}

// Random binary32 with a spread of exponents, subnormals included, no NaN/inf.
u32 random_finite32(u64 w) {
  const u32 sign = (w >> 63) ? 0x80000000u : 0u;
  const u32 e = u32((w >> 32) % 256);  // 0..255: 255 re-mapped to subnormal
  return sign | ((e == 255 ? 0u : e) << 23) | (u32(w) & 0x7fffffu);
}

void expect_same(u32 got, u32 want, const char* what, u32 a, u32 b, u32 c = 0) {
  if (isnan32(want)) {  // any .f32 NaN result must be PTX's canonical NaN
    ASSERT_EQ(got, ptx::canonical_nan_f32) << what << std::hex << " a=" << a << " b=" << b << " c=" << c;
  } else {
    ASSERT_EQ(got, want) << what << std::hex << " a=0x" << a << " b=0x" << b << " c=0x" << c;
  }
}

// mul, add, fma.rn, fma.rz of one FTZ form against MPFR.
template <mode M>
void expect_arith_matches_mpfr(u32 a, u32 b, u32 c) {
  constexpr bool ftz = M == mode::ftz;
  const float fa = ftz ? F(flush32(a)) : F(a), fb = ftz ? F(flush32(b)) : F(b);
  const float fc = ftz ? F(flush32(c)) : F(c);
  auto fl = [&](float v) { return ftz ? flush32(B(v)) : B(v); };
  expect_same(B(ptx::mul_rn_f32<M>(F(a), F(b))), fl(mpfr_f32(op::mul, fa, fb, 0, MPFR_RNDN)), "mul", a, b);
  expect_same(B(ptx::add_rn_f32<M>(F(a), F(c))), fl(mpfr_f32(op::add, fa, fc, 0, MPFR_RNDN)), "add", a, c);
  expect_same(B(ptx::fma_rn_f32<M>(F(a), F(b), F(c))), fl(mpfr_f32(op::fma, fa, fb, fc, MPFR_RNDN)), "fma.rn", a, b, c);
  expect_same(B(ptx::fma_rz_f32<M>(F(a), F(b), F(c))), fl(mpfr_f32(op::fma, fa, fb, fc, MPFR_RNDZ)), "fma.rz", a, b, c);
}

TEST(PtxOps, MulAddFmaMatchMpfr) {
  for (u64 i = 0; i < 200000; ++i) {
    u32 a = random_finite32(in::word_at(1, i, 0)), b = random_finite32(in::word_at(1, i, 1));
    u32 c = random_finite32(in::word_at(1, i, 2));
    if (i % 4 == 1) {  // cancellation: c close to -a*b
      const float p = mpfr_f32(op::mul, F(a), F(b), 0, MPFR_RNDN);
      c = (B(p) ^ 0x80000000u) + u32(int(in::word_at(1, i, 3) % 5) - 2);
      if (isnan32(c) || (c & 0x7f800000u) == 0x7f800000u) c = 0;
    }
    if (i % 4 == 2) b = (b & 0x807fffffu) | (u32(in::word_at(1, i, 3) % 40 + 100) << 23);
    expect_arith_matches_mpfr<mode::ieee>(a, b, c);
    expect_arith_matches_mpfr<mode::ftz>(a, b, c);
  }
}

#if defined(__SSE2__)
// The host fast path of mul, add and fma.rn (native correctly rounded
// operations where operands and result are normal) must not feel MXCSR's
// flush modes, which the ocml models set around their own code: the ops'
// results under FTZ|DAZ equal those of the default environment, subnormal
// operands and results included (they go to the models).
TEST(PtxOps, MxcsrFlushModesDoNotReachTheOps) {
  std::vector<u32> a(100000), b(a.size()), c(a.size());
  for (u64 i = 0; i < a.size(); ++i) {
    a[i] = random_finite32(in::word_at(9, i, 0)), b[i] = random_finite32(in::word_at(9, i, 1));
    c[i] = random_finite32(in::word_at(9, i, 2));
    if (i % 3 == 0) b[i] = (b[i] & 0x807fffffu) | (u32(in::word_at(9, i, 3) % 40 + 100) << 23);  // tiny products
  }
  auto run = [&] {
    std::vector<u32> r;
    for (u64 i = 0; i < a.size(); ++i) {
      r.push_back(B(ptx::mul_rn_f32<mode::ieee>(F(a[i]), F(b[i])))), r.push_back(B(ptx::mul_rn_f32<mode::ftz>(F(a[i]), F(b[i]))));
      r.push_back(B(ptx::add_rn_f32<mode::ieee>(F(a[i]), F(c[i])))), r.push_back(B(ptx::add_rn_f32<mode::ftz>(F(a[i]), F(c[i]))));
      r.push_back(B(ptx::fma_rn_f32<mode::ieee>(F(a[i]), F(b[i]), F(c[i]))));
      r.push_back(B(ptx::fma_rn_f32<mode::ftz>(F(a[i]), F(b[i]), F(c[i]))));
    }
    return r;
  };
  const std::vector<u32> plain = run();
  const unsigned csr = _mm_getcsr();
  _mm_setcsr(csr | 0x8040u);  // FTZ | DAZ
  const std::vector<u32> flushed = run();
  _mm_setcsr(csr);
  EXPECT_EQ(plain, flushed);
}
#endif

TEST(PtxOps, SpecialOperands) {
  const u32 sp[] = {0,           0x80000000u, 1,           0x80000001u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                    0xffc12345u, 0x7f800001u, 0x3f800000u, 0x7f7fffffu, 0xff7fffffu, 0x00800000u};
  for (u32 a : sp)
    for (u32 b : sp)
      for (u32 c : sp) {
        expect_arith_matches_mpfr<mode::ieee>(a, b, c);
        expect_arith_matches_mpfr<mode::ftz>(a, b, c);
      }
}

TEST(PtxOps, RcpStandInIsCorrectlyRoundedWithFtz) {
  // The table-free stand-in for rcp.approx.ftz (BITEXACT_SFU_NO_TABLES builds,
  // reached here through the test hook): correctly rounded 1/x (MPFR),
  // subnormal in and out flushed (PTX ISA: |x| > 2^126 gives 0, +-0 gives
  // +-inf). The model itself is checked against the H100 on all 2^32 inputs
  // (vectors/nv-sfu) and on ptx_ops.txt above.
  const int cr = ptx::rcp_seed_correctly_rounded;
  for (u64 i = 0; i < 100000; ++i) {
    const u32 a = random_finite32(in::word_at(2, i));
    const float fa = F(flush32(a));
    const u32 want = flush32(B(mpfr_f32(op::rcp, fa, 0, 0, MPFR_RNDN)));
    ASSERT_EQ(B(ptx::rcp_approx_f32<mode::ftz>(F(a), cr)), want) << std::hex << a;
  }
  EXPECT_EQ(B(ptx::rcp_approx_f32<mode::ftz>(F(0x7e800001u), cr)), 0u);           // just above 2^126 -> 0
  EXPECT_EQ(B(ptx::rcp_approx_f32<mode::ftz>(F(0x80000001u), cr)), 0xff800000u);  // -subnormal -> -inf
  EXPECT_EQ(B(ptx::rcp_approx_f32<mode::ftz>(F(0x7e800001u))), 0u);               // the model agrees on these
  EXPECT_EQ(B(ptx::rcp_approx_f32<mode::ftz>(F(0x80000001u))), 0xff800000u);
}

// rcp.rn{.ftz}.f32 (nv/erfinvf.hpp, Triton's tail): the correctly rounded
// 1/x, against MPFR, in both FTZ forms, subnormal inputs and results included
// (|x| > 2^126 gives a subnormal 1/x, which .ftz flushes).
TEST(PtxOps, RcpRnMatchesMpfr) {
  for (u64 i = 0; i < 200000; ++i) {
    const u32 a = random_finite32(in::word_at(7, i));
    expect_same(B(ptx::rcp_rn_f32<mode::ieee>(F(a))), B(mpfr_f32(op::rcp, F(a), 0, 0, MPFR_RNDN)), "rcp.rn", a, 0);
    const u32 want_ftz = flush32(B(mpfr_f32(op::rcp, F(flush32(a)), 0, 0, MPFR_RNDN)));
    expect_same(B(ptx::rcp_rn_f32<mode::ftz>(F(a))), want_ftz, "rcp.rn.ftz", a, 0);
  }
  const u32 sp[] = {0, 0x80000000u, 1, 0x80000001u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7e800000u, 0x7e800001u, 0x7f7fffffu};
  for (u32 a : sp) {
    expect_same(B(ptx::rcp_rn_f32<mode::ieee>(F(a))), B(mpfr_f32(op::rcp, F(a), 0, 0, MPFR_RNDN)), "rcp.rn", a, 0);
    expect_same(B(ptx::rcp_rn_f32<mode::ftz>(F(a))), flush32(B(mpfr_f32(op::rcp, F(flush32(a)), 0, 0, MPFR_RNDN))),
                "rcp.rn.ftz", a, 0);
  }
}

TEST(PtxOps, RoundToIntegral) {
  // trunc vs the host's trunc (an exact operation) on structured singles
  // (integers +-2 ulp, (0,2), specials). ceil: tests/nv_arith_test.cpp (ceilf).
  for (u64 i = 0; i < 200000; ++i) {
    const u32 x = in::structured_single<float>(3, i);
    if (isnan32(x)) {
      EXPECT_EQ(B(ptx::cvt_rzi_f32_f32<mode::ieee>(F(x))), ptx::canonical_nan_f32);
      continue;
    }
    const float t = std::trunc(F(x));  // exact operation; host libm only as a reference
    ASSERT_EQ(B(ptx::cvt_rzi_f32_f32<mode::ieee>(F(x))), B(t)) << std::hex << x;
  }
}


// ---- the ops of libdevice's exp10f, expm1f, log1pf, log10f (issue 34) -------------
// fma.rm and add.rz against MPFR (RNDD, RNDZ; FTZ: on flushed operands, the
// result flushed), cvt.rni against the host's nearbyint in its default
// nearest-even mode (an exact operation), cvt.rn.f32.s32 against MPFR, and
// cvt.sat against its PTX definition. The H200 (2026-11-28, 65,536 operand
// sets an op and FTZ form, specials and exp10f's own operands included) gave
// the model's bits on all of them, and the two cases written out below.
TEST(PtxOps, ExpFamilyOpsMatchMpfr) {
  for (u64 i = 0; i < 200000; ++i) {
    const u32 a = random_finite32(in::word_at(5, i, 0)), b = random_finite32(in::word_at(5, i, 1));
    u32 c = random_finite32(in::word_at(5, i, 2));
    if (i % 4 == 1) c = (a ^ 0x80000000u) + u32(int(in::word_at(5, i, 3) % 5) - 2);  // add: cancellation
    for (bool ftz : {false, true}) {
      const float fa = ftz ? F(flush32(a)) : F(a), fb = ftz ? F(flush32(b)) : F(b), fc = ftz ? F(flush32(c)) : F(c);
      auto fl = [&](float v) { return ftz ? flush32(B(v)) : B(v); };
      const u32 rm = ftz ? B(ptx::fma_rm_f32<mode::ftz>(F(a), F(b), F(c))) : B(ptx::fma_rm_f32<mode::ieee>(F(a), F(b), F(c)));
      expect_same(rm, fl(mpfr_f32(op::fma, fa, fb, fc, MPFR_RNDD)), "fma.rm", a, b, c);
      const u32 rz = ftz ? B(ptx::add_rz_f32<mode::ftz>(F(a), F(c))) : B(ptx::add_rz_f32<mode::ieee>(F(a), F(c)));
      expect_same(rz, fl(mpfr_f32(op::add, fa, fc, 0, MPFR_RNDZ)), "add.rz", a, c);
    }
    const u32 x = in::structured_single<float>(6, i);
    if (!isnan32(x)) {
      ASSERT_EQ(B(ptx::cvt_rni_f32_f32<mode::ieee>(F(x))), B(std::nearbyint(F(x)))) << std::hex << x;
      ASSERT_EQ(B(ptx::cvt_rni_f32_f32<mode::ftz>(F(x))), B(std::nearbyint(F(flush32(x))))) << std::hex << x;
      const float v = F(x);  // .sat: [0, 1]; negatives and -0 give +0
      const u32 sat = v > 1.0f ? 0x3f800000u : ((x >> 31) ? 0u : x);
      ASSERT_EQ(B(ptx::cvt_sat_f32_f32<mode::ieee>(v)), sat) << std::hex << x;
    }
    const std::int32_t k = std::int32_t(u32(in::word_at(5, i, 4)) >> (i % 31));
    ASSERT_EQ(B(ptx::cvt_rn_f32_s32(i % 2 ? k : -k)), B(float(double(i % 2 ? k : -k)))) << k;  // one rounding
  }
  EXPECT_EQ(B(ptx::cvt_sat_f32_f32<mode::ieee>(F(0x7fc00000u))), 0u);  // NaN -> +0 (PTX ISA)
  EXPECT_EQ(B(ptx::cvt_rni_f32_f32<mode::ieee>(F(0x7fc00000u))), ptx::canonical_nan_f32);
  // The H200: cvt.sat.f32.f32 of -0 is +0, and .ftz rounding toward zero
  // from just above 2^-126 flushes: fma.rm.ftz 0x00800000 0x8474c3a0
  // 0x00800000 is +0 (MPFR's RNDD result is the subnormal 0x007fffff).
  EXPECT_EQ(B(ptx::cvt_sat_f32_f32<mode::ieee>(F(0x80000000u))), 0u);
  EXPECT_EQ(B(ptx::fma_rm_f32<mode::ftz>(F(0x00800000u), F(0x8474c3a0u), F(0x00800000u))), 0u);
  EXPECT_EQ(B(ptx::fma_rz_f32<mode::ftz>(F(0x00800000u), F(0x8474c3a0u), F(0x00800000u))), 0u);
  EXPECT_EQ(B(ptx::fma_rm_f32<mode::ieee>(F(0x00800000u), F(0x8474c3a0u), F(0x00800000u))), 0x007fffffu);
  // IEEE 754: an exact zero sum under rounding toward -inf is -0.
  EXPECT_EQ(B(ptx::fma_rm_f32<mode::ieee>(F(0x3f800000u), F(0x3f800000u), F(0xbf800000u))), 0x80000000u);
  EXPECT_EQ(B(ptx::add_rz_f32<mode::ieee>(F(0x3f800000u), F(0xbf800000u))), 0u);
}

}  // namespace
