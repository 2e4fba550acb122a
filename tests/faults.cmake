# Fault injection into every file writer of the CLI (docs/reliability.md,
# "Faults"): tests/faults/fault_shim.c, an LD_PRELOAD library that fails one
# kind of call (write, open, rename) with one errno on the case's paths only,
# and tests/faults/fault_matrix.py, which runs each writer under each fault
# (and under a real `ulimit -f`), then kills a long sweep at many points and
# resumes it. About 40 s on two cores.
if(TARGET bitexact AND EXISTS /usr/bin/python3)
  add_library(bx_fault_shim MODULE ${CMAKE_CURRENT_SOURCE_DIR}/faults/fault_shim.c)
  set_target_properties(bx_fault_shim PROPERTIES PREFIX "lib" OUTPUT_NAME bx_fault LINKER_LANGUAGE C)
  target_link_libraries(bx_fault_shim PRIVATE ${CMAKE_DL_LIBS})
  add_test(NAME faults_matrix COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/faults/fault_matrix.py
    --cli $<TARGET_FILE:bitexact> --shim $<TARGET_FILE:bx_fault_shim> --kills 12)
  set_tests_properties(faults_matrix PROPERTIES LABELS unit TIMEOUT 600)
endif()
