#!/usr/bin/env bash
# Writes the committed reference sets vectors/sets/IMPL/FN-{edge,binades}.npy
# (+ .manifest.json) with `bitexact vectors export`: for every contract
# implementation (nv, nv-ftz, every ocml*, mpfr) and every function, the edge
# corpus and a stratified sample: for one-operand functions K inputs per binade
# and sign (binary32: K=2, 1,024 inputs; binary64: K=1, 4,096 inputs); for
# two-operand ones binades:K would take every pair of binades (16M pairs for
# fmod), so 4,096 pairs of the structured set instead (every kind of pair:
# exponent gaps, subnormal and tiny divisors, near-multiples, specials).
# usage: tools/gen/gen_reference_sets.sh [BITEXACT_CLI]   (vectors/README.md)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
cli=${1:-$here/build/tools/bitexact}
out=$here/vectors/sets
impls="nv nv-ftz mpfr $("$cli" list | awk '$1 ~ /^ocml/ && $1 !~ /^ocml-bc/ {print $1}')"
fns=$(sed -n 's/^BITEXACT_FUNCTION(\([a-z0-9_]*\), \([12]\), \(float\|double\),.*/\1:\2:\3/p' "$here/include/bitexact/functions.def")
rm -rf "$out"
for impl in $impls; do
  mkdir -p "$out/$impl"
  for f in $fns; do
    IFS=: read -r fn arity type <<<"$f"
    "$cli" vectors export "$fn" --impl "$impl" --inputs edge --format npy --out "$out/$impl/$fn-edge.npy"
    if [ "$arity" = 2 ]; then
      "$cli" vectors export "$fn" --impl "$impl" --inputs structured:4096:1 --format npy --out "$out/$impl/$fn-structured.npy"
    else
      "$cli" vectors export "$fn" --impl "$impl" --inputs "binades:$([ "$type" = float ] && echo 2 || echo 1)" \
        --format npy --out "$out/$impl/$fn-binades.npy"
    fi
  done
done
du -sh "$out"
