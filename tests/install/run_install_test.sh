#!/usr/bin/env bash
# Installs the build into a scratch prefix, then builds the C example against
# the installed package twice: with find_package(sgmc) and with pkg-config.
set -euo pipefail
build_dir=$1
source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build_dir" --prefix "$work/prefix" > /dev/null
libdir=$(dirname "$(find "$work/prefix" -name 'libsgmc.so' | head -n 1)")

echo "== find_package(sgmc)"
cmake -S "$source_dir/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" > /dev/null
cmake --build "$work/consumer" > /dev/null
"$work/consumer/example"

echo "== pkg-config + cc"
export PKG_CONFIG_PATH="$libdir/pkgconfig"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -pedantic -Werror "$source_dir/consumer/example.c" -o "$work/example-pc" \
  $(pkg-config --cflags --libs sgmc) -Wl,-rpath,"$libdir"
"$work/example-pc"
