# The layout rules of DEVELOPERS.md ("Layout"): no include from src/ into
# device/ or tools/, header path = source path, no colliding file names
# (tools/scripts/check_layout.py). Label "unit": CI runs it.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME layout_check
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tools/scripts/check_layout.py ${PROJECT_SOURCE_DIR})
  set_tests_properties(layout_check PROPERTIES LABELS unit TIMEOUT 60)
endif()
# tools/scripts/function_rows.py, the Python scripts' reader of functions.def,
# against the rows as the C++ side expands them (tests/function_rows_test.py).
if(Python3_Interpreter_FOUND)
  add_test(NAME function_rows COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/function_rows_test.py $<TARGET_FILE:bitexact>)
  set_tests_properties(function_rows PROPERTIES LABELS unit TIMEOUT 60)
endif()
