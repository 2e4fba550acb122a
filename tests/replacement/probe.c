/* tests/replacement/probe.c — an ordinary C program that uses libm and knows
 * nothing of bitexact: the test builds it with `cc -O2 probe.c -lm` and then
 * swaps libm's functions underneath it (LD_PRELOAD, or a static archive linked
 * ahead of -lm), docs/replacement.md.
 *
 * stdin: one `FN X [Y]` per line, hex bit patterns; stdout: the result's bits.
 * FN: every BITEXACT_FUNCTION row of bitexact/functions.def (sinf cosf fmodf
 * fmod ceilf ceil ...), called by its C name; the table is read by the
 * preprocessor only (-I include), so the program still calls nothing but
 * libm. And `sincosf X`, which prints sinf(x) and cosf(x) computed by two
 * plain calls on one line: GCC fuses the pair into one sincosf call (the test
 * checks the binary imports sincosf).
 * Bad input: one line on stderr, exit status 2.
 *
 * Built with -fno-builtin-NAME for every function but sinf and cosf
 * (tests/replacement/run_edge.py): GCC inlines ceilf and ceil at -O1 and
 * above on x86-64 (an SSE2 sequence, no call), which no library can replace. */
/* exp10f and the other GNU names of <math.h>. */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Exported by the replacement libraries, not defined by glibc 2.36: C has no
 * rsqrtf, erfinvf or normcdff (CUDA's and HIP's math libraries do), and C23's
 * sinpif and cospif came later. Weak, so that the program links against glibc
 * alone; it prints "absent" where nothing defines them. */
float rsqrtf(float) __attribute__((weak));
float erfinvf(float) __attribute__((weak));
float normcdff(float) __attribute__((weak));
float sinpif(float) __attribute__((weak));
float cospif(float) __attribute__((weak));
/* "if (!(name))" below is always false for the libm functions. */
#pragma GCC diagnostic ignored "-Waddress"

static float f32(uint32_t b) {
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}
static double f64(uint64_t b) {
  double d;
  memcpy(&d, &b, sizeof d);
  return d;
}
static uint32_t b32(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}
static uint64_t b64(double d) {
  uint64_t b;
  memcpy(&b, &d, sizeof b);
  return b;
}

static void fail(unsigned long line, const char* what) {
  fprintf(stderr, "probe: line %lu: %s\n", line, what);
  exit(2);
}

int main(void) {
  char buf[256], fn[32], extra[8];
  unsigned long line = 0;
  while (fgets(buf, sizeof buf, stdin)) {
    unsigned long long x = 0, y = 0;
    ++line;
    if (buf[0] == '\n' || buf[0] == '#') continue;
    const int n = sscanf(buf, "%31s %llx %llx %7s", fn, &x, &y, extra);
    if (!strcmp(fn, "sincosf")) {
      if (n != 2) fail(line, "expected sincosf X in hex");
      const float v = f32((uint32_t)x);
      const float s = sinf(v), c = cosf(v);
      printf("0x%08x 0x%08x\n", b32(s), b32(c));
    }
/* One branch per row: NAME(operands) printed as bits of its type. */
#define BX_ARG_float(v) f32((uint32_t)(v))
#define BX_ARG_double(v) f64(v)
#define BX_CALL_1(name, type) name(BX_ARG_##type(x))
#define BX_CALL_2(name, type) name(BX_ARG_##type(x), BX_ARG_##type(y))
#define BX_PRINT_float(r) printf("0x%08x\n", b32(r))
#define BX_PRINT_double(r) printf("0x%016llx\n", (unsigned long long)b64(r))
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)                                 \
    else if (!strcmp(fn, #name)) {                                                              \
      if (n != 1 + arity) fail(line, arity == 2 ? "expected " #name " X Y in hex" : "expected " #name " X in hex"); \
      if (!(name))                                                                              \
        puts("absent");                                                                         \
      else                                                                                      \
        BX_PRINT_##type(BX_CALL_##arity(name, type));                                           \
    }
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
    else
      fail(line, "unknown function (not a row of functions.def, nor sincosf)");
  }
  return 0;
}
