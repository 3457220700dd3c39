#!/usr/bin/env bash
# The verdict's calibration (issue #32): every run of the corpus, one line
# each, then the tables of README.md; writes runs.csv next to this script.
# Usage: bench/verdict_calibration/run.sh [posteriordb steps per chain = 50000]
#   [mixture steps per chain = 1000000] [seeds per configuration = 6]
#   (needs build/bench/verdict_calibration/bench_verdict_calibration and
#   ../shared/posteriordb beside the checkout; on 2 cores the corpus took
#   about 2 hours one run at a time and 45 min as two processes of three
#   seeds each, and the binary now runs its runs side by side)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${BENCH:-build/bench/verdict_calibration/bench_verdict_calibration}
"$bench" --posterior-steps "${1:-50000}" --mixture-steps "${2:-1000000}" --seeds "${3:-6}" --csv "$here/runs.csv"
