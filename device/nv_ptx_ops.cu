// device/nv_ptx_ops.cu — ground truth from the GPU for the PTX instruction
// model include/bitexact/nv/ptx.hpp.
//
// For every op of the model, in each FTZ form the model offers, this program
// executes exactly that PTX instruction (one `asm volatile` per instruction,
// the variant the model claims to be, operands loaded from device memory so
// nothing is folded at compile time) over a deterministic operand list, and
// writes one text file:
//
//   # header: GPU, CUDA runtime / driver, nvcc version and flags, date
//   OP X [Y [Z]] RESULT      hex; 32-bit values 0x%08x, 64-bit 0x%016llx;
//                            setp results are the predicate, 0x00000000 / 0x00000001
//
// Operand lists (the same on every run: fixed tables and
// bitexact::inputs::uniform32/uniform64 with fixed seeds):
//  * all pairs (unary: all values) of a list of special operands: +-0,
//    +-min/max subnormal, +-min normal, +-1, +-max finite, +-inf, quiet NaNs
//    with payloads of both signs, signalling NaNs, values that produce ties
//    and subnormal results; all triples of a shorter list for fma and mad;
//  * uniform random bit patterns;
//  * operands engineered per op: rounding ties, overflow, underflow into and
//    out of the subnormal range (results just below 2^-126 that round up to
//    it decide whether .ftz looks before or after rounding), cancellation,
//    integers +- ulps for the round-to-integral conversions.
//
// Build and run: tools/scripts/device/run_nv_ptx_ops.sh OUTDIR (no xxhash or other library
// needed). `--operands FILE` writes the operand lines without results and
// runs nothing on the GPU (to inspect the coverage and size anywhere).
#include <cuda_runtime.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "bitexact/inputs.hpp"

#ifndef BX_FLAGS
#define BX_FLAGS "?"
#endif

using u32 = std::uint32_t;
using u64 = std::uint64_t;

#include "cuda_check.cuh"  // CK(call)

// ---- the instructions ------------------------------------------------------------
// Operands and results travel as u64 bit patterns; each op reinterprets them.
// f32 operands go through "f" registers, f64 through "d" (PTX type-checks
// .f32 instructions against .f32/.b32 registers); bit moves keep NaN payloads.
__device__ __forceinline__ float f32(u64 b) { return __uint_as_float(u32(b)); }
__device__ __forceinline__ double f64(u64 b) { return __longlong_as_double((long long)b); }
__device__ __forceinline__ u64 bits(float x) { return __float_as_uint(x); }
__device__ __forceinline__ u64 bits(double x) { return u64(__double_as_longlong(x)); }

#define BX_F32_UNARY(NAME, INSN)                             \
  struct NAME {                                              \
    __device__ static u64 run(u64 a, u64, u64) {             \
      float r;                                               \
      asm volatile(INSN " %0, %1;" : "=f"(r) : "f"(f32(a))); \
      return bits(r);                                        \
    }                                                        \
  };
#define BX_F32_BINARY(NAME, INSN)                                             \
  struct NAME {                                                               \
    __device__ static u64 run(u64 a, u64 b, u64) {                            \
      float r;                                                                \
      asm volatile(INSN " %0, %1, %2;" : "=f"(r) : "f"(f32(a)), "f"(f32(b))); \
      return bits(r);                                                         \
    }                                                                         \
  };
#define BX_F32_TERNARY(NAME, INSN)                                                             \
  struct NAME {                                                                                \
    __device__ static u64 run(u64 a, u64 b, u64 c) {                                           \
      float r;                                                                                 \
      asm volatile(INSN " %0, %1, %2, %3;" : "=f"(r) : "f"(f32(a)), "f"(f32(b)), "f"(f32(c))); \
      return bits(r);                                                                          \
    }                                                                                          \
  };
#define BX_SETP_F32(NAME, INSN)                                                              \
  struct NAME {                                                                              \
    __device__ static u64 run(u64 a, u64 b, u64) {                                           \
      u32 r;                                                                                 \
      asm volatile("{\n\t.reg .pred p;\n\t" INSN " p, %1, %2;\n\tselp.u32 %0, 1, 0, p;\n\t}" \
                   : "=r"(r)                                                                 \
                   : "f"(f32(a)), "f"(f32(b)));                                              \
      return r;                                                                              \
    }                                                                                        \
  };
#define BX_F64_UNARY(NAME, INSN)                             \
  struct NAME {                                              \
    __device__ static u64 run(u64 a, u64, u64) {             \
      double r;                                              \
      asm volatile(INSN " %0, %1;" : "=d"(r) : "d"(f64(a))); \
      return bits(r);                                        \
    }                                                        \
  };
#define BX_F64_BINARY(NAME, INSN)                                             \
  struct NAME {                                                               \
    __device__ static u64 run(u64 a, u64 b, u64) {                            \
      double r;                                                               \
      asm volatile(INSN " %0, %1, %2;" : "=d"(r) : "d"(f64(a)), "d"(f64(b))); \
      return bits(r);                                                         \
    }                                                                         \
  };
