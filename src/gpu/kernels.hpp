// src/gpu/kernels.hpp — the interface between the GPU sweep backends' host
// side (src/gpu/backend.cpp, plain C++) and their kernels (src/gpu/cuda_eval.cu, cuda_stats.cu):
// the CUDA backend, and the HIP backend built from the same sources by hipcc
// (src/gpu/gpu_runtime.hpp). Each build's symbols live in an inline namespace of
// their own (cuda_sweep::cuda, cuda_sweep::hip), so one binary holds both.
//
// The host side owns the sweep (chunks, batches, GPUs, the State); the kernels
// evaluate implementations and accumulate the engine's statistics on the GPU.
// Everything crossing this boundary is plain data (no CUDA types), so the host
// side compiles with the ordinary C++ compiler.
//
// Statistics on the GPU mirror sweep::State (bitexact/sweep/engine.hpp): the
// same counters, maxima (as the bits of non-negative doubles, whose order as
// unsigned integers is their numeric order) and witness sets (the K smallest
// inputs, kept under a per-set spin lock). Inputs the GPU cannot account for
// exactly (truth undecided by the fast layer, or an ULP error that needs MPFR)
// are listed and accounted for on the host by sweep::account, so the merged
// State equals the CPU engine's.
#pragma once

#include <cstddef>
#include <cstdint>

#include "bitexact/functions.hpp"
#include "gpu_runtime.hpp"

