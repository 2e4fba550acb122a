// bitexact/gpu/backend.hpp — the sweep engine's CUDA backend
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
#include <vector>

#include "bitexact/sweep/engine.hpp"

namespace bitexact::sweep::cuda {

// Whether this build has the CUDA backend.
bool built();
// The visible CUDA devices; 0 when there is none (why says why: no driver,
// no device, or a build without CUDA).
int device_count(std::string* why = nullptr);
// "NVIDIA H100 80GB HBM3 (sm_90), driver 13.0, runtime 13.0" per device, "; "-separated.
std::string describe_devices();

// The devices rank `local_rank` of `local_size` ranks on one host uses, of
// `count` visible ones (Options::gpus under mpirun): every local_size-th
// device from its index when there are at least as many GPUs as ranks, else
// device local_rank mod count (ranks then share GPUs). Empty (all) for one
// rank or no GPU.
inline std::vector<int> share_of_host(int local_rank, int local_size, int count) {
  std::vector<int> out;
  if (local_size <= 1 || count <= 0) return out;
  if (count < local_size) return {local_rank % count};
  for (int d = local_rank; d < count; d += local_size) out.push_back(d);
  return out;
}

// Like sweep::run, on all visible GPUs (or Options::gpus) (the chunks of the state's range that
// are not done are split into batches, taken by the GPUs from one queue).
// Needs the correctly rounded truth (no Options::no_truth, no digests);
// throws input_error otherwise or when no GPU is usable.
bool run(const Options& o, State& state);

}  // namespace bitexact::sweep::cuda

// The HIP backend (`bitexact sweep --backend hip`): the same host code and
// kernels built by hipcc for AMD GPUs (gfx90a), on every visible AMD GPU
// (HIP_VISIBLE_DEVICES). The same functions; built when CMake finds hipcc
// and the HIP runtime (BITEXACT_HIP_BACKEND), else built() is false and the
// others throw input_error. Never run on an AMD GPU so far (docs/sweep.md).
namespace bitexact::sweep::hip {

bool built();
int device_count(std::string* why = nullptr);
// "AMD Instinct MI210 (gfx90a:sramecc+:xnack-), driver ..., runtime 5.2" per device.
std::string describe_devices();
using cuda::share_of_host;
bool run(const Options& o, State& state);

}  // namespace bitexact::sweep::hip