BX_F32_BINARY(MulRn, "mul.rn.f32")
BX_F32_BINARY(MulRnFtz, "mul.rn.ftz.f32")
BX_F32_BINARY(AddRn, "add.rn.f32")
BX_F32_BINARY(AddRnFtz, "add.rn.ftz.f32")
BX_F32_TERNARY(FmaRn, "fma.rn.f32")
BX_F32_TERNARY(FmaRnFtz, "fma.rn.ftz.f32")
BX_F32_TERNARY(FmaRz, "fma.rz.f32")
BX_F32_TERNARY(FmaRzFtz, "fma.rz.ftz.f32")
BX_SETP_F32(SetpLt, "setp.lt.f32")
BX_SETP_F32(SetpLtFtz, "setp.lt.ftz.f32")
BX_SETP_F32(SetpGe, "setp.ge.f32")
BX_SETP_F32(SetpGeFtz, "setp.ge.ftz.f32")
BX_SETP_F32(SetpLtu, "setp.ltu.f32")
BX_SETP_F32(SetpLtuFtz, "setp.ltu.ftz.f32")
BX_SETP_F32(SetpGtu, "setp.gtu.f32")
BX_SETP_F32(SetpGtuFtz, "setp.gtu.ftz.f32")
BX_SETP_F32(SetpLeu, "setp.leu.f32")
BX_SETP_F32(SetpLeuFtz, "setp.leu.ftz.f32")
BX_F32_UNARY(Abs, "abs.f32")
BX_F32_UNARY(AbsFtz, "abs.ftz.f32")
BX_F32_UNARY(Neg, "neg.f32")
BX_F32_UNARY(NegFtz, "neg.ftz.f32")
BX_F32_BINARY(Copysign, "copysign.f32")
BX_F32_UNARY(CvtRzi, "cvt.rzi.f32.f32")
BX_F32_UNARY(CvtRziFtz, "cvt.rzi.ftz.f32.f32")
BX_F32_UNARY(CvtRpi, "cvt.rpi.f32.f32")
BX_F32_UNARY(CvtRpiFtz, "cvt.rpi.ftz.f32.f32")
BX_F64_UNARY(CvtRpiF64, "cvt.rpi.f64.f64")
BX_F32_UNARY(RcpApproxFtz, "rcp.approx.ftz.f32")
BX_F32_BINARY(DivApprox, "div.approx.f32")
BX_F32_BINARY(DivApproxFtz, "div.approx.ftz.f32")
BX_F64_BINARY(MulRnF64, "mul.rn.f64")
BX_F64_BINARY(AddRnF64, "add.rn.f64")

struct CvtRnF64S64 {
  __device__ static u64 run(u64 a, u64, u64) {
    double r;
    asm volatile("cvt.rn.f64.s64 %0, %1;" : "=d"(r) : "l"(a));
    return bits(r);
  }
};
// The pair trig_reduction.hpp's Payne-Hanek step uses: the full 64-bit a*b + c.
struct MadWide {
  __device__ static u64 run(u64 a, u64 b, u64 c) {
    u64 r;
    asm volatile(
        "{\n\t.reg .u32 lo, hi;\n\t"
        "mad.lo.cc.u32 lo, %1, %2, %3;\n\t"
        "madc.hi.u32 hi, %1, %2, 0;\n\t"
        "mov.b64 %0, {lo, hi};\n\t}"
        : "=l"(r)
        : "r"(u32(a)), "r"(u32(b)), "r"(u32(c)));
    return r;
  }
};

template <class Op>
__global__ void k_run(const u64* a, const u64* b, const u64* c, u64* r, u32 n) {
  const u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) r[i] = Op::run(a[i], b[i], c[i]);
}

// ---- operand lists ------------------------------------------------------------------
using Tuple = std::array<u64, 3>;
using List = std::vector<Tuple>;
namespace in = bitexact::inputs;

// f32 special operands (all pairs for binary ops).
const u32 special32[] = {
    0x00000000u, 0x80000000u,               // +-0
    0x00000001u, 0x80000001u,               // +-min subnormal
    0x007fffffu, 0x807fffffu,               // +-max subnormal
    0x00400000u,                            // 2^-127 (subnormal; halves and squares go further down)
    0x00800000u, 0x80800000u,               // +-min normal
    0x00ffffffu,                            // just below 2^-125
    0x3f800000u, 0xbf800000u,               // +-1
    0x3f800001u, 0x3f7fffffu,               // 1 + ulp, 1 - ulp/2 (ties and underflow when scaled)
    0x3fc00000u, 0xbf000000u, 0x40400000u,  // 1.5, -0.5, 3
    0x34000000u, 0x33800000u,               // 2^-23, 2^-24 (1 + 2^-24 is a tie)
    0x4b000000u, 0x4b800001u,               // 2^23, 2^24 + 2
    0x7e800000u,                            // 2^126 (its reciprocal is the smallest normal)
    0x7f7fffffu, 0xff7fffffu,               // +-max finite
    0x7f800000u, 0xff800000u,               // +-inf
    0x7fc00000u, 0xffc12345u, 0x7fffffffu,  // quiet NaNs: default, negative with payload, canonical
    0x7f800001u, 0xff812345u,               // signalling NaNs
};
// A shorter list for all triples (fma).
const u32 special_triple32[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x00800000u,
                                0x3f800000u, 0xbf7fffffu, 0x7f800000u, 0xffc12345u, 0x7f800001u};
