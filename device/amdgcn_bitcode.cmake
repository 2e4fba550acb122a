# device/amdgcn_bitcode.cmake (included by device/CMakeLists.txt) — bitexact's own AMD
# GPU bitcode: bitexact_ocml_nv.bc (target bitexact_amdgcn_nv_bc, part of the
# normal build), ocml's entry points answering with NVIDIA's bits, to be
# linked ahead of ocml.bc (docs/replacement.md, "AMD GPU"). Needs clang-15 with
# the amdgcn target and an x86-64 host (the host's headers are parsed as HIP's
# device pass parses them); without them it warns and builds nothing.

set(BITEXACT_OCML_LLVM_BIN "/usr/lib/llvm-15/bin" CACHE PATH
  "llvm-15 tools (clang, llvm-extract, opt, llc) used to compile ocml.bc")

set(_bx_missing "")
bitexact_missing_llvm_tools(_bx_missing ${BITEXACT_OCML_LLVM_BIN} TOOLS clang llvm-dis llc TARGETS amdgcn
  PROGRAMS bash)
# The host C++ system include directories, as that clang sees them for the host.
if(NOT _bx_missing)
  execute_process(COMMAND "${BITEXACT_OCML_LLVM_BIN}/clang" -x c++ -std=c++20 -E -v -
    INPUT_FILE /dev/null OUTPUT_QUIET ERROR_VARIABLE _bx_clang_v RESULT_VARIABLE _bx_rc)
  string(REGEX MATCH "#include <\\.\\.\\.> search starts here:\n(.*)\nEnd of search list" _bx_m "${_bx_clang_v}")
  string(STRIP "${CMAKE_MATCH_1}" _bx_host_includes)
  string(REGEX REPLACE "[ \t]*\n[ \t]*" ";" _bx_host_includes "${_bx_host_includes}")
  if(NOT _bx_rc EQUAL 0 OR _bx_host_includes STREQUAL "")
    list(APPEND _bx_missing "the host include directories of ${BITEXACT_OCML_LLVM_BIN}/clang")
  endif()
endif()
if(_bx_missing)
  string(REPLACE ";" ", " _bx_missing "${_bx_missing}")
  message(WARNING "bitexact: skipping bitexact_ocml_nv.bc (AMD GPU bitcode with NVIDIA's bits); "
    "missing: ${_bx_missing}. Install clang-15 and llvm-15, or set BITEXACT_OCML_LLVM_BIN.")
  return()
endif()

# The entry points: the OCML column of include/bitexact/functions.def.
bitexact_function_rows(_bx_fn_rows)
set(_bx_entries "")
foreach(row ${_bx_fn_rows})
  string(REPLACE ":" ";" f "${row}")
  list(GET f 3 ocml)
  list(GET f 4 reproduced)
  if(reproduced STREQUAL "ocml")  # replace_ocml_nv.cpp leaves out the others
    list(APPEND _bx_entries "__ocml_${ocml}")
  endif()
endforeach()
string(REPLACE ";" "," _bx_entries "${_bx_entries}")

set(BITEXACT_OCML_NV_BC ${CMAKE_CURRENT_BINARY_DIR}/bitexact_ocml_nv.bc CACHE INTERNAL
  "bitexact_ocml_nv.bc, built by the target bitexact_amdgcn_nv_bc")
add_custom_command(OUTPUT ${BITEXACT_OCML_NV_BC}
  COMMAND ${BITEXACT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/build_replace_ocml_nv.sh
    ${BITEXACT_OCML_LLVM_BIN} ${PROJECT_SOURCE_DIR}/include
    ${CMAKE_CURRENT_SOURCE_DIR}/replace_ocml_nv.cpp ${BITEXACT_OCML_NV_BC} ${_bx_entries}
    ${_bx_host_includes}
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/build_replace_ocml_nv.sh ${CMAKE_CURRENT_SOURCE_DIR}/replace_ocml_nv.cpp
  DEPFILE ${BITEXACT_OCML_NV_BC}.d
  COMMENT "Compiling bitexact_ocml_nv.bc (ocml entry points, nv personality) for amdgcn"
  VERBATIM)
add_custom_target(bitexact_amdgcn_nv_bc ALL DEPENDS ${BITEXACT_OCML_NV_BC})
install(FILES ${BITEXACT_OCML_NV_BC} DESTINATION ${CMAKE_INSTALL_LIBDIR}/bitexact)
