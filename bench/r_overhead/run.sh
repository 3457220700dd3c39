#!/usr/bin/env bash
# Times an R model's ask/tell loop against a built-in model, side by side,
# with the library's own ask/tell cost measured from C.
# Usage: bench/r_overhead/run.sh [n_steps = 1e5] [repeats = 5]
#   (run from the source tree after
#    cmake --build build --target sgmc sgmc_r_package; BUILD names another
#    build directory, CC another C compiler)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${BUILD:-build}
export R_LIBS=${R_LIBS:-$build/bindings/r/library}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"${CC:-cc}" -O2 -I"$here/../../capi/include" "$here/ask_tell.c" -L"$build/capi" -lsgmc \
  -Wl,-rpath,"$(cd "$build/capi" && pwd)" -o "$tmp/ask_tell"
Rscript "$here/bench.R" "${1:-1e5}" "${2:-5}"
"$tmp/ask_tell" "${1:-1e5}" "${2:-5}"
