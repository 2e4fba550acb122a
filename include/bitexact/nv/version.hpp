// bitexact/nv/version.hpp — which NVIDIA release the nv reproductions follow,
// as data: descriptions, manifests and docs read it from here.
//
// A second CUDA release is a second row of releases_reproduced plus the algorithm deltas
// in the functions' files (docs/adding-a-function.md).
#pragma once

#include <string_view>

#include "bitexact/functions.hpp"

namespace bitexact::nv {

struct release {
  int cuda_major, cuda_minor;   // the CUDA toolkit (nvcc) whose libdevice is reproduced
  std::string_view libdevice;   // the bitcode file under nvvm/libdevice/
  std::string_view checked_on;  // the GPU whose outputs the committed digests are (vectors/nv/)
};

// CUDA 13.0 (nvcc V13.0.88), checked on an H100 (sm_90).
inline constexpr release cuda13_0{13, 0, "libdevice.10.bc", "H100 (sm_90)"};
// Every release reproduced; the implementations "nv" and "nv-ftz" follow the first.
inline constexpr release releases_reproduced[] = {cuda13_0};

// How "nv" / "nv-ftz" describe function F (`bitexact list`, the reports):
// by the build's flush mode ("IEEE (nvcc -ftz=false, the default)", "FTZ
// (nvcc -ftz=true: subnormals flushed)"), or as a bit-exact reproduction
// under each flag. The first two functions reproduced keep the first wording,
// which the committed reports carry (conformance/reports/); every later row
// takes the second.
enum class wording { flush_mode, reproduction };
template <Fn F>
inline constexpr wording description_wording = wording::reproduction;
template <>
inline constexpr wording description_wording<Fn::sinf> = wording::flush_mode;
template <>
inline constexpr wording description_wording<Fn::cosf> = wording::flush_mode;

}  // namespace bitexact::nv
