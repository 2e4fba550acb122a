// bitexact/nv/version.hpp — which NVIDIA release the nv reproductions follow,
// as data: descriptions, manifests and docs read it from here.
//
// A second CUDA release is a second row of releases_reproduced plus the algorithm deltas
// in the functions' files (docs/adding-a-function.md).
#pragma once

#include <string_view>

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

}  // namespace bitexact::nv
