/* tests/replacement/probe.c — an ordinary C program that uses libm and knows
 * nothing of bitexact: the test builds it with `cc -O2 probe.c -lm` and then
 * swaps libm's functions underneath it (LD_PRELOAD, or a static archive linked
 * ahead of -lm), docs/replacement.md.
 *
 * stdin: one `FN X [Y]` per line, hex bit patterns; stdout: the result's bits.
 * FN: sinf cosf fmodf fmod ceilf ceil, and `sincosf X`, which prints sinf(x)
 * and cosf(x) computed by two plain calls on one line: GCC fuses the pair
 * into one sincosf call (the test checks the binary imports sincosf).
 * Bad input: one line on stderr, exit status 2.
 *
 * Built with -fno-builtin-ceilf -fno-builtin-ceil: GCC inlines ceilf and ceil
 * at -O1 and above on x86-64 (an SSE2 sequence, no call), which no library
 * can replace. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    const int arity = (!strcmp(fn, "fmodf") || !strcmp(fn, "fmod")) ? 2 : 1;
    if (n != 1 + arity) fail(line, "expected FN X [Y] in hex, with Y only for fmodf and fmod");
    if (!strcmp(fn, "sinf"))
      printf("0x%08x\n", b32(sinf(f32((uint32_t)x))));
    else if (!strcmp(fn, "cosf"))
      printf("0x%08x\n", b32(cosf(f32((uint32_t)x))));
    else if (!strcmp(fn, "sincosf")) {
      const float v = f32((uint32_t)x);
      const float s = sinf(v), c = cosf(v);
      printf("0x%08x 0x%08x\n", b32(s), b32(c));
    } else if (!strcmp(fn, "fmodf"))
      printf("0x%08x\n", b32(fmodf(f32((uint32_t)x), f32((uint32_t)y))));
    else if (!strcmp(fn, "fmod"))
      printf("0x%016llx\n", (unsigned long long)b64(fmod(f64(x), f64(y))));
    else if (!strcmp(fn, "ceilf"))
      printf("0x%08x\n", b32(ceilf(f32((uint32_t)x))));
    else if (!strcmp(fn, "ceil"))
      printf("0x%016llx\n", (unsigned long long)b64(ceil(f64(x))));
    else
      fail(line, "unknown function (sinf cosf sincosf fmodf fmod ceilf ceil)");
  }
  return 0;
}
