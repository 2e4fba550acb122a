# device/ocml_sweep.hip must compile with the AMD toolchain (Debian hipcc) for
# an fma GPU (gfx90a), a non-fma GPU with DAZ (gfx803) and a finite-only build.
# Compile only: no AMD GPU is needed (or used). Skipped when hipcc is absent.
find_program(BITEXACT_HIPCC hipcc)
if(BITEXACT_HIPCC)
  foreach(variant "gfx90a" "gfx803;-fgpu-flush-denormals-to-zero;-DSWEEP_DAZ=1"
                  "gfx90a;-ffinite-math-only;-DSWEEP_FINITE=1")
    list(GET variant 0 arch)
    set(extra ${variant})
    list(REMOVE_AT extra 0)
    string(MAKE_C_IDENTIFIER "${variant}" tag)
    add_test(NAME ocml_hip_compile_${tag}
      COMMAND ${BITEXACT_HIPCC} --offload-arch=${arch} ${extra} -O3 -ffp-contract=off -std=c++20
        -I${PROJECT_SOURCE_DIR}/include -c ${PROJECT_SOURCE_DIR}/device/ocml_sweep.hip
        -o ${CMAKE_CURRENT_BINARY_DIR}/ocml_sweep_${tag}.o)
    set_tests_properties(ocml_hip_compile_${tag} PROPERTIES LABELS unit TIMEOUT 300)
  endforeach()
endif()
