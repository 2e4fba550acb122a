# Link-time replacement of libm (src/replace/, docs/replacement.md): unmodified
# programs (tests/replacement/probe.c, probe.cpp) built against the normal libm
# and run under LD_PRELOAD and relinked with the static archive.
if(TARGET bitexact_replace)
  # unit: every personality on its committed vendor edge vectors (seconds).
  add_test(NAME replacement_edge
    COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/replacement/run_edge.py
      --source ${PROJECT_SOURCE_DIR} --libdir ${PROJECT_BINARY_DIR}/src/replace
      --work ${CMAKE_CURRENT_BINARY_DIR}/replacement-edge
      --cc ${CMAKE_C_COMPILER} --cxx ${CMAKE_CXX_COMPILER} --exports "${BITEXACT_REPLACE_EXPORTS}" --ocml-exports "${BITEXACT_REPLACE_OCML_EXPORTS}"
      ${BITEXACT_REPLACE_PERSONALITIES})
  set_tests_properties(replacement_edge PROPERTIES LABELS unit TIMEOUT 300)

  # unit: the README's recipe, line by line, on a program with a constant
  # argument and ceilf built with -O2: the calls must reach the library.
  add_test(NAME replacement_readme
    COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/replacement/readme_recipe.py
      --source ${PROJECT_SOURCE_DIR} --build ${PROJECT_BINARY_DIR} --cc ${CMAKE_C_COMPILER}
      --work ${CMAKE_CURRENT_BINARY_DIR}/replacement-readme)
  set_tests_properties(replacement_readme PROPERTIES LABELS unit TIMEOUT 120)

  # heavy: all 2^32 inputs of sinf cosf ceilf and the 2^31 standard pairs /
  # inputs of fmodf fmod ceil against the H100's digests, nv and nv-ftz, both
  # routes. BITEXACT_REPLACE_THREADS picks the threads (default: all cores).
  add_test(NAME replacement_digests
    COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/heavy/replacement_digests.py
      --source ${PROJECT_SOURCE_DIR} --libdir ${PROJECT_BINARY_DIR}/src/replace
      --work ${CMAKE_CURRENT_BINARY_DIR}/replacement-digests
      --cc ${CMAKE_C_COMPILER} --cxx ${CMAKE_CXX_COMPILER})
  set_tests_properties(replacement_digests PROPERTIES LABELS heavy TIMEOUT 14400)
endif()
