#!/usr/bin/env bash
# The multi-GPU scaling run of bench/README.md ("Device: several GPUs"): the
# exhaustive sinf and cosf sweeps (native-nv, nv, truth) and fmodf on 2^32
# uniform pairs, on 1, 2 and 4 GPUs of one host (CUDA_VISIBLE_DEVICES), each
# GPU count twice, then under mpirun with 2 and 4 ranks (each rank takes its
# share of the host's GPUs); every report.json compared byte for byte with
# the 1-GPU one. BITEXACT_CUDA_PROFILE=1 prints the serial phases (driver
# start, per-GPU start-up) and each GPU's batch time.
#
#   tools/scripts/device/run_multi_gpu_scaling.sh CARRY_DIR OUTDIR [MPIRUN]
#
# CARRY_DIR is tools/scripts/device_carry.sh's folder (BITEXACT_CARRY_MPI=1 also packs
# the Open MPI launcher: MPIRUN defaults to CARRY_DIR/mpirun; a different Open
# MPI's mpirun cannot start ranks linked against Debian's 4.1.4).
set -u
bx=${1:?usage: run_multi_gpu_scaling.sh CARRY_DIR OUTDIR [MPIRUN]}
o=${2:?usage}
mpi=${3:-$bx/mpirun}
mkdir -p "$o"
ngpu=$(nvidia-smi -L | wc -l)
ms() { date +%s%N | cut -c1-13; }
echo "# $(date -u +%FT%TZ)"
nvidia-smi --query-gpu=index,name,driver_version,persistence_mode,clocks.max.sm,clocks.sm,clocks.mem,power.limit \
  --format=csv,noheader
nvcc --version | tail -1
run() {  # label, env ... command
  local label=$1; shift
  local t0 t1 rc
  t0=$(ms)
  env "$@" >"$o/run.out" 2>"$o/run.err"
  rc=$? t1=$(ms)
  echo "$label rc=$rc end-to-end $((t1 - t0)) ms"
  grep -E "sweep phase|cuda profile|GPU [0-9]|statistics kernel|eval |deferred" "$o/run.err" | sed 's/^/    /'
  [ $rc = 0 ] || head -8 "$o/run.err" | sed 's/^/    ERR /'
}
sets=("0" "0,1" "0,1,2,3")
for fn in sinf cosf; do
  for gpus in "${sets[@]}"; do
    (( $(tr -cd , <<<"$gpus" | wc -c) < ngpu )) || continue
    for rep in 1 2; do
      rm -rf "$o/r_${fn}_$gpus"
      run "$fn threads GPUs=$gpus rep=$rep" CUDA_VISIBLE_DEVICES=$gpus BITEXACT_CUDA_PROFILE=1 "$bx/run" bitexact sweep \
        $fn --backend cuda --impl native-nv,nv --inputs exhaustive --out "$o/r_${fn}_$gpus" --quiet
    done
  done
  for n in 2 4; do
    ((n <= ngpu)) || continue
    for rep in 1 2; do
      rm -rf "$o/m_${fn}_$n"
      run "$fn mpirun -n $n rep=$rep" BITEXACT_CUDA_PROFILE=1 "$mpi" -n $n --bind-to none "$bx/run" bitexact sweep \
        $fn --backend cuda --impl native-nv,nv --inputs exhaustive --out "$o/m_${fn}_$n" --quiet
    done
  done
  for d in "$o/r_${fn}_"* "$o/m_${fn}_"*; do
    cmp -s "$o/r_${fn}_0/report.json" "$d/report.json" && s=byte-identical || s=DIFFERS
    echo "$fn: $(basename "$d") report.json $s (1 GPU: $(sha256sum <"$o/r_${fn}_0/report.json" | cut -c1-16))"
  done
done
for gpus in "${sets[@]}"; do
  (( $(tr -cd , <<<"$gpus" | wc -c) < ngpu )) || continue
  rm -rf "$o/f_$gpus"
  run "fmodf uniform:2^32 GPUs=$gpus" CUDA_VISIBLE_DEVICES=$gpus BITEXACT_CUDA_PROFILE=1 "$bx/run" bitexact sweep fmodf \
    --backend cuda --impl native-nv,nv --inputs uniform:4294967296 --out "$o/f_$gpus" --quiet
done
for d in "$o/f_"*; do
  cmp -s "$o/f_0/report.json" "$d/report.json" && s=byte-identical || s=DIFFERS
  echo "fmodf: $(basename "$d") report.json $s"
done
