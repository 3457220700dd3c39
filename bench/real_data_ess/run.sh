#!/usr/bin/env bash
# Runs SPEC §9 experiment 9 and prints the table of the tuned runs.
# Builds nothing.
# Usage: bench/real_data_ess/run.sh [path/to/bench_real_data_ess] [extra options]
#   (default build/bench/real_data_ess/bench_real_data_ess). Writes
#   bench/real_data_ess/results.csv (every pilot grid point and the final runs).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${1:-build/bench/real_data_ess/bench_real_data_ess}
shift || true
start=$(date +%s)
"$bench" --out "$here/results.csv" "$@"
echo "wall time: $(( $(date +%s) - start )) s"
echo "| data | sampler | eps | draws/chain | median ESS (min-max over chains) | s/chain | ESS/s | mean err/sd | sd ratio |"
echo "|---|---|---|---|---|---|---|---|---|"
awk -F, '$4 == "final" || $4 == "reference" {
  printf "| %s | %s | %s | %s | %.0f (%.0f-%.0f) | %.3f | %.0f | %.3f | %.3f |\n",
    $1, $2, $3, $5, $6, $7, $8, $9, $10, $11, $12 }' "$here/results.csv"
