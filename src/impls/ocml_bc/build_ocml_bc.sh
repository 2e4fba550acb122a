#!/usr/bin/env bash
# build_ocml_bc.sh — compile AMD ocml's vendor bitcode for this CPU, for one
# device configuration. See docs/ocml-bc.md for the why of every step.
#
# usage: build_ocml_bc.sh LLVM_BIN BITCODE_DIR TAG MCPU ISA DAZ FINITE FUNCTIONS OUT.o [AHEAD.bc]
#   LLVM_BIN     directory with clang, llvm-extract, llc, opt (llvm-15)
#   BITCODE_DIR  directory with ocml.bc and the oclc_*.bc control libraries
#   TAG          symbol infix: the functions become bx_ocml_bc_<TAG>_sin_f32 ...
#   MCPU         AMD GPU the code is compiled for (gfx90a, gfx803, ...)
#   ISA          suffix of oclc_isa_version_<ISA>.bc (90a, 803, ...)
#   DAZ          on|off  (f32 denormals flushed: -fdenormal-fp-math-f32=preserve-sign)
#   FINITE       on|off  (oclc_finite_only_on.bc: NaN/Inf assumed absent)
#   FUNCTIONS    the entry points, comma separated OCML:TYPE:ARITY (sin_f32:float:1,...):
#                the OCML, TYPE and ARITY columns of include/bitexact/functions.def
#   OUT.o        x86-64 object to write; intermediates go to OUT.o.d/
#   AHEAD.bc     optional amdgcn bitcode linked ahead of ocml.bc, as an application
#                links a replacement (-mlink-builtin-bitcode AHEAD.bc before ocml.bc):
#                the entry points it defines replace ocml's. Used for bitexact's
#                own device/bitexact_ocml_nv.bc (docs/replacement.md ("AMD GPU")).
#
# Nothing of AMD's bitcode is stored in the source tree: everything is
# produced from the installed Debian package at build time.
set -euo pipefail
if (($# != 9 && $# != 10)); then
  echo "usage: $0 LLVM_BIN BITCODE_DIR TAG MCPU ISA DAZ FINITE FUNCTIONS OUT.o [AHEAD.bc]" >&2
  exit 2
fi
llvm=$1 bc=$2 tag=$3 mcpu=$4 isa=$5 daz=$6 finite=$7 function_list=$8 out=$9 ahead=${10:-}
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
work="$out.d"
rm -rf "$work"
mkdir -p "$work"
die() { echo "build_ocml_bc.sh [$tag]: $*" >&2; exit 1; }

case $daz in on) denorm=preserve-sign ;; off) denorm=ieee ;; *) die "DAZ must be on|off" ;; esac
case $finite in on | off) ;; *) die "FINITE must be on|off" ;; esac
for f in ocml.bc "oclc_isa_version_$isa.bc" "oclc_daz_opt_$daz.bc" "oclc_finite_only_$finite.bc" \
  oclc_unsafe_math_off.bc oclc_correctly_rounded_sqrt_on.bc oclc_wavefrontsize64_on.bc; do
  [[ -f $bc/$f ]] || die "missing $bc/$f"
done
if [[ -n $ahead ]]; then
  [[ -f $ahead ]] || die "missing $ahead"
  ahead="$(cd "$(dirname "$ahead")" && pwd)/$(basename "$ahead")"
fi

# 1. The entry points and everything they call.
IFS=, read -r -a functions <<<"$function_list"
extract_args=()
declarations="" wrappers=""
for spec in "${functions[@]}"; do
  IFS=: read -r f type arity <<<"$spec"
  [[ $type == float || $type == double ]] || die "bad type in '$spec'"
  case $arity in
    1) params="$type x" args="x" ;;
    2) params="$type x, $type y" args="x, y" ;;
    *) die "bad arity in '$spec'" ;;
  esac
  extract_args+=("--func=__ocml_$f")
  declarations+="$type __ocml_$f(${params});"$'\n'
  wrappers+="$type bx_ocml_bc_${tag}_$f(${params}) { return __ocml_$f($args); }"$'\n'
done
"$llvm/llvm-extract" --recursive "${extract_args[@]}" "$bc/ocml.bc" -o "$work/extracted.bc"

