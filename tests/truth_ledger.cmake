# tools/scripts/truth_rows_full.py status: the ledger of TruthRowsFull's shards
# (tests/heavy/truth_rows_full_ledger.jsonl) parses, and no shard run with the
# current truth sources found a mismatch (exit 1 then; 2 for a malformed line).
if(EXISTS /usr/bin/python3)
  add_test(NAME truth_rows_full_ledger
    COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tools/scripts/truth_rows_full.py status)
  set_tests_properties(truth_rows_full_ledger PROPERTIES LABELS unit TIMEOUT 60)
endif()
# The script's rules on a made-up ledger (one C library per coverage figure,
# `done`, which mismatches fail): tests/truth_ledger_test.py.
if(EXISTS /usr/bin/python3)
  add_test(NAME truth_ledger_rules COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/truth_ledger_test.py)
  set_tests_properties(truth_ledger_rules PROPERTIES LABELS unit TIMEOUT 60)
endif()
