// Implementations "ocml-bc*": AMD ocml's own bitcode (ROCm device-libs from
// Debian's rocm-device-libs), compiled at build time for this CPU by
// build_ocml_bc.sh, one object per device configuration. They are the ground
// truth the header-only ocml reproductions are compared against.
//
// Each configuration's functions run with the host's MXCSR set the way the
// GPU's MODE register would be: f32 denormals flushed (DAZ|FTZ) for the "daz"
// configurations, IEEE otherwise; round to nearest-even always. See
// docs/ocml-bc.md for the configurations and what they stand for.
#include <cstdint>
#include <string>
#include <xmmintrin.h>

#include "bitexact/impl.hpp"

#ifndef BITEXACT_OCML_BC_SOURCE
#define BITEXACT_OCML_BC_SOURCE "rocm-device-libs"
#endif

// The entry points of one configuration's object (build_ocml_bc.sh TAG).
#define BX_OCML_BC_DECLARE(tag)                                                  \
  extern "C" float bx_ocml_bc_##tag##_sin_f32(float);                            \
  extern "C" float bx_ocml_bc_##tag##_cos_f32(float);                            \
  extern "C" float bx_ocml_bc_##tag##_fmod_f32(float, float);                    \
  extern "C" double bx_ocml_bc_##tag##_fmod_f64(double, double);                 \
  extern "C" float bx_ocml_bc_##tag##_ceil_f32(float);                           \
  extern "C" double bx_ocml_bc_##tag##_ceil_f64(double);

// Keep this list in step with BX_OCML_BC_CONFIGS in CMakeLists.txt.
BX_OCML_BC_DECLARE(gfx90a)
BX_OCML_BC_DECLARE(gfx90a_daz)
BX_OCML_BC_DECLARE(gfx900_daz)
BX_OCML_BC_DECLARE(gfx803)
BX_OCML_BC_DECLARE(gfx803_daz)
BX_OCML_BC_DECLARE(gfx702)
BX_OCML_BC_DECLARE(gfx90a_finite)
BX_OCML_BC_DECLARE(gfx90a_daz_finite)
BX_OCML_BC_DECLARE(gfx900_daz_finite)
BX_OCML_BC_DECLARE(gfx803_finite)
BX_OCML_BC_DECLARE(gfx803_daz_finite)
BX_OCML_BC_DECLARE(gfx702_finite)

namespace bitexact {
namespace {

constexpr unsigned kMxcsrDaz = 1u << 6;
constexpr unsigned kMxcsrFtz = 1u << 15;
constexpr unsigned kMxcsrRounding = 3u << 13;  // 00 = round to nearest-even

// Sets the calling thread's MXCSR for one batch and restores it afterwards.
class mxcsr_mode {
 public:
  explicit mxcsr_mode(bool flush_f32) : saved_(_mm_getcsr()) {
    unsigned m = saved_ & ~(kMxcsrDaz | kMxcsrFtz | kMxcsrRounding);
    _mm_setcsr(flush_f32 ? m | kMxcsrDaz | kMxcsrFtz : m);
  }
  ~mxcsr_mode() { _mm_setcsr(saved_); }
  mxcsr_mode(const mxcsr_mode&) = delete;
  mxcsr_mode& operator=(const mxcsr_mode&) = delete;

