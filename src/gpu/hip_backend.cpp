// The HIP backend's host side (bitexact::sweep::hip): src/gpu/backend.cpp
// itself, compiled for the HIP runtime. One source for both backends, so the
// batches, the GPU statistics' conversion and the host's accounting are the
// same code (docs/sweep.md, "On an AMD GPU").
#define BITEXACT_GPU_HIP 1
#include "backend.cpp"