// The classes that matter to comparisons and sign operations (all pairs).
const u32 special_cmp32[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00800000u,
                             0x80800000u, 0x3f800000u, 0xbf800000u, 0x3f800001u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u,
                             0xff800000u, 0x7fc00000u, 0xffc12345u, 0x7fffffffu, 0x7f800001u, 0xff812345u};
// f64 special operands.
const u64 special64[] = {
    0x0000000000000000ull, 0x8000000000000000ull,  // +-0
    0x0000000000000001ull, 0x8000000000000001ull,  // +-min subnormal
    0x000fffffffffffffull, 0x800fffffffffffffull,  // +-max subnormal
    0x0010000000000000ull, 0x8010000000000000ull,  // +-min normal
    0x3ff0000000000000ull, 0xbff0000000000000ull,  // +-1
    0x3ff0000000000001ull, 0x3ff8000000000000ull,  // 1 + ulp, 1.5
    0xbfe0000000000000ull, 0x4330000000000000ull,  // -0.5, 2^52
    0x3ca0000000000000ull, 0x2000000000000000ull,  // 2^-53 (1 + it is a tie), 2^-511
    0x5ff0000000000000ull,                         // 2^512 (its square overflows)
    0x36a0000000000000ull, 0x3810000000000000ull,  // 2^-149, 2^-126 (f32 limits)
    0x47efffffe0000000ull, 0x47effffff0000000ull,  // f32 max finite, + half its ulp
    0x7fefffffffffffffull, 0xffefffffffffffffull,  // +-max finite
    0x7ff0000000000000ull, 0xfff0000000000000ull,  // +-inf
    0x7ff8000000000000ull, 0xfff800000000abcdull,  // quiet NaNs, payloads
    0x7ff8000000012345ull, 0x7fffffffffffffffull, 0x7ff0000000000001ull, 0xfff0000000054321ull,  // signalling NaNs
};

float host_f32(u32 b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}
u32 host_bits(float x) {
  u32 b;
  std::memcpy(&b, &x, 4);
  return b;
}
// round(a * b) to binary32 on the host (the binary64 product of two binary32
// is exact, so this is one IEEE rounding): only used to engineer operands.
u32 host_mul32(u32 a, u32 b) { return host_bits(float(double(host_f32(a)) * double(host_f32(b)))); }
u32 sign32(u64 w) { return (w & 1) ? 0x80000000u : 0u; }
u64 sign64(u64 w) { return (w & 1) ? 0x8000000000000000ull : 0ull; }
// A binary32 with biased exponent e (1..254) and a random significand of
// `sig_bits` significant bits (the leading one included): products of two
// such numbers with 13 bits have 25-26 bits, so half of them are ties.
u32 f32_bits(u32 sign, int e, u64 w, int sig_bits) {
  const u32 frac = sig_bits > 1 ? u32(w & ((u64(1) << (sig_bits - 1)) - 1)) << (24 - sig_bits) : 0u;
  return sign | (u32(e) << 23) | frac;
}
u64 f64_bits(u64 sign, int e, u64 w, int sig_bits) {
  const u64 frac = sig_bits > 1 ? (w & ((u64(1) << (sig_bits - 1)) - 1)) << (53 - sig_bits) : 0ull;
  return sign | (u64(e) << 52) | frac;
}
int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

void add_pairs32(List& l) {
  for (u32 a : special32)
    for (u32 b : special32) l.push_back({a, b, 0});
}
void add_singles32(List& l) {
  for (u32 a : special32) l.push_back({a, 0, 0});
}
void add_uniform32(List& l, u64 seed, int n, int arity) {
  for (int i = 0; i < n; ++i)
    l.push_back({in::uniform32(seed, i, 0), arity > 1 ? in::uniform32(seed, i, 1) : 0u,
                 arity > 2 ? in::uniform32(seed, i, 2) : 0u});
}

