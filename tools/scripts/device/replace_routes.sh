#!/usr/bin/env bash
# The device routes of link-time replacement (docs/replacement.md), built and
# checked on an NVIDIA GPU.
#
#   tools/scripts/device/replace_routes.sh build OUT   # here: needs clang (CLANG, default clang++-22),
#                                        # CUDA 13 (CUDA_PATH), xxhash.h (XXHASH_INC)
#   tools/scripts/device/replace_routes.sh run OUT     # on the GPU machine (no compiler needed)
#   tools/scripts/device/replace_routes.sh check OUT   # here: compares OUT/run with the committed digests
#
# Programs: device/nv_native.cu, unmodified, through each route —
#   clang-nv    clang CUDA, bitexact_cuda_nv.bc linked ahead of libdevice; built
#               twice: IEEE and -fgpu-flush-denormals-to-zero (FTZ)
#   clang-ocml  the same with bitexact_cuda_ocml.bc (AMD gfx90a bits)
#   nvcc-nv     nvcc -rdc, calling bitexact::cuda::nv / nv_ftz from the device
#               library (src/cuda/linked.cu): -DBX_LINKED
#   nvcc-nv-dlto  nvcc-nv with device link-time optimisation (-dlto)
#   nvcc-ocml   the same, bitexact::cuda::ocml
# and device/replace_bench_main.cu per route (cost against native libdevice).
# The binaries are linked with the static CUDA runtime and run with this
# machine's C/C++ runtime (copied to OUT/lib), so the GPU machine needs only
# its driver.
set -euo pipefail
phase=${1:?usage: $0 build|run|check OUT}
out=$(mkdir -p "${2:?usage: $0 build|run|check OUT}" && cd "$2" && pwd)
here=$(cd "$(dirname "$0")/../../.." && pwd)
cuda=${CUDA_PATH:-/usr/local/cuda}
clang=${CLANG:-clang++-22}
arch=${CUDA_ARCH:-90}

