# Installs bitexact into a scratch prefix and builds/runs tests/consumer against it
# with find_package(bitexact CONFIG), and the libm replacement with pkg-config.
set(_bx_prefix ${CMAKE_BINARY_DIR}/consumer-prefix)
add_test(NAME install_and_consume
  COMMAND ${CMAKE_COMMAND}
    -DBINARY_DIR=${CMAKE_BINARY_DIR} -DPREFIX=${_bx_prefix}
    -DSOURCE=${CMAKE_CURRENT_SOURCE_DIR}/consumer -DGENERATOR=${CMAKE_GENERATOR}
    -DCC=${CMAKE_C_COMPILER} -DLIBDIR=${CMAKE_INSTALL_LIBDIR} -DREPLACE=$<TARGET_EXISTS:bitexact_replace>
    -P ${CMAKE_CURRENT_SOURCE_DIR}/consumer/run.cmake)
set_tests_properties(install_and_consume PROPERTIES LABELS unit TIMEOUT 600)