// mul: ties at every scale, products around 2^-126 (into and out of the
// subnormal range), products around the overflow threshold.
List mul32_operands() {
  List l;
  add_pairs32(l);
  add_uniform32(l, 101, 400, 2);
  for (int i = 0; i < 600; ++i) {
    const u64 w0 = in::word_at(102, i, 0), w1 = in::word_at(102, i, 1), w2 = in::word_at(102, i, 2);
    int ea = 0, eb = 0;
    switch (i % 4) {
      case 0:
        ea = 100 + int(w2 % 50);
        eb = 100 + int((w2 >> 8) % 50);
        break;   // mid range
      case 1: {  // result exponent -150 .. -124: subnormal, and rounding up to 2^-126
        const int er = -150 + int(w2 % 27);
        ea = 127 + int((w2 >> 8) % 20);
        eb = clampi(er - (ea - 127) + 127, 1, 254);
        break;
      }
      case 2: {  // result exponent 126 .. 128: around overflow
        const int er = 126 + int(w2 % 3);
        ea = 127 + 64 + int((w2 >> 8) % 40);
        eb = clampi(er - (ea - 127) + 127, 1, 254);
        break;
      }
      default: {  // a = 1 - k ulp, b = 2^-126 (1 + j ulp): just below / at 2^-126
        const u32 a = 0x3f800000u - 1 - u32(w0 % 4), b = 0x00800000u + u32(w1 % 3);
        l.push_back({a | sign32(w2), b | sign32(w2 >> 1), 0});
        continue;
      }
    }
    l.push_back({f32_bits(sign32(w2 >> 16), ea, w0, 13), f32_bits(sign32(w2 >> 17), eb, w1, 13), 0});
  }
  return l;
}

// add: ties (b = half an ulp of a, times a short odd significand), cancellation
// into the subnormal range, rounding up to overflow.
List add32_operands() {
  List l;
  add_pairs32(l);
  add_uniform32(l, 111, 400, 2);
  for (int i = 0; i < 600; ++i) {
    const u64 w0 = in::word_at(112, i, 0), w1 = in::word_at(112, i, 1), w2 = in::word_at(112, i, 2);
    switch (i % 4) {
      case 0: {  // a + half-ulp-ish: |b| has exponent e_a - 24 .. e_a - 26
        const int ea = 30 + int(w2 % 200);
        l.push_back({f32_bits(sign32(w2 >> 8), ea, w0, 24),
                     f32_bits(sign32(w2 >> 9), ea - 24 - int((w2 >> 16) % 3), w1, 3), 0});
        break;
      }
      case 1: {  // a - (a +- k ulp) near the smallest normals: subnormal or zero results
        const u32 a = f32_bits(0, 1 + int(w2 % 3), w0, 24);
        const u32 b = (a + u32(int(w1 % 7) - 3)) | 0x80000000u;
        l.push_back({a ^ sign32(w2 >> 8), b ^ sign32(w2 >> 8), 0});
        break;
      }
      case 2: {  // max finite - k ulp plus about half an ulp of it: ties to inf
        const u32 a = 0x7f7fffffu - u32(w0 % 3);
        const u32 b = f32_bits(0, 230 - int(w1 % 3), w1 >> 8, 2);
        l.push_back({a | sign32(w2), b | sign32(w2), 0});
        break;
      }
      default:  // two numbers of nearby exponents, short significands
        l.push_back({f32_bits(sign32(w2), 60 + int(w2 % 140), w0, 24),
                     f32_bits(sign32(w2 >> 1), 60 + int((w2 >> 8) % 140), w1, 24), 0});
    }
  }
  return l;
}

// fma: ties, cancellation (c close to -a*b), results around 2^-126 and overflow.
List fma32_operands() {
  List l;
  for (u32 a : special_triple32)
    for (u32 b : special_triple32)
      for (u32 c : special_triple32) l.push_back({a, b, c});
  add_uniform32(l, 121, 300, 3);
  for (int i = 0; i < 600; ++i) {
    const u64 w0 = in::word_at(122, i, 0), w1 = in::word_at(122, i, 1), w2 = in::word_at(122, i, 2),
              w3 = in::word_at(122, i, 3);
    const int ea = 100 + int(w2 % 50), eb = 100 + int((w2 >> 8) % 50);
    const u32 a = f32_bits(sign32(w3), ea, w0, 12), b = f32_bits(sign32(w3 >> 1), eb, w1, 12);
    // a*b is exact (24 bits) with exponent about ea + eb - 254 (+1).
    const int ep = ea + eb - 127;  // biased exponent of the product, -0/+1
    switch (i % 4) {
      case 0:  // c = -round(a*b) moved by a few ulps: cancellation
        l.push_back({a, b, (host_mul32(a, b) ^ 0x80000000u) + u32(int((w3 >> 8) % 5) - 2)});
        break;
      case 1:  // c of 1 or 2 bits at half an ulp of the product: ties
        l.push_back({a, b, f32_bits(sign32(w3 >> 2), clampi(ep - 24 - int((w3 >> 8) % 2), 1, 254), w3 >> 16, 2)});
        break;
      case 2: {  // a*b just below 2^-126, c tiny or zero: rounding into/out of subnormals
        const u32 a2 = 0x3f800000u - 1 - u32(w0 % 4), b2 = 0x00800000u + u32(w1 % 3);
        const u32 cs[] = {0x00000000u, 0x80000000u, 0x00800000u, 0x80800000u, 0x00800001u};
        l.push_back({a2 | sign32(w3), b2, cs[(w3 >> 8) % 5]});
        break;
      }
      default: {  // a*b around max finite, c about half an ulp of it
        const u32 a3 = f32_bits(0, 127 + 64, w0, 12), b3 = f32_bits(0, 127 + 63, w1, 12);
        l.push_back({a3 | sign32(w3), b3, f32_bits(sign32(w3), 230 - int((w3 >> 8) % 3), w3 >> 16, 2)});
      }
    }
  }
  return l;
}

