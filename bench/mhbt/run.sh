#!/usr/bin/env bash
# Runs the three MHBT experiments (SPEC §9, 6-8), prints their wall times,
# then plots and summarises them. Builds nothing.
# Usage: bench/mhbt/run.sh [build dir (default build)] [output dir (default bench/mhbt/results)]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
out=${2:-$here/results}
mkdir -p "$out"
for experiment in gaussian_mean mixture acceptance; do
  start=$(date +%s.%N)
  if [ "$experiment" = mixture ]; then  # three CSV files
    "$build/bench/mhbt/bench_mhbt_mixture" --out-dir "$out"
  else
    "$build/bench/mhbt/bench_mhbt_$experiment" > "$out/$experiment.csv"
  fi
  printf '%s: %.0f s wall\n' "$experiment" "$(echo "$(date +%s.%N) - $start" | bc)"
done
/usr/bin/python3 "$here/plot.py" "$out"
