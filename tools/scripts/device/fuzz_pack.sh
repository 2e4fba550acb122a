#!/usr/bin/env bash
# Packs the sanitized libFuzzer targets built here (the main build's
# ExternalProject, build/sanitize/tests/fuzz) for tools/scripts/device/run_fuzz.sh
# on a many-core machine without this project's Debian packages: each target
# stripped (a crash there is reproduced here from the input it returns, with
# this build's symbols), the Debian runtime it links (tools/scripts/device_carry.sh),
# and the corpus the runs here grew (build/fuzz_corpus/TARGET), reduced by
# libFuzzer -merge=1 to the inputs that keep its coverage, so that the runs
# there continue where these stopped.
# usage: tools/scripts/device/fuzz_pack.sh PACK.tar.xz [TARGET...]
#   TARGET  fuzz_operand, ... (default: every tests/fuzz/fuzz_*.cpp)
# Environment: BITEXACT_SANITIZE_DIR and FUZZ_OUT (where fuzz_corpus/ is) as for
# tools/scripts/fuzz_run.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")/../../.." && pwd)
pack=${1:?usage: tools/scripts/device/fuzz_pack.sh PACK.tar.xz [TARGET...]}
shift
dir=${BITEXACT_SANITIZE_DIR:-$here/build/sanitize}
corpus=${FUZZ_OUT:-$here/build}/fuzz_corpus
if (($#)); then targets=("$@"); else
  targets=()
  for f in "$here"/tests/fuzz/fuzz_*.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/fuzz/corpus"
for t in "${targets[@]}"; do
  [[ -x $dir/tests/fuzz/$t ]] || { echo "$0: no fuzz target $dir/tests/fuzz/$t" >&2; exit 2; }
  strip -o "$work/$t" "$dir/tests/fuzz/$t"
  "$here/tools/scripts/device_carry.sh" "$work/fuzz" "$work/$t" "$t"
  rm "$work/$t"
  mkdir -p "$work/fuzz/corpus/$t"
  if [[ -d $corpus/$t ]]; then
    "$dir/tests/fuzz/$t" -merge=1 "$work/fuzz/corpus/$t" "$corpus/$t" >"$work/merge.log" 2>&1 ||
      { cat "$work/merge.log" >&2; exit 1; }
  fi
  echo "$t: $(find "$work/fuzz/corpus/$t" -type f | wc -l) corpus inputs"
done
{ git -C "$here" rev-parse --short HEAD 2>/dev/null || echo "(no git)"; } >"$work/fuzz/commit"
tar cJf "$pack" -C "$work" fuzz
echo "$pack: $(du -h "$pack" | cut -f1)"
