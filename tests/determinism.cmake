# Results must not depend on compiler, optimisation level, -ffp-contract or the
# CPU features used: build the header-only reproductions many ways and compare.
set(_bx_cxx_list ${CMAKE_CXX_COMPILER})
foreach(c clang++-15 clang++)
  find_program(_bx_${c} NAMES ${c})
  if(_bx_${c})
    list(APPEND _bx_cxx_list ${_bx_${c}})
    break()
  endif()
endforeach()
string(REPLACE ";" "|" _bx_cxx_arg "${_bx_cxx_list}")
add_test(NAME determinism_matrix
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
    -DWORK_DIR=${CMAKE_BINARY_DIR}/determinism "-DCXX_LIST=${_bx_cxx_arg}"
    -P ${CMAKE_CURRENT_SOURCE_DIR}/determinism/run.cmake)
# COST: a clean clone (CI) has no measured costs, so ctest -j2 would start this
# one-thread test (~190 s on two cores) in declaration order, near the end, and
# finish alone on one core; a cost above every other test's starts it first.
set_tests_properties(determinism_matrix PROPERTIES LABELS determinism TIMEOUT 1200 COST 1000)
