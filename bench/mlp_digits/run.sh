#!/usr/bin/env bash
# Runs SPEC §9 experiment 10 and draws its picture. Builds nothing.
# Usage: bench/mlp_digits/run.sh [path/to/bench_mlp_digits] [extra options]
#   (default build/bench/mlp_digits/bench_mlp_digits). Writes
#   bench/mlp_digits/results.csv and test_error.png, prints the table.
#   Needs Debian's python3-matplotlib (PYTHON overrides /usr/bin/python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${1:-build/bench/mlp_digits/bench_mlp_digits}
shift || true
python=${PYTHON:-/usr/bin/python3}
start=$(date +%s)
"$bench" --out "$here/results.csv" "$@"
echo "wall time: $(( $(date +%s) - start )) s"
"$python" "$here/plot.py" "$here/results.csv" "$here/test_error.png"
