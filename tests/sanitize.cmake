# The sanitizer and fuzzing tree (docs/reliability.md): a second build of the
# same sources under clang-15 with AddressSanitizer and UndefinedBehavior-
# Sanitizer (-fno-sanitize-recover=all: the first report fails the program),
# configured and built by this build (ExternalProject, in build/sanitize) with
# the targets below only, and run from here:
#   sanitize.PROGRAM   (unit) the parser, file, engine and CLI test programs of
#                      _bx_san_tests, whose CLI runs are the sanitized CLI's;
#   fuzz.TARGET        (unit) each libFuzzer target of tests/fuzz for a short,
#                      seeded run from its committed corpus (tests/fuzz/corpus);
#                      the long runs are tools/scripts/fuzz_run.sh's.
# Why these programs: they hold every parser and writer and the CLI; the
# reproduction tests (nv_*, ocml_*) are integer and float arithmetic on fixed
# inputs that the fuzz target fuzz_eval_paths drives under the same sanitizers
# with arbitrary ones, at a fraction of the time.
# BITEXACT_SANITIZERS=OFF (or no clang++-15) leaves them out.
if(BITEXACT_SANITIZED_BUILD)
  return()  # the tree being built here
endif()
find_program(BX_CLANGXX_15 clang++-15)
find_program(BX_CLANG_15 clang-15)
if(BX_CLANGXX_15 AND BX_CLANG_15)
  option(BITEXACT_SANITIZERS "Build and run the ASan+UBSan tests and the fuzz targets (clang-15)" ON)
else()
  option(BITEXACT_SANITIZERS "Build and run the ASan+UBSan tests and the fuzz targets (clang-15)" OFF)
endif()
if(NOT BITEXACT_SANITIZERS)
  return()
endif()
include(ExternalProject)
set(_bx_san_tests atomic_file_test batch_test bits_test cli_fuzz_test cli_robustness_test cli_test
  fpsan_check_test fpsan_cli_test fpsan_model_test porting_test reference_sets_test report_markdown_test
  report_model_test report_pairs_test sweep_cli_test sweep_corpus_test sweep_engine_test
  sweep_report_classes_test tolerance_test truth_exact_test truth_ulp_test vector_io_test vectors_test
  causes_cli_test)
file(GLOB _bx_fuzz_srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_*.cpp)
set(_bx_fuzz_targets "")
foreach(src ${_bx_fuzz_srcs})
  get_filename_component(name ${src} NAME_WE)
  list(APPEND _bx_fuzz_targets ${name})
endforeach()
set(_bx_san_dir ${PROJECT_BINARY_DIR}/sanitize)
set(_bx_san_flags "-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=all -fno-omit-frame-pointer")
set(_bx_build_args "")
foreach(t bitexact ${_bx_san_tests} ${_bx_fuzz_targets})
  list(APPEND _bx_build_args --target ${t})
endforeach()
ExternalProject_Add(bitexact_sanitized
  SOURCE_DIR ${PROJECT_SOURCE_DIR}
  BINARY_DIR ${_bx_san_dir}
  CMAKE_ARGS
    -G ${CMAKE_GENERATOR}
    -DCMAKE_C_COMPILER=${BX_CLANG_15} -DCMAKE_CXX_COMPILER=${BX_CLANGXX_15}
    -DCMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER} -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
    -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1"
    "-DCMAKE_CXX_FLAGS=${_bx_san_flags}" "-DCMAKE_C_FLAGS=${_bx_san_flags}"
    "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"
    -DBITEXACT_SANITIZED_BUILD=ON -DBITEXACT_FUZZ=ON
    -DBITEXACT_BUILD_BENCH=OFF -DBITEXACT_BUILD_REPLACE=OFF -DBITEXACT_PYTHON=OFF -DBITEXACT_OCML_BITCODE=OFF
    -DBITEXACT_AMDGCN_BITCODE=OFF -DBITEXACT_CUDA_BACKEND=OFF -DBITEXACT_HIP_BACKEND=OFF -DBITEXACT_MPI=OFF
    -DBITEXACT_HOST_FMA=${BITEXACT_HOST_FMA}
  BUILD_COMMAND ${CMAKE_COMMAND} --build ${_bx_san_dir} ${_bx_build_args}
  INSTALL_COMMAND ""
  BUILD_ALWAYS ON
  USES_TERMINAL_BUILD ON)
# A report stops the program (halt_on_error); leaks count (detect_leaks).
set(_bx_san_env "ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0"
  "UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1")
foreach(t ${_bx_san_tests})
  add_test(NAME sanitize.${t} COMMAND ${_bx_san_dir}/tests/${t})
  set_tests_properties(sanitize.${t} PROPERTIES LABELS "unit;sanitize" TIMEOUT 900 ENVIRONMENT "${_bx_san_env}")
endforeach()
foreach(t ${_bx_fuzz_targets})
  # New inputs go to a scratch folder (libFuzzer writes into its first corpus
  # folder), the committed corpus is read only; a fixed seed and run count.
  add_test(NAME fuzz.${t}
    COMMAND /bin/sh -c "rm -rf \"$2\" && mkdir -p \"$2\" && exec \"$1\" -seed=1 -runs=$4 -max_total_time=60 \"$2\" \"$3\""
      sh ${_bx_san_dir}/tests/fuzz/${t} ${CMAKE_CURRENT_BINARY_DIR}/fuzz_scratch/${t}
      ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/${t} 20000)
  set_tests_properties(fuzz.${t} PROPERTIES LABELS "unit;fuzz" TIMEOUT 300 ENVIRONMENT "${_bx_san_env}")
endforeach()
# The route of the long runs on a many-core machine (tools/scripts/device/
# fuzz_pack.sh, run_fuzz.sh, fuzz_run.sh's FUZZ_WORKERS), end to end with one
# target and two workers.
add_test(NAME fuzz.device_route
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/device_route_check.sh ${_bx_san_dir}
    ${CMAKE_CURRENT_BINARY_DIR}/fuzz_scratch/device_route)
set_tests_properties(fuzz.device_route PROPERTIES LABELS "unit;fuzz" TIMEOUT 300 ENVIRONMENT "${_bx_san_env}")
