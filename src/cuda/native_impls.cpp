// Implementations "native-nv", "native-nv-ftz", "native-nv-fast": the CUDA
// math functions themselves (::sinf ... as nvcc compiles them under
// -ftz=false, -ftz=true and -use_fast_math), evaluated on GPU 0 of this
// machine. Only in builds with the CUDA backend; they need a visible GPU
// (Impl::gpu), and are the reference the reproductions nv / nv-ftz are checked
// against on the device (`bitexact sweep --backend cuda`, which evaluates them
// in bulk without this per-call path). Here: `bitexact eval native-nv.sinf`,
// CPU sweeps and the porting tools, one batch of the caller at a time.
#include <cuda_runtime.h>
#include <fmt/format.h>

#include <cstring>
#include <vector>

#include "bitexact/engine/cuda_backend.hpp"
#include "bitexact/engine/impl.hpp"
#include "cuda_sweep.hpp"

namespace bitexact {
namespace {

namespace cs = cuda_sweep;
using launch_fn = int (*)(Fn, const void*, const void*, void*, cs::u64, void*);

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw input_error(fmt::format("native CUDA function: {}: {}", what, cudaGetErrorString(e)));
}

// Device buffers of one calling thread.
struct Buffers {
  void *a = nullptr, *b = nullptr, *out = nullptr;
  std::size_t cap = 0;
  cudaStream_t stream = nullptr;
  std::vector<unsigned char> ha, hb, hout;
  ~Buffers() {
    if (!stream) return;
    cudaFree(a), cudaFree(b), cudaFree(out);
    cudaStreamDestroy(stream);
  }
  void reserve(std::size_t bytes) {
    if (!stream) check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
    if (bytes <= cap) return;
    cudaFree(a), cudaFree(b), cudaFree(out);
    check(cudaMalloc(&a, bytes), "cudaMalloc");
    check(cudaMalloc(&b, bytes), "cudaMalloc");
    check(cudaMalloc(&out, bytes), "cudaMalloc");
    cap = bytes;
  }
};

template <launch_fn Launch, Fn F>
void run(const word* const* args, word* out, std::size_t n) {
  static thread_local Buffers buf;
  if (n == 0) return;
  std::string why;
  if (sweep::cuda::device_count(&why) == 0) throw input_error("native CUDA functions need a GPU (" + why + ")");
  check(cudaSetDevice(0), "cudaSetDevice");
  const int arity = fn_traits<F>::arity;
  const std::size_t w = sizeof(typename float_traits<typename fn_traits<F>::type>::storage);
  buf.reserve(n * w);
  buf.ha.resize(n * w), buf.hb.resize(n * w), buf.hout.resize(n * w);
  for (std::size_t i = 0; i < n; ++i) {
    std::memcpy(&buf.ha[i * w], &args[0][i], w);  // little-endian: the low bytes of the word
    if (arity == 2) std::memcpy(&buf.hb[i * w], &args[1][i], w);
  }
  check(cudaMemcpyAsync(buf.a, buf.ha.data(), n * w, cudaMemcpyHostToDevice, buf.stream), "upload");
  if (arity == 2) check(cudaMemcpyAsync(buf.b, buf.hb.data(), n * w, cudaMemcpyHostToDevice, buf.stream), "upload");
  check(cudaError_t(Launch(F, buf.a, buf.b, buf.out, n, buf.stream)), "kernel");
  check(cudaMemcpyAsync(buf.hout.data(), buf.out, n * w, cudaMemcpyDeviceToHost, buf.stream), "download");
  check(cudaStreamSynchronize(buf.stream), "kernel");
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = 0;
    std::memcpy(&out[i], &buf.hout[i * w], w);
  }
}

template <launch_fn Launch>
void register_mode(const char* name, const char* flags) {
  // The nvcc that built this binary decides which libdevice it links.
  const std::string d =
      fmt::format("CUDA math on this machine's GPU as nvcc {} builds it ({}); needs a GPU", BITEXACT_NVCC_VERSION, flags);
  for_each_fn([&](auto f) {
    constexpr Fn F = decltype(f)::value;
    Impl impl{name, F, &run<Launch, F>, d};
    impl.gpu = true;
    register_impl(impl);
  });
}

const bool registered = [] {
  register_mode<&cs::launch_native_ieee>("native-nv", "-ftz=false");
  register_mode<&cs::launch_native_ftz>("native-nv-ftz", "-ftz=true");
  register_mode<&cs::launch_native_fast>("native-nv-fast", "-use_fast_math");
  return true;
}();

}  // namespace
}  // namespace bitexact
