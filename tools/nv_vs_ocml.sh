#!/bin/sh
# Regenerate the NVIDIA-vs-AMD comparison (conformance/reports/):
#   sinf-nv-vs-ocml/, cosf-nv-vs-ocml/  report.{json,csv,html} of the suites of
#                                       conformance/suites.json (all 2^32 inputs)
#   nv-vs-ocml.md                       the pair tables of both, by discrepancy class
# About 3 minutes per function on two cores. Usage: tools/nv_vs_ocml.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
out=conformance/reports
"$build/tools/bitexact" conformance run --out "$out" --quiet \
  --only sinf-nv-vs-ocml --only cosf-nv-vs-ocml
tmp=$(mktemp "$out/nv-vs-ocml.md.tmp-XXXXXX")
trap 'rm -f "$tmp"' EXIT
python3 tools/pairs_summary.py "$out/sinf-nv-vs-ocml" "$out/cosf-nv-vs-ocml" > "$tmp"
mv "$tmp" "$out/nv-vs-ocml.md"
trap - EXIT