# 2. Compile wrappers exactly as the AMD toolchain compiles a device program that
#    calls them: clang for amdgcn, the target GPU, its denormal mode, -O3, with
#    the bitcode libraries linked by -mlink-builtin-bitcode (clang links them
#    before optimising, internalises them and gives them the caller's
#    target-cpu/target-features/denormal attributes, so the __oclc_* control
#    constants are folded by the same optimiser that folds them on a real build).
printf '%s%s' "$declarations" "$wrappers" >"$work/wrappers.c"
amd_flags=(-target amdgcn-amd-amdhsa "-mcpu=$mcpu" -nogpulib -O3 -fvisibility=default
  -ffp-contract=on -Xclang "-fdenormal-fp-math-f32=$denorm")
# A program built with -ffinite-math-only gets oclc_finite_only_on.bc and the
# no-nans/no-infs function attributes (merged into the library functions too).
if [[ $finite == on ]]; then amd_flags+=(-ffinite-math-only); fi
# clang links these in command-line order, each with "link only needed": a
# symbol an earlier library already defined is not taken from a later one. So
# AHEAD's definitions win over ocml's.
link=()
if [[ -n $ahead ]]; then link+=(-Xclang -mlink-builtin-bitcode -Xclang "$ahead"); fi
link+=(-Xclang -mlink-builtin-bitcode -Xclang "$work/extracted.bc")
for f in "oclc_isa_version_$isa.bc" "oclc_daz_opt_$daz.bc" "oclc_finite_only_$finite.bc" \
  oclc_unsafe_math_off.bc oclc_correctly_rounded_sqrt_on.bc oclc_wavefrontsize64_on.bc; do
  link+=(-Xclang -mlink-builtin-bitcode -Xclang "$bc/$f")
done
"$llvm/clang" "${amd_flags[@]}" "${link[@]}" -S -emit-llvm -o "$work/amdgcn.ll" "$work/wrappers.c"
# The same module as the GPU would run it (kept for inspection, never installed).
"$llvm/llc" -mtriple=amdgcn-amd-amdhsa "-mcpu=$mcpu" -O3 -o "$work/amdgcn.s" "$work/amdgcn.ll"

# 3. llvm.fmuladd: the AMDGPU backend fuses it (v_fma_f32/v_fmac_f32) or not
#    (v_mul_f32+v_add_f32, or v_mad_f32 = separately rounded, flushing) depending
#    on the GPU and the denormal mode. Ask the backend itself, with the same flags.
echo 'float probe(float a, float b, float c) { return a * b + c; }' >"$work/probe.c"
"$llvm/clang" "${amd_flags[@]}" -ffp-contract=on -S -o "$work/probe.s" "$work/probe.c"
if grep -Eq 'v_fmac?_f32' "$work/probe.s"; then
  fmuladd=fused
elif grep -Eq 'v_mac_f32|v_mad_f32|v_mul_f32' "$work/probe.s"; then
  fmuladd=unfused
else
  die "cannot tell how $mcpu lowers llvm.fmuladd.f32 (see $work/probe.s)"
fi
echo "$fmuladd" >"$work/fmuladd"

