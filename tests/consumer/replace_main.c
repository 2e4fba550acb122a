/* Uses an installed libm replacement (bitexact-nv) knowing nothing of bitexact:
 * plain <math.h> calls; exits 0 when they return the H100's bits. Built by
 * run.cmake with pkg-config and by CMakeLists.txt with find_package(bitexact). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t bits(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

int main(void) {
  /* volatile: a constant argument would be folded by the compiler, no call. */
  volatile float inf = INFINITY, one = 1.0f;
  /* Expected values: vectors/nv/edge.txt (H100, nvcc -ftz=false): sinf(+inf)
   * is 0x7fffffff (glibc: 0xffc00000), sinf(1) is 0x3f576aa5 (glibc: 0x3f576aa4). */
  const uint32_t a = bits(sinf(inf)), b = bits(sinf(one));
  printf("sinf(inf) = 0x%08x, sinf(1) = 0x%08x\n", a, b);
  return a == 0x7fffffffu && b == 0x3f576aa5u ? 0 : 1;
}
