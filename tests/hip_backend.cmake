# The HIP sweep backend compiles here but cannot run (no AMD GPU): check what
# compiling shows (tests/gpu_kernels/gpu_kernels_check.cmake), label "unit". Its run-time
# behaviour without an AMD GPU is HipBackendCli in tests/cuda_backend_test.cpp.
if(TARGET bitexact_hip_kernels)
  get_property(_bx_hip_src GLOBAL PROPERTY BITEXACT_HIP_KERNEL_SOURCES)
  get_property(_bx_cuda_src GLOBAL PROPERTY BITEXACT_CUDA_KERNEL_SOURCES)
  get_target_property(_bx_hip_objs bitexact_hip_kernels SOURCES)
  add_test(NAME gpu_kernels_same_sources
    COMMAND ${CMAKE_COMMAND} "-DHIP_SOURCES=${_bx_hip_src}" "-DCUDA_SOURCES=${_bx_cuda_src}"
      "-DHIP_LIB=$<TARGET_FILE:bitexact_hip_kernels>"
      "-DCUDA_LIB=$<$<TARGET_EXISTS:bitexact_cuda_kernels>:$<TARGET_FILE:bitexact_cuda_kernels>>"
      "-DHIP_OBJECTS=${_bx_hip_objs}" "-DHIP_ARCH=${BITEXACT_HIP_ARCHITECTURE}" "-DNM=${CMAKE_NM}"
      -P ${PROJECT_SOURCE_DIR}/tests/gpu_kernels/gpu_kernels_check.cmake)
  set_tests_properties(gpu_kernels_same_sources PROPERTIES LABELS unit TIMEOUT 60)
endif()
