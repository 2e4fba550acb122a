// device/replace_bench_native.cu — the baseline copy of the timed kernels:
// the CUDA math functions as the compiler links them (libdevice).
#define BX_BENCH_NS native
#define BX_BENCH_CALL(name) ::name
#include "replace_bench.cuh"
