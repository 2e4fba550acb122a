# The clang CUDA replacement bitcode (device/CMakeLists.txt), checked without CUDA.
if(TARGET bitexact_cuda_bitcode)
  add_test(NAME cuda_bitcode_check
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cuda_bitcode_check.sh ${BITEXACT_CUDA_BITCODE_CLANG}
      ${PROJECT_SOURCE_DIR} ${BITEXACT_CUDA_BITCODE_FILES})
  set_tests_properties(cuda_bitcode_check PROPERTIES LABELS unit TIMEOUT 300)
endif()
