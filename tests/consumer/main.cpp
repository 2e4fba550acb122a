// Uses the installed headers and the truth library; exits 0 when both work.
#include <bitexact/bits.hpp>
#include <bitexact/truth/truth.hpp>
#include <cstdio>

int main() {
  // ceil(1.5) = 2 exactly (IEEE fact); sin(0) = +0.
  float c = bitexact::truth::ceilf(1.5f);
  float s = bitexact::truth::sinf(0.0f);
  bitexact::fp_bits<float> b(c);
  std::printf("ceilf(1.5) = %a, sinf(0) = %a\n", double(c), double(s));
  return (b.bits == 0x40000000u && bitexact::bit_cast<unsigned>(s) == 0u) ? 0 : 1;
}
