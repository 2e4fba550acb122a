# With -DBITEXACT_CUDA=ON: installs bitexact and builds tests/consumer_cuda (an
# nvcc project linking bitexact::cuda_linked) against it. Built only: running
# needs a GPU (the device checks are tools/scripts/device/replace_routes.sh).
if(TARGET bitexact_cuda_linked)
  add_test(NAME install_and_consume_cuda
    COMMAND ${CMAKE_COMMAND} -DBINARY_DIR=${CMAKE_BINARY_DIR} -DPREFIX=${CMAKE_BINARY_DIR}/consumer-cuda-prefix
      -DSOURCE=${CMAKE_CURRENT_SOURCE_DIR}/consumer_cuda -DGENERATOR=${CMAKE_GENERATOR}
      -DCUDA_COMPILER=${CMAKE_CUDA_COMPILER} -DARCH=${BITEXACT_CUDA_ARCHITECTURES}
      -P ${CMAKE_CURRENT_SOURCE_DIR}/consumer_cuda/run.cmake)
  set_tests_properties(install_and_consume_cuda PROPERTIES LABELS unit TIMEOUT 600)
endif()
