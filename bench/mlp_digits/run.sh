#!/usr/bin/env bash
# Runs SPEC §9 experiment 10 and the anatomy of RSGLD's acceptance ratio,
# draws the pictures. Builds nothing.
# Usage: bench/mlp_digits/run.sh [build dir (default build)] [extra options of bench_mlp_digits]
#   Writes bench/mlp_digits/results.csv, beta_path.csv, anatomy.md,
#   test_error.png and beta_path.png, prints the tables.
#   Needs Debian's python3-matplotlib (PYTHON overrides /usr/bin/python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
shift || true
python=${PYTHON:-/usr/bin/python3}
start=$(date +%s)
"$build/bench/mlp_digits/bench_mlp_digits" --out "$here/results.csv" --beta-out "$here/beta_path.csv" "$@"
echo "experiment 10: $(( $(date +%s) - start )) s wall"
"$build/bench/mlp_digits/bench_rsgld_anatomy" --out "$here/anatomy.md" --rates 0.01 0.1 1 10 100
cat "$here/anatomy.md"
"$python" "$here/plot.py" "$here/results.csv" "$here/test_error.png" "$here/beta_path.csv" "$here/beta_path.png"
