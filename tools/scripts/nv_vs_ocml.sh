#!/bin/sh
# Regenerate the NVIDIA-vs-AMD comparison (conformance/reports/):
#   sinf-nv-vs-ocml/, cosf-nv-vs-ocml/  report.{json,csv,html} of the suites of
#                                       conformance/suites.json (all 2^32 inputs)
#   nv-vs-ocml.md                       the pair tables of both, by discrepancy class
# Runs both exhaustive suites (minutes per function). Usage: tools/scripts/nv_vs_ocml.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/../.."
build=${1:-build}
out=conformance/reports
"$build/tools/bitexact" conformance run --out "$out" --quiet \
  --only sinf-nv-vs-ocml --only cosf-nv-vs-ocml
"$build/tools/bitexact" report markdown --out "$out/nv-vs-ocml.md" "$out/sinf-nv-vs-ocml" "$out/cosf-nv-vs-ocml"
