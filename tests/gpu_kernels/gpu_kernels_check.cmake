# ctest gpu_kernels_same_sources (tests/hip_backend.cmake), run as
#   cmake -DCUDA_SOURCES=... -DHIP_SOURCES=... -DCUDA_LIB=... -DHIP_LIB=... -DNM=... -P gpu_kernels_check.cmake
# What compiling the two GPU backends proves without a GPU of either vendor:
#   1. the HIP kernels are built from the very files the CUDA kernels are
#      (src/gpu/cuda_eval.cu, src/gpu/cuda_stats.cu), not from a copy;
#   2. each kernel library defines the whole interface of src/gpu/kernels.hpp
#      in its own inline namespace (cuda_sweep::cuda / cuda_sweep::hip), so
#      one binary links both;
#   3. every HIP object carries device code for the reference AMD target
#      (an offload bundle for amdgcn-amd-amdhsa--gfx90a), not host code only.
# It does not prove that the HIP kernels compute the right statistics: they
# have never run on an AMD GPU (docs/sweep.md).
list(REMOVE_DUPLICATES CUDA_SOURCES)
list(REMOVE_DUPLICATES HIP_SOURCES)
list(SORT CUDA_SOURCES)
list(SORT HIP_SOURCES)
if(CUDA_LIB)
  if(NOT CUDA_SOURCES STREQUAL HIP_SOURCES)
    message(FATAL_ERROR "HIP kernels from [${HIP_SOURCES}], CUDA kernels from [${CUDA_SOURCES}]: not the same sources")
  endif()
endif()
if(NOT HIP_SOURCES STREQUAL "cuda_eval.cu;cuda_stats.cu")
  message(FATAL_ERROR "HIP kernels from [${HIP_SOURCES}], expected cuda_eval.cu;cuda_stats.cu")
endif()

function(check_symbols lib abi)
  execute_process(COMMAND ${NM} -C --defined-only ${lib} OUTPUT_VARIABLE syms RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} ${lib} failed")
  endif()
  foreach(fn launch_generate launch_gather launch_stats launch_repro repro_count ${ARGN})
    string(FIND "${syms}" "bitexact::cuda_sweep::${abi}::${fn}(" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${lib} lacks bitexact::cuda_sweep::${abi}::${fn}")
    endif()
  endforeach()
  message(STATUS "${lib}: the kernel interface in cuda_sweep::${abi}")
endfunction()

if(CUDA_LIB)
  check_symbols(${CUDA_LIB} cuda launch_native_ieee launch_native_ftz launch_native_fast)
endif()
check_symbols(${HIP_LIB} hip launch_native_ocml launch_native_ocml_daz)

foreach(obj ${HIP_OBJECTS})
  file(STRINGS ${obj} bundle REGEX "amdgcn-amd-amdhsa--${HIP_ARCH}" LIMIT_COUNT 1)
  if(NOT bundle)
    message(FATAL_ERROR "${obj} holds no device code for ${HIP_ARCH}")
  endif()
endforeach()
message(STATUS "HIP objects with ${HIP_ARCH} code: ${HIP_OBJECTS}")
