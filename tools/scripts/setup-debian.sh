#!/usr/bin/env bash
# Installs what bitexact needs on Debian 12 (bookworm), as root, then configures
# and builds it into ./build. Idempotent. The README's two commands and CI use it:
#   --main  what the main job needs (README command 1): the CLI only;
#   --all   everything, the default (README command 2, .ci/run): tests,
#           benchmarks, Python module, replacement libraries, ocml bitcode, and
#           the CUDA/HIP backends where nvcc/hipcc are found.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: tools/scripts/setup-debian.sh [--main | --all]
Installs bitexact's Debian packages (apt, as root), configures with CMake and
builds into build/.
  --main  only what `bitexact sweep` on the CPU needs: the packages of the CLI,
          and the target `bitexact` (build/tools/bitexact). A build/ that is
          already configured keeps its options (a full build stays full).
  --all   (default) every package, every option, every target: what
          `ctest --test-dir build` runs.
  --help  this text.
EOF
}

mode=all
for arg in "$@"; do
  case "$arg" in
    --main) mode=main ;;
    --all) mode=all ;;
    -h | --help) usage; exit 0 ;;
    *) echo "setup-debian.sh: unknown option '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

cd "$(dirname "$0")/../.."
export DEBIAN_FRONTEND=noninteractive

# The CLI: what command 1 installs.
main_packages=(
  build-essential cmake ninja-build pkg-config
  libmpfr-dev libgmp-dev                      # truth
  libcli11-dev nlohmann-json3-dev libfmt-dev  # CLI, reports
  libtbb-dev libxxhash-dev                    # threads, digests
)
# The rest: what command 2 adds.
more_packages=(
  git ca-certificates
  libgtest-dev libgmock-dev libbenchmark-dev  # tests, benchmarks
  libopenmpi-dev openmpi-bin                  # mpirun splits sweeps over ranks; its CI test
  rocm-device-libs llvm-15 clang-15           # ocml bitcode, executed on the CPU
  hipcc libamdhip64-dev                       # the HIP sweep backend and device/ocml_sweep.hip (compile only)
  chromium                                    # renders report.html in a test
  python3-numpy python3-dev pybind11-dev      # the Python module (docs/python.md) and its tests
  python3-venv python3-setuptools python3-wheel  # pip install . (pyproject.toml) and its test
)
packages=("${main_packages[@]}")
[[ $mode == all ]] && packages+=("${more_packages[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Every option is set explicitly, so that --all after --main turns on what
# --main turned off.
everything=(BITEXACT_BUILD_TESTS BITEXACT_BUILD_BENCH BITEXACT_BUILD_REPLACE BITEXACT_PYTHON
  BITEXACT_OCML_BITCODE BITEXACT_AMDGCN_BITCODE BITEXACT_MPI BITEXACT_CUDA_BACKEND BITEXACT_HIP_BACKEND)
options=()
if [[ $mode == all ]]; then
  for o in "${everything[@]}"; do options+=("-D$o=ON"); done
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${options[@]}" >/dev/null
  cmake --build build -j"$(nproc)"
else
  # Off: everything the CPU sweep does not use, GPU backends and MPI included
  # (a fresh bookworm has neither nvcc nor hipcc; where they are, --all builds them).
  if [[ ! -f build/CMakeCache.txt ]]; then
    for o in "${everything[@]}"; do options+=("-D$o=OFF"); done
  fi
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${options[@]}" >/dev/null
  cmake --build build -j"$(nproc)" --target bitexact
fi
