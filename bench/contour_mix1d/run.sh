#!/usr/bin/env bash
# SPEC §9 experiment 1 at full length; writes theta.csv, curves.csv and
# contour_mix1d.png next to this script and prints the numbers.
# Usage: bench/contour_mix1d/run.sh [n_steps = 1e7] [n_chains = 10]
#   (needs build/bench/contour_mix1d/bench_contour_mix1d and python3-matplotlib)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${BENCH:-build/bench/contour_mix1d/bench_contour_mix1d}
"$bench" "${1:-1e7}" "${2:-10}" "$here"
/usr/bin/python3 "$here/plot.py" "$here"
