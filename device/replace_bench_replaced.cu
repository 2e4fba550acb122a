// device/replace_bench_replaced.cu — the replaced copy of the timed kernels.
// clang route: this file is compiled with bitexact's bitcode linked ahead of
// libdevice, so ::sinf is bitexact's. nvcc route (-DBX_LINKED=nv|nv_ftz|ocml):
// calls bitexact::cuda::<personality>::NAME of the -rdc device library.
#define BX_BENCH_NS replaced
#ifdef BX_LINKED
#include "bitexact/cuda/linked.cuh"
#define BX_BENCH_CALL(name) bitexact::cuda::BX_LINKED::name
#else
#define BX_BENCH_CALL(name) ::name
#endif
#include "replace_bench.cuh"
