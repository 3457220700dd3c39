#!/usr/bin/env bash
# Runs the sgmc and PyTorch model steps side by side and prints one table
# with the ratios. Builds nothing.
# Usage: bench/model_throughput/run.sh [path/to/bench_model_throughput]
#   (default build/bench/model_throughput/bench_model_throughput). Needs
#   Debian's python3-torch; PYTHON overrides the interpreter (default
#   /usr/bin/python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${1:-build/bench/model_throughput/bench_model_throughput}
python=${PYTHON:-/usr/bin/python3}

sgmc=$("$bench")
torch=$("$python" "$here/torch_model_throughput.py")
echo "One mini-batch gradient + SGLD step, one thread: microseconds per step; ratio = PyTorch time / sgmc time"
echo "(sgmc f64 / f32: the regressions' features stored as double / as float32, draws double either way)"
paste <(echo "$sgmc") <(echo "$torch" | cut -f2-) | awk -F'\t' '
  NR == 1 { printf "%-28s %9s %9s %10s %10s %10s %10s %10s\n", "case", "sgmc f64", "sgmc f32", "torch f32",
            "torch f64", "f32/sgmc64", "f32/sgmc32", "f64/sgmc64"; next }
  { f32 = $3 == "-" ? "-" : sprintf("%.1f", $3); r32 = $3 == "-" ? "-" : sprintf("%.2f", $4 / $3)
    printf "%-28s %9.1f %9s %10.1f %10.1f %10.2f %10s %10.2f\n", $1, $2, f32, $4, $5, $4 / $2, r32, $5 / $2 }'
