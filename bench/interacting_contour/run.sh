#!/usr/bin/env bash
# SPEC §9 experiments 3 and 4 and the thread/MPI scaling of the interacting
# contour samplers; writes the CSV files and interacting_contour.png next to
# this script and prints the numbers.
# Usage: bench/interacting_contour/run.sh [exp3 repeats = 20] [exp4 K = 1e5] [exp4 seeds = 10]
#   (needs build/bench/interacting_contour/bench_interacting_contour, and for
#   the MPI part bench_mpi_exchange, mpirun and python3-matplotlib)
# The paper's experiment 4 length is K = 1e6: run.sh 20 1e6 10 (about 25 minutes).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${BUILD:-build}/bench/interacting_contour
"$build/bench_interacting_contour" exp3 "${1:-20}" "$here"
"$build/bench_interacting_contour" exp4 "${2:-1e5}" "${3:-10}" "$here"
"$build/bench_interacting_contour" threads "$here"
if [ -x "$build/bench_mpi_exchange" ]; then
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    mpirun -np 2 --oversubscribe "$build/bench_mpi_exchange" "$here"
fi
/usr/bin/python3 "$here/plot.py" "$here"
