#!/usr/bin/env bash
# Packs the CLI built here with the Debian runtime it was linked against (glibc,
# libm, libstdc++, MPFR, GMP, TBB, fmt, xxhash) into DIR, so that it runs
# unchanged on a machine without those packages (the GPU machine's CPU cores),
# with this machine's libm: `DIR/run bitexact ARGS...`. Also copies xxhash.h
# for the device programs (tools/scripts/device/run_nv_native.sh: XXHASH_INC=DIR/include).
set -euo pipefail
# usage: tools/scripts/device_carry.sh DIR [BINARY [NAME]]: BINARY (default the
# CLI) becomes DIR/NAME (default bitexact); run again with another BINARY and
# NAME to carry several programs in one DIR.
dir=${1:?usage: tools/scripts/device_carry.sh DIR [BINARY [NAME]]}
bin=${2:-build/tools/bitexact}
name=${3:-bitexact}
mkdir -p "$dir/lib" "$dir/include"
cp "$bin" "$dir/$name"
ldd "$bin" | awk '/=>/ {print $3} /ld-linux/ {print $1}' | while read -r lib; do cp -L "$lib" "$dir/lib/"; done
cp /usr/include/xxhash.h "$dir/include/"
cat >"$dir/run" <<'RUN'
#!/usr/bin/env bash
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/lib/ld-linux-x86-64.so.2" --library-path "$here/lib" "$here/$1" "${@:2}"
RUN
chmod +x "$dir/run"

# BITEXACT_CARRY_MPI=1: also Debian's Open MPI launcher, for machines without
# one (`DIR/mpirun -n K DIR/run bitexact sweep ...`). Its files keep their
# /usr layout under DIR/mpi and OPAL_PREFIX points there (Open MPI's own
# relocation); PMIx finds its plugins through PMIX_INSTALL_PREFIX. The
# plugins' libraries come along; plugins whose libraries are missing (UCX,
# libfabric, ...) are skipped by Open MPI, which is fine on one host.
if [[ -n ${BITEXACT_CARRY_MPI:-} ]]; then
  m=$dir/mpi/usr
  mkdir -p "$m/bin" "$m/lib/x86_64-linux-gnu" "$m/share"
  cp -L /usr/bin/orterun "$m/bin/"
  cp -a /usr/lib/x86_64-linux-gnu/openmpi "$m/lib/x86_64-linux-gnu/"
  cp -rL /usr/lib/x86_64-linux-gnu/pmix2 "$m/lib/x86_64-linux-gnu/"  # its share/ is a link out of the tree
  rm -rf "$m/lib/x86_64-linux-gnu/openmpi/include" "$m"/lib/x86_64-linux-gnu/*/lib/*.a
  cp -a /usr/share/openmpi "$m/share/"
  for f in "$m/bin/orterun" "$m"/lib/x86_64-linux-gnu/openmpi/lib/openmpi3/*.so "$m"/lib/x86_64-linux-gnu/pmix2/lib/pmix/*.so; do
    ldd "$f" 2>/dev/null | awk '/=> \// {print $3}'
  done | sort -u | while read -r lib; do [[ -e $dir/lib/$(basename "$lib") ]] || cp -L "$lib" "$dir/lib/"; done
  cat >"$dir/mpirun" <<'RUN'
#!/usr/bin/env bash
here=$(cd "$(dirname "$0")" && pwd)
export OPAL_PREFIX=$here/mpi/usr PMIX_INSTALL_PREFIX=$here/mpi/usr/lib/x86_64-linux-gnu/pmix2
exec "$here/lib/ld-linux-x86-64.so.2" --library-path "$here/lib:$here/mpi/usr/lib/x86_64-linux-gnu/openmpi/lib" \
  "$here/mpi/usr/bin/orterun" --allow-run-as-root "$@"
RUN
  chmod +x "$dir/mpirun"
fi