 private:
  unsigned saved_;
};

// BatchFns. Only bit moves happen outside the vendor code while the mode is set.
template <float (*F)(float), bool Flush>
void run_f32(const word* const* a, word* out, std::size_t n) {
  mxcsr_mode mode(Flush);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = bit_cast<std::uint32_t>(F(bit_cast<float>(std::uint32_t(a[0][i]))));
}
template <float (*F)(float, float), bool Flush>
void run_f32(const word* const* a, word* out, std::size_t n) {
  mxcsr_mode mode(Flush);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = bit_cast<std::uint32_t>(F(bit_cast<float>(std::uint32_t(a[0][i])),
                                       bit_cast<float>(std::uint32_t(a[1][i]))));
}
// f64 never flushes on the GPU (the f64 denormal mode stays IEEE), so the f64
// entry points always run with DAZ/FTZ off.
template <double (*F)(double)> void run_f64(const word* const* a, word* out, std::size_t n) {
  mxcsr_mode mode(false);
  for (std::size_t i = 0; i < n; ++i) out[i] = bit_cast<std::uint64_t>(F(bit_cast<double>(a[0][i])));
}
template <double (*F)(double, double)>
void run_f64(const word* const* a, word* out, std::size_t n) {
  mxcsr_mode mode(false);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = bit_cast<std::uint64_t>(F(bit_cast<double>(a[0][i]), bit_cast<double>(a[1][i])));
}

template <float (*Sin)(float), float (*Cos)(float), float (*Fmodf)(float, float),
          double (*Fmod)(double, double), float (*Ceilf)(float), double (*Ceil)(double), bool Daz>
void register_config(const char* name, const std::string& what) {
  const std::string d =
      std::string("ocml.bc (") + BITEXACT_OCML_BC_SOURCE + ") for " + what + ", run on this CPU";
  register_impl({name, Fn::sinf, &run_f32<Sin, Daz>, d});
  register_impl({name, Fn::cosf, &run_f32<Cos, Daz>, d});
  register_impl({name, Fn::fmodf, &run_f32<Fmodf, Daz>, d});
  register_impl({name, Fn::fmod, &run_f64<Fmod>, d});
  register_impl({name, Fn::ceilf, &run_f32<Ceilf, Daz>, d});
  register_impl({name, Fn::ceil, &run_f64<Ceil>, d});
}

#define BX_OCML_BC_REGISTER(tag, daz, name, what)                                          \
  register_config<&bx_ocml_bc_##tag##_sin_f32, &bx_ocml_bc_##tag##_cos_f32,                \
                  &bx_ocml_bc_##tag##_fmod_f32, &bx_ocml_bc_##tag##_fmod_f64,              \
                  &bx_ocml_bc_##tag##_ceil_f32, &bx_ocml_bc_##tag##_ceil_f64, daz>(name, what)

const bool registered = [] {
  // The objects use FMA and SSE4.1 instructions (llc -mattr=+fma,+sse4.1).
  if (!__builtin_cpu_supports("fma") || !__builtin_cpu_supports("sse4.1")) return false;
  BX_OCML_BC_REGISTER(gfx90a, false, "ocml-bc", "gfx90a, f32 denormals IEEE");
  BX_OCML_BC_REGISTER(gfx90a_daz, true, "ocml-bc-daz", "gfx90a, f32 denormals flushed");
  BX_OCML_BC_REGISTER(gfx900_daz, true, "ocml-bc-gfx900-daz", "gfx900, f32 denormals flushed");
  BX_OCML_BC_REGISTER(gfx803, false, "ocml-bc-gfx803", "gfx803, f32 denormals IEEE");
  BX_OCML_BC_REGISTER(gfx803_daz, true, "ocml-bc-gfx803-daz", "gfx803, f32 denormals flushed");
  BX_OCML_BC_REGISTER(gfx702, false, "ocml-bc-gfx702", "gfx702, f32 denormals IEEE");
  BX_OCML_BC_REGISTER(gfx90a_finite, false, "ocml-bc-finite",
                      "gfx90a, f32 denormals IEEE, finite-only");
  BX_OCML_BC_REGISTER(gfx90a_daz_finite, true, "ocml-bc-daz-finite",
                      "gfx90a, f32 denormals flushed, finite-only");
  BX_OCML_BC_REGISTER(gfx900_daz_finite, true, "ocml-bc-gfx900-daz-finite",
                      "gfx900, f32 denormals flushed, finite-only");
  BX_OCML_BC_REGISTER(gfx803_finite, false, "ocml-bc-gfx803-finite",
                      "gfx803, f32 denormals IEEE, finite-only");
  BX_OCML_BC_REGISTER(gfx803_daz_finite, true, "ocml-bc-gfx803-daz-finite",
                      "gfx803, f32 denormals flushed, finite-only");
  BX_OCML_BC_REGISTER(gfx702_finite, false, "ocml-bc-gfx702-finite",
                      "gfx702, f32 denormals IEEE, finite-only");
  return true;
}();

}  // namespace
}  // namespace bitexact
