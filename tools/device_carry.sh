#!/usr/bin/env bash
# Packs the CLI built here with the Debian runtime it was linked against (glibc,
# libm, libstdc++, MPFR, GMP, TBB, fmt, xxhash) into DIR, so that it runs
# unchanged on a machine without those packages (the GPU machine's CPU cores),
# with this machine's libm: `DIR/run bitexact ARGS...`. Also copies xxhash.h
# for the device programs (device/run_nv_native.sh: XXHASH_INC=DIR/include).
set -euo pipefail
dir=${1:?usage: tools/device_carry.sh DIR}
bin=${2:-build/tools/bitexact}
mkdir -p "$dir/lib" "$dir/include"
cp "$bin" "$dir/bitexact"
ldd "$bin" | awk '/=>/ {print $3} /ld-linux/ {print $1}' | while read -r lib; do cp -L "$lib" "$dir/lib/"; done
cp /usr/include/xxhash.h "$dir/include/"
cat >"$dir/run" <<'RUN'
#!/usr/bin/env bash
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/lib/ld-linux-x86-64.so.2" --library-path "$here/lib" "$here/$1" "${@:2}"
RUN
chmod +x "$dir/run"
