# libFuzzer targets (tests/fuzz/fuzz_*.cpp; docs/reliability.md), built only in
# the sanitized tree that tests/sanitize.cmake configures (clang-15, ASan,
# UBSan, -fsanitize=fuzzer-no-link on every object so the libraries report
# coverage). Each links the engine and the implementations like a test.
option(BITEXACT_FUZZ "Build the libFuzzer targets of tests/fuzz (clang only)" OFF)
if(BITEXACT_FUZZ)
  file(GLOB _bx_fuzz_srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_*.cpp)
  foreach(src ${_bx_fuzz_srcs})
    get_filename_component(name ${src} NAME_WE)
    add_executable(${name} ${src})
    target_include_directories(${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
    target_link_libraries(${name} PRIVATE bitexact_impls bitexact_engine)
    target_link_options(${name} PRIVATE -fsanitize=fuzzer)
    set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/fuzz)
  endforeach()
endif()
