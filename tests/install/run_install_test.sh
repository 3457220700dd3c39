#!/usr/bin/env bash
# Installs the build into a scratch prefix, then builds the C example against
# the installed package twice: with find_package(sgmc) and with pkg-config.
set -euo pipefail
build_dir=$1
source_dir=$2
isa_levels=${3:-}     # SGMC_ISA_LEVELS, ;-separated: each must have its copies
loaded_level=${4:-}   # the level whose copy the loader picks here
# A sanitizer build's libsgmc needs its consumers built with the same
# compiler and -fsanitize flags (tests/install/CMakeLists.txt sets these).
consumer_cc=${SGMC_CONSUMER_CC:-cc}
consumer_cflags=${SGMC_CONSUMER_CFLAGS:-}
consumer_ldflags=${SGMC_CONSUMER_LDFLAGS:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build_dir" --prefix "$work/prefix" > /dev/null
# the directory of sgmc.pc's pkgconfig/: libsgmc.so alone also matches its glibc-hwcaps copies
libdir=$(dirname "$(dirname "$(find "$work/prefix" -name sgmc.pc -print -quit)")")

echo "== find_package(sgmc)"
consumer_cmake=(-DCMAKE_PREFIX_PATH="$work/prefix")
[ -z "${SGMC_CONSUMER_CC:-}" ] || consumer_cmake+=(-DCMAKE_C_COMPILER="$consumer_cc")
[ -z "$consumer_cflags" ] ||
  consumer_cmake+=(-DCMAKE_C_FLAGS="$consumer_cflags" -DCMAKE_EXE_LINKER_FLAGS="$consumer_ldflags")
cmake -S "$source_dir/consumer" -B "$work/consumer" "${consumer_cmake[@]}" > /dev/null
cmake --build "$work/consumer" > /dev/null
"$work/consumer/example"

echo "== pkg-config + cc"
export PKG_CONFIG_PATH="$libdir/pkgconfig"
# shellcheck disable=SC2046,SC2086
"$consumer_cc" -std=c99 -Wall -Wextra -pedantic -Werror $consumer_cflags "$source_dir/consumer/example.c" \
  -o "$work/example-pc" $consumer_ldflags $(pkg-config --cflags --libs sgmc) -Wl,-rpath,"$libdir"
"$work/example-pc"

echo "== copies per instruction-set level, and the program from the moved tree"
IFS=';' read -r -a levels <<< "$isa_levels"
for level in "${levels[@]}"; do
  [ -z "$level" ] && continue
  copy="$libdir/glibc-hwcaps/$level/libsgmc.so.0"
  [ -f "$copy" ] || { echo "missing: $copy" >&2; exit 1; }
done
if [ -x "$work/prefix/bin/sgmc" ]; then
  mv "$work/prefix" "$work/moved"
  version=$("$work/moved/bin/sgmc" --version)
  echo "$version"
  [ -z "$loaded_level" ] || [[ "$version" == *"($loaded_level)"* ]] ||
    { echo "expected the $loaded_level copy: $version" >&2; exit 1; }
fi
