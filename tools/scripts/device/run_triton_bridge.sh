#!/usr/bin/env bash
# Runs tools/scripts/device/triton_bridge_demo.py on the GPU machine: a Triton kernel's
# libdevice calls compiled on the GPU, against TRITON_INTERPRET=1 with
# bitexact.triton (docs/python.md, "Triton's interpreter"). Writes
# OUTDIR/triton_bridge.log and the demo's files (summary.json, the inputs and
# every output as .npz, the kernels' PTX).
# Usage: tools/scripts/device/run_triton_bridge.sh OUTDIR [demo options...]
#   BITEXACT_CLI: the CLI command (default: the CLI carried by
#     `tools/scripts/device_carry.sh .devrun/bx build/tools/bitexact`, run as
#     ".devrun/bx/run bitexact"); used when bitexact's compiled Python
#     module does not load in this Python (another version than Debian's).
#   PYTHON: the Python with triton, torch and numpy (default: python3).
set -euo pipefail
out=${1:?usage: tools/scripts/device/run_triton_bridge.sh OUTDIR [demo options]}
shift
here=$(cd "$(dirname "$0")/../../.." && pwd)
mkdir -p "$out"
export BITEXACT_CLI=${BITEXACT_CLI:-"$here/.devrun/bx/run bitexact"}
py=${PYTHON:-python3}
{
  echo "# $(date -u +%FT%TZ) tools/scripts/device/run_triton_bridge.sh $out $*"
  echo "# BITEXACT_CLI=$BITEXACT_CLI; $py = $(command -v "$py")"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/# GPU: /' || true
} >"$out/triton_bridge.log"
# the CLI must answer before the long run starts
echo 0x3f800000 | $BITEXACT_CLI eval nv-ftz.sinf >/dev/null
status=0
PYTHONPATH="$here/src/python${PYTHONPATH:+:$PYTHONPATH}" "$py" "$here/tools/scripts/device/triton_bridge_demo.py" --out "$out" "$@" 2>&1 \
  | tee -a "$out/triton_bridge.log" || status=$?
exit "$status"