namespace bitexact::cuda_sweep {
inline namespace BITEXACT_GPU_ABI {

using u64 = std::uint64_t;

inline constexpr int witness_k = 4;  // sweep::WitnessSet::K (checked in cuda_backend.cpp)
inline constexpr int bucket_count = 4096;
inline constexpr int hist_bins = 27;   // sweep::bins::count
inline constexpr int disc_count = 7;   // sweep::Disc::count
inline constexpr int dist_bins = 22;   // sweep::dist_bins

struct DevWitness {
  u64 a, b, r, s;
  double ulp;
};
// The K smallest inputs offered; `key_hi` is a monotone lower-or-equal bound
// on the largest kept a (all ones until K are kept) used to skip most offers
// without taking the lock.
struct DevWitnessSet {
  int lock;
  int n;
  u64 key_hi;
  DevWitness w[witness_k];
};
// A maximum with the K smallest inputs reaching it (sweep::MaxWitness), or,
// for binades, the one smallest input (n <= 1).
struct DevMax {
  u64 value_bits;  // bits of the maximum (a non-negative double); 0 = none yet
  DevWitnessSet at;
};

// Per implementation, the fixed-size part.
struct DevImpl {
  u64 differs;        // outputs with bits other than the truth's
  u64 nan_payload;    // both NaN with other bits (counted as correct)
  u64 hist[hist_bins];
  u64 in_class_wrong[25];
  u64 in_class_max[25];  // double bits
  u64 out_class_wrong[5];
  DevMax max;
  DevWitnessSet special;
};

struct DevPair {
  u64 differ;
  u64 cls[disc_count];
  u64 dist[dist_bins];
  DevWitnessSet witness[disc_count];
  DevMax max_dist;  // largest number_vs_number distance (sweep::PairStats::max_dist)
};

struct DevCounts {
  u64 count;  // inputs accounted on the GPU (deferred ones excluded)
  u64 in_class[25];
  u64 out_class[5];
  u64 deferred;  // inputs listed for the host (may exceed the list's capacity)
};

// Device pointers to one GPU's statistics (allocated by the host side).
struct DevStats {
  DevCounts* counts;
  DevImpl* impls;          // [ni]
  DevPair* pairs;          // [ni (ni - 1) / 2], in sweep::State::pair_index order
  u64* binade_wrong;       // [ni][nbinades]
  DevMax* binade_witness;  // [ni][nbinades]: the binade maximum and its smallest input
  u64* bucket_max;         // [ni][4096]
  u64* bucket_wrong;       // [ni][4096]
  u64* binade_count;       // [nbinades]: inputs per binade of operand 0 (sweep::State::binade_count)
  u64* pair_binade_differ;  // [np][nbinades] (sweep::PairStats::binade_differ)
  u64* pair_binade_max;     // [np][nbinades]: double bits (sweep::PairStats::binade_max_dist)
  u64* deferred;           // indices (within the batch) of inputs for the host
  u64 deferred_capacity;
};

// How the batch's inputs are made: on the GPU from the set's formula, or
// copied from the host (sets that are lists or need the host's generator).
enum class gen_kind : int { exhaustive = 0, uniform = 1, structured = 2, uploaded = 3 };

// ---- kernels (src/gpu/cuda_stats.cu, src/gpu/cuda_eval.cu) ------------------------
// Every function takes the stream as void* and returns 0, or the runtime's
// error code (cudaError_t / hipError_t as int) of the launch.

// Operands of inputs [base, base + n) of a standard set into a, b (device).
int launch_generate(Fn fn, gen_kind kind, u64 seed, u64 base, u64 n, void* a, void* b, void* stream);

// The vendor's own math (::sinf ... as the compiler links it: libdevice for
// nvcc, ocml for hipcc), one build of src/gpu/cuda_eval.cu per flag set users
// build with: nvcc -ftz=false, -ftz=true, -use_fast_math; hipcc for gfx90a at
// its default flags, and with -fgpu-flush-denormals-to-zero.
using launch_t = int (*)(Fn fn, const void* a, const void* b, void* out, u64 n, void* stream);
#if BITEXACT_GPU_HIP
int launch_native_ocml(Fn fn, const void* a, const void* b, void* out, u64 n, void* stream);
int launch_native_ocml_daz(Fn fn, const void* a, const void* b, void* out, u64 n, void* stream);
#else
int launch_native_ieee(Fn fn, const void* a, const void* b, void* out, u64 n, void* stream);
int launch_native_ftz(Fn fn, const void* a, const void* b, void* out, u64 n, void* stream);
int launch_native_fast(Fn fn, const void* a, const void* b, void* out, u64 n, void* stream);
#endif

// The implementations they are: registry name, the build's flags, launcher.
struct native_build {
  const char* impl;
  const char* flags;
  launch_t launch;
};
#if BITEXACT_GPU_HIP
inline constexpr native_build native_builds[] = {
    {"native-ocml", "--offload-arch=gfx90a", &launch_native_ocml},
    {"native-ocml-daz", "--offload-arch=gfx90a -fgpu-flush-denormals-to-zero", &launch_native_ocml_daz},
};
#else
inline constexpr native_build native_builds[] = {
    {"native-nv", "-ftz=false", &launch_native_ieee},
    {"native-nv-ftz", "-ftz=true", &launch_native_ftz},
    {"native-nv-fast", "-use_fast_math", &launch_native_fast},
};
#endif

// bitexact's reproductions compiled for the GPU: repro id 0 = nv, 1 = nv-ftz,
// 2 + k = row k of bitexact/ocml/configs.def.
int repro_count();
int launch_repro(int repro, Fn fn, const void* a, const void* b, void* out, u64 n, void* stream);

// Rows [a, b, out_0 .. out_{ni-1}] (as 64-bit words) of the inputs idx[0..m) of
// a batch, for the host: the deferred inputs.
int launch_gather(Fn fn, const u64* idx, u64 m, const void* a, const void* b, const void* const* outs, int ni,
                  u64* rows, void* stream);

// Statistics of n inputs (a, b) with the outputs outs[i] (device pointers, a
// device array of ni of them) against the truth computed on the GPU: two
// kernels on `stream`, the statistics and then the witnesses of the maxima.
int launch_stats(Fn fn, const void* a, const void* b, const void* const* outs, int ni, u64 n, DevStats stats,
                 void* stream);

}  // inline namespace BITEXACT_GPU_ABI
}  // namespace bitexact::cuda_sweep
