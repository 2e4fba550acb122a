#!/usr/bin/env bash
# Downloads (apt-get download, no install) the Debian packages that a GPU
# machine without a package registry lacks for `setup-gpu.sh --debs DIR`
# (README, "On a GPU machine"): the libraries of the CLI that its image does
# not have (MPFR, GMP, TBB, xxhash, Highway's headers), their run-time libraries, and pkg-config.
# Run on Debian 12, whose libraries of this list ask for glibc 2.34 at most
# (objdump -T), so that they load on Ubuntu 22.04 (2.35) and 24.04 (2.39).
# More package names may follow DIR.
set -euo pipefail
me=${0##*/}
case "${1:-}" in
  "" | -*) echo "usage: tools/scripts/$me DIR [PACKAGE...]" >&2; exit 2 ;;
esac
dir=$1; shift
packages=(
  libmpfr-dev libmpfr6 libgmp-dev libgmp10 libgmpxx4ldbl  # truth (libgmp-dev's gmpxx.h needs libgmpxx)
  libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5 libhwloc15  # threads: TBB's CMake files name every library
  libxxhash-dev libxxhash0                                # digests
  libhwy-dev                                              # SIMD kernels (headers only)
  pkg-config pkgconf pkgconf-bin libpkgconf3              # CMake finds MPFR, GMP, xxhash through it
  "$@"
)
mkdir -p "$dir"
cd "$dir"
# As root apt downloads in the caller's folder, which its sandbox user may not
# write: it says so and downloads unsandboxed, which is fine here.
if ! apt-get download -qq "${packages[@]}" 2>/dev/null; then
  apt-get update -qq
  apt-get download -qq "${packages[@]}" 2>/dev/null
fi
for f in *.deb; do dpkg-deb -W --showformat='${Package} ${Version}\n' "$f"; done
