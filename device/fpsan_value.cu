// device/fpsan_value.cu — runs fpsan::value<T> on the GPU and on the host on
// the same inputs and compares every payload bit for bit.
//
//   nvcc -std=c++20 -arch=sm_90 -O2 -I include device/fpsan_value.cu -o fpsan_value && ./fpsan_value
//
// Prints "N payloads compared, M mismatches" and exits with status 1 when M > 0
// (2 on a CUDA error). The same templated function `payloads` computes a row
// of results per input on both sides: every rewrite of the model in f32, some
// in f64, f16, bf16 and fp8, casts in both directions, tags, extern and
// inline-asm tags, and a mixed-type dot. This checks that the header-only model
// compiles for the device and gives the same bits there (no host-only code,
// no contraction or libm in the payload algebra).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bitexact/fpsan/fpsan.hpp"

namespace fs = bitexact::fpsan;

constexpr int per_input = 39;  // payloads per input row

template <class T>
using V = fs::value<T>;

// Row i of results from the two input bit patterns xb, yb (f64: zb).
BITEXACT_HD inline int payloads(std::uint32_t xb, std::uint32_t yb, std::uint64_t zb, std::uint64_t* out) {
  using F = V<float>;
  const F x = F::from_bits(xb), y = F::from_bits(yb);
  int k = 0;
  out[k++] = (x + y).payload();
  out[k++] = (x - y).payload();
  out[k++] = (x * y).payload();
  out[k++] = (x / y).payload();
  out[k++] = (x % y).payload();
  out[k++] = (-x).payload();
  out[k++] = fma(x, y, x).payload();
  out[k++] = min(x, y).payload();
  out[k++] = max(x, y).payload();
  out[k++] = clamp(x, min(x, y), max(x, y)).payload();
  out[k++] = exp(x).payload();
  out[k++] = exp2(y).payload();
  out[k++] = sin(x).payload();
  out[k++] = cos(y).payload();
  out[k++] = log(x).payload();
  out[k++] = log2(x).payload();
  out[k++] = sqrt(x).payload();
  out[k++] = rsqrt(x).payload();
  out[k++] = erf(x).payload();
  out[k++] = floor(x).payload();
  out[k++] = ceil(x).payload();
  out[k++] = precise_sqrt(x).payload();
  out[k++] = x.to<fs::bfloat16>().payload();
  out[k++] = x.to<fs::float8_e4m3fn>().to<float>().payload();
  out[k++] = x.to<double>().payload();
  out[k++] = fs::value<float, fs::default_revision, fs::cast_mode::homomorphic>::from_payload(x.payload())
                 .to<fs::half>()
                 .payload();
  out[k++] = fs::extern_elementwise<float>("__nv_tanhf", x).payload();
  out[k++] = fs::extern_elementwise<float>("__nv_ldexpf", x, std::int32_t(yb)).payload();
  out[k++] = fs::extern_elementwise<float>("__nv_expf", x).payload();
  out[k++] = fs::inline_asm_elementwise<float>("tanh.approx.f32 $0, $1;", 0, 0.851f * x).payload();
  // The swiglu composite of Triton's test_swiglu_tanh_payload_semantics.
  {
    F t = fs::inline_asm_elementwise<float>("tanh.approx.f32 $0, $1;", 0, 0.851f * x);
    F sig = x * fma(t, 0.5f, 0.5f);
    out[k++] = fma(sig, y, sig).payload();
  }
  // f64.
  using D = V<double>;
  const D z = D::from_bits(zb);
  out[k++] = (sin(z) * cos(z) + exp(z)).payload();
  out[k++] = (z / D(x.to<double>()) - exp2(z)).payload();
  out[k++] = z.to<float>().payload();
  // f16 / bf16 / fp8.
  using H = V<fs::half>;
  using B = V<fs::bfloat16>;
  using E = V<fs::float8_e5m2fnuz>;
  const H h = H::from_bits(yb & 0xffff);
  const B b = B::from_bits(xb >> 16);
  const E e = E::from_bits(zb & 0xff);
  out[k++] = (sin(h) / cos(h) + h * h).payload();
  out[k++] = (exp(b) - b % B::from_bits(yb >> 16)).payload();
  out[k++] = (exp(e) * sin(e) - e / E::from_bits(zb >> 8)).payload();
  // Dot: e4m3fn x f16 into f32, K = 4.
  {
    V<fs::float8_e4m3fn> a[4];
    H bb[4];
    for (int i = 0; i < 4; ++i) {
      a[i] = V<fs::float8_e4m3fn>::from_bits((zb >> (8 * i)) & 0xff);
      bb[i] = H::from_bits((xb >> (4 * i)) & 0xffff);
    }
    out[k++] = fs::dot(y, a, bb, 4).payload();
  }
  out[k++] = F(1.0f).payload() + (F(-1.0f).payload() << 32);  // 1 and all ones
  return k;
}

