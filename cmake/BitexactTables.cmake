# The rows of bitexact's two tables for CMake code that makes one target, file
# or argument per row (the C++ side expands the same rows with X-macros), and
# the check for the llvm-15 tools the bitcode builds use. Each function makes
# the configure step depend on its table and stops on a row it cannot parse.

# bitexact_function_rows(OUT): "NAME:ARITY:TYPE:OCML:REPRODUCED" per
# BITEXACT_FUNCTION and BITEXACT_FUNCTION_NO_OCML row of
# include/bitexact/functions.def (sinf:1:float:sin_f32:ocml,
# expf:1:float:exp_f32:none): REPRODUCED is "none" where ocml's code is not
# reproduced (ocml/not_reproduced.def).
function(bitexact_function_rows out)
  set(def ${PROJECT_SOURCE_DIR}/include/bitexact/functions.def)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${def})
  file(STRINGS ${def} rows REGEX "^BITEXACT_FUNCTION(_NO_OCML)?\\(")
  set(result "")
  foreach(row ${rows})
    if(NOT row MATCHES "^BITEXACT_FUNCTION(_NO_OCML)?\\(([a-z0-9_]+), ([12]), (float|double), ([a-z0-9_]+),")
      message(FATAL_ERROR "functions.def: cannot parse row: ${row}")
    endif()
    if(CMAKE_MATCH_1)
      set(reproduced none)
    else()
      set(reproduced ocml)
    endif()
    list(APPEND result "${CMAKE_MATCH_2}:${CMAKE_MATCH_3}:${CMAKE_MATCH_4}:${CMAKE_MATCH_5}:${reproduced}")
  endforeach()
  set(${out} ${result} PARENT_SCOPE)
endfunction()

# bitexact_ocml_config_rows(OUT): "TAG:MCPU:DAZ:FINITE:SUFFIX" per row of
# include/bitexact/ocml/configs.def (DAZ, FINITE: true|false; SUFFIX, the CLI
# suffix, is last because it may be empty: gfx90a:gfx90a:false:false:).
function(bitexact_ocml_config_rows out)
  set(def ${PROJECT_SOURCE_DIR}/include/bitexact/ocml/configs.def)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${def})
  file(STRINGS ${def} rows REGEX "^BITEXACT_OCML_CONFIG\\(")
  set(result "")
  foreach(row ${rows})
    if(NOT row MATCHES "^BITEXACT_OCML_CONFIG\\(([a-z0-9_]+), \"([a-z0-9-]*)\", (gfx[0-9a-f]+), (true|false), (true|false),")
      message(FATAL_ERROR "configs.def: cannot parse row: ${row}")
    endif()
    list(APPEND result "${CMAKE_MATCH_1}:${CMAKE_MATCH_3}:${CMAKE_MATCH_4}:${CMAKE_MATCH_5}:${CMAKE_MATCH_2}")
  endforeach()
  set(${out} ${result} PARENT_SCOPE)
endfunction()

# bitexact_missing_llvm_tools(OUT BIN TOOLS tool... TARGETS target... [PROGRAMS prog...]):
# appends to the list OUT what is missing of the tools in BIN, of the targets its
# llc supports (amdgcn, x86-64), and of the PROGRAMS (found into the cache as
# BITEXACT_<PROG>, e.g. BITEXACT_BASH); and an x86-64 build host, which the
# bitcode pipelines need (they parse the host's headers and run on its CPU).
function(bitexact_missing_llvm_tools out bin)
  cmake_parse_arguments(arg "" "" "TOOLS;TARGETS;PROGRAMS" ${ARGN})
  set(missing ${${out}})
  foreach(tool ${arg_TOOLS})
    if(NOT EXISTS "${bin}/${tool}")
      list(APPEND missing "${bin}/${tool}")
    endif()
  endforeach()
  if(arg_TARGETS AND EXISTS "${bin}/llc")
    execute_process(COMMAND "${bin}/llc" --version OUTPUT_VARIABLE targets ERROR_QUIET)
    foreach(t ${arg_TARGETS})
      if(NOT targets MATCHES "${t}")
        list(APPEND missing "the ${t} target in ${bin}/llc")
      endif()
    endforeach()
  endif()
  foreach(prog ${arg_PROGRAMS})
    string(TOUPPER "BITEXACT_${prog}" var)
    find_program(${var} ${prog})
    if(NOT ${var})
      list(APPEND missing ${prog})
    endif()
  endforeach()
  if(NOT CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    list(APPEND missing "an x86-64 host (found ${CMAKE_SYSTEM_PROCESSOR})")
  endif()
  set(${out} ${missing} PARENT_SCOPE)
endfunction()
