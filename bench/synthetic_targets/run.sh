#!/usr/bin/env bash
# Times the built-in synthetic targets against their scalar code before
# issue #21 (the baseline, scalar_targets.hpp), side by side in one run, and
# prints one table with the ratios. Builds nothing.
# Usage: bench/synthetic_targets/run.sh [path/to/bench_synthetic_targets] [options]
#   (default build/bench/synthetic_targets/bench_synthetic_targets; options
#   go to the program: --min-time, --repeats, --targets).
set -euo pipefail
bench=${1:-build/bench/synthetic_targets/bench_synthetic_targets}
shift || true

echo "Synthetic targets, one thread: ns per evaluation (per step for cSGLD); ratio = baseline time / engine time"
"$bench" "$@" | awk -F'\t' '
  NR == 1 { printf "%-28s %12s %10s %8s %14s\n", "case", "baseline ns", "engine ns", "ratio", "max dU/scale"; next }
  { printf "%-28s %12.1f %10.1f %8.2f %14s\n", $1, $2, $3, $4, ($1 ~ /cSGLD/ ? "-" : $5) }'
