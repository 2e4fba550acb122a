# tools/scripts/compare_libdevice.py (which libdevice functions two releases
# implement alike; issue 34) on two bitcode files written by the test. Needs
# LLVM's llvm-as/llvm-dis (the ocml bitcode's LLVM). Label "unit": CI runs it.
find_package(Python3 COMPONENTS Interpreter)
set(_bx_llvm_bin "${BITEXACT_OCML_LLVM_BIN}")
if(NOT _bx_llvm_bin)
  set(_bx_llvm_bin /usr/lib/llvm-15/bin)
endif()
if(Python3_Interpreter_FOUND AND EXISTS ${_bx_llvm_bin}/llvm-as AND EXISTS ${_bx_llvm_bin}/llvm-dis)
  add_test(NAME compare_libdevice
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/compare_libdevice_test.py
            ${PROJECT_SOURCE_DIR}/tools/scripts/compare_libdevice.py ${_bx_llvm_bin})
  set_tests_properties(compare_libdevice PROPERTIES LABELS unit TIMEOUT 60)
endif()