__global__ void kernel(const std::uint32_t* xs, const std::uint32_t* ys, const std::uint64_t* zs, int n,
                       std::uint64_t* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) payloads(xs[i], ys[i], zs[i], out + std::size_t(i) * per_input);
}

static std::uint64_t splitmix(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

#define CHECK(call)                                                                                   \
  do {                                                                                                \
    cudaError_t err_ = (call);                                                                        \
    if (err_ != cudaSuccess) {                                                                        \
      std::fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_), __FILE__, __LINE__); \
      return 2;                                                                                       \
    }                                                                                                 \
  } while (0)

int main() {
  const int n = 1 << 16;
  std::vector<std::uint32_t> xs(n), ys(n);
  std::vector<std::uint64_t> zs(n);
  std::uint64_t seed = 20260820;
  for (int i = 0; i < n; ++i) {
    xs[i] = std::uint32_t(splitmix(seed));
    ys[i] = std::uint32_t(splitmix(seed));
    zs[i] = splitmix(seed);
  }
  // Special inputs first: zeros, ones, minus ones, NaN and Inf patterns.
  const std::uint32_t special[] = {0u,          0x80000000u, 0x3f800000u, 0xbf800000u,
                                   0x7fc00000u, 0x7f800000u, 0xff800000u, 0x00000001u};
  for (int i = 0; i < 8; ++i) xs[i] = ys[7 - i] = special[i];

  std::uint32_t *dx, *dy;
  std::uint64_t *dz, *dout;
  const std::size_t total = std::size_t(n) * per_input;
  CHECK(cudaMalloc(&dx, n * sizeof(std::uint32_t)));
  CHECK(cudaMalloc(&dy, n * sizeof(std::uint32_t)));
  CHECK(cudaMalloc(&dz, n * sizeof(std::uint64_t)));
  CHECK(cudaMalloc(&dout, total * sizeof(std::uint64_t)));
  CHECK(cudaMemcpy(dx, xs.data(), n * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, ys.data(), n * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dz, zs.data(), n * sizeof(std::uint64_t), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(dout, 0xff, total * sizeof(std::uint64_t)));
  kernel<<<(n + 127) / 128, 128>>>(dx, dy, dz, n, dout);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<std::uint64_t> dev(total), host(total, 0);
  CHECK(cudaMemcpy(dev.data(), dout, total * sizeof(std::uint64_t), cudaMemcpyDeviceToHost));

  std::size_t mismatches = 0;
  for (int i = 0; i < n; ++i)
    if (payloads(xs[i], ys[i], zs[i], host.data() + std::size_t(i) * per_input) != per_input) {
      std::fprintf(stderr, "row length differs from per_input\n");
      return 2;
    }
  for (std::size_t j = 0; j < total; ++j)
    if (dev[j] != host[j] && mismatches++ < 10)
      std::fprintf(stderr, "mismatch: input %zu result %zu: device 0x%llx host 0x%llx\n", j / per_input, j % per_input,
                   (unsigned long long)dev[j], (unsigned long long)host[j]);
  // Sanity: the last column holds embed(1.0) = 1 and embed(-1.0) = all ones.
  if (host[per_input - 1] != 0xffffffff00000001ull) {
    std::fprintf(stderr, "host model lost its fixed points\n");
    ++mismatches;
  }
  std::printf("%zu payloads compared, %zu mismatches\n", total, mismatches);
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dz);
  cudaFree(dout);
  return mismatches == 0 ? 0 : 1;
}
