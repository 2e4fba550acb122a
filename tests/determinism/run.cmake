# Builds tests/determinism/probe.cpp with every available compiler x flag set and
# checks that all builds print identical digests (see probe.cpp).
# Inputs: SOURCE_DIR, WORK_DIR, CXX_LIST (;-separated compilers).
set(flag_sets
  "-O0"
  "-O2"
  "-O2 -ffp-contract=fast -march=native"
  "-O3 -ffp-contract=fast -mno-fma -funroll-loops"
  "-O1 -ffp-contract=on"
  "-O2 -march=x86-64-v3 -ffp-contract=fast")
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
string(REPLACE "|" ";" CXX_LIST "${CXX_LIST}")
set(reference "")
set(n 0)
foreach(cxx ${CXX_LIST})
  foreach(flags ${flag_sets})
    math(EXPR n "${n} + 1")
    separate_arguments(fl UNIX_COMMAND "${flags}")
    execute_process(COMMAND ${cxx} -std=c++20 ${fl} -I${SOURCE_DIR}/include
        ${SOURCE_DIR}/tests/determinism/probe.cpp -o ${WORK_DIR}/probe${n}
      RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(rc)
      message(FATAL_ERROR "${cxx} ${flags}: compile failed\n${err}")
    endif()
    execute_process(COMMAND ${WORK_DIR}/probe${n} RESULT_VARIABLE rc OUTPUT_VARIABLE out)
    if(rc)
      message(FATAL_ERROR "${cxx} ${flags}: probe failed")
    endif()
    message(STATUS "${cxx} ${flags}:\n${out}")
    if(reference STREQUAL "")
      set(reference "${out}")
      set(reference_name "${cxx} ${flags}")
    elseif(NOT out STREQUAL reference)
      message(FATAL_ERROR "results differ between '${reference_name}' and '${cxx} ${flags}':\n${reference}\nvs\n${out}")
    endif()
  endforeach()
endforeach()
message(STATUS "${n} builds agree")