// setp / copysign: all pairs of special_cmp32, random pairs, neighbours.
List cmp32_operands(u64 seed) {
  List l;
  for (u32 a : special_cmp32)
    for (u32 b : special_cmp32) l.push_back({a, b, 0});
  add_uniform32(l, seed, 100, 2);
  for (int i = 0; i < 50; ++i) {
    const u32 a = in::uniform32(seed + 1, i);
    l.push_back({a, a + u32(int(i % 3) - 1), 0});
  }
  return l;
}

// abs / neg (bit operations): specials and random.
List sign32_operands() {
  List l;
  add_singles32(l);
  add_uniform32(l, 135, 200, 1);
  return l;
}

// cvt.rzi / cvt.rpi: specials, random, integers +- a few ulps,
// halves, (-1, 0) and (0, 1), the 2^23 / 2^24 boundaries.
List round32_operands() {
  List l;
  add_singles32(l);
  add_uniform32(l, 131, 300, 1);
  for (int i = 0; i < 450; ++i) {
    const u64 w = in::word_at(132, i, 0);
    const int e = 127 + int(w % 26);                                                 // |n| in [1, 2^26)
    const u32 n = f32_bits(sign32(w >> 8), e, w >> 16, clampi(e - 127 + 1, 1, 24));  // an integer
    switch (i % 3) {
      case 0:
        l.push_back({n + u32(int((w >> 40) % 5) - 2), 0, 0});
        break;  // n +- 2 ulp
      case 1:
        l.push_back({f32_bits(sign32(w >> 8), 126, w >> 16, 24), 0, 0});
        break;  // (0.5, 1)
      default:
        l.push_back({f32_bits(sign32(w >> 8), 100 + int((w >> 40) % 27), w >> 16, 24), 0, 0});  // |x| < 1
    }
  }
  for (u32 x : {0x4affffffu, 0x4b000000u, 0x4b000001u, 0x4b7fffffu, 0x4b800000u, 0x3effffffu, 0x3f000000u, 0x3f000001u,
                0x3fbfffffu, 0x3fc00001u, 0x40200000u})
    for (u32 s : {0u, 0x80000000u}) l.push_back({x | s, 0, 0});
  return l;
}

// rcp.approx.ftz: every exponent, short and full significands, the 2^126
// boundary (results become subnormal: flushed), powers of two.
List rcp32_operands() {
  List l;
  add_singles32(l);
  add_uniform32(l, 141, 600, 1);
  for (int i = 0; i < 3 * 254; ++i) {
    const u64 w = in::word_at(142, i, 0);
    const int e = 1 + i % 254;
    l.push_back({f32_bits(sign32(w >> 60), e, w, (i / 254) % 2 ? 24 : 8), 0, 0});
  }
  for (u32 x = 0x7e7ffffcu; x <= 0x7e800004u; ++x) l.push_back({x, 0, 0});
  for (u32 x = 0x3f800000u; x <= 0x3f800010u; ++x) l.push_back({x, 0, 0});
  for (u32 x = 0x3ffffff0u; x <= 0x3fffffffu; ++x) l.push_back({x, 0, 0});
  return l;
}

// div.approx: specials, random, subnormal divisors (the non-.ftz form),
// divisors beyond 2^126, exact integer quotients (fmodf's use), over/underflow.
List div32_operands() {
  List l;
  add_pairs32(l);
  add_uniform32(l, 151, 400, 2);
  for (int i = 0; i < 500; ++i) {
    const u64 w0 = in::word_at(152, i, 0), w1 = in::word_at(152, i, 1), w2 = in::word_at(152, i, 2);
    const u32 a = f32_bits(sign32(w2), 1 + int(w2 % 254), w0, 24);
    switch (i % 5) {
      case 0:
        l.push_back({a, u32(w1 & 0x807fffffu) | 1u, 0});
        break;  // subnormal divisor
      case 1:
        l.push_back({a, f32_bits(sign32(w2 >> 1), 253 + int((w2 >> 8) % 2), w1, 24), 0});
        break;   // |b| >= 2^126
      case 2: {  // a = b * k exactly (k < 2^12): the quotients fmodf truncates
        const u32 b = f32_bits(sign32(w2 >> 1), 60 + int((w2 >> 8) % 100), w1, 12);
        const u32 k = f32_bits(0, 127 + int((w2 >> 16) % 12), w0, 12);
        l.push_back({host_mul32(b, k) + u32(int((w2 >> 24) % 3) - 1), b, 0});
        break;
      }
      case 3:
        l.push_back(
            {f32_bits(0, 200 + int(w2 % 54), w0, 24), f32_bits(sign32(w2 >> 1), 1 + int((w2 >> 8) % 40), w1, 24), 0});
        break;  // overflow
      default:
        l.push_back({f32_bits(0, 1 + int(w2 % 40), w0, 24),
                     f32_bits(sign32(w2 >> 1), 150 + int((w2 >> 8) % 100), w1, 24), 0});  // underflow
    }
  }
  return l;
}

