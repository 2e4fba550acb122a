# The Python module (src/python, docs/python.md) under Debian's interpreter
# (/usr/bin/python3 with python3-numpy). Api: the module against the CLI;
# DeviceVectors: against the H100's committed outputs (one block of every
# digest set; of a same-code name, a slice of its primary's block); Example:
# docs/python.md's worked example, output and all;
# TritonBridge, TritonBridgeDigests: bitexact.triton.
if(TARGET bitexact_python AND TARGET bitexact)
  set(_bx_py_env "PYTHONPATH=${BITEXACT_PYTHON_DIR}" "BITEXACT_SOURCE_DIR=${PROJECT_SOURCE_DIR}"
    "BITEXACT_CLI=$<TARGET_FILE:bitexact>")
  foreach(part Api DeviceVectors)
    add_test(NAME Python.${part} COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/python/test_bitexact.py ${part})
    set_tests_properties(Python.${part} PROPERTIES ENVIRONMENT "${_bx_py_env}" TIMEOUT 900)
  endforeach()
  set_tests_properties(Python.Api PROPERTIES LABELS unit)
  set_tests_properties(Python.DeviceVectors PROPERTIES LABELS exhaustive)
  # DeviceVectorsFull (heavy): DeviceVectors with the whole block of every set,
  # same-code names included (nv-ftz/nv-fast fmod, nv-fast fmodf), which
  # DeviceVectors checks on a slice against their primary (test_bitexact.py,
  # SAME_CODE); the C++ VendorDigests cases check those names' own blocks.
  add_test(NAME Python.DeviceVectorsFull COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/python/test_bitexact.py DeviceVectors)
  set_tests_properties(Python.DeviceVectorsFull PROPERTIES ENVIRONMENT "${_bx_py_env};BITEXACT_PY_DIGESTS_FULL=1"
    LABELS heavy TIMEOUT 1800)
  # TritonBridge: bitexact.triton (the Triton interpreter bridge) on a fake of
  # Triton's interpreter, both backends (module, CLI), against the CLI and the
  # GPUs' edge vectors; the real interpreter runs in tools/scripts/device/triton_bridge_demo.py.
  # TritonBridgeDigests: one whole block of every function's Triton digest set
  # (vectors/triton/digests.json) and of the SFU ones through the bridge
  # (about a minute of CPU: exhaustive, with DeviceVectors).
  add_test(NAME Python.TritonBridge COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/python/test_triton_bridge.py
    Table Backends InterpreterHook)
  set_tests_properties(Python.TritonBridge PROPERTIES ENVIRONMENT "${_bx_py_env}" LABELS unit TIMEOUT 300)
  add_test(NAME Python.TritonBridgeDigests COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/python/test_triton_bridge.py
    DeviceDigests)
  set_tests_properties(Python.TritonBridgeDigests PROPERTIES ENVIRONMENT "${_bx_py_env}" LABELS exhaustive TIMEOUT 900)
  add_test(NAME Python.Example COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/python/check_doc_example.py
    ${PROJECT_SOURCE_DIR}/docs/python.md)
  set_tests_properties(Python.Example PROPERTIES ENVIRONMENT "${_bx_py_env}" LABELS unit TIMEOUT 300)
  # PipInstall (label packaging; ctest -L packaging): `pip install
  # --no-build-isolation` of this source tree into a fresh venv, which compiles
  # the module from scratch (minutes: tests/python/check_pip_install.py), then
  # Api, TritonBridge and Example against the installed package. The pip build
  # uses this build's compiler launcher (ccache), if any; else it sees ctest's
  # own BITEXACT_CMAKE_ARGS.
  set(_bx_pip_args "")
  foreach(lang C CXX)
    if(CMAKE_${lang}_COMPILER_LAUNCHER)
      string(APPEND _bx_pip_args " -DCMAKE_${lang}_COMPILER_LAUNCHER=${CMAKE_${lang}_COMPILER_LAUNCHER}")
    endif()
  endforeach()
  string(STRIP "${_bx_pip_args}" _bx_pip_args)
  add_test(NAME Python.PipInstall COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/python/check_pip_install.py
    ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/pip_install $<TARGET_FILE:bitexact> ${PROJECT_VERSION})
  # COST: a clean clone's `ctest -j2` starts it early rather than last and alone (151 s).
  set_tests_properties(Python.PipInstall PROPERTIES LABELS packaging TIMEOUT 3600 COST 900)
  if(_bx_pip_args)
    set_tests_properties(Python.PipInstall PROPERTIES ENVIRONMENT "BITEXACT_CMAKE_ARGS=${_bx_pip_args}")
  endif()
endif()
