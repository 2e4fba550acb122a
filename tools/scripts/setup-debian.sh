#!/usr/bin/env bash
# Installs what bitexact needs on Debian 12 (bookworm), as root, then configures
# and builds it into ./build. Idempotent; used by both README commands and CI.
set -euo pipefail
cd "$(dirname "$0")/../.."
export DEBIAN_FRONTEND=noninteractive
packages=(
  build-essential cmake ninja-build pkg-config git ca-certificates
  libmpfr-dev libgmp-dev                      # truth
  libgtest-dev libgmock-dev libbenchmark-dev  # tests, benchmarks
  libcli11-dev nlohmann-json3-dev libfmt-dev  # CLI, reports
  libtbb-dev libxxhash-dev                    # threads, digests
  libopenmpi-dev openmpi-bin                  # mpirun splits sweeps over ranks; its CI test
  rocm-device-libs llvm-15 clang-15           # ocml bitcode, executed on the CPU
  hipcc libamdhip64-dev                       # the HIP sweep backend and device/ocml_sweep.hip (compile only)
  chromium                                    # renders report.html in a test
  python3-numpy python3-dev pybind11-dev      # the Python module (docs/python.md) and its tests
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
