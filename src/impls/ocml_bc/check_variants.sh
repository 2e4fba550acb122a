#!/usr/bin/env bash
# check_variants.sh — evidence for the variant table of docs/ocml-bc.md.
#
# For every oclc_isa_version_*.bc and both f32 denormal modes, runs
# build_ocml_bc.sh and prints one line:
#   <md5 of the retargeted x86 IR bodies> <daz> <gpu> <fmuladd> x86fma=<n> amdfma=<n>
# sorted, so that targets compiling to the same x86 code sit together. It fails
# if a module's count of fused f32 multiply-adds differs between the AMDGPU
# assembly (v_fma/v_fmac/v_fmaak/v_fmamk_f32) and the x86 object
# (vfmadd/vfmsub/vfnmadd/vfnmsub...ss). About a minute; not part of the tests.
#
# usage: check_variants.sh [LLVM_BIN [BITCODE_DIR]]
set -euo pipefail
llvm=${1:-/usr/lib/llvm-15/bin}
bc=${2:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
lines=()
for f in "$bc"/oclc_isa_version_*.bc; do
  isa=${f##*_version_}
  isa=${isa%.bc}
  for daz in off on; do
    obj="$tmp/${isa}_$daz.o"
    bash "$here/build_ocml_bc.sh" "$llvm" "$bc" check "gfx$isa" "$isa" "$daz" off "$obj" >/dev/null
    md5=$(grep -v -E '^(attributes|;|!|source_filename|target)' "$obj.d/x86.inl.ll" |
      sed 's/#[0-9]*//g' | md5sum | cut -c1-8)
    x86=$(objdump -d "$obj" | grep -cE 'vfn?m(add|sub)[0-9]+ss' || true)
    amd=$(grep -cE '^\s+v_fma(c|ak|mk)?_f32' "$obj.d/amdgcn.s" || true)
    lines+=("$md5 $daz gfx$isa $(cat "$obj.d/fmuladd") x86fma=$x86 amdfma=$amd")
    if [[ $x86 != "$amd" ]]; then
      echo "MISMATCH gfx$isa daz=$daz: x86 $x86 fused f32 ops, AMDGPU $amd" >&2
      status=1
    fi
  done
done
printf '%s\n' "${lines[@]}" | sort
exit $status
