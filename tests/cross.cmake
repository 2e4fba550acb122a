# The reproductions on a second CPU architecture (docs/reliability.md):
# tests/cross/block_digests.cpp (header-only core and xxhash.h, nothing else)
# built for this machine and, with Debian's g++-aarch64-linux-gnu, for aarch64
# (static, -O3 -ffp-contract=fast: GCC fuses multiply-adds on aarch64 when
# allowed, so this is the build most likely to change a bit), run under
# qemu-aarch64 by tests/cross/cross_check.py:
#   cross_aarch64       (unit, CI) both builds on a window of 2^16 inputs of
#                       every set of every implementation-function pair, and
#                       one committed 2^24-output block per implementation
#                       against vectors/*/digests.json (about 1.5 min, 2 cores);
#   cross_aarch64_full  (heavy) 16 spread blocks of every committed set
#                       (BITEXACT_CROSS_BLOCKS=all: every block).
# tools/scripts/setup-debian.sh --all installs both packages.
find_program(BX_AARCH64_CXX aarch64-linux-gnu-g++)
find_program(BX_QEMU_AARCH64 qemu-aarch64)
find_path(BX_XXHASH_DIR xxhash.h)
find_package(Threads REQUIRED)
add_executable(block_digests_native ${CMAKE_CURRENT_SOURCE_DIR}/cross/block_digests.cpp)
# (src/ for the sweep engine's kernels, src/sweep/engine-inl.hpp: header-only too)
target_include_directories(block_digests_native PRIVATE ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src
                                                        ${BX_XXHASH_DIR})
target_link_libraries(block_digests_native PRIVATE Threads::Threads)
if(BX_AARCH64_CXX AND BX_QEMU_AARCH64 AND BX_XXHASH_DIR AND EXISTS /usr/bin/python3)
  # xxhash.h alone in a folder of its own: the cross compiler must not see
  # this machine's /usr/include.
  configure_file(${BX_XXHASH_DIR}/xxhash.h ${CMAKE_CURRENT_BINARY_DIR}/cross_include/xxhash.h COPYONLY)
  # Highway's headers likewise (architecture-independent: the amd64 package
  # has the NEON and SVE ones), for the span forms' kernels.
  if(BITEXACT_SIMD)
    file(COPY ${BITEXACT_HWY_INCLUDE_DIR}/hwy DESTINATION ${CMAKE_CURRENT_BINARY_DIR}/cross_include)
  endif()
  file(GLOB_RECURSE _bx_headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/bitexact/*)
  set(_bx_a64 ${CMAKE_CURRENT_BINARY_DIR}/block_digests_aarch64)
  add_custom_command(OUTPUT ${_bx_a64}
    COMMAND ${BX_AARCH64_CXX} -std=gnu++20 -O3 -ffp-contract=fast -static -pthread
      -I${PROJECT_SOURCE_DIR}/include -I${PROJECT_SOURCE_DIR}/src -I${CMAKE_CURRENT_BINARY_DIR}/cross_include
      ${CMAKE_CURRENT_SOURCE_DIR}/cross/block_digests.cpp -o ${_bx_a64}
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/cross/block_digests.cpp ${CMAKE_CURRENT_SOURCE_DIR}/scalar_forms.hpp ${_bx_headers}
            ${PROJECT_SOURCE_DIR}/src/sweep/engine-inl.hpp
    COMMENT "block_digests for aarch64 (${BX_AARCH64_CXX})" VERBATIM)
  add_custom_target(cross_block_digests_aarch64 ALL DEPENDS ${_bx_a64})
  set(_bx_cross_cmd /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cross/cross_check.py
    --target "${BX_QEMU_AARCH64} ${_bx_a64}" --native $<TARGET_FILE:block_digests_native>)
  add_test(NAME cross_aarch64 COMMAND ${_bx_cross_cmd} --scope ci)
  set_tests_properties(cross_aarch64 PROPERTIES LABELS unit TIMEOUT 900)
  add_test(NAME cross_aarch64_full COMMAND /bin/sh -c "exec \"$@\" --blocks \"\${BITEXACT_CROSS_BLOCKS:-16}\"" sh
    ${_bx_cross_cmd} --scope full)
  set_tests_properties(cross_aarch64_full PROPERTIES LABELS heavy TIMEOUT 86400)
else()
  message(STATUS "aarch64 check (tests/cross) not built: needs aarch64-linux-gnu-g++ and qemu-aarch64 "
                 "(g++-aarch64-linux-gnu, qemu-user)")
endif()
