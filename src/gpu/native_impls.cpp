// Implementations "native-nv", "native-nv-ftz", "native-nv-fast": the CUDA
// math functions themselves (::sinf ... as nvcc compiles them under
// -ftz=false, -ftz=true and -use_fast_math), evaluated on GPU 0 of this
// machine. Only in builds with the CUDA backend; they need a visible GPU
// (Impl::gpu), and are the reference the reproductions nv / nv-ftz are checked
// against on the device (`bitexact sweep --backend cuda`, which evaluates them
// in bulk without this per-call path). Here: `bitexact eval native-nv.sinf`,
// CPU sweeps and the porting tools, one batch of the caller at a time.
//
// Through src/gpu/hip_native_impls.cpp (BITEXACT_GPU_HIP=1) the same code
// registers "native-ocml" and "native-ocml-daz": AMD's math functions (ocml)
// as hipcc builds them for gfx90a, at its default flags and with
// -fgpu-flush-denormals-to-zero, evaluated on AMD GPU 0 (cs::native_builds).
#include <fmt/format.h>

#include <cstring>
#include <iterator>
#include <utility>
#include <vector>

#include "bitexact/gpu/backend.hpp"
#include "bitexact/registry/registry.hpp"
#include "kernels.hpp"

namespace bitexact {
namespace {

namespace cs = cuda_sweep;
#if BITEXACT_GPU_HIP
namespace backend = sweep::hip;
constexpr const char* what_native = "native HIP function";
#else
namespace backend = sweep::cuda;
constexpr const char* what_native = "native CUDA function";
#endif

void check(gpu::error_t e, const char* what) {
  if (e != gpu::success) throw input_error(fmt::format("{}: {}: {}", what_native, what, gpu::error_string(e)));
}

// Device buffers of one calling thread.
struct Buffers {
  void *a = nullptr, *b = nullptr, *out = nullptr;
  std::size_t cap = 0;
  gpu::stream_t stream = nullptr;
  std::vector<unsigned char> ha, hb, hout;
  ~Buffers() {
    if (!stream) return;
    gpu::free(a), gpu::free(b), gpu::free(out);
    gpu::stream_destroy(stream);
  }
  void reserve(std::size_t bytes) {
    if (!stream) check(gpu::stream_create(&stream), "stream creation");
    if (bytes <= cap) return;
    gpu::free(a), gpu::free(b), gpu::free(out);
    check(gpu::alloc(&a, bytes), "device allocation");
    check(gpu::alloc(&b, bytes), "device allocation");
    check(gpu::alloc(&out, bytes), "device allocation");
    cap = bytes;
  }
};

template <int Build, Fn F>
void run(const typename fn_traits<F>::type* x, const typename fn_traits<F>::type* y, typename fn_traits<F>::type* out,
         std::size_t n) {
  static thread_local Buffers buf;
  if (n == 0) return;
  std::string why;
  if (backend::device_count(&why) == 0)
    throw input_error(fmt::format("{}s need a{} {} ({})", what_native, BITEXACT_GPU_HIP ? "n" : "", gpu::vendor_gpu, why));
  check(gpu::set_device(0), "set device");
  const int arity = fn_traits<F>::arity;
  const std::size_t bytes = n * sizeof(*x);
  buf.reserve(bytes);
  // Through host staging buffers of the thread's own (out may be x).
  buf.ha.resize(bytes), buf.hb.resize(bytes), buf.hout.resize(bytes);
  std::memcpy(buf.ha.data(), x, bytes);
  if (arity == 2) std::memcpy(buf.hb.data(), y, bytes);
  check(gpu::copy_async(buf.a, buf.ha.data(), bytes, gpu::host_to_device, buf.stream), "upload");
  if (arity == 2) check(gpu::copy_async(buf.b, buf.hb.data(), bytes, gpu::host_to_device, buf.stream), "upload");
  check(gpu::error_t(cs::native_builds[Build].launch(F, buf.a, buf.b, buf.out, n, buf.stream)), "kernel");
  check(gpu::copy_async(buf.hout.data(), buf.out, bytes, gpu::device_to_host, buf.stream), "download");
  check(gpu::stream_sync(buf.stream), "kernel");
  std::memcpy(out, buf.hout.data(), bytes);
}

template <int Build>
void register_build() {
  const cs::native_build& b = cs::native_builds[Build];
#if BITEXACT_GPU_HIP
  // The hipcc that built this binary decides which ocml it links.
  const std::string d = fmt::format("HIP math (ocml) on this machine's AMD GPU as hipcc {} builds it ({}); needs an AMD GPU",
                                    BITEXACT_HIPCC_VERSION, b.flags);
#else
  // The nvcc that built this binary decides which libdevice it links.
  const std::string d =
      fmt::format("CUDA math on this machine's GPU as nvcc {} builds it ({}); needs a GPU", BITEXACT_NVCC_VERSION, b.flags);
#endif
  for_each_fn([&](auto f) {
    constexpr Fn F = decltype(f)::value;
    Impl impl{b.impl, F, &run<Build, F>, d};
    impl.gpu = true;
    register_impl(impl);
  });
}

template <int... Build>
bool register_all(std::integer_sequence<int, Build...>) {
  (register_build<Build>(), ...);
  return true;
}
const bool registered = register_all(std::make_integer_sequence<int, int(std::size(cs::native_builds))>());

}  // namespace
}  // namespace bitexact
