#!/bin/sh
# Regenerates conformance/fpsan/report.md and report.json: every FpSan
# identity on every dtype and every modelled algebra revision (bitexact fpsan
# validate --revision all, 10^6 random samples for what is not checked
# exhaustively). Usage: tools/scripts/fpsan-report.sh [BUILD_DIR]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-"$root/build"}
"$build/tools/bitexact" fpsan validate --revision all --samples 1000000 --write-report "$root/conformance/fpsan" >/dev/null
echo "wrote $root/conformance/fpsan/report.md and report.json"
