# The set-up script's plan for GPU machines (Ubuntu, nvcc, --debs) checked
# here with stand-ins (tests/setup_script_test.py). Label "unit": CI runs it.
find_package(Python3 COMPONENTS Interpreter)
find_program(BITEXACT_DPKG_DEB dpkg-deb)
if(Python3_Interpreter_FOUND AND BITEXACT_DPKG_DEB)
  add_test(NAME setup_script
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/setup_script_test.py ${PROJECT_SOURCE_DIR})
  set_tests_properties(setup_script PROPERTIES LABELS unit TIMEOUT 120)
endif()
