// bitexact/engine/cuda_backend.hpp — the sweep engine's CUDA backend
// (`bitexact sweep --backend cuda`, docs/sweep.md "On the GPU").
//
// The same sweep (sweep::Options, sweep::State, the same reports) with the
// work done on every visible NVIDIA GPU: inputs generated on the device,
// implementations evaluated there (the native CUDA math functions, and
// bitexact's reproductions compiled for the device; any other implementation
// is evaluated on the host and uploaded), the truth and the ULP errors from
// bitexact::truth's fast layer compiled for the device, and the statistics
// accumulated on the device. The few inputs the fast layer cannot settle go
// back to the host, which accounts them with the CPU engine's own code, so
// the State (and the report) is the one the CPU backend computes.
//
// Built when CMake finds nvcc (BITEXACT_CUDA_BACKEND); otherwise built() is
// false and the other functions throw input_error.
#pragma once

#include <string>

#include "bitexact/engine/sweep.hpp"

namespace bitexact::sweep::cuda {

// Whether this build has the CUDA backend.
bool built();
// The visible CUDA devices; 0 when there is none (why says why: no driver,
// no device, or a build without CUDA).
int device_count(std::string* why = nullptr);
// "NVIDIA H100 80GB HBM3 (sm_90), driver 13.0, runtime 13.0" per device, "; "-separated.
std::string describe_devices();

// Like sweep::run, on all visible GPUs (the chunks of the state's range that
// are not done are split into batches, taken by the GPUs from one queue).
// Needs the correctly rounded truth (no Options::no_truth, no digests);
// throws input_error otherwise or when no GPU is usable.
bool run(const Options& o, State& state);

}  // namespace bitexact::sweep::cuda
