# An exported .npy read by NumPy alone (Debian's python3-numpy, through
# /usr/bin/python3: `python3` may be a pyenv shim without it).
if(TARGET bitexact)
  add_test(NAME vectors_numpy
    COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/vectors_numpy_check.py $<TARGET_FILE:bitexact>
      ${CMAKE_CURRENT_BINARY_DIR}/vectors_numpy)
  set_tests_properties(vectors_numpy PROPERTIES LABELS unit TIMEOUT 120)
endif()
