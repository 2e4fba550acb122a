#!/usr/bin/env bash
# Installs what bitexact needs, as root, then configures and builds it into
# ./build. Idempotent. Debian 12 (bookworm) is the reference: the README's two
# commands and CI use it there, every package required:
#   --main  what the main job needs (README command 1): the CLI only;
#   --all   everything, the default (README command 2, .ci/run): tests,
#           benchmarks, Python module, replacement libraries, ocml bitcode, and
#           the CUDA/HIP backends where nvcc/hipcc are found.
# GPU machines (README, "On a GPU machine"; tools/scripts/setup-gpu.sh runs
# this with --gpu): Ubuntu 22.04/24.04 or Debian 12 with CUDA 12 or 13,
#   --gpu   the CLI with the CUDA sweep backend (`sweep --backend cuda`);
#   --debs DIR  for a machine without a package registry: no apt, the .deb
#           files of DIR (tools/scripts/fetch-debs.sh) unpacked into build/debs.
# Elsewhere than on Debian 12 the packages that a distribution lacks or ships
# only as a snap are skipped, one line each, and what needs them is not built.
set -euo pipefail

me=${0##*/}
usage() {
  cat <<EOF
usage: tools/scripts/$me [--main | --gpu | --all] [--debs DIR] [--dry-run]
Installs bitexact's packages (apt, as root), configures with CMake and builds
into build/. Debian 12; Ubuntu 22.04 and 24.04 (packages they lack are skipped).
  --main     only what \`bitexact sweep\` on the CPU needs: the packages of the
             CLI, and the target \`bitexact\` (build/tools/bitexact). A build/
             that is already configured keeps its options (a full build stays full).
  --gpu      as --main, with the CUDA sweep backend (\`sweep --backend cuda\`):
             needs nvcc (CUDA 12 or 13) in PATH or in \$CUDA_HOME/bin
             (default /usr/local/cuda/bin); the GPU architectures are nvidia-smi's,
             else 90 (H100).
  --all      (default) every package, every option, every target: what
             \`ctest --test-dir build\` runs; the CUDA backend when nvcc is found.
  --debs DIR no apt: unpacks every .deb file of DIR (dpkg -x) into build/debs
             and builds against it (tools/scripts/fetch-debs.sh makes DIR on a
             machine that has apt); the programs built find those libraries by
             their RPATH.
  --dry-run  print what would be installed, skipped and configured; change nothing.
  --help     this text.
EOF
}
bad_usage() { echo "$me: $1 (try --help)" >&2; exit 2; }

mode=all debs="" dry=0
while (($#)); do
  case "$1" in
    --main | --gpu | --all) mode=${1#--} ;;
    --debs) (($# > 1)) || bad_usage "--debs needs a folder of .deb files"; debs=$2; shift ;;
    --debs=*) debs=${1#--debs=} ;;
    --dry-run) dry=1 ;;
    -h | --help) usage; exit 0 ;;
    *) bad_usage "unknown option '$1'" ;;
  esac
  shift
done
if [[ -n $debs ]]; then
  [[ -d $debs ]] || bad_usage "--debs: '$debs' is not a folder"
  debs=$(cd "$debs" && pwd)
  compgen -G "$debs/*.deb" >/dev/null || bad_usage "--debs: no .deb file in '$debs'"
fi

cd "$(dirname "$0")/../.."
export DEBIAN_FRONTEND=noninteractive
say() { echo "$me: $*"; }
# run CMD...: runs it, or with --dry-run prints it.
run() {
  if ((dry)); then say "would run: $*"; else "$@"; fi
}

# The distribution. BITEXACT_OS_RELEASE: another os-release file (the tests
# plan for Ubuntu on a Debian machine).
os_release=${BITEXACT_OS_RELEASE:-/etc/os-release}
# shellcheck disable=SC1090  # the file is named at run time
os=$( (. "$os_release" 2>/dev/null && echo "${ID:-unknown} ${VERSION_ID:-}") || echo unknown)
case "$os" in
  "debian 12") strict=1 ;;
  "ubuntu 22.04" | "ubuntu 24.04") strict=0 ;;
  *) strict=0; say "$os is not Debian 12 or Ubuntu 22.04/24.04: Debian 12's package names, those missing here skipped" ;;
esac

# The CLI: what command 1 installs.
main_packages=(
  build-essential cmake ninja-build pkg-config
  libmpfr-dev libgmp-dev                      # truth
  libcli11-dev nlohmann-json3-dev libfmt-dev  # CLI, reports
  libtbb-dev libxxhash-dev                    # threads, digests
  libhwy-dev                                  # SIMD kernels (Highway's headers; nothing linked)
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
  g++-aarch64-linux-gnu qemu-user             # the reproductions built for aarch64, run under qemu (tests/cross)
)
# Optional outside Debian 12 (there every package is required, so that CI
# fails where one is lost): what is not built without each.
declare -A optional=(
  [rocm-device-libs]="ocml's bitcode on the CPU (ocml-bc*) is not built"
  [llvm-15]="ocml's bitcode on the CPU (ocml-bc*) is not built"
  [clang-15]="bitexact_ocml_nv.bc and the clang CUDA bitcode are not built"
  [hipcc]="the HIP sweep backend is not built"
  [libamdhip64-dev]="the HIP sweep backend is not built"
  [chromium]="the test that renders report.html in Chromium skips itself"
  [g++-aarch64-linux-gnu]="the aarch64 check (tests/cross) is not built"
  [qemu-user]="the aarch64 check (tests/cross) is not built"
)
packages=("${main_packages[@]}")
[[ $mode == all ]] && packages+=("${more_packages[@]}")

# Ubuntu's chromium is a snap (the .deb only installs snapd's), which
# containers and machines without snapd cannot run.
if [[ $os == ubuntu* ]]; then
  kept=()
  for p in "${packages[@]}"; do
    if [[ $p == chromium ]]; then say "skipped: chromium (Ubuntu ships it only as a snap): ${optional[$p]}"
    else kept+=("$p"); fi
  done
  packages=("${kept[@]}")
fi

# ---- packages: apt, or the .deb files of --debs unpacked into build/debs ----------
cmake_options=()
if [[ -n $debs ]]; then
  prefix=$PWD/build/debs
  say "packages: the .deb files of $debs, unpacked with dpkg -x into build/debs (apt is not used)"
  if ((!dry)); then
    rm -rf "$prefix"
    mkdir -p "$prefix"
    for f in "$debs"/*.deb; do dpkg -x "$f" "$prefix"; done
    # The .pc files name /usr: point them at the prefix, so that pkg-config's
    # -I and -L (and CMake's imported targets) lead there.
    find "$prefix" -name '*.pc' -exec sed -i -E "s#^([A-Za-z_]+)=/usr(/|\$)#\\1=$prefix/usr\\2#" {} +
  fi
  multiarch=$(gcc -print-multiarch 2>/dev/null || true)
  multiarch=${multiarch:-x86_64-linux-gnu}
  libdir=$prefix/usr/lib/$multiarch
  # RPATH, not RUNPATH (--disable-new-dtags): the loader then also finds the
  # prefix's libraries for the prefix's libraries (libmpfr's libgmp). An
  # install (cmake --install) points there too, while build/debs is kept.
  cmake_options+=("-DCMAKE_PREFIX_PATH=$prefix/usr" "-DCMAKE_BUILD_RPATH=$libdir" "-DCMAKE_INSTALL_RPATH=$libdir"
    "-DCMAKE_EXE_LINKER_FLAGS=-Wl,--disable-new-dtags" "-DCMAKE_SHARED_LINKER_FLAGS=-Wl,--disable-new-dtags")
  # Debian puts gmp.h under include/<multiarch>, which gmp.pc does not name
  # (the compiler searches it only under /usr).
  for lang in C CXX CUDA; do cmake_options+=("-DCMAKE_${lang}_STANDARD_INCLUDE_DIRECTORIES=$prefix/usr/include/$multiarch"); done
  # No pkg-config on the machine: the prefix's, with its libpkgconf.
  if ! command -v pkg-config >/dev/null && { ((dry)) || [[ -x $prefix/usr/bin/pkgconf ]]; }; then
    mkdir -p "$prefix/bin"
    ((dry)) || printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s "$@"\n' "$libdir" "$prefix/usr/bin/pkgconf" >"$prefix/bin/pkg-config"
    ((dry)) || chmod +x "$prefix/bin/pkg-config"
    cmake_options+=("-DPKG_CONFIG_EXECUTABLE=$prefix/bin/pkg-config")
  fi
else
  missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    ((dry)) || apt-get update -qq
    if ((!strict)); then
      kept=()
      for p in "${missing[@]}"; do
        if [[ -n ${optional[$p]:-} ]] && ! apt-cache show "$p" 2>/dev/null | grep -q '^Package:'; then
          say "skipped: $p (not in this distribution's archive): ${optional[$p]}"
        else kept+=("$p"); fi
      done
      missing=("${kept[@]}")
    fi
  fi
  if ((${#missing[@]})); then
    if ((dry)); then say "would install (apt): ${missing[*]}"
    else apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; fi
  fi
fi

# Ubuntu 22.04's libhwy-dev is Highway 0.15, older than the SIMD kernels need
# (1.0): the span forms are then scalar loops (the same bits, slower).
if [[ $os == "ubuntu 22.04" && -z $debs ]]; then
  say "Ubuntu 22.04's Highway (0.15) is older than 1.0: scalar span forms (-DBITEXACT_SIMD=OFF)"
  cmake_options+=(-DBITEXACT_SIMD=OFF)
fi

# CMake 3.25 or newer (CMakeLists.txt); Ubuntu 22.04's is 3.22.
cmake_version=$(cmake --version 2>/dev/null | sed -n '1s/[^0-9]*\([0-9][0-9.]*\).*/\1/p')
if [[ -z $cmake_version ]] || ! printf '3.25\n%s\n' "$cmake_version" | sort -V -C; then
  say "cmake ${cmake_version:-(none)} is older than 3.25, which bitexact needs: install a newer one (e.g. python3 -m pip install cmake) and run again" >&2
  exit 1
fi

# ---- CUDA: the backend is built wherever nvcc is found (not for --main) ------------
if [[ $mode != main ]]; then
  nvcc=$(command -v nvcc || true)
  cuda_home=${CUDA_HOME:-/usr/local/cuda}
  [[ -z $nvcc && -x $cuda_home/bin/nvcc ]] && nvcc=$cuda_home/bin/nvcc
  if [[ -n $nvcc ]]; then
    release=$("$nvcc" --version 2>/dev/null | sed -n 's/.*release \([0-9.]*\).*/\1/p')
    # The GPUs' own architectures ("9.0" -> 90); without nvidia-smi the cache's (90 by default).
    archs=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | tr -d '. ' | grep -E '^[0-9]+$' | sort -u | paste -sd';' || true)
    [[ $mode == gpu ]] && cmake_options+=(-DBITEXACT_CUDA_BACKEND=ON)
    # CMake looks for nvcc in PATH only; a build that already has a CUDA
    # compiler keeps it (changing it would throw the cache away).
    cached=$(sed -n 's/^CMAKE_CUDA_COMPILER:[A-Z]*=//p' build/CMakeCache.txt 2>/dev/null || true)
    [[ -z $cached || $cached == *NOTFOUND ]] && cmake_options+=("-DCMAKE_CUDA_COMPILER=$nvcc")
    if [[ -n $archs ]]; then
      cmake_options+=("-DBITEXACT_CUDA_ARCHITECTURES=$archs")
      say "CUDA backend: nvcc $nvcc (CUDA ${release:-?}), architectures $archs (nvidia-smi)"
    else
      say "CUDA backend: nvcc $nvcc (CUDA ${release:-?}), BITEXACT_CUDA_ARCHITECTURES as configured (90 unless set; no GPU seen by nvidia-smi)"
    fi
  elif [[ $mode == gpu ]]; then
    say "--gpu needs nvcc (CUDA 12 or 13) in PATH or in $cuda_home/bin (set CUDA_HOME to its folder)" >&2
    exit 1
  fi
fi

# ---- configure and build ----------------------------------------------------------
# A fresh build/ gets Ninja where there is one; one already configured keeps its generator.
if [[ ! -f build/CMakeCache.txt ]]; then
  if command -v ninja >/dev/null; then generator=(-G Ninja)
  else generator=(-G "Unix Makefiles"); say "no ninja: CMake's Unix Makefiles"; fi
else
  generator=()
fi
# Every option is set explicitly, so that --all after --main turns on what
# --main turned off.
everything=(BITEXACT_BUILD_TESTS BITEXACT_BUILD_BENCH BITEXACT_BUILD_REPLACE BITEXACT_PYTHON
  BITEXACT_OCML_BITCODE BITEXACT_AMDGCN_BITCODE BITEXACT_MPI BITEXACT_CUDA_BACKEND BITEXACT_HIP_BACKEND)
options=()
if [[ $mode == all ]]; then
  for o in "${everything[@]}"; do options+=("-D$o=ON"); done
  target=()
else
  # Off: everything the CPU sweep does not use, GPU backends and MPI included
  # (a fresh bookworm has neither nvcc nor hipcc; where they are, --all builds
  # them); --gpu turns the CUDA backend on again (cmake_options, after these).
  if [[ ! -f build/CMakeCache.txt ]]; then
    for o in "${everything[@]}"; do options+=("-D$o=OFF"); done
  fi
  target=(--target bitexact)
fi
if ((dry)); then
  run cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "${options[@]}" "${cmake_options[@]}"
else
  cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "${options[@]}" "${cmake_options[@]}" >/dev/null
fi
run cmake --build build -j"$(nproc)" "${target[@]}"
