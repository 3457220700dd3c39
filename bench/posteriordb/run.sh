#!/usr/bin/env bash
# Every sampler on posteriordb's nine posteriors, without and with the dense
# preconditioner; writes results.csv next to this script and prints the
# table of README.md.
# Usage: bench/posteriordb/run.sh [steps per chain = 200000]
#   (needs build/bench/posteriordb/bench_posteriordb and ../shared/posteriordb
#   beside the checkout; about 12 minutes on 2 cores)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${BENCH:-build/bench/posteriordb/bench_posteriordb}
"$bench" --steps "${1:-200000}" --csv "$here/results.csv"
