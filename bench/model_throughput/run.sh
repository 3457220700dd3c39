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
paste <(echo "$sgmc") <(echo "$torch" | cut -f2-) | awk -F'\t' '
  NR == 1 { printf "%-28s %10s %11s %11s %11s %11s\n", "case", "sgmc f64", "torch f32", "torch f64", "f32 / sgmc", "f64 / sgmc"; next }
  { printf "%-28s %10.1f %11.1f %11.1f %11.2f %11.2f\n", $1, $2, $3, $4, $3 / $2, $4 / $2 }'
