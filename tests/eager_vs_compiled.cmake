# tools/scripts/eager_vs_compiled.py (the committed report
# conformance/reports/eager-vs-compiled/): unit, the script end to end on 4096
# inputs; heavy, the committed report regenerated (its 2^22 inputs, ~3 min of
# CPU) and compared file by file, so that it cannot drift from the code.
if(TARGET bitexact)
  add_test(NAME eager_vs_compiled_script COMMAND /usr/bin/python3
    ${PROJECT_SOURCE_DIR}/tools/scripts/eager_vs_compiled.py --cli $<TARGET_FILE:bitexact>
    --out ${PROJECT_BINARY_DIR}/eager-vs-compiled-small --inputs uniform:4096:1)
  set_tests_properties(eager_vs_compiled_script PROPERTIES LABELS unit TIMEOUT 300)
  add_test(NAME eager_vs_compiled_committed COMMAND sh -c
    "/usr/bin/python3 '${PROJECT_SOURCE_DIR}/tools/scripts/eager_vs_compiled.py' --cli '$<TARGET_FILE:bitexact>' --out '${PROJECT_BINARY_DIR}/eager-vs-compiled' && diff -r '${PROJECT_SOURCE_DIR}/conformance/reports/eager-vs-compiled' '${PROJECT_BINARY_DIR}/eager-vs-compiled'")
  set_tests_properties(eager_vs_compiled_committed PROPERTIES LABELS heavy TIMEOUT 3600)
endif()
