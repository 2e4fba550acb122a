# The examples of the README and the reference docs, run and compared with
# what they say they print (tests/docs_examples.py: "$ " lines in fenced
# blocks; ```sh and other languages are recipes, not run). docs/history.md is a
# run log, not docs to keep true; docs/python.md's Python example is
# Python.Example's.
if(TARGET bitexact)
  file(GLOB _bx_docs RELATIVE ${PROJECT_SOURCE_DIR} CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
  list(REMOVE_ITEM _bx_docs docs/history.md)
  add_test(NAME DocsExamples COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/docs_examples.py
    --cli $<TARGET_FILE:bitexact> --source ${PROJECT_SOURCE_DIR}
    README.md DEVELOPERS.md vectors/README.md conformance/report-schema.md bench/README.md ${_bx_docs})
  set_tests_properties(DocsExamples PROPERTIES LABELS unit TIMEOUT 600)
endif()
