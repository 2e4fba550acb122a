# Installs bitexact into a scratch prefix and builds/runs tests/consumer against it
# with find_package(bitexact CONFIG).
set(_bx_prefix ${CMAKE_BINARY_DIR}/consumer-prefix)
add_test(NAME install_and_consume
  COMMAND ${CMAKE_COMMAND}
    -DBINARY_DIR=${CMAKE_BINARY_DIR} -DPREFIX=${_bx_prefix}
    -DSOURCE=${CMAKE_CURRENT_SOURCE_DIR}/consumer -DGENERATOR=${CMAKE_GENERATOR}
    -P ${CMAKE_CURRENT_SOURCE_DIR}/consumer/run.cmake)
set_tests_properties(install_and_consume PROPERTIES LABELS unit TIMEOUT 600)