build() {
  local bin=$out/bin obj=$out/obj
  mkdir -p "$bin" "$obj" "$out/lib"
  local inc=(-I"$here/include" -I"$here/device" ${XXHASH_INC:+-I"$XXHASH_INC"})
  local libs=(-L"$cuda/lib64" -lcudart_static -ldl -lrt -pthread)
  # clang route: CUDA 13 is newer than clang knows (a warning); its driver's
  # fatbinary call predates CUDA 13, hence the older offload driver;
  # -nocudalib + the two -mlink-builtin-bitcode put bitexact before libdevice,
  # and -target-sdk-version restores what -nocudalib drops (docs/replacement.md).
  local clang_cuda=("$clang" --no-offload-new-driver -x cuda --cuda-gpu-arch=sm_$arch --cuda-path="$cuda"
    -Wno-unknown-cuda-version -O3 -std=c++20 "${inc[@]}")
  local libdevice=$cuda/nvvm/libdevice/libdevice.10.bc
  for p in nv ocml; do
    "$here/device/build_cuda_bitcode.sh" "$clang" "$here/include" "$p" "$obj/bitexact_cuda_$p.bc"
  done
  replace() {
    echo -nocudalib -Xclang -target-sdk-version=12.9 -Xclang -mlink-builtin-bitcode -Xclang "$obj/bitexact_cuda_$1.bc" \
      -Xclang -mlink-builtin-bitcode -Xclang "$libdevice"
  }
  "${clang_cuda[@]}" $(replace nv) -DBX_MODE='"ieee"' -DBX_FLAGS='"clang route, nv"' \
    "$here/device/nv_native.cu" -o "$bin/clang-nv.ieee" "${libs[@]}" 2>"$obj/clang-nv.ieee.log"
  "${clang_cuda[@]}" -fgpu-flush-denormals-to-zero $(replace nv) -DBX_MODE='"ftz"' -DBX_FLAGS='"clang route, nv, FTZ"' \
    "$here/device/nv_native.cu" -o "$bin/clang-nv.ftz" "${libs[@]}" 2>"$obj/clang-nv.ftz.log"
  "${clang_cuda[@]}" $(replace ocml) -DBX_MODE='"ieee"' -DBX_FLAGS='"clang route, ocml"' \
    "$here/device/nv_native.cu" -o "$bin/clang-ocml.ieee" "${libs[@]}" 2>"$obj/clang-ocml.ieee.log"
  for p in nv ocml; do
    "${clang_cuda[@]}" -c "$here/device/replace_bench_native.cu" -o "$obj/bench_native.clang.o"
    "${clang_cuda[@]}" $(replace $p) -c "$here/device/replace_bench_replaced.cu" -o "$obj/bench_$p.clang.o" \
      2>"$obj/bench_$p.clang.log"
    "${clang_cuda[@]}" -DBX_ROUTE="\"clang $p\"" -c "$here/device/replace_bench_main.cu" -o "$obj/bench_main_$p.clang.o"
    "$clang" "$obj/bench_main_$p.clang.o" "$obj/bench_native.clang.o" "$obj/bench_$p.clang.o" \
      -o "$bin/bench-clang-$p" "${libs[@]}"
  done

  # nvcc route: the -rdc device library, then the program linked against it.
  local nvcc=("$cuda/bin/nvcc" -O3 -std=c++20 -arch=sm_$arch --expt-relaxed-constexpr -Xcompiler -fno-fast-math "${inc[@]}")
  "${nvcc[@]}" -rdc=true -ftz=false -c "$here/src/cuda/linked.cu" -o "$obj/linked.o"
  "$cuda/bin/nvcc" -lib "$obj/linked.o" -o "$obj/libbitexact_cuda_linked.a"
  for p in nv:ieee nv_ftz:ftz ocml:ieee; do
    local pers=${p%%:*} mode=${p##*:} route
    route=nvcc-$([ "$pers" = ocml ] && echo ocml || echo nv)
    "${nvcc[@]}" -rdc=true -ftz=$([ "$mode" = ftz ] && echo true || echo false) -DBX_LINKED="$pers" \
      -DBX_MODE="\"$mode\"" -DBX_FLAGS="\"nvcc route, bitexact::cuda::$pers\"" \
      "$here/device/nv_native.cu" "$obj/libbitexact_cuda_linked.a" -o "$bin/$route.$mode"
  done
  for p in nv ocml; do
    "${nvcc[@]}" -rdc=true -DBX_ROUTE="\"nvcc -rdc $p\"" "$here/device/replace_bench_main.cu" \
      "$here/device/replace_bench_native.cu" -DBX_LINKED=$p "$here/device/replace_bench_replaced.cu" \
      "$obj/libbitexact_cuda_linked.a" -o "$bin/bench-nvcc-rdc-$p"
  done
  # -dlto: the library and the program as NVVM IR, optimised together at device link time.
  local lto=("$cuda/bin/nvcc" -O3 -std=c++20 --expt-relaxed-constexpr -Xcompiler -fno-fast-math "${inc[@]}"
    -rdc=true -gencode arch=compute_$arch,code=lto_$arch)
  "${lto[@]}" -ftz=false -c "$here/src/cuda/linked.cu" -o "$obj/linked.lto.o"
  "${lto[@]}" -c "$here/device/replace_bench_native.cu" -o "$obj/bench_native.lto.o"
  "${lto[@]}" -DBX_LINKED=nv -c "$here/device/replace_bench_replaced.cu" -o "$obj/bench_nv.lto.o"
  "${lto[@]}" -DBX_ROUTE='"nvcc -rdc -dlto nv"' -c "$here/device/replace_bench_main.cu" -o "$obj/bench_main.lto.o"
  # Only with the library's -ftz=false: nvlink -dlto refuses to optimise objects
  # compiled with different -ftz together ("Cicc option values for '-ftz' do
  # not match"), so an FTZ program links the library without -dlto.
  "${lto[@]}" -ftz=false -DBX_LINKED=nv -DBX_MODE='"ieee"' -DBX_FLAGS='"nvcc route -dlto, bitexact::cuda::nv"' \
    -c "$here/device/nv_native.cu" -o "$obj/nv_native_nv.lto.o"
  "$cuda/bin/nvcc" -dlto -arch=sm_$arch "$obj/nv_native_nv.lto.o" "$obj/linked.lto.o" -o "$bin/nvcc-nv-dlto.ieee" ||
    echo "skipped nvcc-nv-dlto.ieee: nvlink -dlto failed" >&2
  # (nvlink -dlto loads NVVM_PATH/lib64/libnvvm.so; some CUDA installs keep it in lib64/ only.)
  if ! "$cuda/bin/nvcc" -dlto -arch=sm_$arch "$obj/bench_main.lto.o" "$obj/bench_native.lto.o" "$obj/bench_nv.lto.o" \
    "$obj/linked.lto.o" -o "$bin/bench-nvcc-dlto-nv"; then
    echo "skipped bench-nvcc-dlto-nv: nvlink -dlto failed (is $cuda/nvvm/lib64/libnvvm.so there?)" >&2
  fi
  # This machine's runtime for the binaries (see the top).
  ldd "$bin/clang-nv.ieee" | awk '/=>/ {print $3} /ld-linux/ {print $1}' | while read -r l; do cp -L "$l" "$out/lib/"; done
  cp "$here/vectors/edge_inputs.txt" "$out/"
  ls "$bin"
}

run() {
  local run=$out/run
  mkdir -p "$run"
  local ld=("$out/lib/ld-linux-x86-64.so.2" --library-path "$out/lib")
  for b in "$out"/bin/clang-* "$out"/bin/nvcc-*; do
    local name route mode
    name=$(basename "$b") route=${name%.*} mode=${name##*.}
    mkdir -p "$run/$route/$mode"
    "${ld[@]}" "$b" "$run/$route/$mode" "$out/edge_inputs.txt" 30 2>&1 | sed "s|^|$route |" | tee -a "$run/log.txt"
    rm -f "$run/$route/$mode/subdigests.bin"
  done
  for b in "$out"/bin/bench-*; do
    "${ld[@]}" "$b" | tee -a "$run/bench.txt"
  done
}

check() {
  local chk=("$here/tools/scripts/check_nv_device_run.py")
  local nv=(--mode ieee=nv --mode ftz=nv-ftz)
  local ocml=(--mode ieee=ocml --digests "$here/vectors/ocml/digests.json")
  local bad=0
  for r in clang-nv:nv nvcc-nv:nv nvcc-nv-dlto:nv clang-ocml:ocml nvcc-ocml:ocml; do
    local route=${r%%:*} kind=${r##*:}
    echo "== $route"
    if [ "$route" = nvcc-nv-dlto ]; then
      /usr/bin/python3 "${chk[@]}" "$out/run/$route" --mode ieee=nv || bad=1
    elif [ "$kind" = nv ]; then
      /usr/bin/python3 "${chk[@]}" "$out/run/$route" "${nv[@]}" || bad=1
    else
      /usr/bin/python3 "${chk[@]}" "$out/run/$route" "${ocml[@]}" || bad=1
    fi
  done
  return $bad
}

"$phase"
