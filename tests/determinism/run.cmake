# The determinism tests (tests/determinism.cmake):
#   MODE=build    builds tests/determinism/probe.cpp with compiler CXX and
#                 flags FLAGS, runs it, and writes its digests to
#                 WORK_DIR/out_N.txt (first line: the compiler and flags).
#                 Inputs: SOURCE_DIR, WORK_DIR, N, CXX, FLAGS.
#   MODE=compare  checks that out_1.txt .. out_COUNT.txt hold the same
#                 digests. Inputs: WORK_DIR, COUNT.
if(MODE STREQUAL "build")
  file(MAKE_DIRECTORY ${WORK_DIR})
  file(REMOVE ${WORK_DIR}/out_${N}.txt ${WORK_DIR}/probe${N})
  separate_arguments(fl UNIX_COMMAND "${FLAGS}")
  execute_process(COMMAND ${CXX} -std=c++20 ${fl} -I${SOURCE_DIR}/include
      ${SOURCE_DIR}/tests/determinism/probe.cpp -o ${WORK_DIR}/probe${N}
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc)
    message(FATAL_ERROR "${CXX} ${FLAGS}: compile failed\n${err}")
  endif()
  execute_process(COMMAND ${WORK_DIR}/probe${N} RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(rc)
    message(FATAL_ERROR "${CXX} ${FLAGS}: probe failed")
  endif()
  message(STATUS "${CXX} ${FLAGS}:\n${out}")
  file(WRITE ${WORK_DIR}/out_${N}.txt "${CXX} ${FLAGS}\n${out}")
elseif(MODE STREQUAL "compare")
  set(reference "")
  foreach(n RANGE 1 ${COUNT})
    if(NOT EXISTS ${WORK_DIR}/out_${n}.txt)
      message(FATAL_ERROR "no output of build ${n} (determinism_build_${n} failed or did not run)")
    endif()
    file(READ ${WORK_DIR}/out_${n}.txt text)
    string(FIND "${text}" "\n" eol)
    string(SUBSTRING "${text}" 0 ${eol} name)
    math(EXPR from "${eol} + 1")
    string(SUBSTRING "${text}" ${from} -1 out)
    if(n EQUAL 1)
      set(reference "${out}")
      set(reference_name "${name}")
    elseif(NOT out STREQUAL reference)
      message(FATAL_ERROR "results differ between '${reference_name}' and '${name}':\n${reference}\nvs\n${out}")
    endif()
  endforeach()
  message(STATUS "${COUNT} builds agree")
else()
  message(FATAL_ERROR "MODE must be build or compare")
endif()
