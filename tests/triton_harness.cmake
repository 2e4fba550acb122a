# tests/triton_harness_test.py: the ctypes input library of
# tools/scripts/device/triton_libdevice.py (device/input_sets_lib.cpp) gives the
# operands of bitexact/inputs.hpp, and the harness's chunking and block digests,
# with NumPy standing in for the GPU, reproduce the committed nv ceilf digests.
# NumPy through /usr/bin/python3 (Debian's python3-numpy); g++ and xxhash.h.
if(EXISTS /usr/bin/python3)
  add_test(NAME triton_harness COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/triton_harness_test.py)
  set_tests_properties(triton_harness PROPERTIES LABELS unit TIMEOUT 120)
endif()
# tools/scripts/device/triton_bridge_demo.py --check-table: its kernel's
# `OP == i` branches call what its OPS table lists, row by row (the GPU run
# compares results by that index).
if(EXISTS /usr/bin/python3)
  add_test(NAME triton_bridge_demo_table
    COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tools/scripts/device/triton_bridge_demo.py --check-table)
  set_tests_properties(triton_bridge_demo_table PROPERTIES LABELS unit TIMEOUT 60)
endif()
