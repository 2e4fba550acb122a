# Results must not depend on compiler, optimisation level, -ffp-contract or the
# CPU features used: build the header-only reproductions many ways and compare.
# One test per compiler x flag set, determinism_build_N (compiles
# tests/determinism/probe.cpp that way and runs it; its digests to
# determinism/out_N.txt), and determinism_matrix, which needs them all (a
# fixture) and compares their outputs. Separate tests, so that ctest -j
# spreads the builds over the cores: as one test the twelve builds took
# 858 s of one core on two-core CI (2026-11-30), the longest test of the suite.
set(_bx_cxx_list ${CMAKE_CXX_COMPILER})
foreach(c clang++-15 clang++)
  find_program(_bx_${c} NAMES ${c})
  if(_bx_${c})
    list(APPEND _bx_cxx_list ${_bx_${c}})
    break()
  endif()
endforeach()
set(_bx_flag_sets
  "-O0"
  "-O2"
  "-O2 -ffp-contract=fast -march=native"
  "-O3 -ffp-contract=fast -mno-fma -funroll-loops"
  "-O1 -ffp-contract=on"
  "-O2 -march=x86-64-v3 -ffp-contract=fast")
set(_bx_n 0)
foreach(cxx ${_bx_cxx_list})
  foreach(flags ${_bx_flag_sets})
    math(EXPR _bx_n "${_bx_n} + 1")
    add_test(NAME determinism_build_${_bx_n}
      COMMAND ${CMAKE_COMMAND} -DMODE=build -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
        -DWORK_DIR=${CMAKE_BINARY_DIR}/determinism -DN=${_bx_n} -DCXX=${cxx} "-DFLAGS=${flags}"
        -P ${CMAKE_CURRENT_SOURCE_DIR}/determinism/run.cmake)
    # COST: a clean clone (CI) has no measured costs, so ctest -j2 would start
    # these one-thread tests (17-19 s each on an idle two-core machine, more
    # under a full -j2 run) in declaration order, near the end; a high cost
    # starts them early.
    set_tests_properties(determinism_build_${_bx_n} PROPERTIES LABELS determinism TIMEOUT 600 COST 1000
                         FIXTURES_SETUP determinism_builds)
  endforeach()
endforeach()
add_test(NAME determinism_matrix
  COMMAND ${CMAKE_COMMAND} -DMODE=compare -DWORK_DIR=${CMAKE_BINARY_DIR}/determinism -DCOUNT=${_bx_n}
    -P ${CMAKE_CURRENT_SOURCE_DIR}/determinism/run.cmake)
set_tests_properties(determinism_matrix PROPERTIES LABELS determinism TIMEOUT 60 FIXTURES_REQUIRED determinism_builds)
