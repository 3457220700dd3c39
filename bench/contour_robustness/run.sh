#!/usr/bin/env bash
# The contour samplers' automatic partition and verdict on asymmetric
# mixtures (started in a minor mode) and posteriordb's low_dim_gauss_mix,
# with SGLD and reSGLD beside them; writes runs.csv next to this script and
# prints the table of README.md.
# Usage: bench/contour_robustness/run.sh [steps per chain = 1e6] [seeds = 10]
#   (needs build/bench/contour_robustness/bench_contour_robustness; about
#   35 minutes on 2 cores at the defaults)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${BENCH:-build/bench/contour_robustness/bench_contour_robustness}
"$bench" --steps "${1:-1000000}" --seeds "${2:-10}" --csv "$here/runs.csv"
