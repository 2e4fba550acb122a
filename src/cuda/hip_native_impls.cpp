// "native-ocml", "native-ocml-daz": src/cuda/native_impls.cpp compiled for the
// HIP runtime (the launchers of device/cuda_sweep.hpp's native_builds).
#define BITEXACT_GPU_HIP 1
#include "native_impls.cpp"