# 4. Retarget to x86-64: triple, data layout, drop AMDGPU attributes; every
#    llvm.amdgcn.* intrinsic (and llvm.canonicalize, whose lowering depends on
#    the denormal mode) becomes a call to our model in amdgcn_intrinsics.cpp:
#    @llvm.amdgcn.frexp.mant.f32 -> @bx_amdgcn_frexp_mant_f32, etc.
FMULADD=$fmuladd perl -e '
  my $fused = $ENV{FMULADD} eq "fused";
  my %declared;
  my $fptosi_sat = 0;
  while (my $l = <STDIN>) {
    $l =~ s/^target datalayout = .*/target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"/;
    $l =~ s/^target triple = .*/target triple = "x86_64-pc-linux-gnu"/;
    if ($l =~ /^attributes #/) {
      $l =~ s/ "(target-cpu|target-features|uniform-work-group-size|denormal-fp-math[\w-]*|no-nans-fp-math|no-infs-fp-math|amdgpu-[\w-]+)"(="[^"]*")?//g;
    }
    $l =~ s/\@llvm\.amdgcn\.([\w.]+)/"\@bx_amdgcn_" . ($1 =~ tr|.|_|r)/ge;
    $l =~ s/\@llvm\.canonicalize\.(f32|f64)\b/\@bx_canonicalize_$1/g;
    $l =~ s/\@llvm\.fmuladd\.f32\b/$fused ? "\@llvm.fma.f32" : "\@bx_fmul_fadd_f32"/ge;
    # fptosi float -> i32 is v_cvt_i32_f32 on the GPU: truncation, out-of-range
    # values (infinities included) saturate, NaN gives 0 (ISA guides, VOP1). An
    # IR fptosi out of range is poison, and x86 cvttss2si returns 0x80000000
    # there; llvm.fptosi.sat has the semantics of the instruction. (Reached
    # out of range only by finite-only expm1f for x > 88.72: sin/cos convert
    # q < 2^17, sinpi/cospi q in 0..4.)
    $fptosi_sat++ if $l =~ s/= fptosi float (\S+) to i32\b/= call i32 \@llvm.fptosi.sat.i32.f32(float $1)/;
    # bitexact::opaque on amdgcn (AHEAD.bc): an empty asm that keeps a value
    # in a VGPR so that no fmul+fadd around it can be fused; no instruction.
    # On x86 (contraction off) it is the value itself: freeze of a defined value.
    $l =~ s/= (?:tail )?call (float|double) asm "", "=v,0"\((?:float|double) ([^)]+)\)(?: #\d+)?(?:, !srcloc ![0-9]+)?$/= freeze $1 $2/;
    if ($l =~ /^declare .*?\@([\w.]+)\(/) {
      next if $declared{$1}++;            # fmuladd renamed onto an existing declaration
      next if $1 eq "bx_fmul_fadd_f32";   # defined below
    }
    print $l;
  }
  print "declare float \@llvm.fma.f32(float, float, float)\n" if $fused && !$declared{"llvm.fma.f32"};
  print "declare i32 \@llvm.fptosi.sat.i32.f32(float)\n" if $fptosi_sat;
  if (!$fused && $declared{"bx_fmul_fadd_f32"}) {
    # Separately rounded multiply and add (what v_mul_f32+v_add_f32 and v_mad_f32 compute).
    print "define internal float \@bx_fmul_fadd_f32(float %a, float %b, float %c) alwaysinline nounwind readnone {\n",
          "  %p = fmul float %a, %b\n  %s = fadd float %p, %c\n  ret float %s\n}\n";
  }
' <"$work/amdgcn.ll" >"$work/x86.ll"

# 5. Refuse anything this model does not cover, rather than guess.
grep -q 'addrspace(' "$work/x86.ll" && die "address spaces left in $work/x86.ll"
grep -q '@llvm\.amdgcn\.' "$work/x86.ll" && die "llvm.amdgcn intrinsics left in $work/x86.ll"
grep -q ' asm ' "$work/x86.ll" && die "inline assembly left in $work/x86.ll"
# Integer min/max/abs/bit-count intrinsics are exact on every target (AHEAD.bc's
# integer code gets them from InstCombine).
allowed='^(llvm\.(fabs|copysign|fma|rint|ceil)\.(f32|f64)|llvm\.fptosi\.sat\.i32\.f32|llvm\.(fshl|fshr|ctlz|cttz|umin|umax|smin|smax|abs)\.(i32|i64)|bx_amdgcn_(frexp_mant_f32|frexp_mant_f64|frexp_exp_i32_f32|frexp_exp_i32_f64|ldexp_f32|ldexp_f64|rcp_f32|class_f32|class_f64|fract_f32)|bx_canonicalize_f32)$'
while read -r name; do
  [[ $name =~ $allowed ]] || die "unmodelled callee @$name in $work/x86.ll: add its model first"
done < <(grep -oE '^declare [^@]*@[A-Za-z0-9_.]+' "$work/x86.ll" | sed 's/.*@//')
# Only flush configurations run their f32 entry points with MXCSR DAZ/FTZ set;
# IEEE ones may use double (bitexact_ocml_nv.bc computes f32 operations exactly
# in double).
if [[ $daz == on ]]; then
  awk '/^define .*_f32\(/ { f32 = 1 } f32 && /double/ { bad = 1 } /^}/ { f32 = 0 } END { exit bad }' \
    "$work/x86.ll" || die "an f32 entry point uses double arithmetic: the MXCSR DAZ model would be wrong for it"
fi

# 6. x86-64 object. No IR optimisation beyond inlining our fmul+fadd helper;
#    contraction off (no llvm.fmuladd is left anyway); FMA and SSE4.1 so that
#    llvm.fma/rint/ceil become single instructions honouring MXCSR FTZ/DAZ.
"$llvm/opt" -passes=always-inline -S -o "$work/x86.inl.ll" "$work/x86.ll"
"$llvm/llc" -mtriple=x86_64-pc-linux-gnu -mattr=+sse4.1,+fma -O2 -relocation-model=pic \
  --fp-contract=off -filetype=obj -o "$out" "$work/x86.inl.ll"
