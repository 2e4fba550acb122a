# conformance/reports/RESULTS.txt is what `bitexact conformance verdicts`
# prints from the committed reports (every suite of conformance/suites.json
# has one): a report, a suite's limits or the verdict format changed without
# the other fails here. `verdicts` exits 1 because of the FAIL lines
# (docs/sweep.md); any other status, or a different line, fails the test.
if(TARGET bitexact)
  add_test(NAME conformance_results_current
    COMMAND /bin/sh -c "\"$1\" conformance verdicts --suite \"$2/conformance/suites.json\" --out \"$2/conformance/reports\" > \"$3\"; s=$?; \
[ $s -le 1 ] || { echo \"verdicts exited $s\"; exit 1; }; diff -u \"$2/conformance/reports/RESULTS.txt\" \"$3\"" sh
      $<TARGET_FILE:bitexact> ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/RESULTS.now)
  set_tests_properties(conformance_results_current PROPERTIES LABELS unit TIMEOUT 60)
endif()