// f64 mul / add: special pairs, random, ties (27-bit significands for mul,
// half-ulp addends for add), subnormal results, overflow.
void add_pairs64(List& l, u64 seed) {
  for (u64 a : special64)
    for (u64 b : special64) l.push_back({a, b, 0});
  for (int i = 0; i < 300; ++i) l.push_back({in::uniform64(seed, i, 0), in::uniform64(seed, i, 1), 0});
}
List mul64_operands() {
  List l;
  add_pairs64(l, 221);
  for (int i = 0; i < 450; ++i) {
    const u64 w0 = in::word_at(222, i, 0), w1 = in::word_at(222, i, 1), w2 = in::word_at(222, i, 2);
    int ea = 0, eb = 0;
    switch (i % 3) {
      case 0:
        ea = 900 + int(w2 % 200);
        eb = 900 + int((w2 >> 16) % 200);
        break;   // mid range
      case 1: {  // product exponent -1077 .. -1020: subnormal results
        const int er = -1077 + int(w2 % 58);
        ea = 1023 + int((w2 >> 16) % 40);
        eb = er - (ea - 1023) + 1023;
        break;
      }
      default: {  // product exponent 1022 .. 1024: around overflow
        const int er = 1022 + int(w2 % 3);
        ea = 1023 + 500 + int((w2 >> 16) % 20);
        eb = er - (ea - 1023) + 1023;
      }
    }
    l.push_back({f64_bits(sign64(w2 >> 32), clampi(ea, 1, 2046), w0, 27),
                 f64_bits(sign64(w2 >> 33), clampi(eb, 1, 2046), w1, 27), 0});
  }
  return l;
}
List add64_operands() {
  List l;
  add_pairs64(l, 231);
  for (int i = 0; i < 450; ++i) {
    const u64 w0 = in::word_at(232, i, 0), w1 = in::word_at(232, i, 1), w2 = in::word_at(232, i, 2);
    switch (i % 3) {
      case 0: {  // a + about half an ulp of a: ties
        const int ea = 100 + int(w2 % 1800);
        l.push_back({f64_bits(sign64(w2 >> 32), ea, w0, 53),
                     f64_bits(sign64(w2 >> 33), ea - 53 - int((w2 >> 16) % 2), w1, 3), 0});
        break;
      }
      case 1: {  // a - (a +- k ulp) near the smallest normals: subnormal results
        const u64 a = f64_bits(0, 1 + int(w2 % 3), w0, 53);
        const u64 b = (a + u64(int((w1 >> 8) % 7) - 3)) | 0x8000000000000000ull;
        l.push_back({a ^ sign64(w2 >> 32), b ^ sign64(w2 >> 32), 0});
        break;
      }
      default: {  // max finite - k ulp plus about half an ulp of it: ties to inf
        const u64 a = 0x7fefffffffffffffull - (w0 % 3);
        l.push_back({a | sign64(w2), f64_bits(sign64(w2), 2046 - 53 - int(w1 % 2), w1 >> 8, 2), 0});
      }
    }
  }
  return l;
}

// cvt.rpi.f64.f64: specials, random, integers +- a few ulps, |x| < 1.
List round64_operands() {
  List l;
  for (u64 a : special64) l.push_back({a, 0, 0});
  for (int i = 0; i < 300; ++i) l.push_back({in::uniform64(171, i), 0, 0});
  for (int i = 0; i < 400; ++i) {
    const u64 w = in::word_at(172, i, 0), w2 = in::word_at(172, i, 1);
    const int e = 1023 + int(w2 % 55);
    const u64 n = f64_bits(sign64(w2 >> 8), e, w, clampi(e - 1023 + 1, 1, 53));
    l.push_back(
        {i % 2 ? n + u64(int((w2 >> 16) % 5) - 2) : f64_bits(sign64(w2 >> 8), 900 + int((w2 >> 16) % 123), w, 53), 0,
         0});
  }
  return l;
}

