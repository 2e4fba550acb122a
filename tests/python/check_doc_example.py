"""Runs the worked example of docs/python.md and compares its output with the
output block that follows it (lines starting with 'numpy' are skipped: NumPy's
own sin varies between NumPy builds and CPUs). Usage: check_doc_example.py DOC"""
import contextlib
import io
import re
import sys

doc = open(sys.argv[1]).read()
section = doc.split("## Worked example", 1)[1]
code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
want = re.search(r"```text\n(.*?)```", section, re.S).group(1)
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    exec(compile(code, "docs/python.md", "exec"), {})
keep = lambda text: [l for l in text.splitlines() if not l.startswith("numpy")]
got, exp = keep(buf.getvalue()), keep(want)
if got != exp:
    print("docs/python.md's example printed:\n" + buf.getvalue() + "\nbut the doc shows:\n" + want)
    sys.exit(1)
print(f"docs/python.md example: {len(exp)} lines as documented")
