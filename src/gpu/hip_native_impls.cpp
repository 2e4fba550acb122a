// "native-ocml", "native-ocml-daz": src/gpu/native_impls.cpp compiled for the
// HIP runtime (the launchers of src/gpu/kernels.hpp's native_builds).
#define BITEXACT_GPU_HIP 1
#include "native_impls.cpp"
