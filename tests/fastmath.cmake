# -ffast-math must be refused at compile time (it changes results bit for bit).
add_test(NAME fast_math_is_refused
  COMMAND ${CMAKE_CXX_COMPILER} -std=c++20 -ffast-math -fsyntax-only
    -I${PROJECT_SOURCE_DIR}/include -x c++ ${PROJECT_SOURCE_DIR}/include/bitexact/bits.hpp)
set_tests_properties(fast_math_is_refused PROPERTIES LABELS unit WILL_FAIL TRUE)
add_test(NAME strict_math_compiles
  COMMAND ${CMAKE_CXX_COMPILER} -std=c++20 -fsyntax-only
    -I${PROJECT_SOURCE_DIR}/include -x c++ ${PROJECT_SOURCE_DIR}/include/bitexact/bits.hpp)
set_tests_properties(strict_math_compiles PROPERTIES LABELS unit)