// cvt.rn.f64.s64: signed 64-bit integers: extremes, 2^53 +- small (ties),
// 54..63-bit values with trailing zeros (ties), random.
List cvt_f64_s64_operands() {
  List l;
  for (u64 v : {0ull, 1ull, ~0ull, 0x8000000000000000ull, 0x7fffffffffffffffull, 0x0020000000000001ull,
                0x0020000000000003ull, 0x0040000000000002ull, 0x0040000000000006ull, 0xffdfffffffffffffull,
                0x7ffffffffffffc00ull, 0x7ffffffffffffbffull})
    l.push_back({v, 0, 0});
  for (int i = 0; i < 500; ++i) l.push_back({in::uniform64(181, i), 0, 0});
  for (int i = 0; i < 500; ++i) {
    const u64 w = in::word_at(182, i, 0), w2 = in::word_at(182, i, 1);
    const int nbits = 54 + int(w2 % 10);  // 54..63 significant bits: the conversion rounds
    u64 m = (w >> (64 - nbits)) | (u64(1) << (nbits - 1));
    if (i % 2 == 0) {  // an exact tie: below the 53 kept bits, 100...0
      const int drop = nbits - 53;
      m = ((m >> drop) << drop) | (u64(1) << (drop - 1));
    }
    l.push_back({((w2 >> 32) & 1) ? u64(-std::int64_t(m)) : m, 0, 0});
  }
  return l;
}

