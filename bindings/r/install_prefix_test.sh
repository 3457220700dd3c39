#!/usr/bin/env bash
# CTest r_install_prefix: the R package installs as R packages over system
# libraries do. Without a libsgmc configure stops with its message; then
# libsgmc goes into a fresh prefix (cmake --install: nothing
# is rebuilt), the source tarball into a fresh R library with only that
# prefix's sgmc.pc in PKG_CONFIG_PATH; the installed sgmc.so must load
# libsgmc from the prefix, never from the build tree, and the testthat
# suite must pass from that library.
# Usage: R=... RSCRIPT=... install_prefix_test.sh BUILD_DIR TARBALL RUN_TESTS_R TESTS_DIR
# (R CMD INSTALL runs with $SGMC_R_INSTALL_ENV, the tests with $SGMC_R_ENV:
# the sanitizer runtime in sanitizer builds.)
set -euo pipefail
build=$1
tarball=$2
run_tests=$3
tests=$4
work=$(cd "$(mktemp -d)" && pwd -P)
trap 'rm -rf "$work"' EXIT

echo "== without libsgmc, configure stops and says what to install or set"
mkdir "$work/nowhere"
# shellcheck disable=SC2086
if env -u LD_LIBRARY_PATH ${SGMC_R_INSTALL_ENV:-} PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR="$work/nowhere" \
  "$R" CMD INSTALL --no-multiarch -l "$work/nowhere" "$tarball" > "$work/nowhere.log" 2>&1 ||
  ! grep -q "configure: error: pkg-config does not know the module 'sgmc'" "$work/nowhere.log" ||
  ! grep -q "SGMC_CFLAGS=-IPREFIX/include" "$work/nowhere.log"; then
  cat "$work/nowhere.log"
  echo "FAIL: no configure error naming pkg-config's module and SGMC_CFLAGS/SGMC_LIBS"
  exit 1
fi

cmake --install "$build" --prefix "$work/prefix" > /dev/null
pc=$(find "$work/prefix" -name sgmc.pc)
mkdir "$work/library"
echo "== R CMD INSTALL with PKG_CONFIG_PATH=$(dirname "$pc")"
# shellcheck disable=SC2086 # lists of VAR=value words
env -u LD_LIBRARY_PATH ${SGMC_R_INSTALL_ENV:-} PKG_CONFIG_PATH="$(dirname "$pc")" \
  "$R" CMD INSTALL --no-multiarch -l "$work/library" "$tarball"

so=$work/library/sgmc/libs/sgmc.so
loaded=$(env -u LD_LIBRARY_PATH ldd "$so" | awk '$1 ~ /^libsgmc\.so/ { print $3 }')
echo "== sgmc.so loads libsgmc from $loaded"
case "$loaded" in
  "$work/prefix"/*) ;;
  *) echo "FAIL: not from the prefix $work/prefix"; exit 1 ;;
esac
if readelf -d "$so" | grep -F "$(cd "$build" && pwd -P)"; then
  echo "FAIL: sgmc.so refers to the build tree"
  exit 1
fi

echo "== testthat from $work/library"
# shellcheck disable=SC2086
env -u LD_LIBRARY_PATH ${SGMC_R_ENV:-} R_LIBS="$work/library" R_LIBS_USER=NULL OMP_NUM_THREADS=1 \
  "$RSCRIPT" "$run_tests" "$tests"
