#!/usr/bin/env bash
# Every sampler on posteriordb's nine posteriors, without and with the dense
# preconditioner (results.csv), then the zero-knob row block of issue #31
# (zero_knobs.csv: x0 = 0, nothing set but the sampler, 200,000 iterations
# per chain); prints the tables of README.md.
# Usage: bench/posteriordb/run.sh [steps per chain of the first table = 200000]
#   (needs build/bench/posteriordb/bench_posteriordb and ../shared/posteriordb
#   beside the checkout; about 11 + 4 minutes on 2 cores)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${BENCH:-build/bench/posteriordb/bench_posteriordb}
"$bench" --steps "${1:-200000}" --csv "$here/results.csv"
"$bench" --zero-knobs --csv "$here/zero_knobs.csv"