// mad.lo.cc.u32 + madc.hi.u32: extremes (carries through every word) and random.
List mad_operands() {
  List l;
  const u32 sp[] = {0u, 1u, 2u, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
  for (u32 a : sp)
    for (u32 b : sp)
      for (u32 c : sp) l.push_back({a, b, c});
  add_uniform32(l, 191, 300, 3);
  return l;
}

// ---- running and printing -----------------------------------------------------------------
struct Job {
  const char* name;
  int arity;
  int in_bits, out_bits;  // widths for printing (32 or 64)
  void (*launch)(const u64*, const u64*, const u64*, u64*, u32);
  List operands;
};

template <class Op>
void launch(const u64* a, const u64* b, const u64* c, u64* r, u32 n) {
  k_run<Op><<<(n + 255) / 256, 256>>>(a, b, c, r, n);
}

void print_value(FILE* f, u64 v, int bits) {
  if (bits == 32)
    std::fprintf(f, " 0x%08x", u32(v));
  else
    std::fprintf(f, " 0x%016llx", (unsigned long long)v);
}

std::vector<Job> jobs() {
  const List mul32 = mul32_operands(), add32 = add32_operands(), fma32 = fma32_operands();
  const List setp32 = cmp32_operands(201), copysign32 = cmp32_operands(211), round32 = round32_operands();
  const List sign32ops = sign32_operands();
  const List div32 = div32_operands();
  return {
      {"mul.rn.f32", 2, 32, 32, launch<MulRn>, mul32},
      {"mul.rn.ftz.f32", 2, 32, 32, launch<MulRnFtz>, mul32},
      {"add.rn.f32", 2, 32, 32, launch<AddRn>, add32},
      {"add.rn.ftz.f32", 2, 32, 32, launch<AddRnFtz>, add32},
      {"fma.rn.f32", 3, 32, 32, launch<FmaRn>, fma32},
      {"fma.rn.ftz.f32", 3, 32, 32, launch<FmaRnFtz>, fma32},
      {"fma.rz.f32", 3, 32, 32, launch<FmaRz>, fma32},
      {"fma.rz.ftz.f32", 3, 32, 32, launch<FmaRzFtz>, fma32},
      {"setp.lt.f32", 2, 32, 32, launch<SetpLt>, setp32},
      {"setp.lt.ftz.f32", 2, 32, 32, launch<SetpLtFtz>, setp32},
      {"setp.ge.f32", 2, 32, 32, launch<SetpGe>, setp32},
      {"setp.ge.ftz.f32", 2, 32, 32, launch<SetpGeFtz>, setp32},
      {"setp.ltu.f32", 2, 32, 32, launch<SetpLtu>, setp32},
      {"setp.ltu.ftz.f32", 2, 32, 32, launch<SetpLtuFtz>, setp32},
      {"setp.gtu.f32", 2, 32, 32, launch<SetpGtu>, setp32},
      {"setp.gtu.ftz.f32", 2, 32, 32, launch<SetpGtuFtz>, setp32},
      {"setp.leu.f32", 2, 32, 32, launch<SetpLeu>, setp32},
      {"setp.leu.ftz.f32", 2, 32, 32, launch<SetpLeuFtz>, setp32},
      {"abs.f32", 1, 32, 32, launch<Abs>, sign32ops},
      {"abs.ftz.f32", 1, 32, 32, launch<AbsFtz>, sign32ops},
      {"neg.f32", 1, 32, 32, launch<Neg>, sign32ops},
      {"neg.ftz.f32", 1, 32, 32, launch<NegFtz>, sign32ops},
      {"copysign.f32", 2, 32, 32, launch<Copysign>, copysign32},
      {"cvt.rzi.f32.f32", 1, 32, 32, launch<CvtRzi>, round32},
      {"cvt.rzi.ftz.f32.f32", 1, 32, 32, launch<CvtRziFtz>, round32},
      {"cvt.rpi.f32.f32", 1, 32, 32, launch<CvtRpi>, round32},
      {"cvt.rpi.ftz.f32.f32", 1, 32, 32, launch<CvtRpiFtz>, round32},
      {"cvt.rpi.f64.f64", 1, 64, 64, launch<CvtRpiF64>, round64_operands()},
      {"cvt.rn.f64.s64", 1, 64, 64, launch<CvtRnF64S64>, cvt_f64_s64_operands()},
      {"rcp.approx.ftz.f32", 1, 32, 32, launch<RcpApproxFtz>, rcp32_operands()},
      {"div.approx.f32", 2, 32, 32, launch<DivApprox>, div32},
      {"div.approx.ftz.f32", 2, 32, 32, launch<DivApproxFtz>, div32},
      {"mul.rn.f64", 2, 64, 64, launch<MulRnF64>, mul64_operands()},
      {"add.rn.f64", 2, 64, 64, launch<AddRnF64>, add64_operands()},
      {"mad.lo.cc.u32+madc.hi.u32", 3, 32, 64, launch<MadWide>, mad_operands()},
  };
}

int main(int argc, char** argv) {
  const bool operands_only = argc == 3 && std::strcmp(argv[1], "--operands") == 0;
  if (argc < 2 || (argc > 3 && !operands_only)) {
    std::fprintf(stderr, "usage: %s OUTFILE [DRIVER_VERSION] | --operands OUTFILE\n", argv[0]);
    return 2;
  }
  const char* path = operands_only ? argv[2] : argv[1];
  std::vector<Job> all = jobs();
  std::vector<std::vector<u64>> results(all.size());

  FILE* f = nullptr;
  if (operands_only) {
    f = std::fopen(path, "w");
    if (!f) {
      std::perror(path);
      return 2;
    }
    std::fprintf(f, "# operands of device/nv_ptx_ops.cu, no results (--operands)\n");
  } else {
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    int drv = 0, rt = 0;
    CK(cudaDriverGetVersion(&drv));
    CK(cudaRuntimeGetVersion(&rt));
    for (std::size_t j = 0; j < all.size(); ++j) {
      const List& ops = all[j].operands;
      const u32 n = u32(ops.size());
      std::vector<u64> h[3];
      for (int k = 0; k < 3; ++k) {
        h[k].resize(n);
        for (u32 i = 0; i < n; ++i) h[k][i] = ops[i][k];
      }
      u64 *d[3], *dr;
      for (int k = 0; k < 3; ++k) {
        CK(cudaMalloc(&d[k], n * sizeof(u64)));
        CK(cudaMemcpy(d[k], h[k].data(), n * sizeof(u64), cudaMemcpyHostToDevice));
      }
      CK(cudaMalloc(&dr, n * sizeof(u64)));
      all[j].launch(d[0], d[1], d[2], dr, n);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      results[j].resize(n);
      CK(cudaMemcpy(results[j].data(), dr, n * sizeof(u64), cudaMemcpyDeviceToHost));
      for (int k = 0; k < 3; ++k) CK(cudaFree(d[k]));
      CK(cudaFree(dr));
    }
    // Everything ran: only now create the output file (nothing half-written on failure).
    f = std::fopen(path, "w");
    if (!f) {
      std::perror(path);
      return 2;
    }
    char date[64];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    std::fprintf(f, "# Outputs of single PTX instructions (inline asm) on the GPU, written by device/nv_ptx_ops.cu\n");
    std::fprintf(f, "# GPU: %s (sm_%d%d); driver %s; CUDA driver API %d, runtime %d\n", prop.name, prop.major,
                 prop.minor, argc > 2 ? argv[2] : "?", drv, rt);
    std::fprintf(f, "# nvcc %d.%d.%d, flags: %s\n", __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__, __CUDACC_VER_BUILD__,
                 BX_FLAGS);
    std::fprintf(f, "# written %s\n", date);
  }
  std::fprintf(f, "# format: OP X [Y [Z]] RESULT, hex; setp RESULT is the predicate (0 or 1)\n");
  std::size_t lines = 0, result_chars = 0;
  for (std::size_t j = 0; j < all.size(); ++j) {
    const Job& job = all[j];
    for (std::size_t i = 0; i < job.operands.size(); ++i) {
      std::fputs(job.name, f);
      for (int k = 0; k < job.arity; ++k) print_value(f, job.operands[i][k], job.in_bits);
      if (!operands_only) print_value(f, results[j][i], job.out_bits);
      std::fputc('\n', f);
      ++lines;
      result_chars += 3 + job.out_bits / 4;
    }
  }
  if (std::fclose(f) != 0) {
    std::perror(path);
    return 2;
  }
  std::fprintf(stderr, "%s: %zu ops, %zu lines\n", path, all.size(), lines);
  if (operands_only) std::fprintf(stderr, "with results the file would have %zu more bytes\n", result_chars);
  return 0;
}
